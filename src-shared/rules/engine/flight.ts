import { RULESETS, Terrain, type Creature, type Encounter } from '../../model';
import { BucketRing } from './bucket-queue';
import { openSteps, rectHasInnerWall, stepIndex } from './grid';
import { sizeGap } from './relations';
import type { MovePlan, Ruleset } from './ruleset';
import { footprintSide } from './sizes';
import type { ReachSquare } from './types';

/**
 * Flight in three dimensions. Every creature is a cube as tall as it is wide (epic-path.txt ›
 * Three Dimensional Movement), standing at a level: its underside at level × square size. A flyer
 * moves to any of the 26 neighbouring cubes; floor-to-ceiling walls, closed doors, blocked squares
 * and pillars stop it at every height, the ground stops it from below, low obstacles and the going
 * of the ground do not matter (d20-phb-30.txt › Obstacles: "a floor-to-ceiling wall blocks a flying
 * creature as well"). What a step costs comes from the ruleset (`flightStep`).
 */

export interface FlightStep {
  /** 0 no horizontal move, 1 straight, 2 diagonal. */
  horizontal: 0 | 1 | 2;
  /** -1 down, 0 level, +1 up. */
  vertical: -1 | 0 | 1;
  parity: number;
}

export interface FlightRules {
  /** Cost units per square of movement (d20 counts half squares: flying down is twice as fast). */
  unitsPerSquare: number;
  /** Packed cost * 2 + parity of a step, or -1 where the creature cannot move that way. */
  step(step: FlightStep, creature: Creature, plan: MovePlan): number;
  /** Whether a square left in the air at this cost makes the creature stall (minimum forward speed). */
  stalls?(creature: Creature, costSquares: number): boolean;
  /** Judges a drawn path's next step by the creature's maneuverability (turns, reversing, climbs). */
  maneuver?(log: FlightLog, dx: number, dy: number, dz: number, creature: Creature): FlightCheck;
  /** Judges where a drawn path ends: a reason when the flyer stalls there (minimum forward speed). */
  finish?(log: FlightLog, creature: Creature, altitude: number): string | null;
}

const DX = new Int8Array(26);
/** For each of the 26 directions, its horizontal step's index in `STEPS` (-1: straight up or down). */
const STEP_OF = new Int8Array(26);
const DY = new Int8Array(26);
const DZ = new Int8Array(26);
/** Index of each direction's kind into the cost table: (horizontal * 3 + vertical + 1). */
const KIND = new Int8Array(26);
{
  let k = 0;
  for (let dz = -1; dz <= 1; dz++) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    if (!dx && !dy && !dz) continue;
    DX[k] = dx;
    DY[k] = dy;
    DZ[k] = dz;
    KIND[k] = (dx && dy ? 2 : dx || dy ? 1 : 0) * 3 + dz + 1;
    STEP_OF[k] = dx || dy ? stepIndex(dx, dy) : -1;
    k++;
  }
}

export function flightReach(encounter: Encounter, mover: Creature, rules: Ruleset, flight: FlightRules, plan: MovePlan): ReachSquare[] {
  return searchFlight(encounter, mover, rules, flight, plan).squares();
}

export interface FlightSearch {
  /** Every reachable cube, ordered by row, column and height. */
  squares(): ReachSquare[];
  /** The cheapest way to a cube (top-left square and altitude), start excluded, or null. */
  pathTo(x: number, y: number, z: number): { x: number; y: number; z: number }[] | null;
}

