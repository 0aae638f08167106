import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import { plainContext, type DrawContext } from '../../src-renderer/canvas/layers/draw-context';
import { createEdgesLayer } from '../../src-renderer/canvas/layers/edges';
import { chunkGrid } from '../../src-renderer/canvas/layers/chunks';
import { createSceneLines, tileKey } from '../../src-renderer/canvas/layers/segment-layer';
import { createElevationLayer } from '../../src-renderer/canvas/layers/elevation';
import { createLedgesLayer } from '../../src-renderer/canvas/layers/ledges';
import { createTerrainLayer } from '../../src-renderer/canvas/layers/terrain';
import { paintTerrain } from '../../src-renderer/canvas/layers/terrain-pixels';
import { editedSquares } from '../../src-renderer/state/document';
import { createEditor } from '../../src-renderer/state/editor';
import { visibleSquares } from '../../src-renderer/state/view';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, squareIndex, Terrain } from '../../src-shared/model';

// How the static layers keep their caches: an edit names its squares (the command's indices), so a
// layer drops only their chunks without comparing whole arrays; zoomed out, chunks are blitted as
// tiles; a whole terrain repaint is done in bands over several tasks.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let disposeRoot: (() => void) | null = null;
afterEach(() => {
  disposeRoot?.();
  disposeRoot = null;
});

async function withLayers(width: number, height: number) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Caching' });
  const layers = createRoot((dispose) => {
    disposeRoot = dispose;
    return { terrain: createTerrainLayer(editor), edges: createEdgesLayer(editor), elevation: createElevationLayer(editor) };
  });
  return { editor, ...layers };
}

/** A canvas context that counts its blits. */
function counting(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const inner = plainContext(canvas.getContext('2d')!);
  let blits = 0;
  const ctx: DrawContext = { ...inner, drawImage: (...a) => (blits++, inner.drawImage(...a)) };
  return { canvas, ctx, blits: () => blits };
}

describe('edited squares', () => {
  it("come from the command: an edit, its undo and its redo name the same squares; a resize names them all", async () => {
    const { editor } = await withLayers(40, 40);
    const d0 = editor.doc()!;
    const i = squareIndex(d0.map, 7, 3);
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [i], values: [Edge.wall] });
    const d1 = editor.doc()!;
    const edited = editedSquares(d0, d1);
    expect(edited).not.toBe('all');
    expect((edited as Map<ArrayLike<number>, readonly number[]>).get(d1.map.edgeEast)).toEqual([i]);
    // An unrelated pair of documents is not known: the layers compare arrays then.
    expect(editedSquares(d1, d0)).toBeNull();
    editor.undo();
    const d2 = editor.doc()!;
    expect((editedSquares(d1, d2) as Map<ArrayLike<number>, readonly number[]>).get(d2.map.edgeEast)).toEqual([i]);
    editor.redo();
    const d3 = editor.doc()!;
    expect((editedSquares(d2, d3) as Map<ArrayLike<number>, readonly number[]>).get(d3.map.edgeEast)).toEqual([i]);
    editor.execute({ type: 'resizeMap', width: 50, height: 40, dx: 0, dy: 0 });
    expect(editedSquares(d3, editor.doc()!)).toBe('all');
  });
});

describe('dirty chunks from the command', () => {
  it("an edit of one square marks only its chunk dirty, found from the command's indices", async () => {
    const { editor, edges } = await withLayers(100, 70);
    const map = editor.doc()!.map;
    // Writing the value the square already has: comparing the arrays would find no change at all,
    // so a dropped chunk shows the command's own indices were used.
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(map, 70, 40)], values: [Edge.none] });
    expect(edges.cache.lastInvalidated).toEqual([6]);
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(map, 40, 5)], values: [Edge.wall] });
    expect(edges.cache.lastInvalidated).toEqual([1]);
    editor.undo();
    expect(edges.cache.lastInvalidated).toEqual([1]);
  });

  it('a height edit drops its chunk and the west neighbour, from the indices', async () => {
    const { editor, elevation } = await withLayers(100, 70);
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 32, 40)], values: [0] });
    expect([...elevation.cache.lastInvalidated].sort()).toEqual([4, 5]);
  });

  it('the terrain image repaints the rectangle the command names', async () => {
    const { editor, terrain } = await withLayers(64, 64);
    const map = editor.doc()!.map;
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(map, 5, 6), squareIndex(map, 9, 7)], values: [map.terrain[0]!] });
    expect(terrain.lastPainted()).toEqual({ x: 5, y: 6, width: 5, height: 2 });
  });
});

