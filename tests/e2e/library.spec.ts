import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type AppDriver, expect, ROOT, screenshotPath, test } from './fixtures';

const SAMPLES = path.join(ROOT, 'resources/encounters');

/** A library folder: the five samples (one in a subfolder) and a file that does not parse. */
function makeLibrary(app: AppDriver): string {
  const folder = path.join(app.dir, 'Campaign maps');
  mkdirSync(path.join(folder, 'dungeons'), { recursive: true });
  for (const f of readdirSync(SAMPLES).filter((n) => n.endsWith('.encounter'))) {
    copyFileSync(path.join(SAMPLES, f), path.join(folder, f.startsWith('drake') ? 'dungeons' : '', f));
  }
  writeFileSync(path.join(folder, 'half-written.encounter'), '{"format": "encounter-builder", "formatVersion": 1, "na');
  return folder;
}

const cards = (page: Page) => page.getByTestId('library-card');
const card = (page: Page, fileName: string) => page.locator(`[data-testid="library-card"][data-file="${fileName}"]`);

async function screenshot(app: AppDriver, name: string) {
  if (app.edition !== 'browser') return;
  await app.page.screenshot({ path: screenshotPath(name) });
}

test('library: add a folder, see every file (broken ones with the reason), search, tag, rename with undo, open', async ({ app }) => {
  const { page } = app;
  const folder = makeLibrary(app);
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.keyboard.press('Control+l');
  const panel = page.getByTestId('library-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('No libraries yet');

  await app.chooseFolder(() => page.getByTestId('library-add').click(), folder);
  await expect(page.getByTestId('library-folder')).toContainText('Campaign maps');
  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByTestId('library-count')).toHaveText('6 of 6 encounters · 1 cannot be read');
  await expect(card(page, 'half-written.encounter').getByTestId('library-problem')).toContainText('not valid JSON');
  await expect(card(page, 'goblin-ambush.d20-35.encounter')).toContainText('Goblin ambush at the ford');
  await expect(card(page, 'goblin-ambush.d20-35.encounter')).toContainText('d20 SRD 3.5 · 16 × 10');
  await expect(card(page, 'goblin-ambush.d20-35.encounter').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // Filters as you type: names, creature names, rulesets, map size.
  const search = page.getByTestId('library-search');
  await search.fill('drake');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toHaveAttribute('data-file', 'drake-lair.epic-path.encounter');
  await search.fill('hobgob');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toHaveAttribute('data-file', 'goblin-ambush.d20-35.encounter');
  await search.fill('');
  await page.getByTestId('library-ruleset').selectOption('startroid');
  await expect(cards(page)).toHaveCount(1);
  await page.getByTestId('library-ruleset').selectOption('');
  await page.getByTestId('library-min').fill('16');
  await expect(cards(page)).toHaveCount(2);
  await page.getByTestId('library-min').fill('');
  await page.getByTestId('library-sort').selectOption('size');
  await expect(cards(page).first()).toHaveAttribute('data-file', 'half-written.encounter');
  await page.getByTestId('library-sort').selectOption('name');
  await expect(cards(page)).toHaveCount(6);
  await card(page, 'goblin-ambush.d20-35.encounter').click();
  await screenshot(app, 'library.png');

  // Tags are written into the file and found by search.
  await page.getByTestId('library-tags').click();
  await page.getByTestId('library-prompt-input').fill('Forest, boss');
  await page.getByTestId('library-prompt-ok').click();
  await expect(card(page, 'goblin-ambush.d20-35.encounter')).toContainText('forest');
  await search.fill('boss');
  await expect(cards(page)).toHaveCount(1);
  if (app.edition !== 'browser') {
    expect(JSON.parse(readFileSync(path.join(folder, 'goblin-ambush.d20-35.encounter'), 'utf8')).tags).toEqual(['forest', 'boss']);
  }
  await search.fill('');

  // Rename, then undo it.
  await card(page, 'goblin-ambush.d20-35.encounter').click();
  await page.getByTestId('library-rename').click();
  await page.getByTestId('library-prompt-input').fill('Ford ambush');
  await page.getByTestId('library-prompt-ok').click();
  await expect(card(page, 'Ford ambush.encounter')).toBeVisible();
  if (app.edition !== 'browser') expect(existsSync(path.join(folder, 'Ford ambush.encounter'))).toBe(true);
  await page.getByTestId('library-undo').click();
  await expect(card(page, 'goblin-ambush.d20-35.encounter')).toBeVisible();
  await expect(card(page, 'Ford ambush.encounter')).toHaveCount(0);
  if (app.edition !== 'browser') expect(existsSync(path.join(folder, 'goblin-ambush.d20-35.encounter'))).toBe(true);

  // Open: the panel closes and the encounter is in the editor.
  await search.fill('lair');
  await expect(cards(page)).toHaveCount(1);
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('status-map')).toHaveText('16 × 9 squares');
  await expect(page.locator('.menubar-title')).toContainText("The drake's lair");

  // The cache opens the browser at once after a reload, with the same entries.
  await page.reload();
  await page.keyboard.press('Control+l');
  await expect(cards(page)).toHaveCount(6);
  expect(app.problems).toEqual([]);
});