/** The flight search: the cost of every cube within the budget, and the way back from each. */
export function searchFlight(encounter: Encounter, mover: Creature, rules: Ruleset, flight: FlightRules, plan: MovePlan): FlightSearch {
  const map = encounter.map;
  const W = map.width;
  const H = map.height;
  const n = W * H;
  const square = RULESETS[encounter.ruleset].squareSize;
  const side = footprintSide(rules.sizes[mover.size]!, square);
  const open8 = openSteps(map, encounter.ruleset === 'startroid');
  const budget = plan.modeBudgets[0]! * flight.unitsPerSquare;
  const budgetSquares = plan.modeBudgets[0]!;

  const { floor, ground, lowest } = floorsFor(map, side, square);
  const startAnchor = mover.y * W + mover.x;
  if (floor[startAnchor] === -32768) return { squares: () => [], pathTo: () => null };
  const startLevel = Math.max(floor[startAnchor]!, Math.round((groundOf(map, mover.x, mover.y, side, square) + mover.altitude) / square));
  const base = Math.max(lowest, startLevel - budgetSquares);
  const ceiling = encounter.settings.flightCeiling;
  const top = Math.max(startLevel, ceiling === undefined ? startLevel + budgetSquares : Math.min(startLevel + budgetSquares, Math.floor(ceiling / square)));
  const levels = top - base + 1;
  const P = rules.diagonalParity ? 2 : 1;

  // Costs per (horizontal, vertical, parity), from the ruleset.
  const table = new Int32Array(3 * 3 * 2).fill(-1);
  let maxCost = 1;
  for (let h = 0; h < 3; h++) for (let v = -1; v <= 1; v++) for (let p = 0; p < P; p++) {
    if (h === 0 && v === 0) continue;
    const packed = flight.step({ horizontal: h as 0 | 1 | 2, vertical: v as -1 | 0 | 1, parity: p }, mover, plan);
    table[(h * 3 + v + 1) * 2 + p] = packed;
    if (packed >= 0) maxCost = Math.max(maxCost, packed >> 1);
  }

  // Other creatures as boxes of cubes.
  const others = encounter.creatures
    .filter((c) => c.id !== mover.id)
    .map((c) => {
      const s = footprintSide(rules.sizes[c.size] ?? { space: square, reach: 0 }, square);
      const level = Math.round((groundOf(map, c.x, c.y, s, square) + c.altitude) / square);
      return { c, x: c.x, y: c.y, s, level, rule: rules.occupant(mover, c, plan) };
    });
  const occupantsAt = (x: number, y: number, level: number) =>
    others.filter((o) => o.x < x + side && x < o.x + o.s && o.y < y + side && y < o.y + o.s && o.level < level + side && level < o.level + o.s);

  const cells = n * levels;
  if (budget >= UNREACHED) throw new Error(`A flight budget of ${budget} cost units is beyond this search.`);
  const dist = scratch.dist(cells * P);
  const prev = scratch.prev(cells * P);
  // Every step costing one square (Epic Path's 1-for-1 cubes, Startroid, 6d6): a breadth-first
  // search over the cubes does, with the neighbour offsets precomputed.
  let uniform = P === 1 && side === 1 && others.length === 0;
  for (let k = 0; k < 18 && uniform; k += 2) if (table[k]! >= 0 && table[k]! >> 1 !== 1) uniform = false;
  if (uniform) {
    bfsCubes();
    return { squares: output, pathTo };
  }
  function bfsCubes(): void {
    const queue = scratch.queue(cells);
    let head = 0;
    let tail = 0;
    const startCell = (startLevel - base) * n + startAnchor;
    dist[startCell] = 0;
    queue[tail++] = startCell;
    const allowed = new Uint8Array(26);
    const offset = new Int32Array(26);
    for (let k = 0; k < 26; k++) {
      allowed[k] = table[KIND[k]! * 2]! >= 0 ? 1 : 0;
      offset[k] = DZ[k]! * n + DY[k]! * W + DX[k]!;
    }
    while (head < tail) {
      const cell = queue[head++]!;
      const d = dist[cell]!;
      if (d >= budget) continue;
      const anchor = cell % n;
      const li = (cell - anchor) / n;
      const x = anchor % W;
      const y = (anchor - x) / W;
      const inside = x > 0 && y > 0 && x < W - 1 && y < H - 1 && li > 0 && li + base < top;
      const open = open8[anchor]!;
      const nd = d + 1;
      for (let k = 0; k < 26; k++) {
        if (!allowed[k]) continue;
        if (!inside) {
          const tx = x + DX[k]!;
          const ty = y + DY[k]!;
          const tl = li + base + DZ[k]!;
          if (tx < 0 || ty < 0 || tx >= W || ty >= H || tl < base || tl > top) continue;
        }
        // Most neighbours are already reached: test that first.
        const t = cell + offset[k]!;
        if (dist[t]! <= nd) continue;
        const sk = STEP_OF[k]!;
        if (sk >= 0 && !(open & (1 << sk))) continue;
        const ta = anchor + DY[k]! * W + DX[k]!;
        const f = floor[ta]!;
        if (f === -32768 || li + base + DZ[k]! < f) continue;
        dist[t] = nd;
        prev[t] = cell;
        queue[tail++] = t;
      }
    }
  }

  const queue = new BucketRing(maxCost);
  const cellOf = (anchor: number, level: number) => (level - base) * n + anchor;
  const start = cellOf(startAnchor, startLevel) * P + (plan.parity & (P - 1));
  dist[start] = 0;
  queue.push(start, 0);
  for (let s = queue.take(budget); s !== -1; s = queue.take(budget)) {
    const d = dist[s]!;
    if (d !== queue.current) continue;
    const parity = P === 2 ? s & 1 : 0;
    const cell = P === 2 ? s >> 1 : s;
    const anchor = cell % n;
    const level = (cell - anchor) / n + base;
    const x = anchor % W;
    const y = (anchor - x) / W;
    for (let k = 0; k < 26; k++) {
      const dx = DX[k]!;
      const dy = DY[k]!;
      const dz = DZ[k]!;
      const tx = x + dx;
      const ty = y + dy;
      const tl = level + dz;
      if (tx < 0 || ty < 0 || tx + side > W || ty + side > H || tl < base || tl > top) continue;
      const ta = ty * W + tx;
      if (floor[ta] === -32768 || tl < floor[ta]!) continue;
      const sk = STEP_OF[k]!;
      if (sk >= 0 && side === 1) {
        // Walls stand floor to ceiling: the square's step must be open.
        if (!(open8[anchor]! & (1 << sk))) continue;
      } else if (sk >= 0) {
        // Each leading square's step must be open.
        let open = true;
        for (let k = 0; k < side && open; k++) {
          for (let j = 0; j < side; j++) {
            const sx = x + j;
            const sy = y + k;
            const nx = sx + dx;
            const ny = sy + dy;
            if (nx >= x && nx < x + side && ny >= y && ny < y + side) continue;
            if (!(open8[sy * W + sx]! & (1 << sk))) {
              open = false;
              break;
            }
          }
        }
        if (!open) continue;
      }
      const packed = table[KIND[k]! * 2 + parity]!;
      if (packed < 0) continue;
      const nd = d + (packed >> 1);
      if (nd > budget) continue;
      if (others.length && occupantsAt(tx, ty, tl).some((o) => o.rule.pass === 'blocked' && !(sizeGap(mover, o.c) >= 2 && encounter.ruleset === 'epic-path'))) continue;
      const ts = P === 2 ? cellOf(ta, tl) * 2 + (packed & 1) : cellOf(ta, tl);
      if (nd < dist[ts]!) {
        dist[ts] = nd;
        prev[ts] = s;
        queue.push(ts, nd);
      }
    }
  }

  return { squares: output, pathTo };

  function pathTo(x: number, y: number, z: number): { x: number; y: number; z: number }[] | null {
    if (x < 0 || y < 0 || x + side > W || y + side > H) return null;
    const anchor = y * W + x;
    const level = Math.round((ground[anchor]! + z) / square);
    if (level < base || level > top) return null;
    const cell = (level - base) * n + anchor;
    let state = cell * P;
    if (P === 2 && dist[cell * 2 + 1]! < dist[cell * 2]!) state = cell * 2 + 1;
    if (dist[state] === UNREACHED) return null;
    const startState = (startLevel - base) * n * P + startAnchor * P + (plan.parity & (P - 1));
    const cubes: { x: number; y: number; z: number }[] = [];
    for (let guard = 0; state !== startState && guard < cells * P; guard++) {
      const c = P === 2 ? state >> 1 : state;
      const a = c % n;
      const li = (c - a) / n;
      const cx = a % W;
      cubes.push({ x: cx, y: (a - cx) / W, z: Math.round(((li + base) * square - ground[a]!) * 1000) / 1000 });
      state = prev[state]!;
    }
    return cubes.reverse();
  }

  function output(): ReachSquare[] {
  // One answer per cube (the cheaper parity), ordered by row, column and height. A step costs at
  // least one cost unit and moves at most one square across, so the budget bounds the region.
  const minX = Math.max(0, mover.x - budget);
  const maxX = Math.min(W - side, mover.x + budget);
  const minY = Math.max(0, mover.y - budget);
  const maxY = Math.min(H - side, mover.y + budget);
  const out: ReachSquare[] = [];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const anchor = y * W + x;
      for (let li = 0; li < levels; li++) {
        const cell = li * n + anchor;
        const cost = P === 2 ? Math.min(dist[cell * 2]!, dist[cell * 2 + 1]!) : dist[cell]!;
        if (cost === UNREACHED) continue;
        const z = (li + base) * square - ground[anchor]!;
        const sharing = others.length ? occupantsAt(x, y, li + base) : null;
        const end = !sharing || sharing.every((o) => o.rule.end === 'yes' || (encounter.ruleset === 'epic-path' && sizeGap(mover, o.c) >= 2));
        const squares = cost / flight.unitsPerSquare;
        const sq: ReachSquare = { x, y, z: Number.isInteger(z) ? z : Math.round(z * 1000) / 1000, cost: squares * plan.unitSize, end };
        if (z > 0 && flight.stalls?.(mover, squares)) sq.stall = true;
        out.push(sq);
      }
    }
  }
    return out;
  }
}

