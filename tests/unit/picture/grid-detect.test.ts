import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { squaresInPicture } from '../../../src-shared/model';
import { detectGrid, type GridDetection } from '../../../src-shared/picture/grid-detect';
import { battleMapSvg, blobsSvg, dungeonSvg, gradient, jpegOf, noise, rgbaOf, texture } from './pictures';

// Issue 15 › Grid alignment: "find its size and offset from the image … never a guess: a wrong grid
// is worse than none". Every picture here has a known grid (or none), drawn at a known place.

/** The distance between two offsets on a circle of one square. */
function offsetError(found: number, truth: number, perSquare: number): number {
  const d = Math.abs((((found - truth) % perSquare) + perSquare) % perSquare);
  return Math.min(d, perSquare - d);
}

function expectGrid(found: GridDetection, truth: { pixelsPerSquare: number; offsetX: number; offsetY: number; width: number; height: number }, within = 1) {
  if (!found.ok) throw new Error(`expected a grid of ${truth.pixelsPerSquare} px, got: ${found.reason}`);
  expect(found.grid.pixelsPerSquare).toBe(truth.pixelsPerSquare);
  expect(offsetError(found.grid.offsetX, truth.offsetX, truth.pixelsPerSquare)).toBeLessThanOrEqual(within);
  expect(offsetError(found.grid.offsetY, truth.offsetY, truth.pixelsPerSquare)).toBeLessThanOrEqual(within);
  expect(found.grid.offsetX).toBeGreaterThanOrEqual(0);
  expect(found.grid.offsetX).toBeLessThan(truth.pixelsPerSquare);
  expect(found.grid.offsetY).toBeGreaterThanOrEqual(0);
  expect(found.grid.offsetY).toBeLessThan(truth.pixelsPerSquare);
  expect(found.confidence).toBeGreaterThanOrEqual(0.5);
  expect(found.confidence).toBeLessThanOrEqual(1);
  expect(found.squares).toEqual(squaresInPicture(truth, found.grid));
}

function expectNone(found: GridDetection) {
  if (found.ok) throw new Error(`expected no grid, got ${JSON.stringify(found)}`);
  expect(found.reason).toMatch(/^no grid found/);
}

describe('detectGrid finds a drawn grid', () => {
  for (const [pixelsPerSquare, offsetX, offsetY] of [
    [50, 13, 31],
    [70, 0, 0],
    [100, 99, 1],
    [140, 70, 12],
    [200, 37, 163],
  ] as const) {
    const truth = { width: 1400, height: 1000, pixelsPerSquare, offsetX, offsetY };

    it(`${pixelsPerSquare} px a square, offset ${offsetX},${offsetY}`, async () => {
      expectGrid(detectGrid(await rgbaOf(dungeonSvg(truth))), truth);
    });

    it(`${pixelsPerSquare} px a square, JPEG at quality 60 and decoded again`, async () => {
      expectGrid(detectGrid(await rgbaOf(await jpegOf(dungeonSvg({ ...truth, seed: 11 }), 60))), truth);
    });

    it(`${pixelsPerSquare} px a square, faint (one pixel at 15 % opacity)`, async () => {
      expectGrid(detectGrid(await rgbaOf(dungeonSvg({ ...truth, line: 1, opacity: 0.15, seed: 5 }))), truth);
    });
  }

  it('an RGB and a grey picture as well as RGBA', async () => {
    const truth = { width: 800, height: 600, pixelsPerSquare: 64, offsetX: 20, offsetY: 40 };
    const rgba = await rgbaOf(dungeonSvg(truth));
    const rgb = new Uint8Array(rgba.width * rgba.height * 3);
    const grey = new Uint8Array(rgba.width * rgba.height);
    for (let i = 0; i < rgba.width * rgba.height; i++) {
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = rgba.data[i * 4 + k]!;
      grey[i] = rgba.data[i * 4 + 1]!;
    }
    expectGrid(detectGrid({ ...rgba, data: rgb, channels: 3 }), truth);
    expectGrid(detectGrid({ ...rgba, data: grey, channels: 1 }), truth);
  });

  it('a picture decoded at a quarter of its size answers in the original pixels', async () => {
    const truth = { width: 4000, height: 3000, pixelsPerSquare: 100, offsetX: 37, offsetY: 62 };
    const small = await rgbaOf(dungeonSvg(truth), { width: 1000, height: 750 });
    // A decoded pixel is four picture pixels: the offset is good to half of one.
    expectGrid(detectGrid(small, { scale: 0.25 }), truth, 2);
  });
});

