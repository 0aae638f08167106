/**
 * The one interface the renderer uses for everything outside the page: dialogs, files, libraries.
 * The desktop edition implements it with the preload (`contextBridge` → `ipcMain.handle`), the
 * browser edition with browser APIs. Types only, plus the pure function that builds the desktop
 * bridge from an `invoke` transport.
 */
import type { PictureFile } from '../model/picture';

/** A file the user chose. `id` is opaque to the renderer (a path on desktop, a key in the browser). */
export interface FileRef {
  id: string;
  name: string;
}
export interface FolderRef {
  id: string;
  name: string;
}
export interface OpenedFile {
  file: FileRef;
  text: string;
  /** What the app did to the file before opening it (restored it after a killed save), to tell the user. */
  notes?: string[];
  /**
   * Set when the file is a picture (PNG, JPEG, WebP), already checked against the picture limits:
   * the bytes unchanged, as base64; `text` is then empty. The renderer offers to put it under the
   * map or make a new map from it.
   */
  picture?: PictureFile;
}
/** A picture the user chose with File › Import picture…, checked against the picture limits. */
export interface OpenedPicture {
  file: FileRef;
  picture: PictureFile;
}
export interface SaveRequest {
  /** Null asks the user where to save (Save As). */
  file: FileRef | null;
  suggestedName: string;
  text: string;
}
export interface ExportRequest {
  suggestedName: string;
  /** A label for the file type ("Foundry VTT scene"). */
  typeName: string;
  /** Extensions without dots ("json", "dd2vtt"). */
  extensions: string[];
  /** The file's content: text, or base64 for binary files such as PNG. */
  text: string;
  encoding: 'utf8' | 'base64';
}
/** An export for another tool (File › Export): the main process validates the text and writes the files. */
export interface EncounterExportRequest {
  /** The encounter as its file text (`serializeEncounter`). */
  encounterText: string;
  format: 'foundry' | 'foundry-v12' | 'uvtt' | 'tiled' | 'png';
  suggestedName: string;
  pixelsPerSquare?: number;
  grid?: boolean;
  creatures?: boolean;
  /** The map image in the rules' colours (default) or the map style (docs/map-style.md). */
  style?: 'rules' | 'map';
  /** What goes out as the map's picture (`PictureChoice`; default the original). */
  picture?: 'original' | 'none';
  /** Foundry: the rules drawn into the picture. */
  burnIn?: boolean;
  /** GM notes go out too. */
  gmNotes?: boolean;
  /** PNG, Universal VTT: labels drawn into the image. */
  labels?: boolean;
}

/** Creatures per side in a library entry (party, enemy, neutral). */
export interface LibrarySides {
  party: number;
  enemy: number;
  neutral: number;
}
export interface LibraryEntry {
  file: FileRef;
  /** The library (folder) the file belongs to: its `FolderRef.id`. */
  library: string;
  /** The encounter's name, or null when the file could not be read. */
  title: string | null;
  ruleset: string | null;
  width: number | null;
  height: number | null;
  modified: number;
  bytes: number;
  /** Why the file could not be read, when it could not. */
  problem: string | null;
  tags: string[];
  sides: LibrarySides;
  /** Distinct creature names (at most 100). */
  creatureNames: string[];
  /** A small PNG of the map as a `data:` URL; null for a broken file. */
  thumbnail: string | null;
  /** The file is a stamp (a piece of a map to drop on others, `library/stamp.ts`); absent: an encounter. */
  stamp?: boolean;
}
/** What the library knows already about a file, so a scan reads only what changed. */
export interface KnownLibraryFile {
  id: string;
  modified: number;
  bytes: number;
}
export interface LibraryScanResult {
  /** Entries for files that are new or changed since `known`. */
  entries: LibraryEntry[];
  /** Every encounter file found (ids), so the cache can drop the ones that are gone. */
  present: string[];
  /** The scan stopped at the user's request; `present` is then incomplete and nothing should be dropped. */
  cancelled: boolean;
}
/** News from the main process about libraries, fetched with `libraryEvents`. */
export type LibraryEvent =
  | { type: 'progress'; library: string; done: number; total: number }
  | { type: 'changed'; library: string; entry: LibraryEntry }
  | { type: 'removed'; library: string; file: string };
export interface LibraryEventBatch {
  cursor: number;
  events: LibraryEvent[];
}

/** Unsaved work kept by autosave, offered back after a crash. */
export interface RecoveryData {
  /** The encounter's name. */
  name: string;
  /** The encounter file's text. */
  text: string;
  /** When it was written (ms since 1970). */
  saved: number;
  /** The file it was opened from, if any, by name only (the user saves it again where they like). */
  fileName: string | null;
}

