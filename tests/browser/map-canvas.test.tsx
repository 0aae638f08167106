import { createEffect, createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { REST_MS } from '../../src-renderer/canvas/view-gesture';
import { createEditor } from '../../src-renderer/state/editor';
import { NOTICE_ROOM } from '../../src-renderer/state/view';
import type { PlatformBridge } from '../../src-shared/ipc';
import { createEncounter, Edge, makeCreature, Terrain, squareIndex } from '../../src-shared/model';

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let dispose: (() => void) | null = null;

afterEach(() => {
  dispose?.();
  dispose = null;
  document.body.innerHTML = '';
});

async function mount(width = 20, height = 12) {
  const host = document.createElement('div');
  host.style.cssText = 'position:relative;width:800px;height:500px';
  document.body.append(host);
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'T' });
  dispose = render(() => <MapCanvas editor={editor} />, host);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { editor, host, canvases: layerCanvases(host), el: host.querySelector<HTMLDivElement>('[data-testid=map-canvas]')! };
}

/** The stage's canvases by layer name: the static scene, creatures, grid, interactive overlay. */
function layerCanvases(host: HTMLElement) {
  const by = (name: string) => host.querySelector<HTMLCanvasElement>(`canvas[data-layer=${name}]`)!;
  return { all: host.querySelectorAll('canvas'), scene: by('scene'), creatures: by('creatures'), grid: by('grid'), overlay: by('overlay') };
}

/** Colour of a CSS pixel on one of the stage's layer canvases. */
function pixel(canvas: HTMLCanvasElement, x: number, y: number): [number, number, number, number] {
  const ratio = canvas.width / canvas.clientWidth;
  // A gesture's snapshot is a bitmap canvas (no 2-D context): read it through a copy.
  let ctx = canvas.getContext('2d');
  if (!ctx) {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
  }
  const d = ctx.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!, d[3]!];
}

