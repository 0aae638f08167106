import { constants, promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { ENCOUNTER_FILE_EXTENSION, MAX_FILE_BYTES } from '../../src-shared/io';
import type { FolderRef, KnownLibraryFile, LibraryEntry, LibraryEvent, LibraryEventBatch, LibraryScanResult } from '../../src-shared/ipc';
import { brokenFields, type IndexFields } from '../../src-shared/library';
import { describeFsError, FileProblem, writeFileAtomic } from './files';
import { LibraryWorkerPool } from './library-pool';
import type { ListedFile } from './library-read';

/** Where deleted files go: Electron's `shell.trashItem` in the app, a stand-in in tests. */
export interface Trash {
  trashItem(filePath: string): Promise<void>;
}

/** `work`'s answer, or null as soon as `signal` aborts (the work itself goes on, unwatched). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

export interface LibraryServiceOptions {
  /** The JSON file remembering the libraries (in the app's data folder). */
  storePath: string;
  /** The built reader thread (`out/main/library-worker.js`). */
  workerScript: string | URL;
  trash: Trash;
  /** Watch libraries for changes after their first scan (default true). */
  watch?: boolean;
  threads?: number;
  /** Files larger than this are listed as broken, unread. */
  maxFileBytes?: number;
  /** At most this many files per library, so a mistaken choice of `/` cannot run forever. */
  maxFiles?: number;
}

const SUFFIX = `.${ENCOUNTER_FILE_EXTENSION}`;
const MAX_DEPTH = 8;
const MAX_EVENTS = 2000;

interface Watched {
  watcher: FSWatcher | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** The last listing: path → identity and disk facts. */
  files: Map<string, ListedFile>;
  /** A change check is running; another one is wanted after it. */
  running: boolean;
  again: boolean;
}

/**
 * The desktop edition's libraries: folders the user added, listed on the main process (names and
 * `lstat` only) and read in reader threads (`LibraryWorkerPool`), watched for changes, with
 * rename, duplicate, tag and delete-to-trash. Every file operation is limited to files found in a
 * listed library.
 */
export class LibraryService {
  private folders: string[] | null = null;
  private readonly pool: LibraryWorkerPool;
  private readonly scans = new Map<string, AbortController>();
  private readonly watched = new Map<string, Watched>();
  /** The listing of a scan under way, so its files may be opened before their reading finishes. */
  private readonly listing = new Map<string, Map<string, ListedFile>>();
  private readonly log: { seq: number; event: LibraryEvent }[] = [];
  private seq = 0;
  private readonly waiters = new Set<() => void>();
  private readonly maxFileBytes: number;
  private readonly maxFiles: number;

  constructor(private readonly options: LibraryServiceOptions) {
    this.pool = new LibraryWorkerPool(options.workerScript, options.threads ?? 2);
    this.maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
    this.maxFiles = options.maxFiles ?? 20000;
  }

  // Libraries ---------------------------------------------------------------------------------

  private async load(): Promise<string[]> {
    if (this.folders) return this.folders;
    try {
      const data = JSON.parse(await fs.readFile(this.options.storePath, 'utf8')) as unknown;
      this.folders = Array.isArray(data) ? data.filter((p): p is string => typeof p === 'string' && path.isAbsolute(p)) : [];
    } catch {
      this.folders = [];
    }
    return this.folders;
  }

  private async store(): Promise<void> {
    await fs.mkdir(path.dirname(this.options.storePath), { recursive: true });
    await writeFileAtomic(this.options.storePath, JSON.stringify(this.folders ?? [], null, 1));
  }

  async list(): Promise<FolderRef[]> {
    return (await this.load()).map(folderRef);
  }

  async isLibrary(folder: string): Promise<boolean> {
    return (await this.load()).includes(folder);
  }

  async add(folder: string): Promise<FolderRef> {
    const resolved = path.resolve(folder);
    const stat = await fs.stat(resolved).catch((e) => {
      throw new FileProblem(`Cannot use ${resolved} as a library: ${describeFsError(e)}.`);
    });
    if (!stat.isDirectory()) throw new FileProblem(`${resolved} is not a folder.`);
    const folders = await this.load();
    if (!folders.includes(resolved)) {
      folders.push(resolved);
      await this.store();
    }
    return folderRef(resolved);
  }

