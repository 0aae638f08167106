import { test as base, expect, _electron, type Download, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHandlers, type Dialogs } from '../../src-main/services/handlers';
import { LibraryService } from '../../src-main/services/library';
import { RecoveryStore } from '../../src-main/services/recovery';
import { RecentFiles } from '../../src-main/services/recent';
import { bridgeFromInvoke, CHANNELS, type Channel } from '../../src-shared/ipc';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Where a spec's screenshot goes: the README's pictures in docs/screenshots when asked for
 * (`UPDATE_SCREENSHOTS=1 npm run test:e2e`), otherwise test-results, so a test run never changes
 * tracked files.
 */
export function screenshotPath(name: string): string {
  const dir = process.env['UPDATE_SCREENSHOTS'] ? path.join(ROOT, 'docs', 'screenshots') : path.join(ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
export type Edition = 'browser' | 'desktop-bridge' | 'desktop-electron';

/**
 * The Electron binary, where one was downloaded; null on machines that cannot fetch it. Looked up
 * the way the `electron` package does, without requiring it (which would try to download it).
 */
export function electronBinary(): string | null {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = path.join(dir, 'path.txt');
    const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
    const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
    const binary = override ? path.join(override, relative ?? 'electron') : relative ? path.join(dir, 'dist', relative) : null;
    return binary && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/**
 * Drives the app the same way whatever the edition: `save` and `open` run a trigger (a click or a
 * key) and answer the file dialog the app then shows, each edition in its own way.
 */
export interface AppDriver {
  page: Page;
  edition: Edition;
  /** A temp folder for this test's files. */
  dir: string;
  /** Runs `trigger`, answers the save dialog with `fileName` in `dir`; returns the written path. */
  save(trigger: () => Promise<unknown>, fileName: string): Promise<string>;
  /** Runs `trigger` and answers the open dialog with `filePath`. */
  open(trigger: () => Promise<unknown>, filePath: string): Promise<void>;
  /** Runs `trigger` and answers the folder dialog with `folder` (the browser edition uploads its files). */
  chooseFolder(trigger: () => Promise<unknown>, folder: string): Promise<void>;
  /** Console errors and uncaught exceptions seen so far (CSP violations land here too). */
  problems: string[];
}

/** The app has mounted its key handlers and answered the recovery question (App.tsx sets the mark). */
async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-ready=true]').waitFor({ state: 'attached', timeout: 30_000 });
}

async function waitForFile(file: string): Promise<void> {
  await expect.poll(() => existsSync(file), { message: `waiting for ${file}`, timeout: 10_000 }).toBe(true);
}

function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

export const test = base.extend<{ app: AppDriver }>({
  app: async ({ browser }, use, testInfo) => {
    const edition = testInfo.project.metadata['edition'] as Edition;
    const dir = mkdtempSync(path.join(tmpdir(), `eb-e2e-${edition}-`));
    const baseURL = testInfo.project.use.baseURL!;

    if (edition === 'browser') {
      const context = await browser.newContext({ acceptDownloads: true });
      // Chromium's save picker is a native dialog Playwright cannot answer: the tests take the
      // named-download path that browsers without the File System Access API use.
      await context.addInitScript('delete window.showSaveFilePicker;');
      const page = await context.newPage();
      // File choosers are intercepted from the start: Playwright turns interception on only when a
      // 'filechooser' listener is added, without waiting, so a chooser opened at once by the trigger
      // (Ctrl+O on the welcome screen) was sometimes missed and the test timed out (reproduced with
      // a bare page: 1 in 4 missed; with this listener, none in 10).
      page.on('filechooser', () => {});
      const problems = watchProblems(page);
      await page.goto(baseURL);
      await appReady(page);
      await use({
        page,
        edition,
        dir,
        problems,
        async save(trigger, fileName) {
          const downloaded = page.waitForEvent('download');
          await trigger();
          // Save As asks for the download's name first; Save of a named file downloads at once.
          const asked = page.getByTestId('save-name-dialog');
          await Promise.race([downloaded, asked.waitFor({ state: 'visible' }).catch(() => {})]);
          if (await asked.isVisible()) {
            await page.getByTestId('save-name-input').fill(fileName);
            await page.getByTestId('save-name-ok').click();
          }
          const download = await downloaded;
          const target = path.join(dir, fileName);
          await download.saveAs(target);
          return target;
        },
        async open(trigger, filePath) {
          const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger()]);
          await chooser.setFiles(filePath);
        },
        async chooseFolder(trigger, folder) {
          const [chooser] = await Promise.all([page.waitForEvent('filechooser'), trigger()]);
          await chooser.setFiles(folder);
        },
      });
      await context.close();
    } else if (edition === 'desktop-bridge') {
      // The real main-process handlers, with the native dialogs answered from a queue.
      const answers: { open: string[]; save: string[]; folder: string[] } = { open: [], save: [], folder: [] };
      const dialogs: Dialogs = {
        openFile: async () => answers.open.shift() ?? null,
        saveFile: async () => answers.save.shift() ?? null,
        openFolder: async () => answers.folder.shift() ?? null,
      };
      // The library's reader thread as the app runs it, from the build the e2e run starts with.
      const library = new LibraryService({
        storePath: path.join(dir, 'userData', 'libraries.json'),
        workerScript: path.join(ROOT, 'out/main/library-worker.js'),
        trash: { trashItem: async (file) => rmSync(file) },
      });
      const handlers = createHandlers({
        dialogs,
        recent: new RecentFiles(path.join(dir, 'userData', 'recent.json')),
        library,
        recovery: new RecoveryStore(path.join(dir, 'userData', 'recovery', 'unsaved.json')),
      });
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.exposeBinding('__encounterInvoke', async (_source, channel: string, args: unknown[]) => {
        const handler = handlers[channel as Channel];
        return handler ? handler(args) : { ok: false, error: `No handler for ${channel}` };
      });
      // The preload's own bridge builder, fed by the binding instead of ipcRenderer.
      await page.addInitScript(
        `window.encounterPlatform = (${bridgeFromInvoke.toString()})(${JSON.stringify(CHANNELS)}, (channel, args) => window.__encounterInvoke(channel, args));`,
      );
      await page.goto(baseURL);
      await appReady(page);
      await use({
        page,
        edition,
        dir,
        problems,
        async save(trigger, fileName) {
          const target = path.join(dir, fileName);
          answers.save.push(target);
          await trigger();
          await waitForFile(target);
          return target;
        },
        async open(trigger, filePath) {
          answers.open.push(filePath);
          await trigger();
        },
        async chooseFolder(trigger, folder) {
          answers.folder.push(folder);
          await trigger();
        },
      });
      await context.close();
      await library.close();
    } else {
      const binary = electronBinary();
      test.skip(!binary, 'No Electron binary on this machine (its download host is unreachable); the same specs run here where one exists.');
      const app: ElectronApplication = await _electron.launch({
        executablePath: binary!,
        args: [path.join(ROOT, 'out/main/index.js'), `--user-data-dir=${path.join(dir, 'userData')}`],
      });
      const page = await app.firstWindow();
      const problems = watchProblems(page);
      await page.waitForLoadState('domcontentloaded');
      await appReady(page);
      await use({
        page,
        edition,
        dir,
        problems,
        async save(trigger, fileName) {
          const target = path.join(dir, fileName);
          await app.evaluate(({ dialog }, file) => {
            dialog.showSaveDialog = (async () => ({ canceled: false, filePath: file })) as typeof dialog.showSaveDialog;
          }, target);
          await trigger();
          await waitForFile(target);
          return target;
        },
        async open(trigger, filePath) {
          await app.evaluate(({ dialog }, file) => {
            dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as typeof dialog.showOpenDialog;
          }, filePath);
          await trigger();
        },
        async chooseFolder(trigger, folder) {
          await app.evaluate(({ dialog }, chosen) => {
            dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [chosen] })) as typeof dialog.showOpenDialog;
          }, folder);
          await trigger();
        },
      });
      await app.close();
    }
    rmSync(dir, { recursive: true, force: true });
  },
});