const UNREACHED = 0xffff;

/** Buffers reused between queries (cleared as needed), so a query allocates little. */
const scratch = {
  distBuf: new Uint16Array(0),
  queueBuf: new Int32Array(0),

  prevBuf: new Int32Array(0),
  prev(size: number): Int32Array {
    if (this.prevBuf.length < size) this.prevBuf = new Int32Array(size);
    return this.prevBuf;
  },
  /** Costs of one flight fit 16 bits (a budget is at most a few thousand half squares). */
  dist(size: number): Uint16Array {
    if (this.distBuf.length < size) this.distBuf = new Uint16Array(size);
    const d = this.distBuf.subarray(0, size);
    d.fill(UNREACHED);
    return d;
  },
  queue(size: number): Int32Array {
    if (this.queueBuf.length < size) this.queueBuf = new Int32Array(size);
    return this.queueBuf;
  },
};

/** Gives back the flight search's buffers (see `releaseSearchMemory`). */
export function releaseFlightMemory(): void {
  scratch.distBuf = new Uint16Array(0);
  scratch.queueBuf = new Int32Array(0);
  scratch.prevBuf = new Int32Array(0);
}
/** Bytes the flight search's buffers hold now. */
export function flightMemoryBytes(): number {
  return scratch.distBuf.byteLength + scratch.queueBuf.byteLength + scratch.prevBuf.byteLength;
}

