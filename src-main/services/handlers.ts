import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { checkEncounterText, ENCOUNTER_FILE_EXTENSION, MAX_FILE_BYTES, readEncounterText } from '../../src-shared/io';
import {
  CHANNELS,
  DROPPED_FILE_CHANNEL,
  type BridgeMethod,
  type Channel,
  type EncounterExportRequest,
  type ExportRequest,
  type FileRef,
  type FolderRef,
  type IpcResult,
  type KnownLibraryFile,
  type LibraryEntry,
  type LibraryEventBatch,
  type LibraryScanResult,
  type OpenedFile,
  type OpenedPicture,
  type RecoveryData,
  type SaveRequest,
} from '../../src-shared/ipc';
import { EXPORT_FORMATS, PICTURE_CHOICES } from '../../src-shared/io/export';
import { PICTURE_EXTENSIONS } from '../../src-shared/io/import/picture-file';
import type { ExportRenderer } from './export-runner';
import { writeEncounterExport } from './exports';
import { droppedFileProblem } from './dropped-files';
import { fileIdentity, FileProblem, FileReplaced, readTextFile, recoverInterruptedSaves, writeFileAtomic, type FileIdentity } from './files';
import { readChosenPicture, readIfPicture } from './pictures';
import type { LibraryService } from './library';
import type { RecoveryStore } from './recovery';
import type { RecentFiles } from './recent';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The native dialogs, injected so the e2e harness can answer them with paths in a temp folder. */
export interface Dialogs {
  openFile(options: { title: string; filters: FileFilter[] }): Promise<string | null>;
  saveFile(options: { title: string; defaultName: string; filters: FileFilter[] }): Promise<string | null>;
  openFolder(options: { title: string }): Promise<string | null>;
  /**
   * Asks whether to replace `fileName`, which exists. Needed when the name gains `.encounter` after
   * the save dialog closed (the dialog could not warn about a name it never saw); without it such
   * a file is never replaced.
   */
  confirmReplace?(options: { title: string; fileName: string }): Promise<boolean>;
  /**
   * Asks the user a yes-or-no question about files on disk (a file another program replaced, files
   * an export would write over); `yes` names the button that goes ahead. Without it the answer is no.
   */
  confirm?(options: { title: string; message: string; detail?: string; yes: string }): Promise<boolean>;
}

export interface HandlerDeps {
  dialogs: Dialogs;
  recent: RecentFiles;
  /** Files the app was started with (a double-click on an encounter file): opened at start. */
  launchFiles?: () => string[];
  /** The libraries (scanning in reader threads, watching, trash). */
  library?: LibraryService;
  /** Autosave's store in the app's data folder. */
  recovery?: RecoveryStore;
  /** Draws and encodes exports; the app runs them in a worker thread (`renderInWorker`). */
  exportRenderer?: ExportRenderer;
}

const ENCOUNTER_FILTERS: FileFilter[] = [
  { name: 'Encounter', extensions: [ENCOUNTER_FILE_EXTENSION, 'json', 'txt', 'dd2vtt', 'uvtt'] },
  { name: 'All files', extensions: ['*'] },
];
/** Open also takes a picture (the renderer offers to put it under the map or make a new map). */
const OPEN_FILTERS: FileFilter[] = [
  { name: 'Encounter or picture', extensions: [ENCOUNTER_FILE_EXTENSION, 'json', 'txt', 'dd2vtt', 'uvtt', ...PICTURE_EXTENSIONS] },
  ...ENCOUNTER_FILTERS,
];
const PICTURE_FILTERS: FileFilter[] = [
  { name: 'Picture (PNG, JPEG, WebP)', extensions: [...PICTURE_EXTENSIONS] },
  { name: 'All files', extensions: ['*'] },
];

// Argument schemas: the renderer is not trusted, so every argument is checked before use.
const FileRefArg = z.object({ id: z.string().min(1).max(4096), name: z.string().max(1024) }).strict();
const SaveArg = z
  .object({ file: FileRefArg.nullable(), suggestedName: z.string().max(255), text: z.string().max(MAX_FILE_BYTES) })
  .strict();