describe('tiles when zoomed out', () => {
  it('blits a few tiles rather than every chunk, and an edit drops only the tile holding it', async () => {
    const { editor, edges } = await withLayers(256, 256);
    const map = editor.doc()!.map;
    // A wall in each of the 64 chunks.
    const indices: number[] = [];
    for (let cy = 0; cy < 8; cy++) for (let cx = 0; cx < 8; cx++) indices.push(squareIndex(map, cx * 32 + 3, cy * 32 + 3));
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices, values: [Edge.wall] });
    // 2 px a square: tiles of 4 × 4 chunks, so 4 blits for the 64 chunks.
    const view = { zoom: 2 / 32, panX: 0, panY: 0 };
    const c = counting(512, 512);
    expect(edges.paint(c.ctx, editor.doc()!, view, { width: 512, height: 512 })).toBe(true);
    expect(c.blits()).toBe(4);
    expect(c.canvas.getContext('2d')!.getImageData((5 * 32 + 4) * 2, (6 * 32 + 3) * 2 + 1, 1, 1).data[3]).toBeGreaterThan(0);
    const builds = edges.cache.builds;
    // An edit in chunk (5, 6): only the tile at chunk (4, 4) is drawn again.
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices: [squareIndex(editor.doc()!.map, 5 * 32 + 1, 6 * 32 + 1)], values: [Edge.wall] });
    const grid = chunkGrid(256, 256);
    const tile = (cx: number, cy: number) => edges.cache.hasBitmap(tileKey(cx, cy, 4, grid), 2);
    expect(tile(4, 4)).toBe(false);
    expect([tile(0, 0), tile(4, 0), tile(0, 4)]).toEqual([true, true, true]);
    edges.paint(c.ctx, editor.doc()!, view, { width: 512, height: 512 });
    expect(edges.cache.builds).toBe(builds + 1);
    expect(tile(4, 4)).toBe(true);
  });
});

describe('whole terrain repaint', () => {
  it('is painted in bands (the rows in view first, the rest in later tasks) and ends as one full paint would', { timeout: 60_000 }, async () => {
    const { editor, terrain } = await withLayers(1024, 512);
    expect(terrain.lastPainted()).toEqual({ x: 0, y: 0, width: 1024, height: 512 });
    // Another map of the same size with water at its bottom row, opened: repainted whole.
    await editor.newEncounter({ ruleset: 'd20-35', width: 1024, height: 512, name: 'Other' });
    const map = editor.doc()!.map;
    const bottom = Array.from({ length: 1024 }, (_, x) => squareIndex(map, x, 511));
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: bottom, values: [Terrain.water] });
    // 16 rows a band: 32 bands, not all painted in the task that opened the map.
    await expect.poll(() => terrain.painting(), { timeout: 10_000 }).toBe(false);
    const expected = document.createElement('canvas');
    paintTerrain(editor.doc()!.map, expected);
    const px = (c: HTMLCanvasElement) => c.getContext('2d')!.getImageData(0, 0, 1024, 512).data;
    const got = px(terrain.canvas);
    const want = px(expected);
    let differ = 0;
    for (let k = 0; k < want.length; k++) if (got[k] !== want[k]) differ++;
    expect(differ).toBe(0);
    // The water row is there (blue), not the first map's ground.
    expect([...got.slice((511 * 1024) * 4, (511 * 1024) * 4 + 4)]).toEqual([...want.slice((511 * 1024) * 4, (511 * 1024) * 4 + 4)]);
  });
});

