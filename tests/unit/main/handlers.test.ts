import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, type Dialogs } from '../../../src-main/services/handlers';
import { LibraryService } from '../../../src-main/services/library';
import { libraryWorkerScript } from './library-worker-build';
import { RecentFiles } from '../../../src-main/services/recent';
import { serializeEncounter } from '../../../src-shared/io';
import { CHANNELS } from '../../../src-shared/ipc';
import { createEncounter } from '../../../src-shared/model';

let dir: string;
let answers: { open?: string | null; save?: string | null; folder?: string | null; replace?: boolean };
let asked: string[] = [];
const dialogs: Dialogs = {
  openFile: async () => answers.open ?? null,
  saveFile: async () => answers.save ?? null,
  openFolder: async () => answers.folder ?? null,
  confirmReplace: async ({ fileName }) => {
    asked.push(fileName);
    return answers.replace ?? false;
  },
};
const text = (name = 'Ambush') => serializeEncounter(createEncounter({ name, ruleset: 'd20-35', width: 6, height: 4 }));

let workerScript: string;
let libraries: LibraryService[] = [];
beforeAll(async () => {
  workerScript = await libraryWorkerScript();
});
afterEach(async () => {
  await Promise.all(libraries.map((l) => l.close()));
  libraries = [];
});

function setup() {
  const library = new LibraryService({ storePath: path.join(dir, 'data', 'libraries.json'), workerScript, trash: { trashItem: async () => {} }, watch: false });
  libraries.push(library);
  return createHandlers({ dialogs, recent: new RecentFiles(path.join(dir, 'data', 'recent.json')), library });
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-handlers-'));
  answers = {};
  asked = [];
});

