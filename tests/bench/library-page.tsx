// Page side of `scripts/bench-library.mjs` (bundled by it with Vite and Solid): the real cache,
// search and library browser, driven from Playwright in Chromium.
import Dexie from 'dexie';
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { parseEncounter, serializeEncounter } from '../../src-shared/io';
import type { LibraryEntry, PlatformBridge } from '../../src-shared/ipc';
import { indexEncounterText, LibrarySearch, searchWithoutIndex, summariseEncounter, type LibraryQuery } from '../../src-shared/library';
import { createEncounter, makeCreature, RULESET_IDS, SIDES } from '../../src-shared/model';
import { LibraryDb, putEntries, reconcile, toCached, writeSnapshot } from '../../src-renderer/store/db';
import { createLibrary } from '../../src-renderer/library/library-state';
import { LibraryPanel } from '../../src-renderer/library/LibraryPanel';
import '../../src-renderer/styles/app.css';

const WORDS = ['goblin', 'ambush', 'ford', 'crypt', 'tower', 'gate', 'drake', 'lair', 'hive', 'breach', 'forest', 'road', 'bridge', 'cavern', 'ruins', 'harbour', 'swamp', 'keep', 'temple', 'mine'];
const CREATURES = ['Goblin', 'Hobgoblin', 'Ogre', 'Kobold', 'Drake', 'Zergling', 'Guard', 'Mage', 'Wyvern', 'Owlbear', 'Bandit', 'Skeleton'];
const LIB = { id: '/bench/library', name: 'Bench' };

let seed = 1;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

let db = new LibraryDb('bench-library');

async function fresh(): Promise<void> {
  db.close();
  await Dexie.delete('bench-library');
  db = new LibraryDb('bench-library');
  await db.open();
}

/** `n` cached entries (with one of a few real thumbnails each) and, for the yardstick, their files' text. */
async function seedCache(n: number): Promise<void> {
  await fresh();
  const thumbs: string[] = [];
  for (let t = 0; t < 8; t++) {
    const e = createEncounter({ name: 't', ruleset: 'd20-35', width: 20 + t * 10, height: 20 });
    e.map.terrain.fill(t % 7, 0, e.map.width * 5);
    thumbs.push(indexEncounterText(serializeEncounter(e)).thumbnail!);
  }
  const entries: LibraryEntry[] = [];
  const files = [];
  for (let i = 0; i < n; i++) {
    const w = 20 + rnd(80);
    const h = 20 + rnd(80);
    const e = createEncounter({ name: `${WORDS[rnd(20)]} ${WORDS[rnd(20)]} ${i}`, ruleset: RULESET_IDS[rnd(5)]!, width: w, height: h });
    e.creatures = Array.from({ length: 2 + rnd(10) }, (_, c) => makeCreature({ id: `C${c}`, name: CREATURES[rnd(12)]!, side: SIDES[rnd(3)]!, x: rnd(w), y: rnd(h) }));
    e.tags = [WORDS[rnd(20)]!];
    const text = serializeEncounter(e);
    const s = summariseEncounter(e);
    const id = `${LIB.id}/map-${i}.encounter`;
    entries.push({ file: { id, name: `map-${i}.encounter` }, library: LIB.id, title: s.name, ruleset: s.ruleset, width: s.width, height: s.height, modified: 1_700_000_000_000 + i * 1000, bytes: text.length, problem: null, tags: s.tags, sides: s.sides, creatureNames: s.creatureNames, thumbnail: thumbs[i % 8]! });
    files.push({ id, library: LIB.id, name: `map-${i}.encounter`, text, modified: 0, bytes: text.length });
  }
  await db.libraries.put({ ...LIB, added: 1 });
  for (let i = 0; i < entries.length; i += 2000) await putEntries(db, entries.slice(i, i + 2000));
  // As a scan's reconcile leaves it: the rows and the library's snapshot.
  await writeSnapshot(db, LIB.id, entries.map(toCached));
  await db.libraryFiles.bulkPut(files);
}

