import { decode } from 'fast-png';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEncounter } from '../../../src-shared/io';
import { exportEncounter, TERRAIN_RGB } from '../../../src-shared/io/export';
import { createEncounter, Edge, makeCreature, squareIndex, Terrain, type Encounter, type TerrainKind } from '../../../src-shared/model';

/**
 * The real Tiled reads our `.tmj` exports back: `tiled --export-map json` loads each file with
 * Tiled's own reader (an error there exits non-zero) and writes it out again, so whatever Tiled
 * understood is compared with what we wrote; `tmxrasterizer` draws the map with the tileset picture.
 * Debian's Tiled is 1.8.2 (`apt-get install tiled`); it runs headless with Qt's offscreen platform.
 * Not installed in CI (see docs/formats.md › Tiled map): without the binary this suite says so and skips.
 */
const root = path.resolve(__dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'eb-tiled-real-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen', XDG_RUNTIME_DIR: path.join(work, 'xdg') };
mkdirSync(env.XDG_RUNTIME_DIR, { recursive: true, mode: 0o700 });

function run(command: string, args: string[]) {
  return spawnSync(command, args, { cwd: work, env, encoding: 'utf8', timeout: 30_000 });
}

const probe = run('tiled', ['--version']);
const tiledVersion = probe.status === 0 ? probe.stdout.trim() : null;
const rasterizer = run('tmxrasterizer', ['--version']).status === 0;
const missing = !tiledVersion
  ? `no Tiled on this machine (${probe.error ? (probe.error as NodeJS.ErrnoException).code : `exit ${probe.status}`}); install it with \`apt-get install tiled\` to run this check`
  : !rasterizer
    ? 'Tiled is installed without tmxrasterizer'
    : null;
if (missing) console.log(`skipped: the real-Tiled check: ${missing}`);
else console.log(`the real-Tiled check runs with ${tiledVersion}`);

