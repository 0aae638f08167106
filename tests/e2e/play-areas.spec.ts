import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The free ruler and area templates (issue 17 › 5) with a real mouse on the built app: the ruler in
 * Edit and Play mode (counts from d20-srd-35.txt › Diagonals), a burst placed at a grid corner and
 * logged with the creatures it covers, cleared from the panel; F1 lists the new keys.
 */

const canvas = (page: Page) => page.getByTestId('map-canvas');

/** A point on the map in squares (a whole number is a grid line), in page pixels. */
async function mapPoint(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const data = await canvas(page).evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const s = 32 * Number(data['zoom']);
  return { x: box.x + Number(data['panX']) + x * s, y: box.y + Number(data['panY']) + y * s };
}

test('the ruler measures 1-2-1 in Edit and Play mode; a burst placed at a corner lists the creatures it covers and is cleared', async ({ app }) => {
  const { page } = app;
  await page.getByTestId('samples').getByText('Goblin ambush at the ford').click();
  await expect(canvas(page)).toHaveAttribute('data-mode', 'edit');

  // Edit mode: D, then a drag from square 1,1 to square 4,4 (three diagonals: 1 + 2 + 1).
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('d');
  await expect(canvas(page)).toHaveAttribute('data-tool', 'ruler.idle');
  const from = await mapPoint(page, 1.5, 1.5);
  const to = await mapPoint(page, 4.5, 4.5);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
  await expect(canvas(page)).toHaveAttribute('data-ruler', '4 squares · 20 ft');
  await page.keyboard.press('Escape');
  await expect(canvas(page)).toHaveAttribute('data-ruler', '');

  // Play mode: F1 lists the area tool (A) and the ruler (D) with their keys.
  await page.keyboard.press('F5');
  await expect(canvas(page)).toHaveAttribute('data-mode', 'play');
  await page.keyboard.press('F1');
  const help = page.getByTestId('shortcuts-dialog');
  await expect(help.getByTestId('shortcut-play-area')).toContainText('A');
  await expect(help.getByTestId('shortcut-play-ruler')).toContainText('D');
  await expect(help).toContainText('The next point one square higher / lower');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // A 2-square (10 ft) burst at the corner 13,7: the Ogre (13,7) and the Hobgoblin (12,5) are in it.
  await page.getByTestId('tool-play-area').click();
  await page.getByTestId('area-size').fill('2');
  await page.getByTestId('area-size').blur();
  await page.getByTestId('area-label').fill('Fireball');
  const corner = await mapPoint(page, 13, 7);
  await page.mouse.move(corner.x + 2, corner.y + 2);
  await expect(page.getByTestId('area-preview')).toContainText('covers Ogre, Hobgoblin');
  await page.mouse.click(corner.x + 2, corner.y + 2);
  await expect(page.locator('[data-testid="play-log-entry"]').last()).toContainText('Fireball: burst, 2 squares radius (10 ft), from the corner 13,7; covers Ogre, Hobgoblin (GM).');
  await expect(page.getByTestId('area-list')).toContainText('Fireball');

  // The ruler in Play mode: click points, Enter ends.
  await page.keyboard.press('d');
  for (const [x, y] of [
    [0.5, 0.5],
    [2.5, 0.5],
  ] as const) {
    const p = await mapPoint(page, x, y);
    await page.mouse.click(p.x, p.y);
  }
  await page.keyboard.press('Enter');
  await expect(canvas(page)).toHaveAttribute('data-ruler', '2 squares · 10 ft');
  await page.keyboard.press('Escape');

  // The template stays listed (whichever tool) until the GM clears it: a log entry too.
  await page.getByTestId('area-clear-all').click();
  await expect(page.locator('[data-testid="play-log-entry"]').last()).toContainText('Cleared the area: Fireball (GM).');
  await expect(page.getByTestId('area-list')).toBeHidden();
  expect(app.problems).toEqual([]);
});