  async remove(folder: string): Promise<void> {
    const folders = await this.load();
    const at = folders.indexOf(folder);
    if (at < 0) return;
    this.cancel(folder);
    this.unwatch(folder);
    folders.splice(at, 1);
    await this.store();
  }

  /** Whether a path is an encounter file found in one of the libraries (so it may be opened). */
  contains(filePath: string): boolean {
    for (const w of this.watched.values()) if (w.files.has(filePath)) return true;
    for (const l of this.listing.values()) if (l.has(filePath)) return true;
    return false;
  }

  private libraryOf(filePath: string): string {
    for (const [folder, w] of this.watched) if (w.files.has(filePath)) return folder;
    throw new FileProblem(`${path.basename(filePath)} is not in a library that was scanned in this window.`);
  }

  // Listing and reading -----------------------------------------------------------------------

  /** Encounter files under `folder`: names and `lstat` only, never contents. Links are skipped. */
  private async listFolder(folder: string, signal?: AbortSignal): Promise<Map<string, ListedFile>> {
    const out = new Map<string, ListedFile>();
    const walk = async (dir: string, level: number): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (e) {
        if (level === 0) throw new FileProblem(`Cannot list ${dir}: ${describeFsError(e)}.`);
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (signal?.aborted || out.size >= this.maxFiles) return;
        // Hidden files include the temporary files of an atomic save.
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (level < MAX_DEPTH) await walk(full, level + 1);
        } else if (entry.isFile() && entry.name.toLowerCase().endsWith(SUFFIX)) {
          const st = await fs.lstat(full).catch(() => null);
          if (st?.isFile()) out.set(full, { path: full, dev: st.dev, ino: st.ino, bytes: st.size, modified: st.mtimeMs });
        }
      }
    };
    await walk(folder, 0);
    return out;
  }

  private entryFor(library: string, f: ListedFile, fields: IndexFields): LibraryEntry {
    return { file: { id: f.path, name: path.basename(f.path) }, library, modified: f.modified, bytes: f.bytes, ...fields };
  }

  private async read(library: string, f: ListedFile): Promise<LibraryEntry> {
    let fields: IndexFields;
    try {
      fields = await this.pool.index(f, this.maxFileBytes);
    } catch (e) {
      fields = brokenFields((e as Error).message);
    }
    return this.entryFor(library, f, fields);
  }

  /**
   * Reads the library's new and changed files (those not in `known` with the same time and size)
   * in the reader threads, reporting progress; `cancel` stops it between files.
   */
  async scan(folder: string, known: readonly KnownLibraryFile[]): Promise<LibraryScanResult> {
    if (!(await this.isLibrary(folder))) throw new FileProblem(`${path.basename(folder)} is not one of the libraries.`);
    this.scans.get(folder)?.abort();
    const control = new AbortController();
    this.scans.set(folder, control);
    try {
      const listed = await this.listFolder(folder, control.signal);
      if (control.signal.aborted) return { entries: [], present: [], cancelled: true };
      this.listing.set(folder, listed);
      const knownBy = new Map(known.map((k) => [k.id, k]));
      const toRead = [...listed.values()].filter((f) => {
        const k = knownBy.get(f.path);
        return !k || k.modified !== f.modified || k.bytes !== f.bytes;
      });
      const entries: LibraryEntry[] = [];
      let done = 0;
      let lastReport = 0;
      this.emit({ type: 'progress', library: folder, done: 0, total: toRead.length });
      // A few files in flight per thread keeps the threads busy without queueing the whole folder.
      let next = 0;
      const lane = async () => {
        while (next < toRead.length && !control.signal.aborted) {
          const f = toRead[next++]!;
          // Cancel does not wait for a read in flight (a stuck one ends at the pool's time limit).
          const entry = await unlessAborted(this.read(folder, f), control.signal);
          if (!entry) break;
          entries.push(entry);
          done++;
          const now = Date.now();
          if (now - lastReport > 100) {
            lastReport = now;
            this.emit({ type: 'progress', library: folder, done, total: toRead.length });
          }
        }
      };
      await Promise.all(Array.from({ length: 4 }, lane));
      const cancelled = control.signal.aborted;
      this.emit({ type: 'progress', library: folder, done, total: toRead.length });
      if (cancelled) {
        // Only what is known to be read (before or now) counts as listed, so the next scan reads the rest.
        const read = new Set(entries.map((e) => e.file.id));
        const unread = new Set(toRead.map((f) => f.path));
        for (const p of [...listed.keys()]) if (unread.has(p) && !read.has(p)) listed.delete(p);
      }
      this.startWatching(folder, listed);
      return { entries, present: cancelled ? [] : [...listed.keys()], cancelled };
    } finally {
      if (this.scans.get(folder) === control) {
        this.scans.delete(folder);
        this.listing.delete(folder);
      }
    }
  }

  cancel(folder: string): void {
    this.scans.get(folder)?.abort();
  }

  // Watching ----------------------------------------------------------------------------------

  private startWatching(folder: string, files: Map<string, ListedFile>): void {
    let w = this.watched.get(folder);
    if (!w) {
      w = { watcher: null, timer: null, files, running: false, again: false };
      this.watched.set(folder, w);
      if (this.options.watch !== false) {
        const onChange = () => this.changedSoon(folder);
        try {
          w.watcher = watch(folder, { recursive: true, persistent: false }, onChange);
        } catch {
          // No recursive watching on this platform: the top folder at least.
          try {
            w.watcher = watch(folder, { persistent: false }, onChange);
          } catch {
            w.watcher = null;
          }
        }
        w.watcher?.on('error', () => {
          w!.watcher?.close();
          w!.watcher = null;
        });
      }
    } else w.files = files;
  }

  private unwatch(folder: string): void {
    const w = this.watched.get(folder);
    if (!w) return;
    w.watcher?.close();
    if (w.timer) clearTimeout(w.timer);
    this.watched.delete(folder);
  }

  /** Changes come in bursts (a save is a write and a rename): look once they settle. */
  private changedSoon(folder: string): void {
    const w = this.watched.get(folder);
    if (!w) return;
    if (w.timer) clearTimeout(w.timer);
    w.timer = setTimeout(() => {
      w.timer = null;
      void this.checkChanges(folder);
    }, 250);
  }

  /** Compares a fresh listing with the last one; reads what is new or changed; reports it. */
  async checkChanges(folder: string): Promise<void> {
    const w = this.watched.get(folder);
    if (!w) return;
    if (w.running) {
      w.again = true;
      return;
    }
    w.running = true;
    try {
      const listed = await this.listFolder(folder).catch(() => null);
      if (!listed) return;
      for (const p of w.files.keys()) if (!listed.has(p)) this.emit({ type: 'removed', library: folder, file: p });
      const changed = [...listed.values()].filter((f) => {
        const old = w.files.get(f.path);
        return !old || old.modified !== f.modified || old.bytes !== f.bytes || old.ino !== f.ino;
      });
      w.files = listed;
      for (const f of changed) this.emit({ type: 'changed', library: folder, entry: await this.read(folder, f) });
    } finally {
      w.running = false;
      if (w.again) {
        w.again = false;
        void this.checkChanges(folder);
      }
    }
  }

  // Events ------------------------------------------------------------------------------------

  private emit(event: LibraryEvent): void {
    this.log.push({ seq: ++this.seq, event });
    if (this.log.length > MAX_EVENTS) this.log.splice(0, this.log.length - MAX_EVENTS);
    for (const wake of [...this.waiters]) wake();
  }

  /** Events after `cursor`, waiting up to `waitMs` for the first (a long poll over `invoke`). */
  async events(cursor: number, waitMs: number): Promise<LibraryEventBatch> {
    const pick = () => ({ cursor: this.seq, events: this.log.filter((e) => e.seq > cursor).map((e) => e.event) });
    if (this.seq > cursor || waitMs <= 0) return pick();
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(waitMs, 30_000));
      this.waiters.add(done);
    });
    return pick();
  }

  // File operations ---------------------------------------------------------------------------

  private async refresh(library: string, filePath: string): Promise<LibraryEntry> {
    const st = await fs.lstat(filePath);
    const f: ListedFile = { path: filePath, dev: st.dev, ino: st.ino, bytes: st.size, modified: st.mtimeMs };
    this.watched.get(library)?.files.set(filePath, f);
    return this.read(library, f);
  }

  async rename(filePath: string, newName: string): Promise<LibraryEntry> {
    const library = this.libraryOf(filePath);
    const name = checkFileName(newName);
    const target = path.join(path.dirname(filePath), name);
    if (target === filePath) return this.refresh(library, filePath);
    if (await exists(target)) throw new FileProblem(`Not renamed: ${name} already exists in that folder.`);
    try {
      await fs.rename(filePath, target);
    } catch (e) {
      throw new FileProblem(`Cannot rename ${path.basename(filePath)}: ${describeFsError(e)}.`);
    }
    this.watched.get(library)?.files.delete(filePath);
    return this.refresh(library, target);
  }

  async duplicate(filePath: string): Promise<LibraryEntry> {
    const library = this.libraryOf(filePath);
    const base = path.basename(filePath, path.extname(filePath));
    let target = '';
    for (let n = 1; n < 1000; n++) {
      target = path.join(path.dirname(filePath), `${base} copy${n > 1 ? ` ${n}` : ''}${SUFFIX}`);
      try {
        // COPYFILE_EXCL: never overwrite a file that appeared meanwhile.
        await fs.copyFile(filePath, target, constants.COPYFILE_EXCL);
        return this.refresh(library, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new FileProblem(`Cannot duplicate ${path.basename(filePath)}: ${describeFsError(e)}.`);
      }
    }
    throw new FileProblem(`Cannot duplicate ${path.basename(filePath)}: too many copies already.`);
  }

  async tag(filePath: string, tags: string[]): Promise<LibraryEntry> {
    const library = this.libraryOf(filePath);
    try {
      await this.pool.retag(filePath, tags);
    } catch (e) {
      throw new FileProblem((e as Error).message);
    }
    return this.refresh(library, filePath);
  }

  async trash(filePath: string): Promise<void> {
    const library = this.libraryOf(filePath);
    try {
      await this.options.trash.trashItem(filePath);
    } catch (e) {
      throw new FileProblem(`Cannot move ${path.basename(filePath)} to the trash: ${(e as Error).message}`);
    }
    this.watched.get(library)?.files.delete(filePath);
  }

  async close(): Promise<void> {
    for (const c of this.scans.values()) c.abort();
    for (const folder of [...this.watched.keys()]) this.unwatch(folder);
    for (const wake of [...this.waiters]) wake();
    await this.pool.close();
  }
}