describe('MapCanvas (Konva, real Chromium)', () => {
  it('fits a new map and draws the grid as lines on square borders', async () => {
    const { editor, el, canvases } = await mount();
    // Five layers: an imported picture under everything, the static scene, creatures, grid and the interactive overlay;
    // under them the terrain picture a pan or zoom gesture shows where the moved layers no longer reach, the
    // snapshot of the layers that a gesture moves, and the still bitmap showing the static layers at rest.
    expect([...canvases.all].map((c) => c.dataset['layer'])).toEqual(['underlay', 'snapshot', 'still', 'background', 'scene', 'creatures', 'grid', 'overlay']);
    const v = editor.view();
    expect(v.zoom).toBeGreaterThan(0.5);
    expect(Number(el.dataset['gridLines'])).toBe(21 + 13);
    const grid = canvases.grid;
    const s = 32 * v.zoom;
    // On a grid line (x = border of column 5, a major line) the grid layer is painted; mid-square it is clear.
    const lineX = Math.round(v.panX + 5 * s) + 0.5;
    const midY = v.panY + 2.5 * s;
    expect(pixel(grid, lineX, midY)[3]).toBeGreaterThan(0);
    expect(pixel(grid, v.panX + 2.5 * s, midY)[3]).toBe(0);
    // The map layer shows normal ground inside the map and nothing outside it.
    const map = canvases.scene;
    expect(pixel(map, v.panX + 2.5 * s, midY)).toEqual([222, 214, 192, 255]);
    expect(pixel(map, 2, 2)[3]).toBe(0);
  });

  it('keeps grid lines one pixel sharp at an odd zoom', async () => {
    const { editor, canvases } = await mount();
    editor.setView({ zoom: 1.37, panX: 10.3, panY: 20.7 });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const grid = canvases.grid;
    const s = 32 * 1.37;
    const x = Math.round(10.3 + 3 * s);
    const y = 20.7 + 1.5 * s;
    // The line pixel is solid and its neighbours are clear: no anti-aliased blur.
    expect(pixel(grid, x, y)[3]).toBeGreaterThan(60);
    expect(pixel(grid, x - 1, y)[3]).toBe(0);
    expect(pixel(grid, x + 1, y)[3]).toBe(0);
  });

  it('leaves the grid out when squares are too small to see it', async () => {
    const { editor, el } = await mount(200, 200);
    editor.setView({ zoom: 0.1, panX: 0, panY: 0 });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(el.dataset['gridLines']).toBe('0');
  });

  it('paints terrain with a brush drag as one undoable step', async () => {
    const { editor, el, canvases } = await mount();
    editor.setTool('terrain');
    editor.setBrush('water');
    const v = editor.view();
    const s = 32 * v.zoom;
    const rect = el.getBoundingClientRect();
    const at = (x: number, y: number) => ({ clientX: rect.left + v.panX + (x + 0.5) * s, clientY: rect.top + v.panY + (y + 0.5) * s, bubbles: true, button: 0 });
    el.dispatchEvent(new MouseEvent('mousedown', at(1, 1)));
    window.dispatchEvent(new MouseEvent('mousemove', at(4, 1)));
    window.dispatchEvent(new MouseEvent('mouseup', at(4, 1)));
    const d = editor.doc()!;
    for (let x = 1; x <= 4; x++) expect(d.map.terrain[squareIndex(d.map, x, 1)]).toBe(Terrain.water);
    expect(d.map.terrain[squareIndex(d.map, 5, 1)]).toBe(Terrain.normal);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(pixel(canvases.scene, v.panX + 2.5 * s, v.panY + 1.5 * s)).toEqual([64, 132, 200, 255]);
    editor.undo();
    expect(editor.doc()!.map.terrain[squareIndex(d.map, 2, 1)]).toBe(Terrain.normal);
    expect(editor.canUndo()).toBe(false);
  });

  it('zooms around the cursor with the wheel and pans with a middle drag', async () => {
    const { editor, el } = await mount();
    const before = editor.view();
    const rect = el.getBoundingClientRect();
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: rect.left + 300, clientY: rect.top + 200, bubbles: true, cancelable: true }));
    const zoomed = editor.view();
    expect(zoomed.zoom).toBeCloseTo(before.zoom * 1.25);
    expect((300 - zoomed.panX) / zoomed.zoom).toBeCloseTo((300 - before.panX) / before.zoom);
    el.dispatchEvent(new MouseEvent('mousedown', { button: 1, clientX: rect.left + 100, clientY: rect.top + 100, bubbles: true }));
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + 140, clientY: rect.top + 90, bubbles: true }));
    window.dispatchEvent(new MouseEvent('mouseup', { button: 1, bubbles: true }));
    expect(editor.view().panX).toBeCloseTo(zoomed.panX + 40);
    expect(editor.view().panY).toBeCloseTo(zoomed.panY - 10);
  });
});

