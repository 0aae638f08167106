import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { parseEncounter } from '../../src-shared/io';
import { elevationRange, squareRgb, TERRAIN_OVER_PICTURE } from '../../src-shared/io/export';
import { Terrain, type Encounter } from '../../src-shared/model';
import { CRYPT } from '../unit/picture/crypt';
import { expect, ROOT, runExport, screenshotPath, test, type AppDriver } from './fixtures';

/**
 * Issue 15 › Tests, one user's whole journey in each edition: a JPEG battle map imported (the crypt
 * by the river: 70 px squares, the grid's corner at picture pixel 35, 20), its grid found and shown,
 * a correction made and undone in one step, the pool painted as water with the picture wand, a
 * creature given token art, a label written, saved and opened again (both pictures' bytes unchanged),
 * then exported to Foundry, Universal VTT, Tiled and PNG, and in each the background read back with
 * sharp and compared, square by square, with the original art by that format's own placement rule
 * (docs/formats.md › The map picture in every export).
 */
const CRYPT_JPG = path.join(ROOT, 'tests/fixtures/pictures/analysis-crypt.jpg');
const GOBLIN = path.join(ROOT, 'tests/fixtures/pictures/tokens-labels-goblin.png');
/** The pool inside the crypt (CRYPT.regionOf): what the wand paints. */
const POOL = [
  [11, 4],
  [12, 4],
  [11, 5],
  [12, 5],
] as const;
const isPool = (x: number, y: number) => POOL.some(([px, py]) => px === x && py === y);
/** Squares read back in every export: river, grass, flagstones, rubble, the pool, and the map's corners. */
const SQUARES = [[0, 0], [1, 5], [4, 2], [5, 10], [8, 1], [9, 9], [14, 10], [15, 11], [15, 0], [0, 11], ...POOL] as const;

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function squarePoint(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}

async function menu(page: Page, id: string) {
  await page.getByTestId(`menu-${id.split('.')[0]}`).click();
  await page.getByTestId(id).click();
}

async function undoLabel(page: Page): Promise<string> {
  await page.getByTestId('menu-edit').click();
  const text = (await page.getByTestId('edit.undo').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

const field = async (page: Page, id: string) => Number(await page.getByTestId(id).inputValue());

/** The README's pictures come from the browser edition; the map fitted, no notice over it. */
async function readmePicture(app: AppDriver, name: string) {
  if (app.edition !== 'browser') return;
  for (const b of await app.page.getByRole('button', { name: 'Dismiss' }).all()) await b.click();
  // The pointer on the status bar: no square hovered.
  await app.page.mouse.move(640, 790);
  await expect(canvas(app.page)).toHaveAttribute('data-settled', 'true');
  await app.page.waitForTimeout(400);
  // A 256-colour PNG (no visible loss on these pictures): half the size, so the README stays light.
  await sharp(await app.page.screenshot()).png({ palette: true, quality: 100, effort: 10, compressionLevel: 9 }).toFile(screenshotPath(name));
}

/** Runs the Export dialog for `format`; the files written, by name, in `app.dir` (the main file's name is `main` on the desktop). */
async function exportAs(app: AppDriver, format: string, main: string, count: number, setUp?: () => Promise<void>): Promise<string[]> {
  const { page } = app;
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('export-format').selectOption(format);
  await expect(page.getByTestId('export-picture')).toHaveValue('original');
  if (setUp) await setUp();
  return runExport(app, count, main);
}

interface Pixels {
  width: number;
  height: number;
  data: Buffer;
}
async function decode(bytes: Uint8Array | Buffer): Promise<Pixels> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}
/** The mean colour of the box [x0, x1) × [y0, y1) of an image (a square's middle, away from the grid lines). */
function meanColour(img: Pixels, x0: number, y0: number, x1: number, y1: number): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.round(y0); y < Math.round(y1); y++)
    for (let x = Math.round(x0); x < Math.round(x1); x++) {
      const o = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += img.data[o + c]!;
      n++;
    }
  return sum.map((v) => v / n);
}
const farthest = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