const samples: [string, Encounter][] = readdirSync(path.join(root, 'resources/encounters'))
  .filter((f) => f.endsWith('.encounter'))
  .map((f) => {
    const parsed = parseEncounter(readFileSync(path.join(root, 'resources/encounters', f), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    return [f.replace(/\.encounter$/, ''), parsed.encounter];
  });

/** What the samples lack: fractional and negative heights, deep water, a window, four tiny creatures in one square. */
function awkward(): Encounter {
  const e = createEncounter({ ruleset: 'startroid', width: 7, height: 5, name: 'Awkward "quotes" & ünïcode' });
  const m = e.map;
  m.terrain[squareIndex(m, 1, 1)] = Terrain.water;
  m.waterDepth[squareIndex(m, 1, 1)] = 2.5;
  m.terrain[squareIndex(m, 2, 1)] = Terrain.impeded;
  m.terrain[squareIndex(m, 3, 3)] = Terrain.hazardous;
  m.elevation[squareIndex(m, 4, 0)] = -1.5;
  m.elevation[squareIndex(m, 5, 0)] = 0.75;
  m.edgeEast[squareIndex(m, 3, 2)] = Edge.window;
  m.edgeSouth[squareIndex(m, 0, 2)] = Edge.doorOpen;
  m.edgeSouth[squareIndex(m, 1, 2)] = Edge.low;
  e.creatures.push(makeCreature({ id: 'big', size: 'large', x: 4, y: 2, altitude: 1.5, side: 'enemy' }));
  for (let i = 0; i < 4; i++) e.creatures.push(makeCreature({ id: `mite${i}`, size: 'tiny', x: 6, y: 4, side: 'neutral' }));
  return e;
}

type Property = { name: string; type: string; value: unknown };
type TiledObject = { id: number; type: string; name: string; x: number; y: number; width: number; height: number; polyline?: { x: number; y: number }[]; properties?: Property[] };
type TiledLayer = { id: number; name: string; type: string; width?: number; height?: number; visible: boolean; data?: number[]; objects?: TiledObject[] };
type TiledMap = {
  width: number;
  height: number;
  tilewidth: number;
  tileheight: number;
  orientation: string;
  infinite: boolean;
  properties: Property[];
  layers: TiledLayer[];
  tilesets: { firstgid: number; image: string; tilecount: number; columns: number; imagewidth: number; imageheight: number; tiles: { id: number; properties: Property[] }[] }[];
};

/** Properties as a record of `name → [type, value]`, whatever order Tiled writes them in (it sorts them). */
const props = (list: Property[] | undefined) => Object.fromEntries((list ?? []).map((p) => [p.name, [p.type, p.value]]));

describe.skipIf(missing !== null)('the real Tiled reads every Tiled export back', () => {
  const cases: [string, Encounter][] = [...samples, ['awkward', awkward()]];

  it.each(cases)('%s: layers, objects and tile properties survive Tiled', (name, encounter) => {
    const files = exportEncounter(encounter, 'tiled', name, { pixelsPerSquare: 16 });
    for (const f of files) writeFileSync(path.join(work, f.name), f.bytes);
    const ours = JSON.parse(readFileSync(path.join(work, `${name}.tmj`), 'utf8')) as TiledMap;

    const read = run('tiled', ['--export-map', 'json', `${name}.tmj`, `${name}.again.json`]);
    expect(read.status, `Tiled refused ${name}.tmj: ${read.stderr}`).toBe(0);
    const again = JSON.parse(readFileSync(path.join(work, `${name}.again.json`), 'utf8')) as TiledMap;

    expect([again.width, again.height, again.tilewidth, again.tileheight]).toEqual([encounter.map.width, encounter.map.height, 16, 16]);
    expect([again.orientation, again.infinite]).toEqual(['orthogonal', false]);
    expect(props(again.properties)).toEqual(props(ours.properties));
    expect(props(again.properties)['ruleset']).toEqual(['string', encounter.ruleset]);

    // The tileset: embedded, every tile with its typed properties.
    expect(again.tilesets).toHaveLength(1);
    const [ts] = again.tilesets;
    const [ourTs] = ours.tilesets;
    expect(ts).toMatchObject({ firstgid: 1, image: `${name}-tiles.png`, tilecount: ourTs!.tilecount, columns: ourTs!.columns, imagewidth: ourTs!.imagewidth });
    expect(ts!.tiles.map((t) => [t.id, props(t.properties)])).toEqual(ourTs!.tiles.map((t) => [t.id, props(t.properties)]));
    const terrainOfGid = new Map(ts!.tiles.map((t) => [t.id + 1, props(t.properties)['terrain']?.[1]]));

    // Tile layers: same names, sizes and every gid; the terrain layer says each square's kind.
    const tileLayers = (m: TiledMap) => m.layers.filter((l) => l.type === 'tilelayer');
    expect(tileLayers(again).map((l) => [l.name, l.width, l.height, l.data!.length, l.visible])).toEqual(
      tileLayers(ours).map((l) => [l.name, encounter.map.width, encounter.map.height, encounter.map.width * encounter.map.height, l.visible]),
    );
    for (const [i, l] of tileLayers(again).entries()) expect(l.data, l.name).toEqual(tileLayers(ours)[i]!.data);
    const terrain = tileLayers(again).find((l) => l.name === 'terrain')!;
    const kinds = Object.keys(Terrain);
    expect(terrain.data!.map((g) => terrainOfGid.get(g))).toEqual(Array.from(encounter.map.terrain, (t) => kinds[t]));

    // Object layers: the same objects, places, shapes and properties.
    const objectLayers = (m: TiledMap) => m.layers.filter((l) => l.type === 'objectgroup');
    expect(objectLayers(again).map((l) => [l.name, l.objects!.length])).toEqual(objectLayers(ours).map((l) => [l.name, l.objects!.length]));
    const creatures = objectLayers(again).find((l) => l.name === 'creatures')!.objects!;
    expect(creatures).toHaveLength(encounter.creatures.length);
    for (const [i, l] of objectLayers(again).entries()) {
      const shape = (o: TiledObject) => [o.id, o.type, o.name, o.x, o.y, o.width, o.height, o.polyline ?? null, props(o.properties)];
      expect(l.objects!.map(shape), l.name).toEqual(objectLayers(ours)[i]!.objects!.map(shape));
    }
  });

  it.each(cases)('%s: tmxrasterizer draws each square in its terrain colour', (name, encounter) => {
    const files = exportEncounter(encounter, 'tiled', name, { pixelsPerSquare: 16 });
    for (const f of files) writeFileSync(path.join(work, f.name), f.bytes);
    // Terrain only: the object layers are drawn over it with Tiled's own outline style.
    const drawn = run('tmxrasterizer', ['--hide-layer', 'walls', '--hide-layer', 'doors', '--hide-layer', 'creatures', `${name}.tmj`, `${name}.drawn.png`]);
    expect(drawn.status, `tmxrasterizer refused ${name}.tmj: ${drawn.stderr}`).toBe(0);
    const png = decode(readFileSync(path.join(work, `${name}.drawn.png`)));
    const { width: W, height: H } = encounter.map;
    expect([png.width, png.height]).toEqual([W * 16, H * 16]);
    const colours = new Set<string>();
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const o = ((y * 16 + 8) * png.width + x * 16 + 8) * png.channels;
        const rgba = Array.from(png.data.subarray(o, o + png.channels));
        colours.add(rgba.join());
        const want = TERRAIN_RGB[encounter.map.terrain[squareIndex(encounter.map, x, y)] as TerrainKind];
        expect(rgba.slice(0, 3), `square ${x},${y}`).toEqual(want);
        if (png.channels === 4) expect(rgba[3]).toBe(255);
      }
    }
    // Not blank: a missing or unreadable tileset picture leaves every pixel transparent.
    expect(colours.size).toBeGreaterThan(1);
  });
});

/**
 * The map's picture as Tiled draws it: tests/fixtures/pictures/exports-dungeon.jpg (a 50 px grid from
 * its corner, a red rug over squares 3–4, 2–3), under a map starting two squares right and one down
 * in it. tmxrasterizer must draw, at each square's centre, the picture's own pixel there.
 */