describe('pan and zoom gestures (drawn canvases moved, redrawn at rest)', () => {
  const frames = (n = 2) => new Promise<void>((r) => {
    const step = (k: number) => (k ? requestAnimationFrame(() => step(k - 1)) : r());
    step(n);
  });
  /** Where the grid line on the west side of a column is drawn, in CSS pixels. */
  const majorLineX = (v: { zoom: number; panX: number }, column: number) => Math.round(v.panX + column * 32 * v.zoom) + 0.5;

  it('moves the drawn map during a middle-button drag and redraws it at full resolution when the drag ends', async () => {
    const { editor, el, canvases } = await mount(40, 30);
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    await frames();
    const content = canvases.scene.parentElement!;
    const snapshot = el.querySelector<HTMLCanvasElement>('canvas[data-layer=snapshot]')!;
    const rect = el.getBoundingClientRect();
    // Column 5's grid line is at x = 160 before the drag.
    expect(pixel(canvases.grid, majorLineX(editor.view(), 5), 50)[3]).toBeGreaterThan(0);
    el.dispatchEvent(new MouseEvent('mousedown', { button: 1, clientX: rect.left + 300, clientY: rect.top + 200, bubbles: true }));
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + 337, clientY: rect.top + 200, bubbles: true }));
    await frames();
    // Mid-drag: the live view moved; the layers were not redrawn, their snapshot is moved by a transform.
    expect(editor.view().panX).toBe(37);
    expect(el.dataset['settled']).toBe('false');
    expect(content.style.visibility).toBe('hidden');
    expect(snapshot.style.display).toBe('');
    expect(snapshot.style.transform).toContain('translate(37px, 0px)');
    expect(pixel(canvases.grid, majorLineX({ zoom: 1, panX: 0 }, 5), 50)[3]).toBeGreaterThan(0);
    expect(pixel(snapshot, majorLineX({ zoom: 1, panX: 0 }, 5), 50)).not.toEqual(pixel(snapshot, majorLineX({ zoom: 1, panX: 0 }, 5) + 3, 50));
    // The squares uncovered on the left show the terrain picture under the moved canvases.
    const underlay = el.querySelector<HTMLCanvasElement>('canvas[data-layer=underlay]')!;
    expect(underlay.style.display).toBe('');
    window.dispatchEvent(new MouseEvent('mouseup', { button: 1, bubbles: true }));
    await frames();
    expect(el.dataset['settled']).toBe('true');
    expect(content.style.visibility).toBe('');
    expect(snapshot.style.display).toBe('none');
    expect(underlay.style.display).toBe('none');
    // Redrawn at the new view: the line is 37 px further right, and gone from where it was.
    expect(pixel(canvases.grid, majorLineX(editor.view(), 5), 50)[3]).toBeGreaterThan(0);
    expect(pixel(canvases.grid, majorLineX({ zoom: 1, panX: 0 }, 5), 50)[3]).toBe(0);
  });

  it('scales the drawn map while the wheel turns and redraws at the new zoom once it rests', async () => {
    const { editor, el, canvases } = await mount(40, 30);
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    await frames();
    const content = canvases.scene.parentElement!;
    const snapshot = el.querySelector<HTMLCanvasElement>('canvas[data-layer=snapshot]')!;
    const rect = el.getBoundingClientRect();
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: rect.left, clientY: rect.top, bubbles: true, cancelable: true }));
    await frames();
    const v = editor.view();
    expect(v.zoom).toBeCloseTo(1.25);
    expect(snapshot.style.transform).toContain('scale(1.25)');
    expect(content.style.visibility).toBe('hidden');
    // Still the old drawing: column 5's line at 160 px, not yet at 200 px.
    expect(pixel(canvases.grid, majorLineX({ zoom: 1, panX: 0 }, 5), 50)[3]).toBeGreaterThan(0);
    expect(pixel(canvases.grid, majorLineX(v, 5), 50)[3]).toBe(0);
    await new Promise((r) => setTimeout(r, REST_MS + 30));
    await frames();
    expect(el.dataset['settled']).toBe('true');
    expect(content.style.visibility).toBe('');
    expect(snapshot.style.display).toBe('none');
    expect(pixel(canvases.grid, majorLineX(v, 5), 50)[3]).toBeGreaterThan(0);
    // Column 3's line was at 96 px; at 125 % no line is there (they are 40 px apart).
    expect(pixel(canvases.grid, majorLineX({ zoom: 1, panX: 0 }, 3), 50)[3]).toBe(0);
  });

  it('takes the snapshot again when a layer redraws during a gesture (an edit mid-drag shows)', async () => {
    const { editor, el } = await mount(40, 30);
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    await frames();
    const snapshot = el.querySelector<HTMLCanvasElement>('canvas[data-layer=snapshot]')!;
    const rect = el.getBoundingClientRect();
    el.dispatchEvent(new MouseEvent('mousedown', { button: 1, clientX: rect.left + 300, clientY: rect.top + 200, bubbles: true }));
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + 310, clientY: rect.top + 200, bubbles: true }));
    await frames();
    // Square (2, 1) in the snapshot (drawn at pan 0): normal ground, then water after the edit.
    expect(pixel(snapshot, 2.5 * 32, 1.5 * 32)).toEqual([222, 214, 192, 255]);
    const d = editor.doc()!;
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(d.map, 2, 1)], values: [Terrain.water] });
    await frames();
    expect(el.dataset['settled']).toBe('false');
    expect(pixel(snapshot, 2.5 * 32, 1.5 * 32)).toEqual([64, 132, 200, 255]);
    window.dispatchEvent(new MouseEvent('mouseup', { button: 1, bubbles: true }));
  });

  it('shows the static layers at rest as one bitmap, composed again after an edit or a view change', async () => {
    const { editor, el, canvases } = await mount(40, 30);
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    await frames();
    const still = el.querySelector<HTMLCanvasElement>('canvas[data-layer=still]')!;
    // The static canvases are drawn but hidden; the still bitmap shows them, the overlay stays live.
    expect(getComputedStyle(canvases.scene).visibility).toBe('hidden');
    expect(getComputedStyle(canvases.grid).visibility).toBe('hidden');
    expect(getComputedStyle(canvases.overlay).visibility).toBe('visible');
    expect(getComputedStyle(still).display).not.toBe('none');
    // Terrain mid-square, the grid line over it at column 5.
    expect(pixel(still, 2.5 * 32, 1.5 * 32)).toEqual([222, 214, 192, 255]);
    expect(pixel(still, majorLineX({ zoom: 1, panX: 0 }, 5), 50)).not.toEqual([222, 214, 192, 255]);
    const d = editor.doc()!;
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(d.map, 2, 1)], values: [Terrain.water] });
    // The edit's own frame shows the redrawn layers' canvases; the still bitmap is composed after it.
    await new Promise((r) => requestAnimationFrame(r));
    expect(getComputedStyle(canvases.scene).visibility).toBe('visible');
    expect(getComputedStyle(still).display).toBe('none');
    await frames();
    expect(getComputedStyle(canvases.scene).visibility).toBe('hidden');
    expect(getComputedStyle(still).display).not.toBe('none');
    expect(pixel(still, 2.5 * 32, 1.5 * 32)).toEqual([64, 132, 200, 255]);
    editor.undo();
    editor.setView({ zoom: 1, panX: 32, panY: 0 });
    await frames();
    // Square (2, 1) is now drawn 32 px further right, normal ground again.
    expect(pixel(still, 3.5 * 32, 1.5 * 32)).toEqual([222, 214, 192, 255]);
    expect(pixel(still, 10, 1.5 * 32)[3]).toBe(0);
  });

  it('redraws at once on a view change that is not a gesture, and when a gesture strays too far', async () => {
    const { editor, el, canvases } = await mount(40, 30);
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    await frames();
    expect(el.dataset['settled']).toBe('true');
    expect(pixel(canvases.grid, majorLineX({ zoom: 1, panX: 0 }, 5), 50)[3]).toBeGreaterThan(0);
    const rect = el.getBoundingClientRect();
    el.dispatchEvent(new MouseEvent('mousedown', { button: 1, clientX: rect.left + 10, clientY: rect.top + 10, bubbles: true }));
    // Half the viewport in one move: more than a quarter of it would be left bare, so it is drawn now.
    window.dispatchEvent(new MouseEvent('mousemove', { clientX: rect.left + 410, clientY: rect.top + 10, bubbles: true }));
    await frames();
    expect(el.dataset['settled']).toBe('true');
    expect(pixel(canvases.grid, majorLineX(editor.view(), 5), 50)[3]).toBeGreaterThan(0);
    window.dispatchEvent(new MouseEvent('mouseup', { button: 1, bubbles: true }));
  });
});

