import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encounterToFile, parseEncounter, serializeEncounter } from '../../../src-shared/io';
import { EncounterFileSchema } from '../../../src-shared/io/schema';
import { createEncounter, Edge, Light, makeCreature, squareIndex, Terrain } from '../../../src-shared/model';

function sample() {
  const e = createEncounter({ name: 'Crypt', ruleset: 'epic-path', width: 12, height: 9 });
  e.map.terrain[squareIndex(e.map, 3, 4)] = Terrain.difficult;
  e.map.terrain[squareIndex(e.map, 5, 5)] = Terrain.water;
  e.map.waterDepth[squareIndex(e.map, 5, 5)] = 15;
  e.map.elevation[squareIndex(e.map, 0, 0)] = 10;
  e.map.edgeEast[squareIndex(e.map, 2, 2)] = Edge.wall;
  e.map.light[squareIndex(e.map, 7, 7)] = Light.darkness;
  e.creatures.push(makeCreature({ id: 'ogre', name: 'Ogre', size: 'large', side: 'enemy', x: 6, y: 1, speed: { walk: 40 }, dead: true, reachWeapon: true, blinded: true }));
  e.settings.epicPathRun = 'encumbrance';
  return e;
}

describe('encounter file format v1', () => {
  it('round-trips every layer, creature and setting', () => {
    const e = sample();
    const parsed = parseEncounter(serializeEncounter(e));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.encounter.name).toBe('Crypt');
    expect(parsed.encounter.ruleset).toBe('epic-path');
    expect(Array.from(parsed.encounter.map.terrain)).toEqual(Array.from(e.map.terrain));
    expect(parsed.encounter.map.waterDepth[squareIndex(e.map, 5, 5)]).toBe(15);
    expect(parsed.encounter.map.elevation[0]).toBe(10);
    expect(parsed.encounter.map.edgeEast[squareIndex(e.map, 2, 2)]).toBe(Edge.wall);
    expect(parsed.encounter.map.light[squareIndex(e.map, 7, 7)]).toBe(Light.darkness);
    expect(parsed.encounter.creatures).toEqual(e.creatures);
    expect(parsed.encounter.settings).toEqual({ epicPathRun: 'encumbrance' });
  });

  it('reads a file without a light layer as bright everywhere, and refuses a light level it does not know', () => {
    const file = encounterToFile(createEncounter({ name: 'Old', ruleset: 'epic-path', width: 3, height: 2 }));
    expect('light' in file.map.layers).toBe(false);
    const parsed = parseEncounter(JSON.stringify(file));
    expect(parsed.ok && Array.from(parsed.encounter.map.light)).toEqual([0, 0, 0, 0, 0, 0]);
    const bad = parseEncounter(JSON.stringify({ ...file, map: { ...file.map, layers: { ...file.map.layers, light: [6, 3] } } }));
    expect(bad.ok).toBe(false);
  });

  it('keeps a plain 512 × 512 map small (run-length layers)', () => {
    const e = createEncounter({ ruleset: 'd20-35', width: 512, height: 512 });
    const text = serializeEncounter(e);
    expect(text.length).toBeLessThan(400);
    expect(encounterToFile(e).map.layers.terrain).toEqual([262144, 0]);
  });

  it('round-trips random terrain exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 400, maxLength: 400 }), (w, h, kinds) => {
        const e = createEncounter({ ruleset: 'd20-35', width: w, height: h });
        for (let i = 0; i < w * h; i++) e.map.terrain[i] = kinds[i]!;
        const parsed = parseEncounter(serializeEncounter(e));
        return parsed.ok && Array.from(parsed.encounter.map.terrain).join() === Array.from(e.map.terrain).join();
      }),
    );
  });

  it.each([
    ['not JSON', '{oops', /^the file is not valid JSON \(/],
    ['not an object', '[1,2]', /^the file is not a JSON object describing an encounter$/],
    ['another format', '{"format":"tiled"}', /format: expected "encounter-builder"/],
    ['a newer version', '{"format":"encounter-builder","formatVersion":7}', /newer version/],
  ])('rejects %s with a message', (_label, text, message) => {
    const parsed = parseEncounter(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it('names the bad field', () => {
    const file = encounterToFile(sample()) as unknown as { map: { width: unknown }; creatures: { size: unknown }[] };
    file.creatures[0]!.size = 'enormous';
    const bad = parseEncounter(JSON.stringify(file));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^creatures\[0\]\.size:/);

    const wide = encounterToFile(sample()) as unknown as { map: { width: unknown } };
    wide.map.width = 5000;
    const tooWide = parseEncounter(JSON.stringify(wide));
    expect(!tooWide.ok && tooWide.error).toMatch(/^map\.width:/);
  });

  it('rejects layers that do not cover the map, or hold values the layer does not allow', () => {
    const short = encounterToFile(sample());
    short.map.layers.terrain = [10, 0];
    const r1 = parseEncounter(JSON.stringify(short));
    expect(!r1.ok && r1.error).toMatch(/map\.layers\.terrain: the runs cover 10 squares but the map has 108/);

    const badValue = encounterToFile(sample());
    badValue.map.layers.terrain = [108, 9];
    const r2 = parseEncounter(JSON.stringify(badValue));
    expect(!r2.ok && r2.error).toMatch(/value 9/);

    const huge = encounterToFile(sample());
    huge.map.layers.terrain = [1e12, 0];
    const r3 = parseEncounter(JSON.stringify(huge));
    expect(!r3.ok && r3.error).toMatch(/more than the map/);
  });

  it('writes each layer on one line, the rest one field a line, and reads back the same object', () => {
    const e = sample();
    e.name = 'A "map": "x"\nline';
    const text = serializeEncounter(e);
    const lines = text.split('\n');
    expect(lines.filter((l) => l.startsWith('   "terrain": ['))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith('   "terrain": ['))).toMatch(/^ {3}"terrain": \[[\d,]+\],$/);
    expect(lines).toContain(' "map": {');
    expect(lines).toContain('  "width": 12,');
    expect(text.endsWith('}\n')).toBe(true);
    // Same content as a plain JSON.stringify of the file, and valid by the documented schema.
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(encounterToFile(e))));
    expect(EncounterFileSchema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it('reads files written with one number a line (the layout before run-length layers went on one line)', () => {
    const dir = path.resolve(__dirname, '../../fixtures/encounter-files');
    const old = readFileSync(path.join(dir, 'drake-lair.one-number-a-line.encounter'), 'utf8');
    const current = readFileSync(path.resolve(__dirname, '../../../resources/encounters/drake-lair.epic-path.encounter'), 'utf8');
    expect(old.split('\n').length).toBeGreaterThan(current.split('\n').length + 50);
    const a = parseEncounter(old);
    const b = parseEncounter(current);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(JSON.parse(serializeEncounter(a.encounter))).toEqual(JSON.parse(current));
    expect(Array.from(a.encounter.map.elevation)).toEqual(Array.from(b.encounter.map.elevation));
  });

  it('checks every run of a layer to be a number, naming what it found instead', () => {
    const cases: [unknown[], RegExp][] = [
      [['108', 0], /terrain: run 1 has count a string/],
      [[108, null], /terrain: run 1 has value null/],
      [[100, 0, 8, [[[0]]]], /terrain: run 2 has value a list/],
      [[100, 0, { n: 8 }, 0], /terrain: run 2 has count an object/],
      [[108, true], /terrain: run 1 has value a boolean/],
    ];
    for (const [runs, message] of cases) {
      const file = encounterToFile(sample()) as unknown as { map: { layers: Record<string, unknown> } };
      file.map.layers['terrain'] = runs;
      const r = parseEncounter(JSON.stringify(file));
      expect(!r.ok && r.error).toMatch(message);
    }
    const notList = encounterToFile(sample()) as unknown as { map: { layers: Record<string, unknown> } };
    notList.map.layers['elevation'] = { 0: 108, 1: 0, length: 2 };
    const r = parseEncounter(JSON.stringify(notList));
    expect(!r.ok && r.error).toMatch(/^map\.layers\.elevation: expected an array of runs/);
  });

  it('rejects duplicate creature ids and creatures off the map', () => {
    const dup = encounterToFile(sample());
    dup.creatures.push({ ...dup.creatures[0]! });
    const r1 = parseEncounter(JSON.stringify(dup));
    expect(!r1.ok && r1.error).toMatch(/creatures\[1\]\.id: "ogre" is used by another creature/);

    const off = encounterToFile(sample());
    off.creatures[0]!.x = 40;
    const r2 = parseEncounter(JSON.stringify(off));
    expect(!r2.ok && r2.error).toMatch(/outside the 12 × 9 map/);
  });
});
