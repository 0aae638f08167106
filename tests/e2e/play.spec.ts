import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseEncounter } from '../../src-shared/io';
import { RULESETS, type Encounter, type RulesetId } from '../../src-shared/model';
import { exportLog, moveRequest, replay, savedSession, type PlaySession, type PlayState } from '../../src-shared/play';
import { checkPath, fallDamage, forcedMovement, linesBetween, overlandTravel, planPath, type MoveAction } from '../../src-shared/rules';
import { expect, ROOT, test, type AppDriver, screenshotPath } from './fixtures';

/**
 * Play mode end to end, in both editions: a three-round fight from each ruleset's sample played
 * through the UI (initiative, a move that provokes and its attack resolved where the text has attacks
 * of opportunity, a fall off a ledge, a push over an edge where the text has forced movement), two
 * steps undone, a replay, the log exported — and every position, damage and log line checked against
 * the model replaying the saved session, every fall and provocation against the engine's own answer.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function squareCentre(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}
async function hover(page: Page, x: number, y: number) {
  const p = await squareCentre(page, x, y);
  await page.mouse.move(p.x, p.y);
}
async function click(page: Page, x: number, y: number) {
  const p = await squareCentre(page, x, y);
  await page.mouse.click(p.x, p.y);
}
async function dblclick(page: Page, x: number, y: number) {
  const p = await squareCentre(page, x, y);
  await page.mouse.dblclick(p.x, p.y);
}

const SAMPLE_FILES: Record<RulesetId, string> = {
  'epic-path': 'drake-lair.epic-path.encounter',
  'd20-35': 'goblin-ambush.d20-35.encounter',
  'd20-30': 'tower-gate.d20-30.encounter',
  '6d6': 'ambush-alley.6d6.encounter',
  startroid: 'hive-breach.startroid.encounter',
};
function planned(ruleset: RulesetId): Encounter {
  const read = parseEncounter(readFileSync(path.join(ROOT, 'resources/encounters', SAMPLE_FILES[ruleset]), 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return read.encounter;
}

/** Where each creature stands on the board shown, as the map container reports it. */
async function positions(page: Page): Promise<Record<string, string>> {
  const text = (await canvas(page).getAttribute('data-play-positions')) ?? '';
  return Object.fromEntries(text.split(';').filter(Boolean).map((p) => p.split('=') as [string, string]));
}
const at = (state: PlayState, id: string) => {
  const c = state.board.creatures.find((k) => k.id === id)!;
  return `${c.x},${c.y}`;
};
async function logTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="play-log-entry"]:not(.undone) .entry-text').allTextContents();
}

async function startPlay(page: Page, sample: string, seed: number, scores: Record<string, number>) {
  await page.getByTestId('samples').getByText(sample).click();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('play-panel')).toBeVisible();
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
  await page.getByTestId('play-seed').fill(String(seed));
  await page.getByTestId('play-seed').press('Enter');
  await page.getByTestId('play-seed').blur();
  for (const [id, score] of Object.entries(scores)) await page.getByTestId(`init-score-${id}`).fill(String(score));
  await page.getByTestId('play-enter-initiative').click();
  await expect(page.getByTestId('play-order')).toBeVisible();
}

/** Moves the current creature to `to` through `via` with the UI: waypoints clicked, the destination double-clicked. */
async function walk(page: Page, to: { x: number; y: number }, via: { x: number; y: number }[] = []) {
  for (const q of via) await click(page, q.x, q.y);
  await hover(page, to.x, to.y);
  await expect(page.getByTestId('play-path')).toContainText(`Path to ${to.x},${to.y}`);
  await dblclick(page, to.x, to.y);
}

async function nextTurn(page: Page, times = 1) {
  for (let i = 0; i < times; i++) await page.getByTestId('play-next-turn').click();
}

/** The current creature's move of the given kind to `to`, as the GM does it: the action chosen, then the path. */
async function move(page: Page, to: { x: number; y: number }, action: MoveAction = 'move', via: { x: number; y: number }[] = []) {
  if (action !== 'move') await page.getByTestId(`play-action-${action}`).click();
  await walk(page, to, via);
}

