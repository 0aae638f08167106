import type { Reach } from '../rules/engine/types';
import type { Square } from './types';

/**
 * Data for the small charts of Play mode (the UI draws them): how likely dice movement reaches each
 * distance, and a fall's damage as bars. Plain numbers, no drawing.
 */

/**
 * For dice movement (6d6.txt › Run: the score is rolled), the best chance of getting at least this far:
 * for each distance in squares from where the creature stands, the likeliest square at that distance
 * the rolled score reaches (not the chance of stopping exactly there).
 * Fixed budgets give 1 for every distance reached.
 */
export function reachByDistance(reach: Reach, from: Square): { distance: number; p: number }[] {
  const best = new Map<number, number>();
  for (const s of reach.squares) {
    if (!s.end) continue;
    const d = Math.max(Math.abs(s.x - from.x), Math.abs(s.y - from.y));
    const p = s.p ?? 1;
    if (p > (best.get(d) ?? -1)) best.set(d, p);
  }
  return [...best.entries()].sort((a, b) => a[0] - b[0]).map(([distance, p]) => ({ distance, p }));
}

/** A damage distribution as bars, with each bar's share of the tallest (for a chart's heights). */
export function damageBars(distribution: readonly [number, number][]): { total: number; p: number; height: number }[] {
  const top = Math.max(0, ...distribution.map(([, p]) => p));
  return distribution.map(([total, p]) => ({ total, p, height: top > 0 ? p / top : 0 }));
}
