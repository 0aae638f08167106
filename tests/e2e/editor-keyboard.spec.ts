import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readEncounterText } from '../../src-shared/io';
import { Edge, squareIndex, Terrain, type Encounter } from '../../src-shared/model';
import { expect, test } from './fixtures';

// Issue 18 › 3, 4: a room built from the keyboard alone (keyboard-cursor mode), a creature
// duplicated from the map's menu, then saved and reopened unchanged, in each edition.

const canvas = (page: Page) => page.getByTestId('map-canvas');

function read(file: string): Encounter {
  const r = readEncounterText(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}
async function keys(page: Page, key: string, n = 1) {
  for (let k = 0; k < n; k++) await page.keyboard.press(key);
}

test('build a room from the keyboard alone; duplicate a creature from the map menu; save, reopen', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-name').fill('Built by keys');
  await page.getByTestId('new-ruleset').selectOption('d20-35');
  await page.getByTestId('new-width').fill('12');
  await page.getByTestId('new-height').fill('8');
  await page.getByTestId('new-create').click();
  await expect(canvas(page)).toBeVisible();

  // K: the keyboard cursor; to the top-left corner and one square in.
  await page.keyboard.press('k');
  await expect(canvas(page)).toBeFocused();
  await keys(page, 'ArrowUp', 8);
  await keys(page, 'ArrowLeft', 12);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(canvas(page)).toHaveAttribute('data-cursor', '1,1');
  // Walls around a 5 × 4 region; its floor difficult ground with the brush.
  await page.keyboard.press('w');
  await keys(page, 'Shift+ArrowRight', 4);
  await keys(page, 'Shift+ArrowDown', 3);
  await page.keyboard.press('Enter');
  await page.keyboard.press('b');
  await keys(page, 'Shift+ArrowLeft', 4);
  await keys(page, 'Shift+ArrowUp', 3);
  await page.keyboard.press('Enter');
  // A door in the east wall, and a creature inside it.
  await page.keyboard.press('ArrowDown');
  await keys(page, 'ArrowRight', 4);
  await page.keyboard.press('o');
  await page.keyboard.press('c');
  await page.keyboard.press('Enter');
  await expect(canvas(page)).toHaveAttribute('aria-label', /Square 5, 2: Difficult, elevation 0 feet; .+ \(Medium\)/);
  await page.keyboard.press('Escape');
  await expect(canvas(page)).not.toHaveAttribute('data-cursor', /./);

  // The map menu on the creature: Duplicate.
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  await page.mouse.click(box.x + Number(data['panX']) + 5.5 * s, box.y + Number(data['panY']) + 2.5 * s, { button: 'right' });
  await expect(page.getByTestId('map-menu')).toBeVisible();
  await page.getByTestId('menu-item-creature-duplicate').click();
  await expect(page.getByTestId('map-menu')).toHaveCount(0);

  const saved = await app.save(() => page.keyboard.press('Control+s'), 'keys.encounter');
  const built = read(saved);
  const m = built.map;
  const i = (x: number, y: number) => squareIndex(m, x, y);
  for (let x = 1; x <= 5; x++) expect([m.edgeSouth[i(x, 0)], m.edgeSouth[i(x, 4)]]).toEqual([Edge.wall, Edge.wall]);
  for (let y = 1; y <= 4; y++) expect([m.edgeEast[i(0, y)], m.edgeEast[i(5, y)]]).toEqual([Edge.wall, y === 2 ? Edge.doorClosed : Edge.wall]);
  for (let y = 0; y < 8; y++) for (let x = 0; x < 12; x++) expect(m.terrain[i(x, y)]).toBe(x >= 1 && x <= 5 && y >= 1 && y <= 4 ? Terrain.difficult : Terrain.normal);
  expect(built.creatures.map((c) => [c.x, c.y])).toEqual([
    [5, 2],
    [6, 3],
  ]);

  // Reopen in a fresh document and save again: the same model.
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Built by keys');
  const again = read(await app.save(() => page.keyboard.press('Control+Shift+s'), 'again.encounter'));
  for (const layer of ['terrain', 'edgeEast', 'edgeSouth'] as const) expect([...again.map[layer]], layer).toEqual([...m[layer]]);
  expect(again.creatures).toEqual(built.creatures);
  expect(app.problems).toEqual([]);
});
