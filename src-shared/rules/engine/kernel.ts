import { Terrain, type BattleMap, type TerrainKind } from '../../model';
import { BucketRing } from './bucket-queue';
import { paddedStepMasks, STEPS } from './grid';
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
  // Step cost per (going, diagonal, parity, low obstacle), packed as cost * 2 + parity; -1: no step.
  const costTable = new Int32Array(3 * 2 * 2 * 2).fill(-1);
  const facts: StepFacts = { diagonal: false, parity: 0, going: Going.clear, squeezed: false, crossesLow: false, resistance: 0, mode };
  let maxCost = 1;
  for (let g = 0; g < 3; g++) {
    if (g === Going.impeded && !plan.allowImpeded) continue;
    if (g >= Going.difficult && plan.noDifficult) continue;
    for (let diag = 0; diag < 2; diag++) for (let par = 0; par < P; par++) for (let low = 0; low < 2; low++) {
      facts.going = g as StepFacts['going'];
      facts.diagonal = diag === 1;
      facts.parity = par;
      facts.crossesLow = low === 1;
      const packed = rules.stepCost(facts, plan);
      costTable[((g * 2 + diag) * 2 + par) * 2 + low] = packed;
      if (packed >= 0) maxCost = Math.max(maxCost, packed >> 1);
    }
  }

  // Everything on a grid padded by one blocked square all round: no bounds checks in the loop.
  const PW = W + 2;
  const PN = PW * (H + 2);
  const going = new Int8Array(PN).fill(Going.blocked);
  const terrain = map.terrain;
  const water = map.waterDepth;
  const blockade = map.blockade;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const k = terrain[i]!;
      const deep = k === Terrain.water && water[i]! >= input.deepWater ? 1 : 0;
      going[(y + 1) * PW + x + 1] = goingTable[(k * 2 + deep) * 3 + blockade[i]!]!;
    }
  }
  const { open, low } = paddedStepMasks(map, input.blockadeFills);
  const offset = new Int32Array(8);
  const column = new Int32Array(8);
  for (let k = 0; k < 8; k++) {
    offset[k] = STEPS[k]![1] * PW + STEPS[k]![0];
    column[k] = STEPS[k]![0] !== 0 && STEPS[k]![1] !== 0 ? 4 : 0;
  }

  const states = PN * P;
  // Costs of a whole map fit 16 bits unless the budget is larger: half the memory to walk.
  const UNSET = limit < 0xfffe ? 0xffff : 0x7fffffff;
  const dist: Uint16Array | Int32Array = limit < 0xfffe ? new Uint16Array(states).fill(UNSET) : new Int32Array(states).fill(UNSET);
  const queue = new BucketRing(maxCost);
  const start = ((input.startY + 1) * PW + input.startX + 1) * P + (plan.parity & (P - 1));
  dist[start] = 0;
  queue.push(start, 0);
  for (let s = queue.take(limit); s !== -1; s = queue.take(limit)) {
    const d = dist[s]!;
    if (d !== queue.current) continue;
    const parity = P === 2 ? s & 1 : 0;
    const sq = P === 2 ? s >> 1 : s;
    if (P === 2) {
      // Dominance between the two parities of one square (see MoveSearch.run).
      const td = dist[s ^ 1]!;
      if (parity === 1 ? td <= d : td + 1 <= d) continue;
    }
    const openHere = open[sq]!;
    const lowHere = low[sq]!;
    for (let k = 0; k < 8; k++) {
      const bit = 1 << k;
      if (!(openHere & bit)) continue;
      const t = sq + offset[k]!;
      const g = going[t]!;
      if (g === Going.blocked) continue;
      const packed = costTable[g * 8 + column[k]! + parity * 2 + (lowHere & bit ? 1 : 0)]!;
      if (packed < 0) continue;
      const nd = d + (packed >> 1);
      const ts = P === 2 ? t * 2 + (packed & 1) : t;
      if (nd > limit || nd >= dist[ts]!) continue;
      dist[ts] = nd;
      queue.push(ts, nd);
    }
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y + 1) * PW + x + 1;
      let best = dist[p * P]!;
      if (P === 2 && dist[p * 2 + 1]! < best) best = dist[p * 2 + 1]!;
      out[y * W + x] = best === UNSET ? -1 : best;
    }
  }
}

