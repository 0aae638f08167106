import { createRoot } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { createElevationLayer, heightBox, heightPlaces } from '../../src-renderer/canvas/layers/elevation';
import { createLedgesLayer, ledgeLineWidth } from '../../src-renderer/canvas/layers/ledges';
import { createMapStyleLayer } from '../../src-renderer/canvas/layers/map-style';
import { createSceneLines } from '../../src-renderer/canvas/layers/segment-layer';
import { createEditor } from '../../src-renderer/state/editor';
import { ACTIONS } from '../../src-renderer/state/actions';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, squareIndex, Surface, Terrain } from '../../src-shared/model';
import { luminance } from '../../src-shared/render/contrast';
import { mapStyleOptions, renderMapStyle } from '../../src-shared/render/map-style';

// The map view (docs/map-style.md) and the rules view's labels kept clear of the ledge lines.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let disposeRoot: (() => void) | null = null;
afterEach(() => {
  disposeRoot?.();
  disposeRoot = null;
});
const inRoot = <T>(make: () => T): T =>
  createRoot((dispose) => {
    const others = disposeRoot;
    disposeRoot = () => (others?.(), dispose());
    return make();
  });

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx2d = canvas.getContext('2d', { willReadFrequently: true })!;
  return { canvas, ctx: plainContext(ctx2d), pixel: (x: number, y: number) => [...ctx2d.getImageData(x, y, 1, 1).data.slice(0, 3)] };
}

describe('the map view', () => {
  it('is chosen from the View menu (Ctrl+M switches back), per window', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 4, height: 4, name: 'Menu' });
    expect(editor.mapStyle()).toBe('rules');
    const mapView = ACTIONS.find((a) => a.id === 'view.mapView')!;
    expect(mapView.keys).toEqual(['Mod+M']);
    mapView.run(editor);
    expect(editor.mapStyle()).toBe('map');
    expect(mapView.checked!(editor)).toBe(true);
    expect(ACTIONS.find((a) => a.id === 'view.rulesView')!.checked!(editor)).toBe(false);
    mapView.run(editor);
    expect(editor.mapStyle()).toBe('rules');
    // Another window (another editor) keeps its own.
    expect(createEditor(noPlatform).mapStyle()).toBe('rules');
  });

  it('draws each square textured in its terrain colour, the pixels the pure renderer makes', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 8, height: 4, name: 'Textures' });
    const m = editor.doc()!.map;
    const kinds = [Terrain.normal, Terrain.difficult, Terrain.impeded, Terrain.blocked, Terrain.obstacle, Terrain.hazardous, Terrain.water, Terrain.normal];
    const indices = kinds.flatMap((_, x) => [0, 1, 2, 3].map((y) => squareIndex(m, x, y)));
    editor.execute({ type: 'setSquares', layer: 'terrain', indices, values: indices.map((i) => kinds[i % 8]!) });
    editor.execute({ type: 'setSquares', layer: 'waterDepth', indices: [0, 1, 2, 3].map((y) => squareIndex(m, 6, y)), values: [5, 5, 5, 5] });
    editor.execute({ type: 'setSquares', layer: 'surface', indices: [0, 1, 2, 3].map((y) => squareIndex(m, 7, y)), values: [Surface.soft, Surface.soft, Surface.soft, Surface.soft] });
    editor.setMapStyle('map');
    const style = inRoot(() => createMapStyleLayer(editor, () => editor.mapStyle() === 'map'));
    const c = canvasOf(8 * 32, 4 * 32);
    expect(style.paint(c.ctx, editor.doc()!, { zoom: 1, panX: 0, panY: 0 })).toBe(true);
    const d = editor.doc()!;
    const ref = renderMapStyle(d.map, mapStyleOptions(d, 32));
    const refAt = (x: number, y: number) => [...ref.data.slice((y * ref.width + x) * 4, (y * ref.width + x) * 4 + 3)];
    for (let x = 0; x < 8; x++) {
      // Pixels across square (x, 1): varied (a texture), and what the pure renderer draws.
      const lums: number[] = [];
      for (let k = 2; k < 30; k += 3) {
        const px = c.pixel(x * 32 + k, 32 + ((k * 5) % 32));
        expect(px).toEqual(refAt(x * 32 + k, 32 + ((k * 5) % 32)));
        lums.push(luminance(px));
      }
      const mean = lums.reduce((a, v) => a + v, 0) / lums.length;
      const sd = Math.sqrt(lums.reduce((a, v) => a + (v - mean) ** 2, 0) / lums.length);
      expect(sd, `square ${x} is textured`).toBeGreaterThan(0.003);
    }
    const mean = (x: number) => {
      const sum = [0, 0, 0];
      for (let y = 36; y < 60; y++) for (let k = 4; k < 28; k++) c.pixel(x * 32 + k, y).forEach((v, i) => (sum[i]! += v));
      return sum.map((v) => v / (24 * 24));
    };
    const [water, grass, stone, rock] = [mean(6), mean(7), mean(0), mean(3)];
    expect(water[2]).toBeGreaterThan(water[0]! + 30); // blue
    expect(grass[1]).toBeGreaterThan(grass[2]! + 20); // green
    expect(luminance(stone)).toBeGreaterThan(luminance(rock) * 2); // pale floor, dark rock
  });

  it('redraws only the tiles an edit touched', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 64, height: 64, name: 'Tiles' });
    editor.measureViewport({ width: 64 * 32, height: 64 * 32 });
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    editor.setMapStyle('map');
    const style = inRoot(() => createMapStyleLayer(editor, () => true));
    const c = canvasOf(64 * 32, 64 * 32);
    style.paint(c.ctx, editor.doc()!, { zoom: 1, panX: 0, panY: 0 });
    const first = style.stats();
    expect(first.kept).toBe(64); // 8 × 8 squares a tile at 32 px a square
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(editor.doc()!.map, 20, 20)], values: [Edge.wall] });
    expect(style.lastDropped()).toEqual({ x: 20, y: 20, width: 1, height: 1 });
    style.paint(c.ctx, editor.doc()!, { zoom: 1, panX: 0, panY: 0 });
    // The square's tile and the neighbours within a square of it: one here (20 is inside tile 16-23).
    expect(style.stats().drawn - first.drawn).toBe(1);
  });
});

