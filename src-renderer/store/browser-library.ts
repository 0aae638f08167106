import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { ENCOUNTER_FILE_EXTENSION, MAX_FILE_BYTES, parseEncounter, serializeEncounter } from '../../src-shared/io';
import type { FileRef, FolderRef, KnownLibraryFile, LibraryEntry, LibraryEvent, LibraryEventBatch, LibraryScanResult, PlatformBridge } from '../../src-shared/ipc';
import { brokenFields, indexEncounterText, normaliseTags } from '../../src-shared/library';
import { clearLibraryCache, deleteEntries, type LibraryDb, type StoredLibraryFile } from './db';

type LibraryMethods = Pick<
  PlatformBridge,
  | 'listLibrary'
  | 'libraries'
  | 'removeLibrary'
  | 'scanLibrary'
  | 'cancelLibraryScan'
  | 'libraryEvents'
  | 'renameLibraryFile'
  | 'duplicateLibraryFile'
  | 'tagLibraryFile'
  | 'trashLibraryFile'
>;

const SUFFIX = `.${ENCOUNTER_FILE_EXTENSION}`;
/** A whole library zip is refused above this, before unpacking. */
export const MAX_LIBRARY_ZIP_BYTES = 512 * 1024 * 1024;

function newId(): string {
  return crypto.randomUUID();
}

const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));

function tooBig(bytes: number): string | null {
  return bytes > MAX_FILE_BYTES ? `${(bytes / 1048576).toFixed(1)} MiB is over the ${MAX_FILE_BYTES / 1048576} MiB limit for an encounter file` : null;
}

