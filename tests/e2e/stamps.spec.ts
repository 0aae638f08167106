import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readEncounterText } from '../../src-shared/io';
import { Edge, squareIndex, type Encounter } from '../../src-shared/model';
import { expect, newEncounter, screenshotPath, test } from './fixtures';

// Stamps (issue 18 › 2) in each edition: the starter door frame picked from the palette, turned with
// R and dropped with a click; the dropped squares saved again as a stamp (the browser keeps it in its
// library “Stamps”, the desktop saves it through the save dialog) and the map saved with the drop.

const canvas = (page: Page) => page.getByTestId('map-canvas');
async function centre(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}
function read(file: string): Encounter {
  const r = readEncounterText(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}

test('drop a starter stamp turned once, save the dropped squares as a stamp, save the map', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Stamped', ruleset: 'd20-35', width: 12, height: 10 });
  await expect(canvas(page)).toBeVisible();
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(1);

  await page.getByTestId('tool-stamps').click();
  await expect(page.getByTestId('stamps-palette')).toBeVisible();
  await page.getByTestId('stamps-search').fill('door');
  await page.getByTestId('stamp-card').filter({ hasText: 'Door frame' }).click();
  await expect(page.getByTestId('stamp-placing')).toContainText('Door frame');

  const q = await centre(page, 5, 3);
  await page.mouse.move(q.x, q.y);
  await page.keyboard.press('r');
  if (app.edition === 'browser') await page.screenshot({ path: screenshotPath('stamps.png') });
  await page.mouse.click(q.x, q.y);
  await expect(page.getByTestId('stamp-placing')).toHaveCount(0);

  // The dropped squares are the region: Edit › Save region as stamp….
  await page.getByTestId('menu-edit').click();
  await page.getByTestId('edit.saveStamp').click();
  await page.getByTestId('stamp-name').fill('Side door');
  await page.getByTestId('stamp-tags').fill('door, side');
  if (app.edition === 'browser') {
    await page.getByTestId('stamp-save').click();
    await page.getByTestId('stamps-tag').selectOption('side');
    await expect(page.getByTestId('stamp-card')).toHaveText(/Side door/);
  } else {
    const stamp = read(await app.save(() => page.getByTestId('stamp-save').click(), 'side-door.encounter'));
    expect(stamp.stamp).toBeDefined();
    expect(stamp.tags).toEqual(['door', 'side']);
  }
  await expect(page.getByTestId('save-stamp-dialog')).toBeHidden();

  const m = read(await app.save(() => page.keyboard.press('Control+s'), 'stamped.encounter')).map;
  // The frame's wall, door, wall, turned clockwise: down the east side of squares 5,3 to 5,5.
  expect([3, 4, 5].map((y) => m.edgeEast[squareIndex(m, 5, y)])).toEqual([Edge.wall, Edge.doorClosed, Edge.wall]);
  expect(m.edgeSouth.every((e) => e === Edge.none)).toBe(true);
  expect(app.problems).toEqual([]);
});
