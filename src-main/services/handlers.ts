import path from 'node:path';
import { z } from 'zod';
import { ENCOUNTER_FILE_EXTENSION, MAX_FILE_BYTES, parseEncounter, readEncounterText } from '../../src-shared/io';
import {
  CHANNELS,
  type BridgeMethod,
  type Channel,
  type ExportRequest,
  type FileRef,
  type FolderRef,
  type IpcResult,
  type LibraryEntry,
  type OpenedFile,
  type SaveRequest,
} from '../../src-shared/ipc';
import { FileProblem, listFiles, readTextFile, writeFileAtomic } from './files';
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
}

export interface HandlerDeps {
  dialogs: Dialogs;
  recent: RecentFiles;
  /** Files the app was started with (a double-click on an encounter file): opened at start. */
  launchFiles?: () => string[];
}

const ENCOUNTER_FILTERS: FileFilter[] = [
  { name: 'Encounter', extensions: [ENCOUNTER_FILE_EXTENSION, 'json', 'txt'] },
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

const ARGS: Record<BridgeMethod, z.ZodType<unknown[]>> = {
  openEncounter: z.tuple([]),
  readEncounter: z.tuple([FileRefArg]),
  saveEncounter: z.tuple([SaveArg]),
  recentFiles: z.tuple([]),
  launchFiles: z.tuple([]),
  chooseLibraryFolder: z.tuple([]),
  listLibrary: z.tuple([FileRefArg]),
  exportFile: z.tuple([ExportArg]),
};

export type Handler = (args: unknown) => Promise<IpcResult<unknown>>;

function ref(filePath: string): FileRef {
  return { id: filePath, name: path.basename(filePath) };
}

/** A file name the user typed may lack the extension; encounter files always carry it. */
function withEncounterExtension(filePath: string): string {
  return /\.(encounter|json)$/i.test(filePath) ? filePath : `${filePath}.${ENCOUNTER_FILE_EXTENSION}`;
}

function safeFileName(name: string, fallback: string): string {
  const cleaned = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim();
  return cleaned || fallback;
}

/**
 * The main process's answers to the bridge, one per channel. Paths come only from the user's own
 * choices (dialogs, the recent list, a listed library): the renderer can name a file, but cannot
 * make the main process touch one the user never chose.
 */
export function createHandlers(deps: HandlerDeps): Record<Channel, Handler> {
  const grantedFiles = new Set<string>();
  const grantedFolders = new Set<string>();

  async function mayRead(filePath: string): Promise<boolean> {
    return grantedFiles.has(filePath) || (await deps.recent.has(filePath));
  }

  const impl: { [M in BridgeMethod]: (...args: never[]) => Promise<unknown> } = {
    async openEncounter(): Promise<OpenedFile | null> {
      const chosen = await deps.dialogs.openFile({ title: 'Open encounter', filters: ENCOUNTER_FILTERS });
      if (!chosen) return null;
      const text = await readTextFile(chosen, MAX_FILE_BYTES);
      grantedFiles.add(chosen);
      // Only a file that opens goes on the recent list (a broken one is reported, not remembered).
      if (readEncounterText(text, path.basename(chosen)).ok) await deps.recent.add(chosen);
      return { file: ref(chosen), text };
    },

    async readEncounter(file: FileRef): Promise<OpenedFile> {
      if (!(await mayRead(file.id))) throw new FileProblem(`${file.name} was not opened in this window; use File › Open.`);
      const text = await readTextFile(file.id, MAX_FILE_BYTES).catch(async (e: unknown) => {
        await deps.recent.remove(file.id);
        throw e;
      });
      grantedFiles.add(file.id);
      if (readEncounterText(text, path.basename(file.id)).ok) await deps.recent.add(file.id);
      else await deps.recent.remove(file.id);
      return { file: ref(file.id), text };
    },

    async saveEncounter(request: SaveRequest): Promise<FileRef | null> {
      // Never write something that would not open again: the file on disk stays good.
      const check = parseEncounter(request.text);
      if (!check.ok) throw new FileProblem(`Not saved: the encounter is not valid (${check.error}).`);
      let target: string;
      if (request.file) {
        if (!grantedFiles.has(request.file.id)) throw new FileProblem(`${request.file.name} was not opened in this window; use Save As.`);
        target = request.file.id;
      } else {
        const chosen = await deps.dialogs.saveFile({
          title: 'Save encounter',
          defaultName: `${safeFileName(request.suggestedName, 'encounter')}.${ENCOUNTER_FILE_EXTENSION}`,
          filters: ENCOUNTER_FILTERS,
        });
        if (!chosen) return null;
        target = withEncounterExtension(chosen);
      }
      await writeFileAtomic(target, request.text);
      grantedFiles.add(target);
      await deps.recent.add(target);
      return ref(target);
    },

    async launchFiles(): Promise<FileRef[]> {
      const files = (deps.launchFiles?.() ?? []).filter((f) => path.isAbsolute(f));
      for (const f of files) grantedFiles.add(f);
      return files.map(ref);
    },

    async recentFiles(): Promise<FileRef[]> {
      return (await deps.recent.list()).map(ref);
    },

    async chooseLibraryFolder(): Promise<FolderRef | null> {
      const chosen = await deps.dialogs.openFolder({ title: 'Choose a library folder' });
      if (!chosen) return null;
      grantedFolders.add(chosen);
      return { id: chosen, name: path.basename(chosen) || chosen };
    },

    async listLibrary(folder: FolderRef): Promise<LibraryEntry[]> {
      if (!grantedFolders.has(folder.id)) throw new FileProblem(`${folder.name} was not chosen as a library in this window.`);
      const files = await listFiles(folder.id, [`.${ENCOUNTER_FILE_EXTENSION}`]);
      const entries: LibraryEntry[] = [];
      for (const f of files) {
        grantedFiles.add(f.path);
        const entry: LibraryEntry = {
          file: ref(f.path),
          title: null,
          ruleset: null,
          width: null,
          height: null,
          modified: f.modified,
          bytes: f.bytes,
          problem: null,
        };
        try {
          const parsed = parseEncounter(await readTextFile(f.path, MAX_FILE_BYTES));
          if (parsed.ok) {
            entry.title = parsed.encounter.name;
            entry.ruleset = parsed.encounter.ruleset;
            entry.width = parsed.encounter.map.width;
            entry.height = parsed.encounter.map.height;
          } else entry.problem = parsed.error;
        } catch (e) {
          entry.problem = (e as Error).message;
        }
        entries.push(entry);
      }
      return entries;
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
  };

  const handlers = {} as Record<Channel, Handler>;
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
