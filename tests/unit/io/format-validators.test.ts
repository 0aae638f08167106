import { decode } from 'fast-png';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEncounter, parseScenario } from '../../../src-shared/io';
import { decodeBase64, foundryScene, tiledMap, uvttMap } from '../../../src-shared/io/export';
import { importUvtt } from '../../../src-shared/io/import';
import { makeCreature, type Encounter } from '../../../src-shared/model';

/**
 * Validators written from each format's own definition, apart from the exporters' code, and run on
 * every sample's export. Sources:
 * - Foundry VTT v13 common/documents/{scene,wall,token,region}.mjs and
 *   data/region-behaviors/modify-movement-cost.mjs (v12 for the `foundry-v12` option: token
 *   width/height `step: 0.5`, no `modifyMovementCost` behaviour); `isValidId`: 16 letters or digits;
 * - Universal VTT as Dungeondraft writes it and moo-man/FVTT-DD-Import reads it (ddimport.js:
 *   `resolution.map_origin`, `line_of_sight`, `portals[].bounds`/`position`, `lights` all read
 *   unconditionally);
 * - Tiled's JSON map format (doc "JSON Map Format", 1.10: `version` a string since 1.6, objects'
 *   `type` again since 1.10) and the keys pythonarcade/pytiled_parser reads without a default.
 */