/** The fall dialog after a walk off a ledge or a push over an edge: the height as the model words it. */
async function fallShown(page: Page, ruleset: RulesetId, height: number) {
  await expect(page.getByTestId('fall-dialog')).toBeVisible();
  await expect(page.getByTestId('fall-text')).toContainText(`falls ${height} ${RULESETS[ruleset].lengthUnit}`);
  await expect(page.getByTestId('fall-chart')).toBeVisible();
  await page.getByTestId('fall-ok').click();
  await expect(page.getByTestId('fall-dialog')).toBeHidden();
}

interface Checked {
  saved: Encounter;
  session: PlaySession;
  model: PlayState;
  falls: number;
  provocations: number;
}

/**
 * Saves, then checks what the UI shows against the model fed the saved session — every log line,
 * every position, every creature's damage, three rounds reached — and each step against the engine:
 * a fall's chance of every total and its dice against `fallDamage`, a move's attacks of opportunity
 * against `checkPath` on the board just before it.
 */
async function checkAgainstModel(app: AppDriver, ruleset: RulesetId, file: string): Promise<Checked> {
  const { page } = app;
  const saved = await saveAndRead(app, file);
  const session = savedSession(saved)!;
  const model = replay(saved, session);
  expect(await logTexts(page)).toEqual(model.entries.map((e) => e.text));
  expect(model.entries.some((e) => e.text.startsWith('Not replayed'))).toBe(false);
  const shown = await positions(page);
  for (const c of model.board.creatures) {
    expect(shown[c.id]).toBe(`${c.x},${c.y}`);
    await expect(page.getByTestId(`health-${c.id}`)).toContainText(`${model.health.get(c.id)!.damage} damage`);
  }
  expect(model.round).toBeGreaterThanOrEqual(3);
  const unit = RULESETS[ruleset].lengthUnit;
  let falls = 0;
  let provocations = 0;
  for (const e of model.entries) {
    if (e.distribution) {
      const height = Number(new RegExp(`falls (\\d+(?:\\.\\d+)?) ${unit}`).exec(e.text)?.[1]);
      const fall = fallDamage(ruleset, { height, settings: saved.settings });
      expect(e.distribution).toEqual(fall.distribution);
      const rolled = e.dice.find((d) => d.what.startsWith('falling damage'));
      if (fall.gmDecides) expect(rolled).toBeUndefined();
      else {
        expect(rolled!.total).toBeGreaterThanOrEqual(fall.min);
        expect(rolled!.total).toBeLessThanOrEqual(fall.max);
      }
      falls++;
    }
    const action = session.log[e.index]!;
    if (action.kind === 'move' && !action.mode && !action.phasing) {
      const before = replay(saved, session, e.index);
      const score = e.dice.find((d) => d.what === 'run score');
      const engine = checkPath(before.board, action.creature, action.path, { ...moveRequest(before, action.action), ...(score ? { score: Math.max(1, score.total) } : {}) });
      expect(engine.legal).toBe(true);
      expect(e.pending).toHaveLength(engine.provokes.length);
      for (const p of engine.provokes) expect(e.text).toContain(before.board.creatures.find((c) => c.id === p.by)!.name);
      provocations += engine.provokes.length;
    }
  }
  return { saved, session, model, falls, provocations };
}

/** Undo two steps with the panel's button, replay from the planned layout, export the log as text. */
async function undoTwoReplayExport(app: AppDriver, { saved, session }: Checked, file: string): Promise<PlayState> {
  const { page } = app;
  await page.getByTestId('play-undo').click();
  await page.getByTestId('play-undo').click();
  const undone = replay(saved, { ...session, cursor: session.cursor - 2 });
  await expect(page.locator('[data-testid="play-log-entry"].undone')).toHaveCount(2);
  expect(await logTexts(page)).toEqual(undone.entries.map((e) => e.text));
  expect(await positions(page)).toEqual(Object.fromEntries(undone.board.creatures.map((c) => [c.id, `${c.x},${c.y}`])));
  await page.getByTestId('play-replay').click();
  await expect(page.getByText('end in the same state')).toBeVisible({ timeout: 30_000 });
  expect(await logTexts(page)).toEqual(undone.entries.map((e) => e.text));
  expect(await positions(page)).toEqual(Object.fromEntries(undone.board.creatures.map((c) => [c.id, `${c.x},${c.y}`])));
  const out = await app.save(() => page.getByTestId('play-export-text').click(), file);
  expect(readFileSync(out, 'utf8')).toBe(exportLog(undone, 'text'));
  return undone;
}

