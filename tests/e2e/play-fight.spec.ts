import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { playSummary } from '../../src-main/cli/play';
import { parseEncounter } from '../../src-shared/io';
import type { Encounter } from '../../src-shared/model';
import { replay, savedSession, type PlaySession, type PlayState } from '../../src-shared/play';
import { expect, test, type AppDriver } from './fixtures';

/**
 * A GM's whole fight through the UI, in each edition (issue 17 › 9): initiative, moves, an attack of
 * opportunity rolled from the panel's fields that drops a creature to 0 hit points, an area template
 * placed with the mouse and cleared, saved and reopened mid-fight, then the app's Replay and the
 * model replaying the saved file agree with what the board shows. The same fights are played from
 * scripts by `encounter play` in tests/unit/play/fight-scripts.test.ts.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

/** A point on the map in squares (a whole number is a grid line, x + 0.5 a square's centre), in page pixels. */
async function mapPoint(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + x * s, y: box.y + Number(data['panY']) + y * s };
}
async function clickSquare(page: Page, x: number, y: number) {
  const p = await mapPoint(page, x + 0.5, y + 0.5);
  await page.mouse.click(p.x, p.y);
}

async function startPlay(page: Page, sample: string, seed: number, scores: Record<string, number>) {
  await page.getByTestId('samples').getByText(sample).click();
  await page.keyboard.press('F5');
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
  await page.getByTestId('play-seed').fill(String(seed));
  await page.getByTestId('play-seed').press('Enter');
  await page.getByTestId('play-seed').blur();
  for (const [id, score] of Object.entries(scores)) await page.getByTestId(`init-score-${id}`).fill(String(score));
  await page.getByTestId('play-enter-initiative').click();
  await expect(page.getByTestId('play-order')).toBeVisible();
}

/** The current creature's move to `to`: the movement chosen, waypoints clicked, the end double-clicked. */
async function walk(page: Page, to: { x: number; y: number }, action = 'move', via: { x: number; y: number }[] = []) {
  await page.keyboard.press('m');
  if (action !== 'move') await page.getByTestId(`play-action-${action}`).click();
  for (const q of via) await clickSquare(page, q.x, q.y);
  const p = await mapPoint(page, to.x + 0.5, to.y + 0.5);
  await page.mouse.move(p.x, p.y);
  await expect(page.getByTestId('play-path')).toContainText(`Path to ${to.x},${to.y}`);
  await page.mouse.dblclick(p.x, p.y);
  await expect(canvas(page)).toHaveAttribute('data-play-positions', new RegExp(`(^|;)[^;=]+=${to.x},${to.y}(;|$)`));
}

async function nextTurn(page: Page, times = 1) {
  for (let i = 0; i < times; i++) await page.getByTestId('play-next-turn').click();
}

/** The Health section: the creature picked, its maximum hit points entered (a log entry). */
async function setHitPoints(page: Page, id: string, hitPoints: number) {
  await page.getByTestId('health-creature').selectOption(id);
  await expect(page.getByTestId('health-edit')).toHaveAttribute('data-creature', id);
  await page.getByTestId(`hp-${id}`).fill(String(hitPoints));
  await page.getByTestId(`hp-${id}`).press('Tab');
  await expect(page.getByTestId(`hp-left-${id}`)).toHaveText(`${hitPoints} / ${hitPoints}`);
}

/** The hit points left the Health section shows for a creature whose maximum was entered. */
async function hitPointsLeft(page: Page, id: string): Promise<number> {
  const text = (await page.getByTestId(`hp-left-${id}`).textContent()) ?? '';
  const left = /^(-?\d+) \/ \d+/.exec(text);
  if (!left) throw new Error(`no hit points shown for ${id}: "${text}"`);
  return Number(left[1]);
}

/**
 * The map's tooltip over a token's first condition badge (at its top right, as the health layer
 * places it: 0.75 r across and 0.9 r up from a Medium token's centre, r = 0.42 of a square).
 */
async function badgeTitle(page: Page, square: { x: number; y: number }): Promise<string | null> {
  const p = await mapPoint(page, square.x + 0.5 + 0.75 * 0.42, square.y + 0.5 - 0.9 * 0.42);
  await page.mouse.move(p.x + 4, p.y + 4);
  return canvas(page).getAttribute('title');
}

/** The map's tooltip over a Medium token's hit-point bar (just under the token). */
async function barTitle(page: Page, square: { x: number; y: number }): Promise<string | null> {
  const p = await mapPoint(page, square.x + 0.5, square.y + 0.5 + 0.42);
  await page.mouse.move(p.x, p.y + 4);
  return canvas(page).getAttribute('title');
}

