import { encode } from 'fast-png';
import { Edge, Terrain, type Encounter, type MapPicture } from '../../model';
import { mapStyleOptions, renderMapStyle, type MapStyle } from '../../render/map-style';
import { mapSegments, placements } from './geometry';
import { EDGE_CASING_PX, EDGE_STYLE, SIDE_COLORS, elevationRange, hexRgb, squareRgb } from './palette';

/**
 * The map as a picture, drawn in pure code (no canvas), so the CLI, the main process and the
 * browser make the same PNG: terrain colours, then the grid, walls and doors, then creatures.
 */
export interface ImageOptions {
  /** Pixels per grid square (whole number). */
  pixelsPerSquare: number;
  grid: boolean;
  creatures: boolean;
  /** The rules' flat colours (default) or the player-facing map style (`render/map-style.ts`). */
  style?: MapStyle;
  /** The map's picture, decoded, drawn under the rules where it lies on the grid. */
  picture?: { image: RgbImage; placement: MapPicture };
  /** Drawn over everything (burnt-in labels), the image's own size. */
  overlay?: { width: number; height: number; data: Uint8Array };
}

/** How strongly terrain other than open ground is tinted over the picture: the art stays readable under it. */
export const TERRAIN_OVER_PICTURE = 0.45;

/** Largest side and area of an exported image: a bigger one would not open in most tools. */
export const MAX_IMAGE_SIDE = 16384;
export const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;
export const MAX_PIXELS_PER_SQUARE = 400;

export class ExportProblem extends Error {}

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes per pixel, row by row. */
  data: Uint8Array;
}

/** The largest whole number of pixels per square (at most `wanted`) that keeps the image in bounds. */
export function fitPixelsPerSquare(width: number, height: number, wanted: number, maxSide = 4096): number {
  const side = Math.max(width, height);
  return Math.max(1, Math.min(wanted, Math.floor(maxSide / side), Math.floor(Math.sqrt(MAX_IMAGE_PIXELS / (width * height)))));
}

export function checkImageSize(width: number, height: number, pps: number): void {
  if (!Number.isInteger(pps) || pps < 1 || pps > MAX_PIXELS_PER_SQUARE) {
    throw new ExportProblem(`pixels per square must be a whole number from 1 to ${MAX_PIXELS_PER_SQUARE} (got ${pps})`);
  }
  const w = width * pps;
  const h = height * pps;
  if (w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || w * h > MAX_IMAGE_PIXELS) {
    throw new ExportProblem(
      `a ${width} × ${height} map at ${pps} pixels per square is ${w} × ${h} pixels, over the limit of ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1048576} megapixels; choose at most ${fitPixelsPerSquare(width, height, MAX_PIXELS_PER_SQUARE, MAX_IMAGE_SIDE)} pixels per square`,
    );
  }
}