describe('an edit bigger than the view', () => {
  it('paints the squares in view at once, the rest in later tasks, and ends as one full paint would', { timeout: 60_000 }, async () => {
    const { editor, terrain } = await withLayers(512, 512);
    await expect.poll(() => terrain.painting(), { timeout: 10_000 }).toBe(false);
    editor.measureViewport({ width: 800, height: 600 });
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    const map = editor.doc()!.map;
    const seen = visibleSquares(editor.view(), editor.viewport(), 512, 512);
    expect(seen.x1).toBeLessThan(400); // the edit reaches past the view
    // Water over the block (10..399)², then the picture read before any later task has run.
    const block: number[] = [];
    for (let y = 10; y < 400; y++) for (let x = 10; x < 400; x++) block.push(squareIndex(map, x, y));
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: block, values: [Terrain.water] });
    expect(terrain.lastPainted()).toEqual({ x: 10, y: 10, width: 390, height: 390 });
    expect(terrain.painting()).toBe(true);
    const px = (x: number, y: number) => [...terrain.canvas.getContext('2d')!.getImageData(x, y, 1, 1).data];
    const ground = px(5, 5);
    expect(px(seen.x1 - 1, seen.y1 - 1)).not.toEqual(ground); // in view: water already
    expect(px(398, 398)).toEqual(ground); // out of view: still the ground until its band's task
    await expect.poll(() => terrain.painting(), { timeout: 10_000 }).toBe(false);
    const expected = document.createElement('canvas');
    paintTerrain(editor.doc()!.map, expected);
    const got = terrain.canvas.getContext('2d')!.getImageData(0, 0, 512, 512).data;
    const want = expected.getContext('2d')!.getImageData(0, 0, 512, 512).data;
    let differ = 0;
    for (let k = 0; k < want.length; k++) if (got[k] !== want[k]) differ++;
    expect(differ).toBe(0);
  });
});

describe('terrain export', () => {
  it('finishes a pending whole repaint at once', async () => {
    const { editor, terrain } = await withLayers(1024, 512);
    await editor.newEncounter({ ruleset: 'd20-35', width: 1024, height: 512, name: 'Other' });
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 1023, 511)], values: [30] });
    terrain.finish();
    expect(terrain.painting()).toBe(false);
    // The bottom-right square, the last band painted, shows its new height (lighter than the rest).
    const px = (x: number, y: number) => [...terrain.canvas.getContext('2d')!.getImageData(x, y, 1, 1).data];
    expect(px(1023, 511)).not.toEqual(px(0, 0));
  });
});

describe('labels', () => {
  it('are built only once zoomed in enough to show them (a fitted map would make 100,000s)', async () => {
    const { editor, elevation } = await withLayers(40, 40);
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 2, 2)], values: [10] });
    const c = counting(256, 256);
    elevation.paint(c.ctx, editor.doc()!, { zoom: 0.125, panX: 0, panY: 0 }, { width: 256, height: 256 });
    expect(elevation.cache.peek(0)?.labels).toEqual([]);
    // 64 px a square: heights are written, so the chunk is built again with them.
    elevation.paint(c.ctx, editor.doc()!, { zoom: 2, panX: 0, panY: 0 }, { width: 256, height: 256 });
    expect(elevation.cache.peek(0)?.labels.map((l) => l.text)).toEqual(['10']);
  });
});

describe('labels where there is room', () => {
  it('drops heights that would overlap the drop of a fall at mid zoom, and writes them all zoomed in', async () => {
    const { editor, elevation } = await withLayers(16, 16);
    const map = editor.doc()!.map;
    // A checkerboard of 0 and 10 ft: every square has a height or a neighbour's drop around it.
    const indices: number[] = [];
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) if ((x + y) % 2) indices.push(squareIndex(map, x, y));
    editor.execute({ type: 'setSquares', layer: 'elevation', indices, values: indices.map(() => 10) });
    const { ledges, lines } = createRoot((dispose) => {
      const others = disposeRoot;
      disposeRoot = () => (others?.(), dispose());
      const ledges = createLedgesLayer(editor);
      return { ledges, lines: createSceneLines(editor, [elevation, ledges]) };
    });
    const written = (zoom: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 16 * 32 * zoom;
      const texts: string[] = [];
      const ctx = plainContext(canvas.getContext('2d')!);
      const fillText = ctx.fillText;
      ctx.fillText = (t, x, y) => (texts.push(t), fillText(t, x, y));
      lines.paint(ctx, editor.doc()!, { zoom, panX: 0, panY: 0 }, { width: canvas.width, height: canvas.height });
      return { falls: texts.filter((t) => t.startsWith('↓')).length, heights: texts.filter((t) => !t.startsWith('↓')).length, ...lines.lastLabels()! };
    };
    // 44 px a square: heights are shown from here. A drop is written beside its line on the high
    // ground (not on the line, which struck it through), so a 10 ft square between four drops has
    // room for only some of its four; the drops take room first (falls first), heights after.
    const mid = written(44 / 32);
    expect(mid.falls).toBeGreaterThanOrEqual(2 * 15 * 16 * 0.5);
    expect(mid.heights).toBeLessThan(128);
    expect(mid.kept).toBeLessThan(mid.offered);
    // 160 px a square: room for every label.
    const near = written(5);
    expect(near.falls).toBe(2 * 15 * 16);
    expect(near.heights).toBe(128);
    expect(near.kept).toBe(near.offered);
    expect(ledges.cache.peek(0)?.labels.length).toBe(2 * 15 * 16);
  });
});

