import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpCodec } from '../../../src-main/services/picture-decoder';
import { importUvtt } from '../../../src-shared/io/import/uvtt';
import { pictureFromBytes } from '../../../src-shared/io/import/image';
import { decodeBase64, exportEncounter, exportEncounterWith, exportNotices, ExportProblem, TERRAIN_RGB, type ExportedFile } from '../../../src-shared/io/export';
import { createEncounter, Edge, makeCreature, squareIndex, Terrain, type Encounter, type MapPicture } from '../../../src-shared/model';

/**
 * Every export keeps the map's art lined up with the grid. The pictures are tests/fixtures/pictures/
 * exports-* (made by make-exports-fixtures.mjs): a dungeon drawn on a 50 px grid from its corner,
 * with a red rug over squares (3,2)–(4,3), a blue pool round square (15,5) and an orange brazier in
 * square (4,11); a cave on a 37 px grid whose first line is 13 px in, green over squares (4,4)–(6,5)
 * and red over (10,7)–(11,8). Each test reads back what the target tool would draw at a square's
 * centre, by that tool's own rule for placing the picture, and finds the feature drawn there.
 */
const pictures = path.resolve(__dirname, '../../fixtures/pictures');
const dungeonBytes = new Uint8Array(readFileSync(path.join(pictures, 'exports-dungeon.jpg')));
const caveBytes = new Uint8Array(readFileSync(path.join(pictures, 'exports-cave.png')));

type Rgb = [number, number, number];
const isRed = ([r, g, b]: Rgb) => r > 130 && g < 90 && b < 90;
const isBlue = ([r, , b]: Rgb) => b > r + 40;
const isOrange = ([r, g, b]: Rgb) => r > 200 && g > 110 && g < 200 && b < 90;
const isGreen = ([r, g, b]: Rgb) => g > r + 15 && g > b + 10;

function withPicture(bytes: Uint8Array, place: { pixelsPerSquare: number; offsetX: number; offsetY: number }, size: { width: number; height: number }): Encounter {
  const e = createEncounter({ ruleset: 'd20-35', width: size.width, height: size.height, name: 'Crypt' });
  const image = pictureFromBytes(bytes);
  if (!image.ok) throw new Error(image.error);
  e.picture = { ...image.image, ...place, opacity: 1 } satisfies MapPicture;
  return e;
}

async function pixels(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, at: (x: number, y: number): Rgb => {
    const o = (Math.floor(y) * info.width + Math.floor(x)) * 3;
    return [data[o]!, data[o + 1]!, data[o + 2]!];
  } };
}

const json = (f: ExportedFile) => JSON.parse(new TextDecoder().decode(f.bytes));
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