export function renderMap(encounter: Encounter, options: ImageOptions): RgbImage {
  const map = encounter.map;
  const s = options.pixelsPerSquare;
  checkImageSize(map.width, map.height, s);
  const W = map.width * s;
  const H = map.height * s;
  const data = new Uint8Array(W * H * 3);
  const fill = (x0: number, y0: number, x1: number, y1: number, rgb: readonly number[], alpha = 1) => {
    const ax = Math.max(0, Math.floor(x0));
    const ay = Math.max(0, Math.floor(y0));
    const bx = Math.min(W, Math.ceil(x1));
    const by = Math.min(H, Math.ceil(y1));
    for (let y = ay; y < by; y++) {
      let o = (y * W + ax) * 3;
      for (let x = ax; x < bx; x++, o += 3) {
        if (alpha >= 1) {
          data[o] = rgb[0]!;
          data[o + 1] = rgb[1]!;
          data[o + 2] = rgb[2]!;
        } else {
          data[o] = data[o]! + (rgb[0]! - data[o]!) * alpha;
          data[o + 1] = data[o + 1]! + (rgb[1]! - data[o + 1]!) * alpha;
          data[o + 2] = data[o + 2]! + (rgb[2]! - data[o + 2]!) * alpha;
        }
      }
    }
  };

  // The map style (when chosen, and no picture is drawn under) draws its own walls, doors and cliffs
  // with the ground; otherwise terrain is one block of colour per square, and over a picture open
  // ground shows the picture and the rest is tinted, as the editor draws the rules over the art.
  const mapStyle = options.style === 'map' && !options.picture;
  const range = elevationRange(map);
  if (mapStyle) {
    const rgba = renderMapStyle(map, mapStyleOptions(encounter, s)).data;
    for (let i = 0, o = 0; o < data.length; i += 4, o += 3) {
      data[o] = rgba[i]!;
      data[o + 1] = rgba[i + 1]!;
      data[o + 2] = rgba[i + 2]!;
    }
  } else {
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) fill(x * s, y * s, (x + 1) * s, (y + 1) * s, squareRgb(map, y * map.width + x, range));
    }
  }
  if (options.picture) {
    drawPictureUnder(data, W, H, s, options.picture.image, options.picture.placement);
    for (let y = 0; y < map.height; y++) {
      for (let x = 0; x < map.width; x++) {
        const i = y * map.width + x;
        if (map.terrain[i] !== Terrain.normal) fill(x * s, y * s, (x + 1) * s, (y + 1) * s, squareRgb(map, i, range), TERRAIN_OVER_PICTURE);
      }
    }
  }

  // Grid: one-pixel lines, drawn only where squares are big enough to see them.
  if (options.grid && s >= 4) {
    const ink = [0, 0, 0];
    for (let x = 0; x <= map.width; x++) fill(Math.min(x * s, W - 1), 0, Math.min(x * s, W - 1) + 1, H, ink, 0.25);
    for (let y = 0; y <= map.height; y++) fill(0, Math.min(y * s, H - 1), W, Math.min(y * s, H - 1) + 1, ink, 0.25);
  }

  // Walls, low obstacles and doors, as thick strokes along their grid lines (dashed where the editor
  // dashes), each over a solid pale casing so it reads on dark ground too.
  const codes = { wall: Edge.wall, low: Edge.low, 'door-closed': Edge.doorClosed, 'door-open': Edge.doorOpen, window: Edge.window } as const;
  const segments = mapStyle ? [] : mapSegments(map, { outline: false });
  for (const seg of segments) {
    const style = EDGE_STYLE[codes[seg.kind]]!;
    const rgb = hexRgb(style.color);
    const half = Math.max(0.5, (style.width * s) / 70 / 2);
    const dash = style.dash ? style.dash.map((d) => Math.max(1, (d * s) / 35)) : null;
    const horizontal = seg.y0 === seg.y1;
    const from = (horizontal ? seg.x0 : seg.y0) * s;
    const to = (horizontal ? seg.x1 : seg.y1) * s;
    const line = (horizontal ? seg.y0 : seg.x0) * s;
    const casing = half + Math.max(1, (EDGE_CASING_PX * s) / 35);
    if (horizontal) fill(from, line - casing, to, line + casing, hexRgb(style.casing));
    else fill(line - casing, from, line + casing, to, hexRgb(style.casing));
    for (let a = from; a < to; ) {
      const len = dash ? dash[0]! : to - from;
      const b = Math.min(to, a + len);
      if (horizontal) fill(a, line - half, b, line + half, rgb);
      else fill(line - half, a, line + half, b, rgb);
      a = b + (dash ? dash[1]! : 0);
    }
  }

  // Creatures: a disc in the side's colour with a light rim, as on the editor's canvas.
  if (options.creatures) {
    for (const p of placements(encounter)) {
      const r = (p.size * s) / 2;
      const cx = p.x * s + r;
      const cy = p.y * s + r;
      const inner = Math.max(0.5, r * 0.86);
      const outer = Math.max(1, r * 0.94);
      const rgb = hexRgb(SIDE_COLORS[p.creature.side]);
      for (let y = Math.max(0, Math.floor(cy - outer)); y < Math.min(H, Math.ceil(cy + outer)); y++) {
        for (let x = Math.max(0, Math.floor(cx - outer)); x < Math.min(W, Math.ceil(cx + outer)); x++) {
          const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
          if (d <= inner) fill(x, y, x + 1, y + 1, rgb);
          else if (d <= outer) fill(x, y, x + 1, y + 1, [255, 255, 255]);
        }
      }
    }
  }
  if (options.overlay && options.overlay.width === W && options.overlay.height === H) {
    const over = options.overlay.data;
    for (let i = 0, o = 0; o < data.length; i += 4, o += 3) {
      const a = over[i + 3]! / 255;
      if (a === 0) continue;
      data[o] = Math.round(data[o]! * (1 - a) + over[i]! * a);
      data[o + 1] = Math.round(data[o + 1]! * (1 - a) + over[i + 1]! * a);
      data[o + 2] = Math.round(data[o + 2]! * (1 - a) + over[i + 2]! * a);
    }
  }
  return { width: W, height: H, data };
}

/**
 * Draws the picture over the squares it covers (`data` already holds the terrain colours, which
 * stay where the picture does not reach and show through as much as the picture's opacity lets).
 * Each output pixel averages up to 4 × 4 samples of the picture pixels under it, so a picture
 * shrunk to a few pixels a square does not shimmer.
 */
export function drawPictureUnder(data: Uint8Array, W: number, H: number, s: number, picture: RgbImage, placement: MapPicture): void {
  const scale = placement.pixelsPerSquare / s; // picture pixels per output pixel
  const k = Math.max(1, Math.min(4, Math.ceil(scale)));
  const a = placement.opacity;
  const pw = picture.width;
  const ph = picture.height;
  const src = picture.data;
  for (let y = 0; y < H; y++) {
    const py0 = placement.offsetY + y * scale;
    if (py0 + scale <= 0 || py0 >= ph) continue;
    for (let x = 0; x < W; x++) {
      const px0 = placement.offsetX + x * scale;
      if (px0 + scale <= 0 || px0 >= pw) continue;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let j = 0; j < k; j++) {
        const py = Math.floor(py0 + ((j + 0.5) * scale) / k);
        if (py < 0 || py >= ph) continue;
        for (let i = 0; i < k; i++) {
          const px = Math.floor(px0 + ((i + 0.5) * scale) / k);
          if (px < 0 || px >= pw) continue;
          const o = (py * pw + px) * 3;
          r += src[o]!;
          g += src[o + 1]!;
          b += src[o + 2]!;
          n++;
        }
      }
      if (n === 0) continue;
      const o = (y * W + x) * 3;
      data[o] = Math.round(data[o]! * (1 - a) + (r / n) * a);
      data[o + 1] = Math.round(data[o + 1]! * (1 - a) + (g / n) * a);
      data[o + 2] = Math.round(data[o + 2]! * (1 - a) + (b / n) * a);
    }
  }
}

export function encodeImagePng(image: RgbImage): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.data, channels: 3, depth: 8 });
}

/** The map as PNG bytes. */
export function mapPng(encounter: Encounter, options: ImageOptions): Uint8Array {
  return encodeImagePng(renderMap(encounter, options));
}