const root = path.resolve(__dirname, '../../..');
const sampleDir = path.join(root, 'resources/encounters');
const samples: [string, Encounter][] = readdirSync(sampleDir)
  .filter((f) => f.endsWith('.encounter'))
  .map((f) => {
    const parsed = parseEncounter(readFileSync(path.join(sampleDir, f), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    return [f, parsed.encounter];
  });

const int = z.number().int();
const foundryId = z.string().regex(/^[a-zA-Z0-9]{16}$/);
const oneOf = (...values: number[]) => z.number().refine((v) => values.includes(v), `one of ${values.join(', ')}`);
// CONST.WALL_SENSE_TYPES, WALL_MOVEMENT_TYPES, WALL_DOOR_TYPES, WALL_DOOR_STATES, WALL_DIRECTIONS
// StringField({blank: false}) trims, then refuses an empty string.
const named = z.string().refine((s) => s.trim().length > 0, 'a name that is not blank');
// DocumentFlagsField keys are package ids (BasePackage.validateId); a key that is not is dropped.
const flags = z.record(z.string().regex(/^[A-Za-z0-9-_]+$/), z.record(z.string(), z.unknown()));
const nullOrPositive = z.number().positive().nullable();
const wall = z.object({
  _id: foundryId,
  c: z.tuple([int, int, int, int]),
  threshold: z.object({ light: nullOrPositive, sight: nullOrPositive, sound: nullOrPositive, attenuation: z.boolean() }).optional(),
  flags: flags.optional(),
  move: oneOf(0, 20),
  sight: oneOf(0, 10, 20, 30, 40),
  light: oneOf(0, 10, 20, 30, 40),
  sound: oneOf(0, 10, 20, 30, 40),
  door: oneOf(0, 1, 2),
  ds: oneOf(0, 1, 2),
  dir: oneOf(0, 1, 2),
});
const token = (v12: boolean) =>
  z.object({
    _id: foundryId,
    name: z.string(),
    // CONST.TOKEN_DISPLAY_MODES
    displayName: oneOf(0, 10, 20, 30, 40, 50).optional(),
    actorId: foundryId.nullable().optional(),
    alpha: z.number().min(0).max(1).optional(),
    flags: flags.optional(),
    x: int,
    y: int,
    // v13: positive; v12: positive in steps of 0.5 (a 1/3 would be rounded to 0.5 on import)
    width: z.number().positive().refine((w) => !v12 || Number.isInteger(w * 2), 'v12 sizes go in steps of 0.5'),
    height: z.number().positive().refine((w) => !v12 || Number.isInteger(w * 2), 'v12 sizes go in steps of 0.5'),
    elevation: z.number().finite(),
    disposition: oneOf(-2, -1, 0, 1),
  });
const region = z.object({
  _id: foundryId,
  name: named,
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  // elevation.bottom ≤ top, null for unbounded; CONST.REGION_VISIBILITY
  elevation: z.object({ bottom: z.number().nullable(), top: z.number().nullable() }),
  visibility: oneOf(0, 1, 2),
  flags: flags.optional(),
  shapes: z.array(z.object({ type: z.literal('rectangle'), x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() })).min(1),
  behaviors: z.array(
    z.object({
      _id: foundryId,
      type: z.literal('modifyMovementCost'),
      system: z.object({ difficulties: z.record(z.string(), z.number().min(0).max(5).refine((d) => Number.isInteger(d * 4), 'steps of 0.25')) }),
    }),
  ),
});
const scene = (v12: boolean) =>
  z.object({
    name: named,
    padding: z.literal(0),
    width: int.positive(),
    height: int.positive(),
    grid: z.object({ type: z.literal(1), size: int.min(20), style: z.string().min(1), thickness: int.positive(), alpha: z.number().min(0).max(1), distance: z.number().positive(), units: z.string() }),
    sort: int,
    ownership: z.object({ default: oneOf(-1, 0, 1, 2, 3) }),
    flags,
    background: z.object({ src: z.string().min(1) }),
    walls: z.array(wall),
    tokens: z.array(token(v12)),
    regions: v12 ? z.array(z.never()).length(0) : z.array(region),
  });

const uvttPoint = z.object({ x: z.number(), y: z.number() });
const uvtt = z.object({
  format: z.literal(0.3),
  resolution: z.object({ map_origin: z.object({ x: z.literal(0), y: z.literal(0) }), map_size: z.object({ x: int.positive(), y: int.positive() }), pixels_per_grid: int.positive() }),
  line_of_sight: z.array(z.array(uvttPoint).min(2)),
  objects_line_of_sight: z.array(z.array(uvttPoint)),
  portals: z.array(z.object({ position: uvttPoint, bounds: z.tuple([uvttPoint, uvttPoint]), rotation: z.number(), closed: z.boolean(), freestanding: z.literal(false) })),
  environment: z.object({ baked_lighting: z.boolean(), ambient_light: z.string().regex(/^[0-9a-f]{8}$/i) }),
  // Dungeondraft's lights as FVTT-DD-Import's GetLights reads them: position, range (squares),
  // intensity, colour as AARRGGBB (it drops the first two digits), shadows.
  lights: z.array(z.object({ position: uvttPoint, range: z.number().min(0), intensity: z.number().min(0), color: z.string().regex(/^[0-9a-f]{8}$/), shadows: z.boolean() })),
  image: z.string().min(1),
});

const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
// common/documents/drawing.mjs: ShapeData, fontSize 8–256, CONST.DRAWING_FILL_TYPES; hidden is GM-only.
const drawing = z.object({
  _id: foundryId,
  shape: z.object({ type: z.enum(['r', 'e', 't', 'p', 'f']), width: z.number().positive(), height: z.number().positive() }),
  x: int,
  y: int,
  text: z.string(),
  fontSize: int.min(8).max(256),
  textColor: hex,
  fillType: oneOf(0, 1, 2),
  strokeWidth: int.min(0),
  hidden: z.boolean(),
  flags: flags.optional(),
});
// common/documents/ambient-light.mjs and data/data.mjs LightData: dim and bright in distance units.
const ambientLight = z.object({
  _id: foundryId,
  x: z.number(),
  y: z.number(),
  rotation: z.number().min(0).max(360),
  walls: z.boolean(),
  vision: z.boolean(),
  config: z.object({ dim: z.number().min(0), bright: z.number().min(0), color: hex.nullable(), alpha: z.number().min(0).max(1), angle: z.number().min(0).max(360) }),
  hidden: z.boolean(),
  flags: flags.optional(),
});
// common/documents/tile.mjs
const tile = z.object({ _id: foundryId, texture: z.object({ src: z.string().min(1) }), x: int, y: int, width: int.positive(), height: int.positive(), alpha: z.number().min(0).max(1), hidden: z.boolean(), locked: z.boolean() });
/** A scene with the map's picture and everything pictures bring: no background only where a Tile carries the picture. */
const pictureScene = (v12: boolean) =>
  scene(v12)
    .extend({
      background: z.object({ src: z.string().min(1).nullable(), offsetX: int, offsetY: int }),
      drawings: z.array(drawing),
      lights: z.array(ambientLight),
      tiles: z.array(tile),
      tokens: z.array(token(v12).extend({ texture: z.object({ src: z.string().min(1) }) })),
    })
    .refine((s) => s.background.src !== null || s.tiles.length > 0, 'a picture as background or as a Tile');

const property = z.discriminatedUnion('type', [
  z.object({ name: z.string(), type: z.literal('string'), value: z.string() }),
  z.object({ name: z.string(), type: z.literal('int'), value: int }),
  z.object({ name: z.string(), type: z.literal('float'), value: z.number() }),
  z.object({ name: z.string(), type: z.literal('bool'), value: z.boolean() }),
]);
const layerBase = { id: int.positive(), name: z.string(), x: z.literal(0), y: z.literal(0), opacity: z.number().min(0).max(1), visible: z.boolean() };
const tiled = z.object({
  type: z.literal('map'),
  version: z.string(),
  tiledversion: z.string(),
  orientation: z.literal('orthogonal'),
  renderorder: z.enum(['right-down', 'right-up', 'left-down', 'left-up']),
  infinite: z.literal(false),
  width: int.positive(),
  height: int.positive(),
  tilewidth: int.positive(),
  tileheight: int.positive(),
  nextlayerid: int.positive(),
  nextobjectid: int.positive(),
  properties: z.array(property),
  tilesets: z
    .array(
      z.strictObject({
        firstgid: z.literal(1),
        name: z.string(),
        image: z.string().min(1),
        imagewidth: int.positive(),
        imageheight: int.positive(),
        tilewidth: int.positive(),
        tileheight: int.positive(),
        tilecount: int.positive(),
        columns: int.positive(),
        margin: int,
        spacing: int,
        tiles: z.array(z.object({ id: int.min(0), properties: z.array(property) })),
      }),
    )
    .length(1),
  layers: z.array(
    z.discriminatedUnion('type', [
      z.object({ ...layerBase, type: z.literal('tilelayer'), width: int, height: int, data: z.array(int.min(0)) }),
      z.object({
        ...layerBase,
        type: z.literal('objectgroup'),
        // pytiled_parser (parsers/json/layer.py) reads draworder without a default
        draworder: z.enum(['topdown', 'index']),
        objects: z.array(
          z.object({
            id: int.positive(),
            name: z.string(),
            type: z.string(),
            x: z.number(),
            y: z.number(),
            width: z.number().min(0),
            height: z.number().min(0),
            polyline: z.array(uvttPoint).min(2).optional(),
            properties: z.array(property),
          }),
        ),
      }),
    ]),
  ),
});

/** Segments as unit edges on a grid line, in pixels of size S, to find overlaps and zero lengths. */
function unitEdges(segments: number[][], S: number): string[] {
  const out: string[] = [];
  for (const [x0, y0, x1, y1] of segments as [number, number, number, number][]) {
    if (y0 === y1) for (let x = Math.min(x0, x1); x < Math.max(x0, x1); x += S) out.push(`h ${x} ${y0}`);
    else if (x0 === x1) for (let y = Math.min(y0, y1); y < Math.max(y0, y1); y += S) out.push(`v ${x0} ${y}`);
    else out.push(`diagonal ${x0} ${y0} ${x1} ${y1}`);
  }
  return out;
}

const unique = (ids: string[]) => new Set(ids).size === ids.length;

describe('exports against validators written from the formats', () => {
  for (const [file, e] of samples) {
    for (const v12 of [false, true]) {
      it(`${file}: Foundry ${v12 ? 'v12' : 'v13'} scene passes the data model's rules`, () => {
        const s = foundryScene(e, { v12, imagePath: 'map.png' }) as Record<string, any>;
        const parsed = scene(v12).safeParse(s);
        expect(parsed.success, parsed.error?.message).toBe(true);
        const S = s.grid.size;
        expect([s.width, s.height]).toEqual([e.map.width * S, e.map.height * S]);
        for (const list of [s.walls, s.tokens, s.regions, ...s.regions.map((r: any) => r.behaviors)]) expect(unique(list.map((d: any) => d._id))).toBe(true);
        for (const w of s.walls) {
          expect(w.c.every((v: number) => v % S === 0 && v >= 0), `${w.c} on grid lines in the scene`).toBe(true);
          expect(w.c[0] !== w.c[2] || w.c[1] !== w.c[3], 'no zero-length wall').toBe(true);
        }
        const edges = unitEdges(s.walls.map((w: any) => w.c), S);
        expect(edges.filter((k) => k.startsWith('diagonal'))).toEqual([]);
        expect(unique(edges), 'no wall overlaps another').toBe(true);
        for (const t of s.tokens) {
          expect(t.x >= 0 && t.y >= 0 && t.x + t.width * S <= s.width + 0.5 && t.y + t.height * S <= s.height + 0.5, `${t.name} inside the scene`).toBe(true);
        }
      });
    }

    it(`${file}: Universal VTT map reads as the importers read it`, () => {
      const m = uvttMap(e, { pixelsPerSquare: 30, grid: false }) as Record<string, any>;
      const parsed = uvtt.safeParse(m);
      expect(parsed.success, parsed.error?.message).toBe(true);
      const { x: W, y: H } = m.resolution.map_size;
      for (const line of m.line_of_sight) for (const p of line) expect(Number.isInteger(p.x) && Number.isInteger(p.y) && p.x >= 0 && p.x <= W && p.y >= 0 && p.y <= H).toBe(true);
      const edges = unitEdges([...m.line_of_sight.map((l: any) => [l[0].x, l[0].y, l[1].x, l[1].y]), ...m.portals.map((p: any) => [p.bounds[0].x, p.bounds[0].y, p.bounds[1].x, p.bounds[1].y])], 1);
      expect(unique(edges), 'no wall or portal overlaps another').toBe(true);
      const png = decode(decodeBase64(m.image)!);
      expect([png.width, png.height]).toEqual([W * 30, H * 30]);
    });

    it(`${file}: Tiled map follows the JSON map format`, () => {
      const { map } = tiledMap(e, { pixelsPerSquare: 16, tilesetImage: 't.png' }) as { map: Record<string, any> };
      const parsed = tiled.safeParse(map);
      expect(parsed.success, parsed.error?.message).toBe(true);
      for (const l of map.layers) if (l.type === 'tilelayer') expect([l.width, l.height, l.data.length]).toEqual([map.width, map.height, map.width * map.height]);
    });

    it(`${file}: UVTT → import → UVTT gives the same walls, doors and windows`, () => {
      const first = uvttMap(e, { pixelsPerSquare: 10, grid: false }) as Record<string, any>;
      const r = importUvtt(JSON.stringify(first), { ruleset: e.ruleset, name: e.name });
      if (!r.ok) throw new Error(r.error);
      const again = uvttMap(r.encounter, { pixelsPerSquare: 10, grid: false }) as Record<string, any>;
      const walls = (m: any) => unitEdges(m.line_of_sight.map((l: any) => [l[0].x, l[0].y, l[1].x, l[1].y]), 1).sort();
      const portals = (m: any) => m.portals.map((p: any) => JSON.stringify([p.bounds, p.closed])).sort();
      expect(walls(again)).toEqual(walls(first));
      expect(portals(again)).toEqual(portals(first));
    });
  }
});

describe('exports with pictures, labels, lights and drawn walls against the validators', () => {
  const fixture = path.join(root, 'tests/fixtures/pictures/exports-crypt.dd2vtt');
  const imported = () => {
    const r = importUvtt(readFileSync(fixture, 'utf8'), { ruleset: 'd20-35', name: 'Crypt' });
    if (!r.ok) throw new Error(r.error);
    const e = r.encounter;
    e.labels = [
      { id: 'l1', kind: 'label', text: 'Crypt', x: 5, y: 1.5 },
      { id: 'n1', kind: 'note', text: 'A pit under the rug', x: 4, y: 3 },
    ];
    e.tokenImages = [{ id: 'rug', mime: e.picture!.mime, data: e.picture!.data, width: e.picture!.width, height: e.picture!.height }];
    e.creatures.push(makeCreature({ id: 'g', x: 3, y: 3, token: 'rug' }));
    return e;
  };

  for (const v12 of [false, true]) {
    for (const [what, change] of [
      ['its picture as the background', () => {}],
      ['a picture not covering the map, as a Tile', (e: Encounter) => (e.picture!.offsetX = -50)],
    ] as const) {
      it(`a .dd2vtt with ${what}: Foundry ${v12 ? 'v12' : 'v13'} scene with drawn walls, text drawings, lights and token art passes the data model's rules`, () => {
        const e = imported();
        change(e);
        const s = foundryScene(e, { v12, imagePath: 'map.jpg', image: { kind: 'picture', picture: e.picture! }, tokenTextures: new Map([['rug', 'rug.jpg']]), gmNotes: true }) as Record<string, any>;
        const parsed = pictureScene(v12).safeParse(s);
        expect(parsed.success, parsed.error?.message).toBe(true);
        expect(s.drawings.map((d: any) => d.hidden)).toEqual([false, true]);
        expect(s.lights).toHaveLength(2);
        for (const list of [s.walls, s.tokens, s.drawings, s.lights, s.tiles]) expect(unique(list.map((d: any) => d._id))).toBe(true);
        for (const w of s.walls) expect(w.c[0] !== w.c[2] || w.c[1] !== w.c[3], 'no zero-length wall').toBe(true);
      });
    }
  }

  it('a .dd2vtt exported again reads as the importers read it, lights included', () => {
    const m = uvttMap(imported(), { pixelsPerSquare: 30, grid: false }) as Record<string, any>;
    const parsed = uvtt.safeParse(m);
    expect(parsed.success, parsed.error?.message).toBe(true);
    expect(m.lights).toHaveLength(2);
  });
});

describe('fixes found checking the formats', () => {
  it("an unnamed encounter still gives Foundry a scene name (a blank one refuses the whole import)", () => {
    for (const name of ['', '   ']) {
      const e = parseScenario('ruleset: d20-35\nmap:\n  . ,\n  . .\n');
      e.name = name;
      for (const v12 of [false, true]) {
        const s = foundryScene(e, { v12, imagePath: 'x.png' });
        const parsed = scene(v12).safeParse(s);
        expect(parsed.success, parsed.error?.message).toBe(true);
        expect(s['name']).toBe('Untitled encounter');
      }
    }
  });

  it("Foundry v12 tokens for creatures sharing a square are half a square (v12's step), each inside its square", () => {
    const e = parseScenario('ruleset: d20-35\nmap:\n  . .\n  . .\ncreatures:\n  A: size=diminutive at=1,1\n  B: size=diminutive at=1,1\n  C: size=diminutive at=1,1\n');
    const v12 = foundryScene(e, { v12: true, imagePath: 'x.png' }) as { tokens: { x: number; y: number; width: number }[] };
    expect(v12.tokens.map((t) => t.width)).toEqual([0.5, 0.5, 0.5]);
    for (const t of v12.tokens) expect(t.x >= 100 && t.x + 50 <= 200 && t.y >= 100 && t.y + 50 <= 200).toBe(true);
    const v13 = foundryScene(e, { v12: false, imagePath: 'x.png' }) as { tokens: { width: number }[] };
    expect(v13.tokens.map((t) => t.width)).toEqual([0.2, 0.2, 0.2]);
  });

  it('a Universal VTT window (closed: false) comes back as one, and our low obstacles go out as windows', () => {
    const map = {
      format: 0.3,
      resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 4, y: 3 }, pixels_per_grid: 10 },
      line_of_sight: [[{ x: 0, y: 1 }, { x: 1, y: 1 }]],
      objects_line_of_sight: [],
      portals: [
        { position: { x: 1.5, y: 1 }, bounds: [{ x: 1, y: 1 }, { x: 2, y: 1 }], rotation: 0, closed: true, freestanding: false },
        { position: { x: 2.5, y: 1 }, bounds: [{ x: 2, y: 1 }, { x: 3, y: 1 }], rotation: 0, closed: false, freestanding: false },
      ],
      environment: { baked_lighting: true, ambient_light: 'ffffffff' },
      lights: [],
    };
    const r = importUvtt(JSON.stringify(map), { ruleset: 'd20-35', name: 'w' });
    if (!r.ok) throw new Error(r.error);
    const again = uvttMap(r.encounter, { pixelsPerSquare: 10, grid: false }) as { portals: { bounds: unknown; closed: boolean }[] };
    expect(again.portals.map((p) => [p.bounds, p.closed])).toEqual(map.portals.map((p) => [p.bounds, p.closed]));
  });
});
