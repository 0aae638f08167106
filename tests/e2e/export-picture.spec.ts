import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeBase64 } from '../../src-shared/io/export';
import { expect, ROOT, runExport, screenshotPath, test, type AppDriver } from './fixtures';

/**
 * Every export keeps the art, as a user does it in each edition: open a Dungeondraft-shaped map
 * (tests/fixtures/pictures/exports-crypt.dd2vtt: a drawn dungeon JPEG on a 50 px grid, a red rug over
 * squares 3–4 × 2–3, a blue pool round square 15,5), export it to Foundry, Universal VTT, Tiled and
 * PNG, and read back in each that the background is the original art lined up with the grid.
 */
const fixture = path.join(ROOT, 'tests/fixtures/pictures/exports-crypt.dd2vtt');
const dd2vtt = JSON.parse(readFileSync(fixture, 'utf8'));
const jpeg = decodeBase64(dd2vtt.image)!;

/** Exports in the open dialog; the names written (downloads in the browser, `desktopNames` on the desktop: the main file first). */
async function exportAs(app: AppDriver, format: string, desktopNames: string[], count: number, setUp?: () => Promise<void>): Promise<string[]> {
  const { page } = app;
  await page.keyboard.press('Control+e');
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('export-format').selectOption(format);
  await expect(page.getByTestId('export-picture')).toHaveValue('original');
  if (setUp) await setUp();
  const written = await runExport(app, count, desktopNames[0]!);
  const names = app.edition === 'browser' ? written : desktopNames;
  return names;
}

const pixelAt = async (bytes: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const o = (Math.floor(y) * info.width + Math.floor(x)) * 3;
  return [data[o]!, data[o + 1]!, data[o + 2]!];
};
const isRed = ([r, g, b]: number[]) => r! > 130 && g! < 90 && b! < 90;
const isBlue = ([r, , b]: number[]) => b! > r! + 40;

test('a Dungeondraft map keeps its art through Foundry, Universal VTT, Tiled and PNG exports', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const file = path.join(app.dir, 'crypt.dd2vtt');
  copyFileSync(fixture, file);
  await app.open(() => page.keyboard.press('Control+o'), file);
  await expect(page.getByTestId('notice-info').last()).toContainText('Imported the Universal VTT map crypt.dd2vtt');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-map-width', '20');

  // Foundry: the JPEG itself beside the scene, the grid its 50 px.
  const foundry = await exportAs(app, 'foundry', ['crypt.foundry.json', 'crypt.foundry-map.jpg'], 2);
  const sceneName = foundry.find((n) => n.endsWith('.json'))!;
  const mapName = foundry.find((n) => n.endsWith('-map.jpg'))!;
  expect(mapName).toBeTruthy();
  expect(new Uint8Array(readFileSync(path.join(app.dir, mapName)))).toEqual(jpeg);
  const scene = JSON.parse(readFileSync(path.join(app.dir, sceneName), 'utf8'));
  expect([scene.grid.size, scene.width, scene.height, scene.background.offsetX]).toEqual([50, 1000, 750, 0]);
  expect(scene.lights).toHaveLength(2);
  // The window is a wall that stops movement, not sight; the slanting wall is drawn, not a staircase.
  expect(scene.walls.map((w: { c: number[] }) => w.c)).toContainEqual([450, 450, 420, 700]);
  if (app.edition === 'browser') {
    await page.keyboard.press('Control+e');
    await page.getByTestId('export-format').selectOption('foundry');
    await page.getByTestId('export-dialog').screenshot({ path: screenshotPath('export-dialog-picture.png') });
    await page.getByRole('button', { name: 'Cancel' }).click();
  }

  // Universal VTT: the same picture bytes, resolution and lights.
  const [uvttName] = await exportAs(app, 'uvtt', ['crypt-again.dd2vtt'], 1);
  const again = JSON.parse(readFileSync(path.join(app.dir, uvttName!), 'utf8'));
  expect(decodeBase64(again.image)).toEqual(jpeg);
  expect(again.resolution.pixels_per_grid).toBe(50);
  expect(again.lights).toHaveLength(2);
  await expect(page.getByTestId('notice-info').last()).toBeVisible();

  // Tiled: the JPEG as an image layer, tiles of its 50 px.
  const tiled = await exportAs(app, 'tiled', ['crypt.tmj', 'crypt-tiles.png', 'crypt-picture.jpg'], 3);
  const tmj = JSON.parse(readFileSync(path.join(app.dir, tiled.find((n) => n.endsWith('.tmj'))!), 'utf8'));
  expect(tmj.tilewidth).toBe(50);
  expect(tmj.layers[0]).toMatchObject({ type: 'imagelayer', offsetx: 0, offsety: 0 });
  expect(new Uint8Array(readFileSync(path.join(app.dir, tmj.layers[0].image)))).toEqual(jpeg);

  // PNG: the picture under the map, decoded by the edition's own decoder, at 20 px a square.
  const [pngName] = await exportAs(app, 'png', ['crypt.png'], 1, async () => {
    await page.getByTestId('export-pixels').fill('20');
    await page.getByTestId('export-grid').uncheck();
    await page.getByTestId('export-creatures').uncheck();
  });
  const png = new Uint8Array(readFileSync(path.join(app.dir, pngName!)));
  expect(isRed(await pixelAt(png, 3.5 * 20, 2.5 * 20))).toBe(true);
  expect(isRed(await pixelAt(png, 2.5 * 20, 2.5 * 20))).toBe(false);
  expect(isBlue(await pixelAt(png, 15.5 * 20, 5.5 * 20))).toBe(true);
});
