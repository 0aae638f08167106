import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../../src-main/cli/encounter';
import { createHandlers, type Dialogs } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CHANNELS } from '../../../src-shared/ipc';

/**
 * Issue 19 › 4: an export never writes over a file the user did not name exactly without asking
 * (desktop), or without --force (CLI). The main file gains its ending after the dialog closed, and
 * companions (a map picture, a tileset, and whatever a format adds) are named by the app.
 */
let dir: string;
let saveAnswer: string | null;
let answer: boolean;
let questions: { message: string; detail?: string }[];
const encounterText = serializeEncounter(parseScenario('ruleset: d20-35\nname: Gate\nmap:\n  A . #\n  . . .\ncreatures:\n  A: side=party\n'));

function setup(withConfirm = true) {
  const dialogs: Dialogs = {
    openFile: async () => null,
    saveFile: async () => saveAnswer,
    openFolder: async () => null,
    ...(withConfirm ? { confirm: async (q: { message: string; detail?: string }) => (questions.push(q), answer) } : {}),
  };
  return createHandlers({ dialogs, recent: new RecentFiles(path.join(dir, 'data', 'recent.json')) });
}
const exportFoundry = (h: ReturnType<typeof setup>) => h[CHANNELS.exportEncounter]([{ encounterText, format: 'foundry', suggestedName: 'Gate', pixelsPerSquare: 10 }]);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-export-overwrite-'));
  saveAnswer = null;
  answer = false;
  questions = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the desktop export asks before replacing files (issue 19 › 4)', () => {
  it('typing "Gate" asks about Gate.foundry.json and Gate.foundry-map.png, which exist; No writes nothing', async () => {
    writeFileSync(path.join(dir, 'Gate.foundry.json'), 'mine');
    writeFileSync(path.join(dir, 'Gate.foundry-map.png'), 'my picture');
    saveAnswer = path.join(dir, 'Gate');
    const r = await exportFoundry(setup());
    expect(r).toEqual({ ok: true, value: null });
    expect(questions).toHaveLength(1);
    expect(questions[0]!.message).toMatch(/Replace 2 files/);
    expect(questions[0]!.detail).toMatch(/Gate\.foundry\.json[\s\S]*Gate\.foundry-map\.png/);
    expect(readFileSync(path.join(dir, 'Gate.foundry.json'), 'utf8')).toBe('mine');
    expect(readFileSync(path.join(dir, 'Gate.foundry-map.png'), 'utf8')).toBe('my picture');
  });

  it('Replace writes them all', async () => {
    writeFileSync(path.join(dir, 'Gate.foundry-map.png'), 'my picture');
    saveAnswer = path.join(dir, 'Gate');
    answer = true;
    const r = await exportFoundry(setup());
    expect(r.ok).toBe(true);
    expect(questions).toHaveLength(1);
    expect(readFileSync(path.join(dir, 'Gate.foundry-map.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('does not ask again about the file the user named exactly (the dialog asked), only about its companion', async () => {
    writeFileSync(path.join(dir, 'scene.json'), 'mine');
    writeFileSync(path.join(dir, 'scene-map.png'), 'my picture');
    saveAnswer = path.join(dir, 'scene.json');
    await exportFoundry(setup());
    expect(questions).toHaveLength(1);
    expect(questions[0]!.detail).not.toMatch(/scene\.json/);
    expect(questions[0]!.detail).toMatch(/scene-map\.png/);
    expect(questions[0]!.message).toMatch(/Replace 1 file\b/);
  });

  it('asks nothing when no file is there, and refuses without a way to ask', async () => {
    saveAnswer = path.join(dir, 'Gate');
    expect((await exportFoundry(setup())).ok).toBe(true);
    expect(questions).toEqual([]);
    const refused = await exportFoundry(setup(false));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/^Not exported: Gate\.foundry\.json and Gate\.foundry-map\.png already exist/);
  });
});

describe('the CLI export needs --force to replace a companion (issue 19 › 4)', () => {
  async function cli(...args: string[]) {
    let out = '';
    let err = '';
    const code = await run(args, (s) => (out += s), (s) => (err += s));
    return { code, out, err };
  }
  const scenario = () => {
    const file = path.join(dir, 'gate.txt');
    writeFileSync(file, 'ruleset: d20-35\nname: Gate\nmap:\n  A . #\ncreatures:\n  A: side=party\n');
    return file;
  };

  it('-o names its own file (replaced), but an existing companion stops the export', async () => {
    const input = scenario();
    writeFileSync(path.join(dir, 'gate.json'), 'old scene');
    writeFileSync(path.join(dir, 'gate-map.png'), 'my picture');
    const r = await cli('export', input, '--to', 'foundry', '-o', path.join(dir, 'gate.json'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/gate-map\.png already exists; add --force to replace it/);
    expect(readFileSync(path.join(dir, 'gate-map.png'), 'utf8')).toBe('my picture');
    expect(readFileSync(path.join(dir, 'gate.json'), 'utf8')).toBe('old scene');
    const forced = await cli('export', input, '--to', 'foundry', '-o', path.join(dir, 'gate.json'), '--force');
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(path.join(dir, 'gate.json'), 'utf8')).toMatch(/gate-map\.png/);
  });

  it('the exact -o file is replaced without --force', async () => {
    const input = scenario();
    writeFileSync(path.join(dir, 'gate.dd2vtt'), 'old');
    const r = await cli('export', input, '--to', 'uvtt', '-o', path.join(dir, 'gate.dd2vtt'));
    expect(r.code, r.err).toBe(0);
    expect(existsSync(path.join(dir, 'gate.dd2vtt'))).toBe(true);
    expect(readFileSync(path.join(dir, 'gate.dd2vtt'), 'utf8')).not.toBe('old');
  });
});
