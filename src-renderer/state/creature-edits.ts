import type { Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import { isOnMap, makeCreature, RULESETS, type Encounter } from '../../src-shared/model';
import { footprintOf } from '../../src-shared/rules/sizes';
import type { Square } from './selection';

/**
 * Creature look-ups and edits shared by tools and panels. Each edit is one command, so one undo
 * step.
 */
export function createCreatureEdits(doc: Accessor<Encounter | null>, execute: (cmd: Command) => boolean, select: (id: string | null) => void) {
  /** Places a new creature with the ruleset's usual speed on a square, and selects it. */
  function placeCreature(q: Square): void {
    const d = doc();
    if (!d || !isOnMap(d.map, q.x, q.y)) return;
    const ids = new Set(d.creatures.map((c) => c.id));
    let n = d.creatures.length + 1;
    while (ids.has(`C${n}`)) n++;
    const speed = RULESETS[d.ruleset].speedUnit === 'squares' ? 6 : 30;
    const creature = makeCreature({ id: `C${n}`, name: `Creature ${n}`, speed: { walk: speed }, x: q.x, y: q.y });
    if (execute({ type: 'addCreature', creature })) select(creature.id);
  }

  /** Where a creature's top-left square would be if moved to `q`, kept on the map. */
  function clampedPosition(id: string, q: Square): Square | null {
    const d = doc();
    const c = d?.creatures.find((k) => k.id === id);
    if (!d || !c) return null;
    const side = footprintOf(d.ruleset, c.size).side;
    return { x: Math.max(0, Math.min(d.map.width - side, q.x)), y: Math.max(0, Math.min(d.map.height - side, q.y)) };
  }

  /** Moves a creature so its top-left square is `q` (kept on the map), as one undoable step. */
  function moveCreature(id: string, q: Square): void {
    const c = doc()?.creatures.find((k) => k.id === id);
    const to = clampedPosition(id, q);
    if (c && to && (to.x !== c.x || to.y !== c.y)) execute({ type: 'updateCreature', id, changes: { x: to.x, y: to.y } });
  }

  /** The creature whose space covers a square (the smallest, when several share it). */
  function creatureAt(q: Square): string | null {
    const d = doc();
    if (!d) return null;
    let best: { id: string; side: number } | null = null;
    for (const c of d.creatures) {
      const side = footprintOf(d.ruleset, c.size).side;
      if (q.x >= c.x && q.x < c.x + side && q.y >= c.y && q.y < c.y + side && (!best || side < best.side)) best = { id: c.id, side };
    }
    return best?.id ?? null;
  }

  return { placeCreature, moveCreature, clampedPosition, creatureAt };
}