describe('main-process handlers', () => {
  it('Save As asks before replacing a file whose name got the extension after the dialog closed', async () => {
    const h = setup();
    const existing = path.join(dir, 'ambush.encounter');
    writeFileSync(existing, text('Keep'));
    answers.save = path.join(dir, 'ambush'); // the dialog saw no "ambush", so it asked nothing
    answers.replace = false;
    const kept = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Ambush', text: text('New') }]);
    expect(kept).toEqual({ ok: true, value: null });
    expect(asked).toEqual(['ambush.encounter']);
    expect(readFileSync(existing, 'utf8')).toBe(text('Keep'));
    answers.replace = true;
    const replaced = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Ambush', text: text('New') }]);
    expect(replaced.ok).toBe(true);
    expect(readFileSync(existing, 'utf8')).toBe(text('New'));
    // A name the dialog itself showed (and confirmed) is not asked about twice.
    asked = [];
    answers.save = existing;
    expect((await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Ambush', text: text('Again') }])).ok).toBe(true);
    expect(asked).toEqual([]);
  });

  it('Save As suggests a name that fits the file system, however long the encounter name', async () => {
    let suggested = '';
    const h = createHandlers({
      dialogs: { ...dialogs, saveFile: async ({ defaultName }) => ((suggested = defaultName), path.join(dir, defaultName)) },
      recent: new RecentFiles(path.join(dir, 'data', 'recent.json')),
    });
    const result = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Drachenhöhle '.repeat(19), text: text() }]);
    expect(result.ok ? 'ok' : result.error).toBe('ok');
    expect(Buffer.byteLength(suggested)).toBeLessThanOrEqual(255);
    expect(suggested).toMatch(/^Drachenhöhle Drachenhöhle .*\.encounter$/);
  });

  it('Save As without a way to ask refuses to replace, saying so', async () => {
    const h = createHandlers({ dialogs: { ...dialogs, confirmReplace: undefined }, recent: new RecentFiles(path.join(dir, 'data', 'recent.json')) });
    writeFileSync(path.join(dir, 'ambush.encounter'), text('Keep'));
    answers.save = path.join(dir, 'ambush');
    const result = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Ambush', text: text('New') }]);
    expect(result).toEqual({ ok: false, error: 'Not saved: ambush.encounter already exists; choose another name.' });
    expect(readFileSync(path.join(dir, 'ambush.encounter'), 'utf8')).toBe(text('Keep'));
  });

  it('Save As writes the file where the user chose, adding the extension, and lists it as recent', async () => {
    const h = setup();
    answers.save = path.join(dir, 'ambush');
    const saved = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'Ambush', text: text() }]);
    expect(saved).toEqual({ ok: true, value: { id: path.join(dir, 'ambush.encounter'), name: 'ambush.encounter' } });
    expect(readFileSync(path.join(dir, 'ambush.encounter'), 'utf8')).toBe(text());
    const recent = await h[CHANNELS.recentFiles]([]);
    expect(recent).toEqual({ ok: true, value: [{ id: path.join(dir, 'ambush.encounter'), name: 'ambush.encounter' }] });
  });

  it('a file that fails to open is not listed as recent, and a recent file that broke is taken off', async () => {
    const h = setup();
    const bad = path.join(dir, 'picture.encounter');
    writeFileSync(bad, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    answers.open = bad;
    // A PNG by its first bytes is read as a picture, and this one is cut short.
    expect(await h[CHANNELS.openEncounter]([])).toMatchObject({ ok: false, error: expect.stringMatching(/^picture\.encounter was not imported: the PNG is truncated/) });
    expect(await h[CHANNELS.recentFiles]([])).toEqual({ ok: true, value: [] });
    const good = path.join(dir, 'good.encounter');
    writeFileSync(good, text('Good'));
    answers.open = good;
    await h[CHANNELS.openEncounter]([]);
    expect(await h[CHANNELS.recentFiles]([])).toEqual({ ok: true, value: [{ id: good, name: 'good.encounter' }] });
    // The file is spoiled on disk; reopening it from the list drops it from the list.
    writeFileSync(good, 'not an encounter {');
    await h[CHANNELS.readEncounter]([{ id: good, name: 'good.encounter' }]);
    expect(await h[CHANNELS.recentFiles]([])).toEqual({ ok: true, value: [] });
  });

  it('Save over a chosen file replaces it and leaves no temporary files', async () => {
    const h = setup();
    answers.save = path.join(dir, 'a.encounter');
    const first = await h[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'A', text: text('One') }]);
    const ref = (first as { value: { id: string; name: string } }).value;
    const second = await h[CHANNELS.saveEncounter]([{ file: ref, suggestedName: 'A', text: text('Two') }]);
    expect(second.ok).toBe(true);
    expect(readFileSync(ref.id, 'utf8')).toContain('"Two"');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to write an invalid encounter and leaves the file on disk intact', async () => {
    const h = setup();
    const target = path.join(dir, 'keep.encounter');
    writeFileSync(target, text('Keep'));
    answers.open = target;
    const opened = await h[CHANNELS.openEncounter]([]);
    const ref = (opened as { value: { file: { id: string; name: string } } }).value.file;
    const result = await h[CHANNELS.saveEncounter]([{ file: ref, suggestedName: 'x', text: '{"format":"encounter-builder","formatVersion":1}' }]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/Not saved/);
    expect(readFileSync(target, 'utf8')).toBe(text('Keep'));
  });

  it('will not touch a path the user never chose', async () => {
    const h = setup();
    const victim = path.join(dir, 'secret.txt');
    writeFileSync(victim, 'secret');
    const write = await h[CHANNELS.saveEncounter]([{ file: { id: victim, name: 'secret.txt' }, suggestedName: 'x', text: text() }]);
    expect(write.ok).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe('secret');
    const read = await h[CHANNELS.readEncounter]([{ id: victim, name: 'secret.txt' }]);
    expect(read.ok).toBe(false);
    const list = await h[CHANNELS.listLibrary]([{ id: dir, name: 'x' }]);
    expect(list.ok).toBe(false);
  });

  it('validates arguments: wrong shapes are refused with a message', async () => {
    const h = setup();
    for (const args of [[], [null], [{ file: null, suggestedName: 3, text: '' }], [{ file: null, suggestedName: 'a', text: 'b', extra: 1 }]]) {
      const r = await h[CHANNELS.saveEncounter](args);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(/^Refused saveEncounter/);
    }
    const r = await h[CHANNELS.exportFile]([{ suggestedName: 'x', typeName: 'X', extensions: ['../etc'], text: '', encoding: 'utf8' }]);
    expect(r.ok).toBe(false);
  });

  it('opening returns null when the user cancels, and a clear message for an unreadable file', async () => {
    const h = setup();
    expect(await h[CHANNELS.openEncounter]([])).toEqual({ ok: true, value: null });
    answers.open = path.join(dir, 'missing.encounter');
    const r = await h[CHANNELS.openEncounter]([]);
    expect(r).toEqual({ ok: false, error: 'Cannot open missing.encounter: it does not exist.' });
  });

  it('lists a chosen library folder with each encounter summarised and broken files explained', async () => {
    const h = setup();
    writeFileSync(path.join(dir, 'one.encounter'), text('One'));
    writeFileSync(path.join(dir, 'broken.encounter'), '{');
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    answers.folder = dir;
    const folder = await h[CHANNELS.chooseLibraryFolder]([]);
    const list = await h[CHANNELS.listLibrary]([(folder as { value: unknown }).value]);
    expect(list.ok).toBe(true);
    const entries = (list as { value: { file: { name: string }; title: string | null; problem: string | null }[] }).value;
    expect(entries.map((e) => e.file.name)).toEqual(['broken.encounter', 'one.encounter']);
    expect(entries[1]).toMatchObject({ title: 'One', problem: null });
    expect(entries[0]!.problem).toMatch(/not valid JSON/);
  });

  it('files the app was launched with may be read once listed, and only those', async () => {
    const launched = path.join(dir, 'double-clicked.encounter');
    writeFileSync(launched, text('Launched'));
    const h = createHandlers({ dialogs, recent: new RecentFiles(path.join(dir, 'data', 'recent.json')), launchFiles: () => [launched, 'relative.encounter'] });
    const list = await h[CHANNELS.launchFiles]([]);
    expect(list).toEqual({ ok: true, value: [{ id: launched, name: 'double-clicked.encounter' }] });
    const read = await h[CHANNELS.readEncounter]([{ id: launched, name: 'x' }]);
    expect(read.ok && (read.value as { text: string }).text).toContain('Launched');
  });

  it('exports binary content from base64', async () => {
    const h = setup();
    answers.save = path.join(dir, 'map.png');
    const r = await h[CHANNELS.exportFile]([{ suggestedName: 'map', typeName: 'PNG image', extensions: ['png'], text: Buffer.from([137, 80, 78, 71]).toString('base64'), encoding: 'base64' }]);
    expect(r.ok).toBe(true);
    expect([...readFileSync(path.join(dir, 'map.png'))]).toEqual([137, 80, 78, 71]);
  });
});