function entryOf(f: StoredLibraryFile): LibraryEntry {
  const big = tooBig(f.bytes);
  const fields = big ? brokenFields(big) : indexEncounterText(f.text);
  return { file: { id: f.id, name: f.name.split('/').pop() ?? f.name }, library: f.library, modified: f.modified, bytes: f.bytes, ...fields };
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A new last segment for a path inside a library; the same checks as the desktop's rename. */
function renamed(pathName: string, newName: string): string {
  const name = newName.trim();
  if (!name) throw new Error('Not renamed: the name is empty.');
  if (/[\\/:*?"<>|\u0000-\u001f]/.test(name)) throw new Error('Not renamed: a file name cannot contain \\ / : * ? " < > | or control characters.');
  if (name.startsWith('.')) throw new Error('Not renamed: a name starting with a dot would hide the file.');
  const full = name.toLowerCase().endsWith(SUFFIX) ? name : `${name}${SUFFIX}`;
  const parts = pathName.split('/');
  parts[parts.length - 1] = full;
  return parts.join('/');
}

/**
 * The browser edition's libraries, kept in IndexedDB alone: a "folder" is a set of files imported
 * from a folder or a zip. Scanning parses the stored texts in small slices so the page stays
 * responsive, with the same progress events and cancel as the desktop.
 */
export function createBrowserLibrary(db: LibraryDb): LibraryMethods {
  const log: { seq: number; event: LibraryEvent }[] = [];
  let seq = 0;
  const waiters = new Set<() => void>();
  const cancelled = new Set<string>();

  function emit(event: LibraryEvent): void {
    log.push({ seq: ++seq, event });
    if (log.length > 2000) log.splice(0, log.length - 2000);
    for (const w of [...waiters]) w();
  }

  async function file(ref: FileRef): Promise<StoredLibraryFile> {
    const f = await db.libraryFiles.get(ref.id);
    if (!f) throw new Error(`${ref.name} is no longer in this browser’s library.`);
    return f;
  }

  async function scan(folder: FolderRef, known: readonly KnownLibraryFile[]): Promise<LibraryScanResult> {
    cancelled.delete(folder.id);
    const knownBy = new Map(known.map((k) => [k.id, k]));
    const keys = await db.libraryFiles.where('library').equals(folder.id).primaryKeys();
    const rows = await db.libraryFiles.bulkGet(keys);
    const toRead = rows.filter((f): f is StoredLibraryFile => {
      if (!f) return false;
      const k = knownBy.get(f.id);
      return !k || k.modified !== f.modified || k.bytes !== f.bytes;
    });
    const entries: LibraryEntry[] = [];
    emit({ type: 'progress', library: folder.id, done: 0, total: toRead.length });
    let slice = performance.now();
    for (const f of toRead) {
      if (cancelled.has(folder.id)) break;
      entries.push(entryOf(f));
      if (performance.now() - slice > 12) {
        emit({ type: 'progress', library: folder.id, done: entries.length, total: toRead.length });
        await yieldToPage();
        slice = performance.now();
      }
    }
    const stopped = cancelled.delete(folder.id);
    emit({ type: 'progress', library: folder.id, done: entries.length, total: toRead.length });
    return { entries, present: stopped ? [] : keys, cancelled: stopped };
  }

  async function put(f: StoredLibraryFile): Promise<LibraryEntry> {
    await db.libraryFiles.put(f);
    return entryOf(f);
  }

  return {
    async libraries() {
      const all = await db.libraries.orderBy('name').toArray();
      return all.map((l) => ({ id: l.id, name: l.name }));
    },
    async removeLibrary(folder) {
      await db.transaction('rw', [db.libraries, db.libraryFiles, db.entries, db.thumbs, db.snapshots], async () => {
        await db.libraries.delete(folder.id);
        await db.libraryFiles.where('library').equals(folder.id).delete();
        await clearLibraryCache(db, folder.id);
      });
    },
    async listLibrary(folder) {
      return (await scan(folder, [])).entries.sort((a, b) => (a.file.name < b.file.name ? -1 : 1));
    },
    scanLibrary: scan,
    async cancelLibraryScan(folder) {
      cancelled.add(folder.id);
    },
    async libraryEvents(cursor, waitMs): Promise<LibraryEventBatch> {
      const pick = () => ({ cursor: seq, events: log.filter((e) => e.seq > cursor).map((e) => e.event) });
      if (seq > cursor || waitMs <= 0) return pick();
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(waitMs, 30_000));
        waiters.add(done);
      });
      return pick();
    },
    async renameLibraryFile(ref, newName) {
      const f = await file(ref);
      const name = renamed(f.name, newName);
      const clash = await db.libraryFiles.where('library').equals(f.library).filter((o) => o.name === name && o.id !== f.id).count();
      if (clash) throw new Error(`Not renamed: ${name.split('/').pop()} already exists in that library.`);
      return put({ ...f, name, modified: Date.now() });
    },
    async duplicateLibraryFile(ref) {
      const f = await file(ref);
      const names = new Set((await db.libraryFiles.where('library').equals(f.library).toArray()).map((o) => o.name));
      const base = f.name.replace(/\.[^./]+$/, '');
      let n = 1;
      while (names.has(`${base} copy${n > 1 ? ` ${n}` : ''}${SUFFIX}`)) n++;
      return put({ ...f, id: newId(), name: `${base} copy${n > 1 ? ` ${n}` : ''}${SUFFIX}`, modified: Date.now() });
    },
    async tagLibraryFile(ref, tags) {
      const f = await file(ref);
      const parsed = parseEncounter(f.text);
      if (!parsed.ok) throw new Error(`Not tagged: the file is not a valid encounter (${parsed.error}).`);
      const next = normaliseTags(tags);
      const text = serializeEncounter({ ...parsed.encounter, tags: next.length ? next : undefined });
      return put({ ...f, text, bytes: byteLength(text), modified: Date.now() });
    },
    async trashLibraryFile(ref) {
      await db.transaction('rw', db.libraryFiles, db.entries, db.thumbs, async () => {
        await db.libraryFiles.delete(ref.id);
        await deleteEntries(db, [ref.id]);
      });
    },
  };
}

/** Adds a library from files the user picked (a folder, with their relative paths). */
export async function importLibraryFiles(db: LibraryDb, libraryName: string, files: readonly File[]): Promise<FolderRef> {
  const library = { id: newId(), name: libraryName || 'Library', added: Date.now() };
  const rows: StoredLibraryFile[] = [];
  for (const f of files) {
    if (!f.name.toLowerCase().endsWith(SUFFIX)) continue;
    const big = tooBig(f.size);
    // A file over the limit is kept as a name only, listed as broken with the reason.
    const text = big ? '' : await f.text();
    rows.push({ id: newId(), library: library.id, name: f.webkitRelativePath.split('/').slice(1).join('/') || f.name, text, modified: f.lastModified, bytes: f.size });
    await yieldToPage();
  }
  await db.transaction('rw', db.libraries, db.libraryFiles, async () => {
    await db.libraries.put(library);
    await db.libraryFiles.bulkPut(rows);
  });
  return { id: library.id, name: library.name };
}

