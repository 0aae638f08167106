import Dexie, { type Table, type Transaction } from 'dexie';
import type { FileRef, FolderRef, LibraryEntry } from '../../src-shared/ipc';

/** A file the browser edition opened or saved (its recent list, with the text, since a page cannot reopen a file). */
export interface StoredFile {
  id: string;
  name: string;
  text: string;
  lastUsed: number;
  /** The File System Access handle Save As picked (not indexed; absent for downloads). */
  handle?: unknown;
}
/** A library: a folder on the desktop, an imported set of files in the browser. */
export interface StoredLibrary {
  id: string;
  name: string;
  added: number;
}
/** The browser edition's library files themselves (the desktop keeps them on disk). */
export interface StoredLibraryFile {
  id: string;
  library: string;
  /** The path inside the library ("caves/crypt.encounter"). */
  name: string;
  text: string;
  modified: number;
  /** Since version 2. */
  bytes: number;
}
/**
 * The library browser's cache of the index: one row per file, keyed by the file's id. The
 * thumbnail lives in its own table (`thumbs`) and is read only for the cards on screen, so opening
 * the browser on thousands of entries reads little.
 */
export interface CachedEntry extends LibraryEntry {
  id: string;
}
/**
 * A whole library's entries as one JSON record: opening the browser reads one value instead of
 * thousands of rows (IndexedDB pays per record), so it opens at once on a big library.
 */
export interface LibrarySnapshot {
  library: string;
  json: string;
  count: number;
  written: number;
}
export interface CachedThumb {
  id: string;
  /** A PNG `data:` URL. */
  url: string;
}
/** Unsaved work, written a few seconds after each change (since version 3). */
export interface RecoveryRecord {
  id: string;
  name: string;
  /** The file it was opened from, if any. */
  file: { id: string; name: string } | null;
  text: string;
  saved: number;
}

interface Migration {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
  /** What the step changes, for whoever adds the next. */
  why: string;
}

/**
 * The schema history, replayed in order. Never edit a step that has shipped: add the next one.
 * `tests/browser/library-db.test.ts` upgrades a database from every earlier version and checks
 * its data survives.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'The browser edition: files it opened (recent list) and imported libraries.',
    stores: { files: '&id, lastUsed', libraries: '&id, name', libraryFiles: '&id, library, name' },
  },
  {
    version: 2,
    why: 'The library browser: the cached index of every library (both editions); library files know their size.',
    stores: { entries: '&id, library, ruleset, modified, *tags', thumbs: '&id', snapshots: '&library' },
    async upgrade(tx) {
      await tx
        .table('libraryFiles')
        .toCollection()
        .modify((f: Partial<StoredLibraryFile>) => {
          f.bytes ??= new TextEncoder().encode(f.text ?? '').length;
          f.modified ??= 0;
        });
    },
  },
  {
    version: 3,
    why: 'Autosave: the open document’s unsaved work, for recovery after a crash.',
    stores: { recovery: '&id, saved' },
  },
];

export const DB_NAME = 'encounter-builder';

export class LibraryDb extends Dexie {
  files!: Table<StoredFile, string>;
  libraries!: Table<StoredLibrary, string>;
  libraryFiles!: Table<StoredLibraryFile, string>;
  entries!: Table<CachedEntry, string>;
  thumbs!: Table<CachedThumb, string>;
  snapshots!: Table<LibrarySnapshot, string>;
  recovery!: Table<RecoveryRecord, string>;

  /** `upTo` opens the schema as an older version had it (for the migration test). */
  constructor(name = DB_NAME, upTo = MIGRATIONS.length) {
    super(name);
    for (const m of MIGRATIONS.slice(0, upTo)) {
      const v = this.version(m.version).stores(m.stores);
      if (m.upgrade) v.upgrade(m.upgrade);
    }
  }
}

let shared: LibraryDb | null = null;
/** The page's one database connection. */
export function libraryDb(): LibraryDb {
  shared ??= new LibraryDb();
  return shared;
}

export function toCached(e: LibraryEntry): CachedEntry {
  return { ...e, id: e.file.id, thumbnail: null };
}

/** Writes entries to the cache, each thumbnail to its own table. */
export async function putEntries(db: LibraryDb, entries: readonly LibraryEntry[]): Promise<void> {
  await db.transaction('rw', db.entries, db.thumbs, async () => {
    await db.entries.bulkPut(entries.map(toCached));
    await db.thumbs.bulkPut(entries.filter((e) => e.thumbnail).map((e) => ({ id: e.file.id, url: e.thumbnail! })));
    await db.thumbs.bulkDelete(entries.filter((e) => !e.thumbnail).map((e) => e.file.id));
  });
}

