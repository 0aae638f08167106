import type { Page } from '@playwright/test';
import { expect, test, screenshotPath, newEncounter } from './fixtures';

// The engine's newer model fields as a user meets them in the editor (issue 10 item 2): the creature
// panel's reach weapon and movement options with a squeezed path, and Epic Path's light layer.
// Taken once, in the browser edition, as the README's pictures (UPDATE_SCREENSHOTS=1).

const canvas = (page: Page) => page.getByTestId('map-canvas');

async function squarePoint(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + (x + 0.5) * s, y: box.y + Number(data['panY']) + (y + 0.5) * s };
}
async function clickAt(page: Page, x: number, y: number) {
  const p = await squarePoint(page, x, y);
  await page.mouse.click(p.x, p.y);
}
async function dragFrom(page: Page, from: [number, number], to: [number, number]) {
  const a = await squarePoint(page, ...from);
  const b = await squarePoint(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
  await page.mouse.move(b.x, b.y);
  await page.mouse.up();
}
test('screenshot: the creature panel with a reach weapon, overrun and tumble, and a squeezed path', async ({ app }) => {
  test.skip(app.edition !== 'browser', 'the README screenshots are taken once, in the browser edition');
  const { page } = app;
  await newEncounter(page, { name: 'Fields', ruleset: 'd20-35', width: 12, height: 6 });
  // The squeezed path is drawn with the movement layer on (View › Movement layer).
  await page.keyboard.press('Control+Shift+M');
  // A corridor one square wide: obstacles above and below row 2 between columns 4 and 7.
  await page.keyboard.press('r');
  await page.getByTestId('layer-picker').selectOption('terrain');
  await page.getByTestId('value-terrain-4').click();
  await dragFrom(page, [4, 0], [7, 1]);
  await dragFrom(page, [4, 3], [7, 5]);
  await page.keyboard.press('c');
  await page.getByTestId('size-large').click();
  await clickAt(page, 1, 1);
  await page.getByTestId('creature-name-input').fill('Ogre');
  await page.getByTestId('creature-name-input').press('Enter');
  await page.getByTestId('creature-reach-weapon').check();
  await page.keyboard.press('v');
  await page.getByTestId('move-action').selectOption('double');
  await page.getByTestId('move-overrun').selectOption('pass');
  await expect(page.getByTestId('creature-reach-weapon')).toBeChecked();
  await expect(page.getByTestId('tool-select')).toHaveAttribute('aria-pressed', 'true');
  // The panel's creature section in view, then the hovered path through the corridor.
  await page.getByTestId('creature-panel').evaluate((el) => el.scrollIntoView());
  const target = await squarePoint(page, 8, 1);
  await page.mouse.move(target.x, target.y);
  await expect(page.getByTestId('squeeze-summary')).toContainText('squeezed on');
  await page.screenshot({ path: screenshotPath('fields-creature.png') });
  expect(app.problems).toEqual([]);
});

test('screenshot: Epic Path light painted in dim light and darkness', async ({ app }) => {
  test.skip(app.edition !== 'browser', 'the README screenshots are taken once, in the browser edition');
  const { page } = app;
  await newEncounter(page, { name: 'Dark cellar', ruleset: 'epic-path', width: 12, height: 8 });
  await page.keyboard.press('r');
  await page.getByTestId('layer-picker').selectOption('light');
  await page.getByTestId('value-light-1').click();
  await dragFrom(page, [5, 0], [11, 7]);
  await page.getByTestId('value-light-2').click();
  await dragFrom(page, [8, 1], [11, 6]);
  await page.keyboard.press('c');
  await clickAt(page, 9, 3);
  // Nothing selected, so the movement overlay does not cover the light.
  await page.keyboard.press('v');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('creature-panel')).toBeHidden();
  await page.keyboard.press('r');
  await expect(page.getByTestId('legend')).toContainText('Darkness');
  await page.screenshot({ path: screenshotPath('fields-light.png') });
  await page.keyboard.press('v');
  await clickAt(page, 9, 3);
  await page.getByTestId('move-action').selectOption('run');
  await expect(page.getByTestId('move-refused')).toContainText('Epic Path ›');
  expect(app.problems).toEqual([]);
});
