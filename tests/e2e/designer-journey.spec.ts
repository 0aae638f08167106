import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readEncounterText } from '../../src-shared/io';
import { Edge, Terrain, type Encounter } from '../../src-shared/model';
import { expect, newEncounter, test } from './fixtures';

// Issue 18 › 10, the designer's journey end to end in each edition: a room built from the keyboard
// alone, copied with the Region tool, pasted at the pointer, mirrored and turned; a starter stamp
// dropped turned once; two creatures edited at once; the map menu used on a door and on a square;
// saved, every step undone one by one, and the saved file reopened. The expected squares and edges
// are worked out below from what each step does (src-shared/model/map-piece.ts › rotatePiece,
// mirrorPiece; src-shared/commands/regions.ts › turnedCorner), not read back from a run.

const canvas = (page: Page) => page.getByTestId('map-canvas');

/** The page position of a point given in squares (fractions allowed). */
async function at(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + x * s, y: box.y + Number(data['panY']) + y * s };
}
const centre = (page: Page, x: number, y: number) => at(page, x + 0.5, y + 0.5);

async function view(page: Page) {
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  return { zoom: Number(data['zoom']), panX: Number(data['panX']), panY: Number(data['panY']) };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}
async function keys(page: Page, key: string, n = 1) {
  for (let k = 0; k < n; k++) await page.keyboard.press(key);
}
function read(file: string): Encounter {
  const r = readEncounterText(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.error);
  return r.encounter;
}

const W = 14;
const H = 10;
const i = (x: number, y: number) => y * W + x;

/**
 * The map the journey should leave, worked out by hand:
 * - the keyboard room: squares 1–4 × 1–3 difficult, walled round (grid lines x = 1, 5 and y = 1, 4), a
 *   door on its east side at row 2, opened at the end from the map menu;
 * - its copy pasted with its top-left at 7,1, mirrored left to right (the door to the west side, line
 *   x = 7, row 2 — the copy's local row 1), then turned clockwise about the middle of its 4 × 3 box:
 *   3 × 4 at 7,1 (`turnedCorner`: 7 + trunc(1/2), 1 + trunc(-1/2)); the west line x = 7 beside local
 *   row 1 turns onto its north line y = 1 above local column 3 - 1 - 1 = 1, so the door is at column 8;
 * - Stairs up (3 × 4, walls west and east, 20 ft at the top row down to 5 ft at the bottom), turned
 *   once clockwise and dropped at 1,6: 4 × 3, walls on its north and south lines (y = 6, y = 9), the
 *   square at local (x, y) coming from (y, 3 - x), so 5, 10, 15, 20 ft from west to east.
 */
function expectedMap() {
  const terrain = new Array<number>(W * H).fill(Terrain.normal);
  const elevation = new Array<number>(W * H).fill(0);
  const edgeEast = new Array<number>(W * H).fill(Edge.none);
  const edgeSouth = new Array<number>(W * H).fill(Edge.none);
  for (let y = 1; y <= 3; y++) for (let x = 1; x <= 4; x++) terrain[i(x, y)] = Terrain.difficult;
  for (let y = 1; y <= 4; y++) for (let x = 7; x <= 9; x++) terrain[i(x, y)] = Terrain.difficult;
  // The keyboard room: west line x = 1 (east of column 0), east line x = 5 (east of column 4).
  for (let y = 1; y <= 3; y++) [edgeEast[i(0, y)], edgeEast[i(4, y)]] = [Edge.wall, y === 2 ? Edge.doorOpen : Edge.wall];
  for (let x = 1; x <= 4; x++) [edgeSouth[i(x, 0)], edgeSouth[i(x, 3)]] = [Edge.wall, Edge.wall];
  // The copy, mirrored and turned: lines x = 7, x = 10, y = 1 (the door above column 8), y = 5.
  for (let y = 1; y <= 4; y++) [edgeEast[i(6, y)], edgeEast[i(9, y)]] = [Edge.wall, Edge.wall];
  for (let x = 7; x <= 9; x++) [edgeSouth[i(x, 0)], edgeSouth[i(x, 4)]] = [x === 8 ? Edge.doorClosed : Edge.wall, Edge.wall];
  // The stairs, turned: walls above row 6 and below row 8; rising eastwards.
  for (let x = 1; x <= 4; x++) {
    [edgeSouth[i(x, 5)], edgeSouth[i(x, 8)]] = [Edge.wall, Edge.wall];
    for (let y = 6; y <= 8; y++) elevation[i(x, y)] = 5 * x;
  }
  return { terrain, elevation, edgeEast, edgeSouth };
}

