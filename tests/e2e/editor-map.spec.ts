import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readEncounterText } from '../../src-shared/io';
import { Edge, squareIndex, Terrain, type Encounter } from '../../src-shared/model';
import { expect, ROOT, screenshotPath, test, type AppDriver } from './fixtures';

// Building a map with the mouse alone: walls along grid lines, a door opened with the Select tool,
// a cliff of raised ground, water — then undo and redo, save, reopen, and the model is the same.

const canvas = (page: Page) => page.getByTestId('map-canvas');

/** The page position of a point given in squares (fractions allowed: 4, 1.5 is on the line x = 4). */
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

async function screenshot(app: AppDriver, name: string) {
  if (app.edition !== 'browser') return;
  await app.page.screenshot({ path: screenshotPath(name) });
}

function read(file: string): Encounter {
  const r = readEncounterText(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}

test('build a map with walls, a door, a cliff and water with the mouse; undo, redo, save, reopen', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-name').fill('Built by hand');
  await page.getByTestId('new-ruleset').selectOption('d20-35');
  await page.getByTestId('new-width').fill('12');
  await page.getByTestId('new-height').fill('8');
  await page.getByTestId('new-create').click();
  await expect(canvas(page)).toBeVisible();
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(1);

  // Walls: W, drag down the grid line x = 4 from row 1 to row 5.
  await page.keyboard.press('w');
  await expect(page.getByTestId('edge-options')).toBeVisible();
  await drag(page, await at(page, 4, 1.5), await at(page, 4, 5.5));
  // A door on the same line at row 6: a click.
  await page.getByTestId('edge-doorClosed').click();
  const door = await at(page, 4, 6.5);
  await page.mouse.click(door.x, door.y);

  // A cliff: the rectangle on the elevation layer, 10 ft up.
  await page.keyboard.press('r');
  await page.getByTestId('layer-picker').selectOption('elevation');
  await expect(page.getByTestId('legend')).toHaveCount(0);
  await page.getByTestId('layer-value').fill('10');
  await page.getByTestId('layer-value').press('Enter');
  await drag(page, await centre(page, 6, 1), await centre(page, 9, 3));

  // Water 5 ft deep with the brush.
  await page.keyboard.press('b');
  await page.getByTestId('layer-picker').selectOption('waterDepth');
  await page.getByTestId('layer-value').fill('5');
  await page.getByTestId('layer-value').press('Enter');
  await drag(page, await centre(page, 0, 7), await centre(page, 2, 7));

  // Select: one click on the door opens it; a click in a square inspects it.
  await page.keyboard.press('v');
  await page.mouse.click(door.x, door.y);
  const beside = await centre(page, 3, 6);
  await page.mouse.click(beside.x, beside.y);
  await expect(page.getByTestId('square-facts')).toContainText('East edgeopen door');

  // Undo closes the door again, redo opens it.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('square-facts')).toContainText('East edgeclosed door');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('square-facts')).toContainText('East edgeopen door');
  const cliffTop = await centre(page, 6, 2);
  await page.mouse.click(cliffTop.x, cliffTop.y);
  await expect(page.getByTestId('square-facts')).toContainText('Elevation10 feet');
  await screenshot(app, 'editor-map.png');

  const saved = await app.save(() => page.keyboard.press('Control+s'), 'built.encounter');
  const built = read(saved);
  const m = built.map;
  const i = (x: number, y: number) => squareIndex(m, x, y);
  for (let y = 1; y <= 5; y++) expect(m.edgeEast[i(3, y)]).toBe(Edge.wall);
  expect(m.edgeEast[i(3, 0)]).toBe(Edge.none);
  expect(m.edgeEast[i(3, 6)]).toBe(Edge.doorOpen);
  for (let y = 1; y <= 3; y++) for (let x = 6; x <= 9; x++) expect(m.elevation[i(x, y)]).toBe(10);
  expect(m.elevation[i(5, 2)]).toBe(0);
  for (let x = 0; x <= 2; x++) {
    expect(m.terrain[i(x, 7)]).toBe(Terrain.water);
    expect(m.waterDepth[i(x, 7)]).toBe(5);
  }
  expect(m.terrain[i(3, 7)]).toBe(Terrain.normal);

  // Reopen in a fresh document and save again: the same model.
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Built by hand');
  const again = read(await app.save(() => page.keyboard.press('Control+Shift+s'), 'again.encounter'));
  expect(again.map.width).toBe(12);
  for (const layer of ['terrain', 'elevation', 'waterDepth', 'edgeEast', 'edgeSouth', 'surface', 'resistance', 'blockade'] as const) {
    expect([...again.map[layer]], layer).toEqual([...m[layer]]);
  }
  expect(app.problems).toEqual([]);
});

