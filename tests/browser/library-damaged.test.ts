import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../src-shared/ipc';
import { LibrarySearch } from '../../src-shared/library';
import { LibraryDb, libraryEntries, storedLibraries } from '../../src-renderer/store/db';

/** Issue 19 › 9: a damaged record in the browser's library cache is skipped, never a crash. */
const opened: LibraryDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await Dexie.delete(db.name);
  }
});
function open() {
  const db = new LibraryDb(`eb-damaged-${Math.random()}`);
  opened.push(db);
  return db;
}
const entry = (id: string, title: string | null): LibraryEntry & { id: string } => ({
  id,
  file: { id, name: `${id}.encounter` },
  library: 'L',
  title,
  ruleset: 'd20-35',
  width: 4,
  height: 4,
  modified: 1,
  bytes: 10,
  problem: null,
  tags: [],
  sides: { party: 0, enemy: 0, neutral: 0 },
  creatureNames: [],
  thumbnail: null,
});

describe('damaged library records', () => {
  it('a library record without a name is left out of the list (it threw “reading localeCompare” before)', async () => {
    const db = open();
    await db.libraries.bulkPut([
      { id: 'B', name: 'Beta', added: 1 },
      { id: 'X', name: null as unknown as string, added: 2 },
      { id: 'A', name: 'Alpha', added: 3 },
      { id: 7 as unknown as string, name: 'Number id', added: 4 },
    ]);
    expect(await storedLibraries(db)).toEqual([
      { id: 'A', name: 'Alpha' },
      { id: 'B', name: 'Beta' },
    ]);
  });

  it('entries of a snapshot or rows that are not entries are left out, and the rest search', async () => {
    const db = open();
    const good = entry('a', 'Alpha');
    await db.snapshots.put({ library: 'L', count: 3, written: 1, json: JSON.stringify([good, null, { id: 'b', file: null }, { ...entry('c', null), tags: 'x' }]) } as never);
    const cached = await libraryEntries(db, 'L');
    expect(cached.map((e) => e.id)).toEqual(['a']);
    expect(new LibrarySearch(cached).query({ text: '', ruleset: null, minSide: null, maxSide: null, sort: 'name', descending: false })).toHaveLength(1);
  });
});