describe('scene lines', () => {
  it('blit one tile bitmap for all the line layers, and drop only the tile an edit touched', async () => {
    const { editor, edges, elevation } = await withLayers(256, 256);
    const map = editor.doc()!.map;
    const indices: number[] = [];
    for (let cy = 0; cy < 8; cy++) for (let cx = 0; cx < 8; cx++) indices.push(squareIndex(map, cx * 32 + 3, cy * 32 + 3));
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices, values: [Edge.wall] });
    editor.execute({ type: 'setSquares', layer: 'elevation', indices, values: [10] });
    const lines = createRoot((dispose) => {
      const others = disposeRoot;
      disposeRoot = () => (others?.(), dispose());
      return createSceneLines(editor, [elevation, edges]);
    });
    const view = { zoom: 2 / 32, panX: 0, panY: 0 };
    const c = counting(512, 512);
    expect(lines.paint(c.ctx, editor.doc()!, view, { width: 512, height: 512 })).toBe(true);
    // Two layers, 64 chunks, 2 px a square: four tiles, each blitted once.
    expect(c.blits()).toBe(4);
    const grid = chunkGrid(256, 256);
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices: [squareIndex(editor.doc()!.map, 5 * 32 + 1, 6 * 32 + 1)], values: [Edge.wall] });
    expect(lines.tiles.hasBitmap(tileKey(4, 4, 4, grid), 2)).toBe(false);
    expect(lines.tiles.hasBitmap(tileKey(0, 4, 4, grid), 2)).toBe(true);
    // Hiding the walls draws every tile again, without them.
    editor.setLayers({ ...editor.layers(), walls: false });
    lines.paint(c.ctx, editor.doc()!, view, { width: 512, height: 512 });
    expect(lines.tiles.hasBitmap(tileKey(0, 4, 4, grid), 2)).toBe(true);
    expect(c.blits()).toBe(8);
  });
});

describe('zoomed out past half a pixel a square', () => {
  it('draws the terrain from a reduced copy, repaints it at once on an edit and the full picture after; zoomed in, the full picture', { timeout: 60_000 }, async () => {
    const { editor, terrain } = await withLayers(512, 512);
    await expect.poll(() => terrain.painting(), { timeout: 10_000 }).toBe(false);
    editor.measureViewport({ width: 800, height: 600 });
    // 32 px a square at zoom 1: 0.2 → 6.4 px, 0.01 → 0.32 px (a quarter pixel or more: blocks of 2).
    editor.setView({ zoom: 0.01, panX: 0, panY: 0 });
    const image = () => terrain.node.image() as HTMLCanvasElement;
    expect(image()).not.toBe(terrain.canvas);
    expect([image().width, image().height]).toEqual([256, 256]);
    const map = editor.doc()!.map;
    const block: number[] = [];
    for (let y = 100; y < 300; y++) for (let x = 100; x < 300; x++) block.push(squareIndex(map, x, y));
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: block, values: [Terrain.water] });
    const at = (c: HTMLCanvasElement, x: number, y: number) => [...c.getContext('2d')!.getImageData(x, y, 1, 1).data];
    const ground = at(terrain.canvas, 5, 5);
    // The reduced pixel (60, 60) stands for square (120, 120): water at once; the full picture waits.
    expect(at(image(), 60, 60)).not.toEqual(ground);
    expect(at(terrain.canvas, 120, 120)).toEqual(ground);
    expect(terrain.painting()).toBe(true);
    await expect.poll(() => terrain.painting(), { timeout: 10_000 }).toBe(false);
    const expected = document.createElement('canvas');
    paintTerrain(editor.doc()!.map, expected);
    expect(at(terrain.canvas, 120, 120)).toEqual(at(expected, 120, 120));
    // The reduced copy is the full picture's corner squares, pixel for pixel.
    const reduced = image().getContext('2d')!.getImageData(0, 0, 256, 256).data;
    const full = expected.getContext('2d')!.getImageData(0, 0, 512, 512).data;
    let differ = 0;
    for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) for (let c = 0; c < 4; c++) if (reduced[(y * 256 + x) * 4 + c] !== full[(y * 2 * 512 + x * 2) * 4 + c]) differ++;
    expect(differ).toBe(0);
    // Zoomed in again: the full picture is drawn.
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    expect(terrain.node.image()).toBe(terrain.canvas);
  });
});
