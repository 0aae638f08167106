import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDropTracker } from '../../../src-main/preload/drops';
import { createHandlers } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { MAX_FILE_BYTES, parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CHANNELS, DROPPED_FILE_CHANNEL } from '../../../src-shared/ipc';

let dir: string;
const text = serializeEncounter(parseScenario('ruleset: d20-35\nname: Dropped\nmap:\n  A . .\ncreatures:\n  A: side=party\n'));
const setup = () =>
  createHandlers({
    dialogs: { openFile: async () => null, saveFile: async () => null, openFolder: async () => null },
    recent: new RecentFiles(path.join(dir, 'data', 'recent.json')),
  });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-dropped-'));
});

describe('a file dropped on the desktop window (main side)', () => {
  it('becomes a file the user chose: it opens, and Save writes back to it once the user confirms it in the Save dialog', async () => {
    const file = path.join(dir, 'ford.encounter');
    writeFileSync(file, text);
    // A dropped file is read-only until the user picks it in the Save dialog (issue 19 › 6).
    const h = createHandlers({
      dialogs: { openFile: async () => null, saveFile: async () => file, openFolder: async () => null },
      recent: new RecentFiles(path.join(dir, 'data', 'recent.json')),
    });
    // Before the drop the page cannot save to (or read) that path.
    const early = await h[CHANNELS.saveEncounter]([{ file: { id: file, name: 'ford.encounter' }, suggestedName: 'x', text }]);
    expect(early).toMatchObject({ ok: false, error: expect.stringMatching(/was not opened in this window/) });

    const granted = await h[DROPPED_FILE_CHANNEL]([file]);
    expect(granted).toEqual({ ok: true, value: { id: file, name: 'ford.encounter' } });
    const opened = await h[CHANNELS.readEncounter]([{ id: file, name: 'ford.encounter' }]);
    expect(opened).toMatchObject({ ok: true, value: { text } });

    const renamed = text.replace('"Dropped"', '"Dropped and saved"');
    const saved = await h[CHANNELS.saveEncounter]([{ file: { id: file, name: 'ford.encounter' }, suggestedName: 'x', text: renamed }]);
    expect(saved).toEqual({ ok: true, value: { id: file, name: 'ford.encounter' } });
    const back = parseEncounter(readFileSync(file, 'utf8'));
    expect(back.ok && back.encounter.name).toBe('Dropped and saved');
  });

  it('refuses what is not an absolute path to a regular file within the size limit, granting nothing', async () => {
    const h = setup();
    mkdirSync(path.join(dir, 'folder'));
    const big = path.join(dir, 'big.encounter');
    writeFileSync(big, '');
    truncateSync(big, MAX_FILE_BYTES + 1);
    const cases: [unknown[], RegExp][] = [
      [['relative/ford.encounter'], /^Refused grantDroppedFile/],
      [[''], /^Refused grantDroppedFile/],
      [[42], /^Refused grantDroppedFile/],
      [[path.join(dir, 'a\0b')], /^Refused grantDroppedFile/],
      [[path.join(dir, 'x'), 'extra'], /^Refused grantDroppedFile/],
      [[path.join(dir, 'missing.encounter')], /^Cannot open missing\.encounter: it does not exist/],
      [[path.join(dir, 'folder')], /^folder is not a file/],
      [[big], new RegExp(`^big\\.encounter is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit`)],
    ];
    for (const [args, message] of cases) {
      const r = await h[DROPPED_FILE_CHANNEL](args);
      expect(r.ok, String(args[0])).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
    const folderSave = await h[CHANNELS.saveEncounter]([{ file: { id: big, name: 'big.encounter' }, suggestedName: 'x', text }]);
    expect(folderSave.ok).toBe(false);
  });
});

describe('the preload side: paths come only from a real drop', () => {
  const fakeFile = (p: string) => ({ path: p });
  const getPath = (f: { path: string }) => f.path;

  it('answers the paths of a trusted drop, by place, and nothing for files without a path', () => {
    const drops = createDropTracker(getPath as never);
    expect(drops.pathAt(0)).toBeNull();
    drops.onDrop({ isTrusted: true, dataTransfer: { files: [fakeFile('/home/gm/ford.encounter'), fakeFile('')] } });
    expect(drops.pathAt(0)).toBe('/home/gm/ford.encounter');
    expect(drops.pathAt(1)).toBeNull();
    expect(drops.pathAt(2)).toBeNull();
    expect(drops.pathAt(-1)).toBeNull();
    expect(drops.pathAt(0.5)).toBeNull();
  });

  it('ignores a drop a page script made, and forgets the last drop when another comes', () => {
    const drops = createDropTracker(getPath as never);
    drops.onDrop({ isTrusted: true, dataTransfer: { files: [fakeFile('/home/gm/ford.encounter')] } });
    drops.onDrop({ isTrusted: false, dataTransfer: { files: [fakeFile('/etc/passwd')] } });
    expect(drops.pathAt(0)).toBeNull();
    drops.onDrop({ isTrusted: true, dataTransfer: null });
    expect(drops.pathAt(0)).toBeNull();
    const throwing = createDropTracker((() => {
      throw new Error('not a File');
    }) as never);
    throwing.onDrop({ isTrusted: true, dataTransfer: { files: [{}] } });
    expect(throwing.pathAt(0)).toBeNull();
  });
});