test('layers: hide and lock; resize the map with an anchor and undo it; the minimap moves the view', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-ruleset').selectOption('startroid');
  await page.getByTestId('new-width').fill('60');
  await page.getByTestId('new-height').fill('40');
  await page.getByTestId('new-create').click();
  await expect(canvas(page)).toBeVisible();

  // A Startroid blockade, painted with the brush, inspects as one.
  await page.keyboard.press('b');
  await page.getByTestId('layer-picker').selectOption('blockade');
  await page.getByTestId('value-blockade-1').click();
  const q = await centre(page, 10, 10);
  await page.mouse.click(q.x, q.y);
  await page.keyboard.press('v');
  await page.mouse.click(q.x, q.y);
  await expect(page.getByTestId('square-blockade')).toHaveText('Blockade: blocking');

  // Locked terrain refuses the brush, with a notice.
  await page.getByTestId('layer-lock-terrain').click();
  await page.keyboard.press('b');
  const r = await centre(page, 12, 10);
  await page.mouse.click(r.x, r.y);
  await expect(page.getByTestId('notice-info').last()).toContainText('locked');
  await page.getByTestId('layer-lock-terrain').click();
  await page.getByTestId('layer-show-edges').click();
  await expect(page.getByTestId('layer-show-edges')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('layer-show-edges').click();

  // Resize: 70 × 40 anchored on the right, so 10 columns are added on the west.
  await page.getByTestId('resize-map').click();
  await page.getByTestId('resize-width').fill('70');
  await page.getByTestId('anchor-2-1').click();
  await page.getByTestId('resize-apply').click();
  await expect(page.getByTestId('prop-size')).toHaveText('70 × 40 squares');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('prop-size')).toHaveText('60 × 40 squares');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('prop-size')).toHaveText('70 × 40 squares');

  // Fitted, the whole map is in view and there is no minimap; zoomed in, it shows, and a click on
  // it moves the view.
  await page.keyboard.press('Control+0');
  await expect(page.getByTestId('minimap')).toHaveCount(0);
  for (let k = 0; k < 6; k++) await page.keyboard.press('Control+=');
  await expect(page.getByTestId('minimap')).toBeVisible();
  const before = Number(await canvas(page).getAttribute('data-pan-x'));
  const mini = (await page.getByTestId('minimap').boundingBox())!;
  const outlineLeft = async () => (await page.getByTestId('minimap-view').boundingBox())!.x;
  const leftBefore = await outlineLeft();
  const picture = page.getByTestId('minimap').locator('canvas');
  await expect(picture).toHaveAttribute('data-draws', /\d+/);
  const drawsBefore = await picture.getAttribute('data-draws');
  await page.mouse.click(mini.x + mini.width - 4, mini.y + mini.height / 2);
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-pan-x'))).toBeLessThan(before);
  // The outline of the part in view follows the view, and the map picture is not drawn again for a
  // pan (only the outline moves: no canvas for Chromium to copy every frame of a gesture).
  await expect.poll(outlineLeft).toBeGreaterThan(leftBefore);
  await expect(picture).toHaveAttribute('data-draws', drawsBefore!);
  await page.keyboard.press('b');
  await screenshot(app, 'editor-layers.png');
  expect(app.problems).toEqual([]);
});

test("the legend speaks the ruleset's words: 6d6 movement resistance, walls on a d20 sample", async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').locator('button', { hasText: 'Getaway from the Dead Pony Tavern' }).click();
  await expect(page.getByTestId('prop-ruleset')).toHaveText('6d6 RPG');
  await page.keyboard.press('b');
  await page.getByTestId('layer-picker').selectOption('resistance');
  await expect(page.getByTestId('legend')).toContainText('Movement resistance 7');
  await page.getByTestId('value-resistance-3').click();
  // A painted square inspects in words.
  await page.keyboard.press('v');
  const q = await centre(page, 1, 4);
  await page.mouse.click(q.x, q.y);
  await expect(page.getByTestId('square-movement-resistance')).toHaveText('Movement resistance 3');
  await page.keyboard.press('b');
  await screenshot(app, 'editor-legend.png');

  // Another ruleset has no movement resistance: the picker falls back to terrain.
  await page.getByTestId('menu-file').click();
  await page.locator('.menu-item', { hasText: 'Goblin ambush at the ford' }).click();
  await expect(page.getByTestId('prop-ruleset')).toHaveText('d20 SRD 3.5');
  await expect(page.getByTestId('layer-picker')).toHaveValue('terrain');
  await expect(page.getByTestId('layer-picker').locator('option')).toHaveText(['Terrain', 'Elevation', 'Water depth', 'Surface']);
  await page.keyboard.press('w');
  await expect(page.getByTestId('edge-options')).toContainText('Door (closed)');
  await screenshot(app, 'editor-walls.png');
  expect(app.problems).toEqual([]);
});
