import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import { drawCreatures } from '../../src-renderer/canvas/layers/creatures';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { createEdgesLayer } from '../../src-renderer/canvas/layers/edges';
import { createLedgesLayer } from '../../src-renderer/canvas/layers/ledges';
import { createTerrainLayer } from '../../src-renderer/canvas/layers/terrain';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, makeCreature, squareIndex } from '../../src-shared/model';

// The static layers redraw only what an edit touched: a painted square repaints that square's
// pixel, an edge or a height change rebuilds the chunk it is in.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let disposeRoot: (() => void) | null = null;
afterEach(() => {
  disposeRoot?.();
  disposeRoot = null;
});

async function withLayers(width: number, height: number) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Layers' });
  const layers = createRoot((dispose) => {
    disposeRoot = dispose;
    return { terrain: createTerrainLayer(editor), edges: createEdgesLayer(editor), ledges: createLedgesLayer(editor) };
  });
  return { editor, ...layers };
}

const rgba = (canvas: HTMLCanvasElement, x: number, y: number) => [...canvas.getContext('2d')!.getImageData(x, y, 1, 1).data];

describe('terrain layer', () => {
  it('paints the whole map once, then only the square a one-square stroke changed', async () => {
    const { editor, terrain } = await withLayers(64, 48);
    expect(terrain.lastPainted()).toEqual({ x: 0, y: 0, width: 64, height: 48 });
    const before = rgba(terrain.canvas, 20, 10);
    // Mark the canvas next to the square: a full repaint would overwrite the mark.
    const ctx = terrain.canvas.getContext('2d')!;
    ctx.fillStyle = 'rgb(1, 2, 3)';
    ctx.fillRect(21, 10, 1, 1);
    editor.setBrush('water');
    editor.setTool('terrain');
    createToolDriver(editor).click({ x: 20, y: 10 });
    expect(terrain.lastPainted()).toEqual({ x: 20, y: 10, width: 1, height: 1 });
    expect(rgba(terrain.canvas, 20, 10)).not.toEqual(before);
    expect(rgba(terrain.canvas, 20, 10)).toEqual([64, 132, 200, 255]);
    expect(rgba(terrain.canvas, 21, 10)).toEqual([1, 2, 3, 255]);
    editor.undo();
    expect(terrain.lastPainted()).toEqual({ x: 20, y: 10, width: 1, height: 1 });
    expect(rgba(terrain.canvas, 20, 10)).toEqual(before);
  });

  it('repaints everything when the highest ground changes, since heights are shaded relative to it', async () => {
    const { editor, terrain } = await withLayers(16, 16);
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 3, 3)], values: [20] });
    expect(terrain.lastPainted()).toEqual({ x: 0, y: 0, width: 16, height: 16 });
  });
});

describe('edge and ledge layers', () => {
  it('an edge drawn in one chunk drops only that chunk', async () => {
    const { editor, edges } = await withLayers(100, 70);
    const map = editor.doc()!.map;
    // Chunks are 32 × 32: (40, 5) is in the second chunk of the first row (key 1).
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(map, 40, 5)], values: [Edge.wall] });
    expect(edges.cache.lastInvalidated).toEqual([1]);
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices: [squareIndex(map, 70, 40)], values: [Edge.doorClosed] });
    // Row 1, column 2 of a 4-chunk-wide map.
    expect(edges.cache.lastInvalidated).toEqual([6]);
  });

  it('a height change drops its chunk and the neighbour whose edge it shares', async () => {
    const { editor, ledges } = await withLayers(100, 70);
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 32, 10)], values: [10] });
    // The ledge between (31,10) and (32,10) belongs to chunk 0; the square is in chunk 1.
    expect([...ledges.cache.lastInvalidated].sort()).toEqual([0, 1]);
  });

  it('draws the same walls from cached chunk bitmaps when zoomed out as from strokes when zoomed in', async () => {
    const { editor, edges } = await withLayers(64, 64);
    const map = editor.doc()!.map;
    const indices = Array.from({ length: 20 }, (_, k) => squareIndex(map, 10 + k, 12));
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices, values: [Edge.wall] });
    const d = editor.doc()!;
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 256;
    // 4 px per square (zoom 1/8): chunk bitmaps.
    edges.paint(plainContext(canvas.getContext('2d')!), d, { zoom: 0.125, panX: 0, panY: 0 }, { width: 256, height: 256 });
    const builds = edges.cache.builds;
    expect(rgba(canvas, 15 * 4, 13 * 4)[3]).toBeGreaterThan(0);
    expect(rgba(canvas, 15 * 4, 20 * 4)[3]).toBe(0);
    // Drawn again at the same zoom: nothing rebuilt.
    edges.paint(plainContext(canvas.getContext('2d')!), d, { zoom: 0.125, panX: 0, panY: 0 }, { width: 256, height: 256 });
    expect(edges.cache.builds).toBe(builds);
  });

  it('spreads building many chunks over several frames, a few at least in each', async () => {
    const { editor, edges } = await withLayers(160, 32);
    const map = editor.doc()!.map;
    // A wall in each of the five chunks of one row.
    const indices = [0, 1, 2, 3, 4].map((c) => squareIndex(map, c * 32 + 5, 5));
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices, values: [Edge.wall] });
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 128;
    const ctx = plainContext(canvas.getContext('2d')!);
    const view = { zoom: 0.125, panX: 0, panY: 0 };
    // No time at all: four chunks are built anyway, the fifth waits for the next frame.
    expect(edges.paint(ctx, editor.doc()!, view, { width: 640, height: 128 }, -1)).toBe(false);
    expect(rgba(canvas, 6 * 4, 5 * 4 + 2)[3]).toBeGreaterThan(0);
    expect(rgba(canvas, (4 * 32 + 6) * 4, 5 * 4 + 2)[3]).toBe(0);
    expect(edges.paint(ctx, editor.doc()!, view, { width: 640, height: 128 }, -1)).toBe(true);
    expect(rgba(canvas, (4 * 32 + 6) * 4, 5 * 4 + 2)[3]).toBeGreaterThan(0);
  });
});

describe('creatures layer', () => {
  it('draws only the creatures in view', () => {
    const creatures = Array.from({ length: 50 }, (_, k) => makeCreature({ id: `C${k}`, x: k * 4, y: 0 }));
    const d = { ruleset: 'd20-35', creatures, map: { width: 200, height: 4 } } as unknown as Parameters<typeof drawCreatures>[1];
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 100;
    // 32 px per square, 10 squares across: creatures at x = 0, 4 and 8 are in view.
    expect(drawCreatures(plainContext(canvas.getContext('2d')!), d, { zoom: 1, panX: 0, panY: 0 }, { width: 320, height: 100 })).toBe(3);
  });
});
