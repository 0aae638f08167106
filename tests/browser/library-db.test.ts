import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { serializeEncounter } from '../../src-shared/io';
import type { LibraryEntry } from '../../src-shared/ipc';
import { createEncounter } from '../../src-shared/model';
import { createBrowserLibrary, exportLibraryZip, importLibraryZip } from '../../src-renderer/store/browser-library';
import { knownFiles, LibraryDb, libraryEntries, MIGRATIONS, reconcile, writeSnapshot } from '../../src-renderer/store/db';

const opened: LibraryDb[] = [];
let n = 0;
function dbName() {
  return `eb-test-${Date.now()}-${n++}`;
}
function open(name: string, upTo?: number) {
  const db = new LibraryDb(name, upTo);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});

const text = (name: string, tags?: string[]) => serializeEncounter({ ...createEncounter({ name, ruleset: 'd20-35', width: 6, height: 4 }), ...(tags ? { tags } : {}) });
function entry(id: string, library: string, title: string): LibraryEntry {
  return { file: { id, name: `${id}.encounter` }, library, title, ruleset: 'd20-35', width: 6, height: 4, modified: 1, bytes: 10, problem: null, tags: [], sides: { party: 0, enemy: 0, neutral: 0 }, creatureNames: [], thumbnail: null };
}

/** What each version's users had stored, written with that version's schema. */
const SEED: Record<number, (db: LibraryDb) => Promise<void>> = {
  1: async (db) => {
    await db.table('files').put({ id: 'f1', name: 'recent.encounter', text: text('Recent'), lastUsed: 5 });
    await db.table('libraries').put({ id: 'L', name: 'Maps', added: 1 });
    await db.table('libraryFiles').put({ id: 'lf1', library: 'L', name: 'caves/crypt.encounter', text: text('Crypt'), modified: 7 });
  },
  2: async (db) => {
    await SEED[1]!(db);
    // Version 2 wrote the size with each library file.
    await db.table('libraryFiles').update('lf1', { bytes: new TextEncoder().encode(text('Crypt')).length });
    await db.table('entries').put({ ...entry('lf1', 'L', 'Crypt'), id: 'lf1' });
  },
};

describe('library database migrations', () => {
  it('lists its versions in order, each with a reason', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) expect(m.why.length).toBeGreaterThan(10);
  });

  for (const from of MIGRATIONS.slice(0, -1).map((m) => m.version)) {
    it(`upgrades from version ${from} to ${MIGRATIONS.length} keeping the data`, async () => {
      const name = dbName();
      const old = open(name, from);
      await old.open();
      expect(old.verno).toBe(from);
      await SEED[from]!(old);
      old.close();

      const db = open(name);
      await db.open();
      expect(db.verno).toBe(MIGRATIONS.length);
      expect(await db.files.get('f1')).toMatchObject({ name: 'recent.encounter', lastUsed: 5 });
      expect(await db.libraries.get('L')).toMatchObject({ name: 'Maps' });
      const lf = await db.libraryFiles.get('lf1');
      expect(lf).toMatchObject({ name: 'caves/crypt.encounter', modified: 7 });
      // Version 2 gave library files their size.
      expect(lf!.bytes).toBe(new TextEncoder().encode(text('Crypt')).length);
      if (from >= 2) expect((await db.entries.get('lf1'))?.title).toBe('Crypt');
      // The newest tables work.
      await db.recovery.put({ id: 'current', name: 'x', file: null, text: 'x', saved: 1 });
      expect(await db.recovery.count()).toBe(1);
    });
  }
});

describe('library cache', () => {
  it('reconciles with a scan: new and changed written, gone dropped, nothing dropped after a cancel', async () => {
    const db = open(dbName());
    await reconcile(db, 'L', { entries: [entry('a', 'L', 'A'), entry('b', 'L', 'B'), entry('c', 'M', 'C')], present: ['a', 'b'], cancelled: false });
    expect((await knownFiles(db, 'L')).map((k) => k.id).sort()).toEqual(['a', 'b']);
    await reconcile(db, 'L', { entries: [], present: ['a'], cancelled: true });
    expect(await db.entries.count()).toBe(3);
    const r = await reconcile(db, 'L', { entries: [{ ...entry('a', 'L', 'A2') }], present: ['a'], cancelled: false });
    expect(r).toEqual({ added: 1, removed: 1 });
    expect((await db.entries.where('library').equals('L').toArray()).map((e) => e.title)).toEqual(['A2']);
    expect((await db.entries.get('c'))?.title).toBe('C');
    // The snapshot the browser opens from says the same.
    expect((await libraryEntries(db, 'L')).map((e) => e.title)).toEqual(['A2']);
  });

  it('opens from the snapshot, and falls back to the rows when it is damaged', async () => {
    const db = open(dbName());
    await reconcile(db, 'L', { entries: [entry('a', 'L', 'A'), entry('b', 'L', 'B')], present: ['a', 'b'], cancelled: false });
    expect((await db.snapshots.get('L'))!.count).toBe(2);
    await db.snapshots.update('L', { json: '[{"broken' });
    expect((await libraryEntries(db, 'L')).map((e) => e.title).sort()).toEqual(['A', 'B']);
    // A snapshot that lacks a file makes the next scan read it again (knownFiles follows the snapshot).
    await writeSnapshot(db, 'L', [{ ...entry('a', 'L', 'A'), id: 'a' }]);
    expect((await knownFiles(db, 'L')).map((k) => k.id)).toEqual(['a']);
  });

  it('keeps thumbnails apart from the entries and drops them with their entry', async () => {
    const db = open(dbName());
    await reconcile(db, 'L', { entries: [{ ...entry('a', 'L', 'A'), thumbnail: 'data:image/png;base64,AAAA' }], present: ['a'], cancelled: false });
    expect((await db.entries.get('a'))!.thumbnail).toBeNull();
    expect((await db.thumbs.get('a'))!.url).toBe('data:image/png;base64,AAAA');
    await reconcile(db, 'L', { entries: [], present: [], cancelled: false });
    expect(await db.thumbs.count()).toBe(0);
  });

  it('finds entries by tag through the multi-entry index', async () => {
    const db = open(dbName());
    await db.entries.bulkPut([{ ...entry('a', 'L', 'A'), id: 'a', tags: ['forest', 'boss'] }, { ...entry('b', 'L', 'B'), id: 'b', tags: ['cave'] }]);
    expect((await db.entries.where('tags').equals('boss').toArray()).map((e) => e.id)).toEqual(['a']);
  });
});

