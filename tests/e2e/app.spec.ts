import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, screenshotPath, test, type AppDriver, newEncounter } from './fixtures';

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function viewState(page: Page) {
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return { zoom: Number(data['zoom']), panX: Number(data['panX']), panY: Number(data['panY']), gridLines: Number(data['gridLines']), width: Number(data['mapWidth']), height: Number(data['mapHeight']) };
}

/** The page position of the centre of a square, from the view the canvas reports. */
async function squareCentre(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const v = await viewState(page);
  const s = 32 * v.zoom;
  return { x: box.x + v.panX + (x + 0.5) * s, y: box.y + v.panY + (y + 0.5) * s };
}

async function screenshot(app: AppDriver, name: string) {
  // The README shows these; one edition is enough to take them.
  if (app.edition !== 'browser') return;
  await app.page.screenshot({ path: screenshotPath(name) });
}

test('new encounter → grid → zoom and pan → save → open gives the same map', async ({ app }) => {
  const { page } = app;
  await expect(page.getByTestId('welcome')).toBeVisible();
  await screenshot(app, 'welcome.png');

  await page.getByTestId('welcome-new').click();
  await expect(page.getByTestId('new-dialog')).toBeVisible();
  await page.getByTestId('new-ruleset').selectOption('startroid');
  await expect(page.getByTestId('new-hint')).toContainText('1.5 m squares');
  await page.getByTestId('new-dialog').locator('button', { hasText: 'Cancel' }).click();

  await newEncounter(page, { name: 'Goblin ambush', ruleset: 'startroid', width: 30, height: 20 });
  await expect(canvas(page)).toBeVisible();
  await expect(page.getByTestId('status-map')).toHaveText('30 × 20 squares');
  await expect(page.getByTestId('status-ruleset')).toContainText('Startroid · 1.5 m squares');
  // A new map is fitted to the window (once the canvas has measured itself): same as Ctrl+0.
  await expect.poll(async () => (await viewState(page)).zoom).toBeGreaterThan(0.9);
  const autoFitted = await viewState(page);
  await page.keyboard.press('Control+0');
  const fitted = await viewState(page);
  expect(fitted).toEqual(autoFitted);
  expect(fitted.width).toBe(30);
  expect(fitted.gridLines).toBe(31 + 21);

  // The status bar follows the cursor.
  const c = await squareCentre(page, 7, 4);
  await page.mouse.move(c.x, c.y);
  await expect(page.getByTestId('status-square')).toHaveText('Square 7, 4');

  // Paint a river with the brush: B, pick water, drag.
  await page.keyboard.press('b');
  await page.getByTestId('brush-water').click();
  const from = await squareCentre(page, 2, 3);
  const to = await squareCentre(page, 9, 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.locator('.menubar-title')).toContainText('•');

  // Zoom with the keyboard and the wheel, then fit.
  await page.keyboard.press('Control+=');
  await expect(page.getByTestId('status-zoom')).not.toHaveText(`Zoom ${Math.round(fitted.zoom * 100)}%`);
  const zoomedIn = await viewState(page);
  expect(zoomedIn.zoom).toBeCloseTo(fitted.zoom * 1.25, 3);
  await page.mouse.move(c.x, c.y);
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => (await viewState(page)).zoom).toBeLessThan(zoomedIn.zoom);
  await page.keyboard.press('Control+0');
  await expect.poll(async () => (await viewState(page)).zoom).toBeCloseTo(fitted.zoom, 3);

  // Pan with the arrows and with space-drag.
  await canvas(page).focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await viewState(page)).panX).toBeCloseTo(fitted.panX + 64, 0);
  await page.mouse.move(c.x, c.y);
  await page.keyboard.down('Space');
  await page.mouse.down();
  await page.mouse.move(c.x - 50, c.y + 20, { steps: 3 });
  await page.mouse.up();
  await page.keyboard.up('Space');
  const panned = await viewState(page);
  expect(panned.panX).toBeCloseTo(fitted.panX + 64 - 50, 0);
  expect(panned.panY).toBeCloseTo(fitted.panY + 20, 0);
  await page.keyboard.press('Control+0');
  await page.keyboard.press('v');
  const river = await squareCentre(page, 5, 3);
  await page.mouse.click(river.x, river.y);
  await expect(page.getByTestId('square-terrain')).toHaveText('Water');
  await screenshot(app, 'editor.png');

  // Save: no file yet, so Ctrl+S asks where.
  const saved = await app.save(() => page.keyboard.press('Control+s'), 'goblin-ambush.encounter');
  await expect(page.getByTestId('notice-info').last()).toContainText('Saved');
  await expect(page.locator('.menubar-title')).not.toContainText('•');
  const file = JSON.parse(readFileSync(saved, 'utf8'));
  expect(file).toMatchObject({ format: 'encounter-builder', formatVersion: 2, name: 'Goblin ambush', ruleset: 'startroid', map: { width: 30, height: 20 } });
  // Row 3, columns 2-9 are water (6): 3 rows of 30 plus 2 squares of normal ground come first.
  expect(file.map.layers.terrain.slice(0, 4)).toEqual([92, 0, 8, 6]);

  // A different document, then open the saved file again.
  await newEncounter(page, { name: 'Scratch', ruleset: 'd20-35', width: 5, height: 5 });
  await expect(page.getByTestId('status-map')).toHaveText('5 × 5 squares');
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('status-map')).toHaveText('30 × 20 squares');
  await expect(page.getByTestId('encounter-name')).toHaveValue('Goblin ambush');
  await expect(page.getByTestId('status-ruleset')).toContainText('Startroid');
  const reopened = await viewState(page);
  expect(reopened.gridLines).toBe(fitted.gridLines);
  const again = await squareCentre(page, 9, 3);
  await page.mouse.click(again.x, again.y);
  await expect(page.getByTestId('square-terrain')).toHaveText('Water');
  const dry = await squareCentre(page, 10, 3);
  await page.mouse.click(dry.x, dry.y);
  await expect(page.getByTestId('square-terrain')).toHaveText('Normal');

  // The file is on File › Open recent, and opens from there.
  await newEncounter(page, { name: 'Another', ruleset: 'd20-35', width: 6, height: 6 });
  await page.getByTestId('menu-file').click();
  await page.locator('.menu-item.recent', { hasText: 'goblin-ambush.encounter' }).first().click();
  await expect(page.getByTestId('encounter-name')).toHaveValue('Goblin ambush');
  await expect(page.getByTestId('status-map')).toHaveText('30 × 20 squares');
  expect(app.problems).toEqual([]);
});

