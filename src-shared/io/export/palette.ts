import { Edge, Terrain, type BattleMap, type Side, type TerrainKind } from '../../model';

/**
 * The map's colours, shared by the editor's canvas and the pure image exports so an exported PNG
 * looks like the editor. One [r, g, b] per terrain kind.
 */
export const TERRAIN_RGB: Record<TerrainKind, [number, number, number]> = {
  [Terrain.normal]: [222, 214, 192],
  [Terrain.difficult]: [184, 156, 98],
  [Terrain.impeded]: [128, 104, 58],
  [Terrain.blocked]: [56, 60, 70],
  [Terrain.obstacle]: [112, 118, 130],
  [Terrain.hazardous]: [200, 72, 48],
  [Terrain.water]: [64, 132, 200],
};

/**
 * Edge marks in the rules view: a dark core over a pale casing (drawn first, wider), so a wall, a
 * low obstacle or a door reads on pale ground by its core and on dark ground (blocked rock, deep
 * water, impeded brush) by its casing: each has 3 : 1 contrast or more with every terrain colour
 * (checked in tests/unit/render/map-style.test.ts). A low obstacle on impeded ground used to vanish.
 */
export const EDGE_STYLE: Record<number, { color: string; casing: string; width: number; dash?: number[] }> = {
  [Edge.wall]: { color: '#1c1f26', casing: '#f4efe2', width: 5 },
  [Edge.low]: { color: '#3a2a16', casing: '#f4ecd8', width: 3, dash: [6, 4] },
  // Doors in dark wood brown: closed a solid bar, open a dashed one, both as thick as a wall or nearly.
  [Edge.doorClosed]: { color: '#5a2e0a', casing: '#f6ead2', width: 6 },
  [Edge.doorOpen]: { color: '#5a2e0a', casing: '#f6ead2', width: 4, dash: [5, 4] },
  // A window or force field (startroid.txt › Teleportation): deep glass blue, long dashes with short gaps.
  [Edge.window]: { color: '#123c66', casing: '#eef6fc', width: 5, dash: [9, 3] },
};

/** How much wider than the core the casing is drawn, in pixels on each side (at least). */
export const EDGE_CASING_PX = 1.5;

export const SIDE_COLORS: Record<Side, string> = { party: '#2f7de1', enemy: '#d23c3c', neutral: '#8b8f98' };

export function hexRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The lowest ground and the span up to the highest, for shading heights. */
export function elevationRange(map: BattleMap): { min: number; span: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const e of map.elevation) {
    if (e < min) min = e;
    if (e > max) max = e;
  }
  return { min, span: max - min };
}

/** The colour of square `i`: its terrain, lighter on higher ground, darker in deeper water. */
export function squareRgb(map: BattleMap, i: number, range: { min: number; span: number }): [number, number, number] {
  const kind = map.terrain[i] as TerrainKind;
  const [r, g, b] = TERRAIN_RGB[kind] ?? TERRAIN_RGB[Terrain.normal];
  let k = 1;
  if (range.span > 0) k += ((map.elevation[i]! - range.min) / range.span - 0.5) * 0.35;
  if (kind === Terrain.water) k *= Math.max(0.45, 1 - map.waterDepth[i]! / 60);
  return [Math.min(255, r * k) | 0, Math.min(255, g * k) | 0, Math.min(255, b * k) | 0];
}

/**
 * `squareRgb` for every square of `rect`, written into an RGBA buffer of the rect's size: the same
 * colours without a tuple per square (a flood fill repaints a million of them at once).
 *
 * `step` > 1 writes one pixel per `step` × `step` squares, the colour of the square at the
 * block's corner (`rect` then counts those blocks, and its corner is square (x·step, y·step)):
 * the reduced picture shown when the map is zoomed out past a square a pixel.
 */
export function squareRgbInto(map: BattleMap, range: { min: number; span: number }, rect: { x: number; y: number; width: number; height: number }, px: Uint8ClampedArray, step = 1): void {
  const { terrain, elevation, waterDepth, width } = map;
  const normal = TERRAIN_RGB[Terrain.normal];
  // One 32-bit write a square, and the last square's colour reused while kind, height and depth
  // repeat (a filled block is one colour): a million squares in a few ms.
  const words = px.byteOffset % 4 === 0 ? new Uint32Array(px.buffer, px.byteOffset, px.length >> 2) : null;
  let lastKind = -1;
  let lastHeight = NaN;
  let lastDepth = NaN;
  let r = 0;
  let g = 0;
  let b = 0;
  let word = 0;
  for (let y = 0; y < rect.height; y++) {
    let i = (rect.y + y) * step * width + rect.x * step;
    let o = y * rect.width;
    for (let x = 0; x < rect.width; x++, i += step, o++) {
      const kind = terrain[i] as TerrainKind;
      const height = elevation[i]!;
      const depth = kind === Terrain.water ? waterDepth[i]! : 0;
      if (kind !== lastKind || height !== lastHeight || depth !== lastDepth) {
        lastKind = kind;
        lastHeight = height;
        lastDepth = depth;
        const rgb = TERRAIN_RGB[kind] ?? normal;
        let k = 1;
        // The same arithmetic as squareRgb, so both give the same bytes.
        if (range.span > 0) k += ((height - range.min) / range.span - 0.5) * 0.35;
        if (kind === Terrain.water) k *= Math.max(0.45, 1 - depth / 60);
        r = Math.min(255, rgb[0] * k) | 0;
        g = Math.min(255, rgb[1] * k) | 0;
        b = Math.min(255, rgb[2] * k) | 0;
        word = (LITTLE_ENDIAN ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
      }
      if (words) words[o] = word;
      else {
        px[o * 4] = r;
        px[o * 4 + 1] = g;
        px[o * 4 + 2] = b;
        px[o * 4 + 3] = 255;
      }
    }
  }
}

/** Whether this machine stores a 32-bit word's lowest byte first (the RGBA bytes of one pixel). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