export { expect };

/**
 * Presses the open Export dialog's Export button and waits for the dialog to close; the names of the
 * files written in `app.dir`: the browser's downloads (`count` of them), or on the desktop `main`, the
 * name given in the save dialog (the companions are written beside it).
 */
export async function runExport(app: AppDriver, count: number, main: string): Promise<string[]> {
  const { page } = app;
  const run = () => page.getByTestId('export-run').click();
  let names: string[];
  if (app.edition === 'browser') {
    const downloads: Download[] = [];
    const listener = (d: Download) => downloads.push(d);
    page.on('download', listener);
    await run();
    await expect.poll(() => downloads.length).toBe(count);
    page.off('download', listener);
    names = [];
    for (const d of downloads) {
      await d.saveAs(path.join(app.dir, d.suggestedFilename()));
      names.push(d.suggestedFilename());
    }
  } else {
    // The desktop writes the companions first and the main file last (docs/formats.md).
    await app.save(run, main);
    names = [main];
  }
  await expect(page.getByTestId('export-dialog')).toBeHidden();
  return names;
}

/** File › New through its dialog (Ctrl+N), as a user fills it in. */
export async function newEncounter(page: Page, options: { name: string; ruleset: string; width: number; height: number }) {
  await page.keyboard.press('Control+n');
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('new-name').fill(options.name);
  await page.getByTestId('new-ruleset').selectOption(options.ruleset);
  await page.getByTestId('new-width').fill(String(options.width));
  await page.getByTestId('new-height').fill(String(options.height));
  await page.getByTestId('new-create').click();
  await expect(dialog).toBeHidden();
}
