import { createSignal, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import { nearestOffset } from '../../src-shared/commands/regions';
import { isOnMap, makeCreature, RULESETS, type Creature, type Encounter, type SizeCategory } from '../../src-shared/model';
import { creatureSpaces, placementProblem } from '../../src-shared/rules';
import { footprintOf, sizeName, sizesOf } from '../../src-shared/rules/sizes';
import { creatureAtPoint, creatureLayout, creaturesCovering } from '../../src-shared/render/creature-layout';
import type { Square } from './selection';

export interface CreatureEditsDeps {
  doc: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  selectCreatures: (ids: Iterable<string>) => void;
  selectedIds: Accessor<ReadonlySet<string>>;
  /** Tells the user why an edit was refused (a notice). */
  refuse: (text: string) => void;
  /** Tells the user how an edit was carried out differently from what was asked (a paste moved to a free place). */
  inform?: (text: string) => void;
}

/** How far a paste of creatures looks for a place where every copy can stand, in squares. */
const NEAREST_FREE_COPIES = 16;

/**
 * Creature look-ups and edits shared by tools, panels and menus. Each edit is one command (a group
 * move, paste or delete is one `batch`), so one undo step. Every place a creature is put down is
 * checked against the ruleset's own rules for where a creature may stand (`placementProblem`), and
 * a refusal says why.
 */
export function createCreatureEdits(deps: CreatureEditsDeps) {
  const { doc, execute } = deps;
  /** The size the Place tool puts down, chosen in the creature palette. */
  const [placeSize, setPlaceSize] = createSignal<SizeCategory>('medium');
  /** Copied creatures (as they were), pasted by Edit › Paste. */
  const [clipboard, setClipboard] = createSignal<Creature[]>([]);

  // By id, per document version: a group of 200 dragged asks for each of them several times per move.
  let index: { doc: Encounter | null; byId: Map<string, Creature> } = { doc: null, byId: new Map() };
  const find = (id: string): Creature | null => {
    const d = doc();
    if (!d) return null;
    if (index.doc !== d) index = { doc: d, byId: new Map(d.creatures.map((c) => [c.id, c])) };
    return index.byId.get(id) ?? null;
  };
  const nameOf = (c: Creature) => c.name || c.id;

  /** The size the Place tool uses in this encounter (Medium when the chosen one is not in its ruleset). */
  function sizeToPlace(d: Encounter): SizeCategory {
    const sizes = sizesOf(d.ruleset);
    return sizes.includes(placeSize()) ? placeSize() : sizes.includes('medium') ? 'medium' : sizes[0]!;
  }

  /** New ids that are not in use: C1, C2… after the highest number. */
  function freshIds(d: Encounter, n: number): string[] {
    const used = new Set(d.creatures.map((c) => c.id));
    const out: string[] = [];
    let k = d.creatures.length + 1;
    while (out.length < n) {
      if (!used.has(`C${k}`)) out.push(`C${k}`);
      k++;
    }
    return out;
  }

  /** A free slot in a square for a creature that shares squares (the lowest not taken). */
  function freeSlot(d: Encounter, x: number, y: number, except: ReadonlySet<string>, taken: Set<number> = new Set()): number {
    for (const c of d.creatures) {
      if (except.has(c.id) || c.x !== x || c.y !== y || c.slot === undefined) continue;
      if (footprintOf(d.ruleset, c.size).perSquare > 1) taken.add(c.slot);
    }
    let s = 0;
    while (taken.has(s)) s++;
    taken.add(s);
    return s;
  }

  /**
   * Places a new creature of the palette's size with its top-left on `q`, and selects it; refused
   * (with the reason) where the ruleset does not let it stand.
   */
  /** The creature a click of the Place tool on `q` would add (its size, speed and slot). */
  function creatureToPlace(d: Encounter, q: Square): Creature {
    const size = sizeToPlace(d);
    const [id] = freshIds(d, 1) as [string];
    const n = id.slice(1);
    const speed = RULESETS[d.ruleset].speedUnit === 'squares' ? 6 : 30;
    const creature = makeCreature({ id, name: `Creature ${n}`, size, speed: { walk: speed }, x: q.x, y: q.y });
    if (footprintOf(d.ruleset, size).perSquare > 1) creature.slot = freeSlot(d, q.x, q.y, new Set());
    return creature;
  }

  /**
   * What the Place tool shows under the pointer: the footprint a click would put down, and why the
   * ruleset refuses it there (null: a click places it). The same check as the click itself.
   */
  function placementAt(q: Square): { side: number; problem: string | null } | null {
    const d = doc();
    if (!d || !isOnMap(d.map, q.x, q.y)) return null;
    const creature = creatureToPlace(d, q);
    return { side: footprintOf(d.ruleset, creature.size).side, problem: placementProblem(d, creature, q)?.text ?? null };
  }

  function placeCreature(q: Square): string | null {
    const d = doc();
    if (!d || !isOnMap(d.map, q.x, q.y)) return null;
    const creature = creatureToPlace(d, q);
    const size = creature.size;
    const problem = placementProblem(d, creature, q);
    if (problem) {
      deps.refuse(`A ${sizeName(d.ruleset, size)} creature cannot be placed at ${q.x},${q.y}: ${problem.text}.`);
      return null;
    }
    if (!execute({ type: 'addCreature', creature })) return null;
    deps.selectCreatures([creature.id]);
    return creature.id;
  }

  /** The offset closest to (dx, dy) that keeps every one of these creatures on the map (a drag off the edge stops at it). */
  function clampOffset(ids: readonly string[], dx: number, dy: number): Square {
    const d = doc();
    if (!d) return { x: dx, y: dy };
    let lo = { x: -Infinity, y: -Infinity };
    let hi = { x: Infinity, y: Infinity };
    for (const id of ids) {
      const c = find(id);
      if (!c) continue;
      const side = footprintOf(d.ruleset, c.size).side;
      lo = { x: Math.max(lo.x, -c.x), y: Math.max(lo.y, -c.y) };
      hi = { x: Math.min(hi.x, d.map.width - side - c.x), y: Math.min(hi.y, d.map.height - side - c.y) };
    }
    return { x: Math.max(lo.x, Math.min(hi.x, dx)), y: Math.max(lo.y, Math.min(hi.y, dy)) };
  }

  /** Why moving these creatures by (dx, dy) is refused, or null: each checked with the others out of the way. */
  function moveProblem(ids: readonly string[], dx: number, dy: number): string | null {
    const d = doc();
    if (!d) return 'no encounter is open';
    const moving = new Set(ids);
    const spaces = ids.length > 1 ? creatureSpaces(d) : undefined;
    for (const id of ids) {
      const c = find(id);
      if (!c) continue;
      const problem = placementProblem(d, c, { x: c.x + dx, y: c.y + dy }, moving, spaces);
      if (problem) return `${nameOf(c)} cannot stand at ${c.x + dx},${c.y + dy}: ${problem.text}`;
    }
    return null;
  }

  /**
   * Moves creatures by (dx, dy) squares as one undo step, or refuses with the reason. Creatures
   * that share squares take a free slot in their new square.
   */
  function moveCreatures(ids: readonly string[], dx: number, dy: number): boolean {
    const d = doc();
    if (!d || (dx === 0 && dy === 0) || !ids.length) return false;
    const why = moveProblem(ids, dx, dy);
    if (why) {
      deps.refuse(`${why}.`);
      return false;
    }
    const moving = new Set(ids);
    const taken = new Map<number, Set<number>>();
    const commands: Command[] = [];
    for (const id of ids) {
      const c = find(id);
      if (!c) continue;
      const changes: Partial<Creature> = { x: c.x + dx, y: c.y + dy };
      if (footprintOf(d.ruleset, c.size).perSquare > 1) {
        const key = (c.y + dy) * d.map.width + c.x + dx;
        if (!taken.has(key)) taken.set(key, new Set());
        changes.slot = freeSlot(d, c.x + dx, c.y + dy, moving, taken.get(key));
      }
      commands.push({ type: 'updateCreature', id, changes });
    }
    const label = commands.length === 1 ? `move ${nameOf(find(ids[0]!)!)}` : `move ${commands.length} creatures`;
    return execute({ type: 'batch', label, commands });
  }

  /** Moves one creature so its top-left square is `q`, as one undoable step (refused with a reason). */
  function moveCreature(id: string, q: Square): boolean {
    const c = find(id);
    return !!c && moveCreatures([id], q.x - c.x, q.y - c.y);
  }

  /** Deletes creatures, as one undo step. */
  function deleteCreatures(ids: readonly string[]): boolean {
    const present = ids.filter((id) => find(id));
    if (!present.length) return false;
    const commands: Command[] = present.map((id) => ({ type: 'removeCreature', id }));
    const ok = execute(commands.length === 1 ? { type: 'batch', label: `delete ${nameOf(find(present[0]!)!)}`, commands } : { type: 'batch', label: `delete ${commands.length} creatures`, commands });
    if (ok) deps.selectCreatures([]);
    return ok;
  }

  function copyCreatures(ids: readonly string[]): number {
    const list = ids.map(find).filter((c): c is Creature => !!c);
    if (list.length) setClipboard(list.map((c) => ({ ...c, speed: { ...c.speed } })));
    return list.length;
  }

  /**
   * Adds copies of creatures shifted so the group's top-left is at `to` (or one square right and
   * down of the originals), as one undo step, and selects the copies. Where a copy could not stand
   * there (on the originals, in a wall), the group goes to the nearest place where every copy can
   * (`nearestOffset`), and the user is told; refused with the reason only when there is none near.
   */
  function addCopies(source: readonly Creature[], to: Square | null): boolean {
    const d = doc();
    if (!d || !source.length) return false;
    const minX = Math.min(...source.map((c) => c.x));
    const minY = Math.min(...source.map((c) => c.y));
    const wanted = { x: to ? to.x - minX : 1, y: to ? to.y - minY : 1 };
    const ids = freshIds(d, source.length);
    /** The copies shifted by `o`, or why the first that cannot stand there cannot. */
    const copiesAt = (o: Square): Creature[] | string => {
      const copies: Creature[] = [];
      let working = d;
      const taken = new Map<number, Set<number>>();
      for (const [k, c] of source.entries()) {
        const copy: Creature = { ...c, speed: { ...c.speed }, id: ids[k]!, name: copyName(working, c), x: c.x + o.x, y: c.y + o.y };
        if (footprintOf(d.ruleset, c.size).perSquare > 1) {
          const key = copy.y * d.map.width + copy.x;
          if (!taken.has(key)) taken.set(key, new Set());
          copy.slot = freeSlot(working, copy.x, copy.y, new Set(), taken.get(key));
        }
        const problem = placementProblem(working, copy, copy);
        if (problem) return `The copy of ${nameOf(c)} cannot stand at ${copy.x},${copy.y}: ${problem.text}.`;
        copies.push(copy);
        // Later copies must fit beside the earlier ones.
        working = { ...working, creatures: [...working.creatures, copy] };
      }
      return copies;
    };
    const first = copiesAt(wanted);
    const offset = typeof first === 'string' ? nearestOffset(wanted, (o) => typeof copiesAt(o) !== 'string', NEAREST_FREE_COPIES) : wanted;
    if (!offset) {
      deps.refuse(`${first as string} Nor is there room for the copies within ${NEAREST_FREE_COPIES} squares.`);
      return false;
    }
    const copies = copiesAt(offset) as Creature[];
    const commands: Command[] = copies.map((creature) => ({ type: 'addCreature', creature }));
    if (!execute({ type: 'batch', label: copies.length === 1 ? `paste ${copies[0]!.name}` : `paste ${copies.length} creatures`, commands })) return false;
    if (offset !== wanted) deps.inform?.(`${first as string} The copies went to the nearest place where they can stand (${offset.x - wanted.x >= 0 ? '+' : ''}${offset.x - wanted.x}, ${offset.y - wanted.y >= 0 ? '+' : ''}${offset.y - wanted.y} squares).`);
    deps.selectCreatures(copies.map((c) => c.id));
    return true;
  }

  const pasteCreatures = (to: Square | null) => addCopies(clipboard(), to);
  const duplicateCreatures = (ids: readonly string[]) => addCopies(ids.map(find).filter((c): c is Creature => !!c), null);

  /** Raises or lowers creatures by whole squares of altitude (never below the ground), one undo step. */
  function nudgeAltitude(ids: readonly string[], squares: number): boolean {
    const d = doc();
    if (!d) return false;
    const step = RULESETS[d.ruleset].squareSize * squares;
    const commands: Command[] = [];
    for (const id of ids) {
      const c = find(id);
      if (!c) continue;
      const altitude = Math.max(0, Math.round((c.altitude + step) * 100) / 100);
      if (altitude !== c.altitude) commands.push({ type: 'updateCreature', id, changes: { altitude } });
    }
    if (!commands.length) return false;
    return execute({ type: 'batch', label: squares > 0 ? 'raise altitude' : 'lower altitude', commands });
  }

  /** The selected creatures still in the encounter, in the encounter's order: what the creature panel edits. */
  function selectedCreatures(): Creature[] {
    const d = doc();
    const ids = deps.selectedIds();
    return d ? d.creatures.filter((c) => ids.has(c.id)) : [];
  }

  /**
   * One edit of a field on several creatures as one undo step (a `batch` named by the field, "change
   * swim speed of 3 creatures"). `changesFor` gives each creature its own changes (a speed is a whole
   * object, so each keeps its other speeds); creatures it leaves unchanged get no command.
   */
  function editCreatures(ids: readonly string[], what: string, changesFor: (c: Creature) => Partial<Omit<Creature, 'id'>>): boolean {
    const commands: Command[] = [];
    for (const id of ids) {
      const c = find(id);
      if (!c) continue;
      const changes = changesFor(c);
      const differs = (Object.keys(changes) as (keyof typeof changes)[]).some((k) => JSON.stringify(changes[k]) !== JSON.stringify(c[k]));
      if (differs) commands.push({ type: 'updateCreature', id, changes });
    }
    if (!commands.length) return false;
    const label = commands.length === 1 ? `change ${what} of ${nameOf(find((commands[0] as { id: string }).id)!)}` : `change ${what} of ${commands.length} creatures`;
    return execute({ type: 'batch', label, commands });
  }

  /** The creature whose space covers a square (the smallest, when several share it). */
  function creatureAt(q: Square): string | null {
    const d = doc();
    return d ? (creaturesCovering(d, q.x, q.y)[0] ?? null) : null;
  }
  /** The creature drawn at a point of the map, in squares (fractional). */
  function creatureAtMapPoint(mx: number, my: number): string | null {
    const d = doc();
    return d ? creatureAtPoint(d, mx, my) : null;
  }
  /** Every creature whose space covers a square, in stack order (the square panel's list, Tab). */
  function creaturesAt(q: Square): string[] {
    const d = doc();
    return d ? creaturesCovering(d, q.x, q.y) : [];
  }
  /** Creatures whose space meets the rectangle between two squares (box select). */
  function creaturesIn(a: Square, b: Square): string[] {
    const d = doc();
    if (!d) return [];
    const x0 = Math.min(a.x, b.x);
    const x1 = Math.max(a.x, b.x);
    const y0 = Math.min(a.y, b.y);
    const y1 = Math.max(a.y, b.y);
    return d.creatures
      .filter((c) => {
        const side = footprintOf(d.ruleset, c.size).side;
        return c.x <= x1 && c.x + side - 1 >= x0 && c.y <= y1 && c.y + side - 1 >= y0;
      })
      .map((c) => c.id);
  }

  /** The creatures sharing this one's square (Tiny and smaller) in stack order; [] when it stands alone. */
  function stackOf(id: string): string[] {
    const d = doc();
    const c = find(id);
    if (!d || !c) return [];
    const stack = creatureLayout(d).stacks.get(c.y * d.map.width + c.x) ?? [];
    return stack.length > 1 && stack.includes(id) ? stack : [];
  }
  /**
   * Brings a creature to the front of its stack: first in the square's list and in Tab's order, the
   * first quarter or the first disc of a fan. The stack's slots are renumbered in the new order
   * (stack order is by slot), as one undo step.
   */
  function bringToFront(id: string): boolean {
    const stack = stackOf(id);
    if (stack.length < 2 || stack[0] === id) return false;
    const order = [id, ...stack.filter((k) => k !== id)];
    const commands: Command[] = order.flatMap((k, slot) => (find(k)!.slot === slot ? [] : [{ type: 'updateCreature' as const, id: k, changes: { slot } }]));
    return execute({ type: 'batch', label: `bring ${nameOf(find(id)!)} to front`, commands });
  }

  return {
    /** A creature of the open document by id (an index per document version: a crowd asks often). */
    creatureById: find,
    placeSize,
    setPlaceSize,
    placeCreature,
    placementAt,
    moveCreature,
    moveCreatures,
    moveProblem,
    clampOffset,
    deleteCreatures,
    copyCreatures,
    clipboard,
    pasteCreatures,
    duplicateCreatures,
    nudgeAltitude,
    selectedCreatures,
    editCreatures,
    creatureAt,
    creatureAtMapPoint,
    creaturesAt,
    creaturesIn,
    stackOf,
    bringToFront,
  };
}

/** "Goblin" → "Goblin 2" (the next number not taken). */
function copyName(d: Encounter, c: Creature): string {
  const base = (c.name || c.id).replace(/ \d+$/, '');
  const names = new Set(d.creatures.map((k) => k.name));
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}