describe.skipIf(missing !== null)('the real Tiled draws the map picture lined up with the grid', () => {
  it('image layer: tmxrasterizer shows the picture\'s pixels under each square; Tiled keeps the layer and the text labels', async () => {
    const { default: sharp } = await import('sharp');
    const { pictureFromBytes } = await import('../../../src-shared/io/import/image');
    const bytes = new Uint8Array(readFileSync(path.join(root, 'tests/fixtures/pictures/exports-dungeon.jpg')));
    const image = pictureFromBytes(bytes);
    if (!image.ok) throw new Error(image.error);
    const e = createEncounter({ ruleset: 'd20-35', width: 12, height: 10, name: 'Crypt' });
    e.picture = { ...image.image, pixelsPerSquare: 50, offsetX: 100, offsetY: 50, opacity: 1 };
    e.labels = [{ id: 'l1', kind: 'label', text: 'Crypt', x: 3, y: 1 }];
    for (const f of exportEncounter(e, 'tiled', 'crypt')) writeFileSync(path.join(work, f.name), f.bytes);

    const read = run('tiled', ['--export-map', 'json', 'crypt.tmj', 'crypt.again.json']);
    expect(read.status, `Tiled refused crypt.tmj: ${read.stderr}`).toBe(0);
    const again = JSON.parse(readFileSync(path.join(work, 'crypt.again.json'), 'utf8'));
    expect(again.layers[0]).toMatchObject({ type: 'imagelayer', image: 'crypt-picture.jpg', offsetx: -100, offsety: -50 });
    const labels = again.layers.find((l: { name: string }) => l.name === 'labels');
    expect(labels.objects[0].text).toMatchObject({ text: 'Crypt', wrap: true });

    const drawn = run('tmxrasterizer', ['--hide-layer', 'walls', '--hide-layer', 'doors', '--hide-layer', 'creatures', '--hide-layer', 'labels', 'crypt.tmj', 'crypt.drawn.png']);
    expect(drawn.status, `tmxrasterizer refused crypt.tmj: ${drawn.stderr}`).toBe(0);
    const png = decode(readFileSync(path.join(work, 'crypt.drawn.png')));
    // tmxrasterizer widens its canvas by the layers' offsets (Map::computeLayerOffsetMargins), so the
    // picture's 100 px left of the map and 50 px above it are drawn too and the map starts there.
    expect([png.width, png.height]).toEqual([100 + 12 * 50, 50 + 10 * 50]);
    const original = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const o = ((50 + y * 50 + 25) * png.width + 100 + x * 50 + 25) * png.channels;
      return Array.from(png.data.subarray(o, o + 3));
    };
    const want = (x: number, y: number) => {
      const o = ((50 + y * 50 + 25) * original.info.width + 100 + x * 50 + 25) * 3;
      return Array.from(original.data.subarray(o, o + 3));
    };
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < 12; x++) {
        const got = at(x, y);
        // Two JPEG decoders (Qt's, libvips's) may differ by a few levels.
        for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - want(x, y)[c]!), `square ${x},${y}`).toBeLessThan(16);
      }
    }
    const [r, g, b] = at(1, 1);
    expect(r! > 130 && g! < 90 && b! < 90, 'the rug at map square 1,1').toBe(true);
  });

  it('walls drawn off the grid (a .dd2vtt\'s) come back from Tiled as the polylines we drew', async () => {
    const { importUvtt } = await import('../../../src-shared/io/import/uvtt');
    const r = importUvtt(readFileSync(path.join(root, 'tests/fixtures/pictures/exports-crypt.dd2vtt'), 'utf8'), { ruleset: 'd20-35', name: 'Crypt' });
    if (!r.ok) throw new Error(r.error);
    for (const f of exportEncounter(r.encounter, 'tiled', 'crypt-walls')) writeFileSync(path.join(work, f.name), f.bytes);
    const read = run('tiled', ['--export-map', 'json', 'crypt-walls.tmj', 'crypt-walls.again.json']);
    expect(read.status, `Tiled refused crypt-walls.tmj: ${read.stderr}`).toBe(0);
    const again = JSON.parse(readFileSync(path.join(work, 'crypt-walls.again.json'), 'utf8'));
    const walls = again.layers.find((l: { name: string }) => l.name === 'walls').objects as TiledObject[];
    // The lower room's wall with its slanting side, (6,9) → (9,9) → (8.4,14) → (2,14) → (2,9), at 50 px.
    const slanting = walls.find((o) => o.x === 300 && o.y === 450 && o.polyline?.length === 5);
    expect(slanting?.polyline).toEqual([{ x: 0, y: 0 }, { x: 150, y: 0 }, { x: 120, y: 250 }, { x: -200, y: 250 }, { x: -200, y: 0 }]);
    expect(props(slanting!.properties)['drawn']).toEqual(['bool', true]);
  });
});
