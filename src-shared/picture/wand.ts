import type { SquareStats } from './square-stats';

/**
 * The terrain wand (issue 15 › Terrain from the picture): the squares whose picture looks like the
 * clicked one's, so the water, grass or rubble a picture shows becomes terrain in a few clicks.
 * Contiguous: the squares joined to it side by side (a flood that walls do not stop); global: every
 * square on the map that looks alike.
 */
export interface WandOptions {
  /**
   * How different a square may look and still be taken, in CIE76 ΔE (about 2 is the least
   * difference an eye sees; 10–15 takes the shades of one surface; 30 and more mixes surfaces).
   */
  tolerance: number;
  contiguous: boolean;
}

/**
 * The shades of one painted surface but not its neighbours: on the test maps any tolerance from 10
 * to 14 takes each region exactly (water, grass, stone, rubble), 12 is in the middle.
 */
export const DEFAULT_WAND: WandOptions = { tolerance: 12, contiguous: true };

/** How much a difference in texture (spread of brightness) counts against the colour's ΔE: rubble and a floor of the same grey differ mostly in it. */
const TEXTURE_WEIGHT = 1.5;

/** A square's look: L*, a*, b* and texture. */
type Look = [number, number, number, number];

const lookOf = (stats: SquareStats, i: number): Look => [stats.lab[i * 3]!, stats.lab[i * 3 + 1]!, stats.lab[i * 3 + 2]!, stats.texture[i]!];

function differenceFrom(stats: SquareStats, look: Look, i: number): number {
  const dl = stats.lab[i * 3]! - look[0];
  const da = stats.lab[i * 3 + 1]! - look[1];
  const db = stats.lab[i * 3 + 2]! - look[2];
  const dt = stats.texture[i]! - look[3];
  return Math.sqrt(dl * dl + da * da + db * db + TEXTURE_WEIGHT * TEXTURE_WEIGHT * dt * dt);
}

/** How different two squares look: colour difference (ΔE) and texture difference together. */
export function squareDifference(stats: SquareStats, a: number, b: number): number {
  return differenceFrom(stats, lookOf(stats, a), b);
}

/** The squares within the tolerance of a look, joined to the seed or anywhere; the seed first. */
function take(stats: SquareStats, start: number, look: Look, options: WandOptions): number[] {
  const { width, height } = stats;
  const alike = (i: number) => stats.covered[i] === 1 && differenceFrom(stats, look, i) <= options.tolerance;
  if (!options.contiguous) {
    const out = [start];
    for (let i = 0; i < width * height; i++) if (i !== start && alike(i)) out.push(i);
    return out;
  }
  const seen = new Uint8Array(width * height);
  const out: number[] = [];
  const queue = new Int32Array(width * height);
  let end = 0;
  queue[end++] = start;
  seen[start] = 1;
  const visit = (j: number) => {
    if (seen[j]) return;
    seen[j] = 1;
    if (alike(j)) queue[end++] = j;
  };
  while (end > 0) {
    const i = queue[--end]!;
    out.push(i);
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i < width * (height - 1)) visit(i + width);
  }
  return out;
}

/**
 * The squares the wand takes from `seed`, as map indices (y · width + x), the seed first. Squares
 * the picture does not cover are never taken; a seed off the picture takes nothing.
 *
 * Compared first with the clicked square, then once more with the mean look of what that took: a
 * surface's shades scatter round its mean, and the clicked square may be one of its lighter or
 * darker ones. Each comparison is with one fixed look, not neighbour to neighbour, so a slow blend
 * does not creep across the map.
 */
export function wandSquares(stats: SquareStats, seed: { x: number; y: number }, options: WandOptions): number[] {
  const { width, height } = stats;
  if (seed.x < 0 || seed.y < 0 || seed.x >= width || seed.y >= height) return [];
  const start = seed.y * width + seed.x;
  if (!stats.covered[start]) return [];
  const first = take(stats, start, lookOf(stats, start), options);
  if (options.tolerance <= 0) return first;
  const mean: Look = [0, 0, 0, 0];
  for (const i of first) {
    mean[0] += stats.lab[i * 3]!;
    mean[1] += stats.lab[i * 3 + 1]!;
    mean[2] += stats.lab[i * 3 + 2]!;
    mean[3] += stats.texture[i]!;
  }
  for (let k = 0; k < 4; k++) mean[k]! /= first.length;
  return take(stats, start, mean, options);
}
