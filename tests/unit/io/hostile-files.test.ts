import fc from 'fast-check';
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { checkEncounterText, encounterToFile, parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { encodeBase64 } from '../../../src-shared/io/export';
import { importUvtt } from '../../../src-shared/io/import';

/**
 * Corrupt, truncated, wrong-version and hostile encounter files: each gets a sentence naming the
 * problem, and none throws or hangs. The property tests fuzz the loader and the Universal VTT
 * importer with 10,000 cases each (a few seconds).
 */
const valid = parseScenario(`ruleset: d20-35
name: Fuzz base
map:
  . , #
  ~ A o
creatures:
  A: side=enemy alt=5
  B: size=tiny at=0,0
elevation:
  0 5 0
  0 0 10
walls:
  wall 0,0 1,0
  door 1,1 2,1
`);
const validFile = () => JSON.parse(JSON.stringify(encounterToFile(valid))) as Record<string, any>;
const text = (o: unknown) => JSON.stringify(o);

describe('encounter files that are corrupt, truncated, from the future or hostile', () => {
  const cases: [string, () => string, RegExp][] = [
    ['truncated', () => serializeEncounter(valid).slice(0, 100), /^the file is not valid JSON/],
    ['empty', () => '', /not valid JSON/],
    ['not an encounter', () => '{"type":"map"}', /^format: expected "encounter-builder"/],
    ['a newer format', () => text({ ...validFile(), formatVersion: 99 }), /^formatVersion: the file is format 99, made by a newer version/],
    ['no format version', () => text({ ...validFile(), formatVersion: undefined }), /^formatVersion: missing/],
    ['a billion squares', () => text({ ...validFile(), map: { ...validFile().map, width: 1e9 } }), /^map\.width: /],
    ['a huge number', () => text({ ...validFile(), creatures: [{ ...validFile().creatures[0], altitude: 1e308 }] }), /^creatures\[0\]\.altitude: /],
    ['runs overflowing the map', () => text({ ...validFile(), map: { ...validFile().map, layers: { terrain: [1e15, 0] } } }), /map\.layers\.terrain: the runs cover more than the map's 6 squares/],
    ['runs short of the map', () => text({ ...validFile(), map: { ...validFile().map, layers: { terrain: [5, 0] } } }), /the runs cover 5 squares but the map has 6/],
    ['a run of a fraction', () => text({ ...validFile(), map: { ...validFile().map, layers: { terrain: [0.5, 0, 5.5, 0] } } }), /run 1 has count 0\.5/],
    ['deep nesting', () => `{"format":"encounter-builder","formatVersion":1,"name":${'['.repeat(100000)}${']'.repeat(100000)}}`, /not valid JSON|name: /],
    ['prototype-pollution keys', () => '{"__proto__":{"polluted":1},"format":"encounter-builder","formatVersion":1}', /^the file|^[a-z_.]*: |Unrecognized key/],
    // A format-1 background goes through the migration to a picture and is checked as one.
    ['an undecodable format-1 background', () => text({ ...validFile(), formatVersion: 1, background: { mime: 'image/png', data: 'AAAA', width: 2, height: 2, opacity: 1 } }), /^picture: the picture is neither PNG/],
    [
      'a picture claiming more than it is',
      () => text({ ...validFile(), picture: { ...goodPicture(), width: 9000, height: 9000 } }),
      /^picture: the file says image\/png 9000 × 9000 but the image is image\/png 2 × 2/,
    ],
    ['an enormous picture', () => text({ ...validFile(), picture: { ...goodPicture(), width: 100000 } }), /^picture\.width: /],
    ['a picture with no pixels to a square', () => text({ ...validFile(), picture: { ...goodPicture(), pixelsPerSquare: 0 } }), /^picture\.pixelsPerSquare: /],
    ['a creature naming a token picture the file lacks', () => text({ ...validFile(), creatures: [{ ...validFile().creatures[0], token: 'ghost' }] }), /^creatures\[0\]\.token: no token picture has the id "ghost"/],
    [
      'two token pictures with one id',
      () => text({ ...validFile(), tokenImages: [{ id: 't', ...tinyFile() }, { id: 't', ...tinyFile() }] }),
      /^tokenImages\[1\]\.id: "t" is used by another token picture/,
    ],
    ['a label with no text', () => text({ ...validFile(), labels: [{ id: 'l', kind: 'label', text: '', x: 0, y: 0 }] }), /^labels\[0\]\.text: /],
    ['a light of no colour', () => text({ ...validFile(), lights: [{ x: 0, y: 0, range: 2, intensity: 1, color: 'red', shadows: true }] }), /^lights\[0\]\.color: a colour is #rrggbb/],
    ['a drawn wall of one point', () => text({ ...validFile(), drawn: { walls: [[{ x: 0, y: 0 }]], portals: [] } }), /^drawn\.walls\[0\]: /],
  ];
  for (const [what, make, message] of cases) {
    it(what, () => {
      const r = parseEncounter(make());
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });
  }

  it('a file over the size limit is refused before it is parsed', () => {
    const r = parseEncounter(' '.repeat(160 * 1024 * 1024 + 1));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/over the 160 MiB limit/);
  });

  it('a picture, token art, labels, lights and drawn walls survive saving and loading, bytes unchanged', () => {
    const withArt = {
      ...valid,
      picture: goodPicture(),
      tokenImages: [{ id: 'goblin', ...tinyFile() }],
      creatures: valid.creatures.map((c) => ({ ...c, token: 'goblin' })),
      labels: [{ id: 'l1', kind: 'note' as const, text: 'Trap under the rug', x: 1.25, y: 0.5 }],
      lights: [{ x: 1, y: 1, range: 4, intensity: 0.8, color: '#ffeccd8b', shadows: true }],
      drawn: { walls: [[{ x: 0.2, y: 0 }, { x: 1.7, y: 1.1 }]], portals: [{ kind: 'door' as const, a: { x: 0, y: 1 }, b: { x: 1, y: 1 } }] },
    };
    const r = parseEncounter(serializeEncounter(withArt));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.encounter.picture).toEqual(withArt.picture);
    expect(r.encounter.picture!.data).toBe(tinyPng());
    expect(r.encounter.tokenImages).toEqual(withArt.tokenImages);
    expect(r.encounter.creatures.every((c) => c.token === 'goblin')).toBe(true);
    expect(r.encounter.labels).toEqual(withArt.labels);
    expect(r.encounter.lights).toEqual(withArt.lights);
    expect(r.encounter.drawn).toEqual(withArt.drawn);
  });

  it('a format-1 file\'s background, stretched over the map, opens as a picture lined up at its width per square', () => {
    // validFile's map is 3 squares wide; a 2-pixel picture stretched over it has 2/3 px a square,
    // which is raised to the 1 px floor; a 300-pixel one 100 px a square.
    const v1 = { ...validFile(), formatVersion: 1, background: { mime: 'image/png', data: tinyPng(), width: 2, height: 2, opacity: 0.5 } };
    const r = parseEncounter(text(v1));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.encounter.picture).toEqual({ mime: 'image/png', data: tinyPng(), width: 2, height: 2, opacity: 0.5, pixelsPerSquare: 1, offsetX: 0, offsetY: 0 });
    expect('background' in r.encounter).toBe(false);
  });
});

