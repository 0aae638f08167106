import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanStaleSaveFiles, recoverInterruptedSaves } from '../services/files';
import { renderInWorker } from '../services/export-runner';
import { createHandlers, isWholeEncounter, restoredNote, type Dialogs } from '../services/handlers';
import { LibraryService } from '../services/library';
import { RecoveryStore } from '../services/recovery';
import { RecentFiles } from '../services/recent';
import { APP_ENTRY_URL, APP_SCHEME, appSchemePrivileges, serveAppRequest } from './app-protocol';
import { hardenContents, hardenSession, isTrustedSender, mainWindowOptions } from './security';
import { workerScripts } from './worker-scripts';

const here = path.dirname(fileURLToPath(import.meta.url));
let appUrl = '';

const dialogs: Dialogs = {
  async openFile({ title, filters }) {
    const win = BrowserWindow.getFocusedWindow();
    const options = { title, filters, properties: ['openFile' as const] };
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async saveFile({ title, defaultName, filters }) {
    const win = BrowserWindow.getFocusedWindow();
    const options = { title, defaultPath: defaultName, filters };
    const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  },
  async confirmReplace({ title, fileName }) {
    const win = BrowserWindow.getFocusedWindow();
    const options = {
      type: 'warning' as const,
      title,
      message: `${fileName} already exists. Replace it?`,
      detail: 'Encounter files end in .encounter, so the name you typed became this one.',
      buttons: ['Replace', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
    };
    const result = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
    return result.response === 0;
  },
  async confirm({ title, message, detail, yes }) {
    const win = BrowserWindow.getFocusedWindow();
    const options = { type: 'warning' as const, title, message, detail, buttons: [yes, 'Cancel'], defaultId: 1, cancelId: 1 };
    const result = win ? await dialog.showMessageBox(win, options) : await dialog.showMessageBox(options);
    return result.response === 0;
  },
  async openFolder({ title }) {
    const win = BrowserWindow.getFocusedWindow();
    const options = { title, properties: ['openDirectory' as const, 'createDirectory' as const] };
    const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
};

// A double-clicked encounter file arrives in argv (Windows, Linux) or as 'open-file' (macOS).
const encounterArgs = (argv: string[], cwd = process.cwd()) => argv.slice(1).filter((a) => /\.encounter$/i.test(a)).map((a) => path.resolve(cwd, a));
const launchFiles = encounterArgs(process.argv);
app.on('open-file', (event, file) => {
  event.preventDefault();
  launchFiles.push(file);
  focusMainWindow();
});
// One app: a file double-clicked while it runs goes to the open window (which asks for launch files
// when it gets the focus) instead of starting a second copy.
const primaryInstance = app.requestSingleInstanceLock();
if (!primaryInstance) app.quit();
app.on('second-instance', (_event, argv, cwd) => {
  launchFiles.push(...encounterArgs(argv, cwd));
  focusMainWindow();
});
function focusMainWindow(): void {
  const win = BrowserWindow.getAllWindows()[0];
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}

let recent: RecentFiles;

function registerHandlers(): void {
  recent = new RecentFiles(path.join(app.getPath('userData'), 'recent.json'));
  const handlers = createHandlers({
    dialogs,
    recent,
    launchFiles: () => launchFiles.splice(0),
    library: new LibraryService({
      storePath: path.join(app.getPath('userData'), 'libraries.json'),
      workerScript: workerScripts(import.meta.url).library,
      trash: { trashItem: (file) => shell.trashItem(file) },
    }),
    recovery: new RecoveryStore(path.join(app.getPath('userData'), 'recovery', 'unsaved.json')),
    // Exports draw and encode their pictures in a thread of their own (`export-worker.ts`).
    exportRenderer: renderInWorker(workerScripts(import.meta.url).export),
  });
  for (const [channel, handle] of Object.entries(handlers)) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event.senderFrame, appUrl)) {
        return { ok: false, error: 'Refused: the request did not come from the app window.' };
      }
      return handle(args);
    });
  }
}

async function createMainWindow(): Promise<void> {
  const win = new BrowserWindow(mainWindowOptions(path.join(here, '../preload/index.cjs')));
  hardenContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  const devServer = process.env['ELECTRON_RENDERER_URL'];
  if (!app.isPackaged && devServer) {
    appUrl = devServer;
    await win.loadURL(devServer);
  } else {
    appUrl = APP_ENTRY_URL;
    await win.loadURL(APP_ENTRY_URL);
  }
}

// The renderer draws its own menu bar (the same in the browser edition); macOS still expects the
// application menu with the standard roles.
function installNativeMenu(): void {
  if (process.platform !== 'darwin') {
    Menu.setApplicationMenu(null);
    return;
  }
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }]),
  );
}

app.enableSandbox();
// The renderer's own scheme (app://bundle/), privileged before the app is ready as Electron requires.
protocol.registerSchemesAsPrivileged(appSchemePrivileges());
app.on('web-contents-created', (_event, contents) => hardenContents(contents));
app.whenReady().then(async () => {
  if (!primaryInstance) return; // the running copy opens the files; this one only hands them over
  hardenSession(session.defaultSession, { devServer: !app.isPackaged && !!process.env['ELECTRON_RENDERER_URL'] });
  const rendererRoot = path.join(here, '../renderer');
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererRoot, request.url));
  installNativeMenu();
  registerHandlers();
  await createMainWindow();
  // Temporary files a killed save left beside recently used files (src-main/services/files.ts), and
  // files a killed in-place save left damaged, restored from their backups and named to the user.
  void recent
    .list()
    .then(async (files) => {
      const real = await Promise.all(files.map((f) => realpath(f).catch(() => f)));
      const dirs = [...new Set([...files, ...real].map((f) => path.dirname(f)))];
      await Promise.all(dirs.map(cleanStaleSaveFiles));
      const restored = (await Promise.all(dirs.map((d) => recoverInterruptedSaves(d, isWholeEncounter)))).flat();
      if (restored.length) await dialog.showMessageBox({ type: 'info', title: 'Encounter Builder', message: 'Files restored after an interrupted save', detail: restored.map((r) => restoredNote(r.file)).join('\n') });
    })
    .catch(() => {});
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createMainWindow();
  });
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
