import { createMemo, createSignal, type Accessor } from 'solid-js';
import type { Encounter } from '../../src-shared/model';
import { MoveRefused, planFlightPath, planPath, reachableSquares, type MoveRequest, type PathAnswer, type Reach, type ReachSquare } from '../../src-shared/rules';
import type { Square } from './selection';

/**
 * Movement shown on the map for the selected creature: the chosen action, where it can go (the
 * reach) and the cheapest path to the hovered square. Derived from the document, the selection and
 * the hover; nothing here edits the document.
 */
export function createMovement(doc: Accessor<Encounter | null>, selectedCreature: Accessor<string | null>, hover: Accessor<Square | null>) {
  /**
   * The action and mode chosen in the panel, and for which creature. A mode belongs to the creature
   * it was chosen for: selecting another creature (or opening another encounter) keeps the action
   * but goes back to the default mode, so a fly mode never sticks to a creature that cannot fly.
   */
  const [chosen, setChosen] = createSignal<{ creature: string | null; request: MoveRequest }>({ creature: null, request: { action: 'move' } });
  const moveRequest = (): MoveRequest => {
    const { creature, request } = chosen();
    const id = selectedCreature();
    if (request.mode === undefined || creature === id) return request;
    const { mode: _stale, ...rest } = request;
    return rest;
  };
  function setMoveRequest(request: MoveRequest): void {
    setChosen({ creature: selectedCreature(), request });
  }
  /** A new document: back to a plain move in the default mode. */
  function resetMoveRequest(): void {
    setChosen({ creature: null, request: { action: 'move' } });
  }

  /** Where the selected creature can go with the chosen action, or why it cannot. */
  const reach = createMemo<{ reach: Reach } | { refused: string } | null>(() => {
    const d = doc();
    const id = selectedCreature();
    if (!d || !id || !d.creatures.some((c) => c.id === id)) return null;
    try {
      return { reach: reachableSquares(d, id, moveRequest()) };
    } catch (e) {
      if (e instanceof MoveRefused || (e as Error).name === 'DiceError') return { refused: (e as Error).message };
      return { refused: `The movement could not be worked out: ${(e as Error).message}` };
    }
  });

  /**
   * The reach as the map shows it: one entry per square (flight answers one per height: the
   * cheapest place to end is kept). Worked out once per reach, not on every redraw.
   */
  const reachOnMap = createMemo<ReachSquare[]>(() => {
    const r = reach();
    if (!r || !('reach' in r)) return [];
    const byXY = new Map<number, ReachSquare>();
    const W = doc()?.map.width ?? 0;
    for (const q of r.reach.squares) {
      const key = q.y * W + q.x;
      const known = byXY.get(key);
      if (!known || (q.end && !known.end) || (q.end === known.end && q.cost < known.cost)) byXY.set(key, q);
    }
    return [...byXY.values()];
  });

  /** The cheapest path to the square under the cursor, while a creature's movement is shown. */
  const hoverPath = createMemo<PathAnswer | null>(() => {
    const r = reach();
    const q = hover();
    const d = doc();
    const id = selectedCreature();
    if (!r || !('reach' in r) || !q || !d || !id) return null;
    const creature = d.creatures.find((c) => c.id === id);
    if (!creature || (creature.x === q.x && creature.y === q.y)) return null;
    const onMap = reachOnMap().find((s) => s.x === q.x && s.y === q.y);
    if (!onMap) return null;
    try {
      if (onMap.z !== undefined) {
        // Flight: the cheapest flight to the cube the map shows for this square.
        const flight = planFlightPath(d, id, { x: q.x, y: q.y, z: onMap.z }, moveRequest());
        return { legal: flight.legal, reason: flight.reason, breaksAt: flight.breaksAt, total: flight.total, unit: r.reach.unit, steps: flight.steps, provokes: [], stopsAt: null };
      }
      return planPath(d, id, q, moveRequest());
    } catch {
      return null;
    }
  });

  return { moveRequest, setMoveRequest, resetMoveRequest, reach, reachOnMap, hoverPath };
}

export type Movement = ReturnType<typeof createMovement>;
