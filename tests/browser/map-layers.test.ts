import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { createElevationLayer } from '../../src-renderer/canvas/layers/elevation';
import { createSquareMarksLayer } from '../../src-renderer/canvas/layers/square-marks';
import { createWaterLayer } from '../../src-renderer/canvas/layers/water';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Blockade, squareIndex, type RulesetId } from '../../src-shared/model';

// The layers the new square tools paint: contour lines and heights, surface / resistance /
// blockade marks, water depths — each rebuilt only where an edit touched it, and drawn.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let disposeRoot: (() => void) | null = null;
afterEach(() => {
  disposeRoot?.();
  disposeRoot = null;
});

async function withLayers(ruleset: RulesetId, width: number, height: number) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset, width, height, name: 'Layers' });
  const layers = createRoot((dispose) => {
    disposeRoot = dispose;
    return { elevation: createElevationLayer(editor), marks: createSquareMarksLayer(editor), water: createWaterLayer(editor) };
  });
  return { editor, ...layers };
}

const alphaAt = (canvas: HTMLCanvasElement, x: number, y: number) => canvas.getContext('2d')!.getImageData(x, y, 1, 1).data[3]!;

function draw(layer: { paint: (...a: never[]) => unknown }, d: unknown, zoom: number, w = 256, h = 256) {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  (layer.paint as (...a: unknown[]) => unknown)(plainContext(canvas.getContext('2d')!), d, { zoom, panX: 0, panY: 0 }, { width: w, height: h });
  return canvas;
}

describe('elevation layer', () => {
  it('draws a contour line where a square height lies between two squares, and rebuilds only that chunk', async () => {
    const { editor, elevation } = await withLayers('d20-35', 100, 70);
    const map = editor.doc()!.map;
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(map, 32, 40)], values: [10] });
    // Its chunk (key 5) and the west neighbour's (key 4), which owns the line between them.
    expect([...elevation.cache.lastInvalidated].sort()).toEqual([4, 5]);
    // At 64 px a square: the contour on the west side of 32,40 is at x = 32 * 64 on screen.
    const canvas = draw(elevation, editor.doc(), 2, 256, 256);
    expect(alphaAt(canvas, 0, 0)).toBe(0);
    const view = draw(elevation, editor.doc(), 2, 33 * 64, 41 * 64);
    expect(alphaAt(view, 32 * 64, 40 * 64 + 40)).toBeGreaterThan(0);
    expect(alphaAt(view, 32 * 64 - 20, 40 * 64 + 40)).toBe(0);
  });

  it('a height step smaller than a square draws no contour', async () => {
    const { editor, elevation } = await withLayers('d20-35', 8, 8);
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 4, 4)], values: [3] });
    const canvas = draw(elevation, editor.doc(), 1);
    expect(alphaAt(canvas, 4 * 32, 4 * 32 + 16)).toBe(0);
  });
});

describe('square marks layer', () => {
  it('draws a Startroid blockade over its square (it no longer looks like normal ground)', async () => {
    const { editor, marks } = await withLayers('startroid', 8, 8);
    editor.execute({ type: 'setSquares', layer: 'blockade', indices: [squareIndex(editor.doc()!.map, 2, 2)], values: [Blockade.blocking] });
    expect(marks.cache.lastInvalidated).toEqual([0]);
    const canvas = draw(marks, editor.doc(), 1);
    // The centre of the cross.
    expect(alphaAt(canvas, 2 * 32 + 16, 2 * 32 + 16)).toBeGreaterThan(0);
    expect(alphaAt(canvas, 4 * 32 + 16, 2 * 32 + 16)).toBe(0);
  });
});

describe('water layer', () => {
  it('draws the shore where water meets dry ground, and a terrain stroke does not touch it', async () => {
    const { editor, water } = await withLayers('d20-35', 8, 8);
    editor.execute({ type: 'setSquares', layer: 'waterDepth', indices: [squareIndex(editor.doc()!.map, 3, 3)], values: [5] });
    expect(water.cache.lastInvalidated).toEqual([0]);
    water.cache.lastInvalidated = [];
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(editor.doc()!.map, 5, 5)], values: [1] });
    expect(water.cache.lastInvalidated).toEqual([]);
    const canvas = draw(water, editor.doc(), 1);
    expect(alphaAt(canvas, 3 * 32, 3 * 32 + 16)).toBeGreaterThan(0);
    expect(alphaAt(canvas, 6 * 32, 6 * 32 + 16)).toBe(0);
  });
});