interface Floors {
  floor: Int16Array;
  ground: Float32Array;
  lowest: number;
}
const floorCache = new WeakMap<Float32Array, { terrain: Uint8Array; blockade: Uint8Array; edgeEast: Uint8Array; edgeSouth: Uint8Array; bySide: Map<string, Floors> }>();

/**
 * The floor level under each anchor (the highest ground level of a footprint of `side` squares), or
 * -32768 where the footprint cannot be (blocked squares, a wall through it, off the map); and the
 * ground height there. Cached per map layers, which commands never change in place.
 */
function floorsFor(map: Encounter['map'], side: number, square: number): Floors {
  let entry = floorCache.get(map.elevation);
  if (!entry || entry.terrain !== map.terrain || entry.blockade !== map.blockade || entry.edgeEast !== map.edgeEast || entry.edgeSouth !== map.edgeSouth) {
    entry = { terrain: map.terrain, blockade: map.blockade, edgeEast: map.edgeEast, edgeSouth: map.edgeSouth, bySide: new Map() };
    floorCache.set(map.elevation, entry);
  }
  const key = `${side}/${square}`;
  const known = entry.bySide.get(key);
  if (known) return known;
  const W = map.width;
  const H = map.height;
  const floor = new Int16Array(W * H).fill(-32768);
  const ground = new Float32Array(W * H);
  let lowest = Infinity;
  for (let y = 0; y + side <= H; y++) {
    for (let x = 0; x + side <= W; x++) {
      let top = -Infinity;
      let ok = true;
      for (let yy = y; yy < y + side && ok; yy++) {
        for (let xx = x; xx < x + side; xx++) {
          const i = yy * W + xx;
          const t = map.terrain[i];
          if (t === Terrain.blocked || t === Terrain.obstacle || map.blockade[i] === 1) {
            ok = false;
            break;
          }
          top = Math.max(top, Math.ceil(map.elevation[i]! / square - 1e-9));
        }
      }
      if (ok && side > 1 && rectHasInnerWall(map, x, y, side, side)) ok = false;
      if (ok) {
        floor[y * W + x] = top;
        ground[y * W + x] = top * square;
        lowest = Math.min(lowest, top);
      }
    }
  }
  const floors = { floor, ground, lowest };
  entry.bySide.set(key, floors);
  return floors;
}

