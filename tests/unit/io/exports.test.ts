import { decode } from 'fast-png';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEncounter, parseScenario } from '../../../src-shared/io';
import {
  decodeBase64,
  decodeUtf8,
  encodeBase64,
  exportEncounter,
  EXPORT_FORMATS,
  ExportProblem,
  foundryScene,
  mapPng,
  placements,
  tiledMap,
  uvttMap,
} from '../../../src-shared/io/export';
import { Edge, Terrain, type Encounter } from '../../../src-shared/model';
import { blocksSight } from '../../../src-shared/rules/engine/sight';
import { footprintOf } from '../../../src-shared/rules/sizes';

const root = path.resolve(__dirname, '../../..');
const fixtures = path.join(root, 'tests/fixtures/exports');
const fixture = (name: string) => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
const small = parseScenario(readFileSync(path.join(fixtures, 'small.txt'), 'utf8'));
const sampleDir = path.join(root, 'resources/encounters');
const samples: [string, Encounter][] = readdirSync(sampleDir)
  .filter((f) => f.endsWith('.encounter'))
  .map((f) => {
    const parsed = parseEncounter(readFileSync(path.join(sampleDir, f), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    return [f, parsed.encounter];
  });

/** Counts straight from the layers, independently of the exporters. */
function countEdges(e: Encounter) {
  const m = e.map;
  const c = { wall: 0, low: 0, door: 0, openDoor: 0, window: 0, outline: 0 };
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      const i = y * m.width + x;
      for (const [edge, inside, nx, ny] of [
        [m.edgeEast[i]!, x < m.width - 1, x + 1, y],
        [m.edgeSouth[i]!, y < m.height - 1, x, y + 1],
      ] as const) {
        if (!inside) continue;
        if (edge === Edge.wall) c.wall++;
        else if (edge === Edge.low) c.low++;
        else if (edge === Edge.doorClosed || edge === Edge.doorOpen) {
          c.door++;
          if (edge === Edge.doorOpen) c.openDoor++;
        } else if (edge === Edge.window) c.window++;
        else if (blocksSight(m, i) !== blocksSight(m, ny * m.width + nx)) c.outline++;
      }
    }
  }
  return c;
}

const length = (c: number[]) => Math.abs(c[2]! - c[0]!) + Math.abs(c[3]! - c[1]!);

