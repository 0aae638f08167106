import sharp from 'sharp';
import type { PicturePixels } from '../../../src-shared/picture/grid-detect';
import { seeded } from './crypt';

export { CRYPT, cryptSvg, seeded } from './crypt';

/**
 * Battle-map pictures with a known grid (or none), made for the detection and wand tests: drawn with
 * SVG and rendered by sharp (libvips), or written pixel by pixel from a seeded source.
 */

export async function rgbaOf(input: Buffer | string, resize?: { width: number; height: number }): Promise<PicturePixels> {
  let s = sharp(typeof input === 'string' ? Buffer.from(input) : input);
  if (resize) s = s.resize(resize.width, resize.height, { kernel: 'lanczos3' });
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length), channels: 4 };
}

export async function jpegOf(svgOrPng: Buffer | string, quality: number): Promise<Buffer> {
  return sharp(typeof svgOrPng === 'string' ? Buffer.from(svgOrPng) : svgOrPng).jpeg({ quality }).toBuffer();
}

export interface DrawnGrid {
  width: number;
  height: number;
  pixelsPerSquare: number;
  offsetX: number;
  offsetY: number;
  /** Stroke width in pixels. */
  line?: number;
  /** Stroke colour and opacity. */
  stroke?: string;
  opacity?: number;
  seed?: number;
}

/** Grid lines at offset + k·pixelsPerSquare, centred on those coordinates. */
export function gridLines(g: DrawnGrid): string {
  const parts: string[] = [];
  const first = (o: number) => ((o % g.pixelsPerSquare) + g.pixelsPerSquare) % g.pixelsPerSquare;
  for (let x = first(g.offsetX); x <= g.width; x += g.pixelsPerSquare) parts.push(`M${x} 0V${g.height}`);
  for (let y = first(g.offsetY); y <= g.height; y += g.pixelsPerSquare) parts.push(`M0 ${y}H${g.width}`);
  return `<path d="${parts.join('')}" stroke="${g.stroke ?? '#222'}" stroke-opacity="${g.opacity ?? 1}" stroke-width="${g.line ?? 2}" fill="none"/>`;
}

/**
 * A drawn dungeon: a stone floor with blotches, rooms walled in dark masonry along grid lines, a
 * pool, rubble, and the grid drawn over it (or not, `grid: false`).
 */
export function dungeonSvg(g: DrawnGrid & { grid?: boolean; tiles?: boolean }): string {
  const rnd = seeded(g.seed ?? 7);
  const p = g.pixelsPerSquare;
  const els: string[] = [];
  els.push(`<rect width="${g.width}" height="${g.height}" fill="#8a7f6e"/>`);
  // Blotches of a worn floor, at no particular spacing.
  for (let i = 0; i < (g.width * g.height) / 4000; i++) {
    const shade = 110 + Math.floor(rnd() * 40);
    els.push(`<circle cx="${(rnd() * g.width).toFixed(1)}" cy="${(rnd() * g.height).toFixed(1)}" r="${(3 + rnd() * 25).toFixed(1)}" fill="rgb(${shade},${shade - 8},${shade - 20})" fill-opacity="0.35"/>`);
  }
  const ox = ((g.offsetX % p) + p) % p;
  const oy = ((g.offsetY % p) + p) % p;
  const cols = Math.ceil(g.width / p) + 1;
  const rows = Math.ceil(g.height / p) + 1;
  if (g.tiles) {
    // Flagstones a square each, each its own shade: the squares show without a drawn line.
    for (let r = -1; r < rows; r++)
      for (let c = -1; c < cols; c++) {
        const shade = 120 + Math.floor(rnd() * 50);
        els.push(`<rect x="${ox + c * p}" y="${oy + r * p}" width="${p}" height="${p}" fill="rgb(${shade},${shade - 6},${shade - 18})"/>`);
      }
  }
  // Rooms: rectangles of squares, walled on grid lines.
  for (let i = 0; i < Math.max(2, (cols * rows) / 40); i++) {
    const c = Math.floor(rnd() * (cols - 3));
    const r = Math.floor(rnd() * (rows - 3));
    const w = 2 + Math.floor(rnd() * 5);
    const h = 2 + Math.floor(rnd() * 5);
    els.push(`<rect x="${ox + c * p}" y="${oy + r * p}" width="${w * p}" height="${h * p}" fill="none" stroke="#2b2622" stroke-width="${Math.max(4, p / 8)}"/>`);
  }
  // A pool and rubble, not on the grid.
  els.push(`<ellipse cx="${g.width * 0.3}" cy="${g.height * 0.6}" rx="${g.width * 0.12}" ry="${g.height * 0.08}" fill="#3b6f9a" fill-opacity="0.8"/>`);
  for (let i = 0; i < 40; i++) els.push(`<circle cx="${(rnd() * g.width).toFixed(1)}" cy="${(rnd() * g.height).toFixed(1)}" r="${(2 + rnd() * 5).toFixed(1)}" fill="#5a5249"/>`);
  if (g.grid !== false) els.push(gridLines(g));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}">${els.join('')}</svg>`;
}