const ExportArg = z
  .object({
    suggestedName: z.string().max(255),
    typeName: z.string().max(100),
    extensions: z.array(z.string().regex(/^[A-Za-z0-9]{1,10}$/)).min(1).max(5),
    text: z.string().max(MAX_FILE_BYTES),
    encoding: z.enum(['utf8', 'base64']),
  })
  .strict();

const EncounterExportArg = z
  .object({
    encounterText: z.string().max(MAX_FILE_BYTES),
    format: z.enum(EXPORT_FORMATS),
    suggestedName: z.string().max(255),
    pixelsPerSquare: z.int().min(1).max(400).optional(),
    grid: z.boolean().optional(),
    creatures: z.boolean().optional(),
    style: z.enum(['rules', 'map']).optional(),
    picture: z.enum(PICTURE_CHOICES).optional(),
    burnIn: z.boolean().optional(),
    gmNotes: z.boolean().optional(),
    labels: z.boolean().optional(),
  })
  .strict();

const KnownArg = z.object({ id: z.string().min(1).max(4096), modified: z.number().finite(), bytes: z.number().finite().min(0) }).strict();

const RecoveryArg = z
  .object({ name: z.string().max(200), text: z.string().max(MAX_FILE_BYTES), saved: z.number().finite(), fileName: z.string().max(1024).nullable() })
  .strict();

const DroppedArg = z.tuple([z.string().min(1).max(4096)]);

const ARGS: Record<BridgeMethod, z.ZodType<unknown[]>> = {
  openEncounter: z.tuple([]),
  openPicture: z.tuple([]),
  readEncounter: z.tuple([FileRefArg]),
  saveEncounter: z.tuple([SaveArg]),
  recentFiles: z.tuple([]),
  launchFiles: z.tuple([]),
  chooseLibraryFolder: z.tuple([]),
  listLibrary: z.tuple([FileRefArg]),
  exportFile: z.tuple([ExportArg]),
  exportEncounter: z.tuple([EncounterExportArg]),
  libraries: z.tuple([]),
  removeLibrary: z.tuple([FileRefArg]),
  scanLibrary: z.tuple([FileRefArg, z.array(KnownArg).max(100_000)]),
  cancelLibraryScan: z.tuple([FileRefArg]),
  libraryEvents: z.tuple([z.int().min(0), z.int().min(0).max(30_000)]),
  renameLibraryFile: z.tuple([FileRefArg, z.string().min(1).max(255)]),
  duplicateLibraryFile: z.tuple([FileRefArg]),
  tagLibraryFile: z.tuple([FileRefArg, z.array(z.string().max(40)).max(50)]),
  trashLibraryFile: z.tuple([FileRefArg]),
  writeRecovery: z.tuple([RecoveryArg]),
  readRecovery: z.tuple([]),
  clearRecovery: z.tuple([]),
};

export type Handler = (args: unknown) => Promise<IpcResult<unknown>>;

/** Whether bytes are a whole encounter file: what tells a save's damaged file from its good backup. */
export function isWholeEncounter(bytes: Buffer): boolean {
  return checkEncounterText(bytes.toString('utf8')).ok;
}

export function restoredNote(file: string): string {
  return `${path.basename(file)} was left damaged by a save that was interrupted; it was restored from the backup made before that save.`;
}

function ref(filePath: string): FileRef {
  return { id: filePath, name: path.basename(filePath) };
}

/** A file name the user typed may lack the extension; encounter files always carry it. */
function withEncounterExtension(filePath: string): string {
  return /\.(encounter|json)$/i.test(filePath) ? filePath : `${filePath}.${ENCOUNTER_FILE_EXTENSION}`;
}

/** Bytes left for the name itself once an extension is added (file systems take 255 bytes). */
const MAX_SUGGESTED_NAME_BYTES = 200;

function safeFileName(name: string, fallback: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim();
  // Shortened by whole characters, so the suggested name always fits and stays readable.
  let kept = '';
  let bytes = 0;
  for (const ch of cleaned) {
    bytes += Buffer.byteLength(ch);
    if (bytes > MAX_SUGGESTED_NAME_BYTES) break;
    kept += ch;
  }
  return kept.trimEnd() || fallback;
}