/** The undo steps the journey makes, last first, as the Edit menu names them (one per step). */
const UNDO_STEPS = [
  'open door', // the map menu on the keyboard room's door
  'change side of 2 creatures',
  'change walk speed of 2 creatures',
  'stamp Stairs up',
  'rotate 12 squares',
  'mirror left to right 12 squares',
  'paste 12 squares',
  /add Creature \d+/, // the two creatures placed with Enter
  /add Creature \d+/,
  'add door', // O on the east wall
  'paint terrain', // the Brush swept over the room from the keyboard
  'walls around a region',
];

test('lay out a dungeon by copying, turning and stamping rooms; undo it step by step; reopen the file', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Dungeon', ruleset: 'd20-35', width: W, height: H });
  await expect(canvas(page)).toBeVisible();
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(1);

  const fitted = await view(page);

  // 1. A room from the keyboard alone: K, the cursor to 1,1; walls round 1,1–4,3; the Brush's
  // difficult ground over it; O on its east wall at row 2; two creatures with Enter; Esc.
  await page.keyboard.press('k');
  await expect(canvas(page)).toBeFocused();
  await keys(page, 'ArrowUp', H);
  await keys(page, 'ArrowLeft', W);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(canvas(page)).toHaveAttribute('data-cursor', '1,1');
  await page.keyboard.press('w');
  await keys(page, 'Shift+ArrowRight', 3);
  await keys(page, 'Shift+ArrowDown', 2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('b');
  await keys(page, 'Shift+ArrowLeft', 3);
  await keys(page, 'Shift+ArrowUp', 2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await keys(page, 'ArrowRight', 3);
  await expect(canvas(page)).toHaveAttribute('data-cursor', '4,2');
  await page.keyboard.press('o');
  await page.keyboard.press('c');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('prop-creatures')).toHaveText('2');
  await page.keyboard.press('Escape');
  await expect(canvas(page)).not.toHaveAttribute('data-cursor', /./);
  // The whole map was in view: the cursor in its corner squares did not pan it off the other side
  // (which put up the minimap over the bottom-left squares).
  expect(await view(page)).toEqual(fitted);
  await expect(page.getByTestId('minimap')).toHaveCount(0);

  // 2. The room by a marquee with the mouse; copied, pasted with the pointer on 7,1; H, then R.
  await page.keyboard.press('m');
  await drag(page, await centre(page, 1, 1), await centre(page, 4, 3));
  await expect(page.getByTestId('status-region')).toHaveText('12 squares selected');
  await page.keyboard.press('Control+c');
  const target = await centre(page, 7, 1);
  await page.mouse.move(target.x, target.y);
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('prop-creatures')).toHaveText('4');
  await page.keyboard.press('h');
  await page.keyboard.press('r');

  // 3. Stairs up from the Stamps palette, turned once, dropped with its top-left on 1,6.
  await page.getByTestId('tool-stamps').click();
  await expect(page.getByTestId('stamps-palette')).toBeVisible();
  await page.getByTestId('stamps-search').fill('stairs');
  await page.getByTestId('stamp-card').filter({ hasText: 'Stairs up' }).click();
  await expect(page.getByTestId('stamp-placing')).toContainText('Stairs up');
  const drop = await centre(page, 1, 6);
  await page.mouse.move(drop.x, drop.y);
  await page.keyboard.press('r');
  await page.mouse.click(drop.x, drop.y);
  await expect(page.getByTestId('stamp-placing')).toHaveCount(0);
  await expect(page.getByTestId('status-region')).toHaveText('12 squares selected');

  // 4. The keyboard room's two creatures, by a click and a Shift-click, edited at once. (The Select
  // tool by its button: V with a region selected mirrors it top to bottom.)
  await page.getByTestId('tool-select').click();
  const first = await centre(page, 3, 2);
  const second = await centre(page, 2, 2);
  await page.mouse.click(first.x, first.y);
  await page.keyboard.down('Shift');
  await page.mouse.click(second.x, second.y);
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('creature-many')).toBeVisible();
  await page.getByTestId('creature-speed').fill('20');
  await page.getByTestId('creature-speed').press('Enter');
  await page.getByTestId('creature-side').selectOption('enemy');

  // 5. The map menu: Open on the keyboard room's door; Select the region of its kind on its floor.
  const door = await at(page, 4.92, 2.5);
  await page.mouse.click(door.x, door.y, { button: 'right' });
  await page.getByTestId('menu-item-edge-door').click();
  await expect(page.getByTestId('map-menu')).toHaveCount(0);
  const floor = await centre(page, 2, 1);
  await page.mouse.click(floor.x, floor.y, { button: 'right' });
  await page.getByTestId('menu-item-square-region').click();
  await expect(page.getByTestId('status-region')).toHaveText('12 squares selected');

  // The finished map, for a person to look at (test-results, never committed).
  if (app.edition === 'browser') await page.screenshot({ path: test.info().outputPath('designer-journey.png') });

  const saved = await app.save(() => page.keyboard.press('Control+s'), 'dungeon.encounter');
  const built = read(saved);
  const want = expectedMap();
  for (const layer of ['terrain', 'elevation', 'edgeEast', 'edgeSouth'] as const) expect([...built.map[layer]], layer).toEqual(want[layer]);
  const byPlace = (e: Encounter) => e.creatures.map((c) => ({ x: c.x, y: c.y, size: c.size, side: c.side, walk: c.speed.walk })).sort((a, b) => a.y - b.y || a.x - b.x);
  // The two edited in the keyboard room; their copies, mirrored and turned, keep the values they were copied with.
  expect(byPlace(built)).toEqual([
    { x: 2, y: 2, size: 'medium', side: 'enemy', walk: 20 },
    { x: 3, y: 2, size: 'medium', side: 'enemy', walk: 20 },
    { x: 8, y: 2, size: 'medium', side: 'party', walk: 30 },
    { x: 8, y: 3, size: 'medium', side: 'party', walk: 30 },
  ]);

  // Every step one undo step: the Edit menu names each as it undoes it, then has nothing left.
  for (const step of UNDO_STEPS) {
    await page.getByTestId('menu-edit').click();
    const undo = page.getByTestId('edit.undo');
    // The item's title is its name and its keys, "Undo open door (Ctrl+Z)".
    const name = typeof step === 'string' ? step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : step.source;
    await expect(undo).toHaveAttribute('title', new RegExp(`^Undo ${name} \\(`));
    await undo.click();
  }
  await page.getByTestId('menu-edit').click();
  await expect(page.getByTestId('edit.undo')).toBeDisabled();
  await page.keyboard.press('Escape');
  // The emptied map, to look at for outlines or labels left behind.
  if (app.edition === 'browser') await page.screenshot({ path: test.info().outputPath('designer-journey-undone.png') });
  const undone = read(await app.save(() => page.keyboard.press('Control+Shift+s'), 'undone.encounter'));
  expect(undone.creatures).toEqual([]);
  expect(undone.map.terrain.every((t) => t === Terrain.normal)).toBe(true);
  expect(undone.map.elevation.every((e) => e === 0)).toBe(true);
  expect([...undone.map.edgeEast, ...undone.map.edgeSouth].every((e) => e === Edge.none)).toBe(true);

  // The saved dungeon reopened and saved again: the same map and creatures.
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('prop-creatures')).toHaveText('4');
  if (app.edition === 'browser') await page.screenshot({ path: test.info().outputPath('designer-journey-reopened.png') });
  const again = read(await app.save(() => page.keyboard.press('Control+Shift+s'), 'again.encounter'));
  for (const layer of ['terrain', 'elevation', 'edgeEast', 'edgeSouth'] as const) expect([...again.map[layer]], layer).toEqual([...built.map[layer]]);
  expect(again.creatures).toEqual(built.creatures);
  expect(app.problems).toEqual([]);
});