/** The whole library as one zip: its encounter files under their paths. */
export async function exportLibraryZip(db: LibraryDb, folder: FolderRef): Promise<Uint8Array> {
  const files = await db.libraryFiles.where('library').equals(folder.id).toArray();
  const tree: Zippable = {};
  // Zip dates start in 1980.
  const earliest = Date.UTC(1980, 0, 2);
  for (const f of files) tree[f.name] = [strToU8(f.text), { mtime: new Date(Math.max(earliest, f.modified || Date.now())) }];
  return zipSync(tree, { level: 6 });
}

/**
 * A library from a zip (as `exportLibraryZip` writes it). Only `.encounter` entries are kept;
 * names with `..` or an absolute path, and entries over the size limit, are refused before they
 * are unpacked.
 */
export async function importLibraryZip(db: LibraryDb, name: string, zip: Uint8Array): Promise<{ folder: FolderRef; skipped: string[] }> {
  if (zip.length > MAX_LIBRARY_ZIP_BYTES) throw new Error(`${name} is over the ${MAX_LIBRARY_ZIP_BYTES / 1048576} MiB limit for a library zip.`);
  const skipped: string[] = [];
  let total = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(zip, {
      filter(file) {
        const ok =
          file.name.toLowerCase().endsWith(SUFFIX) && !file.name.split('/').includes('..') && !file.name.startsWith('/') && file.originalSize <= MAX_FILE_BYTES && (total += file.originalSize) <= MAX_LIBRARY_ZIP_BYTES;
        if (!ok && !file.name.endsWith('/')) skipped.push(file.name);
        return ok;
      },
    });
  } catch (e) {
    throw new Error(`${name} is not a readable zip file (${(e as Error).message}).`);
  }
  const library = { id: newId(), name: name.replace(/\.zip$/i, '') || 'Library', added: Date.now() };
  const rows: StoredLibraryFile[] = Object.entries(unpacked).map(([path, bytes]) => ({
    id: newId(),
    library: library.id,
    name: path,
    text: strFromU8(bytes),
    modified: Date.now(),
    bytes: bytes.length,
  }));
  await db.transaction('rw', db.libraries, db.libraryFiles, async () => {
    await db.libraries.put(library);
    await db.libraryFiles.bulkPut(rows);
  });
  return { folder: { id: library.id, name: library.name }, skipped };
}

/** The browser library that holds the stamps saved in this browser (Edit › Save region as stamp…). */
export const STAMPS_LIBRARY = { id: 'stamps', name: 'Stamps' } as const;

/**
 * Keeps a stamp's file in the library "Stamps" (made on first use) as `<name>.encounter`, or
 * `<name> 2.encounter`… when that name is taken, so no stamp saved earlier is lost. Refuses a text
 * that is not a valid stamp.
 */
export async function saveStampFile(db: LibraryDb, name: string, text: string): Promise<FileRef> {
  const parsed = parseEncounter(text);
  if (!parsed.ok) throw new Error(`The stamp was not saved: it is not a valid encounter file (${parsed.error}).`);
  if (!parsed.encounter.stamp) throw new Error('The stamp was not saved: the file has no stamp mask.');
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim().replace(/^\.+/, '') || 'Stamp';
  const stem = base.toLowerCase().endsWith(SUFFIX) ? base.slice(0, -SUFFIX.length) : base;
  return db.transaction('rw', db.libraries, db.libraryFiles, async () => {
    if (!(await db.libraries.get(STAMPS_LIBRARY.id))) await db.libraries.put({ ...STAMPS_LIBRARY, added: Date.now() });
    const taken = new Set((await db.libraryFiles.where('library').equals(STAMPS_LIBRARY.id).toArray()).map((f) => f.name.toLowerCase()));
    let n = 1;
    const nameFor = (k: number) => `${stem}${k > 1 ? ` ${k}` : ''}${SUFFIX}`;
    while (taken.has(nameFor(n).toLowerCase())) n++;
    const file = { id: newId(), name: nameFor(n) };
    await db.libraryFiles.put({ ...file, library: STAMPS_LIBRARY.id, text, modified: Date.now(), bytes: byteLength(text) });
    return file;
  });
}
