import { Edge, RULESETS, Surface, Terrain, type BattleMap, type Encounter, type TerrainKind } from '../model';

/**
 * The player-facing "map" style: each square drawn with a procedural texture of what it is made of
 * (stone flags, grass, rubble, brush, hatched rock, a pillar, embers, water shaded by depth), cliffs
 * with a drawn edge and a cast shadow, walls as thick masonry, doors, windows and low walls. Pure and
 * deterministic: the same map, seed and pixels per square give the same pixels everywhere (the canvas
 * draws its tiles from it, the exports their picture, the CLI its PNG). Nothing is left to chance: the seed is
 * passed in (`mapStyleSeed` makes one from the encounter).
 */

/** How the map is drawn: the rules' flat colours, or the player-facing map style. */
export const MAP_STYLES = ['rules', 'map'] as const;
export type MapStyle = (typeof MAP_STYLES)[number];
export const isMapStyle = (v: unknown): v is MapStyle => v === 'rules' || v === 'map';

type Rgb = readonly [number, number, number];

/** What a square looks like: the terrain kind, read with its surface (grass is soft ground). */
export const Material = {
  flagstone: 0,
  grass: 1,
  rubble: 2,
  brush: 3,
  rock: 4,
  pillar: 5,
  embers: 6,
  water: 7,
} as const;
export type MaterialId = (typeof Material)[keyof typeof Material];
export type MaterialName = keyof typeof Material;
export const MATERIAL_NAMES = Object.keys(Material) as MaterialName[];

/**
 * Each material's ground colour (its texture varies around it), muted as a printed battle map is.
 * Edge marks are drawn with a near-black body and a pale rim, so they read on light and dark
 * ground alike (`EDGE_INKS`; the contrast is checked in tests/unit/render/map-style.test.ts).
 */
export const MATERIAL_RGB: Readonly<Record<MaterialId, Rgb>> = {
  [Material.flagstone]: [186, 178, 160],
  [Material.grass]: [98, 116, 72],
  [Material.rubble]: [166, 148, 118],
  [Material.brush]: [70, 86, 52],
  [Material.rock]: [78, 74, 70],
  [Material.pillar]: [186, 178, 160],
  [Material.embers]: [92, 62, 50],
  [Material.water]: [84, 128, 146],
};
/** Water at great depth; shallow water is `MATERIAL_RGB[water]`. */
export const DEEP_WATER_RGB: Rgb = [26, 52, 78];

/** The two inks of every edge mark: its body, and the pale rim that outlines it on dark ground. */
export const EDGE_INKS: Readonly<Record<number, { body: Rgb; rim: Rgb }>> = {
  [Edge.wall]: { body: [44, 40, 38], rim: [232, 226, 210] },
  [Edge.low]: { body: [58, 44, 30], rim: [232, 222, 196] },
  [Edge.doorClosed]: { body: [84, 50, 24], rim: [236, 222, 190] },
  [Edge.doorOpen]: { body: [84, 50, 24], rim: [236, 222, 190] },
  [Edge.window]: { body: [30, 58, 84], rim: [214, 236, 246] },
};

export function materialOf(map: BattleMap, i: number): MaterialId {
  switch (map.terrain[i] as TerrainKind) {
    case Terrain.difficult:
      return Material.rubble;
    case Terrain.impeded:
      return Material.brush;
    case Terrain.blocked:
      return Material.rock;
    case Terrain.obstacle:
      return Material.pillar;
    case Terrain.hazardous:
      return Material.embers;
    case Terrain.water:
      return Material.water;
    default: {
      const s = map.surface[i];
      return s === Surface.soft || s === Surface.yielding ? Material.grass : Material.flagstone;
    }
  }
}