describe('Foundry: the original picture is the scene background, lined up with the grid', () => {
  /**
   * Where Foundry draws a background pixel for a canvas point: the background is stretched over the
   * scene rectangle, which starts at -background.offsetX (Scene#getDimensions: sceneX = x - offsetX,
   * x 0 without padding) and is width × height; the grid starts at the canvas origin.
   */
  const backgroundPixel = (scene: any, picture: { width: number; height: number }, cx: number, cy: number) => ({
    px: (cx + scene.background.offsetX) * (picture.width / scene.width),
    py: (cy + scene.background.offsetY) * (picture.height / scene.height),
  });

  it('a map drawn from the picture\'s corner: the file beside the JSON is the JPEG itself, the grid its 50 px', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    for (const format of ['foundry', 'foundry-v12'] as const) {
      const files = exportEncounter(e, format, 'Crypt');
      expect(files.map((f) => f.name)).toEqual([`Crypt.${format}.json`, `Crypt.${format}-map.jpg`]);
      expect(same(files[1]!.bytes, dungeonBytes)).toBe(true);
      const scene = json(files[0]!);
      expect(scene.background.src).toBe(`Crypt.${format}-map.jpg`);
      expect(scene.grid.size).toBe(50);
      expect([scene.width, scene.height, scene.padding]).toEqual([1000, 750, 0]);
    }
  });

  it('a map starting two squares in and one down: the background offset puts the rug under the right squares', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 100, offsetY: 50 }, { width: 12, height: 10 });
    const files = exportEncounter(e, 'foundry', 'Crypt');
    const scene = json(files[0]!);
    const pic = await pixels(files[1]!.bytes);
    const S = scene.grid.size;
    const at = (x: number, y: number) => {
      const p = backgroundPixel(scene, pic, (x + 0.5) * S, (y + 0.5) * S);
      return pic.at(p.px, p.py);
    };
    // Picture squares (3,2)–(4,3) are map squares (1,1)–(2,2).
    expect([at(1, 1), at(2, 2)].every(isRed)).toBe(true);
    expect([at(0, 1), at(3, 1), at(1, 0), at(1, 3)].some(isRed)).toBe(false);
    expect(isBlue(at(13, 4))).toBe(true);
    expect(isOrange(at(2, 10 - 0))).toBe(true);
  });

  it('a picture on a 37 px grid 13 px in: grid size 37, offset 13, the cave\'s patches under their squares', async () => {
    const e = withPicture(caveBytes, { pixelsPerSquare: 37, offsetX: 13, offsetY: 13 }, { width: 16, height: 12 });
    const files = exportEncounter(e, 'foundry', 'Cave');
    expect(files[1]!.name).toBe('Cave.foundry-map.png');
    expect(same(files[1]!.bytes, caveBytes)).toBe(true);
    const scene = json(files[0]!);
    expect([scene.grid.size, scene.background.offsetX, scene.background.offsetY]).toEqual([37, 13, 13]);
    const pic = await pixels(files[1]!.bytes);
    const at = (x: number, y: number) => {
      const p = backgroundPixel(scene, pic, (x + 0.5) * 37, (y + 0.5) * 37);
      return pic.at(p.px, p.py);
    };
    expect([at(4, 4), at(6, 5)].every(isGreen)).toBe(true);
    expect([at(3, 4), at(7, 5), at(4, 3), at(4, 6)].some(isGreen)).toBe(false);
    expect([at(10, 7), at(11, 8)].every(isRed)).toBe(true);
  });

  it('a picture that does not cover the map is a Tile over the squares it covers', () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: -100, offsetY: 0 }, { width: 24, height: 15 });
    const scene = json(exportEncounter(e, 'foundry', 'Crypt')[0]!);
    expect(scene.background.src).toBeNull();
    expect([scene.width, scene.height]).toEqual([24 * 50, 15 * 50]);
    expect(scene.tiles).toHaveLength(1);
    expect(scene.tiles[0]).toMatchObject({ texture: { src: 'Crypt.foundry-map.jpg' }, x: 100, y: 0, width: 1000, height: 750 });
    expect(exportNotices(e, 'foundry').join(' ')).toMatch(/it is a Tile over the squares it covers/);
  });

  it('burning the rules in draws the map over the decoded picture, as a PNG of the map\'s squares', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    e.map.edgeEast[squareIndex(e.map, 5, 5)] = Edge.wall;
    expect(() => exportEncounter(e, 'foundry', 'Crypt', { burnIn: true })).toThrow(ExportProblem);
    const files = await exportEncounterWith(e, 'foundry', 'Crypt', { burnIn: true, pixelsPerSquare: 20 }, sharpCodec);
    expect(files[1]!.name).toBe('Crypt.foundry-map.png');
    const pic = await pixels(files[1]!.bytes);
    expect([pic.width, pic.height]).toEqual([400, 300]);
    expect(isRed(pic.at(3.5 * 20, 2.5 * 20))).toBe(true);
    expect(isBlue(pic.at(15.5 * 20, 5.5 * 20))).toBe(true);
    expect(exportNotices(e, 'foundry', { burnIn: true }).join(' ')).toMatch(/drawn into the picture/);
  });

  it('token art goes out as token textures, labels as text drawings, GM notes only when chosen and hidden, lights as AmbientLights', () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    const token = pictureFromBytes(caveBytes);
    if (!token.ok) throw new Error(token.error);
    e.tokenImages = [{ id: 'unused', ...token.image }, { id: 'goblin', ...token.image }];
    e.creatures.push(makeCreature({ id: 'g1', name: 'Goblin', x: 3, y: 3, side: 'enemy', token: 'goblin' }), makeCreature({ id: 'a', name: 'Aric', x: 5, y: 5 }));
    e.labels = [
      { id: 'l1', kind: 'label', text: 'Crypt', x: 5, y: 1.5 },
      { id: 'n1', kind: 'note', text: 'The rug hides a pit', x: 4, y: 3 },
      { id: 'n2', kind: 'note', text: 'Smells of smoke', x: 4.5, y: 11.5, forPlayers: true },
    ];
    e.lights = [{ x: 4.5, y: 11.5, range: 4, intensity: 1, color: '#f0a020', shadows: true }];
    const files = exportEncounter(e, 'foundry', 'Crypt');
    expect(files.map((f) => f.name)).toEqual(['Crypt.foundry.json', 'Crypt.foundry-map.jpg', 'Crypt.foundry-token-2.png']);
    expect(same(files[2]!.bytes, caveBytes)).toBe(true);
    const scene = json(files[0]!);
    expect(scene.tokens.map((t: any) => t.texture.src)).toEqual(['Crypt.foundry-token-2.png', 'icons/svg/mystery-man.svg']);
    expect(scene.drawings.map((d: any) => [d.text, d.hidden])).toEqual([['Crypt', false], ['Smells of smoke', false]]);
    // The label's box is centred on its anchor, in the scene's pixels.
    expect(scene.drawings[0].x + scene.drawings[0].shape.width / 2).toBe(5 * 50);
    expect(scene.drawings[0].y + scene.drawings[0].shape.height / 2).toBe(1.5 * 50);
    const forGm = json(exportEncounter(e, 'foundry', 'Crypt', { gmNotes: true })[0]!);
    expect(forGm.drawings.map((d: any) => [d.text, d.hidden])).toEqual([['Crypt', false], ['The rug hides a pit', true], ['Smells of smoke', false]]);
    expect(exportNotices(e, 'foundry').join(' ')).toMatch(/One GM note was left out/);
    // Range 4 squares of 5 ft: dim light to 20 ft, bright to half of it (as FVTT-DD-Import sets them).
    expect(scene.lights).toHaveLength(1);
    expect(scene.lights[0]).toMatchObject({ x: 225, y: 575, walls: true, config: { dim: 20, bright: 10, color: '#f0a020', angle: 360 } });
  });
});