test('library (desktop): files added on disk show up by themselves; duplicate with undo; delete to the trash', async ({ app }) => {
  test.skip(app.edition === 'browser', 'The browser edition has no folder to watch or system trash; its library lives in IndexedDB (tests/browser/library-db.test.ts covers its operations).');
  const { page } = app;
  const folder = makeLibrary(app);
  await page.keyboard.press('Control+l');
  await app.chooseFolder(() => page.getByTestId('library-add').click(), folder);
  await expect(cards(page)).toHaveCount(6);
  // A new file dropped into the folder is picked up by the watcher.
  copyFileSync(path.join(SAMPLES, 'tower-gate.d20-30.encounter'), path.join(folder, 'dungeons', 'second gate.encounter'));
  await expect(card(page, 'second gate.encounter')).toBeVisible({ timeout: 15_000 });
  await expect(cards(page)).toHaveCount(7);

  // Duplicate, undo (the copy goes to the trash), delete with confirmation.
  await card(page, 'second gate.encounter').click();
  await page.getByTestId('library-duplicate').click();
  await expect(card(page, 'second gate copy.encounter')).toBeVisible();
  expect(existsSync(path.join(folder, 'dungeons', 'second gate copy.encounter'))).toBe(true);
  await page.getByTestId('library-undo').click();
  await expect(card(page, 'second gate copy.encounter')).toHaveCount(0);
  expect(existsSync(path.join(folder, 'dungeons', 'second gate copy.encounter'))).toBe(false);
  await card(page, 'second gate.encounter').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toContainText('Move “second gate.encounter” to the trash?');
  await page.getByTestId('confirm-yes').click();
  await expect(card(page, 'second gate.encounter')).toHaveCount(0);
  expect(existsSync(path.join(folder, 'dungeons', 'second gate.encounter'))).toBe(false);
  await expect(cards(page)).toHaveCount(6);
});

test('library (browser edition): export the whole library as a zip and import it back', async ({ app }) => {
  test.skip(app.edition !== 'browser', 'Zip import and export are how the browser edition moves its IndexedDB library; the desktop keeps folders.');
  const { page } = app;
  const folder = makeLibrary(app);
  await page.keyboard.press('Control+l');
  await app.chooseFolder(() => page.getByTestId('library-add').click(), folder);
  await expect(cards(page)).toHaveCount(6);
  const zip = await app.save(() => page.getByRole('button', { name: 'Export zip' }).click(), 'library.zip');
  await page.getByTestId('library-folder').getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-yes').click();
  await expect(cards(page)).toHaveCount(0);
  await app.open(() => page.getByTestId('library-import-zip').click(), zip);
  await expect(cards(page)).toHaveCount(6);
  await expect(card(page, 'half-written.encounter').getByTestId('library-problem')).toContainText('not valid JSON');
});