/** A seed from the encounter's name (FNV-1a): the same encounter always looks the same. */
export function mapStyleSeed(encounter: Pick<Encounter, 'name'>): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < encounter.name.length; k++) {
    h ^= encounter.name.charCodeAt(k);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface MapStyleOptions {
  /** Pixels per square, a whole number from 1 to 400. */
  pixelsPerSquare: number;
  seed: number;
  /** The ruleset's square size in its length unit: a drop of this much or more is a cliff. */
  ledgeHeight: number;
}

/** The options for an encounter: its seed and its ruleset's square. */
export function mapStyleOptions(encounter: Pick<Encounter, 'name' | 'ruleset'>, pixelsPerSquare: number): MapStyleOptions {
  return { pixelsPerSquare, seed: mapStyleSeed(encounter), ledgeHeight: RULESETS[encounter.ruleset].squareSize };
}

/** A rectangle of squares. */
export interface SquareRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RgbaImage {
  width: number;
  height: number;
  /** Four bytes per pixel, row by row. */
  data: Uint8ClampedArray;
}

// ---------------------------------------------------------------------------------------------
// Noise: integer hashes of the seed and a lattice point, smoothed into value noise. Textures are
// sampled in square units, so a texture looks the same at every pixels per square.

function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Value noise in [0, 1), repeating every `period` lattice cells (so an atlas tiles seamlessly). */
function noise(u: number, v: number, period: number, seed: number): number {
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  const fx = u - x0;
  const fy = v - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const w = (a: number) => ((a % period) + period) % period;
  const a = hash(w(x0), w(y0), seed);
  const b = hash(w(x0 + 1), w(y0), seed);
  const c = hash(w(x0), w(y0 + 1), seed);
  const d = hash(w(x0 + 1), w(y0 + 1), seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/** Two octaves of noise at `freq` cells a square, over an atlas of `P` squares. */
function fbm(u: number, v: number, freq: number, P: number, seed: number): number {
  return noise(u * freq, v * freq, P * freq, seed) * 0.65 + noise(u * freq * 2, v * freq * 2, P * freq * 2, seed + 7) * 0.35;
}

// ---------------------------------------------------------------------------------------------
// The atlas: each material's texture over P × P squares at one pixels per square, made once per
// (seed, pixels per square) and looked up per pixel, so drawing a map costs a lookup and a multiply
// a pixel. P squares apart the texture repeats; per-square tone changes hide it.

/** The atlas repeats every this many squares. */
export const ATLAS_SQUARES = 4;

interface Atlas {
  side: number;
  /** One RGB texture per material, `side` × `side` pixels, made the first time a square needs it. */
  texture(m: MaterialId): Uint8ClampedArray;
}

const atlases = new Map<string, Atlas>();

function atlasFor(seed: number, pps: number): Atlas {
  const key = `${seed}:${pps}`;
  let atlas = atlases.get(key);
  if (atlas) {
    atlases.delete(key);
    atlases.set(key, atlas);
    return atlas;
  }
  const side = ATLAS_SQUARES * pps;
  const textures: Uint8ClampedArray[] = [];
  // Below the finest scale the canvas uses, a texture is the finest one averaged down (a box filter):
  // cheap (the canvas's zooms cost one texture each, not one per zoom) and smoother than sampling
  // the noise sparsely. Other sizes (an export's 70 or 100 px) are made at their own size.
  const make = (m: MaterialId) => (pps < FINEST && FINEST % pps === 0 ? shrink(atlasFor(seed, FINEST).texture(m), FINEST / pps, side) : makeTexture(m, seed, pps, side));
  atlas = { side, texture: (m) => (textures[m] ??= make(m)) };
  atlases.set(key, atlas);
  // A few scales (the canvas's zooms, an export) are kept; the oldest go.
  for (const old of atlases.keys()) {
    if (atlases.size <= 10) break;
    atlases.delete(old);
  }
  return atlas;
}

/** The finest scale drawn from the noise itself for the canvas; smaller powers of two are averaged from it. */
export const FINEST = 32;

/** A texture averaged down by `k` (k × k pixels to one). */
function shrink(tex: Uint8ClampedArray, k: number, side: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(side * side * 3);
  const big = side * k;
  const n = k * k;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < k; dy++) {
        let o = ((y * k + dy) * big + x * k) * 3;
        for (let dx = 0; dx < k; dx++, o += 3) {
          r += tex[o]!;
          g += tex[o + 1]!;
          b += tex[o + 2]!;
        }
      }
      const o = (y * side + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/**
 * Makes a material's texture at a scale ahead of need (the canvas calls it in idle tasks when the
 * map view opens, so no frame pays for it).
 */
export function prepareMapStyle(seed: number, pps: number, material: MaterialId): void {
  atlasFor(seed >>> 0, pps).texture(material);
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
const mix = (a: Rgb, b: Rgb, t: number): [number, number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const shade = (c: Rgb, k: number): [number, number, number] => [c[0] * k, c[1] * k, c[2] * k];

/** Scattered round things (stones, bushes): the nearest of one per cell, `cells` to a square. */
function nearestBlob(u: number, v: number, cells: number, P: number, seed: number): { d: number; r: number; dx: number; dy: number; id: number } {
  const cu = u * cells;
  const cv = v * cells;
  const ix = Math.floor(cu);
  const iy = Math.floor(cv);
  const period = P * cells;
  let best = { d: Infinity, r: 0, dx: 0, dy: 0, id: 0 };
  for (let oy = -1; oy <= 1; oy++) {
    for (let ox = -1; ox <= 1; ox++) {
      const gx = (((ix + ox) % period) + period) % period;
      const gy = (((iy + oy) % period) + period) % period;
      const px = ix + ox + hash(gx, gy, seed);
      const py = iy + oy + hash(gx, gy, seed + 1);
      const r = 0.25 + 0.2 * hash(gx, gy, seed + 2);
      const dx = cu - px;
      const dy = cv - py;
      const d = Math.sqrt(dx * dx + dy * dy) / r;
      if (d < best.d) best = { d, r, dx: dx / r, dy: dy / r, id: hash(gx, gy, seed + 3) };
    }
  }
  return best;
}

/**
 * The flagstone floor at (u, v) squares: each square laid as one flag, two halves or four quarters
 * (chosen per square), so the joints follow the grid as on a printed dungeon tile; each flag its own
 * tone, mortar between.
 */
function flagstone(u: number, v: number, P: number, seed: number, mortarWidth: number): [number, number, number] {
  const base = MATERIAL_RGB[Material.flagstone];
  const sx = Math.floor(u);
  const sy = Math.floor(v);
  const fu = u - sx;
  const fv = v - sy;
  const wx = ((sx % P) + P) % P;
  const wy = ((sy % P) + P) % P;
  const layout = Math.floor(hash(wx, wy, seed + 11) * 4);
  const splitU = layout === 2 || layout === 3;
  const splitV = layout === 1 || layout === 3;
  const cu = splitU ? (fu < 0.5 ? 0 : 1) : 0;
  const cv = splitV ? (fv < 0.5 ? 0 : 1) : 0;
  const w = splitU ? 0.5 : 1;
  const h = splitV ? 0.5 : 1;
  const lu = fu - cu * 0.5;
  const lv = fv - cv * 0.5;
  const tone = 0.9 + 0.16 * hash(wx * 2 + cu, wy * 2 + cv, seed + 12);
  const grain = 0.93 + 0.14 * fbm(u, v, 6, P, seed + 13);
  const edge = Math.min(lu, w - lu, lv, h - lv);
  const c = shade(base, tone * grain);
  if (edge < mortarWidth) return mix(c, [112, 104, 92], Math.min(1, (mortarWidth - edge) / mortarWidth + 0.3));
  // A worn bevel: flags a little darker toward their bottom-right edges.
  return edge < mortarWidth * 2.5 && lu + lv > (w + h) / 2 ? shade(c, 0.94) : c;
}

function makeTexture(material: MaterialId, seed: number, pps: number, side: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(side * side * 3);
  const P = ATLAS_SQUARES;
  const s = seed ^ Math.imul(material + 1, 0x9e3779b1);
  // Thin lines stay at least about a pixel wide, and fade rather than vanish at small sizes.
  const mortar = Math.max(0.018, 0.5 / pps);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const u = (px + 0.5) / pps;
      const v = (py + 0.5) / pps;
      let c: [number, number, number];
      switch (material) {
        case Material.flagstone:
          c = flagstone(u, v, P, s, mortar);
          break;
        case Material.grass: {
          const patch = fbm(u, v, 1.5, P, s);
          const blade = noise(u * 24, v * 9, P * 24, s + 5);
          c = shade(mix(MATERIAL_RGB[Material.grass], [116, 128, 80], patch), 0.86 + 0.24 * blade);
          break;
        }
        case Material.rubble: {
          const ground = shade(MATERIAL_RGB[Material.rubble], 0.92 + 0.14 * fbm(u, v, 3, P, s));
          const b = nearestBlob(u, v, 3, P, s + 1);
          if (b.d < 1) {
            // A stone lit from the top left: lighter there, darker toward the bottom right, a dark rim.
            const light = 1 - 0.35 * (b.dx + b.dy) * 0.5;
            const stone = shade([150, 144, 134], (0.8 + 0.3 * b.id) * light);
            c = b.d > 0.8 ? mix(stone, [70, 62, 52], (b.d - 0.8) / 0.2) : stone;
          } else if (b.d < 1.25 && b.dx + b.dy > 0) c = shade(ground, 0.8);
          else c = ground;
          break;
        }
        case Material.brush: {
          const b = nearestBlob(u, v, 2, P, s + 1);
          const leaf = 0.85 + 0.3 * noise(u * 14, v * 14, P * 14, s + 4);
          const base = MATERIAL_RGB[Material.brush];
          c = b.d < 1 ? shade(mix(base, [104, 120, 66], 1 - b.d), leaf * (1 - 0.25 * Math.max(0, b.dx + b.dy) * 0.5)) : shade(base, 0.7 * leaf);
          break;
        }
        case Material.rock: {
          // Hatched rock, as dungeon maps draw solid stone: diagonal strokes broken by noise.
          const hatch = Math.abs((((u + v) * 5.5) % 1) - 0.5);
          const broken = noise(u * 4, v * 4, P * 4, s + 2) > 0.35;
          const base = shade(MATERIAL_RGB[Material.rock], 0.92 + 0.16 * fbm(u, v, 3, P, s));
          c = broken && hatch < 0.12 ? shade(base, 0.6) : base;
          break;
        }
        case Material.pillar: {
          // A round pillar on the floor, lit from the top left, with its shadow to the bottom right.
          const floor = flagstone(u, v, P, seed ^ Math.imul(1, 0x9e3779b1), mortar);
          const dx = (u % 1) - 0.5;
          const dy = (v % 1) - 0.5;
          const r = Math.sqrt(dx * dx + dy * dy);
          const sr = Math.sqrt((dx - 0.07) ** 2 + (dy - 0.07) ** 2);
          if (r < 0.34) {
            const lit = 1.08 - 0.9 * (dx + dy) * 0.7;
            const stone = shade([150, 146, 138], lit * (0.95 + 0.1 * noise(u * 10, v * 10, P * 10, s)));
            c = r > 0.3 ? mix(stone, [40, 36, 34], (r - 0.3) / 0.04) : stone;
          } else if (sr < 0.36) c = shade(floor, 0.62);
          else c = floor;
          break;
        }
        case Material.embers: {
          // Charred ground with glowing cracks where the noise crosses its middle.
          const n = fbm(u, v, 2.5, P, s);
          const crack = Math.abs(n - 0.5);
          const base = shade(MATERIAL_RGB[Material.embers], 0.9 + 0.2 * noise(u * 8, v * 8, P * 8, s + 3));
          c = crack < 0.035 ? mix([196, 102, 48], base, crack / 0.035) : base;
          break;
        }
        default: {
          // Water: ripples as a brightness to multiply the colour for the depth by.
          const ripple = 0.93 + 0.1 * noise(u * 3, v * 10, P * 3, s) + 0.04 * noise(u * 12, v * 12, P * 12, s + 1);
          c = [ripple * 128, ripple * 128, ripple * 128];
        }
      }
      const o = (py * side + px) * 3;
      out[o] = clamp(c[0]);
      out[o + 1] = clamp(c[1]);
      out[o + 2] = clamp(c[2]);
    }
  }
  return out;
}

/** How dark water of this depth is drawn, from 0 (shallow) to 1 (deep): deeper is darker, always. */
export function waterDarkness(depth: number, ledgeHeight: number): number {
  return 1 - Math.exp(-Math.max(0, depth) / (3 * ledgeHeight));
}

/** The colour of water of a depth (its ripples vary around it). */
export function waterRgb(depth: number, ledgeHeight: number): [number, number, number] {
  return mix(MATERIAL_RGB[Material.water], DEEP_WATER_RGB, waterDarkness(depth, ledgeHeight));
}

/** Lighter on higher ground, relative to the map's lowest and highest; gentler than the rules view. */
function heightTone(e: number, min: number, span: number): number {
  return span > 0 ? 1 + ((e - min) / span - 0.5) * 0.16 : 1;
}

/**
 * The lowest ground and the span to the highest. Kept per elevation array (arrays are never changed
 * in place: an edit makes a new one), as every other edit — a terrain fill of a million squares —
 * would otherwise scan the whole map's heights again.
 */
export function groundRange(map: BattleMap): { min: number; span: number } {
  const known = ranges.get(map.elevation);
  if (known) return { ...known };
  const range = scanGround(map);
  ranges.set(map.elevation, range);
  return { ...range };
}

const ranges = new WeakMap<ArrayLike<number>, { min: number; span: number }>();

function scanGround(map: BattleMap): { min: number; span: number } {
  let min = Infinity;
  let max = -Infinity;
  const e = map.elevation;
  for (let i = 0, n = e.length; i < n; i++) {
    if (e[i]! < min) min = e[i]!;
    if (e[i]! > max) max = e[i]!;
  }
  return { min, span: max - min };
}

/**
 * One colour per square (its texture's average, shaded as the texture is): the canvas shows it
 * under the textured tiles while they are drawn, during a pan, and in the minimap.
 */
export function mapStyleSquareRgb(map: BattleMap, i: number, range: { min: number; span: number }, ledgeHeight: number): [number, number, number] {
  const m = materialOf(map, i);
  const k = heightTone(map.elevation[i]!, range.min, range.span);
  const c = m === Material.water ? waterRgb(map.waterDepth[i]!, ledgeHeight) : MATERIAL_RGB[m];
  return [clamp(c[0] * k) | 0, clamp(c[1] * k) | 0, clamp(c[2] * k) | 0];
}

/**
 * Draws the squares of `rect` (default: the whole map) in the map style at `pixelsPerSquare`, as
 * RGBA. Pixels depend only on the map, the options and their place on the map, never on the rect
 * asked for, so tiles drawn apart join seamlessly and match a whole-map export.
 */
export function renderMapStyle(map: BattleMap, options: MapStyleOptions, rect?: SquareRect, range = groundRange(map)): RgbaImage {
  const pps = options.pixelsPerSquare;
  if (!Number.isInteger(pps) || pps < 1 || pps > 400) throw new RangeError(`pixels per square must be a whole number from 1 to 400 (got ${pps})`);
  const r = rect ?? { x: 0, y: 0, width: map.width, height: map.height };
  const W = r.width * pps;
  const H = r.height * pps;
  const data = new Uint8ClampedArray(W * H * 4);
  const atlas = atlasFor(options.seed >>> 0, pps);
  const side = atlas.side;
  const ledge = options.ledgeHeight;

  // Ground: the material's texture, toned per square (so the atlas's repeat does not show) and by height.
  for (let sy = 0; sy < r.height; sy++) {
    const y = r.y + sy;
    for (let sx = 0; sx < r.width; sx++) {
      const x = r.x + sx;
      const i = y * map.width + x;
      const m = materialOf(map, i);
      const tex = atlas.texture(m);
      const k = heightTone(map.elevation[i]!, range.min, range.span) * (0.96 + 0.08 * hash(x, y, options.seed + 101));
      // Water's texture is a brightness (128 = 1) for the colour of its depth.
      const w = m === Material.water ? waterRgb(map.waterDepth[i]!, ledge) : null;
      const tint: Rgb = w ? [(w[0] / 128) * k, (w[1] / 128) * k, (w[2] / 128) * k] : [k, k, k];
      const ax = (((x % ATLAS_SQUARES) + ATLAS_SQUARES) % ATLAS_SQUARES) * pps;
      const ay = (((y % ATLAS_SQUARES) + ATLAS_SQUARES) % ATLAS_SQUARES) * pps;
      for (let py = 0; py < pps; py++) {
        let t = ((ay + py) * side + ax) * 3;
        let o = ((sy * pps + py) * W + sx * pps) * 4;
        for (let px = 0; px < pps; px++, t += 3, o += 4) {
          data[o] = tex[t]! * tint[0];
          data[o + 1] = tex[t + 1]! * tint[1];
          data[o + 2] = tex[t + 2]! * tint[2];
          data[o + 3] = 255;
        }
      }
    }
  }

  const image: RgbaImage = { width: W, height: H, data };
  drawCliffs(map, image, r, pps, ledge);
  drawEdges(map, image, r, pps, options.seed);
  return image;
}

/**
 * A rectangle of whole map pixels as the image's own pixels (the image is the squares of `r` at `pps`),
 * clipped to the image; `ox`, `oy` turn them back into map pixels.
 */
function clip(image: RgbaImage, r: SquareRect, pps: number, x0: number, y0: number, x1: number, y1: number) {
  const ox = r.x * pps;
  const oy = r.y * pps;
  return { ox, oy, ax: Math.max(0, x0 - ox), ay: Math.max(0, y0 - oy), bx: Math.min(image.width, x1 - ox), by: Math.min(image.height, y1 - oy) };
}

/** Darkens (k < 1) the pixels of a rectangle given in map pixels, clipped to the image's rect. */
function darken(image: RgbaImage, r: SquareRect, pps: number, x0: number, y0: number, x1: number, y1: number, k: (px: number, py: number) => number): void {
  // Outward to whole pixels: a shadow covers every pixel it touches.
  const { ox, oy, ax, ay, bx, by } = clip(image, r, pps, Math.floor(x0), Math.floor(y0), Math.ceil(x1), Math.ceil(y1));
  for (let y = ay; y < by; y++) {
    let o = (y * image.width + ax) * 4;
    for (let x = ax; x < bx; x++, o += 4) {
      const f = k(x + ox, y + oy);
      image.data[o] = image.data[o]! * f;
      image.data[o + 1] = image.data[o + 1]! * f;
      image.data[o + 2] = image.data[o + 2]! * f;
    }
  }
}

/** Fills a rectangle given in map pixels with a colour per pixel, clipped to the image's rect. */
function paint(image: RgbaImage, r: SquareRect, pps: number, x0: number, y0: number, x1: number, y1: number, colour: (px: number, py: number) => Rgb | null): void {
  // To the nearest pixels: shapes that meet share no pixel.
  const { ox, oy, ax, ay, bx, by } = clip(image, r, pps, Math.round(x0), Math.round(y0), Math.round(x1), Math.round(y1));
  for (let y = ay; y < by; y++) {
    let o = (y * image.width + ax) * 4;
    for (let x = ax; x < bx; x++, o += 4) {
      const c = colour(x + ox, y + oy);
      if (!c) continue;
      image.data[o] = c[0];
      image.data[o + 1] = c[1];
      image.data[o + 2] = c[2];
    }
  }
}

/**
 * Cliffs: where the ground drops by a square's height or more, the edge of the high ground is drawn
 * as a dark line and the low ground beside it lies in its shadow (light from the top left: a longer
 * shadow below and right of a cliff than above and left of it), deeper for a bigger drop.
 */
function drawCliffs(map: BattleMap, image: RgbaImage, r: SquareRect, pps: number, ledge: number): void {
  const W = map.width;
  const e = map.elevation;
  const line = Math.max(1, Math.round(pps * 0.05));
  // Squares next to the rect may cast a shadow into it.
  const x0 = Math.max(0, r.x - 1);
  const y0 = Math.max(0, r.y - 1);
  const x1 = Math.min(map.width, r.x + r.width + 1);
  const y1 = Math.min(map.height, r.y + r.height + 1);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const h = e[y * W + x]!;
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
        [-1, 0],
        [0, -1],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= map.width || ny >= map.height) continue;
        const drop = h - e[ny * W + nx]!;
        if (drop < ledge) continue;
        // The shadow falls on the low square: long toward the bottom right, short toward the top left.
        const length = pps * Math.min(0.5, (dx + dy > 0 ? 0.22 : 0.08) * Math.sqrt(drop / ledge));
        const depth = Math.min(0.55, 0.3 + 0.06 * (drop / ledge));
        const ex = dx > 0 ? (x + 1) * pps : dx < 0 ? x * pps : 0;
        const ey = dy > 0 ? (y + 1) * pps : dy < 0 ? y * pps : 0;
        if (dx) {
          const a = dx > 0 ? ex : ex - length;
          darken(image, r, pps, a, y * pps, a + length, (y + 1) * pps, (px) => 1 - depth * (1 - Math.abs(px + 0.5 - ex) / length));
          const l = dx > 0 ? ex - line : ex;
          darken(image, r, pps, l, y * pps, l + line, (y + 1) * pps, () => 0.35);
        } else {
          const a = dy > 0 ? ey : ey - length;
          darken(image, r, pps, x * pps, a, (x + 1) * pps, a + length, (_px, py) => 1 - depth * (1 - Math.abs(py + 0.5 - ey) / length));
          const l = dy > 0 ? ey - line : ey;
          darken(image, r, pps, x * pps, l, (x + 1) * pps, l + line, () => 0.35);
        }
      }
    }
  }
}

