import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encounterFromPicture } from '../../src-main/cli/picture';
import { parseEncounter, serializeEncounter } from '../../src-shared/io';
import { Terrain } from '../../src-shared/model';
import { CRYPT } from '../unit/picture/crypt';
import { expect, ROOT, screenshotPath, test, type AppDriver } from './fixtures';

// issue 15 › Terrain from the picture, from the outside: a JPEG battle map (the crypt by the river,
// tests/fixtures/pictures/analysis-crypt.jpg) made into an encounter as `encounter import` makes it,
// opened, and its river painted as water with one click of the picture wand; saved and read back.

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function squarePoint(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}

async function screenshot(app: AppDriver, name: string) {
  if (app.edition === 'browser') await app.page.screenshot({ path: screenshotPath(name) });
}

test('the picture wand paints the river of a JPEG battle map as water: one click, one undo step', async ({ app }) => {
  const { page } = app;
  const bytes = new Uint8Array(readFileSync(path.join(ROOT, 'tests/fixtures/pictures/analysis-crypt.jpg')));
  const encounter = encounterFromPicture(bytes, { pixelsPerSquare: CRYPT.pixelsPerSquare, offsetX: CRYPT.offsetX, offsetY: CRYPT.offsetY }, 'Crypt', 'd20-35');
  const file = path.join(app.dir, 'crypt.encounter');
  writeFileSync(file, serializeEncounter(encounter));
  await app.open(() => page.keyboard.press('Control+o'), file);
  await expect(canvas(page)).toBeVisible();

  await page.getByTestId('tool-picture-wand').click();
  await page.getByTestId('brush-water').click();
  const river = await squarePoint(page, 1, 5);
  await page.mouse.move(river.x, river.y);
  await expect(canvas(page)).toHaveAttribute('data-tool', 'picture-wand.idle');
  await page.waitForTimeout(800);
  await screenshot(app, 'picture-wand-preview.png');
  await page.mouse.click(river.x, river.y);
  // The picture is read in a worker: on a busy machine the click may come first and paint when it is.
  await expect(page.getByText('Unsaved changes')).toBeVisible({ timeout: 20_000 });
  await screenshot(app, 'picture-wand-river.png');

  // One undo step takes it all back, redo puts it again.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  // Save As a new name: the opened file itself exists already, so its name would not show the save.
  const saved = await app.save(() => page.keyboard.press('Control+Shift+s'), 'crypt-wand.encounter');
  const read = parseEncounter(readFileSync(saved, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  const m = read.encounter.map;
  for (let y = 0; y < m.height; y++)
    for (let x = 0; x < m.width; x++) {
      const want = x <= 2 ? Terrain.water : Terrain.normal;
      expect(m.terrain[y * m.width + x], `square ${x},${y}`).toBe(want);
    }
  // The picture is saved as it came, byte for byte.
  expect(read.encounter.picture!.data).toBe(encounter.picture!.data);
  expect(app.problems).toEqual([]);
});