test('one user’s journey: a JPEG battle map in, its grid found and corrected, painted, a token and a label, saved, reopened and exported with its art lined up', async ({ app }) => {
  const { page } = app;
  const original = readFileSync(CRYPT_JPG);
  const art = await decode(original);
  /** The art's mean colour in the middle half of grid square (x, y), by the fixture's own grid. */
  const artSquare = (x: number, y: number) => {
    const P = CRYPT.pixelsPerSquare;
    const left = CRYPT.offsetX + x * P;
    const top = CRYPT.offsetY + y * P;
    return meanColour(art, left + P / 4, top + P / 4, left + (3 * P) / 4, top + (3 * P) / 4);
  };

  // 1. A new map, the crypt imported under it: its grid found and said.
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-name').fill('Crypt by the river');
  await page.getByTestId('new-ruleset').selectOption('d20-35');
  await page.getByTestId('new-width').fill(String(CRYPT.columns));
  await page.getByTestId('new-height').fill(String(CRYPT.rows));
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('new-dialog')).toBeHidden();
  await app.open(() => menu(page, 'file.importPicture'), CRYPT_JPG);
  const report = page.getByTestId('picture-grid-report');
  await expect(report).toHaveAttribute('data-found', 'true', { timeout: 20_000 });
  await expect(report).toContainText(/Grid found: 70 px a square, offset 35, 20 — \d+ % sure/);
  await expect(canvas(page)).toHaveAttribute('data-background', `${CRYPT.width}x${CRYPT.height}`);
  // The Align tool chosen with the answer still shown: its options, and the grid drawn over the picture.
  await page.keyboard.press('a');
  await expect(page.getByTestId('picture-align-options')).toBeVisible();
  await expect(report).toBeVisible();
  await page.keyboard.press('Control+0');
  await readmePicture(app, 'pictures-align.png');

  // 2. A correction is possible and is one undo step: the picture nudged ten pixels right, undone.
  await page.getByTestId('picture-grid-adjust').click();
  await expect(page.getByTestId('picture-align-options')).toBeVisible();
  // Found to within a pixel's fraction (the phase is a line's centre, not a whole pixel: 34.98 here).
  const found = { pixelsPerSquare: await field(page, 'picture-pixels-per-square'), offsetX: await field(page, 'picture-offset-x'), offsetY: await field(page, 'picture-offset-y') };
  expect(found.pixelsPerSquare).toBe(CRYPT.pixelsPerSquare);
  expect(Math.abs(found.offsetX - CRYPT.offsetX)).toBeLessThan(0.5);
  expect(Math.abs(found.offsetY - CRYPT.offsetY)).toBeLessThan(0.5);
  await canvas(page).focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => field(page, 'picture-offset-x')).toBeCloseTo(found.offsetX - 10, 6);
  expect(await undoLabel(page)).toContain('Undo align picture');
  await page.keyboard.press('Control+z');
  await expect.poll(() => field(page, 'picture-offset-x')).toBeCloseTo(found.offsetX, 6);
  expect(await field(page, 'picture-offset-y')).toBeCloseTo(found.offsetY, 6);
  expect(await undoLabel(page)).toContain('Undo import picture');

  // 3. The pool painted as water: one click of the picture wand on it.
  await page.getByTestId('tool-picture-wand').click();
  await page.getByTestId('brush-water').click();
  // The pool's squares differ by up to ΔE 13 among themselves (its ripples drawn at random), the
  // flagstones round it by 47: the default 12 can leave one pool square out, so a little wider.
  await page.getByTestId('wand-tolerance').fill('16');
  await page.getByTestId('wand-tolerance').press('Enter');
  const pool = await squarePoint(page, 11, 4);
  await page.mouse.move(pool.x, pool.y);
  await page.mouse.click(pool.x, pool.y);
  // The picture is read in a worker: on a busy machine the click paints when it is read.
  await expect.poll(() => undoLabel(page), { timeout: 20_000 }).not.toContain('Undo import picture');

  // 4. A goblin on the flagstones, given its token art.
  await page.keyboard.press('c');
  const at = await squarePoint(page, 9, 8);
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('creature-panel')).toBeVisible();
  await page.getByTestId('token-picture-input').setInputFiles(GOBLIN);
  await expect(page.getByTestId('token-picture-thumb')).toBeVisible();
  await page.getByTestId('creature-name-input').fill('Goblin');
  await page.getByTestId('creature-name-input').press('Enter');
  await page.getByTestId('creature-side').selectOption('enemy');

  // 5. A label over the crypt.
  await page.getByTestId('tool-label').click();
  const where = await squarePoint(page, 10, 2);
  await page.mouse.click(where.x, where.y);
  await page.getByTestId('label-editor-text').fill('Crypt');
  await page.getByTestId('label-editor-text').press('Enter');
  await expect(page.getByTestId('label-editor')).toHaveCount(0);
  // Nothing selected, so the picture shows the map, not the goblin's reach.
  await page.getByTestId('tool-select').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('creature-panel')).toBeHidden();
  await page.keyboard.press('Control+0');
  await readmePicture(app, 'pictures-editor.png');

  // 6. Saved, and opened again: the picture's and the token's bytes are the fixtures', unchanged.
  const saved = await app.save(() => page.keyboard.press('Control+s'), 'crypt.encounter');
  const readSaved = (file: string): Encounter => {
    const read = parseEncounter(readFileSync(file, 'utf8'));
    if (!read.ok) throw new Error(read.error);
    return read.encounter;
  };
  const checkSaved = (doc: Encounter) => {
    expect(Buffer.from(doc.picture!.data, 'base64').equals(original)).toBe(true);
    expect(doc.picture).toMatchObject({ mime: 'image/jpeg', width: CRYPT.width, height: CRYPT.height, ...found });
    expect(doc.tokenImages).toHaveLength(1);
    expect(Buffer.from(doc.tokenImages![0]!.data, 'base64').equals(readFileSync(GOBLIN))).toBe(true);
    expect(doc.creatures.map((c) => [c.name, c.side, c.x, c.y, c.token])).toEqual([['Goblin', 'enemy', 9, 8, doc.tokenImages![0]!.id]]);
    expect(doc.labels?.map((l) => [l.kind, l.text])).toEqual([['label', 'Crypt']]);
    // Row by row, water as ~: the pool's four squares and nothing else.
    const rows = (water: (x: number, y: number) => boolean) => Array.from({ length: doc.map.height }, (_, y) => Array.from({ length: doc.map.width }, (_, x) => (water(x, y) ? '~' : '.')).join(''));
    expect(rows((x, y) => doc.map.terrain[y * doc.map.width + x] === Terrain.water)).toEqual(rows(isPool));
    expect(doc.map.terrain.every((t) => t === Terrain.water || t === Terrain.normal)).toBe(true);
  };
  const first = readSaved(saved);
  checkSaved(first);
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  await expect(canvas(page)).toHaveAttribute('data-background', 'none');
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Crypt by the river');
  await expect(canvas(page)).toHaveAttribute('data-background', `${CRYPT.width}x${CRYPT.height}`);
  checkSaved(readSaved(await app.save(() => page.keyboard.press('Control+Shift+s'), 'crypt-again.encounter')));

  // 7a. Foundry: the background is the JPEG itself; Foundry stretches it over the scene rectangle,
  // which starts at -background.offset (Scene#getDimensions), while the grid starts at 0, so grid
  // square (x, y) lies on picture pixel (offset + x · size) · picture width / scene width.
  const foundry = await exportAs(app, 'foundry', 'journey.foundry.json', 3);
  const scene = JSON.parse(readFileSync(path.join(app.dir, foundry.find((n) => n.endsWith('.foundry.json'))!), 'utf8'));
  const background = readFileSync(path.join(app.dir, scene.background.src));
  expect(background.equals(original)).toBe(true);
  const bg = await decode(background);
  const toPicture = { x: bg.width / scene.width, y: bg.height / scene.height };
  for (const [x, y] of SQUARES) {
    // Lined up to within half a picture pixel (Foundry's offsets are whole pixels).
    expect(Math.abs((scene.background.offsetX + x * scene.grid.size) * toPicture.x - (CRYPT.offsetX + CRYPT.pixelsPerSquare * x)), `Foundry square ${x},${y}`).toBeLessThan(0.5);
    expect(Math.abs((scene.background.offsetY + y * scene.grid.size) * toPicture.y - (CRYPT.offsetY + CRYPT.pixelsPerSquare * y))).toBeLessThan(0.5);
    // And what Foundry shows in that square's middle is the art's.
    const left = (scene.background.offsetX + x * scene.grid.size) * toPicture.x;
    const top = (scene.background.offsetY + y * scene.grid.size) * toPicture.y;
    const side = scene.grid.size * toPicture.x;
    expect(farthest(meanColour(bg, left + side / 4, top + side / 4, left + (3 * side) / 4, top + (3 * side) / 4), artSquare(x, y))).toBeLessThan(1);
  }
  // The token's art goes beside it, bytes unchanged.
  const token = scene.tokens.find((t: { texture: { src: string } }) => !t.texture.src.startsWith('icons/'));
  expect(readFileSync(path.join(app.dir, token.texture.src)).equals(readFileSync(GOBLIN))).toBe(true);

  /**
   * An image the export drew (the picture under the rules, `ppg` pixels a square from the map's
   * corner) against the art, square by square: each drawn pixel against the mean of the art's pixels
   * under it by the fixture's own grid, grid lines and texture included, so a picture off by a few
   * pixels shows; the painted squares with the terrain's tint over the art (raster.ts › TERRAIN_OVER_PICTURE).
   */
  const compareDrawn = (img: Pixels, ppg: number, doc: Encounter, what: string) => {
    const range = elevationRange(doc.map);
    const r = CRYPT.pixelsPerSquare / ppg;
    for (const [x, y] of SQUARES) {
      const tint = isPool(x, y) ? squareRgb(doc.map, y * doc.map.width + x, range) : null;
      let error = 0;
      for (let j = 0; j < ppg; j++)
        for (let i = 0; i < ppg; i++) {
          const px = CRYPT.offsetX + (x * ppg + i) * r;
          const py = CRYPT.offsetY + (y * ppg + j) * r;
          let want = meanColour(art, px, py, px + r, py + r);
          if (tint) want = want.map((v, c) => v + (tint[c]! - v) * TERRAIN_OVER_PICTURE);
          const o = ((y * ppg + j) * img.width + x * ppg + i) * 3;
          error += want.reduce((sum, v, c) => sum + Math.abs(v - img.data[o + c]!), 0) / 3;
        }
      // The two editions decode the JPEG each with its own decoder: a level or two apart.
      expect(error / (ppg * ppg), `${what}: square ${x},${y}, mean difference from the art`).toBeLessThan(6);
    }
  };

  // 7b. Universal VTT: a 35 px offset is not a whole square, so the picture is drawn again under the
  // map (docs/formats.md › Universal VTT › The picture), stretched to map_size × pixels_per_grid from map_origin.
  const [uvttName] = await exportAs(app, 'uvtt', 'journey.dd2vtt', 1);
  const uvtt = JSON.parse(readFileSync(path.join(app.dir, uvttName!), 'utf8'));
  expect(uvtt.resolution.map_origin).toEqual({ x: 0, y: 0 });
  expect(uvtt.resolution.map_size).toEqual({ x: CRYPT.columns, y: CRYPT.rows });
  const ppg = uvtt.resolution.pixels_per_grid as number;
  const uvttImage = await decode(Buffer.from(uvtt.image, 'base64'));
  expect([uvttImage.width, uvttImage.height]).toEqual([CRYPT.columns * ppg, CRYPT.rows * ppg]);
  compareDrawn(uvttImage, ppg, first, 'Universal VTT');

  // 7c. Tiled: the JPEG as the bottom image layer, tiles of its 70 px, offset by minus the picture
  // pixel on the map's corner; an image layer is drawn at its own pixels, so map pixel p shows picture pixel p − offset.
  const tiled = await exportAs(app, 'tiled', 'journey.tmj', 3);
  const tmj = JSON.parse(readFileSync(path.join(app.dir, tiled.find((n) => n.endsWith('.tmj'))!), 'utf8'));
  expect([tmj.width, tmj.height, tmj.tilewidth, tmj.tileheight]).toEqual([CRYPT.columns, CRYPT.rows, 70, 70]);
  const layer = tmj.layers[0];
  expect(layer.type).toBe('imagelayer');
  const tiledPicture = readFileSync(path.join(app.dir, layer.image));
  expect(tiledPicture.equals(original)).toBe(true);
  const tiledArt = await decode(tiledPicture);
  for (const [x, y] of SQUARES) {
    const left = x * tmj.tilewidth - layer.offsetx;
    const top = y * tmj.tileheight - layer.offsety;
    expect(Math.abs(left - (CRYPT.offsetX + 70 * x)), `Tiled square ${x},${y}`).toBeLessThan(0.5);
    expect(Math.abs(top - (CRYPT.offsetY + 70 * y))).toBeLessThan(0.5);
    expect(farthest(meanColour(tiledArt, left + 17.5, top + 17.5, left + 52.5, top + 52.5), artSquare(x, y))).toBeLessThan(1);
  }

  // 7d. PNG: the picture decoded and drawn under the map at 35 px a square (grid and creatures off).
  const [pngName] = await exportAs(app, 'png', 'journey.png', 1, async () => {
    await page.getByTestId('export-pixels').fill('35');
    await page.getByTestId('export-grid').uncheck();
    await page.getByTestId('export-creatures').uncheck();
  });
  const png = await decode(readFileSync(path.join(app.dir, pngName!)));
  expect([png.width, png.height]).toEqual([CRYPT.columns * 35, CRYPT.rows * 35]);
  compareDrawn(png, 35, first, 'PNG');
  expect(app.problems).toEqual([]);
});