export interface PlatformBridge {
  readonly edition: 'desktop' | 'browser';
  /** Asks the user for an encounter file and reads it; null when they cancel. */
  openEncounter(): Promise<OpenedFile | null>;
  /** Asks the user for a PNG, JPEG or WebP picture and reads it (bytes unchanged); null when they cancel. */
  openPicture(): Promise<OpenedPicture | null>;
  /** Reads a file the user chose before (a recent file, a library entry, a dropped file). */
  readEncounter(file: FileRef): Promise<OpenedFile>;
  /** Writes the encounter (atomically on desktop); null when the user cancels Save As. */
  saveEncounter(request: SaveRequest): Promise<FileRef | null>;
  recentFiles(): Promise<FileRef[]>;
  /** Files the app was started with (double-clicked in the file manager); asked once at start. */
  launchFiles(): Promise<FileRef[]>;
  /** Asks for a folder and adds it to the libraries (the browser edition imports its files). */
  chooseLibraryFolder(): Promise<FolderRef | null>;
  /** Every entry of a library, read now (the library browser prefers `scanLibrary`). */
  listLibrary(folder: FolderRef): Promise<LibraryEntry[]>;
  /** The libraries the user added, remembered between sessions. */
  libraries(): Promise<FolderRef[]>;
  removeLibrary(folder: FolderRef): Promise<void>;
  /**
   * Reads the files of a library that are not in `known` (or changed since), reporting progress
   * through `libraryEvents`; cancellable with `cancelLibraryScan`. Starts watching the folder.
   */
  scanLibrary(folder: FolderRef, known: KnownLibraryFile[]): Promise<LibraryScanResult>;
  cancelLibraryScan(folder: FolderRef): Promise<void>;
  /** Events after `cursor` (0 at first); waits up to `waitMs` for one to arrive. */
  libraryEvents(cursor: number, waitMs: number): Promise<LibraryEventBatch>;
  /** Renames a library file (a new file name, without folders); answers the new entry. */
  renameLibraryFile(file: FileRef, newName: string): Promise<LibraryEntry>;
  duplicateLibraryFile(file: FileRef): Promise<LibraryEntry>;
  /** Writes the tags into the encounter file; answers the new entry. */
  tagLibraryFile(file: FileRef, tags: string[]): Promise<LibraryEntry>;
  /** Moves the file to the system trash (desktop) or deletes it (browser). */
  trashLibraryFile(file: FileRef): Promise<void>;
  /** Autosave: keeps the open document's unsaved work (app data folder; IndexedDB in the browser). */
  writeRecovery(data: RecoveryData): Promise<void>;
  readRecovery(): Promise<RecoveryData | null>;
  clearRecovery(): Promise<void>;
  exportFile(request: ExportRequest): Promise<FileRef | null>;
  /** Exports for another tool; the files written (main file first, then images beside it), or null when cancelled. */
  exportEncounter(request: EncounterExportRequest): Promise<FileRef[] | null>;
  /**
   * Desktop only: the `index`-th file of the last drop on the window, as a file the user chose (so
   * Save writes back to it), or null when it has no path on disk. The preload takes the path from
   * the drop event itself (`webUtils.getPathForFile`); the page never names a path.
   */
  grantDroppedFile?(index: number): Promise<FileRef | null>;
  /**
   * Browser only: keeps a stamp (`library/stamp.ts`) in the browser's library "Stamps" under `name`,
   * where the Stamps palette and the library find it. The desktop has none: a stamp is saved there
   * with `saveEncounter`, into a library folder the user picks.
   */
  saveStamp?(name: string, text: string): Promise<FileRef | null>;
}

/** The methods every edition has, each answered by the main process on its channel. */
export type BridgeMethod = Exclude<keyof PlatformBridge, 'edition' | 'grantDroppedFile' | 'saveStamp'>;

/**
 * The channel the preload alone uses for a dropped file's path (`grantDroppedFile`): not in
 * `CHANNELS`, so the page's bridge has no method that sends a path of its own.
 */
export const DROPPED_FILE_CHANNEL = 'encounter:grant-dropped';

/** IPC channel per bridge method. Every handler in the main process answers one of these. */
export const CHANNELS = {
  openEncounter: 'encounter:open',
  openPicture: 'picture:open',
  readEncounter: 'encounter:read',
  saveEncounter: 'encounter:save',
  recentFiles: 'recent:list',
  launchFiles: 'launch:files',
  chooseLibraryFolder: 'library:choose',
  listLibrary: 'library:list',
  libraries: 'library:all',
  removeLibrary: 'library:remove',
  scanLibrary: 'library:scan',
  cancelLibraryScan: 'library:cancel',
  libraryEvents: 'library:events',
  renameLibraryFile: 'library:rename',
  duplicateLibraryFile: 'library:duplicate',
  tagLibraryFile: 'library:tag',
  trashLibraryFile: 'library:trash',
  writeRecovery: 'recovery:write',
  readRecovery: 'recovery:read',
  clearRecovery: 'recovery:clear',
  exportFile: 'file:export',
  exportEncounter: 'encounter:export',
} as const satisfies Record<BridgeMethod, string>;
export type Channel = (typeof CHANNELS)[BridgeMethod];

/** What every handler answers: errors travel as data, so their message reaches the user intact. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Builds the desktop bridge over a transport. Self-contained on purpose (it uses nothing from
 * outside its body), so the e2e harness can inject this very function into a page.
 */
export function bridgeFromInvoke(
  channels: Record<string, string>,
  invoke: (channel: string, args: unknown[]) => Promise<unknown>,
): PlatformBridge {
  const bridge: Record<string, unknown> = { edition: 'desktop' };
  for (const method of Object.keys(channels)) {
    const channel = channels[method]!;
    bridge[method] = async (...args: unknown[]) => {
      const result = (await invoke(channel, args)) as { ok: boolean; value?: unknown; error?: string };
      if (!result || typeof result !== 'object' || !('ok' in result)) throw new Error('The desktop app answered something unexpected.');
      if (!result.ok) throw new Error(result.error ?? 'Unknown error');
      return result.value;
    };
  }
  return Object.freeze(bridge) as unknown as PlatformBridge;
}
