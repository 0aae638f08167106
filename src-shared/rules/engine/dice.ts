import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Dice expressions (`2d6+1`, `1d6`, `3`) and their exact distributions. Pure arithmetic: rolling
 * takes a random source from the caller, so a simulation replays exactly.
 */
export interface DiceExpression {
  count: number;
  sides: number;
  bonus: number;
}

export class DiceError extends Error {}

export function parseDice(text: string): DiceExpression {
  const m = /^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/.exec(text);
  if (m) {
    const count = m[1] ? Number(m[1]) : 1;
    const sides = Number(m[2]);
    const bonus = m[3] ? (m[3] === '-' ? -1 : 1) * Number(m[4]) : 0;
    if (count < 1 || count > 100 || sides < 1 || sides > 1000) throw new DiceError(`"${text}" is outside 1-100 dice of 1-1000 sides`);
    return { count, sides, bonus };
  }
  if (/^\s*\d+\s*$/.test(text)) return { count: 0, sides: 1, bonus: Number(text) };
  throw new DiceError(`"${text}" is not a dice expression like 1d6+2`);
}

export function formatDice(d: DiceExpression): string {
  if (d.count === 0) return String(d.bonus);
  return `${d.count}d${d.sides}${d.bonus > 0 ? `+${d.bonus}` : d.bonus < 0 ? `${d.bonus}` : ''}`;
}

/** Probability of each total, as a map from total to probability. */
export function distribution(d: DiceExpression): Map<number, number> {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < d.count; i++) {
    const next = new Map<number, number>();
    for (const [total, p] of dist) {
      for (let face = 1; face <= d.sides; face++) next.set(total + face, (next.get(total + face) ?? 0) + p / d.sides);
    }
    dist = next;
  }
  const out = new Map<number, number>();
  for (const [total, p] of dist) out.set(total + d.bonus, p);
  return out;
}

/** P(total ≥ threshold). */
export function chanceAtLeast(d: DiceExpression, threshold: number): number {
  const { min, max } = diceRange(d);
  if (threshold <= min) return 1;
  if (threshold > max) return 0;
  let p = 0;
  for (const [total, q] of distribution(d)) if (total >= threshold) p += q;
  return Math.min(1, p);
}

export function diceRange(d: DiceExpression): { min: number; max: number; mean: number } {
  return { min: d.count + d.bonus, max: d.count * d.sides + d.bonus, mean: (d.count * (d.sides + 1)) / 2 + d.bonus };
}

/** A source of uniform numbers in [0, 1): pass a seeded one to replay a simulation. */
export type RandomSource = () => number;

export function roll(d: DiceExpression, random: RandomSource): number {
  let total = d.bonus;
  for (let i = 0; i < d.count; i++) total += 1 + Math.floor(random() * d.sides);
  return total;
}

/** A seeded source (xoroshiro128+, from pure-rand): the same seed replays the same rolls. */
export function seededRandom(seed: number): RandomSource {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
}

/**
 * The chance that `score` (dice, or a fixed number) less a rolled `penalty` is at least `threshold`:
 * an action score against a resistance raised by a roll (6d6.txt › Staying Hidden).
 */
export function chanceMarginAtLeast(score: DiceExpression | number, penalty: DiceExpression, threshold: number): number {
  const scores = typeof score === 'number' ? new Map([[score, 1]]) : distribution(score);
  const penalties = distribution(penalty);
  let p = 0;
  for (const [s, ps] of scores) for (const [q, pq] of penalties) if (s - q >= threshold) p += ps * pq;
  return p;
}

/**
 * The chance that `score` (dice, or a fixed number) covers `threshold` plus the sum of `rolls`, each
 * roll counting at least 1: an action score against resistance actions still to roll (6d6.txt
 * › Occupied Squares: "all resistance actions score a minimum of one") and a rolled penalty.
 */
export function chanceToCover(score: DiceExpression | number, rolls: readonly DiceExpression[], threshold: number): number {
  let sum = new Map<number, number>([[0, 1]]);
  for (const r of rolls) {
    const next = new Map<number, number>();
    for (const [face, q] of distribution(r)) {
      const v = Math.max(1, face);
      for (const [t, p] of sum) next.set(t + v, (next.get(t + v) ?? 0) + p * q);
    }
    sum = next;
  }
  const scores = typeof score === 'number' ? new Map([[score, 1]]) : distribution(score);
  let p = 0;
  for (const [s, ps] of scores) for (const [r, pr] of sum) if (s - r >= threshold) p += ps * pr;
  return Math.min(1, p);
}