test('a corrupt file is refused with a clear message and the open document stays', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Keep me', ruleset: 'epic-path', width: 12, height: 8 });
  const bad = path.join(app.dir, 'broken.encounter');
  writeFileSync(bad, '{"format":"encounter-builder","formatVersion":1,"name":"x","ruleset":"epic-path","map":{"width":-3}}');
  await app.open(() => page.getByTestId('menu-file').click().then(() => page.getByTestId('file.open').click()), bad);
  await expect(page.getByTestId('notice-error')).toContainText('broken.encounter could not be opened: map.width');
  await expect(page.getByTestId('encounter-name')).toHaveValue('Keep me');
  await expect(page.getByTestId('status-map')).toHaveText('12 × 8 squares');
});

test('unsaved changes are not lost to New without asking', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Draft', ruleset: 'd20-30', width: 10, height: 10 });
  await page.getByTestId('encounter-name').fill('Draft two');
  await page.getByTestId('encounter-name').press('Enter');
  await expect(page.locator('.menubar-title')).toContainText('Draft two •');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('encounter-name')).toHaveValue('Draft');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('encounter-name')).toHaveValue('Draft two');
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.getByTestId('confirm-dialog').locator('button', { hasText: 'Keep editing' }).click();
  await expect(page.getByTestId('encounter-name')).toHaveValue('Draft two');
});

