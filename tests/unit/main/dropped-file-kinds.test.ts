import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CHANNELS, DROPPED_FILE_CHANNEL } from '../../../src-shared/ipc';

/**
 * Issue 19 › 6: a compromised renderer can call the dropped-file channel with any path, so what it
 * can grant is narrowed: regular files of the kinds the app opens (by extension and by signature),
 * never under system folders or the user's dot-folders, and read-only until the user saves to it
 * through the app's own Save dialog.
 */
let dir: string;
let home: string;
let savedHome: string | undefined;
let saveDialogs: string[];
let saveAnswer: string | null;
const text = serializeEncounter(parseScenario('ruleset: d20-35\nname: Dropped\nmap:\n  A . .\ncreatures:\n  A: side=party\n'));
const setup = () =>
  createHandlers({
    dialogs: {
      openFile: async () => null,
      saveFile: async ({ defaultName }) => (saveDialogs.push(defaultName), saveAnswer),
      openFolder: async () => null,
    },
    recent: new RecentFiles(path.join(dir, 'data', 'recent.json')),
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-drop-kinds-'));
  home = path.join(dir, 'home');
  mkdirSync(path.join(home, '.ssh'), { recursive: true });
  mkdirSync(path.join(home, 'maps'));
  savedHome = process.env['HOME'];
  process.env['HOME'] = home;
  saveDialogs = [];
  saveAnswer = null;
});
afterEach(() => {
  if (savedHome === undefined) delete process.env['HOME'];
  else process.env['HOME'] = savedHome;
  rmSync(dir, { recursive: true, force: true });
});

describe('what a drop may grant (issue 19 › 6)', () => {
  it.each(['/etc/passwd', '/proc/self/environ', '/sys/kernel/hostname', '/dev/zero'])('refuses %s, a system path', async (p) => {
    const r = await setup()[DROPPED_FILE_CHANNEL]([p]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/is in a system folder|not a file/);
  });

  it('refuses a file in one of the user’s dot-folders, named directly or through a link', async () => {
    const key = path.join(home, '.ssh', 'id_rsa.encounter');
    writeFileSync(key, '{"format":"encounter-builder"}');
    const link = path.join(home, 'maps', 'innocent.encounter');
    symlinkSync(key, link);
    const h = setup();
    for (const p of [key, link]) {
      const r = await h[DROPPED_FILE_CHANNEL]([p]);
      expect(r.ok, p).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/is in a hidden folder of your home folder/);
      const read = await h[CHANNELS.readEncounter]([{ id: p, name: path.basename(p) }]);
      expect(read.ok).toBe(false);
    }
  });

  it('refuses a kind the app does not open, by extension and by signature', async () => {
    const pdf = path.join(home, 'maps', 'notes.pdf');
    writeFileSync(pdf, '%PDF-1.7');
    const fake = path.join(home, 'maps', 'picture.encounter');
    writeFileSync(fake, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    const h = setup();
    const a = await h[DROPPED_FILE_CHANNEL]([pdf]);
    expect(a).toMatchObject({ ok: false, error: expect.stringMatching(/notes\.pdf is not a kind of file Encounter Builder opens/) });
    const b = await h[DROPPED_FILE_CHANNEL]([fake]);
    expect(b).toMatchObject({ ok: false, error: expect.stringMatching(/picture\.encounter does not look like an encounter file, a scenario or a Universal VTT map/) });
  });

  it('grants a picture only when its first bytes are a PNG, JPEG or WebP, within the picture limit', async () => {
    const h = setup();
    const real = path.join(home, 'maps', 'crypt.png');
    writeFileSync(real, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect((await h[DROPPED_FILE_CHANNEL]([real])).ok).toBe(true);
    const textNamedPicture = path.join(home, 'maps', 'secrets.jpg');
    writeFileSync(textNamedPicture, 'PASSWORD=hunter2\n');
    const r = await h[DROPPED_FILE_CHANNEL]([textNamedPicture]);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/secrets\.jpg is named as a picture but is not a PNG, JPEG or WebP/) });
  });

  it('grants an encounter, a scenario and a Universal VTT map in an ordinary folder', async () => {
    const h = setup();
    const files: [string, string][] = [
      ['ford.encounter', text],
      ['ford.txt', 'ruleset: d20-35\nmap:\n  . .\n'],
      ['cave.dd2vtt', '{"format":0.3}'],
      ['\uFEFFbom.json', '\uFEFF {"format":"encounter-builder"}'],
    ];
    for (const [name, body] of files) {
      const p = path.join(home, 'maps', name);
      writeFileSync(p, body);
      expect((await h[DROPPED_FILE_CHANNEL]([p])).ok, name).toBe(true);
    }
  });

  it('a dropped file is read-only until the user saves to it through the Save dialog', async () => {
    const file = path.join(home, 'maps', 'ford.encounter');
    writeFileSync(file, text);
    const h = setup();
    expect((await h[DROPPED_FILE_CHANNEL]([file])).ok).toBe(true);
    expect((await h[CHANNELS.readEncounter]([{ id: file, name: 'ford.encounter' }])).ok).toBe(true);
    const changed = text.replace('"Dropped"', '"Changed"');
    // Save asks where (the dialog suggests the same name); cancelling writes nothing.
    const cancelled = await h[CHANNELS.saveEncounter]([{ file: { id: file, name: 'ford.encounter' }, suggestedName: 'Changed', text: changed }]);
    expect(cancelled).toEqual({ ok: true, value: null });
    expect(saveDialogs).toEqual(['ford.encounter']);
    expect(readFileSync(file, 'utf8')).toBe(text);
    // The user chooses it in the dialog: written, and from then on Save writes without asking.
    saveAnswer = file;
    expect(await h[CHANNELS.saveEncounter]([{ file: { id: file, name: 'ford.encounter' }, suggestedName: 'Changed', text: changed }])).toEqual({ ok: true, value: { id: file, name: 'ford.encounter' } });
    expect(readFileSync(file, 'utf8')).toBe(changed);
    saveAnswer = null;
    const again = text.replace('"Dropped"', '"Again"');
    expect((await h[CHANNELS.saveEncounter]([{ file: { id: file, name: 'ford.encounter' }, suggestedName: 'Again', text: again }])).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(again);
    expect(saveDialogs).toHaveLength(2);
  });
});