/**
 * Walls, low walls, doors and windows on the grid lines: each a body in its dark ink with a pale
 * rim around it (`EDGE_INKS`), so it reads on pale flags and dark water alike.
 * - wall: thick masonry, blocks with joints;
 * - low obstacle: a low wall of spaced stones, thinner than a wall;
 * - closed door: a plank leaf across the opening; open door: the opening empty, its leaf swung
 *   square to the wall from one end;
 * - window: a thin frame with a pale pane line along it.
 */
function drawEdges(map: BattleMap, image: RgbaImage, r: SquareRect, pps: number, seed: number): void {
  const W = map.width;
  const x0 = Math.max(0, r.x - 1);
  const y0 = Math.max(0, r.y - 1);
  const x1 = Math.min(map.width, r.x + r.width + 1);
  const y1 = Math.min(map.height, r.y + r.height + 1);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * W + x;
      const east = map.edgeEast[i]!;
      const south = map.edgeSouth[i]!;
      // East edge: the line x + 1 from y to y + 1 (vertical); south edge: y + 1 from x to x + 1.
      if (east && EDGE_INKS[east]) drawEdge(image, r, pps, east, (x + 1) * pps, y * pps, true, hash(x, y, seed + 201), map, x, y);
      if (south && EDGE_INKS[south]) drawEdge(image, r, pps, south, x * pps, (y + 1) * pps, false, hash(x, y, seed + 202), map, x, y);
    }
  }
}

