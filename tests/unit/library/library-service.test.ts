import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, statSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LibraryService, checkFileName } from '../../../src-main/services/library';
import { readForIndex } from '../../../src-main/services/library-read';
import { parseEncounter, serializeEncounter } from '../../../src-shared/io';
import type { LibraryEvent } from '../../../src-shared/ipc';
import { createEncounter, makeCreature, Terrain, type Encounter } from '../../../src-shared/model';
import { libraryWorkerScript } from '../main/library-worker-build';

let dir: string;
let lib: string;
let workerScript: string;
let services: LibraryService[] = [];
let trashed: string[];

function encounter(name: string, opts: { tags?: string[]; creatures?: [string, 'party' | 'enemy' | 'neutral'][]; width?: number } = {}): Encounter {
  const e = createEncounter({ name, ruleset: 'd20-35', width: opts.width ?? 8, height: 6 });
  e.map.terrain[0] = Terrain.water;
  e.creatures = (opts.creatures ?? []).map(([n, side], i) => makeCreature({ id: `C${i}`, name: n, side, x: i % 8, y: 1 }));
  if (opts.tags) e.tags = opts.tags;
  return e;
}
const write = (rel: string, e: Encounter | string) => {
  const full = path.join(lib, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, typeof e === 'string' ? e : serializeEncounter(e));
  return full;
};

function service(watch = false) {
  const s = new LibraryService({
    storePath: path.join(dir, 'data', 'libraries.json'),
    workerScript,
    trash: {
      trashItem: async (f) => {
        trashed.push(f);
        rmSync(f);
      },
    },
    watch,
  });
  services.push(s);
  return s;
}

beforeAll(async () => {
  workerScript = await libraryWorkerScript();
});
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-library-'));
  lib = path.join(dir, 'maps');
  mkdirSync(lib);
  trashed = [];
});
afterEach(async () => {
  await Promise.all(services.map((s) => s.close()));
  services = [];
  rmSync(dir, { recursive: true, force: true });
});

