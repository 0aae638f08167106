import { Terrain, type BattleMap, type TerrainKind } from '../../model';
import { nextPow2 } from './bucket-queue';
import { paddedStepMasks } from './grid';
import { Going, type MovePlan, type Ruleset, type StepFacts } from './ruleset';

/**
 * The whole-map fast path of the movement search, for the common case the editor's overlays and
 * `costField` ask about on big maps: a creature of one square, one movement mode, no other
 * creatures to get past, costs that do not depend on 6d6 resistance. It asks the ruleset for the
 * same answers the general search does — terrain as a table per terrain kind, step costs as a
 * table per (going, diagonal, parity, low obstacle) — and then runs a tight bucket-queue Dijkstra
 * over plain typed arrays. A property test checks it against the general search on random maps.
 */
export interface KernelInput {
  map: BattleMap;
  rules: Ruleset;
  plan: MovePlan;
  startX: number;
  startY: number;
  deepWater: number;
  blockadeFills: boolean;
}

export function kernelApplies(rules: Ruleset, plan: MovePlan, side: number, variants: number, others: number, flat = true): boolean {
  return flat && side === 1 && variants === 1 && others === 0 && plan.modes.length === 1 && plan.unit !== 'mr' && !plan.straightLine && !plan.singleSquare && plan.phases === 1 && plan.encumbrance === 0 && !plan.ignoreCost;
}

const KINDS = 7;

/** What a kernel search leaves behind: one key per square of the padded grid, and how it priced steps. */
export interface KernelResult {
  /**
   * Two words per padded square: at 2 × square what never changes (`packedCells`), at 2 × square + 1
   * its key: 2 × cost + parity with 1-2-1 diagonals, else the cost; `unset` if not reached.
   */
  cells: Int32Array;
  unset: number;
  /** Width of the padded grid (the map's width + 2). */
  PW: number;
  P: number;
  weightTable: Int32Array;
  going: Int8Array;
  enterStraight: Int8Array;
  enterDiagonal: Int8Array;
  open: Uint8Array;
  low: Uint8Array;
}

/**
 * Least cost per square (min over parities), -1 where unreachable within `limit`.
 */
export function kernelField(input: KernelInput, limit: number, out: Int32Array): void {
  const { map } = input;
  const r = kernelSearch(input, limit, -1, -1);
  const shift = r.P === 2 ? 1 : 0;
  const { cells, unset } = r;
  const W = map.width;
  for (let y = 0, i = 0; y < map.height; y++) {
    // The key of map square (0, y) on the padded grid.
    let k = 2 * ((y + 1) * r.PW + 1) + 1;
    for (const end = i + W; i < end; i++, k += 2) {
      const best = cells[k]!;
      out[i] = best === unset ? -1 : best >> shift;
    }
  }
}

/**
 * Every square reached within `limit` inside the box [x0, x1] × [y0, y1] (the reach of the move), in
 * map order, with its least cost.
 */
export function kernelReach(input: KernelInput, limit: number, x0: number, y0: number, x1: number, y1: number): { index: number; cost: number }[] {
  const r = kernelSearch(input, limit, -1, -1);
  const shift = r.P === 2 ? 1 : 0;
  const out: { index: number; cost: number }[] = [];
  const W = input.map.width;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const key = r.cells[2 * ((y + 1) * r.PW + x + 1) + 1]!;
      if (key !== r.unset) out.push({ index: y * W + x, cost: key >> shift });
    }
  }
  return out;
}

/**
 * The cheapest way to one square, as the squares walked and the key at each (the parity is its low
 * bit with 1-2-1 diagonals), or null when it is out of reach within `limit`. A* towards the target;
 * among the steps that keep the cost, the one nearest the straight line start→target.
 */