/**
 * The main process's answers to the bridge, one per channel. Paths come only from the user's own
 * choices (dialogs, the recent list, a listed library): the renderer can name a file, but cannot
 * make the main process touch one the user never chose.
 */
export function createHandlers(deps: HandlerDeps): Record<Channel | typeof DROPPED_FILE_CHANNEL, Handler> {
  /**
   * Files the user chose, each with the identity it had when the app last read or wrote it (null
   * before the first read): Save writes only that file (issue 19 › 2).
   */
  const grantedFiles = new Map<string, FileIdentity | null>();
  /** Dropped files: readable, but written only after the user chose them in the Save dialog. */
  const readOnly = new Set<string>();

  async function mayRead(filePath: string): Promise<boolean> {
    return grantedFiles.has(filePath) || !!deps.library?.contains(filePath) || (await deps.recent.has(filePath));
  }

  /**
   * Reads a chosen file, remembering what it was (taken before the read, so a swap shows at Save),
   * after restoring it if a killed save left it damaged beside its backup (issue 19 › 3).
   */
  async function readChosen(filePath: string): Promise<OpenedFile> {
    // A picture (PNG, JPEG, WebP, told by its first bytes) comes back as its bytes, within the picture
    // limits; it is not an encounter, so it is never granted for saving back.
    const picture = await readIfPicture(filePath);
    if (picture) {
      grantedFiles.delete(filePath);
      return { file: ref(filePath), text: '', picture };
    }
    // Backups lie beside the file itself, which a link the user opened leads to.
    const real = await realpath(filePath).catch(() => filePath);
    const restored = await recoverInterruptedSaves(path.dirname(real), isWholeEncounter, real);
    const identity = await fileIdentity(filePath).catch(() => null);
    const text = await readTextFile(filePath, MAX_FILE_BYTES);
    grantedFiles.set(filePath, identity);
    const notes = restored.map((r) => restoredNote(r.file));
    return { file: ref(filePath), text, ...(notes.length ? { notes } : {}) };
  }

  /** Saves over a chosen file: a file another program put in its place is replaced only if the user says so. */
  async function saveOver(target: string, text: string): Promise<boolean> {
    let expected = grantedFiles.get(target) ?? undefined;
    for (;;) {
      try {
        grantedFiles.set(target, await writeFileAtomic(target, text, expected));
        return true;
      } catch (e) {
        if (!(e instanceof FileReplaced)) throw e;
        if (!deps.dialogs.confirm) throw e;
        const yes = await deps.dialogs.confirm({
          title: 'Save encounter',
          message: `${e.fileName} was changed by another program since it was opened here. Replace it with this encounter?`,
          detail: 'A sync tool, git or another editor wrote a new file in its place. Cancel keeps that file; Save As saves this encounter elsewhere.',
          yes: 'Replace',
        });
        if (!yes) return false;
        // Only the file the user was asked about: if it changes again, ask again.
        expected = e.now;
      }
    }
  }

  function library(): LibraryService {
    if (!deps.library) throw new FileProblem('Libraries are not available in this window.');
    return deps.library;
  }

  /** A folder the renderer names must be one of the user's libraries. */
  async function libraryFolder(folder: FolderRef): Promise<string> {
    if (!(await library().isLibrary(folder.id))) throw new FileProblem(`${folder.name} is not one of your libraries.`);
    return folder.id;
  }

  const impl: { [M in BridgeMethod]: (...args: never[]) => Promise<unknown> } = {
    async openEncounter(): Promise<OpenedFile | null> {
      const chosen = await deps.dialogs.openFile({ title: 'Open encounter', filters: OPEN_FILTERS });
      if (!chosen) return null;
      const opened = await readChosen(chosen);
      // A picture is not an encounter: not granted for saving back, not on the recent list.
      if (opened.picture) return opened;
      // Only a file that opens goes on the recent list (a broken one is reported, not remembered).
      if (readEncounterText(opened.text, path.basename(chosen)).ok) await deps.recent.add(chosen);
      return opened;
    },

    async openPicture(): Promise<OpenedPicture | null> {
      const chosen = await deps.dialogs.openFile({ title: 'Import picture', filters: PICTURE_FILTERS });
      if (!chosen) return null;
      return { file: ref(chosen), picture: await readChosenPicture(chosen) };
    },

    async readEncounter(file: FileRef): Promise<OpenedFile> {
      if (!(await mayRead(file.id))) throw new FileProblem(`${file.name} was not opened in this window; use File › Open.`);
      const opened = await readChosen(file.id).catch(async (e: unknown) => {
        await deps.recent.remove(file.id);
        throw e;
      });
      // A dropped picture: read within the picture limits, and never remembered as an encounter.
      if (opened.picture) {
        await deps.recent.remove(file.id);
        return opened;
      }
      const text = opened.text;
      if (readEncounterText(text, path.basename(file.id)).ok) await deps.recent.add(file.id);
      else await deps.recent.remove(file.id);
      return opened;
    },

    async saveEncounter(request: SaveRequest): Promise<FileRef | null> {
      // Never write something that would not open again: the file on disk stays good. Every check
      // of the loader runs, without building the map the main process has no use for.
      const check = checkEncounterText(request.text);
      if (!check.ok) throw new FileProblem(`Not saved: the encounter is not valid (${check.error}).`);
      let target: string;
      const chosenNow = !request.file || readOnly.has(request.file.id);
      if (!chosenNow) {
        if (!grantedFiles.has(request.file!.id)) throw new FileProblem(`${request.file!.name} was not opened in this window; use Save As.`);
        target = request.file!.id;
      } else {
        const chosen = await deps.dialogs.saveFile({
          title: 'Save encounter',
          // A dropped file: the dialog offers its own name, so saving back to it is one confirmation.
          defaultName: request.file && grantedFiles.has(request.file.id) ? request.file.name : `${safeFileName(request.suggestedName, 'encounter')}.${ENCOUNTER_FILE_EXTENSION}`,
          filters: ENCOUNTER_FILTERS,
        });
        if (!chosen) return null;
        target = withEncounterExtension(chosen);
        if (target !== chosen && existsSync(target)) {
          const name = path.basename(target);
          if (!deps.dialogs.confirmReplace) throw new FileProblem(`Not saved: ${name} already exists; choose another name.`);
          if (!(await deps.dialogs.confirmReplace({ title: 'Save encounter', fileName: name }))) return null;
        }
      }
      if (!chosenNow) {
        if (!(await saveOver(target, request.text))) return null;
      } else {
        grantedFiles.set(target, await writeFileAtomic(target, request.text));
        readOnly.delete(target);
      }
      await deps.recent.add(target);
      return ref(target);
    },

    async launchFiles(): Promise<FileRef[]> {
      const files = (deps.launchFiles?.() ?? []).filter((f) => path.isAbsolute(f));
      for (const f of files) if (!grantedFiles.has(f)) grantedFiles.set(f, null);
      return files.map(ref);
    },

    async recentFiles(): Promise<FileRef[]> {
      return (await deps.recent.list()).map(ref);
    },

    async chooseLibraryFolder(): Promise<FolderRef | null> {
      const chosen = await deps.dialogs.openFolder({ title: 'Add a library folder' });
      if (!chosen) return null;
      return library().add(chosen);
    },

    async listLibrary(folder: FolderRef): Promise<LibraryEntry[]> {
      const result = await library().scan(await libraryFolder(folder), []);
      return result.entries.sort((a, b) => (a.file.id < b.file.id ? -1 : 1));
    },

    async libraries(): Promise<FolderRef[]> {
      return library().list();
    },

    async removeLibrary(folder: FolderRef): Promise<void> {
      await library().remove(await libraryFolder(folder));
    },

    async scanLibrary(folder: FolderRef, known: KnownLibraryFile[]): Promise<LibraryScanResult> {
      return library().scan(await libraryFolder(folder), known);
    },

    async cancelLibraryScan(folder: FolderRef): Promise<void> {
      library().cancel(await libraryFolder(folder));
    },

    async libraryEvents(cursor: number, waitMs: number): Promise<LibraryEventBatch> {
      return library().events(cursor, waitMs);
    },

    async renameLibraryFile(file: FileRef, newName: string): Promise<LibraryEntry> {
      return library().rename(file.id, newName);
    },

    async duplicateLibraryFile(file: FileRef): Promise<LibraryEntry> {
      return library().duplicate(file.id);
    },

    async tagLibraryFile(file: FileRef, tags: string[]): Promise<LibraryEntry> {
      return library().tag(file.id, tags);
    },

    async trashLibraryFile(file: FileRef): Promise<void> {
      await library().trash(file.id);
    },

    async writeRecovery(data: RecoveryData): Promise<void> {
      await deps.recovery?.write(data);
    },

    async readRecovery(): Promise<RecoveryData | null> {
      return (await deps.recovery?.read()) ?? null;
    },

    async clearRecovery(): Promise<void> {
      await deps.recovery?.clear();
    },

    async exportFile(request: ExportRequest): Promise<FileRef | null> {
      const ext = request.extensions[0]!;
      const chosen = await deps.dialogs.saveFile({
        title: `Export ${request.typeName}`,
        defaultName: `${safeFileName(request.suggestedName, 'export')}.${ext}`,
        filters: [{ name: request.typeName, extensions: request.extensions }],
      });
      if (!chosen) return null;
      await writeFileAtomic(chosen, request.encoding === 'base64' ? Buffer.from(request.text, 'base64') : request.text);
      return ref(chosen);
    },

    async exportEncounter(request: EncounterExportRequest): Promise<FileRef[] | null> {
      return writeEncounterExport(
        request,
        (defaultName, typeName, extension) => deps.dialogs.saveFile({ title: `Export ${typeName}`, defaultName, filters: [{ name: typeName, extensions: [extension] }] }),
        (name) => safeFileName(name, 'export'),
        deps.exportRenderer,
        deps.dialogs.confirm &&
          ((names) =>
            deps.dialogs.confirm!({
              title: 'Export',
              message: `Replace ${names.length} file${names.length === 1 ? '' : 's'} that already exist${names.length === 1 ? 's' : ''}?`,
              detail: `The export writes these files beside the one you named, and they are there already:\n${names.join('\n')}`,
              yes: 'Replace',
            })),
      );
    },
  };

  const handlers = {} as Record<Channel | typeof DROPPED_FILE_CHANNEL, Handler>;
  // A file dropped on the window, named by the preload from the drop event (src-main/preload/drops.ts):
  // the user's choice, as in the open dialog, so it may be read and saved back to. Only an absolute
  // path to a regular file (through links, as the open dialog allows) within the size limit.
  handlers[DROPPED_FILE_CHANNEL] = async (args: unknown): Promise<IpcResult<unknown>> => {
    const parsed = DroppedArg.safeParse(args);
    if (!parsed.success || !path.isAbsolute(parsed.data[0]) || parsed.data[0].includes('\0')) {
      return { ok: false, error: 'Refused grantDroppedFile: argument 0 is not the absolute path of a dropped file' };
    }
    const filePath = path.normalize(parsed.data[0]);
    // Only a file the app would open, from where a user keeps files (dropped-files.ts), and only to
    // read: writing it back takes the user's own choice in the Save dialog (issue 19 › 6).
    const problem = await droppedFileProblem(filePath, MAX_FILE_BYTES);
    if (problem) return { ok: false, error: problem };
    if (!grantedFiles.has(filePath)) {
      grantedFiles.set(filePath, null);
      readOnly.add(filePath);
    }
    return { ok: true, value: ref(filePath) };
  };
  for (const method of Object.keys(CHANNELS) as BridgeMethod[]) {
    handlers[CHANNELS[method]] = async (args: unknown): Promise<IpcResult<unknown>> => {
      const parsed = ARGS[method].safeParse(args);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return { ok: false, error: `Refused ${method}: argument ${issue.path.join('.') || '(all)'} ${issue.message}` };
      }
      try {
        const fn = impl[method] as (...a: unknown[]) => Promise<unknown>;
        return { ok: true, value: await fn(...parsed.data) };
      } catch (e) {
        if (e instanceof FileProblem) return { ok: false, error: e.message };
        return { ok: false, error: `${method} failed: ${(e as Error)?.message ?? String(e)}` };
      }
    };
  }
  return handlers;
}