describe('detectGrid finds squares that are not drawn as lines', () => {
  for (const pixelsPerSquare of [50, 100, 140]) {
    it(`flagstones a square each with walls on grid lines, ${pixelsPerSquare} px`, async () => {
      const truth = { width: 1400, height: 1000, pixelsPerSquare, offsetX: 23, offsetY: 9 };
      expectGrid(detectGrid(await rgbaOf(dungeonSvg({ ...truth, grid: false, tiles: true }))), truth);
    });
  }

  it('walls on some grid lines only: the right grid or none, never another', async () => {
    for (const pixelsPerSquare of [50, 70, 100, 140, 200]) {
      const truth = { width: 1400, height: 1000, pixelsPerSquare, offsetX: 23, offsetY: 9 };
      const found = detectGrid(await rgbaOf(dungeonSvg({ ...truth, grid: false })));
      if (found.ok) expectGrid(found, truth);
      else expectNone(found);
    }
  });
});

describe('detectGrid on realistic battle maps', () => {
  // Drawn as map makers draw them (battleMapSvg): dark rock, rooms floored with flagstones, walls on
  // grid lines, the grid thin over all; saved as a JPEG at quality 80 and decoded again.
  const map = async (g: Parameters<typeof battleMapSvg>[0]) => rgbaOf(await jpegOf(battleMapSvg(g), 80));

  for (const seed of [1, 2]) {
    it(`floors tiled at half a square in the rooms only: the grid's lines run everywhere, the seams do not (seed ${seed})`, async () => {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 60, offsetX: 17, offsetY: 29 };
      expectGrid(detectGrid(await map({ ...truth, tilesPerSquare: 2, seed })), truth);
    });

    it(`floors tiled at a third of a square (seed ${seed})`, async () => {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 90, offsetX: 40, offsetY: 5 };
      expectGrid(detectGrid(await map({ ...truth, tilesPerSquare: 3, seed })), truth);
    });

    it(`thick walls (16 px) on some grid lines: the line is the wall's middle, not its stronger edge (seed ${seed})`, async () => {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 100, offsetX: 20, offsetY: 40 };
      expectGrid(detectGrid(await map({ ...truth, wall: 16, seed })), truth);
    });

    it(`a faint grid (one pixel at 20 %) under busy art (seed ${seed})`, async () => {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 70, offsetX: 35, offsetY: 20 };
      expectGrid(detectGrid(await map({ ...truth, line: 1, opacity: 0.2, art: 900, seed })), truth);
    });
  }

  it('seams finer than any square: 15 px flagstones on a 30 px grid, 15 px on a 45 px grid', async () => {
    for (const [pixelsPerSquare, tilesPerSquare] of [
      [30, 2],
      [45, 3],
    ] as const) {
      const truth = { width: 1100, height: 840, pixelsPerSquare, offsetX: 4, offsetY: 22 };
      expectGrid(detectGrid(await map({ ...truth, tilesPerSquare, seed: 2 })), truth);
    }
  });

  it('half-square flagstones with walls 10 px thick, 120 px a square', async () => {
    const truth = { width: 1200, height: 900, pixelsPerSquare: 120, offsetX: 0, offsetY: 60 };
    expectGrid(detectGrid(await map({ ...truth, tilesPerSquare: 2, wall: 10, seed: 3 })), truth);
  });

  it('no drawn grid, but walls and flagstones lie on the squares: the right grid or none', async () => {
    let found = 0;
    for (const seed of [1, 2, 3]) {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 80, offsetX: 11, offsetY: 52 };
      const result = detectGrid(await map({ ...truth, grid: false, wall: 10, seed }));
      if (result.ok) {
        expectGrid(result, truth);
        found++;
      } else expectNone(result);
    }
    // Most such maps show their squares plainly enough.
    expect(found).toBeGreaterThanOrEqual(2);
  });

  it('a faint grid under busy art over half-square flagstones: 50 px, or none, never the seams\' 25 px', async () => {
    for (const seed of [1, 2, 3]) {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 50, offsetX: 5, offsetY: 45 };
      const result = detectGrid(await map({ ...truth, line: 1, opacity: 0.2, art: 1500, tilesPerSquare: 2, seed }));
      if (result.ok) expectGrid(result, truth);
      else expectNone(result);
    }
  });

  it('no drawn grid and only half-square flagstones and art: no half-square guess', async () => {
    for (const seed of [1, 2]) {
      const truth = { width: 1200, height: 900, pixelsPerSquare: 80, offsetX: 11, offsetY: 52 };
      const result = detectGrid(await map({ ...truth, grid: false, wall: 10, tilesPerSquare: 2, seed }));
      if (result.ok) expectGrid(result, truth);
      else expectNone(result);
    }
  });
});

