import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readEncounterText } from '../../src-shared/io';
import { Edge, squareIndex, Terrain, type Encounter } from '../../src-shared/model';
import { expect, newEncounter, test } from './fixtures';

// Regions of squares with the mouse and the keys (issue 18 › 1): a room with a wall and a creature
// is selected with the Region tool, copied, pasted at the pointer, mirrored; saved and read back.

const canvas = (page: Page) => page.getByTestId('map-canvas');

/** The page position of a point given in squares (fractions allowed). */
async function at(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + x * s, y: box.y + Number(data['panY']) + y * s };
}
const centre = (page: Page, x: number, y: number) => at(page, x + 0.5, y + 0.5);

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

function read(file: string): Encounter {
  const r = readEncounterText(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}

test('copy a room with its wall and creature, paste it at the pointer, mirror it; save and read back', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Rooms', ruleset: 'd20-35', width: 12, height: 8 });
  await expect(canvas(page)).toBeVisible();
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(1);

  // A 2 × 2 room of difficult ground at (1,1)-(2,2), a wall on its east side, a creature in its top-left.
  await page.keyboard.press('r');
  await drag(page, await centre(page, 1, 1), await centre(page, 2, 2));
  await page.keyboard.press('w');
  await drag(page, await at(page, 3, 1.5), await at(page, 3, 2.5));
  await page.keyboard.press('c');
  const corner = await centre(page, 1, 1);
  await page.mouse.click(corner.x, corner.y);

  // Region tool: a marquee over the room; the status bar counts its squares.
  await page.keyboard.press('m');
  await expect(page.getByTestId('region-options')).toBeVisible();
  await drag(page, await centre(page, 1, 1), await centre(page, 2, 2));
  await expect(page.getByTestId('status-region')).toHaveText('4 squares selected');

  // Copy, then paste with the pointer on (6,1); then mirror the pasted room left to right.
  await page.keyboard.press('Control+c');
  const target = await centre(page, 6, 1);
  await page.mouse.move(target.x, target.y);
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('status-region')).toHaveText('4 squares selected');
  await page.keyboard.press('h');
  // The Edit menu names the step and shows the region's keys.
  await page.getByTestId('menu-edit').click();
  await expect(page.getByTestId('edit.undo')).toContainText('Undo mirror left to right 4 squares');
  await expect(page.getByTestId('edit.regionMirrorH')).toContainText('H');
  await page.keyboard.press('Escape');

  const m = read(await app.save(() => page.keyboard.press('Control+s'), 'rooms.encounter'));
  const i = (x: number, y: number) => squareIndex(m.map, x, y);
  for (const [x, y] of [[1, 1], [2, 1], [1, 2], [2, 2], [6, 1], [7, 1], [6, 2], [7, 2]]) expect(m.map.terrain[i(x!, y!)]).toBe(Terrain.difficult);
  // The original wall east of (2,1) and (2,2); the pasted room's, mirrored, on its west side: east of (5,1) and (5,2).
  for (const y of [1, 2]) {
    expect(m.map.edgeEast[i(2, y)]).toBe(Edge.wall);
    expect(m.map.edgeEast[i(5, y)]).toBe(Edge.wall);
    expect(m.map.edgeEast[i(7, y)]).toBe(Edge.none);
  }
  // The creature copied with the room, mirrored into the top-right square.
  expect(m.creatures.map((c) => [c.x, c.y])).toEqual([[1, 1], [7, 1]]);
  expect(app.problems).toEqual([]);
});
