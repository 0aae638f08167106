/**
 * The one interface the renderer uses for everything outside the page: dialogs, files, libraries.
 * The desktop edition implements it with the preload (`contextBridge` → `ipcMain.handle`), the
 * browser edition with browser APIs. Types only, plus the pure function that builds the desktop
 * bridge from an `invoke` transport.
 */

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
}
export interface LibraryEntry {
  file: FileRef;
  /** The encounter's name, or null when the file could not be read. */
  title: string | null;
  ruleset: string | null;
  width: number | null;
  height: number | null;
  modified: number;
  bytes: number;
  /** Why the file could not be read, when it could not. */
  problem: string | null;
}

export interface PlatformBridge {
  readonly edition: 'desktop' | 'browser';
  /** Asks the user for an encounter file and reads it; null when they cancel. */
  openEncounter(): Promise<OpenedFile | null>;
  /** Reads a file the user chose before (a recent file, a library entry). */
  readEncounter(file: FileRef): Promise<OpenedFile>;
  /** Writes the encounter (atomically on desktop); null when the user cancels Save As. */
  saveEncounter(request: SaveRequest): Promise<FileRef | null>;
  recentFiles(): Promise<FileRef[]>;
  /** Files the app was started with (double-clicked in the file manager); asked once at start. */
  launchFiles(): Promise<FileRef[]>;
  chooseLibraryFolder(): Promise<FolderRef | null>;
  listLibrary(folder: FolderRef): Promise<LibraryEntry[]>;
  exportFile(request: ExportRequest): Promise<FileRef | null>;
  /** Exports for another tool; the files written (main file first, then images beside it), or null when cancelled. */
  exportEncounter(request: EncounterExportRequest): Promise<FileRef[] | null>;
}

export type BridgeMethod = Exclude<keyof PlatformBridge, 'edition'>;

/** IPC channel per bridge method. Every handler in the main process answers one of these. */
export const CHANNELS = {
  openEncounter: 'encounter:open',
  readEncounter: 'encounter:read',
  saveEncounter: 'encounter:save',
  recentFiles: 'recent:list',
  launchFiles: 'launch:files',
  chooseLibraryFolder: 'library:choose',
  listLibrary: 'library:list',
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
