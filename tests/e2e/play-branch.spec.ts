import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseEncounter } from '../../src-shared/io';
import { replay, savedSession } from '../../src-shared/play';
import { expect, test } from './fixtures';

/**
 * Issue 17 › 6 end to end, in both editions: an earlier entry undone alone from the log panel (by its
 * button, then by Delete on the focused entry, which must not reach the map's Delete), the later entries
 * kept, the line as it was listed and gone back to; the session saved with its line set aside, and the
 * model fed the saved file agreeing with the log the panel shows.
 */

const logTexts = (page: Page) => page.locator('[data-testid="play-log-entry"]:not(.undone) .entry-text').allTextContents();

async function damage(page: Page, who: string, amount: number) {
  await page.getByTestId('health-creature').selectOption(who);
  await page.getByTestId('health-amount').fill(String(amount));
  await page.getByTestId('health-damage').click();
}

test('d20 SRD 3.5: undo one earlier entry, keep the later ones, go back to the line as it was, save', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('play-panel')).toBeVisible();
  for (const [id, score] of Object.entries({ W: 20, A: 15, B: 10, G: 8, H: 5, O: 3 })) await page.getByTestId(`init-score-${id}`).fill(String(score));
  await page.getByTestId('play-enter-initiative').click();
  await expect(page.getByTestId('play-order')).toBeVisible();
  // Entries 2-5: damage to Aldric, next turn, damage to Bree, next turn.
  await damage(page, 'A', 3);
  await page.getByTestId('play-next-turn').click();
  await damage(page, 'B', 2);
  await page.getByTestId('play-next-turn').click();
  const entries = page.getByTestId('play-log-entry');
  await expect(entries).toHaveCount(5);
  const creatures = await page.getByTestId('map-canvas').getAttribute('data-play-positions');

  // Entry 2 undone by its button: the three after it still apply.
  await entries.nth(1).click();
  await page.getByTestId('play-undo-entry').click();
  await expect(entries).toHaveCount(4);
  await expect(page.getByTestId('health-A')).toContainText('0 damage');
  await expect(page.getByTestId('health-B')).toContainText('2 damage');
  await expect(page.getByTestId('play-branch')).toHaveCount(1);
  await expect(page.getByTestId('play-branch')).toContainText('Before entry 2');

  // Entry 3 (now the damage to Bree) by the keyboard: Delete on the focused entry, creatures untouched.
  await entries.nth(2).focus();
  await page.keyboard.press('Delete');
  await expect(entries).toHaveCount(3);
  await expect(page.getByTestId('health-B')).toContainText('0 damage');
  await expect(page.getByTestId('play-branch')).toHaveCount(2);
  expect(await page.getByTestId('map-canvas').getAttribute('data-play-positions')).toBe(creatures);

  // Saved with both lines set aside; the model replaying the file shows what the panel shows.
  const file = await app.save(() => page.keyboard.press('Control+s'), 'branch.encounter');
  await expect(page.getByText(/^Saved /)).toBeVisible();
  const text = readFileSync(file, 'utf8');
  // Format 3 since sessions keep the rules edition they are played by (a new fight: edition 2).
  expect(JSON.parse(text).play.version).toBe(3);
  expect(JSON.parse(text).play.rulesVersion).toBe(2);
  const read = parseEncounter(text);
  if (!read.ok) throw new Error(read.error);
  const session = savedSession(read.encounter)!;
  expect(session.log).toHaveLength(3);
  expect(session.branches).toHaveLength(2);
  expect(await logTexts(page)).toEqual(replay(read.encounter, session).entries.map((e) => e.text));

  // Back to the first line set aside (the whole fight as played): five entries, Aldric's damage again.
  await page.getByTestId('play-branch-go').first().click();
  await expect(entries).toHaveCount(5);
  await expect(page.getByTestId('health-A')).toContainText('3 damage');
  await expect(page.getByTestId('health-B')).toContainText('2 damage');
});
