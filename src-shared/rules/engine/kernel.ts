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
  /** Key per padded square: 2 × cost + parity with 1-2-1 diagonals, else the cost; `unset` if not reached. */
  dist: Uint16Array | Int32Array;
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
  const PW = r.PW;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const best = r.dist[(y + 1) * PW + x + 1]!;
      out[y * map.width + x] = best === r.unset ? -1 : best >> shift;
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
      const key = r.dist[(y + 1) * r.PW + x + 1]!;
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
  if (r.dist[target] === r.unset) return null;
  const { dist, open, low, enterStraight, enterDiagonal, weightTable, going } = r;
  const x0 = input.startX;
  const y0 = input.startY;
  const ldx = tx - x0;
  const ldy = ty - y0;
  const out = [{ x: tx, y: ty, key: dist[target]! }];
  const start = (y0 + 1) * PW + x0 + 1;
  // Each step of STEPS, as an offset on the padded grid and its bit in the step masks.
  const steps = [1, -1, PW, -PW, PW + 1, -PW + 1, PW - 1, -PW - 1];
  for (let t = target; t !== start; ) {
    const key = dist[t]!;
    let best = -1;
    let bestOff = Infinity;
    for (let k = 0; k < 8; k++) {
      const p = t - steps[k]!;
      const pk = dist[p]!;
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
    out.push({ x: (t % PW) - 1, y: ((t / PW) | 0) - 1, key: dist[t]! });
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
      if (key > r.dist[to]! || key > b.key) return null;
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
  // One key per square (see above); costs of a whole map fit 16 bits unless the budget is larger.
  const keyLimit = P === 2 ? limit * 2 + 1 : limit;
  const UNSET = keyLimit < 0xfffe ? 0xffff : 0x7fffffff;
  const dist: Uint16Array | Int32Array = keyLimit < 0xfffe ? new Uint16Array(PN).fill(UNSET) : new Int32Array(PN).fill(UNSET);
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
  const goal = goalY * PW + goalX;
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
  const push = (t: number, nd: number): void => {
    const nb = (aim ? nd + h(t) : nd) & mask;
    let target = stacks[nb]!;
    const n = sizes[nb]!;
    if (n === target.length) {
      const grown = new Int32Array(n * 2);
      grown.set(target);
      stacks[nb] = target = grown;
    }
    target[n] = t;
    sizes[nb] = n + 1;
    queued++;
  };
  const startSquare = (input.startY + 1) * PW + input.startX + 1;
  const startKey = P === 2 ? plan.parity & 1 : 0;
  dist[startSquare] = startKey;
  push(startSquare, startKey);
  for (let f = aim ? startKey + h(startSquare) : startKey; queued > 0 && (aim || f <= keyLimit); f++) {
    const b = f & mask;
    while (sizes[b]! > 0) {
      // Re-read the stack each time: a push to this bucket (a step that keeps key + h) may grow it.
      const sq = stacks[b]![--sizes[b]!]!;
      queued--;
      const key = dist[sq]!;
      if ((aim ? key + h(sq) : key) !== f) continue;
      if (sq === goal) {
        queued = 0;
        break;
      }
      const openHere = open[sq]!;
      if (openHere === 0) continue;
      const lowHere = low[sq]!;
      // The eight steps, written out (the order of STEPS: four straight, then four diagonal).
      if (openHere & 1) {
        const t = sq + 1;
        let w = enterStraight[t]!;
        if (w >= 0 && lowHere & 1) w = weightTable[going[t]! * 8 + 0 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 2) {
        const t = sq + -1;
        let w = enterStraight[t]!;
        if (w >= 0 && lowHere & 2) w = weightTable[going[t]! * 8 + 0 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 4) {
        const t = sq + PW;
        let w = enterStraight[t]!;
        if (w >= 0 && lowHere & 4) w = weightTable[going[t]! * 8 + 0 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 8) {
        const t = sq + -PW;
        let w = enterStraight[t]!;
        if (w >= 0 && lowHere & 8) w = weightTable[going[t]! * 8 + 0 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 16) {
        const t = sq + PW + 1;
        let w = enterDiagonal[t]!;
        if (w >= 0 && lowHere & 16) w = weightTable[going[t]! * 8 + 4 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 32) {
        const t = sq + -PW + 1;
        let w = enterDiagonal[t]!;
        if (w >= 0 && lowHere & 32) w = weightTable[going[t]! * 8 + 4 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 64) {
        const t = sq + PW - 1;
        let w = enterDiagonal[t]!;
        if (w >= 0 && lowHere & 64) w = weightTable[going[t]! * 8 + 4 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
      if (openHere & 128) {
        const t = sq + -PW - 1;
        let w = enterDiagonal[t]!;
        if (w >= 0 && lowHere & 128) w = weightTable[going[t]! * 8 + 4 + 1]!;
        if (w >= 0) {
          const nd = key + w;
          if (nd <= keyLimit && nd < dist[t]!) {
            dist[t] = nd;
            push(t, nd);
          }
        }
      }
    }
  }
  return { dist, unset: UNSET, PW, P, weightTable, going, enterStraight, enterDiagonal, open, low };
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
