import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, ROOT, test, type AppDriver } from './fixtures';

async function newEncounter(page: Page, name: string) {
  await page.keyboard.press('Control+n');
  await page.getByTestId('new-name').fill(name);
  await page.getByTestId('new-create').click();
  await expect(page.getByTestId('new-dialog')).toBeHidden();
}

/** Whether autosave has written the open document to the recovery store. */
async function recoveryStored(app: AppDriver): Promise<boolean> {
  if (app.edition === 'desktop-bridge') return existsSync(path.join(app.dir, 'userData', 'recovery', 'unsaved.json'));
  return app.page.evaluate(async () => {
    const req = indexedDB.open('encounter-builder');
    const db: IDBDatabase = await new Promise((r) => (req.onsuccess = () => r(req.result)));
    if (!db.objectStoreNames.contains('recovery')) return false;
    const n: number = await new Promise((r) => {
      const q = db.transaction('recovery').objectStore('recovery').count();
      q.onsuccess = () => r(q.result);
    });
    db.close();
    return n > 0;
  });
}

test('autosave keeps unsaved work, and the next start offers it back', async ({ app }) => {
  test.skip(app.edition === 'desktop-electron', 'Reloading stands in for a restart only where the page can be reloaded with its store kept.');
  const { page } = app;
  await newEncounter(page, 'Before the crash');
  await page.getByTestId('encounter-name').fill('Work in progress');
  await page.getByTestId('encounter-name').press('Enter');
  await expect(page.locator('.menubar-title')).toContainText('Work in progress •');
  await expect.poll(() => recoveryStored(app), { timeout: 10_000 }).toBe(true);
  if (app.edition === 'desktop-bridge') {
    // A JSON header line, then the encounter's text as it is (src-main/services/recovery.ts).
    const stored = JSON.parse(readFileSync(path.join(app.dir, 'userData', 'recovery', 'unsaved.json'), 'utf8').split('\n')[0]!);
    expect(stored.name).toBe('Work in progress');
  }

  // "Crash": the page goes away without saving; the next start asks.
  await page.reload();
  await expect(page.getByTestId('recovery-dialog')).toContainText('Work in progress');
  await page.getByTestId('recovery-recover').click();
  await expect(page.getByTestId('encounter-name')).toHaveValue('Work in progress');
  await expect(page.locator('.menubar-title')).toContainText('•');

  // Saving clears the recovery copy.
  await app.save(() => page.keyboard.press('Control+s'), 'work.encounter');
  await expect(page.locator('.menubar-title')).not.toContainText('•');
  await expect.poll(() => recoveryStored(app), { timeout: 10_000 }).toBe(false);
  await page.reload();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect(page.getByTestId('recovery-dialog')).toHaveCount(0);
});

test('discarding the offered work deletes it', async ({ app }) => {
  test.skip(app.edition === 'desktop-electron', 'Reloading stands in for a restart only where the page can be reloaded with its store kept.');
  const { page } = app;
  await newEncounter(page, 'Throwaway');
  await page.getByTestId('encounter-name').fill('Throwaway two');
  await page.getByTestId('encounter-name').press('Enter');
  await expect.poll(() => recoveryStored(app), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await page.getByTestId('recovery-discard').click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  await expect.poll(() => recoveryStored(app)).toBe(false);
});

test('a file dropped on the window opens; one over the size limit is refused with a message', async ({ app }) => {
  const { page } = app;
  const text = readFileSync(path.join(ROOT, 'resources/encounters/tower-gate.d20-30.encounter'), 'utf8');
  const drop = (name: string, content: string | number) =>
    page.evaluate(
      ([n, c]) => {
        const data = new DataTransfer();
        data.items.add(new File([typeof c === 'number' ? new Uint8Array(c) : c], n as string));
        window.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, cancelable: true }));
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, cancelable: true }));
      },
      [name, content] as const,
    );
  await drop('tower-gate.encounter', text);
  await expect(page.getByTestId('encounter-name')).toHaveValue('The tower gate');
  await expect(page.getByTestId('status-map')).toHaveText('14 × 10 squares');
  await drop('huge.encounter', 161 * 1024 * 1024);
  await expect(page.getByTestId('notice-error')).toContainText('huge.encounter is 161.0 MiB, over the 160 MiB limit');
  await expect(page.getByTestId('encounter-name')).toHaveValue('The tower gate');
});

test('Save As asks for the name in the browser edition and downloads under it', async ({ app }) => {
  test.skip(app.edition !== 'browser', 'The desktop edition asks with the system save dialog (answered by the harness in app.spec.ts).');
  const { page } = app;
  await newEncounter(page, 'Named');
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Control+Shift+s');
  await expect(page.getByTestId('save-name-input')).toHaveValue('Named.encounter');
  await page.getByTestId('save-name-input').fill('My river crossing');
  await page.getByTestId('save-name-ok').click();
  expect((await downloaded).suggestedFilename()).toBe('My river crossing.encounter');
  // Cancelling the name saves nothing and keeps the document unsaved-as-new.
  await page.keyboard.press('Control+Shift+s');
  await page.getByTestId('save-name-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('save-name-dialog')).toHaveCount(0);
});