describe('Universal VTT: the picture at its own pixels per square', () => {
  it('a picture whose grid fits goes out unchanged; coordinates move by the squares before the map, and lights go out', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 100, offsetY: 50 }, { width: 12, height: 10 });
    e.map.edgeEast[squareIndex(e.map, 2, 0)] = Edge.wall; // the line x = 3, row 0
    e.lights = [{ x: 2.5, y: 10.5 - 1, range: 3, intensity: 0.5, color: '#f0a02080', shadows: false }];
    const m = json(exportEncounter(e, 'uvtt', 'Crypt')[0]!);
    expect(same(decodeBase64(m.image)!, dungeonBytes)).toBe(true);
    expect(m.resolution).toEqual({ map_origin: { x: 0, y: 0 }, map_size: { x: 20, y: 15 }, pixels_per_grid: 50 });
    expect(m.line_of_sight).toContainEqual([{ x: 5, y: 1 }, { x: 5, y: 2 }]);
    expect(m.lights).toEqual([{ position: { x: 4.5, y: 10.5 }, range: 3, intensity: 0.5, color: '80f0a020', shadows: false }]);
    // The importer draws image pixel (u - origin) × pixels_per_grid for a point u of the file: the
    // wall we put on x = 3 came out at u = 5, so map square (1,1)'s centre is at u = (3.5, 2.5).
    const pic = await pixels(decodeBase64(m.image)!);
    const at = (x: number, y: number): Rgb => pic.at((x + 0.5 + 2) * 50, (y + 0.5 + 1) * 50);
    expect([at(1, 1), at(2, 2)].every(isRed)).toBe(true);
    expect([at(0, 1), at(3, 2)].some(isRed)).toBe(false);
  });

  it('a picture whose grid does not fit (37 px, 13 px in) is drawn under the map and encoded again, and the notice says so', async () => {
    const e = withPicture(caveBytes, { pixelsPerSquare: 37, offsetX: 13, offsetY: 13 }, { width: 16, height: 12 });
    expect(() => exportEncounter(e, 'uvtt', 'Cave')).toThrow(/could not be decoded/);
    const files = await exportEncounterWith(e, 'uvtt', 'Cave', { pixelsPerSquare: 40 }, sharpCodec);
    const m = json(files[0]!);
    expect(m.resolution).toEqual({ map_origin: { x: 0, y: 0 }, map_size: { x: 16, y: 12 }, pixels_per_grid: 40 });
    const pic = await pixels(decodeBase64(m.image)!);
    expect([pic.width, pic.height]).toEqual([640, 480]);
    const at = (x: number, y: number) => pic.at((x + 0.5) * 40, (y + 0.5) * 40);
    expect([at(4, 4), at(6, 5)].every(isGreen)).toBe(true);
    expect([at(3, 4), at(7, 5)].some(isGreen)).toBe(false);
    expect([at(10, 7), at(11, 8)].every(isRed)).toBe(true);
    expect(exportNotices(e, 'uvtt').join(' ')).toMatch(/drawn again under the map and encoded as PNG/);
  });

  it('every door, open or closed, is a closed portal; windows and low obstacles open ones; the open door is named in the notice', () => {
    const e = createEncounter({ ruleset: 'startroid', width: 4, height: 3, name: 'Doors' });
    e.map.edgeEast[squareIndex(e.map, 0, 0)] = Edge.doorClosed;
    e.map.edgeEast[squareIndex(e.map, 0, 1)] = Edge.doorOpen;
    e.map.edgeEast[squareIndex(e.map, 1, 1)] = Edge.window;
    e.map.edgeEast[squareIndex(e.map, 2, 1)] = Edge.low;
    const m = json(exportEncounter(e, 'uvtt', 'Doors', { pixelsPerSquare: 10 })[0]!);
    const closedAt = (x: number, y: number) => m.portals.find((p: any) => p.position.x === x && p.position.y === y)?.closed;
    expect([closedAt(1, 0.5), closedAt(1, 1.5), closedAt(2, 1.5), closedAt(3, 1.5)]).toEqual([true, true, false, false]);
    expect(exportNotices(e, 'uvtt')).toContain('One open door went out closed: Universal VTT has no open door.');
  });
});

