import fc from 'fast-check';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../src-shared/ipc';
import { LibrarySearch, parseTagList, rasteriseThumbnail, searchWithoutIndex, SORT_KEYS, thumbnailPng, toBase64, type LibraryQuery } from '../../../src-shared/library';
import { createMap, Edge, makeCreature, Terrain } from '../../../src-shared/model';
import { EDGE_STYLE, hexRgb } from '../../../src-shared/io/export/palette';

function entry(i: number, fields: Partial<LibraryEntry>): LibraryEntry {
  return {
    file: { id: `/lib/${i}.encounter`, name: `${i}.encounter` },
    library: '/lib',
    title: `Map ${i}`,
    ruleset: 'd20-35',
    width: 10,
    height: 10,
    modified: i,
    bytes: 100 + i,
    problem: null,
    tags: [],
    sides: { party: 0, enemy: 0, neutral: 0 },
    creatureNames: [],
    thumbnail: null,
    ...fields,
  };
}

const sample = [
  entry(1, { title: 'Goblin ambush', tags: ['forest', 'night'], creatureNames: ['Goblin archer', 'Ayla'], sides: { party: 1, enemy: 4, neutral: 0 }, width: 30, height: 20 }),
  entry(2, { title: 'Drake lair', ruleset: 'epic-path', tags: ['boss'], creatureNames: ['Red drake'], width: 60, height: 40, modified: 50 }),
  entry(3, { title: 'Hive breach', ruleset: 'startroid', creatureNames: ['Hive drone'], width: 12, height: 12 }),
  entry(4, { title: null, ruleset: null, width: null, height: null, problem: 'not valid JSON', file: { id: '/lib/broken.encounter', name: 'broken.encounter' } }),
];

describe('library search', () => {
  const search = new LibrarySearch(sample);
  const titles = (q: Partial<LibraryQuery>) => search.query({ text: '', sort: 'name', ...q }).map((e) => e.title ?? e.file.name);

  it('matches the beginnings of words in names, tags, rulesets and creature names', () => {
    expect(titles({ text: 'gob' })).toEqual(['Goblin ambush']);
    expect(titles({ text: 'forest' })).toEqual(['Goblin ambush']);
    expect(titles({ text: 'drake' })).toEqual(['Drake lair']);
    expect(titles({ text: 'epic' })).toEqual(['Drake lair']);
    expect(titles({ text: 'startroid hive' })).toEqual(['Hive breach']);
    expect(titles({ text: 'ayla night' })).toEqual(['Goblin ambush']);
    expect(titles({ text: 'ayla boss' })).toEqual([]);
    expect(titles({ text: 'mbush' })).toEqual([]);
    expect(titles({ text: 'broken' })).toEqual(['broken.encounter']);
  });

  it('filters by ruleset and map size, and sorts', () => {
    expect(titles({ ruleset: 'startroid' })).toEqual(['Hive breach']);
    expect(titles({ minSide: 20, maxSide: 40 })).toEqual(['Goblin ambush']);
    expect(titles({ minSide: 50 })).toEqual(['Drake lair']);
    expect(titles({ sort: 'size', descending: true })).toEqual(['Drake lair', 'Goblin ambush', 'Hive breach', 'broken.encounter']);
    expect(titles({ sort: 'creatures', descending: true })[0]).toBe('Goblin ambush');
    expect(titles({ sort: 'modified', descending: true })[0]).toBe('Drake lair');
  });

  it('gives the same answers as reading every entry (fuzzed)', () => {
    const word = fc.constantFrom('gob', 'goblin', 'drake', 'red', 'hive', 'forest', 'night', 'boss', 'map', 'a', 'd', 'x', '2', 'ép');
    const arbEntry = fc.record({
      title: fc.option(fc.array(word, { maxLength: 3 }).map((w) => w.join(' ')), { nil: null }),
      tags: fc.array(word, { maxLength: 2 }),
      creatureNames: fc.array(word, { maxLength: 3 }),
      ruleset: fc.constantFrom('d20-35', 'epic-path', 'startroid', '6d6', 'd20-30'),
      width: fc.integer({ min: 1, max: 100 }),
      height: fc.integer({ min: 1, max: 100 }),
      modified: fc.integer({ min: 0, max: 1000 }),
    });
    const arbQuery = fc.record({
      text: fc.array(word, { maxLength: 3 }).map((w) => w.join(' ')),
      ruleset: fc.option(fc.constantFrom('d20-35', 'startroid'), { nil: null }),
      minSide: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
      maxSide: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
      sort: fc.constantFrom(...SORT_KEYS),
      descending: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 40 }), fc.array(arbQuery, { minLength: 1, maxLength: 5 }), (raw, queries) => {
        const entries = raw.map((r, i) => entry(i, r));
        const s = new LibrarySearch(entries);
        for (const q of queries) expect(s.query(q).map((e) => e.file.id)).toEqual(searchWithoutIndex(entries, q).map((e) => e.file.id));
      }),
      { numRuns: 300 },
    );
  });

  it('reads tag lists as users type them', () => {
    expect(parseTagList(' Forest,  boss ,,forest, Night  Raid')).toEqual(['forest', 'boss', 'night raid']);
  });
});

describe('library thumbnails', () => {
  it('draws terrain and creatures at most 128 pixels on the long side, as a valid PNG', () => {
    const map = createMap(32, 16);
    map.terrain.fill(Terrain.water, 0, 32); // the top row is water
    const creatures = [makeCreature({ id: 'A', side: 'enemy', x: 20, y: 10 })];
    const raster = rasteriseThumbnail(map, creatures);
    expect([raster.width, raster.height]).toEqual([128, 64]);
    const png = decode(thumbnailPng(map, creatures));
    expect([png.width, png.height]).toEqual([128, 64]);
    const px = (x: number, y: number) => Array.from(png.data.slice((y * 128 + x) * png.channels, (y * 128 + x) * png.channels + 3));
    expect(px(1, 1)).toEqual([64, 132, 200]); // water, 4 pixels per square
    expect(px(1, 10)).toEqual([222, 214, 192]); // normal ground
    expect(px(20 * 4 + 2, 10 * 4 + 2)).toEqual([210, 60, 60]); // the enemy's dot
  });

  it('draws walls and doors on square edges', () => {
    const map = createMap(16, 8); // 8 pixels a square
    map.edgeEast[2 * 16 + 3] = Edge.wall; // east side of square 3,2
    map.edgeSouth[5 * 16 + 10] = Edge.doorClosed; // south side of square 10,5
    const r = rasteriseThumbnail(map, []);
    const px = (x: number, y: number) => Array.from(r.data.slice((y * r.width + x) * 4, (y * r.width + x) * 4 + 3));
    expect(px(4 * 8 - 1, 2 * 8 + 3)).toEqual([28, 31, 38]);
    expect(px(4 * 8 - 2, 2 * 8 + 3)).toEqual([222, 214, 192]);
    expect(px(10 * 8 + 4, 6 * 8 - 1)).toEqual(hexRgb(EDGE_STYLE[Edge.doorClosed]!.color));
  });

  it('samples large maps down', () => {
    const map = createMap(1000, 250);
    expect(rasteriseThumbnail(map, [])).toMatchObject({ width: 128, height: 32 });
  });

  it('encodes base64 like the platform does', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 100]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37) & 255);
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});