/** A template placed with the area tool at a grid corner; the log's entry says what it covers. */
async function placeArea(page: Page, size: number, label: string, corner: { x: number; y: number }, covers: string, shape = 'burst') {
  await page.getByTestId('tool-play-area').click();
  await page.getByTestId('area-shape').selectOption(shape);
  await page.getByTestId('area-size').fill(String(size));
  await page.getByTestId('area-size').blur();
  await page.getByTestId('area-label').fill(label);
  const p = await mapPoint(page, corner.x, corner.y);
  await page.mouse.move(p.x + 2, p.y + 2);
  await expect(page.getByTestId('area-preview')).toContainText(`covers ${covers}`);
  await page.mouse.click(p.x + 2, p.y + 2);
  // An odd cube is placed on the square clicked (its middle), every other template at the corner.
  const where = shape === 'cube' && size % 2 === 1 ? `centred on ${corner.x},${corner.y}` : `from the corner ${corner.x},${corner.y}`;
  await expect(page.getByTestId('play-log-entry').last()).toContainText(`${where}; covers ${covers}`);
  await page.keyboard.press('m');
}

/** Rolls the open attack of opportunity `id` from the three fields (Enter rolls). */
async function rollAttack(page: Page, id: string, attack: string, damage: string, against: number) {
  await page.getByTestId(`aoo-attack-${id}`).fill(attack);
  await page.getByTestId(`aoo-damage-${id}`).fill(damage);
  await page.getByTestId(`aoo-against-${id}`).fill(String(against));
  await page.getByTestId(`aoo-against-${id}`).press('Enter');
  await expect(page.getByTestId(`aoo-roll-${id}`)).toBeHidden();
}

async function logTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="play-log-entry"]:not(.undone) .entry-text').allTextContents();
}

