import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serializeEncounter } from '../../src-shared/io';
import { pictureFromBytes } from '../../src-shared/io/import/image';
import { createEncounter, Edge, makeCreature, type Encounter, type MapPoint } from '../../src-shared/model';
import { expect, newEncounter, ROOT, screenshotPath, test } from './fixtures';

// Issue 15 items 4 and 7 from the outside, in both editions: a creature given a token picture and a
// label written on the map survive saving and reopening, the token's bytes unchanged.

const canvas = (page: Page) => page.getByTestId('map-canvas');
const GOBLIN = path.join(ROOT, 'tests/fixtures/pictures/tokens-labels-goblin.png');
const DUNGEON = path.join(ROOT, 'tests/fixtures/pictures/tokens-labels-dungeon.jpg');

async function squarePoint(page: Page, x: number, y: number, fx = 0.5, fy = 0.5) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + fx) * s, y: box.y + Number(data['panY']) + (y + fy) * s };
}

/** The creatures layer's pixel at a square's point (the layer is drawn even while the still bitmap shows it). */
async function creaturePixel(page: Page, x: number, y: number): Promise<number[]> {
  const box = (await canvas(page).boundingBox())!;
  const p = await squarePoint(page, x, y);
  return page.evaluate(
    ({ px, py }) => {
      const c = document.querySelector('canvas[data-layer=creatures]') as HTMLCanvasElement;
      const ratio = c.width / c.clientWidth || 1;
      return [...c.getContext('2d')!.getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data];
    },
    { px: p.x - box.x, py: p.y - box.y },
  );
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { creatures: { name: string; token?: string }[]; tokenImages?: { id: string; data: string; mime: string }[]; labels?: { kind: string; text: string; x: number; y: number }[] };

test('a creature gets a token picture and the map a label; both are kept byte for byte through save and reopen', async ({ app }) => {
  const { page } = app;
  await newEncounter(page, { name: 'Goblin den', ruleset: 'd20-35', width: 10, height: 8 });
  await page.keyboard.press('c');
  const at = await squarePoint(page, 3, 3);
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('creature-panel')).toBeVisible();
  await page.getByTestId('token-picture-input').setInputFiles(GOBLIN);
  await expect(page.getByTestId('token-picture-thumb')).toBeVisible();
  // The token is the picture now, not the party's blue disc: the goblin's green at its centre.
  await expect.poll(async () => {
    const [r, g, b] = await creaturePixel(page, 3, 3);
    return g! > r! && g! > b! + 40;
  }).toBe(true);

  // A label, written in the inline editor.
  await page.keyboard.press('t');
  const where = await squarePoint(page, 6, 1);
  await page.mouse.click(where.x, where.y);
  await page.getByTestId('label-editor-text').fill('Guard room');
  await page.getByTestId('label-editor-text').press('Enter');
  await expect(page.getByTestId('label-editor')).toHaveCount(0);

  const saved = await app.save(() => page.keyboard.press('Control+s'), 'den.encounter');
  const file = read(saved);
  const original = readFileSync(GOBLIN).toString('base64');
  expect(file.tokenImages).toHaveLength(1);
  expect(file.tokenImages![0]).toMatchObject({ mime: 'image/png', data: original });
  expect(file.creatures[0]!.token).toBe(file.tokenImages![0]!.id);
  // Where the click was, to the pixel.
  expect(file.labels).toEqual([{ id: 'L1', kind: 'label', text: 'Guard room', x: expect.closeTo(6.5, 1), y: expect.closeTo(1.5, 1) }]);

  // Reopened and saved again: the same bytes, the same label.
  await newEncounter(page, { name: 'Scratch', ruleset: 'd20-35', width: 5, height: 5 });
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Goblin den');
  const again = read(await app.save(() => page.keyboard.press('Control+Shift+s'), 'den-again.encounter'));
  expect(again.tokenImages).toEqual(file.tokenImages);
  expect(again.labels).toEqual(file.labels);
  expect(Buffer.from(again.tokenImages![0]!.data, 'base64').equals(readFileSync(GOBLIN))).toBe(true);
  expect(app.problems).toEqual([]);
});

/**
 * A small dungeon map with its picture, tokens, labels and a note, and walls as a `.dd2vtt` gives
 * them: drawn a little off the grid (a fifth of a square), with the grid edges the rules snap them
 * to set on the map, as the importer sets them; a door and a light.
 */