export function kernelPath(input: KernelInput, limit: number, tx: number, ty: number): { x: number; y: number; key: number }[] | null {
  const r = kernelSearch(input, limit, tx, ty);
  const PW = r.PW;
  const target = (ty + 1) * PW + tx + 1;
  if (r.cells[2 * target + 1] === r.unset) return null;
  const { cells, open, low, enterStraight, enterDiagonal, weightTable, going } = r;
  const x0 = input.startX;
  const y0 = input.startY;
  const ldx = tx - x0;
  const ldy = ty - y0;
  const out = [{ x: tx, y: ty, key: cells[2 * target + 1]! }];
  const start = (y0 + 1) * PW + x0 + 1;
  // Each step of STEPS, as an offset on the padded grid and its bit in the step masks.
  const steps = [1, -1, PW, -PW, PW + 1, -PW + 1, PW - 1, -PW - 1];
  for (let t = target; t !== start; ) {
    const key = cells[2 * t + 1]!;
    let best = -1;
    let bestOff = Infinity;
    for (let k = 0; k < 8; k++) {
      const p = t - steps[k]!;
      const pk = cells[2 * p + 1]!;
      if (pk === r.unset || !(open[p]! & (1 << k))) continue;
      let w = k < 4 ? enterStraight[t]! : enterDiagonal[t]!;
      if (w >= 0 && low[p]! & (1 << k)) w = weightTable[going[t]! * 8 + (k < 4 ? 0 : 4) + 1]!;
      if (w < 0 || pk + w !== key) continue;
      const px = (p % PW) - 1;
      const py = ((p / PW) | 0) - 1;
      const off = Math.abs((px - x0) * ldy - (py - y0) * ldx);
      if (off < bestOff) {
        best = p;
        bestOff = off;
      }
    }
    if (best < 0) throw new Error('kernelPath: no step back (the search and the walk back disagree)');
    t = best;
    out.push({ x: (t % PW) - 1, y: ((t / PW) | 0) - 1, key: cells[2 * t + 1]! });
  }
  return straighten(r, out.reverse());
}

/**
 * Among paths of equal cost, one that looks straight: from each corner, the path runs along the
 * straight line (Bresenham) to the farthest square of the cheapest path that the line reaches at the
 * same key. Never changes the cost: a line is taken only where it costs exactly what the path did.
 */
function straighten(r: KernelResult, path: { x: number; y: number; key: number }[]): { x: number; y: number; key: number }[] {
  const PW = r.PW;
  const { open, low, enterStraight, enterDiagonal, weightTable, going } = r;
  /** The line's squares from path[i] to path[j] with their keys, or null when it costs more. */
  const line = (i: number, j: number): { x: number; y: number; key: number }[] | null => {
    const a = path[i]!;
    const b = path[j]!;
    const out: { x: number; y: number; key: number }[] = [];
    const dx = Math.abs(b.x - a.x);
    const dy = -Math.abs(b.y - a.y);
    const sx = a.x < b.x ? 1 : -1;
    const sy = a.y < b.y ? 1 : -1;
    let err = dx + dy;
    let x = a.x;
    let y = a.y;
    let key = a.key;
    while (x !== b.x || y !== b.y) {
      const e2 = 2 * err;
      let mx = 0;
      let my = 0;
      if (e2 >= dy) {
        err += dy;
        mx = sx;
      }
      if (e2 <= dx) {
        err += dx;
        my = sy;
      }
      const from = (y + 1) * PW + x + 1;
      const to = from + my * PW + mx;
      const k = mx && my ? (mx > 0 ? (my > 0 ? 4 : 5) : my > 0 ? 6 : 7) : mx ? (mx > 0 ? 0 : 1) : my > 0 ? 2 : 3;
      if (!(open[from]! & (1 << k))) return null;
      let w = k < 4 ? enterStraight[to]! : enterDiagonal[to]!;
      if (w >= 0 && low[from]! & (1 << k)) w = weightTable[going[to]! * 8 + (k < 4 ? 0 : 4) + 1]!;
      if (w < 0) return null;
      key += w;
      if (key > r.cells[2 * to + 1]! || key > b.key) return null;
      x += mx;
      y += my;
      out.push({ x, y, key });
    }
    return key === b.key ? out : null;
  };
  const out = [path[0]!];
  for (let i = 0; i < path.length - 1; ) {
    let j = i + 1;
    let best: { x: number; y: number; key: number }[] = [path[j]!];
    for (let k = i + 2; k < path.length; k++) {
      const straight = line(i, k);
      if (!straight) break;
      best = straight;
      j = k;
    }
    out.push(...best);
    i = j;
  }
  return out;
}

