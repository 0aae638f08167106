import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseEncounter } from '../../src-shared/io';
import type { Encounter } from '../../src-shared/model';
import { replay, savedSession } from '../../src-shared/play';
import { checkPath } from '../../src-shared/rules';
import { expect, ROOT, test, type AppDriver } from './fixtures';

/**
 * Turn control end to end (issue 17 › 4), in both editions: the d20 3.5 sample played three rounds
 * with a delay and Act now, a readied action fired during another turn and the readier's reaction
 * moved out of turn, a creature added to the initiative and one removed, an effect carrying a
 * condition that ends at the start of a named turn, and round's-end damage — then saved, and what the
 * panel shows checked against the model replaying the saved session, and replayed in the app.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function positions(page: Page): Promise<Record<string, string>> {
  const text = (await canvas(page).getAttribute('data-play-positions')) ?? '';
  return Object.fromEntries(text.split(';').filter(Boolean).map((p) => p.split('=') as [string, string]));
}
const logTexts = (page: Page) => page.locator('[data-testid="play-log-entry"]:not(.undone) .entry-text').allTextContents();
const orderShown = (page: Page) => page.locator('[data-testid="play-order"] li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-creature')));

async function saveAndRead(app: AppDriver, name: string): Promise<Encounter> {
  const file = await app.save(() => app.page.keyboard.press('Control+s'), name);
  await expect(app.page.getByText(/^Saved /)).toBeVisible();
  const read = parseEncounter(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return read.encounter;
}

function sample(): Encounter {
  const read = parseEncounter(readFileSync(path.join(ROOT, 'resources/encounters/goblin-ambush.d20-35.encounter'), 'utf8'));
  if (!read.ok) throw new Error(read.error);
  return read.encounter;
}

test('d20 SRD 3.5: delay and act now, a readied action fired and a reaction moved out of turn, the order changed, effects ending and firing; save, replay', async ({ app }) => {
  const { page } = app;
  const planned = sample();
  // Aldric's reaction: the first square beside him a plain move reaches without a fall (the engine's answer).
  const aldric = planned.creatures.find((c) => c.id === 'A')!;
  const step = [
    [1, 0],
    [0, 1],
    [1, 1],
    [-1, 0],
    [0, -1],
  ]
    .map(([dx, dy]) => ({ x: aldric.x + dx!, y: aldric.y + dy! }))
    .find((q) => {
      const answer = checkPath(planned, 'A', [q], { action: 'move' });
      return answer.legal && answer.fall === undefined;
    })!;
  expect(step).toBeDefined();

  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('play-panel')).toBeVisible();
  await page.getByTestId('play-seed').fill('35');
  await page.getByTestId('play-seed').press('Enter');
  await page.getByTestId('play-seed').blur();
  // The hobgoblin is left out of the initiative: it joins later.
  for (const [id, score] of Object.entries({ W: 20, A: 15, B: 10, G: 8, O: 3 })) await page.getByTestId(`init-score-${id}`).fill(String(score));
  await page.getByTestId('play-enter-initiative').click();
  await expect(page.getByTestId('play-current')).toHaveText('Wolf');

  // Round 1. The wolf delays; Aldric readies for it; on Bree's turn the wolf acts now, before her.
  await page.getByTestId('play-delay').click();
  await expect(page.getByTestId('play-current')).toHaveText('Aldric');
  await expect(page.getByTestId('order-waiting-W')).toContainText('delaying');
  await page.getByTestId('play-ready-trigger').fill('when the wolf closes in');
  await page.getByTestId('play-ready').click();
  await expect(page.getByTestId('play-readied')).toHaveText('Readied: when the wolf closes in');
  await page.getByTestId('play-next-turn').click();
  await expect(page.getByTestId('play-current')).toHaveText('Bree');
  await page.getByTestId('play-act-now-W').click();
  await expect(page.getByTestId('play-current')).toHaveText('Wolf');
  expect(await orderShown(page)).toEqual(['A', 'W', 'B', 'G', 'O']);
  await page.getByTestId('play-next-turn').click();
  await expect(page.getByTestId('play-current')).toHaveText('Bree');

  // Aldric's readied action fires during Bree's turn; he steps aside as a reaction, out of turn.
  await page.getByTestId('play-act-now-A').click();
  await expect(page.getByTestId('play-current')).toHaveText('Bree');
  expect(await orderShown(page)).toEqual(['W', 'A', 'B', 'G', 'O']);
  await page.getByTestId('oot-creature').selectOption('A');
  await page.getByTestId('oot-reaction').check();
  await page.getByTestId('oot-path').fill(`${step.x},${step.y}`);
  await page.getByTestId('oot-move').click();
  await expect(page.locator('[data-testid="play-log-entry"]').last()).toContainText('Out of turn (reaction): Aldric moves');
  expect((await positions(page))['A']).toBe(`${step.x},${step.y}`);
  await expect(page.getByTestId('play-spent')).toContainText('0 ft this turn');

  // The ogre is held (helpless) until the start of the wolf's next turn, and bleeds at two round ends.
  await page.getByTestId('effect-name').fill('Hold');
  await page.getByTestId('effect-on').selectOption('O');
  await page.getByTestId('effect-condition').selectOption('helpless');
  await page.getByTestId('effect-turn-of').selectOption('W');
  await page.getByTestId('effect-add').click();
  await page.getByTestId('effect-name').fill('Bleeding');
  await page.getByTestId('effect-timing-round-end').check();
  await page.getByTestId('effect-condition').selectOption('');
  await page.getByTestId('effect-damage').fill('1d4');
  await page.getByTestId('effect-times').fill('2');
  await page.getByTestId('effect-add').click();
  await expect(page.locator('[data-testid="play-effect-list"] li')).toHaveCount(2);

  // The hobgoblin joins with 12; the goblin archer leaves.
  await page.getByTestId('play-join-creature').selectOption('H');
  await page.getByTestId('play-join-score').fill('12');
  await page.getByTestId('play-join-add').click();
  await page.getByTestId('play-leave-G').click();
  expect(await orderShown(page)).toEqual(['W', 'A', 'H', 'B', 'O']);

  // On to round 3: the hold ends at the start of the wolf's turn in round 2, the bleeding fires twice.
  for (let i = 0; i < 7; i++) await page.getByTestId('play-next-turn').click();
  await expect(page.getByTestId('play-round')).toContainText('Round 3');
  await expect(page.locator('[data-testid="play-effect-list"] li')).toHaveCount(0);

  const saved = await saveAndRead(app, 'turns.encounter');
  const session = savedSession(saved)!;
  const model = replay(saved, session);
  expect(model.entries.some((e) => e.refused)).toBe(false);
  expect(await logTexts(page)).toEqual(model.entries.map((e) => e.text));
  expect(await positions(page)).toEqual(Object.fromEntries(model.board.creatures.map((c) => [c.id, `${c.x},${c.y}`])));
  expect(session.log.map((a) => a.kind)).toEqual([
    'initiative',
    'delay',
    'ready',
    'next-turn',
    'act-now',
    'next-turn',
    'act-now',
    'move-out-of-turn',
    'effect',
    'round-end-effect',
    'join-initiative',
    'leave-initiative',
    ...Array<string>(7).fill('next-turn'),
  ]);
  const bled = model.entries.flatMap((e) => e.dice.filter((d) => d.what === 'Bleeding on Ogre'));
  expect(bled).toHaveLength(2);
  expect(model.health.get('O')!.damage).toBe(bled[0]!.total + bled[1]!.total);
  await expect(page.getByTestId('health-O')).toContainText(`${model.health.get('O')!.damage} damage`);
  expect(model.board.creatures.find((c) => c.id === 'O')!.helpless).toBe(false);
  expect(model.entries.some((e) => e.text.includes("Hold on Ogre ends (start of Wolf's turn). Ogre is no longer helpless."))).toBe(true);

  await page.getByTestId('play-replay').click();
  await expect(page.getByText('end in the same state')).toBeVisible({ timeout: 30_000 });
  expect(app.problems).toEqual([]);
});
