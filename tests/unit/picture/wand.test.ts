import { describe, expect, it } from 'vitest';
import { squareStats } from '../../../src-shared/picture/square-stats';
import { DEFAULT_WAND, wandSquares } from '../../../src-shared/picture/wand';
import { rgbaOf, seeded } from './pictures';

// issue 15 › Terrain from the picture: "a wand that selects squares by the picture's colour and
// texture under them (tolerance, contiguous or global)". A drawn map of known regions: the wand on
// a square of one region must take exactly that region's squares.

const P = 50;
const grid = { pixelsPerSquare: P, offsetX: 20, offsetY: 10 };
/** The map is one column wider than the picture: its last column lies off the picture. */
const map = { width: 13, height: 8 };

type Region = 'water' | 'grass' | 'stone';
/** Water on columns 0–3 and a pool at 9–10 × 5–6; grass on 4–7; stone floor elsewhere. */
function regionOf(x: number, y: number): Region {
  if (x <= 3 || (x >= 9 && x <= 10 && y >= 5 && y <= 6)) return 'water';
  if (x <= 7) return 'grass';
  return 'stone';
}

function battleMap(): string {
  const rnd = seeded(42);
  const W = grid.offsetX + 12 * P + 15;
  const H = grid.offsetY + 8 * P + 12;
  const els = [`<rect width="${W}" height="${H}" fill="#6b6256"/>`];
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 12; x++) {
      const left = grid.offsetX + x * P;
      const top = grid.offsetY + y * P;
      const region = regionOf(x, y);
      if (region === 'water') {
        // Deep blue with lighter ripples.
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${40 + rnd() * 10},${90 + rnd() * 12},${150 + rnd() * 15})"/>`);
        for (let k = 0; k < 3; k++) els.push(`<path d="M${left + 5} ${top + 10 + k * 14} q10 -4 20 0 t20 0" stroke="#7fb0d8" stroke-width="1.5" fill="none" opacity="0.6"/>`);
      } else if (region === 'grass') {
        // Green with blades of lighter and darker green: busy.
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${70 + rnd() * 15},${125 + rnd() * 15},${50 + rnd() * 10})"/>`);
        for (let k = 0; k < 30; k++) {
          const bx = left + rnd() * P;
          const by = top + rnd() * P;
          els.push(`<path d="M${bx.toFixed(1)} ${by.toFixed(1)} l${(rnd() * 4 - 2).toFixed(1)} -6" stroke="${rnd() < 0.5 ? '#3f7a2a' : '#a6d36a'}" stroke-width="1.5"/>`);
        }
      } else {
        // Grey flagstones with a few specks.
        const g = 135 + rnd() * 20;
        els.push(`<rect x="${left}" y="${top}" width="${P}" height="${P}" fill="rgb(${g},${g - 3},${g - 8})"/>`);
        for (let k = 0; k < 6; k++) els.push(`<circle cx="${(left + rnd() * P).toFixed(1)}" cy="${(top + rnd() * P).toFixed(1)}" r="1.2" fill="#777"/>`);
      }
    }
  // The drawn grid, and the picture's border beyond the squares.
  const lines: string[] = [];
  for (let x = 0; x <= 12; x++) lines.push(`M${grid.offsetX + x * P} 0V${H}`);
  for (let y = 0; y <= 8; y++) lines.push(`M0 ${grid.offsetY + y * P}H${W}`);
  els.push(`<path d="${lines.join('')}" stroke="#1d1d1d" stroke-width="2" opacity="0.7"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${els.join('')}</svg>`;
}

const region = (r: Region, only?: (x: number, y: number) => boolean) => {
  const out: number[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 12; x++) if (regionOf(x, y) === r && (!only || only(x, y))) out.push(y * map.width + x);
  return out;
};
const sorted = (a: number[]) => [...a].sort((p, q) => p - q);