describe('opening a map', () => {
  it('fits the view once, to the measured canvas, not first to a made-up size', async () => {
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:800px;height:500px';
    document.body.append(host);
    const editor = createEditor(noPlatform);
    const views: unknown[] = [];
    const stopWatching = createRoot((stop) => {
      createEffect(() => views.push(editor.view()));
      return stop;
    });
    await editor.newEncounter({ ruleset: 'd20-35', width: 40, height: 30, name: 'A' });
    // No canvas yet, so no size to fit to: the view waits rather than fitting a made-up 800 × 600.
    expect(views).toHaveLength(1);
    dispose = render(() => <MapCanvas editor={editor} />, host);
    const scene = host.querySelector<HTMLCanvasElement>('canvas[data-layer=scene]')!;
    expect(scene).not.toBeNull();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(views).toHaveLength(2);
    // Another map while the canvas is up: one new view, fitted to the real size.
    await editor.newEncounter({ ruleset: 'd20-35', width: 10, height: 10, name: 'B' });
    expect(views).toHaveLength(3);
    const v = editor.view();
    const { width, height } = editor.viewport();
    expect(Math.min(v.panX, v.panY)).toBeCloseTo(24);
    // Centred in the height above the notices' room (state/view.ts › NOTICE_ROOM).
    expect(v.panY).toBeCloseTo((height - NOTICE_ROOM - 10 * 32 * v.zoom) / 2);
    expect(v.panX).toBeCloseTo((width - 10 * 32 * v.zoom) / 2);
    stopWatching();
  });
});

