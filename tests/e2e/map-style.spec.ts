import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { parseEncounter } from '../../src-shared/io';
import { mapStyleOptions, pixelAt, renderMapStyle } from '../../src-shared/render/map-style';
import { expect, ROOT, screenshotPath, test } from './fixtures';

/**
 * The map view (docs/map-style.md), as a user meets it: open a sample, switch views from the status
 * bar and with Ctrl+M, look at it at 83 % and 100 %, and export a PNG in the map style.
 */
const sampleFile = path.join(ROOT, 'resources/encounters/goblin-ambush.d20-35.encounter');
/** Pictures to look at, not for the docs: always under test-results. */
function lookAt(name: string): string {
  const dir = path.join(ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
/** A sample in the map view, fitted, with no notice over it (the docs' pictures come from the browser edition). */
async function fittedPicture(page: Page, file: string): Promise<void> {
  await page.getByTestId('map-canvas').focus();
  await page.keyboard.press('Control+0');
  for (const b of await page.getByRole('button', { name: 'Dismiss' }).all()) await b.click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-settled', 'true');
  await page.waitForTimeout(600);
  await page.screenshot({ path: file });
}

test('the map view: switched from the status bar and Ctrl+M, and exported as a PNG in the map style', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-map-style', 'rules');
  await page.getByTestId('view-map').click();
  await expect(canvas).toHaveAttribute('data-map-style', 'map');
  await expect(page.getByTestId('view-map')).toHaveAttribute('aria-pressed', 'true');
  // Zooming out stops at half the fitted size (issue 18 › 6), which for this small map in this window
  // is above 83 %: the closest look at "83 %" the map allows is that floor.
  await canvas.focus();
  await page.keyboard.press('Control+0');
  await expect(canvas).toHaveAttribute('data-settled', 'true');
  const fit = Number(await canvas.getAttribute('data-zoom'));
  const floor = Math.min(1, fit / 2);
  for (const zoom of [83, 100]) {
    await canvas.focus();
    await page.keyboard.press('Control+1');
    if (zoom !== 100) {
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, (-100 * Math.log(zoom / 100)) / Math.log(1.25));
      await expect(canvas).toHaveAttribute('data-zoom', Math.max(zoom / 100, floor).toFixed(4));
    }
    await expect(canvas).toHaveAttribute('data-settled', 'true');
    await page.waitForTimeout(400);
    await page.screenshot({ path: lookAt(`map-view-${zoom}.png`) });
  }
  await canvas.focus();
  await page.keyboard.press('Control+m');
  await expect(canvas).toHaveAttribute('data-map-style', 'rules');
  await page.screenshot({ path: lookAt('rules-view-100.png') });
  await page.keyboard.press('Control+m');
  await expect(canvas).toHaveAttribute('data-map-style', 'map');
  await fittedPicture(page, app.edition === 'browser' ? screenshotPath('map-view-ford.png') : lookAt('map-view-ford-desktop.png'));

  // The export dialog starts with the window's view: the map style.
  await page.keyboard.press('Control+e');
  await page.getByTestId('export-format').selectOption('png');
  await expect(page.getByTestId('export-style')).toHaveValue('map');
  await page.getByTestId('export-pixels').fill('20');
  await page.getByTestId('export-grid').uncheck();
  await page.getByTestId('export-creatures').uncheck();
  let file: string;
  if (app.edition === 'browser') {
    const download = page.waitForEvent('download');
    await page.getByTestId('export-run').click();
    const d: Download = await download;
    file = path.join(app.dir, d.suggestedFilename());
    await d.saveAs(file);
  } else file = await app.save(() => page.getByTestId('export-run').click(), 'ford.png');
  const png = decode(readFileSync(file));
  const parsed = parseEncounter(readFileSync(sampleFile, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  const expected = renderMapStyle(parsed.encounter.map, mapStyleOptions(parsed.encounter, 20));
  expect([png.width, png.height]).toEqual([expected.width, expected.height]);
  // Known squares: a flagstone, the river, a rubble square — the pure renderer's pixels.
  for (const [x, y] of [
    [30, 30],
    [130, 90],
    [210, 110],
    [250, 30],
  ]) {
    const o = (y! * png.width + x!) * png.channels;
    expect([...png.data.slice(o, o + 3)], `pixel ${x},${y}`).toEqual(pixelAt(expected, x!, y!));
  }
  expect(app.problems).toEqual([]);
});

test('the drake’s lair in the map view: a raised hall with its cliff edge, water, embers and brush', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('The drake').click();
  await page.getByTestId('view-map').click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-map-style', 'map');
  await fittedPicture(page, app.edition === 'browser' ? screenshotPath('map-view-lair.png') : lookAt('map-view-lair-desktop.png'));
  expect(app.problems).toEqual([]);
});
