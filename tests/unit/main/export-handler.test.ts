import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, type Dialogs } from '../../../src-main/services/handlers';
import { RecentFiles } from '../../../src-main/services/recent';
import { decode } from 'fast-png';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { mapStyleOptions, pixelAt, renderMapStyle } from '../../../src-shared/render/map-style';
import { CHANNELS } from '../../../src-shared/ipc';

let dir: string;
let saveAnswer: string | null;
let asked: { defaultName: string; filters: { extensions: string[] }[] }[];
const dialogs: Dialogs = {
  openFile: async () => null,
  saveFile: async (o) => {
    asked.push(o);
    return saveAnswer;
  },
  openFolder: async () => null,
};
const encounterText = serializeEncounter(parseScenario('ruleset: d20-35\nname: Gate: north\nmap:\n  A . #\n  . . .\ncreatures:\n  A: side=party\nwalls:\n  door 0,0 0,1\n'));
const setup = () => createHandlers({ dialogs, recent: new RecentFiles(path.join(dir, 'data', 'recent.json')) });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-export-handler-'));
  saveAnswer = null;
  asked = [];
});

describe('the encounter:export channel', () => {
  it('writes a Foundry scene and its image beside it, the scene naming the image the user ended up with', async () => {
    saveAnswer = path.join(dir, 'my-scene.json');
    const r = await setup()[CHANNELS.exportEncounter]([{ encounterText, format: 'foundry', suggestedName: 'Gate: north', pixelsPerSquare: 20 }]);
    expect(r).toEqual({
      ok: true,
      value: [
        { id: path.join(dir, 'my-scene.json'), name: 'my-scene.json' },
        { id: path.join(dir, 'my-scene-map.png'), name: 'my-scene-map.png' },
      ],
    });
    expect(asked[0]).toMatchObject({ defaultName: 'Gate north.foundry.json', filters: [{ extensions: ['json'] }] });
    const scene = JSON.parse(readFileSync(path.join(dir, 'my-scene.json'), 'utf8'));
    expect(scene.background.src).toBe('my-scene-map.png');
    expect(scene.walls.filter((w: { door: number }) => w.door === 1)).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('adds the extension when the chosen name lacks it, and writes Tiled with its tileset', async () => {
    saveAnswer = path.join(dir, 'level');
    const r = await setup()[CHANNELS.exportEncounter]([{ encounterText, format: 'tiled', suggestedName: 'x' }]);
    expect(r.ok).toBe(true);
    expect(existsSync(path.join(dir, 'level.tmj'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'level.tmj'), 'utf8')).tilesets[0].image).toBe('level-tiles.png');
    expect(existsSync(path.join(dir, 'level-tiles.png'))).toBe(true);
  });

  it('passes the map style through to the image, and refuses a style it does not know', async () => {
    saveAnswer = path.join(dir, 'styled.png');
    const r = await setup()[CHANNELS.exportEncounter]([{ encounterText, format: 'png', suggestedName: 'x', pixelsPerSquare: 10, grid: false, creatures: false, style: 'map' }]);
    expect(r.ok).toBe(true);
    const png = decode(readFileSync(path.join(dir, 'styled.png')));
    const parsed = parseEncounter(encounterText);
    if (!parsed.ok) throw new Error(parsed.error);
    const expected = renderMapStyle(parsed.encounter.map, mapStyleOptions(parsed.encounter, 10));
    expect([...png.data.slice((12 * png.width + 4) * png.channels, (12 * png.width + 4) * png.channels + 3)]).toEqual(pixelAt(expected, 4, 12));
    const bad = await setup()[CHANNELS.exportEncounter]([{ encounterText, format: 'png', suggestedName: 'x', style: 'fancy' }]);
    expect(bad.ok).toBe(false);
    expect(JSON.stringify(bad)).toMatch(/style/);
  });

  it('cancelling writes nothing', async () => {
    expect(await setup()[CHANNELS.exportEncounter]([{ encounterText, format: 'uvtt', suggestedName: 'x' }])).toEqual({ ok: true, value: null });
    expect(readdirSync(dir).filter((f) => f !== 'data')).toEqual([]);
  });

  it('refuses an invalid encounter, an unknown format and impossible options before asking where to save', async () => {
    saveAnswer = path.join(dir, 'x.png');
    const h = setup();
    const bad = await h[CHANNELS.exportEncounter]([{ encounterText: '{"format":"encounter-builder"}', format: 'png', suggestedName: 'x' }]);
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^Not exported: the encounter is not valid \(formatVersion: missing/) });
    const unknown = await h[CHANNELS.exportEncounter]([{ encounterText, format: 'svg', suggestedName: 'x' }]);
    expect(unknown).toMatchObject({ ok: false, error: expect.stringMatching(/^Refused exportEncounter: argument 0\.format/) });
    const huge = await h[CHANNELS.exportEncounter]([{ encounterText, format: 'png', suggestedName: 'x', pixelsPerSquare: 100000 }]);
    expect(huge.ok).toBe(false);
    expect(asked).toHaveLength(0);
    expect(existsSync(saveAnswer)).toBe(false);
  });
});
