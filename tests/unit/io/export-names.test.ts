import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, exportEncounter, exportFileNames } from '../../../src-shared/io/export';

const gate = parseScenario('ruleset: d20-35\nname: Gate\nmap:\n  A . #\n  . , .\ncreatures:\n  A: side=party\n');

describe('export file names', () => {
  it('each format has its own default name, none of them our encounter JSON’s `<name>.json`', () => {
    const mains = EXPORT_FORMATS.map((f) => exportEncounter(gate, f, 'Gate', { pixelsPerSquare: 4 })[0]!.name);
    expect(mains).toEqual(['Gate.foundry.json', 'Gate.foundry-v12.json', 'Gate.dd2vtt', 'Gate.tmj', 'Gate.png']);
    expect(new Set(mains).size).toBe(mains.length);
    expect(mains).not.toContain('Gate.json');
  });

  it('companions are named after the main file, so no two exports of one encounter share a file', () => {
    const all = EXPORT_FORMATS.flatMap((f) => exportEncounter(gate, f, 'Gate', { pixelsPerSquare: 4 }).map((x) => x.name));
    expect(all).toEqual(['Gate.foundry.json', 'Gate.foundry-map.png', 'Gate.foundry-v12.json', 'Gate.foundry-v12-map.png', 'Gate.dd2vtt', 'Gate.tmj', 'Gate-tiles.png', 'Gate.png']);
    expect(new Set(all).size).toBe(all.length);
  });

  it('the main file refers to its companion by the name it is written under', () => {
    const [scene, image] = exportEncounter(gate, 'foundry', 'Gate', { pixelsPerSquare: 4 });
    expect(JSON.parse(new TextDecoder().decode(scene!.bytes)).background.src).toBe(image!.name);
    const [map, tiles] = exportEncounter(gate, 'tiled', 'Gate', { pixelsPerSquare: 4 });
    expect(JSON.parse(new TextDecoder().decode(map!.bytes)).tilesets[0].image).toBe(tiles!.name);
  });

  it('a name the user chose is kept when it has the format’s extension; otherwise the ending is added', () => {
    expect(exportFileNames('foundry', 'my-scene.json')).toEqual({ main: 'my-scene.json', stem: 'my-scene' });
    expect(exportFileNames('foundry', 'My Scene.JSON')).toEqual({ main: 'My Scene.JSON', stem: 'My Scene' });
    expect(exportFileNames('foundry', 'level')).toEqual({ main: 'level.foundry.json', stem: 'level.foundry' });
    expect(exportFileNames('uvtt', 'cave.dd2vtt')).toEqual({ main: 'cave.dd2vtt', stem: 'cave' });
    expect(exportFileNames('tiled', 'cave.json')).toEqual({ main: 'cave.json.tmj', stem: 'cave.json' });
    expect(exportFileNames('png', '.png')).toEqual({ main: '.png.png', stem: '.png' });
    for (const f of EXPORT_FORMATS) expect(EXPORT_FORMAT_INFO[f].ending.endsWith(EXPORT_FORMAT_INFO[f].extension)).toBe(true);
  });
});
