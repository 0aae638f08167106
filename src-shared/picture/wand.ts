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
   * difference an eye sees; 15–25 takes the shades of one surface; 35 and more mixes surfaces).
   */
  tolerance: number;
  contiguous: boolean;
}

/** The shades of one painted surface (ΔE up to about 15 on a drawn map) but not its neighbours. */
export const DEFAULT_WAND: WandOptions = { tolerance: 20, contiguous: true };

/** How much a difference in texture (spread of L*) counts against the colour's ΔE. */
const TEXTURE_WEIGHT = 0.75;

/** How different two squares look: colour difference (ΔE) and texture difference together. */
export function squareDifference(stats: SquareStats, a: number, b: number): number {
  const dl = stats.lab[a * 3]! - stats.lab[b * 3]!;
  const da = stats.lab[a * 3 + 1]! - stats.lab[b * 3 + 1]!;
  const db = stats.lab[a * 3 + 2]! - stats.lab[b * 3 + 2]!;
  const dt = stats.texture[a]! - stats.texture[b]!;
  return Math.sqrt(dl * dl + da * da + db * db + TEXTURE_WEIGHT * TEXTURE_WEIGHT * dt * dt);
}

/**
 * The squares the wand takes from `seed`, as map indices (y · width + x), the seed first. Squares
 * the picture does not cover are never taken; a seed off the picture takes nothing.
 */
export function wandSquares(stats: SquareStats, seed: { x: number; y: number }, options: WandOptions): number[] {
  const { width, height } = stats;
  if (seed.x < 0 || seed.y < 0 || seed.x >= width || seed.y >= height) return [];
  const start = seed.y * width + seed.x;
  if (!stats.covered[start]) return [];
  // Compared with the seed, not with the neighbour: a slow gradient does not creep across the map.
  const alike = (i: number) => stats.covered[i] === 1 && squareDifference(stats, start, i) <= options.tolerance;
  if (!options.contiguous) {
    const out = [start];
    for (let i = 0; i < width * height; i++) if (i !== start && alike(i)) out.push(i);
    return out;
  }
  const seen = new Uint8Array(width * height);
  const out: number[] = [];
  const queue = [start];
  seen[start] = 1;
  while (queue.length) {
    const i = queue.pop()!;
    out.push(i);
    const x = i % width;
    const y = (i - x) / width;
    const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1];
    for (const j of next) {
      if (j < 0 || seen[j]) continue;
      seen[j] = 1;
      if (alike(j)) queue.push(j);
    }
  }
  return out;
}
