import { ENCOUNTER_FILE_EXTENSION, MAX_FILE_BYTES, parseEncounter } from '../../src-shared/io';
import { exportEncounterWith } from '../../src-shared/io/export';
import { fileIsPicture, PICTURE_ACCEPT, readPicture } from '../store/picture-files';
import type { EncounterExportRequest, ExportRequest, FileRef, FolderRef, OpenedFile, OpenedPicture, PlatformBridge, SaveRequest } from '../../src-shared/ipc';
import { createBrowserLibrary, importLibraryFiles, saveStampFile } from '../store/browser-library';
import { libraryDb } from '../store/db';
import { readEncounterFile } from '../state/read-file';
import type { BrowserStore } from './browser-store';
import { browserCodec } from './picture-decoder';
import { askSaveName, pickSaveFile, savePicker, writeToHandle, type WritableFileHandle } from './save-as';

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function safeFileName(name: string, fallback: string): string {
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim() || fallback;
}

/** Asks for files with a temporary `<input type=file>`; resolves to [] when the user cancels. */
function pickFiles(options: { accept?: string; directory?: boolean }): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.hidden = true;
    if (options.accept) input.accept = options.accept;
    if (options.directory) {
      input.webkitdirectory = true;
      input.multiple = true;
    }
    const done = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => done(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => done([]), { once: true });
    document.body.append(input);
    input.click();
  });
}

/** Saves a blob the way a page can: as a download under `name`. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function readText(file: File): Promise<string> {
  if (file.size > MAX_FILE_BYTES) {
    throw new Error(`${file.name} is ${(file.size / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit.`);
  }
  return file.text();
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** How many opened or saved files the browser keeps: the recent list, and no more (issue 19 › 9). */
export const RECENT_FILES_KEPT = 12;

/**
 * The bridge for the browser edition: files come from the file picker and leave as downloads,
 * and IndexedDB remembers what was opened so the recent list and libraries work offline.
 */