function folderRef(folder: string): FolderRef {
  return { id: folder, name: path.basename(folder) || folder };
}

async function exists(p: string): Promise<boolean> {
  return fs.lstat(p).then(
    () => true,
    () => false,
  );
}

/** A new name for a library file: one file name (no folders), the encounter extension added. */
export function checkFileName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new FileProblem('Not renamed: the name is empty.');
  if (/[\\/:*?"<>|\u0000-\u001f]/.test(trimmed)) throw new FileProblem('Not renamed: a file name cannot contain \\ / : * ? " < > | or control characters.');
  if (trimmed.startsWith('.')) throw new FileProblem('Not renamed: a name starting with a dot would hide the file.');
  // Direction controls make "map\u202Egnp.encounter" read as "mapencounter.png" (issue 19 › 9).
  if (/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(trimmed)) throw new FileProblem('Not renamed: the name contains text direction controls, which would disguise it.');
  // Device names Windows reserves whatever the extension (CON, CON.encounter …): such a file cannot
  // be opened, moved or deleted there, so a library shared with Windows would break.
  if (/^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i.test(trimmed.split('.')[0]!.trimEnd())) {
    throw new FileProblem(`Not renamed: ${trimmed.split('.')[0]!.trimEnd()} is a device name Windows reserves; choose another name.`);
  }
  const full = trimmed.toLowerCase().endsWith(SUFFIX) ? trimmed : `${trimmed}${SUFFIX}`;
  if (Buffer.byteLength(full) > 255) throw new FileProblem('Not renamed: the name is longer than file systems allow (255 bytes).');
  return full;
}
