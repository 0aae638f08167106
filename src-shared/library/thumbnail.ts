import { encode } from 'fast-png';
import { Edge, Terrain, type BattleMap, type Creature, type TerrainKind } from '../model';
import { EDGE_STYLE, hexRgb, SIDE_COLORS, TERRAIN_RGB } from '../io/export/palette';

/**
 * Library thumbnails: the terrain with its height shading and the creatures as dots in their
 * side's colour, rasterised without a canvas so the main process's worker and the browser make
 * the same picture.
 */

/** The editor's and the exports' own colours (one palette: `io/export/palette.ts`). */
export const THUMBNAIL_TERRAIN_RGB: Record<TerrainKind, readonly [number, number, number]> = TERRAIN_RGB;
const SIDE_RGB: Record<Creature['side'], readonly [number, number, number]> = {
  party: hexRgb(SIDE_COLORS.party),
  enemy: hexRgb(SIDE_COLORS.enemy),
  neutral: hexRgb(SIDE_COLORS.neutral),
};

/** Walls, low obstacles and doors, in the map's edge colours; drawn where a square is 3 pixels or more. */
const EDGE_RGB: Record<number, readonly [number, number, number]> = Object.fromEntries(
  [Edge.wall, Edge.low, Edge.doorClosed, Edge.doorOpen].map((kind) => [kind, hexRgb(EDGE_STYLE[kind]!.color)]),
);

/** The longest side of a thumbnail in pixels. */
export const THUMBNAIL_MAX = 128;

export interface Raster {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

/** Pixel size: whole pixels per square for small maps, nearest-square sampling for large ones. */
export function thumbnailSize(width: number, height: number, max = THUMBNAIL_MAX): { width: number; height: number } {
  const scale = max / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function rasteriseThumbnail(map: BattleMap, creatures: readonly Creature[], max = THUMBNAIL_MAX): Raster {
  const { width, height } = thumbnailSize(map.width, map.height, max);
  const data = new Uint8Array(width * height * 4);
  let lo = Infinity;
  let hi = -Infinity;
  for (const e of map.elevation) {
    if (e < lo) lo = e;
    if (e > hi) hi = e;
  }
  const span = hi - lo;
  // Higher ground lighter, deeper water darker: the same shading as the map view.
  const colour = new Uint8Array(map.width * map.height * 3);
  for (let i = 0; i < map.terrain.length; i++) {
    const kind = map.terrain[i] as TerrainKind;
    const [r, g, b] = THUMBNAIL_TERRAIN_RGB[kind] ?? THUMBNAIL_TERRAIN_RGB[Terrain.normal];
    let k = 1;
    if (span > 0) k += ((map.elevation[i]! - lo) / span - 0.5) * 0.35;
    if (kind === Terrain.water) k *= Math.max(0.45, 1 - map.waterDepth[i]! / 60);
    colour[i * 3] = Math.min(255, r * k);
    colour[i * 3 + 1] = Math.min(255, g * k);
    colour[i * 3 + 2] = Math.min(255, b * k);
  }
  const sx = map.width / width;
  const sy = map.height / height;
  for (let y = 0; y < height; y++) {
    const my = Math.min(map.height - 1, Math.floor((y + 0.5) * sy));
    for (let x = 0; x < width; x++) {
      const mx = Math.min(map.width - 1, Math.floor((x + 0.5) * sx));
      const s = (my * map.width + mx) * 3;
      const o = (y * width + x) * 4;
      data[o] = colour[s]!;
      data[o + 1] = colour[s + 1]!;
      data[o + 2] = colour[s + 2]!;
      data[o + 3] = 255;
    }
  }
  const pps = width / map.width;
  if (pps >= 3) {
    const put = (x: number, y: number, rgb: readonly [number, number, number]) => {
      const o = (y * width + x) * 4;
      data[o] = rgb[0];
      data[o + 1] = rgb[1];
      data[o + 2] = rgb[2];
    };
    for (let y = 0; y < map.height; y++) {
      const y0 = Math.floor(y * pps);
      const y1 = Math.min(height, Math.floor((y + 1) * pps));
      for (let x = 0; x < map.width; x++) {
        const x0 = Math.floor(x * pps);
        const x1 = Math.min(width, Math.floor((x + 1) * pps));
        const east = EDGE_RGB[map.edgeEast[y * map.width + x]!];
        if (east) for (let py = y0; py < y1; py++) put(x1 - 1, py, east);
        const south = EDGE_RGB[map.edgeSouth[y * map.width + x]!];
        if (south) for (let px = x0; px < x1; px++) put(px, y1 - 1, south);
      }
    }
  }
  // Creatures: a dot at least 2 pixels wide, so a goblin on a 500-square map still shows.
  const dot = Math.max(2, Math.round(1 / Math.max(sx, sy)));
  for (const c of creatures) {
    const cx = Math.floor((c.x + 0.5) / sx);
    const cy = Math.floor((c.y + 0.5) / sy);
    const [r, g, b] = SIDE_RGB[c.side] ?? SIDE_RGB.neutral;
    for (let y = cy - (dot >> 1); y < cy - (dot >> 1) + dot; y++) {
      for (let x = cx - (dot >> 1); x < cx - (dot >> 1) + dot; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const o = (y * width + x) * 4;
        data[o] = r;
        data[o + 1] = g;
        data[o + 2] = b;
      }
    }
  }
  return { width, height, data };
}

export function thumbnailPng(map: BattleMap, creatures: readonly Creature[], max = THUMBNAIL_MAX): Uint8Array {
  const raster = rasteriseThumbnail(map, creatures, max);
  // Opaque, so RGB: a quarter less to compress; level 4 compresses flat maps best for the time.
  const rgb = new Uint8Array(raster.width * raster.height * 3);
  for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
    rgb[o] = raster.data[i]!;
    rgb[o + 1] = raster.data[i + 1]!;
    rgb[o + 2] = raster.data[i + 2]!;
  }
  return encode({ width: raster.width, height: raster.height, data: rgb, channels: 3, depth: 8 }, { zlib: { level: 4 } });
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 without `Buffer` or `btoa`, which this layer does not have. */
export function toBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += B64[n >> 18]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + '=';
  }
  return out;
}

/** The thumbnail as a `data:` URL, which the page's CSP allows for images. */
export function thumbnailDataUrl(map: BattleMap, creatures: readonly Creature[], max = THUMBNAIL_MAX): string {
  return `data:image/png;base64,${toBase64(thumbnailPng(map, creatures, max))}`;
}