export function createBrowserBridge(store: BrowserStore = libraryDb()): PlatformBridge {
  // File handles from the save picker, so Save writes to the same file again; also kept in
  // IndexedDB (which can store real handles) for the next session.
  const handles = new Map<string, WritableFileHandle>();
  async function remember(id: string, name: string, text: string, handle?: WritableFileHandle): Promise<FileRef> {
    if (handle) handles.set(id, handle);
    const kept = handles.get(id) ?? ((await store.files.get(id))?.handle as WritableFileHandle | undefined);
    await store.files.put({ id, name, text, lastUsed: Date.now(), ...(kept && storable(kept) ? { handle: kept } : {}) });
    // Files that fell off the recent list are not kept: the browser held every file ever opened.
    const fallenOff = await store.files.orderBy('lastUsed').reverse().offset(RECENT_FILES_KEPT).primaryKeys();
    if (fallenOff.length) await store.files.bulkDelete(fallenOff);
    return { id, name };
  }
  /** Real handles can be stored; anything else stays in memory for this session. */
  function storable(value: unknown): boolean {
    try {
      structuredClone(value);
      return true;
    } catch {
      return false;
    }
  }
  async function handleFor(id: string): Promise<WritableFileHandle | undefined> {
    return handles.get(id) ?? ((await store.files.get(id))?.handle as WritableFileHandle | undefined);
  }
  /**
   * A file opened or saved without an id of ours: a page sees only its name, so a stored file of the
   * same name is the same file (saving "Untitled encounter" twice leaves one recent row).
   */
  async function idForName(name: string): Promise<string> {
    return (await store.files.filter((f) => f.name === name).first())?.id ?? newId();
  }
  /**
   * Only files that open go on the recent list: a broken file is reported, not remembered. Read off
   * the main thread when big; the document then opens the same reading (read-file.ts), not a second.
   */
  const opens = async (name: string, text: string) => (await readEncounterFile(text, name)).ok;

  return {
    edition: 'browser',

    async openEncounter(): Promise<OpenedFile | null> {
      const [file] = await pickFiles({ accept: `.${ENCOUNTER_FILE_EXTENSION},.json,.txt,.dd2vtt,.uvtt,application/json,text/plain,${PICTURE_ACCEPT}` });
      if (!file) return null;
      // A picture is read as one (never as text) and not remembered as an encounter.
      if (await fileIsPicture(file)) return { file: { id: newId(), name: file.name }, text: '', picture: await readPicture(file) };
      const text = await readText(file);
      // The reading and the look-up of a stored file of that name go on together.
      const [ok, id] = await Promise.all([opens(file.name, text), idForName(file.name)]);
      if (!ok) return { file: { id: newId(), name: file.name }, text };
      return { file: await remember(id, file.name, text), text };
    },

    async openPicture(): Promise<OpenedPicture | null> {
      const [file] = await pickFiles({ accept: PICTURE_ACCEPT });
      if (!file) return null;
      if (!(await fileIsPicture(file))) throw new Error(`${file.name} was not imported: the picture is neither PNG, JPEG nor WebP.`);
      return { file: { id: newId(), name: file.name }, picture: await readPicture(file) };
    },

    async readEncounter(ref: FileRef): Promise<OpenedFile> {
      const stored = (await store.files.get(ref.id)) ?? (await store.libraryFiles.get(ref.id));
      if (!stored) throw new Error(`${ref.name} is no longer stored in this browser; open it again with File › Open.`);
      if (!(await opens(stored.name, stored.text))) {
        // Stored by an older version before it was checked: take it off the recent list.
        await store.files.delete(ref.id);
        return { file: { id: ref.id, name: stored.name }, text: stored.text };
      }
      const file = await remember(ref.id, stored.name, stored.text);
      return { file, text: stored.text };
    },

    async saveEncounter(request: SaveRequest): Promise<FileRef | null> {
      const check = parseEncounter(request.text);
      if (!check.ok) throw new Error(`Not saved: the encounter is not valid (${check.error}).`);
      const suggested = `${safeFileName(request.suggestedName, 'encounter')}.${ENCOUNTER_FILE_EXTENSION}`;
      if (request.file) {
        // Save: back to the file the user picked, where the browser gave us one.
        const handle = await handleFor(request.file.id);
        if (handle && (await writeToHandle(handle, request.text))) return remember(request.file.id, handle.name, request.text, handle);
        download(request.file.name, new Blob([request.text], { type: 'application/json' }));
        return remember(request.file.id, request.file.name, request.text);
      }
      // Save As: name and place from the system's save dialog, or a name for the download.
      if (savePicker()) {
        const handle = await pickSaveFile(suggested, ENCOUNTER_FILE_EXTENSION);
        if (!handle) return null;
        await writeToHandle(handle, request.text);
        return remember(newId(), handle.name, request.text, handle);
      }
      const name = await askSaveName(suggested);
      if (!name) return null;
      download(name, new Blob([request.text], { type: 'application/json' }));
      return remember(await idForName(name), name, request.text);
    },

    async writeRecovery(data) {
      await store.recovery.put({ id: 'current', name: data.name, file: data.fileName ? { id: '', name: data.fileName } : null, text: data.text, saved: data.saved });
    },
    async readRecovery() {
      const r = await store.recovery.get('current');
      return r ? { name: r.name, text: r.text, saved: r.saved, fileName: r.file?.name ?? null } : null;
    },
    async clearRecovery() {
      await store.recovery.delete('current');
    },

    async recentFiles(): Promise<FileRef[]> {
      const files = await store.files.orderBy('lastUsed').reverse().limit(RECENT_FILES_KEPT).toArray();
      return files.map((f) => ({ id: f.id, name: f.name }));
    },

    async launchFiles(): Promise<FileRef[]> {
      return [];
    },

    async chooseLibraryFolder(): Promise<FolderRef | null> {
      const files = await pickFiles({ directory: true });
      if (!files.length) return null;
      const folderName = (files[0]!.webkitRelativePath.split('/')[0] || 'Library').trim();
      return importLibraryFiles(store, folderName, files);
    },

    // The libraries live in IndexedDB alone (src-renderer/store/browser-library.ts).
    ...createBrowserLibrary(store),

    // A stamp goes to the library "Stamps" in IndexedDB, not to a download.
    saveStamp: (name, text) => saveStampFile(store, name, text),

    async exportFile(request: ExportRequest): Promise<FileRef | null> {
      const name = `${safeFileName(request.suggestedName, 'export')}.${request.extensions[0]}`;
      const blob =
        request.encoding === 'base64'
          ? new Blob([base64ToBytes(request.text)], { type: 'application/octet-stream' })
          : new Blob([request.text], { type: 'text/plain' });
      download(name, blob);
      return { id: newId(), name };
    },

    async exportEncounter(request: EncounterExportRequest): Promise<FileRef[] | null> {
      // The same pure export as the desktop's main process; each file leaves as a download.
      const parsed = parseEncounter(request.encounterText);
      if (!parsed.ok) throw new Error(`Not exported: the encounter is not valid (${parsed.error}).`);
      const files = await exportEncounterWith(
        parsed.encounter,
        request.format,
        safeFileName(request.suggestedName, 'export'),
        { pixelsPerSquare: request.pixelsPerSquare, grid: request.grid, creatures: request.creatures, style: request.style, picture: request.picture, burnIn: request.burnIn, gmNotes: request.gmNotes, labels: request.labels },
        browserCodec,
      );
      // Each format downloads under its own ending (`<name>.foundry.json`, `<name>.dd2vtt`, `<name>.tmj`,
      // `<name>.png`), so none takes the name of our encounter JSON (`<name>.json`) or of another export.
      for (const f of files) download(f.name, new Blob([f.bytes as BlobPart], { type: 'application/octet-stream' }));
      return files.map((f) => ({ id: newId(), name: f.name }));
    },
  };
}