/** Dial's search over keys from the start, towards (tx, ty) with A* when tx ≥ 0, stopping there. */
function kernelSearch(input: KernelInput, limit: number, tx: number, ty: number): KernelResult {
  const { map, rules, plan } = input;
  const W = map.width;
  const H = map.height;
  const P = rules.diagonalParity ? 2 : 1;
  const mode = plan.modes[0]!;

  // Going per terrain kind (water deep or shallow, blockade state), from the ruleset.
  const goingTable = new Int8Array(KINDS * 2 * 3);
  for (let k = 0; k < KINDS; k++) for (let deep = 0; deep < 2; deep++) for (let b = 0; b < 3; b++) {
    goingTable[(k * 2 + deep) * 3 + b] = rules.going(k as TerrainKind, mode, deep === 1, b);
  }
  // d20's 1-2-1 diagonals need the parity of the diagonals so far, but not a state per parity: with
  // key = 2 × cost + parity, a lower key is never worse ((d, 0) beats (d, 1), which beats (d + 1, 0),
  // since from (d, 1) a diagonal reaches d + 2 just as (d + 1, 0) does, with the cheaper parity), and
  // every step adds to the key an amount that does not grow by more than the parity saves: 2 × cost
  // for steps that keep the parity, 3 for a plain diagonal. So each square keeps one key, and the
  // search is a plain Dial's Dijkstra on keys. Weight per (going, diagonal, parity, low obstacle);
  // -1: no step.
  const weightTable = new Int32Array(3 * 2 * 2 * 2).fill(-1);
  const facts: StepFacts = { diagonal: false, parity: 0, going: Going.clear, squeezed: false, crossesLow: false, resistance: 0, mode };
  let maxWeight = 1;
  for (let g = 0; g < 3; g++) {
    if (g === Going.impeded && !plan.allowImpeded) continue;
    if (g >= Going.difficult && plan.noDifficult) continue;
    for (let diag = 0; diag < 2; diag++) for (let par = 0; par < P; par++) for (let low = 0; low < 2; low++) {
      // A move kept off difficult terrain is kept off obstacles between squares too (see MovePlan.noDifficult).
      if (low === 1 && plan.noDifficult && mode !== 'fly') continue;
      facts.going = g as StepFacts['going'];
      facts.diagonal = diag === 1;
      facts.parity = par;
      facts.crossesLow = low === 1;
      const packed = rules.stepCost(facts, plan);
      if (packed < 0) continue;
      const w = P === 2 ? (packed >> 1) * 2 + (packed & 1) - par : packed >> 1;
      weightTable[((g * 2 + diag) * 2 + par) * 2 + low] = w;
      maxWeight = Math.max(maxWeight, w);
    }
  }
  // With that key, a step's weight no longer depends on the parity (2 × cost, or 3 for a plain d20
  // diagonal from either parity): the loop below reads one weight per square entered.
  for (let i = 0; i < weightTable.length; i += 4) {
    for (let low = 0; low < 2; low++) {
      if (P === 2 && weightTable[i + low] !== weightTable[i + 2 + low]) throw new Error(`${rules.id}: step weights that depend on the diagonal parity need the general search`);
    }
  }

  // Everything on a grid padded by one blocked square all round: no bounds checks in the loop.
  const PW = W + 2;
  const PN = PW * (H + 2);
  const { going, enterStraight, enterDiagonal } = enteringWeights(map, PW, PN, goingTable, weightTable, input.deepWater, `${rules.id} ${mode} ${plan.allowImpeded} ${plan.noDifficult}`);
  const { open, low } = paddedStepMasks(map, input.blockadeFills);
  // One word of what never changes and one key per square, side by side (a step reads both from one
  // cache line): see `packedCells`. The key sits at 2 × square + 1.
  const cells = workCells(packedCells(PW, open, low, enterStraight, enterDiagonal), PN);
  const steps = stepOffsets(PW);
  const UNSET = 0x7fffffff;
  const keyLimit = P === 2 ? limit * 2 + 1 : limit;
  // A* towards a target: h = the least weight of the squares' distance, straight and diagonal steps
  // (consistent: no step lowers it by more than its weight). Buckets hold key + h.
  const aim = tx >= 0;
  let wS = 0x7fffffff;
  let wD = 0x7fffffff;
  for (let g = 0; g < 3; g++) {
    if (weightTable[g * 8]! >= 0) wS = Math.min(wS, weightTable[g * 8]!);
    if (weightTable[g * 8 + 4]! >= 0) wD = Math.min(wD, weightTable[g * 8 + 4]!);
  }
  if (wS === 0x7fffffff) wS = 0;
  wD = Math.min(wD, 2 * wS);
  const goalX = tx + 1;
  const goalY = ty + 1;
  const goal = aim ? goalY * PW + goalX : -1;
  const h = (sq: number): number => {
    const y = (sq / PW) | 0;
    const ax = Math.abs(sq - y * PW - goalX);
    const ay = Math.abs(y - goalY);
    return ax > ay ? wS * (ax - ay) + wD * ay : wS * (ay - ax) + wD * ax;
  };
  // Dial's buckets: a ring of stacks (typed arrays that grow), one per key (+ h) modulo a power of
  // two above the largest step in it; a bucket is emptied before the next, none reaches round the ring.
  const B = nextPow2((aim ? 2 * maxWeight : maxWeight) + 1);
  const mask = B - 1;
  const stacks: Int32Array[] = Array.from({ length: B }, () => new Int32Array(1024));
  const sizes = new Int32Array(B);
  let queued = 0;
  const startSquare = (input.startY + 1) * PW + input.startX + 1;
  const startKey = P === 2 ? plan.parity & 1 : 0;
  cells[2 * startSquare + 1] = startKey;
  stacks[(aim ? startKey + h(startSquare) : startKey) & mask]![0] = startSquare;
  sizes[(aim ? startKey + h(startSquare) : startKey) & mask] = 1;
  queued = 1;
  const push = (t: number, nd: number): void => {
    const nb = (aim ? nd + h(t) : nd) & mask;
    let stack = stacks[nb]!;
    const n = sizes[nb]!;
    if (n === stack.length) {
      const grown = new Int32Array(n * 2);
      grown.set(stack);
      stacks[nb] = stack = grown;
    }
    stack[n] = t;
    sizes[nb] = n + 1;
    queued++;
  };
  for (let f = aim ? startKey + h(startSquare) : startKey; queued > 0 && (aim || f <= keyLimit); f++) {
    const b = f & mask;
    while (sizes[b]! > 0) {
      const sq = stacks[b]![--sizes[b]!]!;
      queued--;
      const key = cells[2 * sq + 1]!;
      if (aim) {
        if (key + h(sq) !== f) continue;
        if (sq === goal) {
          queued = 0;
          break;
        }
      } else if (key !== f) continue;
      const here = cells[2 * sq]!;
      if ((here & 0xff) === 0) continue;
      // The eight steps, written out (the order of STEPS: four straight, then four diagonal); bit k of
      // the masks is step k's, set only where the step is open and its square can be entered, so the
      // weight read is never -1. A step's weight is the one of entering its square; a step over a low
      // obstacle (bits 8–15, rare) is priced as the ruleset says, below.
      if ((here & 0xff00) === 0) {
        if (here & 1) {
          const t = sq + 1;
          const nd = key + ((cells[2 * t]! << 8) >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 2) {
          const t = sq + -1;
          const nd = key + ((cells[2 * t]! << 8) >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 4) {
          const t = sq + PW;
          const nd = key + ((cells[2 * t]! << 8) >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 8) {
          const t = sq + -PW;
          const nd = key + ((cells[2 * t]! << 8) >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 16) {
          const t = sq + PW + 1;
          const nd = key + (cells[2 * t]! >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 32) {
          const t = sq + -PW + 1;
          const nd = key + (cells[2 * t]! >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 64) {
          const t = sq + PW - 1;
          const nd = key + (cells[2 * t]! >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        if (here & 128) {
          const t = sq + -PW - 1;
          const nd = key + (cells[2 * t]! >> 24);
          if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
            cells[2 * t + 1] = nd;
            push(t, nd);
          }
        }
        continue;
      }
      for (let k = 0; k < 8; k++) {
        if (!(here & (1 << k))) continue;
        const t = sq + steps[k]!;
        let w = k < 4 ? (cells[2 * t]! << 8) >> 24 : cells[2 * t]! >> 24;
        if (here & (256 << k)) w = weightTable[going[t]! * 8 + (k < 4 ? 0 : 4) + 1]!;
        if (w < 0) continue;
        const nd = key + w;
        if (nd <= keyLimit && nd < cells[2 * t + 1]!) {
          cells[2 * t + 1] = nd;
          push(t, nd);
        }
      }
    }
  }
  return { cells, unset: UNSET, PW, P, weightTable, going, enterStraight, enterDiagonal, open, low };
}


interface EnteringWeights {
  signature: string;
  waterDepth: Float32Array;
  blockade: Uint8Array;
  going: Int8Array;
  enterStraight: Int8Array;
  enterDiagonal: Int8Array;
}
const enteringCache = new WeakMap<Uint8Array, EnteringWeights>();

/**
 * The going of every square on the padded grid, and the weight of entering it straight and
 * diagonally (-1: it cannot be entered). Cached per map layers and reading of the rules, as the
 * step masks are: commands replace layers, they never change them in place.
 */
function enteringWeights(map: BattleMap, PW: number, PN: number, goingTable: Int8Array, weightTable: Int32Array, deepWater: number, reading: string): EnteringWeights {
  const signature = `${reading} ${deepWater}`;
  const known = enteringCache.get(map.terrain);
  if (known && known.signature === signature && known.waterDepth === map.waterDepth && known.blockade === map.blockade && known.going.length === PN) return known;
  const W = map.width;
  const going = new Int8Array(PN).fill(Going.blocked);
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const k = map.terrain[i]!;
      const deep = k === Terrain.water && map.waterDepth[i]! >= deepWater ? 1 : 0;
      going[(y + 1) * PW + x + 1] = goingTable[(k * 2 + deep) * 3 + map.blockade[i]!]!;
    }
  }
  const enterStraight = new Int8Array(PN).fill(-1);
  const enterDiagonal = new Int8Array(PN).fill(-1);
  for (let i = 0; i < PN; i++) {
    const g = going[i]!;
    if (g === Going.blocked) continue;
    enterStraight[i] = weightTable[g * 8]!;
    enterDiagonal[i] = weightTable[g * 8 + 4]!;
  }
  const entry = { signature, waterDepth: map.waterDepth, blockade: map.blockade, going, enterStraight, enterDiagonal };
  enteringCache.set(map.terrain, entry);
  return entry;
}

/** The eight steps of STEPS as offsets on a padded grid PW squares wide. */
function stepOffsets(PW: number): Int32Array {
  return Int32Array.of(1, -1, PW, -PW, PW + 1, -PW + 1, PW - 1, -PW - 1);
}

const packedCache = new WeakMap<Int8Array, { open: Uint8Array; low: Uint8Array; cells: Int32Array }>();

/**
 * What the search reads of a square, in one word: the step masks (bits 0–7 open, 8–15 crossing a low
 * obstacle) and the weights of entering it straight (bits 16–23) and diagonally (24–31), signed (-1:
 * it cannot be entered); every other word is a key, unset. Cached with the weights and masks it packs.
 */
function packedCells(PW: number, open: Uint8Array, low: Uint8Array, enterStraight: Int8Array, enterDiagonal: Int8Array): Int32Array {
  const known = packedCache.get(enterStraight);
  if (known && known.open === open && known.low === low) return known.cells;
  const PN = open.length;
  const cells = new Int32Array(2 * PN);
  const steps = stepOffsets(PW);
  for (let i = 0; i < PN; i++) {
    let bits = open[i]!;
    // A step into a square that cannot be entered that way is no step (a weight of -1 stays so over
    // a low obstacle too).
    for (let k = 0; k < 8; k++) {
      if (!(bits & (1 << k))) continue;
      if ((k < 4 ? enterStraight : enterDiagonal)[i + steps[k]!]! < 0) bits &= ~(1 << k);
    }
    cells[2 * i] = bits | ((low[i]! & bits) << 8) | ((enterStraight[i]! & 0xff) << 16) | (enterDiagonal[i]! << 24);
    cells[2 * i + 1] = 0x7fffffff;
  }
  packedCache.set(enterStraight, { open, low, cells });
  return cells;
}

/** The search's working copy of the packed cells, reused between searches (see `releaseKernelMemory`). */
let work = new Int32Array(0);
function workCells(template: Int32Array, PN: number): Int32Array {
  if (work.length < 2 * PN || work.length > 4 * PN) work = new Int32Array(2 * PN);
  const cells = work.length === 2 * PN ? work : work.subarray(0, 2 * PN);
  cells.set(template);
  return cells;
}

/** Gives back the kernel's working buffer (see `releaseSearchMemory`). */
export function releaseKernelMemory(): void {
  work = new Int32Array(0);
}
/** Bytes the kernel's working buffer holds. */
export function kernelMemoryBytes(): number {
  return work.byteLength;
}