describe('File › Export map image', () => {
  it('renders the whole map at 100 % with its walls, whatever the view', async () => {
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:800px;height:500px';
    document.body.append(host);
    let request: { text: string; encoding: string } | null = null;
    const platform = { edition: 'browser', exportFile: async (r: { text: string; encoding: string }) => ((request = r), { id: 'x', name: 'map.png' }) } as unknown as PlatformBridge;
    const editor = createEditor(platform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 6, height: 4, name: 'Export' });
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(editor.doc()!.map, 2, 1)], values: [Edge.wall] });
    dispose = render(() => <MapCanvas editor={editor} />, host);
    editor.setView({ zoom: 3, panX: -500, panY: -500 });
    await editor.exportFile('png');
    expect(request!.encoding).toBe('base64');
    const image = new Image();
    image.src = `data:image/png;base64,${request!.text}`;
    await image.decode();
    expect([image.width, image.height]).toEqual([6 * 32, 4 * 32]);
    const c = document.createElement('canvas');
    c.width = image.width;
    c.height = image.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    // The wall on the east edge of (2, 1) is dark; mid-square ground is the normal colour.
    const wall = [...ctx.getImageData(3 * 32, 1 * 32 + 16, 1, 1).data];
    expect(wall[0]).toBeLessThan(80);
    expect([...ctx.getImageData(0 * 32 + 16, 2 * 32 + 16, 1, 1).data]).toEqual([222, 214, 192, 255]);
  });
});

describe('movement and height on the map (Konva, real Chromium)', () => {
  it('tints the squares a selected creature can reach and marks ledges', async () => {
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:800px;height:500px';
    document.body.append(host);
    const editor = createEditor(noPlatform);
    const text = 'ruleset: epic-path\nmap:\n  A . . . . .\n  . . . . . .\n  . . . . . .\nelevation:\n  0 0 0 10 10 10\n  0 0 0 10 10 10\n  0 0 0 10 10 10\ncreatures:\n  A: side=party speed=10\n';
    await editor.openSample('test.txt', text);
    dispose = render(() => <MapCanvas editor={editor} />, host);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // Movement in Edit mode is shown when asked for (View › Movement layer).
    editor.setLayers({ ...editor.layers(), overlays: true });
    editor.setSelectedCreature('A');
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const { scene: mapCanvas, overlay } = layerCanvases(host);
    const v = editor.view();
    const s = 32 * v.zoom;
    const at = (x: number, y: number) => [v.panX + (x + 0.5) * s, v.panY + (y + 0.2) * s] as const;
    // Reachable (2 squares): tinted green; beyond the budget: untouched.
    const [rx, ry] = at(2, 1);
    const reachable = pixel(overlay!, rx, ry);
    expect(reachable[3]).toBeGreaterThan(0);
    expect(reachable[1]).toBeGreaterThan(reachable[0]);
    const [fx, fy] = at(5, 1);
    expect(pixel(overlay!, fx, fy)[3]).toBe(0);
    // The ledge between columns 2 and 3 is a red line on the map layer.
    const edge = pixel(mapCanvas!, v.panX + 3 * s, v.panY + 1.5 * s);
    expect(edge[0]).toBeGreaterThan(edge[2] + 60);
    expect(host.querySelector<HTMLElement>('[data-testid=map-canvas]')!.dataset['reachSquares']).toBe(String(editor.reach() && 'reach' in editor.reach()! ? (editor.reach() as { reach: { squares: unknown[] } }).reach.squares.length : -1));
  });
});

