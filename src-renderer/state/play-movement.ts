import { createMemo, createSignal, type Accessor } from 'solid-js';
import { RULESETS, type MovementMode } from '../../src-shared/model';
import { flightProvokes, ledgeOnPath, moveRequest, turnOptions, type LogEntry, type Square } from '../../src-shared/play';
import {
  MoveRefused,
  checkFlightPath,
  checkPath,
  flightAlongSquares,
  flightProfile,
  planFlightPath,
  planPath,
  reachableSquares,
  type Cube,
  type FlightPathAnswer,
  type FlightProfilePoint,
  type MoveAction,
  type MoveRequest,
  type PathAnswer,
  type Reach,
  type ReachSquare,
} from '../../src-shared/rules';
import type { PlaySessionState } from './play-session';

/** A reach band: how far the current creature gets with each of the turn's movements. */
export interface ReachBand {
  action: MoveAction;
  label: string;
  reach: Reach;
}

/** One square of the banded reach overlay: the smallest band that ends there (or passes). */
export interface BandSquare extends ReachSquare {
  /** Which of the turn's movements (0 = the first band) reaches it. */
  moveBand: number;
}

/**
 * The move the GM is drawing: the hovered plan, or a refusal in words. `stalls`: a flight that breaks
 * only the d20 3.0 minimum forward speed — Play carries it out and the flyer stalls
 * (d20-phb-30.txt › Minimum Forward Speed), so Enter commits it.
 */
export type MovePlan = { answer: PathAnswer; flight: boolean; stalls?: boolean; provokedBy: { creature: string; name: string; at: Square }[]; target: Square } | null;

/**
 * Movement in Play mode: the current creature's movement (action and mode), its reach in bands, the
 * path the GM is drawing (waypoints to the hover, or a path drawn square by square) and the move
 * committed from it; and the overland travel dialog.
 */
