import type { BattleMap } from '../../../src-shared/model';
import { squareRgb, squareRgbInto } from '../../../src-shared/io/export/palette';

/**
 * One pixel per square: the terrain layer is a single image scaled up with smoothing off, so a
 * 512 × 512 map costs one draw call, not 262,144 shapes. Higher ground is drawn lighter, deeper
 * water darker, relative to the map's lowest and highest ground.
 */
export interface ElevationSpan {
  min: number;
  max: number;
}

export function elevationSpan(map: BattleMap): ElevationSpan {
  let min = Infinity;
  let max = -Infinity;
  // An indexed loop: this runs cold on open, where an iterator costs ~25 ms at 512².
  const elevation = map.elevation;
  for (let i = 0, n = elevation.length; i < n; i++) {
    const e = elevation[i]!;
    if (e < min) min = e;
    if (e > max) max = e;
  }
  return { min, max };
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A square's one colour: the rules' (the PNG export's colours), or the map style's average. */
export type SquareColour = (map: BattleMap, i: number, range: { min: number; span: number }) => [number, number, number];

/** Writes the colour of the squares in `rect` into an RGBA buffer of that rect's size. */
function colour(map: BattleMap, span: ElevationSpan, rect: PixelRect, px: Uint8ClampedArray, squareColour: SquareColour): void {
  const range = { min: span.min, span: span.max - span.min };
  if (squareColour === squareRgb) {
    squareRgbInto(map, range, rect, px);
    return;
  }
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const [r, g, b] = squareColour(map, (rect.y + y) * map.width + rect.x + x, range);
      const o = (y * rect.width + x) * 4;
      px[o] = r;
      px[o + 1] = g;
      px[o + 2] = b;
      px[o + 3] = 255;
    }
  }
}

/** Paints the squares in `rect` (default: the whole map) onto the canvas; returns what it painted. */
export function paintTerrain(map: BattleMap, canvas: HTMLCanvasElement, span = elevationSpan(map), rect?: PixelRect, squareColour: SquareColour = squareRgb): PixelRect {
  const whole = !rect;
  if (canvas.width !== map.width || canvas.height !== map.height) {
    canvas.width = map.width;
    canvas.height = map.height;
    rect = undefined;
  }
  const r = rect && !whole ? rect : { x: 0, y: 0, width: map.width, height: map.height };
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(r.width, r.height);
  colour(map, span, r, image.data, squareColour);
  ctx.putImageData(image, r.x, r.y);
  return r;
}

/** The smallest rectangle holding every square where any of these layer arrays differ, or null. */
export function changedRect(width: number, pairs: [ArrayLike<number>, ArrayLike<number>][]): PixelRect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (const [before, after] of pairs) {
    if (before === after) continue;
    for (let i = 0; i < after.length; i++) {
      if (before[i] === after[i]) continue;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The smallest rectangle holding these squares (indices y * width + x), or null for none. */
export function rectOfSquares(width: number, indices: readonly number[]): PixelRect | null {
  // Kept per list: the rules view and the map view each ask about the same edit.
  const known = rects.get(indices);
  if (known && known.width === width) return known.rect && { ...known.rect };
  const rect = boundingRect(width, indices);
  rects.set(indices, { width, rect });
  return rect && { ...rect };
}

const rects = new WeakMap<readonly number[], { width: number; rect: PixelRect | null }>();

function boundingRect(width: number, indices: readonly number[]): PixelRect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  // An indexed loop without a remainder: a flood fill gives a million squares.
  for (let k = 0, n = indices.length; k < n; k++) {
    const i = indices[k]!;
    const y = Math.floor(i / width);
    const x = i - y * width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The union of two rectangles (either may be null). */
export function unionRect(a: PixelRect | null, b: PixelRect | null): PixelRect | null {
  if (!a || !b) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