describe('Foundry VTT scene export', () => {
  it('matches the hand-written fixture for a small map (walls, door, low obstacle, token, region)', () => {
    const want = fixture('small.foundry.json');
    const scene = foundryScene(small, { v12: false, imagePath: 'small.png' }) as Record<string, any>;
    expect(scene).toMatchObject({ padding: want.padding, width: want.width, height: want.height, grid: want.grid });
    expect(scene.walls).toHaveLength(want.walls.length);
    want.walls.forEach((w: object, i: number) => expect(scene.walls[i]).toMatchObject(w));
    expect(scene.tokens).toHaveLength(1);
    expect(scene.tokens[0]).toMatchObject(want.tokens[0]);
    expect(scene.regions).toMatchObject(want.regions);
    expect(scene.background.src).toBe('small.png');
    // Every embedded document has its own valid id (Foundry's isValidId: 16 letters or digits).
    const ids = [...scene.walls, ...scene.tokens, ...scene.regions].map((d: { _id: string }) => d._id);
    expect(ids.every((id) => /^[a-zA-Z0-9]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the v12 option leaves out Regions and nothing else', () => {
    const v13 = foundryScene(small, { v12: false, imagePath: 'x.png' });
    const v12 = foundryScene(small, { v12: true, imagePath: 'x.png' });
    expect(v12['regions']).toEqual([]);
    expect({ ...v12, regions: null }).toEqual({ ...v13, regions: null });
  });

  it('places tiny creatures sharing a square apart, each a fraction of a square', () => {
    const e = parseScenario('ruleset: d20-35\nmap:\n  . .\ncreatures:\n  A: size=tiny at=0,0\n  B: size=tiny at=0,0\n  C: size=tiny at=0,0 slot=0\n');
    const ps = placements(e);
    const k = Math.ceil(Math.sqrt(footprintOf('d20-35', 'tiny').perSquare));
    expect(ps.map((p) => p.size)).toEqual([1 / k, 1 / k, 1 / k]);
    const spots = new Set(ps.map((p) => `${p.x},${p.y}`));
    expect(spots.size).toBe(3);
    expect(ps[2]).toMatchObject({ x: 0, y: 0 }); // C asked for slot 0
    const scene = foundryScene(e, { v12: false, imagePath: 'x.png' }) as { tokens: { x: number; width: number }[] };
    expect(scene.tokens.every((t) => t.width === 1 / k && t.x >= 0 && t.x < 100)).toBe(true);
  });

  for (const [file, e] of samples) {
    it(`${file}: scene of the documented shape, one token per creature, every wall and door`, () => {
      const scene = foundryScene(e, { v12: false, imagePath: 'map.png' }) as Record<string, any>;
      expect(scene.padding).toBe(0);
      expect(scene.grid.type).toBe(1);
      expect(Number.isInteger(scene.grid.size) && scene.grid.size >= 20).toBe(true);
      expect(scene.width).toBe(e.map.width * scene.grid.size);
      expect(scene.height).toBe(e.map.height * scene.grid.size);
      const counts = countEdges(e);
      const S = scene.grid.size;
      for (const w of scene.walls) {
        expect(w.c.every((v: number) => Number.isInteger(v) && v % S === 0)).toBe(true);
        for (const k of ['move', 'sight', 'light', 'sound']) expect([0, 10, 20, 30, 40]).toContain(w[k]);
        expect([0, 1, 2]).toContain(w.door);
        expect([0, 1, 2]).toContain(w.ds);
      }
      const doors = scene.walls.filter((w: any) => w.door > 0);
      expect(doors).toHaveLength(counts.door);
      const lows = scene.walls.filter((w: any) => w.door === 0 && w.sight === 0);
      expect(lows.reduce((s: number, w: any) => s + length(w.c), 0)).toBe((counts.low + counts.window) * S);
      const full = scene.walls.filter((w: any) => w.door === 0 && w.sight === 20);
      expect(full.reduce((s: number, w: any) => s + length(w.c), 0)).toBe((counts.wall + counts.outline) * S);
      expect(scene.tokens).toHaveLength(e.creatures.length);
      for (const t of scene.tokens) expect(t.width).toBeGreaterThan(0);
      const difficult = e.map.terrain.filter((t) => t === Terrain.difficult).length;
      const region = scene.regions.find((r: any) => r.name === 'Difficult terrain');
      const area = region ? region.shapes.reduce((s: number, r: any) => s + r.width * r.height, 0) : 0;
      expect(area).toBe(difficult * S * S);
    });
  }
});

describe('Universal VTT export', () => {
  it('matches the hand-written fixture for a small map', () => {
    const want = fixture('small.uvtt.json');
    const got = uvttMap(small, { pixelsPerSquare: 50, grid: false }) as Record<string, any>;
    const { image, environment, ...rest } = got;
    delete want['//'];
    expect(rest).toEqual(want);
    expect(environment).toBeTypeOf('object');
    const png = decode(decodeBase64(image)!);
    expect([png.width, png.height]).toEqual([150, 150]);
  });

  for (const [file, e] of samples) {
    it(`${file}: walls as grid-unit polylines, a portal per door, an image of exactly map_size × pixels_per_grid`, () => {
      const got = uvttMap(e, { pixelsPerSquare: 20, grid: true }) as Record<string, any>;
      expect(got.format).toBe(0.3);
      expect(got.lights).toEqual([]);
      expect(got.objects_line_of_sight).toEqual([]);
      const counts = countEdges(e);
      const total = got.line_of_sight.reduce((s: number, l: { x: number; y: number }[]) => s + length([l[0]!.x, l[0]!.y, l[1]!.x, l[1]!.y]), 0);
      expect(total).toBe(counts.wall + counts.outline);
      // One portal a square: every door, open or closed, is a closed portal (importers read closed as a
      // door: FVTT-DD-Import GetDoors); low obstacles and windows are see-through (closed: false).
      for (const p of got.portals) expect(p).toMatchObject({ freestanding: false });
      for (const p of got.portals) expect(length([p.bounds[0].x, p.bounds[0].y, p.bounds[1].x, p.bounds[1].y])).toBe(1);
      expect(got.portals.filter((p: { closed: boolean }) => p.closed)).toHaveLength(counts.door);
      expect(got.portals.filter((p: { closed: boolean }) => !p.closed)).toHaveLength(counts.low + counts.window);
      const png = decode(decodeBase64(got.image)!);
      expect([png.width, png.height]).toEqual([e.map.width * 20, e.map.height * 20]);
    });
  }
});

describe('Tiled export', () => {
  it('matches the hand-written fixture for a small map', () => {
    const want = fixture('small.tiled.json');
    const { map } = tiledMap(small, { pixelsPerSquare: 32, tilesetImage: 'small-tiles.png' }) as { map: Record<string, any> };
    for (const k of ['type', 'orientation', 'infinite', 'width', 'height', 'tilewidth', 'tileheight']) expect(map[k], k).toEqual(want[k]);
    const layer = (name: string) => map.layers.find((l: any) => l.name === name);
    expect(layer('terrain').data).toEqual(want.terrain);
    expect(layer('elevation').data).toEqual(want.elevation);
    expect(map.tilesets[0].tilecount).toBe(want.tilecount);
    expect(layer('walls').objects).toMatchObject(want.walls);
    expect(layer('doors').objects).toMatchObject(want.doors);
    expect(layer('creatures').objects).toMatchObject(want.creatures);
  });

  for (const [file, e] of samples) {
    it(`${file}: documented map fields, an embedded tileset, CSV layers of width × height, objects in pixels`, () => {
      const T = 24;
      const { map, tilesetPng } = tiledMap(e, { pixelsPerSquare: T, tilesetImage: 't.png' }) as { map: Record<string, any>; tilesetPng: Uint8Array };
      expect(map).toMatchObject({ type: 'map', orientation: 'orthogonal', infinite: false, width: e.map.width, height: e.map.height, tilewidth: T, tileheight: T });
      expect(typeof map.version).toBe('string');
      const ts = map.tilesets[0];
      expect(ts.source).toBeUndefined();
      const png = decode(tilesetPng);
      expect([png.width, png.height]).toEqual([ts.imagewidth, ts.imageheight]);
      expect(ts.tilecount).toBeLessThanOrEqual(ts.columns * (ts.imageheight / T));
      const ids = new Set<number>();
      for (const l of map.layers) {
        expect(ids.has(l.id)).toBe(false);
        ids.add(l.id);
        for (const k of ['id', 'name', 'type', 'x', 'y', 'opacity', 'visible']) expect(l).toHaveProperty(k);
        if (l.type === 'tilelayer') {
          expect(l.data).toHaveLength(e.map.width * e.map.height);
          expect(l.data.every((g: number) => Number.isInteger(g) && g >= 0 && g <= ts.tilecount)).toBe(true);
        }
      }
      expect(map.nextlayerid).toBe(Math.max(...ids) + 1);
      const objects = map.layers.filter((l: any) => l.type === 'objectgroup').flatMap((l: any) => l.objects);
      expect(map.nextobjectid).toBe(Math.max(0, ...objects.map((o: any) => o.id)) + 1);
      const creatures = map.layers.find((l: any) => l.name === 'creatures').objects;
      expect(creatures).toHaveLength(e.creatures.length);
      for (const c of creatures) {
        expect(c.x).toBeLessThan(e.map.width * T);
        for (const p of c.properties) expect(['string', 'int', 'float', 'bool']).toContain(p.type);
      }
      expect(map.layers.find((l: any) => l.name === 'doors').objects).toHaveLength(countEdges(e).door);
    });
  }
});

describe('PNG export', () => {
  it('draws terrain, grid and creatures at the chosen scale', () => {
    const bare = decode(mapPng(small, { pixelsPerSquare: 10, grid: false, creatures: false }));
    const full = decode(mapPng(small, { pixelsPerSquare: 10, grid: true, creatures: true }));
    expect([bare.width, bare.height]).toEqual([30, 30]);
    const at = (img: typeof bare, x: number, y: number) => Array.from(img.data.slice((y * img.width + x) * img.channels, (y * img.width + x) * img.channels + 3));
    // The centre of the goblin's square is red with creatures and ground colour without.
    expect(at(full, 15, 15)).toEqual([210, 60, 60]);
    expect(at(bare, 15, 15)).not.toEqual([210, 60, 60]);
    // The blocked square is dark (shaded for its height like every square).
    const [r, g, b] = at(bare, 25, 5);
    expect(r! + g! + b!).toBeLessThan(200);
    // Grid lines darken the first pixel row of a square.
    expect(at(full, 5, 0)[0]).toBeLessThan(at(bare, 5, 0)[0]!);
  });

  for (const [file, e] of samples) {
    it(`${file}: a PNG of exactly squares × pixels per square, creatures drawn in their side's colour`, () => {
      const img = decode(mapPng(e, { pixelsPerSquare: 9, grid: true, creatures: true }));
      expect([img.width, img.height, img.channels]).toEqual([e.map.width * 9, e.map.height * 9, 3]);
      const c = placements(e).find((p) => p.size >= 1)!;
      const cx = Math.floor((c.x + c.size / 2) * 9);
      const cy = Math.floor((c.y + c.size / 2) * 9);
      const o = (cy * img.width + cx) * 3;
      const side = { party: [47, 125, 225], enemy: [210, 60, 60], neutral: [139, 143, 152] }[c.creature.side];
      expect(Array.from(img.data.slice(o, o + 3))).toEqual(side);
    });
  }

  it('refuses an image too large to open, naming the limit', () => {
    const e = parseScenario('ruleset: d20-35\nmap:\n  . .\n');
    expect(() => exportEncounter(e, 'png', 'x', { pixelsPerSquare: 401 })).toThrow(ExportProblem);
    const big = { ...e, map: { ...e.map, width: 2048, height: 2048 } } as Encounter;
    expect(() => exportEncounter(big, 'png', 'x', { pixelsPerSquare: 100 })).toThrow(/over the limit/);
  });
});

describe('exportEncounter', () => {
  it('names companion files after the main file and references them', () => {
    for (const format of EXPORT_FORMATS) {
      const files = exportEncounter(small, format, 'fixture');
      expect(files[0]!.name.startsWith('fixture.')).toBe(true);
      if (format.startsWith('foundry')) {
        // Not fixture.png: that is the PNG export's own name, and one would overwrite the other.
        const stem = format === 'foundry' ? 'fixture.foundry' : 'fixture.foundry-v12';
        expect(files.map((f) => f.name)).toEqual([`${stem}.json`, `${stem}-map.png`]);
        expect(JSON.parse(decodeUtf8(files[0]!.bytes)).background.src).toBe(`${stem}-map.png`);
        expect(files.some((f) => exportEncounter(small, 'png', 'fixture')[0]!.name === f.name)).toBe(false);
      }
      if (format === 'tiled') expect(JSON.parse(decodeUtf8(files[0]!.bytes)).tilesets[0].image).toBe(files[1]!.name);
    }
  });

  it('base64 round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) & 255);
    for (const n of [0, 1, 2, 3, 999, 1000]) expect(decodeBase64(encodeBase64(bytes.subarray(0, n)))).toEqual(bytes.subarray(0, n));
    expect(decodeBase64('not base64!')).toBeNull();
  });
});
