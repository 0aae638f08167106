import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseEncounter } from '../../src-shared/io';
import { replay, savedSession } from '../../src-shared/play';
import { expect, test } from './fixtures';

/**
 * Hit points and conditions end to end (issue 17 › 3), in each edition: from the Play panel's Health
 * section, a condition that stops a run (epic-path.txt › Overland Travel), a creature dropped below 0
 * hit points, then save, the saved session replayed by the model to the same hit points and
 * conditions (Maps), and the app's Replay ending in the same state. The bars and badges on the map
 * are read from their Konva nodes in tests/browser/play-health.test.tsx.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

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

test('Epic Path: a fatigued kobold cannot run; Ardent dropped below 0 hit points; saved and replayed to the same state', async ({ app }) => {
  const { page } = app;
  await startPlay(page, "The drake's lair", 21, { K: 20, A: 15, D: 10, T: 5 });
  await expect(page.getByTestId('play-current')).toHaveText('Kobold');
  await expect(page.getByTestId('health-edit')).toHaveAttribute('data-creature', 'K');
  await expect(page.getByTestId('play-action-run')).toHaveAttribute('data-allowed', 'true');

  await page.getByTestId('condition-fatigued').check();
  await expect(page.getByTestId('health-K')).toContainText('fatigued');
  await expect(page.getByTestId('play-action-run')).toHaveAttribute('data-allowed', 'false');
  await expect(page.getByTestId('play-action-run')).toHaveAttribute('title', /fatigued: can't run or charge \(epic-path\.txt › Overland Travel\)/);

  await page.getByTestId('health-creature').selectOption('A');
  await expect(page.getByTestId('health-edit')).toHaveAttribute('data-creature', 'A');
  await page.getByTestId('hp-A').fill('10');
  await page.getByTestId('hp-A').press('Tab');
  await expect(page.getByTestId('hp-left-A')).toHaveText('10 / 10');
  await page.getByTestId('health-amount').fill('12');
  await page.getByTestId('health-damage').click();
  await expect(page.getByTestId('hp-left-A')).toHaveText('-2 / 10');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('Ardent takes 12 damage; at -2 hit points (GM).');

  const file = await app.save(() => page.keyboard.press('Control+s'), 'health.encounter');
  await expect(page.getByText(/^Saved /)).toBeVisible();
  const read = parseEncounter(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(read.error);
  const model = replay(read.encounter, savedSession(read.encounter)!);
  expect(model.health.get('A')).toEqual({ hitPoints: 10, damage: 12, nonlethal: 0, temporary: 0 });
  expect(model.conditions.get('K')).toEqual(['fatigued']);

  await page.getByTestId('play-replay').click();
  await expect(page.getByText('end in the same state')).toBeVisible({ timeout: 30_000 });
});