async function saveAndRead(app: AppDriver, name: string, as = false): Promise<Encounter> {
  const file = await app.save(() => app.page.keyboard.press(as ? 'Control+Shift+s' : 'Control+s'), name);
  await expect(app.page.getByText(/^Saved /)).toBeVisible();
  const read = parseEncounter(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return read.encounter;
}

/** A README picture (browser edition only), with the panel part it is about (`show`, a test id) scrolled into view. */
async function screenshot(app: AppDriver, name: string, show?: string) {
  if (app.edition !== 'browser') return;
  if (show) await app.page.getByTestId(show).scrollIntoViewIfNeeded();
  // The notices sit over the map: closed, for a clean picture.
  await app.page.locator('.notices button').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await app.page.screenshot({ path: screenshotPath(name) });
}

test('Epic Path: three rounds — a double move that provokes, a push off the shelf, a walk off it, the side view of a flight; undo two, replay, save, reopen, export', async ({ app }) => {
  const { page } = app;
  const plan = planned('epic-path');
  await startPlay(page, "The drake's lair", 21, { A: 20, K: 15, D: 10, T: 5 });
  await expect(page.getByTestId('play-current')).toHaveText('Ardent');

  // Ardent double-moves to the shelf's edge past the kobold and the drake (epic-path.txt › Double Move).
  let model = replay(plan, { seed: 21, log: [{ kind: 'initiative', scores: { A: 20, K: 15, D: 10, T: 5 } }], cursor: 1 });
  const engine = planPath(model.board, 'A', { x: 7, y: 2 }, moveRequest(model, 'double'));
  await page.getByTestId('play-action-double').click();
  await hover(page, 7, 2);
  await expect(page.getByTestId('play-path')).toContainText(`${engine.total} ft`);
  await expect(page.getByTestId('play-path-provokes')).toContainText('Kobold');
  await expect(page.getByTestId('play-path-provokes')).toContainText('Drake');
  await screenshot(app, 'play-move.png', 'play-path');
  await dblclick(page, 7, 2);
  expect((await positions(page))['A']).toBe('7,2');
  await expect(page.getByTestId('play-pending').locator('li')).toHaveCount(2);
  await page.getByTestId('play-pending').getByRole('button', { name: 'Miss' }).first().click();
  await expect(page.getByTestId('play-pending').locator('li')).toHaveCount(1);

  // The kobold pushes Ardent over the edge (epic-path.txt › Push, › Falling).
  await page.getByTestId('play-next-turn').click();
  await expect(page.getByTestId('play-current')).toHaveText('Kobold');
  await page.keyboard.press('f');
  await page.getByTestId('forced-effect').selectOption('push');
  await page.getByTestId('forced-by').selectOption('K');
  await click(page, 7, 2);
  await expect(page.getByTestId('forced-target')).toContainText('Moving Ardent');
  await click(page, 8, 2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('fall-dialog')).toBeVisible();
  await expect(page.getByTestId('fall-text')).toContainText('falls 20 ft');
  await expect(page.getByTestId('fall-chart')).toBeVisible();
  await screenshot(app, 'play-fall.png');
  await page.getByTestId('fall-ok').click();

  // Round 2: Ardent stands if prone; the kobold walks off the shelf.
  await page.keyboard.press('m');
  for (let i = 0; i < 3; i++) await page.getByTestId('play-next-turn').click();
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  if (await page.getByTestId('play-stand-up').isVisible()) await page.getByTestId('play-stand-up').click();
  await page.getByTestId('play-next-turn').click();
  await walk(page, { x: 8, y: 1 });
  await fallShown(page, 'epic-path', 20);

  // The drake's turn: a flight planned shows its heights from the side, then it stays put.
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Drake');
  await page.getByTestId('play-fly').check();
  await hover(page, 9, 4);
  await expect(page.getByTestId('play-side-view')).toBeVisible();
  await page.getByTestId('play-fly').uncheck();

  // Round 3: Ardent walks away along the ground below the shelf.
  await nextTurn(page, 2);
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await walk(page, { x: 9, y: 1 });
  await nextTurn(page);
  await screenshot(app, 'play-log.png');

  // The model, fed the saved session, agrees with every line, position and damage the UI shows, and
  // the engine with every fall and attack of opportunity.
  const checked = await checkAgainstModel(app, 'epic-path', 'lair.encounter');
  const { saved, session } = checked;
  expect(checked.falls).toBe(2);
  expect(checked.provocations).toBeGreaterThanOrEqual(2);
  expect(session.seed).toBe(21);
  model = checked.model;
  const pushEntry = model.entries.find((e) => e.kind === 'forced')!;
  const beforePush = replay(saved, session, pushEntry.index);
  const pushed = forcedMovement(beforePush.board, { kind: 'push', target: 'A', by: 'K', squares: 1, to: [{ x: 8, y: 2 }] });
  expect(pushEntry.distribution).toEqual(pushed.fall!.distribution);
  expect(at(model, 'K')).toBe('8,1');
  const fall = fallDamage('epic-path', { height: 20, settings: plan.settings });
  for (const id of ['A', 'K']) {
    const damage = model.health.get(id)!.damage;
    expect(damage).toBeGreaterThanOrEqual(fall.min);
    expect(damage).toBeLessThanOrEqual(fall.max);
  }

  // Undo two steps (Ctrl+Z acts on the log): the kobold is back on the shelf.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  const undone = replay(saved, { ...session, cursor: session.cursor - 2 });
  expect(await logTexts(page)).toEqual(undone.entries.map((e) => e.text));
  expect((await positions(page))['K']).toBe(at(undone, 'K'));
  await expect(page.locator('[data-testid="play-log-entry"].undone')).toHaveCount(2);
  // Redo one, then replay from the planned layout: the same state at the end.
  await page.keyboard.press('Control+y');
  await page.getByTestId('play-replay').click();
  await expect(page.getByTestId('play-viewing')).toBeVisible();
  await expect(page.getByTestId('play-viewing')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText('end in the same state')).toBeVisible();
  const redone = replay(saved, { ...session, cursor: session.cursor - 1 });
  expect(await logTexts(page)).toEqual(redone.entries.map((e) => e.text));

  // Click an entry: the board at that moment (Ardent on the shelf before the push).
  await page.locator('[data-testid="play-log-entry"]').nth(pushEntry.index - 1).click();
  await expect(page.getByTestId('play-viewing')).toBeVisible();
  expect((await positions(page))['A']).toBe('7,2');
  await page.getByTestId('play-back-to-now').click();
  expect((await positions(page))['A']).toBe(at(redone, 'A'));

  // Export the log: the model's text, word for word.
  const logFile = await app.save(() => page.getByTestId('play-export-text').click(), 'lair-log.txt');
  expect(readFileSync(logFile, 'utf8')).toBe(exportLog(redone, 'text'));

  // Leaving Play mode shows the planned layout again; the saved file reopens where it was left.
  await page.keyboard.press('F5');
  await expect(canvas(page)).toHaveAttribute('data-mode', 'edit');
  const again = await saveAndRead(app, 'lair2.encounter', true);
  expect(again.creatures).toEqual(plan.creatures);
  expect(savedSession(again)!.cursor).toBe(session.cursor - 1);
  await app.open(() => page.keyboard.press('Control+o'), path.join(app.dir, 'lair2.encounter'));
  await expect(page.getByText('Play mode (F5) resumes it')).toBeVisible();
  await page.keyboard.press('F5');
  expect(await logTexts(page)).toEqual(redone.entries.map((e) => e.text));
  expect(app.problems).toEqual([]);
});

test('Startroid: three rounds — an illegal path refused, a walk through the drone that provokes, a push into the trench, a drop off the deck, a teleport; undo two, replay, export', async ({ app }) => {
  const { page } = app;
  await startPlay(page, 'Hive breach', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
  await expect(page.getByTestId('play-current')).toHaveText('Sniper');
  // Too far for one walk: the path says where and why, and a double-click does not move.
  await hover(page, 13, 0);
  await expect(page.getByTestId('play-path-refused')).toBeVisible();
  await dblclick(page, 13, 0);
  await expect(page.getByTestId('play-refusal')).toContainText('cannot take that path');
  expect((await positions(page))['S']).toBe('1,1');
  await page.keyboard.press('Escape');

  // Through the drone's space (startroid.txt › Moving through occupied squares): a waypoint, then the destination.
  await walk(page, { x: 5, y: 3 }, [{ x: 6, y: 4 }]);
  expect((await positions(page))['S']).toBe('5,3');
  await expect(page.getByTestId('play-pending')).toContainText('Drone');
  await page.getByTestId('play-pending').locator('input').first().fill('3');
  await page.getByTestId('play-pending').getByRole('button', { name: 'Hit' }).first().click();
  await expect(page.getByTestId('health-S')).toContainText('3 damage');

  // The drone pushes the medic: the rule picks the square. A push stays on its level (startroid.txt ›
  // Pull, Push and Slide) unless the effect says otherwise — this one does, so over the trench's edge.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('play-current')).toHaveText('Drone');
  await page.getByTestId('tool-play-forced').click();
  await page.getByTestId('forced-effect').selectOption('push');
  await page.getByTestId('forced-by').selectOption('t');
  await page.getByTestId('forced-off-level').check();
  await click(page, 1, 4);
  await page.getByTestId('forced-apply').click();
  await fallShown(page, 'startroid', 3);

  // The zergling closes in; the medic stands up if the fall left it prone.
  await page.keyboard.press('m');
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Zergling');
  await walk(page, { x: 8, y: 3 });
  await nextTurn(page);
  if (await page.getByTestId('play-stand-up').isVisible()) await page.getByTestId('play-stand-up').click();
  await nextTurn(page, 2);

  // Round 2: the sniper drops off the deck into the trench (startroid.txt › Inertia).
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await walk(page, { x: 7, y: 3 });
  await fallShown(page, 'startroid', 3);
  await nextTurn(page, 5);

  // Round 3: a teleport onto an occupied square is refused with the reason; to a free square it is done.
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await page.getByTestId('tool-play-forced').click();
  await page.getByTestId('forced-effect').selectOption('teleport');
  await click(page, 7, 3);
  await click(page, 6, 4);
  await expect(page.getByTestId('play-refusal')).toContainText('cannot teleport');
  expect((await positions(page))['S']).toBe('7,3');
  await click(page, 9, 3);
  await expect.poll(async () => (await positions(page))['S']).toBe('9,3');
  await screenshot(app, 'play-forced.png', 'forced-effect');
  await nextTurn(page);

  const checked = await checkAgainstModel(app, 'startroid', 'hive.encounter');
  expect(checked.falls).toBe(2);
  expect(checked.provocations).toBeGreaterThanOrEqual(1);
  const { model, session } = checked;
  const plan = planned('startroid');
  const pushEntry = model.entries.find((e) => e.kind === 'forced')!;
  const before = replay(plan, session, pushEntry.index).board;
  expect(forcedMovement(before, { kind: 'push', target: 'M', by: 't', squares: 1 }).stopped?.code).toBe('ledge');
  const engine = forcedMovement(before, { kind: 'push', target: 'M', by: 't', squares: 1, threeDimensional: true });
  expect(engine.stopped?.code).toBe('fell');
  expect(pushEntry.distribution).toEqual(engine.fall!.distribution);
  expect(pushEntry.squares.at(-1)).toEqual({ x: engine.x, y: engine.y });
  expect(model.health.get('S')!.damage).toBeGreaterThanOrEqual(3);

  // Undo two (the next turn and the teleport), replay: the same state as the model's; the log in Markdown too.
  const undone = await undoTwoReplayExport(app, checked, 'hive-log.txt');
  expect(at(undone, 'S')).toBe('7,3');
  const md = await app.save(() => page.getByTestId('play-export-md').click(), 'hive-log.md');
  expect(readFileSync(md, 'utf8')).toBe(exportLog(undone, 'markdown'));
  expect(app.problems).toEqual([]);
});

test('d20 SRD 3.5: three rounds — the wolf double-moves, Aldric walks off the bluff, Bree provokes the wolf, the wolf charges; F1 lists the Play keys; undo two, replay, export', async ({ app }) => {
  const { page } = app;
  await startPlay(page, 'Goblin ambush at the ford', 35, { W: 20, A: 15, B: 10, G: 8, H: 5, O: 3 });
  // F1 lists Play mode's tools and their keys from the tools' own list.
  await page.keyboard.press('F1');
  const help = page.getByTestId('shortcuts-dialog');
  await expect(help.getByTestId('shortcut-play-move')).toContainText('M');
  await expect(help.getByTestId('shortcut-play-forced')).toContainText('F');
  await expect(help.getByTestId('shortcut-play-lines')).toContainText('L');
  await expect(help).toContainText('Next turn (as Ctrl+Enter)');
  await expect(help).toContainText('F5');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Round 1. The wolf double-moves (d20-srd-35.txt › Movement in Combat: both actions to move).
  await expect(page.getByTestId('play-current')).toHaveText('Wolf');
  await move(page, { x: 3, y: 3 }, 'double');
  expect((await positions(page))['W']).toBe('3,3');
  await nextTurn(page);
  // Aldric walks off the bluff: 10 ft, 1d6 (the d20 rule the model cites).
  await expect(page.getByTestId('play-current')).toHaveText('Aldric');
  await walk(page, { x: 0, y: 3 });
  await fallShown(page, 'd20-35', 10);
  await nextTurn(page);
  // Bree leaves a square the wolf threatens: the attack is named on the path, then resolved as a hit.
  await hover(page, 1, 3);
  await expect(page.getByTestId('play-path-provokes')).toContainText('Wolf');
  await dblclick(page, 1, 3);
  await expect(page.getByTestId('play-pending')).toContainText('Wolf');
  await page.getByTestId('play-pending').locator('input').first().fill('5');
  await page.getByTestId('play-pending').getByRole('button', { name: 'Hit' }).first().click();
  await expect(page.getByTestId('health-B')).toContainText('5 damage');
  await nextTurn(page, 4);

  // Round 2: the wolf closes in on Bree and Aldric below the bluff.
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await walk(page, { x: 2, y: 3 });
  await nextTurn(page, 6);

  // Round 3: the wolf charges Bree's way along the row — a straight line, up to double speed (the
  // SRD charge the engine reads into d20-srd-35.txt › Difficult Terrain); leaving Bree's reach provokes.
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await move(page, { x: 4, y: 3 }, 'charge');
  expect((await positions(page))['W']).toBe('4,3');
  await expect(page.locator('[data-testid="play-log-entry"]').last()).toContainText('Wolf charges from 2,3 to 4,3');
  await page.getByTestId('play-pending').getByRole('button', { name: 'Miss' }).first().click();
  await nextTurn(page);

  const checked = await checkAgainstModel(app, 'd20-35', 'ford.encounter');
  expect(checked.falls).toBe(1);
  expect(checked.provocations).toBeGreaterThanOrEqual(1);
  expect(checked.model.health.get('B')!.damage).toBe(5);
  const charge = checked.session.log.filter((a) => a.kind === 'move').at(-1)!;
  expect(charge).toMatchObject({ action: 'charge', path: [{ x: 3, y: 3 }, { x: 4, y: 3 }] });
  await undoTwoReplayExport(app, checked, 'ford-log.txt');
  expect(app.problems).toEqual([]);
});

test('6d6: three rounds — a walk off the dock (the Game Leader enters the damage), a run rolled, no threat and why; lines and the travel calculator', async ({ app }) => {
  const { page } = app;
  await startPlay(page, 'Getaway from the Dead Pony Tavern', 66, { R: 20, G: 15, B: 10 });
  await walk(page, { x: 9, y: 3 });
  await expect(page.getByTestId('fall-dialog')).toBeVisible();
  await expect(page.getByTestId('fall-text')).toContainText('6d6.txt gives no falling damage: the Game Leader decides it');
  await page.getByTestId('fall-ok').click();
  await page.getByTestId('health-creature').selectOption('R');
  await page.getByTestId('health-amount').fill('3');
  await page.getByTestId('health-damage').click();
  await expect(page.getByTestId('health-R')).toContainText('3 damage');
  await nextTurn(page);
  // 6d6.txt has no attacks of opportunity: the guard walking past Boban provokes nothing, and the
  // threat toggle says why it shows nothing.
  await expect(page.getByTestId('play-current')).toHaveText('Guard');
  await page.getByTestId('play-show-threat').check();
  await expect(page.getByTestId('play-threat-note')).toContainText('6d6.txt › Occupied Squares');
  await walk(page, { x: 8, y: 4 });
  await expect(page.getByTestId('play-pending')).toBeHidden();
  await nextTurn(page);
  await expect(page.getByTestId('play-current')).toHaveText('Boban');
  // A run's score is rolled (6d6.txt › Run): the squares are shaded by their chance, and charted by distance.
  await page.getByTestId('play-action-run').click();
  await expect(page.getByTestId('play-reach-chart')).toBeVisible();
  await hover(page, 3, 3);
  await screenshot(app, 'play-6d6-run.png', 'play-reach-chart');
  await page.getByTestId('play-show-threat').uncheck();
  await dblclick(page, 3, 3);
  await expect.poll(async () => (await positions(page))['B']).toBe('3,3');
  await nextTurn(page);
  // Round 2: Razir gets away along the dock; round 3: the guard follows.
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await walk(page, { x: 10, y: 3 });
  await nextTurn(page, 3);
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await nextTurn(page);
  await walk(page, { x: 8, y: 3 });
  await nextTurn(page);

  const checked = await checkAgainstModel(app, '6d6', 'alley.encounter');
  expect(checked.falls).toBe(1);
  expect(checked.provocations).toBe(0);
  expect(checked.model.health.get('R')!.damage).toBe(3);
  expect(checked.model.entries.find((e) => e.dice.some((d) => d.what === 'run score'))).toBeDefined();

  // Lines from Boban to Razir, as the engine answers them.
  const state = checked.model;
  await page.getByTestId('tool-play-lines').click();
  const b = state.board.creatures.find((c) => c.id === 'B')!;
  const r = state.board.creatures.find((c) => c.id === 'R')!;
  await click(page, b.x, b.y);
  await click(page, r.x, r.y);
  const lines = linesBetween(state.board, 'B', { creature: 'R' });
  await expect(page.getByTestId('lines-verdict')).toContainText(lines.verdict[0]!);
  await page.keyboard.press('m');
  await undoTwoReplayExport(app, checked, 'alley-log.txt');

  // The travel calculator gives the text's answers (epic-path.txt › Overland Travel).
  await page.getByTestId('menu-play').click();
  await page.getByText('Overland travel calculator').click();
  await page.getByTestId('travel-terrain').selectOption('forest');
  await page.getByTestId('travel-way').selectOption('trackless');
  await page.getByTestId('travel-distance').fill('24');
  const travel = overlandTravel({ speed: 30, pace: 'walk', terrain: 'forest', way: 'trackless', distance: 24 });
  await expect(page.getByTestId('travel-answer')).toContainText(`${travel.milesPerDay} miles`);
  await expect(page.getByTestId('travel-answer')).toContainText(`${travel.time!.days} day(s)`);
  await page.getByTestId('travel-speed').fill('0');
  await expect(page.getByTestId('travel-error')).toContainText('speed');
  await page.keyboard.press('Escape');
  expect(app.problems).toEqual([]);
});

test('d20 3.0: three rounds — the wyvern runs, the lines tool draws the cover lines, the mage provokes and falls out of the tower; undo two, replay, export', async ({ app }) => {
  const { page } = app;
  await startPlay(page, 'The tower gate', 30, { E: 20, M: 15, D: 10 });
  await move(page, { x: 3, y: 1 }, 'run');
  await expect.poll(async () => (await positions(page))['E']).toBe('3,1');
  await page.getByTestId('tool-play-lines').click();
  await click(page, 3, 1);
  await click(page, 1, 8);
  const early = replay(planned('d20-30'), { seed: 30, log: [{ kind: 'initiative', scores: { E: 20, M: 15, D: 10 } }], cursor: 1 });
  const wyvern = early.board.creatures.find((c) => c.id === 'E')!;
  wyvern.x = 3;
  wyvern.y = 1;
  const lines = linesBetween(early.board, 'E', { creature: 'D' });
  for (const v of lines.verdict) await expect(page.getByTestId('lines-verdict')).toContainText(v);
  await page.getByTestId('play-show-threat').check();
  await screenshot(app, 'play-lines.png', 'lines-verdict');
  await page.getByTestId('play-show-threat').uncheck();
  await page.getByTestId('tool-play-move').click();
  await nextTurn(page);

  // The mage leaves the wyvern's reach (attacks of opportunity) and steps out of the tower: 10 ft.
  await expect(page.getByTestId('play-current')).toHaveText('Mage');
  await hover(page, 2, 7);
  await expect(page.getByTestId('play-path-provokes')).toContainText('Wyvern');
  await dblclick(page, 2, 7);
  await fallShown(page, 'd20-30', 10);
  await page.getByTestId('play-pending').getByRole('button', { name: 'Miss' }).first().click();
  await nextTurn(page);
  await walk(page, { x: 2, y: 8 });
  await nextTurn(page);
  // Round 2: the wyvern comes down the stair; round 3: the dwarf takes a 5-foot step.
  await expect(page.getByTestId('play-round')).toContainText('Round 2');
  await walk(page, { x: 2, y: 4 });
  await nextTurn(page, 3);
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await nextTurn(page, 2);
  await move(page, { x: 2, y: 9 }, 'step');
  await nextTurn(page);

  const checked = await checkAgainstModel(app, 'd20-30', 'gate.encounter');
  expect(checked.falls).toBe(1);
  expect(checked.provocations).toBeGreaterThanOrEqual(1);
  await undoTwoReplayExport(app, checked, 'gate-log.txt');
  expect(app.problems).toEqual([]);
});

test('Rolled (issue 17 › 2): an attack of opportunity rolled from fields kept as profiles, a roll and rolled damage from the Dice roller; saved, the model replays the same dice', async ({ app }) => {
  const { page } = app;
  await startPlay(page, 'Hive breach', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
  // Through the drone's space: it may attack (startroid.txt › Moving through occupied squares).
  await walk(page, { x: 5, y: 3 }, [{ x: 6, y: 4 }]);
  await expect(page.getByTestId('play-pending')).toContainText('Drone');
  // 1d20+5 against 6 always hits; Enter in the number field rolls.
  await page.getByTestId('aoo-attack-1:0').fill('1d20+5');
  await page.getByTestId('aoo-damage-1:0').fill('1d6+1');
  await page.getByTestId('aoo-against-1:0').fill('6');
  await page.getByTestId('aoo-against-1:0').press('Enter');
  await expect(page.getByTestId('play-pending')).toBeHidden();
  // A typo is answered beside the field; then a roll and rolled damage to the medic.
  await page.getByTestId('dice-expression').fill('4d6k3');
  await page.getByTestId('dice-expression').press('Enter');
  await expect(page.getByTestId('dice-problem')).toContainText('at character 4');
  await page.getByTestId('dice-expression').fill('4d6kh3');
  await page.getByTestId('dice-expression').press('Enter');
  await expect(page.getByTestId('dice-recent').locator('li')).toHaveCount(1);
  await page.getByTestId('dice-expression').fill('2d6+3');
  await page.getByTestId('dice-target').selectOption('M');
  await page.getByTestId('dice-damage').click();
  await expect(page.getByTestId('dice-recent').locator('li')).toHaveCount(2);

  const saved = await saveAndRead(app, 'rolled.encounter');
  const session = savedSession(saved)!;
  expect(session.log.slice(2).map((a) => a.kind)).toEqual(['attack-profile', 'attack-profile', 'resolve', 'roll', 'damage']);
  const model = replay(saved, session);
  expect(await logTexts(page)).toEqual(model.entries.map((e) => e.text));
  const [attack, damage] = model.entries[4]!.dice;
  expect(attack!.total).toBeGreaterThanOrEqual(6);
  expect(model.health.get('S')!.damage).toBe(damage!.total);
  expect(model.health.get('M')!.damage).toBe(model.entries[6]!.dice[0]!.total);
  for (const id of ['S', 'M']) await expect(page.getByTestId(`health-${id}`)).toContainText(`${model.health.get(id)!.damage} damage`);
  await expect(page.getByTestId('dice-recent').locator('li').first()).toHaveText(/^Damage to Medic: 2d6\+3 → \d+, \d+ = \d+$/);
});