describe('opening a map the canvas was waiting for', () => {
  // The first frames after opening draw what is ready and leave the rest to later tasks: line tiles
  // whose chunks are not built yet (a tile filler builds them and redraws once), terrain bands (shown
  // every 100 ms), the stage's canvases sized after the mount. Once settled, every layer is drawn.
  it('ends with every layer drawn: terrain to the last row, walls in every tile, creatures in every corner', { timeout: 30_000 }, async () => {
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:800px;height:500px';
    document.body.append(host);
    const editor = createEditor(noPlatform);
    // Mounted with no map yet, as while a file is read.
    dispose = render(() => <MapCanvas editor={editor} />, host);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const side = 256;
    const e = createEncounter({ name: 'Opened', ruleset: 'd20-35', width: side, height: side });
    // Water on the last rows (the last terrain band), walls along two rows across the map (each of
    // the four tiles of 128 squares has some), and a creature near each corner.
    for (let y = side - 8; y < side; y++) for (let x = 0; x < side; x++) e.map.terrain[y * side + x] = Terrain.water;
    for (const y of [40, 200]) for (let x = 0; x < side; x++) e.map.edgeSouth[y * side + x] = Edge.wall;
    const corners = [
      [4, 4],
      [side - 8, 4],
      [4, side - 20],
      [side - 8, side - 20],
    ] as const;
    e.creatures = corners.map(([x, y], k) => makeCreature({ id: `c${k}`, size: 'gargantuan', x, y }));
    await editor.openUnsaved(e, 'Opened', false);
    const v = editor.view();
    const s = 32 * v.zoom;
    const at = (x: number, y: number) => ({ x: v.panX + x * s, y: v.panY + y * s });
    const still = host.querySelector<HTMLCanvasElement>('canvas[data-layer=still]')!;
    const differs = (a: number[], b: number[]) => Math.max(...a.slice(0, 3).map((c, i) => Math.abs(c - b[i]!))) > 40;
    /** Whether the shown picture has a wall on the south edge of row `y` at column `x`: a pixel near it unlike the ground 3 squares above. */
    const wallShown = (x: number, y: number) => {
      const p = at(x + 0.5, y + 1);
      const ground = pixel(still, p.x, at(x, y - 3).y);
      return [-1, 0, 1].some((dy) => differs(pixel(still, p.x, p.y + dy), ground));
    };
    const settled = () => {
      // Terrain to its last row: water (blue) at the bottom, ground above it.
      const water = pixel(still, at(side / 2, side - 1.5).x, at(side / 2, side - 1.5).y);
      const ground = pixel(still, at(side / 2, side - 20).x, at(side / 2, side - 20).y);
      const terrain = water[3] === 255 && water[2] > water[0] && differs(water, ground);
      // Walls in each tile (x in both halves, rows in both halves).
      const walls = [20, 150, 236].every((x) => wallShown(x, 40) && wallShown(x, 200));
      // A creature's disc at each corner's middle, unlike the ground next to it.
      const creatures = corners.every(([x, y]) => differs(pixel(still, at(x + 2, y + 2).x, at(x + 2, y + 2).y), pixel(still, at(x + 2, y + 7).x, at(x + 2, y + 7).y)));
      return { terrain, walls, creatures };
    };
    await expect.poll(settled, { timeout: 20_000 }).toEqual({ terrain: true, walls: true, creatures: true });
  });
});