function tinyFile() {
  return { mime: 'image/png' as const, data: tinyPng(), width: 2, height: 2 };
}
function goodPicture() {
  return { ...tinyFile(), pixelsPerSquare: 1, offsetX: 0, offsetY: 0, opacity: 0.5 };
}

function tinyPng(): string {
  return encodeBase64(encode({ width: 2, height: 2, data: new Uint8Array(12), channels: 3, depth: 8 }));
}

/** Replaces the value at a random path inside a JSON value. */
function mutate(root: unknown, pathChoices: number[], replacement: unknown): unknown {
  if (pathChoices.length === 0 || typeof root !== 'object' || root === null) return replacement;
  const [choice, ...rest] = pathChoices;
  if (Array.isArray(root)) {
    if (root.length === 0) return replacement;
    const copy = root.slice();
    const i = choice! % root.length;
    copy[i] = mutate(root[i], rest, replacement);
    return copy;
  }
  const keys = Object.keys(root);
  if (keys.length === 0) return replacement;
  const key = keys[choice! % keys.length]!;
  return { ...(root as object), [key]: mutate((root as Record<string, unknown>)[key], rest, replacement) };
}

const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e308, -1e308, 1e15, -1, 0.5, 2 ** 31, Number.MAX_SAFE_INTEGER, '', '__proto__', null, [], {}),
  fc.constantFrom({ __proto__: { polluted: 1 } }, JSON.parse('{"__proto__":{"polluted":1}}'), { constructor: { prototype: { polluted: 1 } } }),
);