export function createPlayMovement(play: PlaySessionState, hover: Accessor<Square | null>) {
  const { playing, state, viewAt, playTool, currentCreature, board, setRefusal } = play;
  const [moveAction, setMoveAction] = createSignal<MoveAction>('move');
  const [moveMode, setMoveMode] = createSignal<MovementMode | null>(null);
  const [waypoints, setWaypoints] = createSignal<Square[]>([]);
  /** A path drawn square by square (a drag): checked as drawn, not planned. */
  const [drawn, setDrawn] = createSignal<Square[] | null>(null);
  const [showBands, setShowBands] = createSignal(true);
  const [travelOpen, setTravelOpen] = createSignal(false);
  /** The height the GM gave the next waypoint of a flight (PageUp / PageDown, the field), or null: as the last one. */
  const [chosenAltitude, setChosenAltitude] = createSignal<number | null>(null);

  /** A new creature's turn: its movement starts as a plain move on foot. */
  function newTurn(): void {
    setMoveAction('move');
    setMoveMode(null);
  }

  function clearDrawing(): void {
    setWaypoints([]);
    setDrawn(null);
    setChosenAltitude(null);
  }

  const flying = () => moveMode() === 'fly';
  /** One step of altitude: a square's side, as a flyer rises one cube at a time (epic-path.txt › Three Dimensional Movement). */
  const altitudeStep = () => RULESETS[board()?.ruleset ?? 'epic-path'].squareSize;
  /**
   * The altitude of the next waypoint of a flight (and of the hovered square): what the GM chose, else
   * the last waypoint's, else where the flyer is now. Above the ground there, as a path's `z` is.
   */
  const nextAltitude = (): number => chosenAltitude() ?? waypoints().at(-1)?.z ?? currentCreature()?.altitude ?? 0;
  /** Sets the next waypoint's altitude (never under the ground); false, changing nothing, when it is not a length. */
  function setNextAltitude(z: number): boolean {
    if (!Number.isFinite(z) || z < 0) return false;
    setChosenAltitude(Math.round(z * 1000) / 1000);
    return true;
  }
  /** PageUp / PageDown: the next waypoint a step higher or lower. */
  function raiseAltitude(steps: number): void {
    setNextAltitude(Math.max(0, nextAltitude() + steps * altitudeStep()));
  }

  /** The turn's movement options (the model's), for the panel. */
  const options = createMemo(() => (state() && viewAt() === null ? turnOptions(state()!) : []));
  const canFly = () => (currentCreature()?.speed.fly ?? 0) > 0;

  function requestFor(action: MoveAction) {
    const s = state()!;
    const mode = moveMode();
    return moveRequest(s, action, mode ? { mode } : {});
  }

  /**
   * The current creature's reach, in bands: the chosen action first, then the turn's bigger moves
   * (move / double / run) the turn still allows. Only while the board shown is the board now.
   */
  const bands = createMemo<{ bands: ReachBand[]; refused: string | null }>(() => {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null || playTool() !== 'play-move') return { bands: [], refused: null };
    const allowed = new Map(options().map((o) => [o.action, o]));
    const chosen = moveAction();
    // The chosen movement, and the turn's move / double move / run beside it (nested bands).
    const wanted: MoveAction[] = [...new Set<MoveAction>([chosen, ...(showBands() ? (['move', 'double', 'run'] as MoveAction[]) : [])])];
    const out: ReachBand[] = [];
    let refused: string | null = null;
    for (const action of wanted) {
      const o = allowed.get(action);
      if (!o) continue;
      if (!o.allowed) {
        if (action === chosen) refused = o.why;
        continue;
      }
      try {
        out.push({ action, label: o.label, reach: reachableSquares(s.board, c.id, requestFor(action)) });
      } catch (e) {
        if (action === chosen) refused = (e as Error).message;
      }
    }
    out.sort((p, q) => p.reach.budget - q.reach.budget);
    return { bands: out, refused };
  });

  /**
   * One entry per square: the first band that reaches it (ending allowed beats passing). The chance
   * (dice movement) is the chosen action's, so the shading says how likely the move the GM is about
   * to make gets there.
   */
  const bandSquares = createMemo<BandSquare[]>(() => {
    const b = bands().bands;
    const W = board()?.map.width ?? 0;
    const byXY = new Map<number, BandSquare>();
    // A flyer's reach is a set of cubes: the bands show the ones at the height of the next waypoint.
    const level = flying() ? Math.round(nextAltitude() / altitudeStep()) : null;
    const atLevel = (q: ReachSquare) => level === null || q.z === undefined || Math.round(q.z / altitudeStep()) === level;
    b.forEach((band, k) => {
      for (const q of band.reach.squares) {
        if (!atLevel(q)) continue;
        const key = q.y * W + q.x;
        const known = byXY.get(key);
        if (!known || (q.end && !known.end) || (q.end === known.end && k === known.moveBand && q.cost < known.cost)) byXY.set(key, { ...q, moveBand: k });
      }
    });
    const chosen = b.find((band) => band.action === moveAction());
    const chance = new Map<number, number>();
    for (const q of chosen?.reach.squares ?? []) if (q.p !== undefined && q.end && atLevel(q)) chance.set(q.y * W + q.x, Math.max(chance.get(q.y * W + q.x) ?? 0, q.p));
    return [...byXY.entries()].map(([key, q]) => {
      const { p: _drop, ...rest } = q;
      const p = chance.get(key);
      return p === undefined ? rest : { ...rest, p };
    });
  });

  /** The cheapest path through `via` to `target` for the current creature (flight: to the reach's cube). */
  function planTo(target: Square, via: Square[]): MovePlan {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null) return null;
    const action = moveAction();
    const opt = options().find((o) => o.action === action);
    if (!opt || !opt.allowed) return null;
    // Pointing at the mover is no move, except a flyer's straight climb or dive to the height chosen.
    if (target.x === c.x && target.y === c.y && via.length === 0 && !(flying() && nextAltitude() !== c.altitude)) return null;
    const request = requestFor(action);
    const name = (id: string) => s.board.creatures.find((k) => k.id === id)?.name ?? id;
    const provoked = (a: PathAnswer) => a.provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } }));
    try {
      if (flying()) {
        // Through the waypoints at their heights to the hovered square at the next waypoint's height.
        const cubes = via.map((q) => ({ x: q.x, y: q.y, z: q.z ?? c.altitude }));
        return flightPlan(planFlightPath(s.board, c.id, { x: target.x, y: target.y, z: nextAltitude() }, request, cubes), target, request);
      }
      const answer = planPath(s.board, c.id, target, request, via);
      return { answer, flight: false, provokedBy: provoked(answer), target };
    } catch (e) {
      if (e instanceof MoveRefused) return { answer: { legal: false, reason: e.message, breaksAt: 0, total: 0, unit: 'ft', steps: [], provokes: [], stopsAt: null }, flight: false, provokedBy: [], target };
      return null;
    }
  }

  /**
   * A flight's answer as the panel and the overlay show a path (the heights in its steps), with the
   * attacks of opportunity the model will list when it is flown (the engine's flight answer has none).
   */
  function flightPlan(flight: FlightPathAnswer, target: Square, request: MoveRequest): MovePlan {
    const s = state()!;
    const provokes = flightProvokes(s, s.current!, request, flight.steps);
    const name = (id: string) => s.board.creatures.find((k) => k.id === id)?.name ?? id;
    const answer: PathAnswer = { legal: flight.legal, reason: flight.reason, breaksAt: flight.breaksAt, total: flight.total, unit: bands().bands[0]?.reach.unit ?? 'ft', steps: flight.steps, provokes, stopsAt: null };
    return { answer, flight: true, ...(flight.stalls ? { stalls: true } : {}), provokedBy: provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } })), target };
  }

  /** The path the GM is drawing now: the drag's squares as drawn, or the planned path through the waypoints to the hover. */
  const plan = createMemo<MovePlan>(() => {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null || playTool() !== 'play-move') return null;
    const d = drawn();
    if (d && d.length) {
      const opt = options().find((o) => o.action === moveAction());
      if (!opt || !opt.allowed) return null;
      const name = (id: string) => s.board.creatures.find((k) => k.id === id)?.name ?? id;
      try {
        const request = requestFor(moveAction());
        if (flying()) {
          // Drawn in the air: each square at the height wanted while it was drawn, a level a step.
          const cubes = flightAlongSquares(s.board, c.id, d.map((q) => ({ x: q.x, y: q.y, z: q.z ?? nextAltitude() })));
          return flightPlan(checkFlightPath(s.board, c.id, cubes, request), d[d.length - 1]!, request);
        }
        const answer = checkPath(s.board, c.id, d, request);
        // The engine's check does not say a drawn path ends in a fall; the model's own test does
        // (the same one `perform` uses), so a drag shows the fall the hover shows.
        const ledge = ledgeOnPath(s.board, c, d, request);
        if (ledge && ledge.index === d.length - 1) answer.fall = ledge.height;
        return { answer, flight: false, provokedBy: answer.provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } })), target: d[d.length - 1]! };
      } catch (e) {
        return { answer: { legal: false, reason: (e as Error).message, breaksAt: 0, total: 0, unit: 'ft', steps: [], provokes: [], stopsAt: null }, flight: false, provokedBy: [], target: d[d.length - 1]! };
      }
    }
    const via = waypoints();
    const target = hover() ?? via[via.length - 1];
    if (!target) return null;
    // Pointing at the last waypoint (or off the map) plans to it through the ones before.
    const last = via[via.length - 1];
    return planTo(target, last && last.x === target.x && last.y === target.y ? via.slice(0, -1) : via);
  });

  /**
   * Commits the move the panel shows (`plan`): the drawn path, or the planned path through the
   * waypoints to the hover (to the last waypoint when the pointer is off the map). Refused (with where
   * and why) when it is not legal — Enter once charged to the waypoint while the panel said "Not allowed".
   */
  function commitMove(): LogEntry | null {
    const c = currentCreature();
    const p = plan();
    if (!c) return null;
    if (!p) {
      const why = options().find((o) => o.action === moveAction())?.why;
      const reason = why || 'Point at a square to move to (click adds a waypoint, double-click or Enter moves).';
      setRefusal({ reason, at: null });
      return null;
    }
    if ((!p.answer.legal && !p.stalls) || p.answer.steps.length === 0) {
      const at = p.answer.steps[Math.max(0, p.answer.breaksAt)] ?? null;
      const reason = `${c.name} cannot take that path: ${p.answer.reason || 'no squares to go to'}${at ? ` (at ${at.x},${at.y})` : ''}.`;
      setRefusal({ reason, at: at ? { x: at.x, y: at.y } : null });
      return null;
    }
    const path = p.answer.steps.map((st) => (p.flight ? { x: st.x, y: st.y, z: (st as unknown as Cube).z } : { x: st.x, y: st.y }));
    const mode = moveMode();
    return play.act({ kind: 'move', creature: c.id, action: moveAction(), path, ...(mode ? { mode } : {}) });
  }

  function addWaypoint(q: Square): void {
    setDrawn(null);
    setRefusal(null);
    // A flight's waypoint at the height chosen for it; the next one starts at the same height.
    const z = flying() ? nextAltitude() : undefined;
    setWaypoints((w) => [...w, z === undefined ? { x: q.x, y: q.y } : { x: q.x, y: q.y, z }]);
    setChosenAltitude(null);
  }

  /** The flight being drawn seen from the side: from where the flyer is, each step's height and the ground under it. */
  const sideView = createMemo<FlightProfilePoint[]>(() => {
    const p = plan();
    const s = state();
    const c = currentCreature();
    if (!p?.flight || !s || !c) return [];
    return flightProfile(s.board, c.id, p.answer.steps as unknown as Cube[]);
  });

  return {
    newTurn,
    clearDrawing,
    moveAction,
    setMoveAction,
    moveMode,
    setMoveMode,
    canFly,
    options,
    bands,
    bandSquares,
    showBands,
    setShowBands,
    plan,
    waypoints,
    addWaypoint,
    setWaypoints,
    drawn,
    setDrawn,
    commitMove,
    nextAltitude,
    setNextAltitude,
    raiseAltitude,
    altitudeStep,
    sideView,
    travelOpen,
    setTravelOpen,
  };
}
