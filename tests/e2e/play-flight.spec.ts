import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseEncounter } from '../../src-shared/io';
import { moveRequest, newSession, perform, replay } from '../../src-shared/play';
import { planFlightPath } from '../../src-shared/rules';
import { expect, ROOT, test } from './fixtures';

/**
 * Flight with heights in Play (issue 17 › 1), in both editions: the d20 3.0 wyvern's next waypoint
 * raised with PageUp and Alt + wheel over the map, the side view read, and a flight under its minimum
 * forward speed committed with Enter — it stalls (d20-phb-30.txt › Minimum Forward Speed) — checked
 * against the model playing the same action.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function squareCentre(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}

test('d20 3.0: the wyvern raised with PageUp and Alt + wheel, the side view, a stall committed with Enter', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('The tower gate').click();
  await page.keyboard.press('F5');
  await expect(page.getByTestId('play-panel')).toBeVisible();
  await page.getByTestId('play-seed').fill('8');
  await page.getByTestId('play-seed').press('Enter');
  for (const [id, score] of Object.entries({ E: 20, M: 15, D: 10 })) await page.getByTestId(`init-score-${id}`).fill(String(score));
  await page.getByTestId('play-enter-initiative').click();
  await expect(page.getByTestId('play-current')).toHaveText('Wyvern');

  await page.getByTestId('play-fly').check();
  await page.getByTestId('play-fly').blur();
  const altitude = page.getByTestId('play-flight-altitude');
  await expect(altitude).toHaveValue('0');
  const p = await squareCentre(page, 11, 1);
  await page.mouse.move(p.x, p.y);
  await page.keyboard.press('PageUp');
  await expect(altitude).toHaveValue('5');
  await page.keyboard.down('Alt');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Alt');
  await expect(altitude).toHaveValue('10');

  // 15 ft north, climbing to 10 ft over the courtyard: under the poor wyvern's 30 ft minimum. The
  // path is the engine's cheapest to that cube, on the board after initiative.
  const read = parseEncounter(readFileSync(path.join(ROOT, 'resources/encounters/tower-gate.d20-30.encounter'), 'utf8'));
  if (!read.ok) throw new Error(read.error);
  const start = newSession(8);
  const init = perform(read.encounter, start, { kind: 'initiative', scores: { E: 20, M: 15, D: 10 } }, replay(read.encounter, start));
  if (!init.ok) throw new Error(init.reason);
  const plan = planFlightPath(init.state.board, 'E', { x: 11, y: 1, z: 10 }, moveRequest(init.state, 'move', { mode: 'fly' }));
  expect(plan.stalls).toBe(true);
  const cubes = plan.steps.map(({ x, y, z }) => ({ x, y, z }));
  expect(cubes.at(-1)).toEqual({ x: 11, y: 1, z: 10 });
  await expect(page.getByTestId('play-side-view')).toHaveAttribute('data-heights', [0, ...cubes.map((q) => q.z)].join(','));
  await expect(page.getByTestId('play-side-view')).toHaveAttribute('data-ground', '10,10,10,10');
  await expect(page.getByTestId('play-path-stalls')).toContainText('minimum forward speed');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('play-log-entry').last()).toContainText('stalls');

  const flown = perform(read.encounter, init.session, { kind: 'move', creature: 'E', action: 'move', mode: 'fly', path: cubes }, init.state);
  if (!flown.ok) throw new Error(flown.reason);
  await expect(page.locator('[data-testid="play-log-entry"] .entry-text').last()).toHaveText(flown.entry.text);
  await expect(canvas(page)).toHaveAttribute('data-play-positions', /E=11,1/);
});