/**
 * Why a creature's space cannot be at x,y at any height, naming the squares under it that block (as
 * `floorsFor` judges them): "Wyvern's 2×2 space at 9,4 would take in 9,5 and 10,5: blocked at every
 * height". Null when nothing under the space blocks.
 */
export function blockedSpaceWords(map: Encounter['map'], mover: Creature, side: number, x: number, y: number): string | null {
  const W = map.width;
  const where = side === 1 ? `${x},${y}` : `${mover.name}'s ${side}×${side} space at ${x},${y}`;
  if (x < 0 || y < 0 || x + side > W || y + side > map.height) return `${where} would go off the map`;
  const named: { at: string; what: string }[] = [];
  for (let yy = y; yy < y + side; yy++) {
    for (let xx = x; xx < x + side; xx++) {
      const i = yy * W + xx;
      const t = map.terrain[i];
      const what = t === Terrain.blocked ? 'blocked' : t === Terrain.obstacle ? 'an obstacle' : map.blockade[i] === 1 ? 'a blockade' : null;
      if (what) named.push({ at: `${xx},${yy}`, what });
    }
  }
  if (named.length && side === 1) return `${x},${y} is ${named[0]!.what} at every height`;
  if (named.length) {
    const words = named.map((q) => (q.what === 'blocked' ? q.at : `${q.at} (${q.what})`));
    const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
    return `${where} would take in ${named.length === 1 ? 'the blocked square' : 'the blocked squares'} ${list}: no flight passes there at any height`;
  }
  if (side > 1 && rectHasInnerWall(map, x, y, side, side)) return `a wall runs through ${where} at every height`;
  return null;
}

function groundOf(map: Encounter['map'], x: number, y: number, side: number, square: number): number {
  let top = -Infinity;
  for (let yy = y; yy < y + side && yy < map.height; yy++) {
    for (let xx = x; xx < x + side && xx < map.width; xx++) top = Math.max(top, Math.ceil(map.elevation[yy * map.width + xx]! / square - 1e-9) * square);
  }
  return top;
}

/** What a flyer has done so far along a drawn path, for its maneuverability to judge the next step. */
export interface FlightLog {
  /** Horizontal heading of the last horizontal step (0-7, 45° apart), or -1 before the first. */
  heading: number;
  /** Feet flown horizontally since the last turn. */
  sinceTurn: number;
  /** Feet flown level since the last descent (Infinity if it has not descended). */
  levelSinceDescent: number;
  /** Feet flown horizontally in all. */
  forward: number;
  /** Whether the flyer has started flying backward (good maneuverability pays once). */
  backward: boolean;
}

export interface FlightCheck {
  /** Why the step breaks the creature's maneuverability, or null. */
  problem: string | null;
  /** Extra cost in cost units (turning in place, reversing). */
  extra: number;
}

/** Heading index (0 = east, counter-clockwise in 45° steps) of a horizontal step. */
export function headingOf(dx: number, dy: number): number {
  const angle = Math.atan2(-dy, dx);
  return ((Math.round(angle / (Math.PI / 4)) % 8) + 8) % 8;
}

export interface FlightPathStep {
  x: number;
  y: number;
  z: number;
  cost: number;
}

export interface FlightPathAnswer {
  legal: boolean;
  reason: string;
  breaksAt: number;
  total: number;
  steps: FlightPathStep[];
  /**
   * The path breaks only the flyer's minimum forward speed at its end: the move itself happens and
   * the flyer stalls (d20-phb-30.txt › Minimum Forward Speed), so a caller may carry it out.
   */
  stalls?: boolean;
}

/**
 * Walks a flight path of cubes (top-left square and altitude) step by step: each step adjacent,
 * clear of walls, blocked squares, the ground and blocking creatures, priced by the ruleset's
 * flight, and judged by its maneuverability where the ruleset has one.
 */