async function saveAndRead(app: AppDriver, name: string): Promise<{ file: string; saved: Encounter; session: PlaySession; model: PlayState }> {
  // Save As every time: a desktop edition's Ctrl+S writes over the file named before, without asking.
  const file = await app.save(() => app.page.keyboard.press('Control+Shift+s'), name);
  await expect(app.page.getByText(/^Saved /).last()).toBeVisible();
  const read = parseEncounter(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  const session = savedSession(read.encounter)!;
  return { file, saved: read.encounter, session, model: replay(read.encounter, session) };
}

/** The board shown against the model replaying the saved session: every log line, square and damage. */
async function expectBoardIsModel(page: Page, model: PlayState, session: PlaySession) {
  expect(await logTexts(page)).toEqual(model.entries.map((e) => e.text));
  expect(model.entries.some((e) => e.text.startsWith('Not replayed'))).toBe(false);
  const shown = (await canvas(page).getAttribute('data-play-positions')) ?? '';
  for (const c of playSummary(model, session).creatures) {
    expect(shown.split(';')).toContain(`${c.id}=${c.x},${c.y}`);
    await expect(page.getByTestId(`health-${c.id}`)).toContainText(`${c.damage} damage`);
  }
}

/** Reopens a saved file (Ctrl+O) and resumes Play mode (F5) where it was left. */
async function reopen(app: AppDriver, file: string) {
  const { page } = app;
  // The mode switch's button, not F5: the key goes to whatever field the last step left focused.
  await page.getByTestId('mode-edit').click();
  await expect(canvas(page)).toHaveAttribute('data-mode', 'edit');
  await app.open(() => page.keyboard.press('Control+o'), file);
  await expect(page.getByText('Play mode (F5) resumes it')).toBeVisible();
  await page.getByTestId('mode-play').click();
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
}

/** The app's Replay from the planned layout ends where the board is. */
async function replayInApp(page: Page) {
  await page.getByTestId('play-replay').click();
  await expect(page.getByText('end in the same state')).toBeVisible({ timeout: 30_000 });
}

test('d20 SRD 3.5, the goblin ambush: a burst, the wolf drops Bree with a rolled attack, saved and reopened mid-fight, ready and delay, a hold that ends, one earlier action undone, replayed', async ({ app }) => {
  test.setTimeout(60_000);
  const { page } = app;
  await startPlay(page, 'Goblin ambush at the ford', 35, { W: 20, A: 15, B: 10, G: 8, H: 5, O: 3 });
  await expect(page.getByTestId('play-current')).toHaveText('Wolf');
  await setHitPoints(page, 'B', 6);

  // Round 1. The wolf double-moves out of its den to 3,3, beside Bree (d20-srd-35.txt › Movement in Combat).
  await walk(page, { x: 3, y: 3 }, 'double');
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Aldric');
  // A 2-square burst at the corner 4,4 counts 1-2-1 (d20-srd-35.txt › Diagonals): the wolf (3,3)
  // and Bree (2,3) are in it, Aldric (1,1) is not.
  await placeArea(page, 2, 'Fireball', { x: 4, y: 4 }, 'Wolf, Bree');
  await nextTurn(page);

  // Bree steps out of the square the wolf threatens: the wolf's attack, rolled. 1d20+20 always
  // reaches 15 and 1d4+6 (7–10) is more than her 6 hit points.
  await walk(page, { x: 1, y: 3 });
  await expect(page.getByTestId('play-pending')).toContainText('Wolf');
  const mid = await saveAndRead(app, 'ambush-before-the-bite.encounter');
  const pendingId = mid.model.pending.find((p) => p.status === 'open')!.id;
  await rollAttack(page, pendingId, '1d20+20', '1d4+6', 15);
  const bite = page.getByTestId('play-log-entry').last();
  await expect(bite).toContainText(/Wolf's attack of opportunity on Bree hits: \d+ \(1d20\+20\) against 15, \d+ damage \(1d4\+6\) \(rolled\)\./);
  const left = await hitPointsLeft(page, 'B');
  expect(left).toBeLessThanOrEqual(-1);
  expect(left).toBeGreaterThanOrEqual(-4);
  // Her bar on the map says so; the GM marks her helpless, a badge on her token (the text's words
  // for it: d20-srd-35.txt › Moving through a Square).
  expect(await barTitle(page, { x: 1, y: 3 })).toBe(`Bree: ${left} of 6 hit points`);
  await page.getByTestId('health-creature').selectOption('B');
  await page.getByTestId('condition-helpless').check();
  await expect(page.getByTestId('health-B')).toContainText('helpless');
  expect(await badgeTitle(page, { x: 1, y: 3 })).toMatch(/^Helpless: others move through its square and may end their movement there \(.*Moving through a Square\)$/);

  // Saved mid-fight, reopened: the same log and board, then on to round 2 and the burst cleared.
  const saved = await saveAndRead(app, 'ambush.encounter');
  await expectBoardIsModel(page, saved.model, saved.session);
  await reopen(app, saved.file);
  await expectBoardIsModel(page, saved.model, saved.session);

  // Still Bree's turn: she readies an action for the hobgoblin (a GM tool: no rule cited).
  await expect(page.getByTestId('play-current')).toHaveText('Bree');
  await page.getByTestId('play-ready-trigger').fill('the hobgoblin comes near');
  await page.getByTestId('play-ready').click();
  await expect(page.getByTestId('play-readied')).toHaveText('Readied: the hobgoblin comes near');
  await nextTurn(page);
  // The goblin archer delays, then acts now, before the hobgoblin.
  await page.getByTestId('play-delay').click();
  await expect(page.getByTestId('play-current')).toHaveText('Hobgoblin');
  await expect(page.getByTestId('order-waiting-G')).toContainText('delaying');
  await page.getByTestId('play-act-now-G').click();
  await expect(page.getByTestId('play-current')).toHaveText('Goblin archer');
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Hobgoblin');
  // Hold person: the hobgoblin helpless (d20-srd-35.txt › Moving through a Square) until the start
  // of the wolf's turn, one round on — its badge on the map while it lasts.
  await page.getByTestId('effect-name').fill('Hold person');
  await page.getByTestId('effect-on').selectOption('H');
  await page.getByTestId('effect-condition').selectOption('helpless');
  await page.getByTestId('effect-rounds').fill('1');
  await page.getByTestId('effect-edge').selectOption('start');
  await page.getByTestId('effect-turn-of').selectOption('W');
  await page.getByTestId('effect-add').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText("Hold person on Hobgoblin: 1 round, ending at the start of Wolf's turn in round 2");
  await expect(page.getByTestId('health-H')).toContainText('helpless');
  expect(await badgeTitle(page, { x: 12, y: 5 })).toMatch(/^Helpless: /);
  // Bree's readied action fires on the hobgoblin's turn: she steps west as a reaction, out of turn.
  await page.getByTestId('play-act-now-B').click();
  await page.getByTestId('oot-creature').selectOption('B');
  await page.getByTestId('oot-reaction').check();
  await page.getByTestId('oot-path').fill('0,3');
  await page.getByTestId('oot-move').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Out of turn (reaction): Bree moves from 1,3 to 0,3');
  await expect(page.getByTestId('play-current')).toHaveText('Hobgoblin');
  // Round 2 begins with the wolf's turn: the hold ends, the badge goes.
  await nextTurn(page, 2);
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Hold person on Hobgoblin ends (start of Wolf\'s turn). Hobgoblin is no longer helpless.');
  await expect(page.getByTestId('health-H')).not.toContainText('helpless');
  expect(await badgeTitle(page, { x: 12, y: 5 })).toBeFalsy();
  await page.getByTestId('area-clear-all').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Cleared the area: Fireball (GM).');
  await nextTurn(page, 1);

  const end = await saveAndRead(app, 'ambush-end.encounter');
  await expectBoardIsModel(page, end.model, end.session);
  expect(end.model.round).toBe(2);
  const bree = playSummary(end.model, end.session).creatures.find((c) => c.id === 'B')!;
  expect(bree).toMatchObject({ x: 0, y: 3, conditions: ['helpless'] });
  expect(bree.hitPoints! - bree.damage).toBe(left);
  expect(end.model.order.map((o) => o.creature)).toEqual(['W', 'A', 'G', 'B', 'H', 'O']);

  // Undo one earlier action, Bree's reaction, keeping everything after it: she is back at 1,3, the
  // turns, the hold's end and the cleared burst all still there; the line as it was set aside.
  const entries = page.getByTestId('play-log-entry');
  const count = await entries.count();
  const reaction = end.model.entries.findIndex((e) => e.text.startsWith('Out of turn (reaction): Bree moves'));
  await entries.nth(reaction).click();
  await page.getByTestId('play-undo-entry').click();
  await expect(entries).toHaveCount(count - 1);
  await expect(canvas(page)).toHaveAttribute('data-play-positions', /(^|;)B=1,3(;|$)/);
  await expect(page.getByTestId('play-branch')).toHaveCount(1);
  await expect(page.getByTestId('play-branch-left')).toHaveCount(0);
  const undone = await saveAndRead(app, 'ambush-undone.encounter');
  expect(undone.session.log).toHaveLength(end.session.log.length - 1);
  expect(undone.session.branches).toHaveLength(1);
  expect(undone.model.entries.map((e) => e.text)).toEqual(end.model.entries.filter((_, i) => i !== reaction).map((e) => e.text));
  await expectBoardIsModel(page, undone.model, undone.session);

  // Replay from the planned layout ends where the board is.
  await replayInApp(page);
  await expectBoardIsModel(page, undone.model, undone.session);
  expect(app.problems).toEqual([]);
});

test("Epic Path, the drake's lair: Ardent's double move provokes two, the kobold's rolled attack drops him, a flask of fire, the drake climbs 15 ft, a poison that ends, delay and ready, the flask undone alone, saved and reopened, replayed", async ({ app }) => {
  test.setTimeout(60_000);
  const { page } = app;
  await startPlay(page, "The drake's lair", 21, { A: 20, K: 15, D: 10, T: 5 });
  await expect(page.getByTestId('play-current')).toHaveText('Ardent');
  await setHitPoints(page, 'A', 8);

  // Round 1. Ardent double-moves to the shelf's edge past the kobold and the drake
  // (epic-path.txt › Double Move, › Walk): two attacks of opportunity wait.
  await walk(page, { x: 7, y: 2 }, 'double');
  await expect(page.getByTestId('play-pending').locator('li')).toHaveCount(2);
  let saved = await saveAndRead(app, 'lair-provoked.encounter');
  const [byDrake, byKobold] = saved.model.pending.filter((p) => p.status === 'open');
  expect([byDrake!.attackerName, byKobold!.attackerName]).toEqual(['Drake', 'Kobold']);
  // The drake misses (typed); the kobold's 1d20+20 reaches 18 whatever the die, and 1d6+8 (9–14)
  // is more than Ardent's 8 hit points.
  await page.getByTestId(`aoo-miss-${byDrake!.id}`).click();
  await rollAttack(page, byKobold!.id, '1d20+20', '1d6+8', 18);
  await expect(page.getByTestId('play-pending')).toBeHidden();
  const left = await hitPointsLeft(page, 'A');
  expect(left).toBeLessThanOrEqual(-1);
  expect(left).toBeGreaterThanOrEqual(-6);
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Kobold');

  // The kobold's flask: a 1-square burst at the corner 8,3 is the four squares touching it, Ardent's 7,2 among them.
  await placeArea(page, 1, 'Flask of fire', { x: 8, y: 3 }, 'Ardent');

  // The drake takes off: its next waypoint raised three squares with PageUp (15 ft), the flight to
  // 11,5 drawn at that height and shown from the side, committed with Enter (Epic Path counts each
  // cube 1 for 1, epic-path.txt › Three Dimensional Movement: 15 ft for three squares up and across).
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Drake');
  await page.getByTestId('play-fly').check();
  await page.getByTestId('play-fly').blur();
  const target = await mapPoint(page, 11.5, 5.5);
  await page.mouse.move(target.x, target.y);
  for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
  await expect(page.getByTestId('play-flight-altitude')).toHaveValue('15');
  await page.mouse.move(target.x + 1, target.y + 1);
  await expect(page.getByTestId('play-side-view')).toHaveAttribute('data-heights', /^0,.*,15$/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Drake flies from 9,2 (0 ft up) to 11,5 (15 ft up)');
  await expect(page.getByTestId('health-D')).toContainText('15 up');

  // Saved mid-fight and reopened: the same board; on to round 2, the flask cleared.
  saved = await saveAndRead(app, 'lair.encounter');
  await expectBoardIsModel(page, saved.model, saved.session);
  await reopen(app, saved.file);
  await expectBoardIsModel(page, saved.model, saved.session);
  // Still the drake's turn: its poison leaves the kobold fatigued until the end of the kobold's
  // next turn (0 rounds: the next such edge).
  await page.getByTestId('effect-name').fill('Exhausting poison');
  await page.getByTestId('effect-on').selectOption('K');
  await page.getByTestId('effect-condition').selectOption('fatigued');
  await page.getByTestId('effect-rounds').fill('0');
  await page.getByTestId('effect-edge').selectOption('end');
  await page.getByTestId('effect-turn-of').selectOption('K');
  await page.getByTestId('effect-add').click();
  await expect(page.getByTestId('health-K')).toContainText('fatigued');
  expect(await badgeTitle(page, { x: 6, y: 1 })).toMatch(/^Fatigued: can't run or charge/);
  await nextTurn(page, 2);
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await page.getByTestId('area-clear-all').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Cleared the area: Flask of fire (GM).');
  // Ardent, down, is marked unconscious; on the kobold's turn it cannot run ("can't run or charge",
  // epic-path.txt › Overland Travel); when its turn ends, so does the poison.
  await page.getByTestId('health-creature').selectOption('A');
  await page.getByTestId('condition-unconscious').check();
  await expect(page.getByTestId('health-A')).toContainText('unconscious');
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Kobold');
  await expect(page.getByTestId('play-action-run')).toHaveAttribute('data-allowed', 'false');
  await nextTurn(page);
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Kobold is no longer fatigued');
  await expect(page.getByTestId('health-K')).not.toContainText('fatigued');

  // The drake delays and acts now, before the familiar; the familiar readies for the kobold and,
  // on Ardent's turn in round 3, steps east on the shelf as a reaction.
  await expect(page.getByTestId('play-current')).toHaveText('Drake');
  await page.getByTestId('play-delay').click();
  await expect(page.getByTestId('play-current')).toHaveText('Tiny familiar');
  await page.getByTestId('play-act-now-D').click();
  await expect(page.getByTestId('play-current')).toHaveText('Drake');
  await nextTurn(page);
  await page.getByTestId('play-ready-trigger').fill('the kobold comes close');
  await page.getByTestId('play-ready').click();
  await nextTurn(page);
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await page.getByTestId('play-act-now-T').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText("Tiny familiar's readied action fires (the kobold comes close), during Ardent's turn");
  await page.getByTestId('oot-creature').selectOption('T');
  await page.getByTestId('oot-reaction').check();
  await page.getByTestId('oot-path').fill('3,4');
  await page.getByTestId('oot-move').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Out of turn (reaction): Tiny familiar moves from 2,4 to 3,4');

  // Undo the flask alone: its clearing no longer applies (there is nothing to clear), and the panel
  // says so under the line set aside; everything else stays.
  let shown = await saveAndRead(app, 'lair-before-undo.encounter');
  const entries = page.getByTestId('play-log-entry');
  const flask = shown.model.entries.findIndex((e) => e.kind === 'area');
  await entries.nth(flask).click();
  await page.getByTestId('play-undo-entry').click();
  await expect(page.getByTestId('play-branch')).toHaveCount(1);
  await expect(page.getByTestId('play-branch-left')).toHaveCount(1);
  await expect(page.getByTestId('play-branch-left')).toContainText(`Entry ${shown.model.entries.findIndex((e) => e.kind === 'clear-area') + 1} no longer applied`);
  await expect(entries).toHaveCount(shown.model.entries.length - 2);
  shown = await saveAndRead(app, 'lair-undone.encounter');
  expect(shown.model.entries.some((e) => e.kind === 'area' || e.kind === 'clear-area')).toBe(false);

  const end = await saveAndRead(app, 'lair-end.encounter');
  await expectBoardIsModel(page, end.model, end.session);
  const ardent = playSummary(end.model, end.session).creatures.find((c) => c.id === 'A')!;
  expect(ardent).toMatchObject({ x: 7, y: 2, conditions: ['unconscious'] });
  expect(playSummary(end.model, end.session).creatures.find((c) => c.id === 'T')).toMatchObject({ x: 3, y: 4 });
  expect(playSummary(end.model, end.session).creatures.find((c) => c.id === 'D')).toMatchObject({ x: 11, y: 5, altitude: 15 });
  expect(ardent.hitPoints! - ardent.damage).toBe(left);
  await replayInApp(page);
  await expectBoardIsModel(page, end.model, end.session);
  expect(app.problems).toEqual([]);
});

test('Startroid, the hive breach: through the drone, its rolled attack drops the sniper; acid spray; the zergling shot down from the Dice roller and held by a net until its turn ends; saved, reopened, replayed', async ({ app }) => {
  test.setTimeout(60_000);
  const { page } = app;
  await startPlay(page, 'Hive breach', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
  await setHitPoints(page, 'S', 5);
  // Entering the drone's space provokes (startroid.txt › Moving through occupied squares): its
  // 1d20+20 reaches 14 whatever the die, and 1d4+5 (6–9) is more than the sniper's 5 hit points.
  await walk(page, { x: 5, y: 3 }, 'move', [{ x: 6, y: 4 }]);
  await expect(page.getByTestId('play-pending')).toContainText('Drone');
  let saved = await saveAndRead(app, 'hive-provoked.encounter');
  await rollAttack(page, saved.model.pending.find((p) => p.status === 'open')!.id, '1d20+20', '1d4+5', 14);
  const left = await hitPointsLeft(page, 'S');
  expect(left).toBeLessThanOrEqual(-1);
  expect(left).toBeGreaterThanOrEqual(-4);
  await nextTurn(page);

  // The drone's acid: a 2-square burst at the corner 6,3 counts 1 for 1 (4..7 × 1..4): the sniper and the drone.
  await placeArea(page, 2, 'Acid spray', { x: 6, y: 3 }, 'Sniper, Drone');
  await nextTurn(page);
  await walk(page, { x: 8, y: 3 });
  // The zergling's 6 hit points against 2d6+4 (6–16) rolled from the Dice roller as damage.
  await setHitPoints(page, 'Z', 6);
  await page.getByTestId('dice-expression').fill('2d6+4');
  await page.getByTestId('dice-target').selectOption('Z');
  await page.getByTestId('dice-damage').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText(/Zergling takes \d+ damage \(2d6\+4\)/);
  const zergling = await hitPointsLeft(page, 'Z');
  expect(zergling).toBeLessThanOrEqual(0);
  // A stasis net holds the zergling to the end of its next turn: immobilized, it "cannot walk,
  // shift or double move" (startroid.txt › Teleportation).
  await page.getByTestId('effect-name').fill('Stasis net');
  await page.getByTestId('effect-on').selectOption('Z');
  await page.getByTestId('effect-condition').selectOption('immobilized');
  await page.getByTestId('effect-rounds').fill('1');
  await page.getByTestId('effect-edge').selectOption('end');
  await page.getByTestId('effect-turn-of').selectOption('Z');
  await page.getByTestId('effect-add').click();
  await expect(page.getByTestId('health-Z')).toContainText('immobilized');
  expect(await badgeTitle(page, { x: 8, y: 3 })).toMatch(/^Immobilized: cannot walk, shift or double move/);

  saved = await saveAndRead(app, 'hive.encounter');
  await expectBoardIsModel(page, saved.model, saved.session);
  await reopen(app, saved.file);
  await expectBoardIsModel(page, saved.model, saved.session);
  await nextTurn(page, 3);
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await page.getByTestId('area-clear-all').click();
  // Round 2, the zergling's turn: it cannot walk; when its turn ends, the net does.
  await nextTurn(page, 2);
  await expect(page.getByTestId('play-current')).toHaveText('Zergling');
  await expect(page.getByTestId('play-action-move')).toHaveAttribute('data-allowed', 'false');
  await nextTurn(page);
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Zergling is no longer immobilized');
  await expect(page.getByTestId('health-Z')).not.toContainText('immobilized');
  const end = await saveAndRead(app, 'hive-end.encounter');
  await expectBoardIsModel(page, end.model, end.session);
  await replayInApp(page);
  await expectBoardIsModel(page, end.model, end.session);
  expect(app.problems).toEqual([]);
});

test('6d6, the Dead Pony getaway: initiative rolled, the Game Leader enters a fall, a smoke cube, the guard shot down and knocked out until Razir\'s turn, the fall undone alone, saved, reopened, replayed', async ({ app }) => {
  test.setTimeout(60_000);
  const { page } = app;
  // Initiative rolled with the seeded dice: 1d6 in 6d6 plus a modifier. With +20, +10 and +0 the
  // totals fall in 21–26, 11–16 and 1–6, so the order is Razir, Guard, Boban whatever the dice.
  await page.getByTestId('samples').getByText('Getaway from the Dead Pony Tavern').click();
  await page.getByTestId('mode-play').click();
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
  await page.getByTestId('play-seed').fill('66');
  await page.getByTestId('play-seed').press('Enter');
  for (const [id, modifier] of Object.entries({ R: 20, G: 10, B: 0 })) await page.getByTestId(`init-mod-${id}`).fill(String(modifier));
  await page.getByTestId('play-roll-initiative').click();
  await expect(page.getByTestId('play-order')).toBeVisible();
  await expect(page.getByTestId('play-current')).toHaveText('Razir');
  const rolled = await saveAndRead(app, 'getaway-initiative.encounter');
  const modifier: Record<string, number> = { "Razir's initiative": 20, "Guard's initiative": 10, "Boban's initiative": 0 };
  const dice = rolled.model.entries[0]!.dice;
  expect(dice.map((d) => d.what).sort()).toEqual(Object.keys(modifier).sort());
  for (const d of dice) {
    expect(d.rolls).toHaveLength(1);
    expect(d.rolls[0]).toBeGreaterThanOrEqual(1);
    expect(d.rolls[0]).toBeLessThanOrEqual(6);
    expect(d.total).toBe(d.rolls[0]! + modifier[d.what]!);
  }
  expect(rolled.model.order.map((o) => o.creature)).toEqual(['R', 'G', 'B']);
  // Razir steps off the dock: 6d6.txt gives no falling damage, the Game Leader enters 3.
  await walk(page, { x: 9, y: 3 });
  await expect(page.getByTestId('fall-text')).toContainText('6d6.txt gives no falling damage: the Game Leader decides it');
  await page.getByTestId('fall-ok').click();
  await page.getByTestId('health-creature').selectOption('R');
  await page.getByTestId('health-amount').fill('3');
  await page.getByTestId('health-damage').click();
  await expect(page.getByTestId('health-R')).toContainText('3 damage');
  await nextTurn(page);
  await walk(page, { x: 8, y: 4 });
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Boban');

  // A 3-square cube on 8,4 is 7..9 × 3..5: the guard and Razir (9,3), not Boban.
  await placeArea(page, 3, 'Smoke bomb', { x: 8, y: 4 }, 'Guard, Razir', 'cube');
  // 3d6+7 (10–25) from the Dice roller on the guard's 10 hit points: down whatever the dice.
  await setHitPoints(page, 'G', 10);
  await page.getByTestId('dice-expression').fill('3d6+7');
  await page.getByTestId('dice-target').selectOption('G');
  await page.getByTestId('dice-damage').click();
  await expect(page.getByTestId('play-log-entry').last()).toContainText(/Guard takes \d+ damage \(3d6\+7\)/);
  expect(await hitPointsLeft(page, 'G')).toBeLessThanOrEqual(0);
  // Knocked out until the start of Razir's next turn: unconscious (6d6.txt › Occupied Squares), a badge.
  await page.getByTestId('effect-name').fill('Knocked out');
  await page.getByTestId('effect-on').selectOption('G');
  await page.getByTestId('effect-condition').selectOption('unconscious');
  await page.getByTestId('effect-rounds').fill('1');
  await page.getByTestId('effect-edge').selectOption('start');
  await page.getByTestId('effect-turn-of').selectOption('R');
  await page.getByTestId('effect-add').click();
  await expect(page.getByTestId('health-G')).toContainText('unconscious');
  expect(await badgeTitle(page, { x: 8, y: 4 })).toMatch(/^Unconscious: cannot wish to prevent a move/);

  // Saved and reopened mid-fight; round 2 starts with Razir's turn and the guard wakes.
  let saved = await saveAndRead(app, 'getaway.encounter');
  await expectBoardIsModel(page, saved.model, saved.session);
  await reopen(app, saved.file);
  await expectBoardIsModel(page, saved.model, saved.session);
  await nextTurn(page);
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Knocked out on Guard ends (start of Razir\'s turn). Guard is no longer unconscious.');
  await expect(page.getByTestId('health-G')).not.toContainText('unconscious');
  await page.getByTestId('area-clear-all').click();

  // The Game Leader takes back the fall damage alone: Razir has taken none, everything after stays.
  saved = await saveAndRead(app, 'getaway-before-undo.encounter');
  const fallDamage = saved.model.entries.findIndex((e) => e.kind === 'damage' && e.actor === 'R');
  await page.getByTestId('play-log-entry').nth(fallDamage).click();
  await page.getByTestId('play-undo-entry').click();
  await expect(page.getByTestId('health-R')).toContainText('0 damage');
  await expect(page.getByTestId('play-branch-left')).toHaveCount(0);
  const end = await saveAndRead(app, 'getaway-end.encounter');
  expect(end.model.entries.map((e) => e.text)).toEqual(saved.model.entries.filter((_, i) => i !== fallDamage).map((e) => e.text));
  await expectBoardIsModel(page, end.model, end.session);
  await replayInApp(page);
  await expectBoardIsModel(page, end.model, end.session);
  expect(app.problems).toEqual([]);
});

test('d20 3.0, the tower gate: the wyvern climbs 10 ft over 50 ft, the mage falls from the tower and is shot down, a web that ends with the dwarf\'s turn, a burst undone alone, saved, reopened, replayed', async ({ app }) => {
  test.setTimeout(60_000);
  const { page } = app;
  await startPlay(page, 'The tower gate', 30, { E: 20, M: 15, D: 10 });
  await expect(page.getByTestId('play-current')).toHaveText('Wyvern');

  // The wyvern (fly 60, poor) flies west along the wall top to 5,1, climbing to 10 ft at the end:
  // 50 ft forward, over its minimum forward speed of 30 ft (d20-phb-30.txt › Minimum Forward
  // Speed), so no stall; the next waypoint raised two squares with PageUp.
  await page.getByTestId('play-fly').check();
  await page.getByTestId('play-fly').blur();
  const target = await mapPoint(page, 5.5, 1.5);
  await page.mouse.move(target.x, target.y);
  for (let i = 0; i < 2; i++) await page.keyboard.press('PageUp');
  await expect(page.getByTestId('play-flight-altitude')).toHaveValue('10');
  await page.mouse.move(target.x + 1, target.y + 1);
  await expect(page.getByTestId('play-side-view')).toHaveAttribute('data-heights', /^0,.*,10$/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Wyvern flies from 11,4 (0 ft up) to 5,1 (10 ft up)');
  await expect(page.getByTestId('play-log-entry').last()).not.toContainText('stalls');
  await expect(page.getByTestId('health-E')).toContainText('10 up');
  await nextTurn(page);

  // The mage's 4 hit points; she walks off the tower's 10 ft edge (1d6, the d20 rule the log names).
  await setHitPoints(page, 'M', 4);
  await walk(page, { x: 2, y: 7 });
  await expect(page.getByTestId('fall-text')).toContainText('falls 10 ft');
  await page.getByTestId('fall-ok').click();
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Dwarf guard');
  await walk(page, { x: 2, y: 8 });
  // A 1-square burst at the corner 2,8: the four squares touching it, the mage (2,7) and the dwarf
  // (2,8), listed nearest first and, both 1 away, by name.
  await placeArea(page, 1, 'Alchemist fire', { x: 2, y: 8 }, 'Dwarf guard, Mage');
  // 2d6+4 (6–16) from the Dice roller: more than the mage's 4 hit points.
  await page.getByTestId('dice-expression').fill('2d6+4');
  await page.getByTestId('dice-target').selectOption('M');
  await page.getByTestId('dice-damage').click();
  expect(await hitPointsLeft(page, 'M')).toBeLessThan(0);
  // A web entangles the dwarf to the end of this turn (0 rounds: the next such edge); the text
  // names entangled only in its modifier tables (d20-phb-30.txt › Attack Roll Modifiers).
  await page.getByTestId('effect-name').fill('Web');
  await page.getByTestId('effect-on').selectOption('D');
  await page.getByTestId('effect-condition').selectOption('entangled');
  await page.getByTestId('effect-rounds').fill('0');
  await page.getByTestId('effect-edge').selectOption('end');
  await page.getByTestId('effect-turn-of').selectOption('D');
  await page.getByTestId('effect-add').click();
  await expect(page.getByTestId('health-D')).toContainText('entangled');
  expect(await badgeTitle(page, { x: 2, y: 8 })).toMatch(/^Entangled: named in the modifier tables only/);

  let saved = await saveAndRead(app, 'gate.encounter');
  await expectBoardIsModel(page, saved.model, saved.session);
  await reopen(app, saved.file);
  await expectBoardIsModel(page, saved.model, saved.session);
  await nextTurn(page);
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Dwarf guard is no longer entangled');

  // Undo the burst alone: nothing after it depended on it.
  saved = await saveAndRead(app, 'gate-before-undo.encounter');
  const burst = saved.model.entries.findIndex((e) => e.kind === 'area');
  await page.getByTestId('play-log-entry').nth(burst).click();
  await page.getByTestId('play-undo-entry').click();
  await expect(page.getByTestId('play-branch')).toHaveCount(1);
  await expect(page.getByTestId('play-branch-left')).toHaveCount(0);
  const end = await saveAndRead(app, 'gate-end.encounter');
  expect(end.model.entries.map((e) => e.text)).toEqual(saved.model.entries.filter((_, i) => i !== burst).map((e) => e.text));
  expect(playSummary(end.model, end.session).creatures.find((c) => c.id === 'E')).toMatchObject({ x: 5, y: 1, altitude: 10 });
  await expectBoardIsModel(page, end.model, end.session);
  await replayInApp(page);
  await expectBoardIsModel(page, end.model, end.session);
  expect(app.problems).toEqual([]);
});
