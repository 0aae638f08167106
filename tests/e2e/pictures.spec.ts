import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, screenshotPath, test } from './fixtures';

// Pictures in, as a user does it, in both editions: File › Import picture… with a JPEG battle map
// (a drawn crypt, 100 px squares whose first grid lines are at x = 20, y = 40), its grid found,
// corrected by calibration, saved and opened again with the picture's bytes unchanged.

const CRYPT = path.join(ROOT, 'tests/fixtures/pictures/picture-editor-crypt.jpg');

async function menu(page: Page, id: string) {
  await page.getByTestId(`menu-${id.split('.')[0]}`).click();
  await page.getByTestId(id).click();
}

/** The picture layer's colour at the centre of map square (x, y) (or at map point x + 0.5, y + 0.5), read from its canvas. */
function squareColour(page: Page, x: number, y: number) {
  return page.evaluate(
    ([x, y]) => {
      const el = document.querySelector<HTMLElement>('[data-testid=map-canvas]')!;
      const canvas = el.querySelector<HTMLCanvasElement>('canvas[data-layer=background]')!;
      const s = 32 * Number(el.dataset['zoom']);
      const ratio = canvas.width / canvas.clientWidth;
      const px = (Number(el.dataset['panX']) + (x + 0.5) * s) * ratio;
      const py = (Number(el.dataset['panY']) + (y + 0.5) * s) * ratio;
      return [...canvas.getContext('2d')!.getImageData(Math.floor(px), Math.floor(py), 1, 1).data];
    },
    [x, y],
  );
}

/** The fixture's marker colour (#d01010), give or take what JPEG and smoothing do to it. */
function isMarkerRed([r, g, b]: number[]): boolean {
  return r! > 170 && g! < 60 && b! < 60;
}

/** A viewport point on the map at (x, y) in squares (real numbers: 3 is the grid line x = 3). */
async function mapPoint(page: Page, x: number, y: number) {
  const canvas = page.getByTestId('map-canvas');
  const d = await canvas.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const box = (await canvas.boundingBox())!;
  const s = 32 * Number(d['zoom']);
  return { x: box.x + Number(d['panX']) + x * s, y: box.y + Number(d['panY']) + y * s };
}

test('import a JPEG battle map: its grid is found, calibration puts it right, and save and open keep its bytes', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-name').fill('Crypt');
  await page.getByTestId('new-width').fill('14');
  await page.getByTestId('new-height').fill('11');
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('new-dialog')).toBeHidden();

  await app.open(() => menu(page, 'file.importPicture'), CRYPT);
  const report = page.getByTestId('picture-grid-report');
  await expect(report).toHaveAttribute('data-found', /^(true|false)$/, { timeout: 20_000 });
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-background', '1240x940');
  await page.screenshot({ path: screenshotPath('picture-imported.png') });
  // Detection either finds the drawn grid, lined up at once, or says why not and hands over to the
  // alignment tool; never a wrong grid (docs/grid-detection.md).
  if ((await report.getAttribute('data-found')) === 'true') {
    await expect(report).toContainText(/Grid found: 100 px a square, offset 20, 40 — \d+ % sure/);
    // The red marker the fixture drew in grid square (7, 1) is under map square (7, 1): lined up.
    await expect.poll(async () => isMarkerRed(await squareColour(page, 7, 1))).toBe(true);
    await page.getByTestId('picture-grid-adjust').click();
  } else {
    await expect(report).toContainText(/^No grid found \(.+\): line the picture up with the alignment tool\.OK$/);
    await expect(canvas).toHaveAttribute('data-tool', /^picture-align\./);
  }
  await expect(page.getByTestId('picture-align-options')).toBeVisible();

  // Put it wrong by hand (80 px a square), then calibrate: two grid corners of the picture 4 squares
  // apart, picture pixels (120, 140) and (520, 140), clicked where they are shown now.
  await page.getByTestId('picture-pixels-per-square').fill('80');
  await page.getByTestId('picture-pixels-per-square').press('Enter');
  await expect.poll(async () => Number(await page.getByTestId('picture-pixels-per-square').inputValue())).toBe(80);
  const offset = async () => [Number(await page.getByTestId('picture-offset-x').inputValue()), Number(await page.getByTestId('picture-offset-y').inputValue())];
  const [ox, oy] = await offset();
  await page.getByTestId('picture-calibrate').click();
  for (const px of [120, 520]) {
    const p = await mapPoint(page, (px - ox!) / 80, (140 - oy!) / 80);
    await page.mouse.click(p.x, p.y);
  }
  await page.getByTestId('picture-calibration-squares').fill('4');
  await page.getByTestId('picture-calibration-squares').press('Enter');
  await page.getByTestId('picture-calibration-apply').click();
  await expect.poll(async () => Number(await page.getByTestId('picture-pixels-per-square').inputValue())).toBeCloseTo(100, 0);
  const [cx, cy] = await offset();
  // The grid lines up again: the picture's grid corners on the map's (offsets ≡ 20, 40 mod 100, within a click's pixel).
  expect(Math.abs(((cx! - 20 + 50) % 100 + 100) % 100 - 50)).toBeLessThan(3);
  expect(Math.abs(((cy! - 40 + 50) % 100 + 100) % 100 - 50)).toBeLessThan(3);
  // The red marker (picture pixels 750-790, 170-210) is now inside the map square its grid square lies on.
  const ppsq = Number(await page.getByTestId('picture-pixels-per-square').inputValue());
  await expect.poll(async () => isMarkerRed(await squareColour(page, Math.floor((770 - cx!) / ppsq), Math.floor((190 - cy!) / ppsq)))).toBe(true);
  await page.screenshot({ path: screenshotPath('picture-aligned.png') });

  // Saved and opened again: the picture's bytes are the file's, unchanged, and it is drawn.
  const saved = await app.save(() => page.keyboard.press('Control+s'), 'crypt.encounter');
  const file = JSON.parse(readFileSync(saved, 'utf8'));
  expect(Buffer.from(file.picture.data, 'base64').equals(readFileSync(CRYPT))).toBe(true);
  expect(file.picture).toMatchObject({ mime: 'image/jpeg', width: 1240, height: 940 });
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  await expect(canvas).toHaveAttribute('data-background', 'none');
  await app.open(() => page.keyboard.press('Control+o'), saved);
  await expect(canvas).toHaveAttribute('data-background', '1240x940');
  await page.keyboard.press('a');
  await expect.poll(async () => Number(await page.getByTestId('picture-pixels-per-square').inputValue())).toBeCloseTo(100, 0);
});