/** Random circles and blobs of colour, at no spacing at all. */
export function blobsSvg(width: number, height: number, seed: number): string {
  const rnd = seeded(seed);
  const els = [`<rect width="${width}" height="${height}" fill="#d9cdb8"/>`];
  for (let i = 0; i < 120; i++) {
    const c = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    els.push(`<circle cx="${(rnd() * width).toFixed(1)}" cy="${(rnd() * height).toFixed(1)}" r="${(5 + rnd() * 60).toFixed(1)}" fill="${c}" stroke="#111" stroke-width="${(rnd() * 3).toFixed(1)}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${els.join('')}</svg>`;
}

/** Uniform noise, every pixel its own. */
export function noise(width: number, height: number, seed: number): PicturePixels {
  const rnd = seeded(seed);
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = rnd() * 256;
    data[i + 1] = rnd() * 256;
    data[i + 2] = rnd() * 256;
    data[i + 3] = 255;
  }
  return { width, height, data, channels: 4 };
}

/** A smooth blend from one corner to the other (8-bit banding included). */
export function gradient(width: number, height: number): PicturePixels {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data[o] = (x / width) * 255;
      data[o + 1] = (y / height) * 200 + 30;
      data[o + 2] = ((x + y) / (width + height)) * 120;
      data[o + 3] = 255;
    }
  return { width, height, data, channels: 4 };
}

/**
 * A photo-like texture: value noise summed over octaves (clouds, rock, foliage), no period at all.
 * `grid` draws dark lines over it (the fast-check property's pictures).
 */
export function texture(width: number, height: number, seed: number, grid?: { pixelsPerSquare: number; offsetX: number; offsetY: number; line: number; darkness: number }): PicturePixels {
  const rnd = seeded(seed);
  const data = new Uint8Array(width * height * 4);
  const value = new Float32Array(width * height);
  let amplitude = 1;
  for (let cell = 97; cell >= 3; cell = Math.floor(cell / 2.3)) {
    // Lattice at a spacing that is no round number, so the octaves share no period with a grid.
    const gw = Math.ceil(width / cell) + 2;
    const gh = Math.ceil(height / cell) + 2;
    const lattice = new Float32Array(gw * gh);
    for (let i = 0; i < lattice.length; i++) lattice[i] = rnd();
    const shiftX = rnd() * cell;
    const shiftY = rnd() * cell;
    for (let y = 0; y < height; y++) {
      const fy = (y + shiftY) / cell;
      const iy = Math.floor(fy);
      const ty = fy - iy;
      const sy = ty * ty * (3 - 2 * ty);
      for (let x = 0; x < width; x++) {
        const fx = (x + shiftX) / cell;
        const ix = Math.floor(fx);
        const tx = fx - ix;
        const sx = tx * tx * (3 - 2 * tx);
        const a = lattice[iy * gw + ix]!;
        const b = lattice[iy * gw + ix + 1]!;
        const c = lattice[(iy + 1) * gw + ix]!;
        const d = lattice[(iy + 1) * gw + ix + 1]!;
        value[y * width + x]! += amplitude * ((a * (1 - sx) + b * sx) * (1 - sy) + (c * (1 - sx) + d * sx) * sy);
      }
    }
    amplitude *= 0.55;
  }
  let max = 0;
  for (const v of value) max = Math.max(max, v);
  for (let i = 0; i < value.length; i++) {
    const v = value[i]! / max;
    data[i * 4] = 60 + v * 150;
    data[i * 4 + 1] = 50 + v * 140;
    data[i * 4 + 2] = 30 + v * 90;
    data[i * 4 + 3] = 255;
  }
  if (grid) {
    // `line` whole pixels from offset − ⌊line/2⌋: centred on offset − ⌊line/2⌋ + line/2.
    const on = (c: number, o: number) => (((c - o + Math.floor(grid.line / 2)) % grid.pixelsPerSquare) + grid.pixelsPerSquare) % grid.pixelsPerSquare < grid.line;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (!on(x, grid.offsetX) && !on(y, grid.offsetY)) continue;
        const o = (y * width + x) * 4;
        for (let k = 0; k < 3; k++) data[o + k] = data[o + k]! * (1 - grid.darkness);
      }
  }
  return { width, height, data, channels: 4 };
}