describe('fuzzing (fast-check)', () => {
  it('the encounter loader and the save check never throw: mutated, truncated and random files get a message or a valid encounter (10,000 cases)', () => {
    const base = validFile();
    const baseText = text(base);
    const input = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.array(fc.nat(), { maxLength: 6 }), hostileValue).map(([p, v]) => text(mutate(base, p, v))) },
      { weight: 2, arbitrary: fc.nat({ max: baseText.length }).map((n) => baseText.slice(0, n)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => text(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    );
    fc.assert(
      fc.property(input, (t) => {
        const r = parseEncounter(t);
        // The main process's check before a save (no map built) answers exactly as the loader,
        // except that a creature the loader renamed (a reserved id) is refused, not renamed.
        const check = checkEncounterText(t);
        if (r.ok && r.renamed) expect(check.ok ? 'ok' : check.error).toMatch(/^creatures\[\d+\]\.id: ".+" is a reserved name/);
        else expect(check.ok ? 'ok' : check.error).toBe(r.ok ? 'ok' : r.error);
        if (r.ok) {
          // What loads, saves and loads again the same.
          const again = parseEncounter(serializeEncounter(r.encounter));
          expect(again.ok && serializeEncounter(again.encounter)).toBe(serializeEncounter(r.encounter));
        } else {
          expect(r.error).toMatch(/^[^\n]{3,}$/);
        }
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      }),
      { numRuns: 10_000, seed: 20261122 },
    );
  }, 120_000); // 10,000 cases take seconds on a quiet machine; more on a loaded one

  it('the Universal VTT importer never throws and never makes a map it cannot save (10,000 cases)', () => {
    const base = {
      format: 0.3,
      resolution: { map_origin: { x: 0.5, y: -1 }, map_size: { x: 5, y: 4 }, pixels_per_grid: 10 },
      line_of_sight: [[{ x: 1, y: 0 }, { x: 1.4, y: 2.7 }, { x: 4, y: 3 }]],
      objects_line_of_sight: [[{ x: 0, y: 1 }, { x: 2, y: 1 }]],
      portals: [{ position: { x: 2.5, y: 3 }, bounds: [{ x: 2, y: 3 }, { x: 3, y: 3 }], rotation: 0, closed: true, freestanding: false }],
      lights: [],
      image: tinyPng(),
    };
    const baseText = text(base);
    const input = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.array(fc.nat(), { maxLength: 5 }), hostileValue).map(([p, v]) => text(mutate(base, p, v))) },
      { weight: 2, arbitrary: fc.nat({ max: baseText.length }).map((n) => baseText.slice(0, n)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => text(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    );
    fc.assert(
      fc.property(input, (t) => {
        const r = importUvtt(t, { ruleset: 'd20-35', name: 'fuzz' });
        if (r.ok) {
          const saved = parseEncounter(serializeEncounter(r.encounter));
          expect(saved.ok, saved.ok ? '' : saved.error).toBe(true);
        } else {
          expect(r.error).toMatch(/^[^\n]{3,}$/);
        }
      }),
      { numRuns: 10_000, seed: 20261122 },
    );
  }, 120_000); // 10,000 cases take seconds on a quiet machine; more on a loaded one
});
