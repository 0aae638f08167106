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

/**
 * Writes the colour of the squares in `rect` into an RGBA buffer of that rect's size; with `step`
 * > 1 the rect counts blocks of step × step squares, each the colour of the square at its corner.
 */
function colour(map: BattleMap, span: ElevationSpan, rect: PixelRect, px: Uint8ClampedArray, squareColour: SquareColour, step: number): void {
  const range = { min: span.min, span: span.max - span.min };
  if (squareColour === squareRgb) {
    squareRgbInto(map, range, rect, px, step);
    return;
  }
  for (let y = 0; y < rect.height; y++) {
    for (let x = 0; x < rect.width; x++) {
      const [r, g, b] = squareColour(map, (rect.y + y) * step * map.width + (rect.x + x) * step, range);
      const o = (y * rect.width + x) * 4;
      px[o] = r;
      px[o + 1] = g;
      px[o + 2] = b;
      px[o + 3] = 255;
    }
  }
}

/** The size of the picture of a map with one pixel per `step` × `step` squares. */
export function reducedSize(map: { width: number; height: number }, step: number): { width: number; height: number } {
  return { width: Math.ceil(map.width / step), height: Math.ceil(map.height / step) };
}

/**
 * The pixels of the reduced picture (one per `step` × `step` squares) whose corner square lies in
 * `rect` (in squares), or null when none does.
 */
export function reducedRect(rect: PixelRect, step: number): PixelRect | null {
  const x = Math.ceil(rect.x / step);
  const y = Math.ceil(rect.y / step);
  const width = Math.floor((rect.x + rect.width - 1) / step) - x + 1;
  const height = Math.floor((rect.y + rect.height - 1) / step) - y + 1;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * Paints the squares in `rect` (default: the whole map) onto the canvas; returns what it painted
 * (in squares). With `step` > 1 the canvas is the reduced picture: one pixel per step × step squares.
 */
export function paintTerrain(map: BattleMap, canvas: HTMLCanvasElement, span = elevationSpan(map), rect?: PixelRect, squareColour: SquareColour = squareRgb, step = 1): PixelRect {
  const whole = !rect;
  const size = reducedSize(map, step);
  if (canvas.width !== size.width || canvas.height !== size.height) {
    canvas.width = size.width;
    canvas.height = size.height;
    rect = undefined;
  }
  const r = rect && !whole ? rect : { x: 0, y: 0, width: map.width, height: map.height };
  const px = step === 1 ? r : reducedRect(r, step);
  if (!px) return r;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(px.width, px.height);
  colour(map, span, px, image.data, squareColour, step);
  ctx.putImageData(image, px.x, px.y);
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
export function rectOfSquares(width: number, indices: ArrayLike<number>): PixelRect | null {
  // Kept per list: the rules view and the map view each ask about the same edit.
  const known = rects.get(indices);
  if (known && known.width === width) return known.rect && { ...known.rect };
  const rect = boundingRect(width, indices);
  rects.set(indices, { width, rect });
  return rect && { ...rect };
}

const rects = new WeakMap<ArrayLike<number>, { width: number; rect: PixelRect | null }>();

/** Tells `rectOfSquares` the rectangle of a list its maker already measured (a flood fill's). */
export function rememberRect(width: number, indices: ArrayLike<number>, rect: PixelRect | null): void {
  rects.set(indices, { width, rect: rect && { ...rect } });
}

function boundingRect(width: number, indices: ArrayLike<number>): PixelRect | null {
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