describe('detectGrid never answers wrongly on battle maps', () => {
  it('a random drawn grid over random rooms, flagstones, walls and art is found to the pixel, or refused', async () => {
    const runs: { truth: { pixelsPerSquare: number; offsetX: number; offsetY: number }; found: GridDetection }[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(30, 45, 50, 64, 75, 100, 140, 200),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom(0, 6, 12),
        fc.constantFrom(0, 400, 1000),
        fc.constantFrom(0.2, 0.35),
        fc.integer({ min: 1, max: 1000 }),
        async (pixelsPerSquare, fx, fy, tilesPerSquare, wall, art, opacity, seed) => {
          const truth = { width: 1100, height: 880, pixelsPerSquare, offsetX: Math.floor(fx * pixelsPerSquare), offsetY: Math.floor(fy * pixelsPerSquare) };
          const found = detectGrid(await rgbaOf(await jpegOf(battleMapSvg({ ...truth, tilesPerSquare, wall, art, opacity, line: 1.5, seed }), 80)));
          runs.push({ truth, found });
          if (!found.ok) return;
          expect(Math.abs(found.grid.pixelsPerSquare - pixelsPerSquare)).toBeLessThanOrEqual(1);
          expect(offsetError(found.grid.offsetX, truth.offsetX, pixelsPerSquare)).toBeLessThanOrEqual(1);
          expect(offsetError(found.grid.offsetY, truth.offsetY, pixelsPerSquare)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 16, seed: 15 },
    );
    // Refusing everything would pass: most of these grids are drawn plainly enough to be found.
    expect(runs.filter((r) => r.found.ok).length).toBeGreaterThanOrEqual(runs.length * 0.4);
  }, 60_000);
});

describe('detectGrid on the committed battle maps (tests/fixtures/pictures)', () => {
  const fixture = async (name: string) => {
    const file = readFileSync(path.resolve(__dirname, '../../fixtures/pictures', name));
    const { width, height } = await sharp(file).metadata();
    return { pixels: await rgbaOf(file), width: width!, height: height! };
  };
  // Each truth from the script that drew it.
  for (const [name, pixelsPerSquare, offsetX, offsetY, source] of [
    // 50 px lines across rooms and rock; flagstones at 25 px in the rooms only.
    ['exports-dungeon.jpg', 50, 0, 0, 'make-exports-fixtures.mjs'],
    // 14 px walls on some grid lines, 6 px seams between flagstones on every line in the rooms.
    ['picture-editor-crypt.jpg', 100, 20, 40, 'make-picture-editor-fixtures.mjs'],
    ['analysis-crypt.jpg', 70, 35, 20, 'tests/unit/picture/crypt.ts'],
    ['exports-cave.png', 37, 13, 13, 'make-exports-fixtures.mjs'],
    // A 70 px grid (S = 70) over 35 px flagstones in the rooms.
    ['tokens-labels-dungeon.jpg', 70, 0, 0, 'tokens-labels-make.mjs'],
  ] as const) {
    it(`${name}: ${pixelsPerSquare} px at ${offsetX},${offsetY} (${source})`, async () => {
      const { pixels, width, height } = await fixture(name);
      expectGrid(detectGrid(pixels), { width, height, pixelsPerSquare, offsetX, offsetY });
    });
  }

  it('tokens-labels-goblin.png, a token with no grid: not found', async () => {
    expectNone(detectGrid((await fixture('tokens-labels-goblin.png')).pixels));
  });
});

describe('detectGrid says "not found" for a picture without a grid', () => {
  it('uniform noise', () => expectNone(detectGrid(noise(1000, 800, 1))));
  it('a smooth blend', () => expectNone(detectGrid(gradient(1000, 800))));
  it('random circles and blobs', async () => expectNone(detectGrid(await rgbaOf(blobsSvg(1200, 900, 3)))));
  it('a photo-like texture', () => expectNone(detectGrid(texture(1000, 800, 5))));
  it('a photo-like texture as a JPEG (its 8 px blocks are no grid)', async () => {
    const t = texture(1000, 800, 6);
    const sharp = (await import('sharp')).default;
    const png = await sharp(Buffer.from(t.data), { raw: { width: t.width, height: t.height, channels: 4 } }).png().toBuffer();
    expectNone(detectGrid(await rgbaOf(await jpegOf(png, 60))));
  });
  it('a flat colour', () => {
    const flat = { width: 300, height: 300, channels: 1 as const, data: new Uint8Array(300 * 300).fill(128) };
    expect(detectGrid(flat)).toEqual({ ok: false, reason: expect.stringMatching(/^no grid found/) });
  });
  it('a picture too small for three lines, and a bad scale', () => {
    expect(detectGrid(noise(50, 50, 2))).toEqual({ ok: false, reason: expect.stringMatching(/too small/) });
    expect(detectGrid(noise(200, 200, 2), { scale: 2 })).toEqual({ ok: false, reason: expect.stringMatching(/scale/) });
  });
});

describe('detectGrid never answers wrongly', () => {
  it('a random grid on a random texture is found to the pixel, or refused', () => {
    let found = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 24, max: 160 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0.15, max: 0.6, noNaN: true }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (pixelsPerSquare, fx, fy, line, darkness, seed) => {
          const truth = { width: 640, height: 520, pixelsPerSquare, offsetX: Math.floor(fx * pixelsPerSquare), offsetY: Math.floor(fy * pixelsPerSquare) };
          const result = detectGrid(texture(truth.width, truth.height, seed, { ...truth, line, darkness }));
          runs++;
          if (!result.ok) return;
          found++;
          // Lines drawn on whole pixels, centred on offset − ⌊line/2⌋ + line/2.
          const centre = (o: number) => o - Math.floor(line / 2) + line / 2;
          expect(Math.abs(result.grid.pixelsPerSquare - pixelsPerSquare)).toBeLessThanOrEqual(1);
          expect(offsetError(result.grid.offsetX, centre(truth.offsetX), pixelsPerSquare)).toBeLessThanOrEqual(1);
          expect(offsetError(result.grid.offsetY, centre(truth.offsetY), pixelsPerSquare)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
    // Refusing everything would pass the property: these grids are plain, most must be found.
    expect(found).toBeGreaterThanOrEqual(runs * 0.8);
  });
});