describe('library service: scanning', () => {
  it('indexes every encounter file in the folder and its subfolders, broken ones with the reason', async () => {
    write('goblins.encounter', encounter('Goblin ambush', { tags: ['Forest', 'night'], creatures: [['Goblin', 'enemy'], ['Goblin', 'enemy'], ['Ayla', 'party']] }));
    write('deep/er/crypt.encounter', encounter('Crypt'));
    write('broken.encounter', '{"format": "encounter-builder", ');
    write('notes.txt', 'not a library file');
    write('.hidden.encounter', serializeEncounter(encounter('Hidden')));
    const s = service();
    const folder = await s.add(lib);
    const result = await s.scan(folder.id, []);
    expect(result.cancelled).toBe(false);
    expect(result.present.map((p) => path.relative(lib, p)).sort()).toEqual(['broken.encounter', 'deep/er/crypt.encounter', 'goblins.encounter']);
    const byName = new Map(result.entries.map((e) => [e.file.name, e]));
    const goblins = byName.get('goblins.encounter')!;
    expect(goblins).toMatchObject({ title: 'Goblin ambush', ruleset: 'd20-35', width: 8, height: 6, tags: ['forest', 'night'], sides: { party: 1, enemy: 2, neutral: 0 }, creatureNames: ['Goblin', 'Ayla'], problem: null, library: lib });
    expect(goblins.bytes).toBe(statSync(path.join(lib, 'goblins.encounter')).size);
    expect(goblins.thumbnail).toMatch(/^data:image\/png;base64,/);
    const broken = byName.get('broken.encounter')!;
    expect(broken.problem).toMatch(/not valid JSON/);
    expect(broken.thumbnail).toBeNull();
    expect(byName.get('crypt.encounter')!.title).toBe('Crypt');
  });

  it('reads only new and changed files when told what the cache already knows', async () => {
    const a = write('a.encounter', encounter('A'));
    write('b.encounter', encounter('B'));
    const s = service();
    const folder = await s.add(lib);
    const first = await s.scan(folder.id, []);
    const known = first.entries.map((e) => ({ id: e.file.id, modified: e.modified, bytes: e.bytes }));
    expect((await s.scan(folder.id, known)).entries).toEqual([]);
    writeFileSync(a, serializeEncounter(encounter('A, changed and longer')));
    const again = await s.scan(folder.id, known);
    expect(again.entries.map((e) => e.title)).toEqual(['A, changed and longer']);
    expect(again.present).toHaveLength(2);
  });

  it('reports progress and stops when cancelled, dropping nothing', async () => {
    for (let i = 0; i < 60; i++) write(`m${String(i).padStart(2, '0')}.encounter`, encounter(`Map ${i}`, { width: 200 }));
    const s = service();
    const folder = await s.add(lib);
    const seen: LibraryEvent[] = [];
    let cursor = 0;
    const scanning = s.scan(folder.id, []);
    // Cancel as soon as the first progress arrives.
    const batch = await s.events(cursor, 5000);
    seen.push(...batch.events);
    cursor = batch.cursor;
    // Listed files may be opened while the scan still reads them.
    expect(s.contains(path.join(lib, 'm59.encounter'))).toBe(true);
    expect(s.contains(path.join(dir, 'elsewhere.encounter'))).toBe(false);
    s.cancel(folder.id);
    const result = await scanning;
    expect(result.cancelled).toBe(true);
    expect(result.present).toEqual([]);
    expect(result.entries.length).toBeLessThan(60);
    seen.push(...(await s.events(cursor, 0)).events);
    const progress = seen.filter((e) => e.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', library: lib, done: 0, total: 60 });
    expect(progress.at(-1)).toMatchObject({ done: result.entries.length, total: 60 });
    // The next scan reads the rest.
    const known = result.entries.map((e) => ({ id: e.file.id, modified: e.modified, bytes: e.bytes }));
    const rest = await s.scan(folder.id, known);
    expect(rest.entries.length + result.entries.length).toBe(60);
  });

  it('remembers the libraries between sessions and refuses to scan a folder that is not one', async () => {
    const s = service();
    await s.add(lib);
    const other = path.join(dir, 'other');
    mkdirSync(other);
    await s.add(other);
    expect((await service().list()).map((f) => f.id)).toEqual([lib, other]);
    await s.remove(other);
    expect((await service().list()).map((f) => f.id)).toEqual([lib]);
    await expect(s.scan(other, [])).rejects.toThrow(/not one of the libraries/);
    await expect(s.add(path.join(dir, 'missing'))).rejects.toThrow(/does not exist/);
  });
});

describe('library service: reading off the main thread, safely', () => {
  it('does not follow a symbolic link, nor read a file swapped in after the listing', async () => {
    const secret = path.join(dir, 'secret.encounter');
    writeFileSync(secret, serializeEncounter(encounter('Secret')));
    const real = write('real.encounter', encounter('Real'));
    const st = statSync(real);
    const listed = { path: real, dev: st.dev, ino: st.ino, bytes: st.size, modified: st.mtimeMs };
    expect((await readForIndex(listed, 1 << 20)).title).toBe('Real');
    // A link put where the listed file was (the file kept elsewhere, so its inode is not reused).
    renameSync(real, path.join(dir, 'kept.encounter'));
    symlinkSync(secret, real);
    const viaLink = await readForIndex(listed, 1 << 20);
    expect(viaLink.title).toBeNull();
    expect(viaLink.problem).toMatch(/replaced by a link/);
    // Another file renamed over it (made while the link still holds the name, so it cannot reuse the inode).
    const swapped = path.join(lib, 'swap.tmp');
    writeFileSync(swapped, serializeEncounter(encounter('Swapped')));
    renameSync(swapped, real);
    const viaSwap = await readForIndex(listed, 1 << 20);
    expect(viaSwap.problem).toMatch(/replaced by another file/);
  });

  it('lists links in a library folder as nothing (they are skipped), and a file over the size limit as broken', async () => {
    const outside = path.join(dir, 'outside.encounter');
    writeFileSync(outside, serializeEncounter(encounter('Outside')));
    symlinkSync(outside, path.join(lib, 'link.encounter'));
    write('big.encounter', serializeEncounter(encounter('Big')) + ' '.repeat(5000));
    const s = new LibraryService({ storePath: path.join(dir, 'data', 'l.json'), workerScript, trash: { trashItem: async () => {} }, watch: false, maxFileBytes: 4096 });
    services.push(s);
    await s.add(lib);
    const r = await s.scan(lib, []);
    expect(r.present.map((p) => path.basename(p))).toEqual(['big.encounter']);
    expect(r.entries[0]!.problem).toMatch(/over the .* MiB limit/);
  });

  it('parses in the reader thread: the service module itself never parses an encounter', () => {
    const source = readFileSync(path.resolve(__dirname, '../../../src-main/services/library.ts'), 'utf8');
    expect(source).not.toMatch(/parseEncounter|indexEncounterText|readFile\((?!this\.options\.storePath)/);
    expect(source).toMatch(/LibraryWorkerPool/);
  });
});

describe('library service: watching', () => {
  it('reports files added, changed and removed after the first scan', async () => {
    const keep = write('keep.encounter', encounter('Keep'));
    const gone = write('gone.encounter', encounter('Gone'));
    const s = service(true);
    await s.add(lib);
    await s.scan(lib, []);
    let cursor = (await s.events(0, 0)).cursor;
    const events: LibraryEvent[] = [];
    const waitFor = async (pred: () => boolean) => {
      for (let i = 0; i < 40 && !pred(); i++) {
        const b = await s.events(cursor, 500);
        cursor = b.cursor;
        events.push(...b.events);
      }
    };
    write('new.encounter', encounter('New'));
    writeFileSync(keep, serializeEncounter(encounter('Keep, edited')));
    rmSync(gone);
    await waitFor(() => events.some((e) => e.type === 'removed') && events.filter((e) => e.type === 'changed').length >= 2);
    const changed = events.flatMap((e) => (e.type === 'changed' ? [e.entry.title] : []));
    expect(changed).toEqual(expect.arrayContaining(['New', 'Keep, edited']));
    expect(events).toContainEqual({ type: 'removed', library: lib, file: gone });
  });
});

describe('library service: file operations', () => {
  it('renames, duplicates, tags and trashes files of a library, refusing others', async () => {
    const a = write('a.encounter', encounter('A'));
    const s = service();
    await s.add(lib);
    await s.scan(lib, []);
    const renamed = await s.rename(a, 'Forest road');
    expect(renamed.file).toEqual({ id: path.join(lib, 'Forest road.encounter'), name: 'Forest road.encounter' });
    expect(existsSync(a)).toBe(false);
    await expect(s.rename(renamed.file.id, '../escape')).rejects.toThrow(/cannot contain/);
    const copy = await s.duplicate(renamed.file.id);
    expect(copy.file.name).toBe('Forest road copy.encounter');
    expect((await s.duplicate(renamed.file.id)).file.name).toBe('Forest road copy 2.encounter');
    await expect(s.rename(copy.file.id, 'Forest road')).rejects.toThrow(/already exists/);
    const tagged = await s.tag(copy.file.id, [' Boss ', 'forest', 'boss']);
    expect(tagged.tags).toEqual(['boss', 'forest']);
    const onDisk = parseEncounter(readFileSync(copy.file.id, 'utf8'));
    expect(onDisk.ok && onDisk.encounter.tags).toEqual(['boss', 'forest']);
    await s.trash(copy.file.id);
    expect(trashed).toEqual([copy.file.id]);
    expect(readdirSync(lib).sort()).toEqual(['Forest road copy 2.encounter', 'Forest road.encounter']);
    const outside = path.join(dir, 'outside.encounter');
    writeFileSync(outside, serializeEncounter(encounter('Outside')));
    await expect(s.trash(outside)).rejects.toThrow(/not in a library/);
    await expect(s.tag(outside, ['x'])).rejects.toThrow(/not in a library/);
    expect(existsSync(outside)).toBe(true);
  });

  it('refuses to tag a broken file, leaving it as it was', async () => {
    const b = write('broken.encounter', '{ nope');
    const s = service();
    await s.add(lib);
    await s.scan(lib, []);
    await expect(s.tag(b, ['x'])).rejects.toThrow(/Not tagged/);
    expect(readFileSync(b, 'utf8')).toBe('{ nope');
  });

  it('checks new names', () => {
    expect(checkFileName('Keep ')).toBe('Keep.encounter');
    expect(checkFileName('x.encounter')).toBe('x.encounter');
    expect(() => checkFileName('.hidden')).toThrow(/dot/);
    expect(() => checkFileName('a/b')).toThrow(/cannot contain/);
    expect(() => checkFileName('é'.repeat(200))).toThrow(/255 bytes/);
  });
});
