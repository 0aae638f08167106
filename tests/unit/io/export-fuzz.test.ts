import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportEncounter, exportFileNames, ExportProblem } from '../../../src-shared/io/export';
import { createEncounter, EDGE_COUNT, makeCreature, RULESET_IDS, SIDES, SIZE_CATEGORIES, TERRAIN_COUNT, type Encounter } from '../../../src-shared/model';

/**
 * Issue 19 › 10: the exporters fuzzed as the loader and the importer are. Any encounter the model
 * allows exports in every format or is refused with an ExportProblem sentence; nothing else is
 * thrown, the files are named as `exportFileNames` says, JSON files parse and pictures are PNGs.
 * HARDENING_LONG=1 runs ten times as many.
 */
const RUNS = process.env['HARDENING_LONG'] ? 1000 : 40;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const encounterArb = fc
  .record({
    ruleset: fc.constantFrom(...RULESET_IDS),
    width: fc.integer({ min: 1, max: 14 }),
    height: fc.integer({ min: 1, max: 14 }),
    name: fc.string({ maxLength: 40 }),
    seed: fc.array(fc.nat(), { minLength: 8, maxLength: 64 }),
    creatures: fc.array(fc.record({ size: fc.constantFrom(...SIZE_CATEGORIES), side: fc.constantFrom(...SIDES), x: fc.nat(), y: fc.nat(), altitude: fc.integer({ min: -100, max: 100 }) }), { maxLength: 6 }),
  })
  .map(({ ruleset, width, height, name, seed, creatures }): Encounter => {
    const e = createEncounter({ name, ruleset, width, height });
    const n = width * height;
    // Layers filled from the seed: every terrain, edge and a spread of heights and depths.
    for (let i = 0; i < n; i++) {
      const s = seed[i % seed.length]! + i;
      e.map.terrain[i] = s % TERRAIN_COUNT;
      e.map.edgeEast[i] = (s >> 3) % EDGE_COUNT;
      e.map.edgeSouth[i] = (s >> 5) % EDGE_COUNT;
      e.map.elevation[i] = ((s >> 2) % 41) - 20;
      e.map.waterDepth[i] = (s >> 4) % 3 === 0 ? (s % 30) : 0;
    }
    e.creatures = creatures.map((c, i) => makeCreature({ id: `C${i}`, name: `${name}${i}`, size: c.size, side: c.side, x: c.x % width, y: c.y % height, altitude: c.altitude }));
    return e;
  });

describe('exporter fuzzing (issue 19 › 10)', () => {
  it(`every format exports or refuses with a sentence (${RUNS} encounters × ${EXPORT_FORMATS.length} formats)`, { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(encounterArb, fc.constantFrom(...EXPORT_FORMATS), fc.integer({ min: 1, max: 80 }), fc.boolean(), fc.boolean(), (e, format, pixelsPerSquare, grid, creatures) => {
        let files;
        try {
          files = exportEncounter(e, format, 'Fuzz', { pixelsPerSquare, grid, creatures });
        } catch (err) {
          expect(err).toBeInstanceOf(ExportProblem);
          expect((err as Error).message).toMatch(/^\S.{5,}/);
          return;
        }
        expect(files[0]!.name).toBe(exportFileNames(format, 'Fuzz').main);
        expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
        for (const f of files) {
          expect(f.name).not.toMatch(/[\\/]/);
          if (f.name.endsWith('.png')) expect([...f.bytes.subarray(0, 8)]).toEqual(PNG);
          else expect(() => JSON.parse(new TextDecoder().decode(f.bytes))).not.toThrow();
        }
      }),
      { numRuns: RUNS * EXPORT_FORMATS.length, seed: 20261125 },
    );
  });
});
