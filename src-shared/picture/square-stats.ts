import type { GridAlignment } from '../model';
import type { PicturePixels } from './grid-detect';

/**
 * What the picture shows on each map square, for the terrain wand (issue 15 › Terrain from the
 * picture): the mean colour in CIE L*a*b* (distances there follow how different colours look, so
 * one tolerance serves water, grass and stone) and a texture measure (how much the brightness
 * varies inside the square: still water is smooth, rubble and grass are busy), sampled on at most
 * 12 × 12 points a square so a 512 × 512 map reads in a fraction of a second.
 *
 * Read from a copy decoded at any size (`scale` = decoded width / picture width) and the picture's
 * grid alignment. Only the inner part of each square is read, so drawn grid lines do not count.
 */
export interface SquareStats {
  /** Map size in squares. */
  width: number;
  height: number;
  /** L*, a*, b* of each square's mean colour, three numbers a square (row by row). */
  lab: Float32Array;
  /** Standard deviation of brightness inside each square, on L*'s 0–100 scale. */
  texture: Float32Array;
  /** 1 where the picture covers the square's middle, 0 where the square lies off the picture. */
  covered: Uint8Array;
}

/** The part of a square's side left out at each edge, where grid lines are drawn. */
const INSET = 0.15;
/** Samples on a side of a square at most: enough for a mean and a spread, cheap on a big map. */
const SAMPLES = 12;

const linear = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  linear[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);

/** sRGB in linear light (0–1) to L*a*b* (D65 white). */
export function labOfLinear(r: number, g: number, b: number): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** 8-bit luma to the L* scale's 0–100, for the texture measure (cheap: no cube root a sample). */
const LUMA_TO_L = 100 / 255;

export function squareStats(image: PicturePixels, scale: number, align: GridAlignment, map: { width: number; height: number }): SquareStats {
  const { width: w, height: h, data, channels } = image;
  const n = map.width * map.height;
  const lab = new Float32Array(n * 3);
  const texture = new Float32Array(n);
  const covered = new Uint8Array(n);
  const side = align.pixelsPerSquare * scale;
  const steps = Math.max(1, Math.min(SAMPLES, Math.floor(side * (1 - 2 * INSET))));
  // Where the samples fall inside a square, from its top-left corner, in decoded pixels.
  const at = Float64Array.from({ length: steps }, (_, k) => side * (INSET + ((1 - 2 * INSET) * (k + 0.5)) / steps));
  for (let sy = 0; sy < map.height; sy++) {
    for (let sx = 0; sx < map.width; sx++) {
      const i = sy * map.width + sx;
      const left = (align.offsetX + sx * align.pixelsPerSquare) * scale;
      const top = (align.offsetY + sy * align.pixelsPerSquare) * scale;
      const cx = Math.floor(left + side / 2);
      const cy = Math.floor(top + side / 2);
      if (cx < 0 || cy < 0 || cx >= w || cy >= h) continue;
      covered[i] = 1;
      let r = 0;
      let g = 0;
      let b = 0;
      let l = 0;
      let ll = 0;
      let count = 0;
      for (let j = 0; j < steps; j++) {
        const py = Math.floor(top + at[j]!);
        if (py < 0 || py >= h) continue;
        const row = py * w;
        for (let k = 0; k < steps; k++) {
          const px = Math.floor(left + at[k]!);
          if (px < 0 || px >= w) continue;
          const o = (row + px) * channels;
          const pr = data[o]!;
          const pg = channels === 1 ? pr : data[o + 1]!;
          const pb = channels === 1 ? pr : data[o + 2]!;
          r += linear[pr]!;
          g += linear[pg]!;
          b += linear[pb]!;
          const L = ((77 * pr + 150 * pg + 29 * pb) >> 8) * LUMA_TO_L;
          l += L;
          ll += L * L;
          count++;
        }
      }
      const [L, A, B] = labOfLinear(r / count, g / count, b / count);
      lab[i * 3] = L;
      lab[i * 3 + 1] = A;
      lab[i * 3 + 2] = B;
      const mean = l / count;
      texture[i] = Math.sqrt(Math.max(0, ll / count - mean * mean));
    }
  }
  return { width: map.width, height: map.height, lab, texture, covered };
}