describe('height and drop labels keep clear of the ledge lines and of each other', () => {
  it('at every zoom that writes them', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Ledges' });
    const map = editor.doc()!.map;
    // A 10 ft plateau of 4 × 3 squares, and a 5 ft step inside it: drops on all four sides.
    const indices: number[] = [];
    for (let y = 2; y < 5; y++) for (let x = 6; x < 10; x++) indices.push(squareIndex(map, x, y));
    editor.execute({ type: 'setSquares', layer: 'elevation', indices, values: indices.map((i) => (i % 12 === 9 ? 20 : 10)) });
    const { lines } = inRoot(() => {
      const elevation = createElevationLayer(editor);
      const ledges = createLedgesLayer(editor);
      return { lines: createSceneLines(editor, [elevation, ledges]) };
    });
    // The drops' lines, in squares: where the ground changes by 5 ft or more between neighbours.
    const e = editor.doc()!.map.elevation;
    const segs: [number, number, number, number][] = [];
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 12; x++) {
        if (x + 1 < 12 && Math.abs(e[y * 12 + x]! - e[y * 12 + x + 1]!) >= 5) segs.push([x + 1, y, x + 1, y + 1]);
        if (y + 1 < 8 && Math.abs(e[y * 12 + x]! - e[(y + 1) * 12 + x]!) >= 5) segs.push([x, y + 1, x + 1, y + 1]);
      }
    }
    expect(segs.length).toBeGreaterThan(10);
    // 83 % writes none (below 28 px a square); from 28 px the drops, from 44 px the heights too.
    for (const s of [28, 32, 40, 44, 56, 64, 96, 160]) {
      const zoom = s / 32;
      const c = canvasOf(12 * s, 8 * s);
      const texts: string[] = [];
      const fillText = c.ctx.fillText;
      c.ctx.fillText = (t, x, y) => (texts.push(t), fillText(t, x, y));
      lines.paint(c.ctx, editor.doc()!, { zoom, panX: 0, panY: 0 }, { width: c.canvas.width, height: c.canvas.height });
      const room = lines.lastRoom()!;
      expect(texts.filter((t) => t.startsWith('↓')).length, `drops written at ${s} px`).toBeGreaterThan(0);
      if (s >= 44) expect(texts.some((t) => !t.startsWith('↓')), `heights written at ${s} px`).toBe(true);
      expect(room.boxes.length).toBe(texts.length);
      const half = ledgeLineWidth(s) / 2;
      for (const [bx, by, bw, bh] of room.boxes) {
        for (const [x0, y0, x1, y1] of segs) {
          // The line's stroke as a rectangle on screen.
          const lx0 = Math.min(x0, x1) * s - half;
          const ly0 = Math.min(y0, y1) * s - half;
          const lx1 = Math.max(x0, x1) * s + half;
          const ly1 = Math.max(y0, y1) * s + half;
          const overlaps = bx < lx1 && lx0 < bx + bw && by < ly1 && ly0 < by + bh;
          expect(overlaps, `label box ${[bx, by, bw, bh].map(Math.round)} on the line ${[x0, y0, x1, y1]} at ${s} px`).toBe(false);
        }
      }
      for (let i = 0; i < room.boxes.length; i++) {
        for (let j = i + 1; j < room.boxes.length; j++) {
          const [a, b] = [room.boxes[i]!, room.boxes[j]!];
          expect(a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3], `labels ${i} and ${j} at ${s} px`).toBe(false);
        }
      }
    }
  });
});

describe("a square's height keeps clear of the overlays' labels in the same square", () => {
  // Where the overlays write (play-overlay.ts: Play's chance or fall at 0.22 down, 12 px at most;
  // overlay.ts: the move's cost at 0.8 down, 14 px at most), centred across the square. A height in
  // the top-left corner and "83%" ran together as "1083%".
  const overlayBox = (text: string, s: number, down: number, font: number): [number, number, number, number] => {
    const w = text.length * font * 0.62;
    return [(s - w) / 2, down * s - font / 2, w, font];
  };
  const meet = (a: number[], b: number[]) => a[0]! < b[0]! + b[2]! && b[0]! < a[0]! + a[2]! && a[1]! < b[1]! + b[3]! && b[1]! < a[1]! + a[3]!;
  it('from 44 px a square (where heights are written) up', () => {
    for (const s of [44, 56, 64, 96, 160]) {
      for (const height of ['10', '-15.5']) {
        // Its first place (the left) and the other (the right, where a stair's drop sends it).
        const places = heightPlaces(height, s);
        expect(places[0]).toEqual(heightBox(height, s));
        for (const tag of places) {
          expect(meet(tag, overlayBox('83%', s, 0.22, Math.round(Math.min(12, s * 0.28)))), `${height} and 83% at ${s} px`).toBe(false);
          expect(meet(tag, overlayBox('12 · 83%', s, 0.8, Math.round(Math.min(14, s * 0.32)))), `${height} and the cost at ${s} px`).toBe(false);
        }
      }
    }
  });
});