function drawEdge(image: RgbaImage, r: SquareRect, pps: number, kind: number, ex: number, ey: number, vertical: boolean, jitter: number, map: BattleMap, x: number, y: number): void {
  const ink = EDGE_INKS[kind]!;
  const rim = Math.max(1, Math.round(pps * 0.025));
  // A rectangle in edge coordinates: `a0..a1` along the line, `b0..b1` across it (0 = on the line).
  const rect = (a0: number, a1: number, b0: number, b1: number, colour: (along: number, across: number) => Rgb | null) => {
    if (vertical) paint(image, r, pps, ex + b0, ey + a0, ex + b1, ey + a1, (px, py) => colour(py - ey, px - ex));
    else paint(image, r, pps, ex + a0, ey + b0, ex + a1, ey + b1, (px, py) => colour(px - ex, py - ey));
  };
  const framed = (a0: number, a1: number, half: number, body: (along: number, across: number) => Rgb) =>
    rect(a0 - rim, a1 + rim, -half - rim, half + rim, (a, b) => (a < a0 || a >= a1 || b < -half || b >= half ? ink.rim : body(a, b)));
  // Walls run on into their neighbours' corners, so a run of walls is one band.
  const wallHalf = Math.max(1.5, pps * 0.1);
  const joins = (edge: number) => edge === Edge.wall;
  const continuesBefore = vertical ? y > 0 && joins(map.edgeEast[(y - 1) * map.width + x]!) : x > 0 && joins(map.edgeSouth[y * map.width + x - 1]!);
  switch (kind) {
    case Edge.wall: {
      const course = pps / 3;
      const a0 = continuesBefore ? 0 : -wallHalf;
      framed(a0, pps + wallHalf, wallHalf, (a, b) => {
        // Blocks a third of a square long, every other course shifted; joints in a lighter grey.
        const row = b < 0 ? 0 : 1;
        const along = (a + (row ? course / 2 : 0) + jitter * course) % course;
        return along < Math.max(1, pps * 0.02) || Math.abs(b) < Math.max(0.5, pps * 0.008) ? [84, 78, 72] : ink.body;
      });
      break;
    }
    case Edge.low: {
      const half = Math.max(1, pps * 0.055);
      const stones = 4;
      const len = pps / stones;
      for (let k = 0; k < stones; k++) framed(k * len + len * 0.12, (k + 1) * len - len * 0.12, half, () => ink.body);
      break;
    }
    case Edge.doorClosed: {
      const half = Math.max(1.5, pps * 0.075);
      framed(pps * 0.1, pps * 0.9, half, (a) => ((a - pps * 0.1) % Math.max(3, pps * 0.2) < Math.max(1, pps * 0.02) ? [120, 80, 44] : ink.body));
      break;
    }
    case Edge.doorOpen: {
      // The leaf swung open from the hinge at the start of the opening, square to the wall.
      const half = Math.max(1, pps * 0.05);
      const hinge = pps * 0.1;
      const leaf = pps * 0.75;
      rect(hinge - rim, hinge + 2 * half + rim, -rim, leaf + rim, (a, b) => (a < hinge || a >= hinge + 2 * half || b < 0 || b >= leaf ? ink.rim : ink.body));
      // The door frame's two jambs, so the opening reads as a doorway.
      framed(0, hinge, half * 1.6, () => ink.body);
      framed(pps - hinge, pps, half * 1.6, () => ink.body);
      break;
    }
    case Edge.window: {
      const half = Math.max(1.5, pps * 0.06);
      framed(0, pps, half, (_a, b) => (Math.abs(b + 0.5) < Math.max(0.5, half * 0.3) ? ink.rim : ink.body));
      break;
    }
  }
}

/** The RGB of a pixel of an RGBA image (tests). */
export function pixelAt(image: RgbaImage, x: number, y: number): [number, number, number] {
  const o = (y * image.width + x) * 4;
  return [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!];
}