describe('the terrain wand on a drawn map', async () => {
  const full = await rgbaOf(battleMap());
  const stats = squareStats(full, 1, grid, map);

  it('contiguous: the water joined to the clicked square, not the pool across the map', () => {
    expect(sorted(wandSquares(stats, { x: 1, y: 2 }, DEFAULT_WAND))).toEqual(region('water', (x) => x <= 3));
  });

  it('global: every square of water, the pool too', () => {
    expect(sorted(wandSquares(stats, { x: 1, y: 2 }, { ...DEFAULT_WAND, contiguous: false }))).toEqual(region('water'));
    expect(sorted(wandSquares(stats, { x: 10, y: 6 }, { ...DEFAULT_WAND, contiguous: false }))).toEqual(region('water'));
  });

  it('grass takes the grass, stone the stone floor round the pool', () => {
    expect(sorted(wandSquares(stats, { x: 5, y: 7 }, DEFAULT_WAND))).toEqual(region('grass'));
    expect(sorted(wandSquares(stats, { x: 11, y: 0 }, DEFAULT_WAND))).toEqual(region('stone'));
  });

  it('the clicked square comes first; a tolerance of 0 takes it alone, a huge one everything on the picture', () => {
    const seed = 2 * map.width + 1;
    expect(wandSquares(stats, { x: 1, y: 2 }, DEFAULT_WAND)[0]).toBe(seed);
    expect(wandSquares(stats, { x: 1, y: 2 }, { tolerance: 0, contiguous: true })).toEqual([seed]);
    const all = wandSquares(stats, { x: 1, y: 2 }, { tolerance: 1000, contiguous: false });
    // Column 12 lies off the picture: never taken.
    expect(all).toHaveLength(12 * 8);
    expect(all.some((i) => i % map.width === 12)).toBe(false);
  });

  it('a square off the picture, or off the map, takes nothing', () => {
    expect(stats.covered[0 * map.width + 12]).toBe(0);
    expect(wandSquares(stats, { x: 12, y: 0 }, DEFAULT_WAND)).toEqual([]);
    expect(wandSquares(stats, { x: -1, y: 0 }, DEFAULT_WAND)).toEqual([]);
  });

  it('reads the same regions from a copy decoded at a third of the size', async () => {
    const small = await rgbaOf(battleMap(), { width: Math.round(full.width / 3), height: Math.round(full.height / 3) });
    const reduced = squareStats(small, small.width / full.width, grid, map);
    expect(sorted(wandSquares(reduced, { x: 1, y: 2 }, { ...DEFAULT_WAND, contiguous: false }))).toEqual(region('water'));
    expect(sorted(wandSquares(reduced, { x: 6, y: 3 }, DEFAULT_WAND))).toEqual(region('grass'));
  });
});

describe('the committed battle map (tests/fixtures/pictures/analysis-crypt.jpg)', async () => {
  const { readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const { CRYPT, cryptSvg } = await import('./pictures');
  const { detectGrid } = await import('../../../src-shared/picture/grid-detect');
  const file = readFileSync(path.resolve(__dirname, '../../fixtures/pictures/analysis-crypt.jpg'));
  const image = await rgbaOf(file);
  const cryptMap = { width: CRYPT.columns, height: CRYPT.rows };
  const squares = (kind: string) => {
    const out: number[] = [];
    for (let y = 0; y < CRYPT.rows; y++) for (let x = 0; x < CRYPT.columns; x++) if (CRYPT.regionOf(x, y) === kind) out.push(y * CRYPT.columns + x);
    return out;
  };

  it('is the crypt drawn by cryptSvg (so its regions are known)', async () => {
    const again = await rgbaOf(cryptSvg());
    expect([image.width, image.height]).toEqual([again.width, again.height]);
  });

  it('its grid is detected: 70 px a square, the corner at (35, 20)', () => {
    const found = detectGrid(image);
    if (!found.ok) throw new Error(found.reason);
    expect(found.grid.pixelsPerSquare).toBe(70);
    expect(Math.abs(found.grid.offsetX - 35)).toBeLessThanOrEqual(1);
    expect(Math.abs(found.grid.offsetY - 20)).toBeLessThanOrEqual(1);
    expect(found.squares).toEqual(cryptMap);
  });

  it('the wand takes the river, the courtyard, the pool with the river, and the rubble', () => {
    const stats = squareStats(image, 1, CRYPT, cryptMap);
    expect(sorted(wandSquares(stats, { x: 1, y: 5 }, DEFAULT_WAND))).toEqual(squares('water').filter((i) => i % CRYPT.columns <= 2));
    expect(sorted(wandSquares(stats, { x: 1, y: 5 }, { ...DEFAULT_WAND, contiguous: false }))).toEqual(squares('water'));
    expect(sorted(wandSquares(stats, { x: 4, y: 8 }, DEFAULT_WAND))).toEqual(squares('grass'));
    expect(sorted(wandSquares(stats, { x: 14, y: 10 }, DEFAULT_WAND))).toEqual(squares('rubble'));
    expect(sorted(wandSquares(stats, { x: 9, y: 2 }, DEFAULT_WAND))).toEqual(squares('stone'));
  });
});
