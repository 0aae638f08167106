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

/**
 * Least cost per square (min over parities), -1 where unreachable within `limit`. Uses `dist` as
 * scratch (length ≥ squares × parities).
 */
export function kernelField(input: KernelInput, limit: number, out: Int32Array): void {
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
  // Dial's buckets: a ring of stacks (typed arrays that grow), one per key modulo a power of two above
  // the largest weight; a bucket is emptied before the next, and no weight reaches around the ring.
  const B = nextPow2(maxWeight + 1);
  const mask = B - 1;
  const stacks: Int32Array[] = Array.from({ length: B }, () => new Int32Array(1024));
  const sizes = new Int32Array(B);
  let queued = 0;
  const push = (t: number, nd: number): void => {
    const nb = nd & mask;
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
  stacks[startKey & mask]![0] = startSquare;
  sizes[startKey & mask] = 1;
  queued = 1;
  for (let key = startKey; queued > 0 && key <= keyLimit; key++) {
    const b = key & mask;
    while (sizes[b]! > 0) {
      // Re-read the stack each time: a push to this bucket may have grown it (it never does, as no
      // weight is zero, but the read is cheap).
      const sq = stacks[b]![--sizes[b]!]!;
      queued--;
      if (dist[sq] !== key) continue;
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
  const shift = P === 2 ? 1 : 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const best = dist[(y + 1) * PW + x + 1]!;
      out[y * W + x] = best === UNSET ? -1 : best >> shift;
    }
  }
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