describe('PNG and Tiled keep the picture', () => {
  it('PNG: the picture under the squares, open ground untouched, other terrain tinted over it', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    e.map.terrain[squareIndex(e.map, 15, 5)] = Terrain.difficult;
    const [png] = await exportEncounterWith(e, 'png', 'Crypt', { pixelsPerSquare: 20, grid: false, creatures: false }, sharpCodec);
    const out = await pixels(png!.bytes);
    const original = await pixels(dungeonBytes);
    expect(isRed(out.at(3.5 * 20, 2.5 * 20))).toBe(true);
    expect(isOrange(out.at(4.5 * 20, 11.5 * 20))).toBe(true);
    // The tinted square lies between the pool's blue and the difficult-terrain colour.
    const pool = original.at(15.5 * 50, 5.5 * 50);
    const tint = TERRAIN_RGB[Terrain.difficult];
    const got = out.at(15.5 * 20, 5.5 * 20);
    for (let c = 0; c < 3; c++) expect(Math.abs(got[c]! - (pool[c]! * 0.55 + tint[c]! * 0.45))).toBeLessThan(24);
  });

  it('Tiled: an image layer with the picture file at the bottom, offset by the map\'s corner, tiles the picture\'s size; labels are text objects, GM notes a hidden layer when chosen', () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 100, offsetY: 50 }, { width: 12, height: 10 });
    e.labels = [
      { id: 'l1', kind: 'label', text: 'Crypt', x: 3, y: 1 },
      { id: 'n1', kind: 'note', text: 'Pit under the rug', x: 2, y: 2 },
    ];
    const files = exportEncounter(e, 'tiled', 'Crypt');
    expect(files.map((f) => f.name)).toEqual(['Crypt.tmj', 'Crypt-tiles.png', 'Crypt-picture.jpg']);
    expect(same(files[2]!.bytes, dungeonBytes)).toBe(true);
    const map = json(files[0]!);
    expect([map.tilewidth, map.tileheight]).toEqual([50, 50]);
    expect(map.layers[0]).toMatchObject({ type: 'imagelayer', image: 'Crypt-picture.jpg', offsetx: -100, offsety: -50 });
    expect(map.layers.find((l: any) => l.name === 'terrain').visible).toBe(false);
    const labels = map.layers.find((l: any) => l.name === 'labels');
    expect(labels.objects.map((o: any) => o.text.text)).toEqual(['Crypt']);
    expect(labels.objects[0].x + labels.objects[0].width / 2).toBe(150);
    expect(map.layers.find((l: any) => l.name === 'notes')).toBeUndefined();
    const withNotes = json(exportEncounter(e, 'tiled', 'Crypt', { gmNotes: true })[0]!);
    expect(withNotes.layers.find((l: any) => l.name === 'notes')).toMatchObject({ visible: false, objects: [{ text: { text: 'Pit under the rug' } }] });
  });

  it('labels burnt in when chosen: white text over the art in the PNG; in Universal VTT the picture is drawn again with them', async () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    // On the dark ground right of the lower room, where the art has no white.
    e.labels = [{ id: 'l1', kind: 'label', text: 'CRYPT', x: 14, y: 12 }, { id: 'n1', kind: 'note', text: 'GM ONLY', x: 14, y: 14 }];
    const whiteNear = (pic: Awaited<ReturnType<typeof pixels>>, cx: number, cy: number, r: number) => {
      let n = 0;
      for (let y = cy - r; y < cy + r; y++) for (let x = cx - r * 3; x < cx + r * 3; x++) if (pic.at(x, y).every((v) => v > 225)) n++;
      return n;
    };
    const plain = await pixels((await exportEncounterWith(e, 'png', 'Crypt', { pixelsPerSquare: 20, grid: false }, sharpCodec))[0]!.bytes);
    const burnt = await pixels((await exportEncounterWith(e, 'png', 'Crypt', { pixelsPerSquare: 20, grid: false, labels: true }, sharpCodec))[0]!.bytes);
    expect(whiteNear(plain, 14 * 20, 12 * 20, 8)).toBe(0);
    expect(whiteNear(burnt, 14 * 20, 12 * 20, 8)).toBeGreaterThan(20);
    // The GM note stays out of a player's picture.
    expect(whiteNear(burnt, 14 * 20, 14 * 20, 8)).toBe(0);

    const [uvtt] = await exportEncounterWith(e, 'uvtt', 'Crypt', { pixelsPerSquare: 20, labels: true }, sharpCodec);
    const m = json(uvtt!);
    expect(same(decodeBase64(m.image)!, dungeonBytes)).toBe(false);
    expect(m.resolution).toEqual({ map_origin: { x: 0, y: 0 }, map_size: { x: 20, y: 15 }, pixels_per_grid: 20 });
    const image = await pixels(decodeBase64(m.image)!);
    expect(whiteNear(image, 14 * 20, 12 * 20, 8)).toBeGreaterThan(20);
    expect(isRed(image.at(3.5 * 20, 2.5 * 20))).toBe(true);
    expect(exportNotices(e, 'uvtt', { labels: true }).join(' ')).toMatch(/drawn again with the labels/);
    expect(exportNotices(e, 'uvtt').join(' ')).toMatch(/One label was left out/);
  });

  it('the picture left out on request: coloured squares as before', () => {
    const e = withPicture(dungeonBytes, { pixelsPerSquare: 50, offsetX: 0, offsetY: 0 }, { width: 20, height: 15 });
    const files = exportEncounter(e, 'foundry', 'Crypt', { picture: 'none' });
    expect(files[1]!.name).toBe('Crypt.foundry-map.png');
    expect(json(files[0]!).grid.size).toBe(100);
  });
});