test('a picture opened with File › Open asks where it goes; New map from picture sizes the map from its grid', async ({ app }) => {
  const { page } = app;
  await app.open(() => page.keyboard.press('Control+o'), CRYPT);
  // No map open: straight to the New dialog, sized from the grid (found, or 100 px a square when
  // none is: 12 × 9 whole squares either way for this picture).
  await expect(page.getByTestId('new-dialog')).toContainText('New map from picture', { timeout: 20_000 });
  await expect(page.getByTestId('new-picture')).toContainText('100 px a square: 12 × 9 squares');
  await expect(page.getByTestId('new-width')).toHaveValue('12');
  await expect(page.getByTestId('new-height')).toHaveValue('9');
  await page.getByTestId('new-ruleset').selectOption('epic-path');
  await page.getByTestId('new-create').click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-map-width', '12');
  await expect(canvas).toHaveAttribute('data-background', '1240x940');
  await expect(page.getByTestId('status-ruleset')).toContainText('Epic Path');
  // The picture is the new map's first step.
  await page.getByTestId('menu-edit').click();
  await expect(page.getByTestId('edit.undo')).toContainText('Undo import picture');
  await page.keyboard.press('Escape');
  // Opened again on the open map it asks; Keep editing leaves the map as it was.
  await app.open(() => page.keyboard.press('Control+o'), CRYPT);
  await expect(page.getByTestId('confirm-dialog')).toContainText('picture-editor-crypt.jpg is a picture. Put it under this map, or make a new map from it?');
  await page.getByTestId('confirm-no').click();
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(canvas).toHaveAttribute('data-map-width', '12');
});

test('a file that is not a picture is refused by Import picture with a notice, the map untouched', async ({ app }) => {
  const { page } = app;
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-create').click();
  const notPicture = path.join(app.dir, 'notes.png');
  writeFileSync(notPicture, 'just some text');
  await app.open(() => menu(page, 'file.importPicture'), notPicture);
  await expect(page.getByTestId('notice-error').last()).toContainText('notes.png was not imported: the picture is neither PNG, JPEG nor WebP.');
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-background', 'none');
});

test('the picture stays under its squares when the map is resized, and is drawn in Play mode', async ({ app }) => {
  const { page } = app;
  await app.open(() => page.keyboard.press('Control+o'), CRYPT);
  await expect(page.getByTestId('new-dialog')).toContainText('New map from picture', { timeout: 20_000 });
  await page.getByTestId('new-create').click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-background', '1240x940');
  // Where the marker's middle (picture pixel 770, 190) lies on the map, from the alignment shown.
  await page.keyboard.press('a');
  const field = async (id: string) => Number(await page.getByTestId(id).inputValue());
  const ppsq = await field('picture-pixels-per-square');
  const marker = { x: (770 - (await field('picture-offset-x'))) / ppsq, y: (190 - (await field('picture-offset-y'))) / ppsq };
  await expect.poll(async () => isMarkerRed(await squareColour(page, marker.x - 0.5, marker.y - 0.5))).toBe(true);
  // Two columns added on the left: the marker is two squares further right on the map, and where it was on screen.
  await page.getByTestId('resize-map').click();
  await page.getByTestId('resize-width').fill('14');
  await page.getByTestId('anchor-2-1').click();
  await page.getByTestId('resize-apply').click();
  await expect(canvas).toHaveAttribute('data-map-width', '14');
  await expect.poll(async () => isMarkerRed(await squareColour(page, marker.x + 2 - 0.5, marker.y - 0.5))).toBe(true);
  expect(await field('picture-offset-x')).toBeCloseTo((await field('picture-pixels-per-square')) * -2 + 770 - marker.x * ppsq, 1);
  await page.screenshot({ path: screenshotPath('picture-resized.png') });
  await page.keyboard.press('F5');
  await expect(canvas).toHaveAttribute('data-mode', 'play');
  await expect.poll(async () => isMarkerRed(await squareColour(page, marker.x + 2 - 0.5, marker.y - 0.5))).toBe(true);
  await page.screenshot({ path: screenshotPath('picture-play.png') });
});