export async function deleteEntries(db: LibraryDb, ids: readonly string[]): Promise<void> {
  await db.transaction('rw', db.entries, db.thumbs, async () => {
    await db.entries.bulkDelete([...ids]);
    await db.thumbs.bulkDelete([...ids]);
  });
}

/**
 * Whether a cached record has the shape of an entry. The cache outlives versions and can be damaged
 * (or edited in the browser's tools); a record that is not an entry is left out rather than let a
 * null reach the list's sorting and searching (issue 19 › 9).
 */
function isCachedEntry(e: unknown): e is CachedEntry {
  if (typeof e !== 'object' || e === null) return false;
  const r = e as Partial<CachedEntry>;
  const file = r.file as Partial<FileRef> | null | undefined;
  return (
    typeof r.id === 'string' &&
    typeof file === 'object' && file !== null && typeof file.id === 'string' && typeof file.name === 'string' &&
    (r.title === null || typeof r.title === 'string') &&
    (r.problem === null || typeof r.problem === 'string') &&
    Array.isArray(r.tags) && r.tags.every((t) => typeof t === 'string') &&
    Array.isArray(r.creatureNames) && r.creatureNames.every((t) => typeof t === 'string') &&
    typeof r.sides === 'object' && r.sides !== null &&
    typeof r.modified === 'number' && typeof r.bytes === 'number'
  );
}

/** A library's cached entries: its snapshot when there is one, else its rows; damaged records left out. */
export async function libraryEntries(db: LibraryDb, library: string): Promise<CachedEntry[]> {
  const snap = await db.snapshots.get(library);
  if (snap) {
    try {
      const list: unknown = JSON.parse(snap.json);
      if (Array.isArray(list)) return list.filter(isCachedEntry);
    } catch {
      // A damaged snapshot is only a lost shortcut: the rows are read instead.
    }
  }
  return (await db.entries.where('library').equals(library).toArray()).filter(isCachedEntry);
}

/** The libraries the cache knows, by name; a record without an id or a name is left out. */
export async function storedLibraries(db: LibraryDb): Promise<FolderRef[]> {
  const known = await db.libraries.toArray();
  return known
    .filter((l) => typeof l?.id === 'string' && typeof l.name === 'string')
    .map((l) => ({ id: l.id, name: l.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Writes a library's snapshot from the entries the caller holds. */
export async function writeSnapshot(db: LibraryDb, library: string, entries: readonly CachedEntry[]): Promise<void> {
  await db.snapshots.put({ library, json: JSON.stringify(entries.map((e) => ({ ...e, thumbnail: null }))), count: entries.length, written: Date.now() });
}

/** The cache as the library browser shows it, for libraries still listed. */
export async function cachedEntries(db: LibraryDb, libraries: readonly FolderRef[]): Promise<CachedEntry[]> {
  const lists = await Promise.all(libraries.map((l) => libraryEntries(db, l.id)));
  return lists.flat();
}

export interface ScanOutcome {
  entries: LibraryEntry[];
  present: string[];
  cancelled: boolean;
}

/**
 * Brings the cache in line with a scan: changed and new entries are written, entries of files no
 * longer on disk dropped (unless the scan was cancelled, when what is there is kept), and the
 * library's snapshot rewritten.
 */
export async function reconcile(db: LibraryDb, library: string, scan: ScanOutcome): Promise<{ added: number; removed: number }> {
  let removed = 0;
  await db.transaction('rw', [db.entries, db.thumbs, db.snapshots], async () => {
    const current = new Map((await libraryEntries(db, library)).map((e) => [e.id, e]));
    if (!scan.cancelled) {
      const present = new Set(scan.present);
      const rows = await db.entries.where('library').equals(library).primaryKeys();
      const stale = [...new Set([...rows, ...current.keys()])].filter((id) => !present.has(id));
      removed = stale.length;
      await deleteEntries(db, stale);
      for (const id of stale) current.delete(id);
    }
    await putEntries(db, scan.entries);
    for (const e of scan.entries) if (e.library === library) current.set(e.file.id, toCached(e));
    await writeSnapshot(db, library, [...current.values()]);
  });
  return { added: scan.entries.length, removed };
}

/** What the cache shows of a library's files, so a scan reads only what changed (and what it lacks). */
export async function knownFiles(db: LibraryDb, library: string): Promise<{ id: string; modified: number; bytes: number }[]> {
  const rows = await libraryEntries(db, library);
  return rows.map((r) => ({ id: r.id, modified: r.modified, bytes: r.bytes }));
}

/** Forgets the cached index of a library, so the next scan reads every file again. */
export async function clearLibraryCache(db: LibraryDb, library: string): Promise<void> {
  await db.transaction('rw', [db.entries, db.thumbs, db.snapshots], async () => {
    const ids = await db.entries.where('library').equals(library).primaryKeys();
    await deleteEntries(db, ids);
    await db.snapshots.delete(library);
  });
}