/**
 * A battle map as map makers draw them: dark rock, rooms on the grid floored with flagstones
 * `tilesPerSquare` to a square's side (seams between them), walls `wall` px thick on the rooms' grid
 * lines, `art` random shapes (rubble, debris, furniture) anywhere, and the grid drawn thin over all
 * (`grid: false`: not drawn; `opacity` how dark).
 */
export function battleMapSvg(g: DrawnGrid & { grid?: boolean; tilesPerSquare?: number; wall?: number; art?: number }): string {
  const rnd = seeded(g.seed ?? 3);
  const p = g.pixelsPerSquare;
  const ox = ((g.offsetX % p) + p) % p;
  const oy = ((g.offsetY % p) + p) % p;
  const cols = Math.floor((g.width - ox) / p);
  const rows = Math.floor((g.height - oy) / p);
  const els = [`<rect width="${g.width}" height="${g.height}" fill="#2b2622"/>`];
  // Rock speckled at no spacing.
  for (let i = 0; i < (g.width * g.height) / 300; i++) {
    const v = 45 + Math.floor(rnd() * 30);
    els.push(`<rect x="${(rnd() * g.width).toFixed(1)}" y="${(rnd() * g.height).toFixed(1)}" width="${(1 + rnd() * 4).toFixed(1)}" height="${(1 + rnd() * 4).toFixed(1)}" fill="rgb(${v},${v - 5},${v - 9})"/>`);
  }
  // Rooms of whole squares, apart from each other, floored with flagstones.
  const rooms: [number, number, number, number][] = [];
  for (let tries = 0; tries < 60 && rooms.length < 5; tries++) {
    const w = 2 + Math.floor(rnd() * 4);
    const h = 2 + Math.floor(rnd() * 4);
    const c = 1 + Math.floor(rnd() * Math.max(1, cols - w - 1));
    const r = 1 + Math.floor(rnd() * Math.max(1, rows - h - 1));
    if (c + w >= cols || r + h >= rows) continue;
    if (rooms.some(([c2, r2, w2, h2]) => c < c2 + w2 + 1 && c2 < c + w + 1 && r < r2 + h2 + 1 && r2 < r + h + 1)) continue;
    rooms.push([c, r, w, h]);
  }
  const t = p / (g.tilesPerSquare ?? 1);
  for (const [c, r, w, h] of rooms) {
    for (let y = 0; y < h * p - 0.5; y += t)
      for (let x = 0; x < w * p - 0.5; x += t) {
        const v = 140 + Math.floor(rnd() * 45);
        els.push(`<rect x="${(ox + c * p + x + 1).toFixed(2)}" y="${(oy + r * p + y + 1).toFixed(2)}" width="${(t - 2).toFixed(2)}" height="${(t - 2).toFixed(2)}" rx="2" fill="rgb(${v},${v - 7},${v - 18})"/>`);
      }
  }
  if (g.wall) for (const [c, r, w, h] of rooms) els.push(`<rect x="${ox + c * p}" y="${oy + r * p}" width="${w * p}" height="${h * p}" fill="none" stroke="#15110e" stroke-width="${g.wall}"/>`);
  // Busy art over everything: debris, barrels, bones, rugs, at no spacing.
  for (let i = 0; i < (g.art ?? 0); i++) {
    const v = Math.floor(rnd() * 220);
    const colour = `rgb(${v},${Math.floor(rnd() * 200)},${Math.floor(rnd() * 160)})`;
    const x = (rnd() * g.width).toFixed(1);
    const y = (rnd() * g.height).toFixed(1);
    if (rnd() < 0.5) els.push(`<circle cx="${x}" cy="${y}" r="${(2 + rnd() * 14).toFixed(1)}" fill="${colour}" stroke="#1a1410" stroke-width="1.5"/>`);
    else els.push(`<path d="M${x} ${y}l${(rnd() * 60 - 30).toFixed(1)} ${(rnd() * 60 - 30).toFixed(1)}" stroke="${colour}" stroke-width="${(1 + rnd() * 4).toFixed(1)}"/>`);
  }
  if (g.grid !== false) els.push(gridLines({ stroke: '#000', opacity: 0.35, line: 1.5, ...g }));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${g.width}" height="${g.height}">${els.join('')}</svg>`;
}