/** A platform with one library that changes nothing: the browser shows what the cache holds. */
const quietPlatform = {
  edition: 'desktop',
  libraries: async () => [LIB],
  scanLibrary: async () => ({ entries: [], present: [], cancelled: true }),
  libraryEvents: () => new Promise(() => {}),
  cancelLibraryScan: async () => {},
} as unknown as PlatformBridge;

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

/** From "open the library" to its grid of cards on screen, with the real panel. */
async function openBrowser(): Promise<number> {
  const host = document.createElement('div');
  document.body.append(host);
  const started = performance.now();
  let dispose!: () => void;
  const lib = createRoot((d) => {
    dispose = d;
    return createLibrary({ platform: quietPlatform, db, notify: () => {}, openFile: async () => {}, confirm: async () => false });
  });
  await lib.show();
  const unmount = render(() => <LibraryPanel library={lib} />, host);
  await nextFrame();
  const cards = host.querySelectorAll('[data-testid="library-card"]').length;
  const ms = performance.now() - started;
  if (!cards || lib.total() === 0) throw new Error(`the library browser showed ${cards} cards of ${lib.total()}`);
  unmount();
  dispose();
  host.remove();
  return ms;
}

/** The yardstick: no cache, every file re-read from storage and parsed to list it. */
async function openByRereading(): Promise<number> {
  const started = performance.now();
  const files = await db.libraryFiles.toArray();
  const entries = files.map((f) => {
    const p = parseEncounter(f.text);
    return p.ok ? summariseEncounter(p.encounter) : null;
  });
  const ms = performance.now() - started;
  if (entries.length !== files.length) throw new Error('lost entries');
  return ms;
}

/** One keystroke each: the queries a user types on the way to "goblin ogre" and a filtered one. */
const KEYSTROKES: LibraryQuery[] = ['g', 'go', 'gob', 'gobl', 'goblin', 'goblin o', 'goblin og', 'goblin ogre'].map((text) => ({ text, sort: 'name' }));
KEYSTROKES.push({ text: 'forest', ruleset: 'd20-35', minSide: 40, maxSide: 80, sort: 'modified', descending: true });

async function searchTimes(): Promise<{ ours: number[]; naive: number[]; hits: number }> {
  const entries = await db.entries.toArray();
  const index = new LibrarySearch(entries);
  index.prepare();
  const ours: number[] = [];
  const naive: number[] = [];
  let hits = 0;
  for (let round = 0; round < 5; round++) {
    for (const q of KEYSTROKES) {
      let t = performance.now();
      const a = index.query(q);
      ours.push(performance.now() - t);
      t = performance.now();
      const b = searchWithoutIndex(entries, q);
      naive.push(performance.now() - t);
      if (a.length !== b.length) throw new Error(`search disagrees on "${q.text}": ${a.length} vs ${b.length}`);
      hits += a.length;
    }
  }
  return { ours, naive, hits };
}

/** The scan's last step: entries from the reader threads into the cache, in bulk. */
async function ingest(entries: LibraryEntry[]): Promise<number> {
  await fresh();
  const t = performance.now();
  await reconcile(db, '/bench', { entries, present: entries.map((e) => e.file.id), cancelled: false });
  const ms = performance.now() - t;
  if ((await db.entries.count()) !== entries.length || (await db.thumbs.count()) !== entries.length) throw new Error('entries lost on the way into the cache');
  return ms;
}

/** The yardstick's last step: one write per entry. */
async function ingestOneByOne(entries: LibraryEntry[]): Promise<number> {
  await fresh();
  const t = performance.now();
  for (const e of entries) await putEntries(db, [e]);
  return performance.now() - t;
}

async function profile(): Promise<Record<string, number>> {
  let t = performance.now();
  const snap = await db.snapshots.get(LIB.id);
  const read = performance.now() - t;
  t = performance.now();
  const entries = JSON.parse(snap!.json);
  const parse = performance.now() - t;
  t = performance.now();
  const index = new LibrarySearch(entries);
  index.prepare();
  const build = performance.now() - t;
  t = performance.now();
  index.query({ text: '', sort: 'name' });
  const first = performance.now() - t;
  return { read, parse, build, first };
}

(window as unknown as { bench: unknown }).bench = { profile, seedCache, openBrowser, openByRereading, searchTimes, ingest, ingestOneByOne };