describe('a Dungeondraft map in and out again, geometry by geometry', () => {
  const text = readFileSync(path.join(pictures, 'exports-crypt.dd2vtt'), 'utf8');
  const original = JSON.parse(text);
  const origin = original.resolution.map_origin;
  const local = (p: { x: number; y: number }) => ({ x: p.x - origin.x, y: p.y - origin.y });
  const key = (points: { x: number; y: number }[]) => JSON.stringify(points.map((p) => [+p.x.toFixed(6), +p.y.toFixed(6)]));

  for (const format of [0.3, 1.0]) {
    it(`format ${format}: walls, doors, windows and lights kept as drawn; UVTT export gives back the same picture, resolution and geometry`, () => {
      const r = importUvtt(JSON.stringify({ ...original, format }), { ruleset: 'd20-35', name: 'Crypt' });
      if (!r.ok) throw new Error(r.error);
      const e = r.encounter;
      const walls = [...original.line_of_sight, ...original.objects_line_of_sight].map((l: any[]) => l.map(local));
      expect(e.drawn!.walls.map(key).sort()).toEqual(walls.map(key).sort());
      expect(e.drawn!.portals.map((p) => p.kind)).toEqual(['door', 'window', 'door', 'door']);
      expect(e.lights).toEqual([
        // The brazier and the pool, in the picture's own squares (map_origin subtracted).
        { x: 4.5, y: 11.5, range: 4, intensity: 1, color: '#f0a020', shadows: true },
        { x: 15, y: 5, range: 2.5, intensity: 0.6, color: '#2d5f8f80', shadows: false },
      ]);
      // The rules: the slanting wall from (9,9) to (8.4,14) is on its nearest grid edges, x = 9 then 8.
      expect(e.map.edgeEast[squareIndex(e.map, 8, 9)]).toBe(Edge.wall);
      expect(e.map.edgeEast[squareIndex(e.map, 7, 13)]).toBe(Edge.wall);
      // The window: a low obstacle on the grid where the ruleset has no windows.
      expect(e.map.edgeEast[squareIndex(e.map, 18, 5)]).toBe(Edge.low);

      const again = json(exportEncounter(e, 'uvtt', 'Crypt')[0]!);
      expect(decodeBase64(again.image)).toEqual(decodeBase64(original.image));
      expect(again.resolution).toEqual({ map_origin: { x: 0, y: 0 }, map_size: original.resolution.map_size, pixels_per_grid: original.resolution.pixels_per_grid });
      expect(again.line_of_sight.map(key).sort()).toEqual(walls.map(key).sort());
      const portals = (list: any[], at: (p: any) => any) => list.map((p) => key([at(p.bounds[0]), at(p.bounds[1])]) + p.closed).sort();
      expect(portals(again.portals, (p) => p)).toEqual(portals(original.portals, local));
      expect(again.lights).toEqual(original.lights.map((l: any) => ({ ...l, position: local(l.position) })));
    });
  }

  it('Foundry gets the walls as drawn (no staircase beside them); a wall the user erased goes, one the user added comes', () => {
    const r = importUvtt(text, { ruleset: 'd20-35', name: 'Crypt' });
    if (!r.ok) throw new Error(r.error);
    const e = r.encounter;
    const scene = json(exportEncounter(e, 'foundry', 'Crypt')[0]!);
    const S = scene.grid.size;
    expect(S).toBe(50);
    const drawnSegments = e.drawn!.walls.reduce((n, l) => n + l.length - 1, 0) + e.drawn!.portals.length;
    expect(scene.walls).toHaveLength(drawnSegments);
    expect(scene.walls.every((w: any) => w.flags['encounter-builder'].drawn)).toBe(true);
    expect(scene.walls.map((w: any) => w.c)).toContainEqual([450, 450, 420, 700]);
    // The window stops movement but not sight; the doors are doors.
    const windowWall = scene.walls.find((w: any) => w.c.join() === '950,250,950,300');
    expect(windowWall).toMatchObject({ door: 0, sight: 0, move: 20 });
    expect(scene.walls.filter((w: any) => w.door === 1)).toHaveLength(3);

    // Erase the slanting wall's lowest grid edge, add a wall of our own.
    e.map.edgeEast[squareIndex(e.map, 7, 13)] = Edge.none;
    e.map.edgeSouth[squareIndex(e.map, 14, 11)] = Edge.wall;
    const edited = json(exportEncounter(e, 'foundry', 'Crypt')[0]!);
    const cs = edited.walls.map((w: any) => w.c.join());
    expect(cs).not.toContain('450,450,420,700');
    expect(cs).toContain(`${14 * S},${12 * S},${15 * S},${12 * S}`);
    // The slanting wall's other grid edges go out as grid walls instead.
    expect(cs).toContain(`${9 * S},${9 * S},${9 * S},${13 * S}`);
  });
});