function dungeonEncounter(): Encounter {
  const picture = pictureFromBytes(new Uint8Array(readFileSync(DUNGEON)));
  const token = pictureFromBytes(new Uint8Array(readFileSync(GOBLIN)));
  if (!picture.ok || !token.ok) throw new Error('fixture pictures');
  const d = createEncounter({ ruleset: 'd20-35', width: 10, height: 8, name: 'Dungeon with labels' });
  const W = d.map.width;
  // The two rooms' walls on grid lines (the snapped edges), and as drawn: shifted off the grid.
  const rooms: MapPoint[][] = [
    [{ x: 1, y: 1 }, { x: 5, y: 1 }, { x: 5, y: 5 }, { x: 1, y: 5 }, { x: 1, y: 1 }],
    [{ x: 7, y: 1 }, { x: 9, y: 1 }, { x: 9, y: 7 }, { x: 7, y: 7 }, { x: 7, y: 1 }],
  ];
  for (const room of rooms) {
    for (let k = 1; k < room.length; k++) {
      const a = room[k - 1]!;
      const b = room[k]!;
      if (a.y === b.y) for (let x = Math.min(a.x, b.x); x < Math.max(a.x, b.x); x++) d.map.edgeSouth[(a.y - 1) * W + x] = Edge.wall;
      else for (let y = Math.min(a.y, b.y); y < Math.max(a.y, b.y); y++) d.map.edgeEast[y * W + a.x - 1] = Edge.wall;
    }
  }
  // The left room's door, on the edge east of square (4, 2).
  d.map.edgeEast[2 * W + 4] = Edge.doorClosed;
  const goblin = (id: string, name: string, x: number, y: number) => ({ ...makeCreature({ id, name, x, y }), side: 'enemy' as const, token: 'goblin' });
  return {
    ...d,
    picture: { ...picture.image, pixelsPerSquare: 70, offsetX: 0, offsetY: 0, opacity: 1 },
    tokenImages: [{ id: 'goblin', ...token.image }],
    creatures: [
      goblin('G1', 'Goblin', 2, 2),
      goblin('G2', 'Goblin', 3, 3),
      { ...makeCreature({ id: 'A', name: 'Goblin archer', x: 7, y: 2 }), side: 'enemy' },
      { ...makeCreature({ id: 'B', name: 'Goblin boss', x: 7, y: 4 }), side: 'enemy' },
      { ...makeCreature({ id: 'P', name: 'Paladin', x: 5, y: 3 }), side: 'party' },
    ],
    labels: [
      { id: 'L1', kind: 'label', text: 'Guard room', x: 3, y: 1.5 },
      { id: 'L2', kind: 'label', text: 'Shrine', x: 8, y: 1.5 },
      { id: 'L3', kind: 'note', text: 'The pool is 10 ft deep; a key lies at the bottom (DC 15 Perception).', x: 8.3, y: 5.6 },
    ],
    drawn: {
      walls: rooms.map((room) => room.map((p) => ({ x: p.x + 0.2, y: p.y + 0.15 }))),
      portals: [{ kind: 'door', a: { x: 5.2, y: 2.2 }, b: { x: 5.2, y: 2.95 } }],
    },
    lights: [{ x: 2, y: 4, range: 2.5, intensity: 1, color: '#ffb04aff', shadows: true }],
  };
}

test('screenshot: token art, labels told apart, labels and a note, drawn walls and a light over a battle-map picture', async ({ app }) => {
  test.skip(app.edition !== 'browser', 'the screenshot is taken once, in the browser edition');
  const { page } = app;
  const file = path.join(app.dir, 'dungeon.encounter');
  writeFileSync(file, serializeEncounter(dungeonEncounter()));
  await app.open(() => page.keyboard.press('Control+o'), file);
  await expect(page.getByTestId('encounter-name')).toHaveValue('Dungeon with labels');
  // The note's text shows while the pointer is on its square; the status bar names the creature there.
  const note = await squarePoint(page, 8, 5);
  await page.mouse.move(note.x, note.y);
  const archer = await squarePoint(page, 7, 2);
  await page.mouse.move(archer.x, archer.y);
  await expect(page.getByTestId('status-creature')).toHaveText('Goblin archer (GA)');
  await page.mouse.move(note.x, note.y);
  await expect(canvas(page)).toHaveAttribute('data-settled', 'true');
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath('tokens-labels.png') });

  // The inline editor, writing a note.
  await page.keyboard.press('t');
  const spot = await squarePoint(page, 2, 6);
  await page.mouse.click(spot.x, spot.y);
  await page.getByTestId('label-editor-kind').selectOption('note');
  await page.getByTestId('label-editor-text').fill('Goblins flee here at half their number.');
  await page.screenshot({ path: screenshotPath('tokens-labels-editor.png') });
  await page.getByTestId('label-editor-text').press('Control+Enter');
  await expect(page.getByTestId('label-editor')).toHaveCount(0);

  // Play mode shows the same tokens, labels and notes.
  await page.keyboard.press('F5');
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
  await expect(canvas(page)).toHaveAttribute('data-settled', 'true');
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath('tokens-labels-play.png') });
  expect(app.problems).toEqual([]);
});