export function walkFlightPath(
  encounter: Encounter,
  mover: Creature,
  rules: Ruleset,
  flight: FlightRules,
  plan: MovePlan,
  path: { x: number; y: number; z: number }[],
): FlightPathAnswer {
  const map = encounter.map;
  const W = map.width;
  const square = RULESETS[encounter.ruleset].squareSize;
  const side = footprintSide(rules.sizes[mover.size]!, square);
  const { floor, ground } = floorsFor(map, side, square);
  const open8 = openSteps(map, encounter.ruleset === 'startroid');
  const budget = plan.modeBudgets[0]! * flight.unitsPerSquare;
  const P = rules.diagonalParity ? 2 : 1;
  const others = encounter.creatures
    .filter((c) => c.id !== mover.id)
    .map((c) => {
      const s = footprintSide(rules.sizes[c.size] ?? { space: square, reach: 0 }, square);
      return { c, s, level: Math.round((groundOf(map, c.x, c.y, s, square) + c.altitude) / square), rule: rules.occupant(mover, c, plan) };
    });
  let x = mover.x;
  let y = mover.y;
  let level = Math.round((ground[y * W + x]! + mover.altitude) / square);
  // The encounter's flight ceiling, as the search keeps it (a flyer already above it may stay there).
  const ceiling = encounter.settings.flightCeiling;
  const top = ceiling === undefined ? Infinity : Math.max(level, Math.floor(ceiling / square));
  let parity = plan.parity & (P - 1);
  let spent = 0;
  const log: FlightLog = { heading: -1, sinceTurn: 0, levelSinceDescent: Infinity, forward: 0, backward: false };
  const steps: FlightPathStep[] = [];
  const fail = (i: number, reason: string): FlightPathAnswer => ({ legal: false, reason, breaksAt: i, total: (spent / flight.unitsPerSquare) * plan.unitSize, steps });
  for (const [i, p] of path.entries()) {
    const anchor = p.y * W + p.x;
    if (p.x < 0 || p.y < 0 || p.x + side > map.width || p.y + side > map.height) return fail(i, `${p.x},${p.y} is off the map`);
    const dx = p.x - x;
    const dy = p.y - y;
    // A space that cannot be anywhere (a blocked square under it) has no ground to count its height
    // from: it is named before the height is read, or the height would look like a jump of levels.
    if (Math.max(Math.abs(dx), Math.abs(dy)) <= 1 && floor[anchor] === -32768) return fail(i, blockedSpaceWords(map, mover, side, p.x, p.y) ?? `${p.x},${p.y} is blocked at every height`);
    const tl = Math.round((ground[anchor]! + p.z) / square);
    const dz = tl - level;
    if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)) !== 1) return fail(i, `${p.x},${p.y} at ${p.z} is not a cube next to ${x},${y}`);
    if (tl < floor[anchor]!) return fail(i, `${p.x},${p.y} at ${p.z} is below the ground`);
    if (tl > top) return fail(i, `${p.x},${p.y} at ${p.z} is above the flight ceiling of ${ceiling} ${RULESETS[encounter.ruleset].lengthUnit}`);
    if ((dx || dy) && !(open8[y * W + x]! & (1 << stepIndex(dx, dy)))) return fail(i, `a wall or corner stands between ${x},${y} and ${p.x},${p.y} at every height`);
    const blocker = others.find((o) => o.rule.pass === 'blocked' && o.c.x < p.x + side && p.x < o.c.x + o.s && o.c.y < p.y + side && p.y < o.c.y + o.s && o.level < tl + side && tl < o.level + o.s);
    if (blocker) return fail(i, `${blocker.c.name} is in the way at ${p.x},${p.y}`);
    const packed = flight.step({ horizontal: dx && dy ? 2 : dx || dy ? 1 : 0, vertical: dz as -1 | 0 | 1, parity }, mover, plan);
    if (packed < 0) return fail(i, dz > 0 ? `${mover.name} cannot climb straight up (its up angle)` : `${mover.name} cannot dive straight down (its down angle)`);
    let cost = packed >> 1;
    if (flight.maneuver) {
      const judged = flight.maneuver(log, dx, dy, dz, mover);
      if (judged.problem) return fail(i, judged.problem);
      cost += judged.extra;
    }
    spent += cost;
    parity = packed & 1 & (P - 1);
    steps.push({ x: p.x, y: p.y, z: p.z, cost: (cost / flight.unitsPerSquare) * plan.unitSize });
    if (spent > budget) return fail(i, `it costs ${(spent / flight.unitsPerSquare) * plan.unitSize} ${plan.unit} by ${p.x},${p.y}, more than the ${plan.modeBudgets[0]! * plan.unitSize} ${plan.unit} of flight`);
    x = p.x;
    y = p.y;
    level = tl;
  }
  const altitude = level * square - ground[y * W + x]!;
  const end = flight.finish?.(log, mover, altitude) ?? null;
  if (end) return { ...fail(path.length - 1, end), stalls: true };
  return { legal: true, reason: '', breaksAt: -1, total: (spent / flight.unitsPerSquare) * plan.unitSize, steps };
}