describe('a real Dungeondraft export (dnd-apps/vtt-maps, CC0): in and out again', () => {
  const text = readFileSync(path.join(pictures, 'exports-red-tower.dd2vtt'), 'utf8');
  const original = JSON.parse(text);
  const origin = original.resolution.map_origin;
  const local = (p: { x: number; y: number }) => ({ x: p.x - origin.x, y: p.y - origin.y });
  const key = (points: { x: number; y: number }[]) => JSON.stringify(points.map((p) => [+p.x.toFixed(6), +p.y.toFixed(6)]));

  it('Universal VTT again: the same picture bytes, resolution, 61 walls point by point and 41 portals', () => {
    const r = importUvtt(text, { ruleset: 'epic-path', name: 'Red Tower' });
    if (!r.ok) throw new Error(r.error);
    expect(r.encounter.drawn!.walls).toHaveLength(61);
    expect(r.encounter.drawn!.portals).toHaveLength(41);
    const again = json(exportEncounter(r.encounter, 'uvtt', 'Red Tower')[0]!);
    expect(decodeBase64(again.image)).toEqual(decodeBase64(original.image));
    expect(again.resolution).toEqual({ map_origin: { x: 0, y: 0 }, map_size: { x: 10, y: 12 }, pixels_per_grid: 128 });
    expect(again.line_of_sight.map(key).sort()).toEqual(original.line_of_sight.map((l: any[]) => key(l.map(local))).sort());
    const portals = (list: any[], at: (p: any) => any) => list.map((p) => key([at(p.bounds[0]), at(p.bounds[1])]) + p.closed).sort();
    expect(portals(again.portals, (p) => p)).toEqual(portals(original.portals, local));
  });

  it('Foundry: the picture as the background at 128 px a square, every wall and door as drawn', () => {
    const r = importUvtt(text, { ruleset: 'epic-path', name: 'Red Tower' });
    if (!r.ok) throw new Error(r.error);
    const files = exportEncounter(r.encounter, 'foundry', 'Red Tower');
    expect(files[1]!.name).toBe('Red Tower.foundry-map.jpg');
    expect(files[1]!.bytes).toEqual(decodeBase64(original.image));
    const scene = json(files[0]!);
    expect([scene.grid.size, scene.width, scene.height]).toEqual([128, 1280, 1536]);
    // Every segment but the four Dungeondraft drew shorter than a pixel (Foundry's wall ends are whole pixels).
    let segments = 0;
    for (const l of original.line_of_sight) {
      for (let i = 1; i < l.length; i++) if (Math.round(l[i].x * 128) !== Math.round(l[i - 1].x * 128) || Math.round(l[i].y * 128) !== Math.round(l[i - 1].y * 128)) segments++;
    }
    expect(segments).toBe(441 - 4);
    expect(scene.walls).toHaveLength(segments + original.portals.length);
    expect(scene.walls.every((w: any) => w.c[0] !== w.c[2] || w.c[1] !== w.c[3])).toBe(true);
    expect(scene.walls.every((w: any) => w.flags['encounter-builder'].drawn)).toBe(true);
    expect(scene.walls.filter((w: any) => w.door === 1)).toHaveLength(original.portals.filter((p: any) => p.closed).length);
  });
});