describe('browser edition library', () => {
  it('scans stored files with progress, shows broken ones, tags, renames, duplicates and deletes', async () => {
    const db = open(dbName());
    await db.libraries.put({ id: 'L', name: 'Maps', added: 1 });
    await db.libraryFiles.bulkPut([
      { id: 'a', library: 'L', name: 'a.encounter', text: text('Alpha'), modified: 1, bytes: 100 },
      { id: 'b', library: 'L', name: 'sub/b.encounter', text: '{"oops"', modified: 1, bytes: 7 },
    ]);
    const lib = createBrowserLibrary(db);
    const scan = await lib.scanLibrary({ id: 'L', name: 'Maps' }, []);
    expect(scan.cancelled).toBe(false);
    expect(scan.present.sort()).toEqual(['a', 'b']);
    const byId = new Map(scan.entries.map((e) => [e.file.id, e]));
    expect(byId.get('a')).toMatchObject({ title: 'Alpha', problem: null, library: 'L' });
    expect(byId.get('a')!.thumbnail).toMatch(/^data:image\/png;base64,/);
    expect(byId.get('b')!.problem).toMatch(/JSON/);
    const events = await lib.libraryEvents(0, 0);
    expect(events.events.at(-1)).toEqual({ type: 'progress', library: 'L', done: 2, total: 2 });

    const tagged = await lib.tagLibraryFile({ id: 'a', name: 'a.encounter' }, ['Boss']);
    expect(tagged.tags).toEqual(['boss']);
    await expect(lib.tagLibraryFile({ id: 'b', name: 'b.encounter' }, ['x'])).rejects.toThrow(/Not tagged/);
    const copy = await lib.duplicateLibraryFile({ id: 'a', name: 'a.encounter' });
    expect(copy.file.name).toBe('a copy.encounter');
    await expect(lib.renameLibraryFile({ id: 'a', name: 'a.encounter' }, 'a copy')).rejects.toThrow(/already exists/);
    const ren = await lib.renameLibraryFile({ id: 'b', name: 'b.encounter' }, 'Broken one');
    expect(ren.file.name).toBe('Broken one.encounter');
    expect((await db.libraryFiles.get('b'))!.name).toBe('sub/Broken one.encounter');
    await lib.trashLibraryFile(copy.file);
    expect(await db.libraryFiles.where('library').equals('L').count()).toBe(2);
  });

  it('exports a library as a zip and imports it again; hostile entries are skipped', async () => {
    const db = open(dbName());
    await db.libraries.put({ id: 'L', name: 'Maps', added: 1 });
    await db.libraryFiles.bulkPut([
      { id: 'a', library: 'L', name: 'a.encounter', text: text('Alpha', ['forest']), modified: 1000, bytes: 1 },
      { id: 'b', library: 'L', name: 'caves/b.encounter', text: text('Beta'), modified: 1000, bytes: 1 },
    ]);
    const zip = await exportLibraryZip(db, { id: 'L', name: 'Maps' });
    const back = await importLibraryZip(db, 'Maps copy.zip', zip);
    expect(back.skipped).toEqual([]);
    const files = await db.libraryFiles.where('library').equals(back.folder.id).sortBy('name');
    expect(files.map((f) => [f.name, f.text])).toEqual([
      ['a.encounter', text('Alpha', ['forest'])],
      ['caves/b.encounter', text('Beta')],
    ]);
    const hostile = zipSync({ '../evil.encounter': strToU8('x'), 'ok.encounter': strToU8(text('Ok')), 'script.js': strToU8('alert(1)') });
    const r = await importLibraryZip(db, 'hostile.zip', hostile);
    expect(r.skipped.sort()).toEqual(['../evil.encounter', 'script.js']);
    expect(await db.libraryFiles.where('library').equals(r.folder.id).count()).toBe(1);
    await expect(importLibraryZip(db, 'junk.zip', strToU8('not a zip at all'))).rejects.toThrow(/not a readable zip/);
  });
});