test('menus, shortcuts and help', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('menu-help').click();
  await page.getByTestId('help.shortcuts').click();
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toContainText('Save as…');
  await expect(dialog).toContainText('Ctrl+Shift+S');
  await expect(dialog).toContainText('Move tool (Play mode)'); // Play's tools are listed too
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByTestId('menu-edit').click();
  await expect(page.getByTestId('edit.undo')).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+n');
  await screenshot(app, 'new-dialog.png');
  await page.getByTestId('new-create').click();
  await page.getByTestId('menu-view').click();
  await expect(page.getByTestId('view.grid')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('view.grid').click();
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-grid-lines'))).toBe(0);
  await page.keyboard.press('Control+g');
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-grid-lines'))).toBeGreaterThan(0);
  // The whole map as a picture.
  const png = await app.save(() => page.keyboard.press('Control+Shift+E'), 'map.png');
  expect([...readFileSync(png).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  await page.getByTestId('menu-help').click();
  await page.getByTestId('help.about').click();
  await expect(page.getByTestId('about-dialog')).toContainText(app.edition === 'browser' ? 'browser edition' : 'desktop edition');
});

test('a sample encounter: pick a creature, see where it can go and what a path provokes', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  await expect(page.getByTestId('status-ruleset')).toContainText('d20 SRD 3.5');
  // Movement in Edit mode is shown when asked for: View › Movement layer (Ctrl+Shift+M).
  await expect(page.getByTestId('layer-show-overlays')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Control+Shift+M');
  await expect(page.getByTestId('layer-show-overlays')).toHaveAttribute('aria-pressed', 'true');
  // Aldric stands at 1,1 in medium armour: 20 ft.
  const aldric = await squareCentre(page, 1, 1);
  await page.mouse.click(aldric.x, aldric.y);
  await expect(page.getByTestId('creature-name')).toContainText('Aldric at 1,1');
  await expect(page.getByTestId('move-summary')).toContainText('Budget 20 ft');
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-reach-squares'))).toBeGreaterThan(10);
  const target = await squareCentre(page, 4, 2);
  await page.mouse.move(target.x, target.y);
  await expect(page.getByTestId('path-summary')).toContainText('Path: 15 ft');
  await page.getByTestId('move-action').selectOption('run');
  await expect(page.getByTestId('move-summary')).toContainText('Budget 80 ft');
  await screenshot(app, 'movement.png');
  await page.getByTestId('move-action').selectOption('withdraw');
  await expect(page.getByTestId('move-refused')).toContainText('has no withdraw action');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('creature-panel')).toBeHidden();
});

test('a text scenario opens as a new encounter and saves as an encounter file', async ({ app }) => {
  const { page } = app;
  const scenario = path.join(app.dir, 'forum-post.txt');
  writeFileSync(scenario, 'ruleset: startroid\nname: Forum post\nmap:\n  A . , .\n  . # . .\ncreatures:\n  A: size=medium side=party speed=6\n');
  await app.open(() => page.getByTestId('welcome-open').click(), scenario);
  await expect(page.getByTestId('notice-info').last()).toContainText('Imported the text scenario forum-post.txt');
  await expect(page.getByTestId('status-map')).toHaveText('4 × 2 squares');
  await expect(page.getByTestId('encounter-name')).toHaveValue('Forum post');
  // Saving never writes JSON over the text: it asks for a new encounter file.
  const saved = await app.save(() => page.keyboard.press('Control+s'), 'forum-post.encounter');
  expect(JSON.parse(readFileSync(saved, 'utf8'))).toMatchObject({ ruleset: 'startroid', name: 'Forum post', map: { width: 4, height: 2 } });
  expect(readFileSync(scenario, 'utf8')).toContain('ruleset: startroid');
});

test('place a creature, drag it, change its speed, and undo', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Arena', ruleset: 'epic-path', width: 12, height: 8 });
  await page.keyboard.press('c');
  const spot = await squareCentre(page, 2, 3);
  await page.mouse.click(spot.x, spot.y);
  await expect(page.getByTestId('creature-name')).toContainText('Creature 1 at 2,3');
  await expect(page.getByTestId('move-summary')).toContainText('Budget 30 ft');
  // Drag it with the Select tool.
  await page.keyboard.press('v');
  const to = await squareCentre(page, 6, 5);
  await page.mouse.move(spot.x, spot.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('creature-name')).toContainText('at 6,5');
  // A faster creature reaches farther; undo puts the speed back.
  await page.getByTestId('creature-speed').fill('60');
  await page.getByTestId('creature-speed').press('Enter');
  await expect(page.getByTestId('move-summary')).toContainText('Budget 60 ft');
  await page.locator('.map-canvas').focus();
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('move-summary')).toContainText('Budget 30 ft');
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('creature-name')).toContainText('at 2,3');
  // Give it wings: flight is searched in three dimensions, and a hovered square gets a flight path.
  await page.getByTestId('creature-fly').fill('20');
  await page.getByTestId('creature-fly').press('Enter');
  await page.getByTestId('move-mode').selectOption('fly');
  await expect(page.getByTestId('move-summary')).toContainText('cubes in flight');
  const aloft = await squareCentre(page, 4, 3);
  await page.mouse.move(aloft.x, aloft.y);
  await expect(page.getByTestId('path-summary')).toContainText('Path: 10 ft');
  await page.getByTestId('creature-remove').click();
  await expect(page.getByTestId('creature-panel')).toBeHidden();
  await expect(page.getByTestId('prop-size')).toBeVisible();
});

test('walking off a ledge shows the fall and its dice', async ({ app }) => {
  const { page } = app;
  const scenario = path.join(app.dir, 'cliff.txt');
  writeFileSync(scenario, 'ruleset: epic-path\nname: Cliff\nmap:\n  A . . .\n  . . . .\nelevation:\n  20 20 0 0\n  20 20 0 0\ncreatures:\n  A: side=party speed=30\n');
  await app.open(() => page.getByTestId('welcome-open').click(), scenario);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Cliff');
  const a = await squareCentre(page, 0, 0);
  await page.mouse.click(a.x, a.y);
  await expect(page.getByTestId('move-summary')).toContainText('falling off a ledge');
  const below = await squareCentre(page, 2, 0);
  await page.mouse.move(below.x, below.y);
  await expect(page.getByTestId('fall-summary')).toContainText('falls 20 ft: 2d6 (2–12, mean 7), lands prone');
});
