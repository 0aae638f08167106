import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePanel } from '../../src-renderer/components/CreaturePanel';
import { LayersPanel } from '../../src-renderer/components/LayersPanel';
import { PropertiesPanel } from '../../src-renderer/components/PropertiesPanel';
import { ToolOptions } from '../../src-renderer/components/ToolOptions';
import { ToolPalette } from '../../src-renderer/components/ToolPalette';
import { ACTIONS, actionForKey } from '../../src-renderer/state/actions';
import { createEditor, type Editor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, makeCreature } from '../../src-shared/model';

// What a designer hit in the editor, and the view (issue 18, items 7 and 6), one test each.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const cleanup: (() => void)[] = [];

afterEach(() => {
  while (cleanup.length) cleanup.pop()!();
  document.body.innerHTML = '';
});

async function setUp(width = 12, height = 8, ruleset: 'd20-35' | 'epic-path' = 'd20-35') {
  const editor = createEditor(noPlatform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset, width, height, name: 'Hits' });
  return editor;
}
function mount(node: () => import('solid-js').JSX.Element, size = 'width:900px;height:600px') {
  const host = document.createElement('div');
  host.style.cssText = `position:relative;${size}`;
  document.body.append(host);
  cleanup.push(render(node, host));
  return host;
}
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const key = (target: EventTarget, k: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
function pixel(canvas: HTMLCanvasElement, x: number, y: number): [number, number, number, number] {
  const d = canvas.getContext('2d')!.getImageData(Math.floor(x), Math.floor(y), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!, d[3]!];
}

describe('what a designer hit (issue 18 › 7)', () => {
  it('[ and ] change the brush size right after a click on a tool or a colour', async () => {
    const editor = await setUp();
    const host = mount(() => (
      <>
        <ToolPalette editor={editor} />
        <MapCanvas editor={editor} />
      </>
    ));
    await frame();
    const brush = host.querySelector<HTMLButtonElement>('[data-testid="tool-terrain"]')!;
    brush.focus();
    brush.click();
    expect(editor.tool()).toBe('terrain');
    expect(document.activeElement).toBe(brush);
    const size = editor.brushSize();
    key(brush, ']');
    expect(editor.brushSize()).toBe(size + 1);
    // A colour swatch keeps the keyboard too.
    const swatch = host.querySelector<HTMLButtonElement>('.swatch')!.closest('button')!;
    swatch.focus();
    swatch.click();
    key(swatch, '[');
    expect(editor.brushSize()).toBe(size);
    // Tab still moves the focus, and a button in a dialog keeps its keys.
    key(swatch, 'Tab');
    expect(editor.brushSize()).toBe(size);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const ok = document.createElement('button');
    dialog.append(ok);
    document.body.append(dialog);
    ok.focus();
    key(ok, ']');
    expect(editor.brushSize()).toBe(size);
  });

  it('the minimap of a new 600² map shows the whole terrain once it is painted, not the first band', async () => {
    const editor = await setUp(600, 600);
    const host = mount(() => <MapCanvas editor={editor} />, 'width:900px;height:600px');
    await frame();
    // Zoomed in at once, while the terrain is still painted in bands: the minimap is needed now.
    for (let i = 0; i < 6; i++) editor.zoomIn();
    await frame();
    const canvas = () => host.querySelector<HTMLCanvasElement>('[data-testid="minimap"] canvas')!;
    await expect.poll(() => canvas()?.width ?? 0).toBeGreaterThan(0);
    // Every band painted, then a frame for the minimap.
    await expect.poll(() => host.querySelector<HTMLElement>('[data-testid=map-canvas]')!.dataset['settled'], { timeout: 10_000 }).toBe('true');
    await new Promise((r) => setTimeout(r, 500));
    await frame();
    const c = canvas();
    // Normal ground (#ded6c0) at the top and at the bottom of the picture, nothing black or empty.
    expect(pixel(c, c.width / 2, 1)).toEqual([222, 214, 192, 255]);
    expect(pixel(c, c.width / 2, c.height - 2)).toEqual([222, 214, 192, 255]);
  });

  it("the minimap does not cover the map's bottom-left squares when they are in view", async () => {
    const editor = await setUp(60, 40);
    const host = mount(() => <MapCanvas editor={editor} />, 'width:900px;height:600px');
    await frame();
    const box = () => host.querySelector<HTMLElement>('[data-testid="minimap"]')!.getBoundingClientRect();
    const origin = host.querySelector<HTMLElement>('[data-testid=map-canvas]')!.getBoundingClientRect();
    const overlaps = (r: DOMRect, x: number, y: number, side: number) =>
      r.left < origin.left + x + side && r.right > origin.left + x && r.top < origin.top + y + side && r.bottom > origin.top + y;
    // The middle of the map in view: the minimap in its usual corner.
    editor.setView({ zoom: 2, panX: -1500, panY: -1500 });
    await frame();
    expect(box().left - origin.left).toBeLessThan(50);
    expect(origin.bottom - box().bottom).toBeLessThan(50);
    // Panned to the bottom-left corner: squares (0, 39) to (2, 37) are on screen and not under it.
    editor.setView({ zoom: 2, panX: 0, panY: 600 - 40 * 64 });
    await frame();
    for (const [x, y] of [[0, 39], [2, 39], [0, 37]] as const) expect(overlaps(box(), x * 64, editor.view().panY + y * 64, 64)).toBe(false);
  });

  it('in Edit mode a selected creature shows no movement until asked (View › Movement layer, Ctrl+Shift+M)', async () => {
    const editor = await setUp(12, 8);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Archer', x: 2, y: 2 }) });
    const host = mount(() => <MapCanvas editor={editor} />);
    await frame();
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    editor.setTool('select');
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    t.click({ x: 2, y: 2 });
    expect(editor.selectedCreature()).toBe('A');
    await expect.poll(() => editor.reachOnMap().length).toBeGreaterThan(10);
    await frame();
    const overlay = host.querySelector<HTMLCanvasElement>('canvas[data-layer=overlay]')!;
    const ratio = overlay.width / overlay.clientWidth;
    // Square (4, 2) is two squares away: in reach, and empty.
    const at = () => pixel(overlay, (4.5 * 32) * ratio, (2.2 * 32) * ratio);
    expect(at()[3]).toBe(0);
    const toggle = actionForKey(new KeyboardEvent('keydown', { key: 'M', ctrlKey: true, shiftKey: true }))!;
    expect(toggle.id).toBe('view.layerMovement');
    expect(toggle.menu).toBe('view');
    toggle.run(editor);
    await frame();
    // The reach's green on that square now.
    const [r, g, b, a] = at();
    expect(a).toBeGreaterThan(0);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('the Mode list names the walk once', async () => {
    for (const ruleset of ['d20-35', 'epic-path'] as const) {
      const editor = await setUp(12, 8, ruleset);
      editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'H', name: 'Hawk', x: 1, y: 1, speed: { walk: 10, fly: 60 } }) });
      editor.setSelectedCreature('H');
      const host = mount(() => <CreaturePanel editor={editor} />);
      const names = [...host.querySelectorAll<HTMLOptionElement>('[data-testid="move-mode"] option')].map((o) => o.textContent!.toLowerCase());
      expect(names.filter((n) => n === 'walk')).toHaveLength(1);
      expect(names).toContain('fly');
      document.body.innerHTML = '';
    }
  });

  it('the View menu names each layer as the Layers panel does', async () => {
    const editor = await setUp();
    const host = mount(() => <LayersPanel editor={editor} />);
    const panel = [...host.querySelectorAll('.layer-name')].map((n) => n.textContent!.trim());
    const menu = ACTIONS.filter((a) => a.id.startsWith('view.layer')).map((a) => a.label(editor).replace(/ layer$/, ''));
    expect(menu).toContain('Edges');
    expect(menu).toContain('Movement');
    for (const name of menu) expect(panel).toContain(name);
  });

  it("a door toggled with the Select tool is undone as 'open door' or 'close door'", async () => {
    const editor = await setUp();
    editor.setView({ zoom: 1, panX: 0, panY: 0 });
    const i = 3 * 12 + 2;
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [i], values: [Edge.doorClosed] });
    editor.setTool('select');
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    // The line x = 3 beside square (2, 3): that square's east edge.
    t.click({ x: 3, y: 3.5 });
    expect(editor.doc()!.map.edgeEast[i]).toBe(Edge.doorOpen);
    expect(editor.undoLabel()).toBe('open door');
    t.click({ x: 3, y: 3.5 });
    expect(editor.doc()!.map.edgeEast[i]).toBe(Edge.doorClosed);
    expect(editor.undoLabel()).toBe('close door');
    editor.undo();
    expect(editor.doc()!.map.edgeEast[i]).toBe(Edge.doorOpen);
  });

  it('the Eraser offers no palette: it says what it leaves', async () => {
    const editor = await setUp();
    const host = mount(() => <ToolOptions editor={editor} />);
    editor.setTool('terrain');
    expect(host.querySelector('[data-testid="legend"]')).not.toBeNull();
    editor.setTool('eraser');
    expect(host.querySelector('[data-testid="legend"]')).toBeNull();
    expect(host.querySelector('[data-testid="eraser-leaves"]')!.textContent).toContain('normal');
    editor.setSquareLayer('elevation');
    expect(host.querySelector('[data-testid="layer-value"]')).toBeNull();
    expect(host.querySelector('[data-testid="eraser-leaves"]')!.textContent).toContain('height 0');
    editor.setSquareLayer('waterDepth');
    expect(host.querySelector('[data-testid="eraser-leaves"]')!.textContent).toContain('dry');
  });
});

describe('view (issue 18 › 6)', () => {
  it("outside paint mode the panel shows every layer's legend, elevation and water included", async () => {
    const editor = await setUp(12, 8, 'd20-35');
    const host = mount(() => <PropertiesPanel editor={editor} />);
    editor.setTool('select');
    const legend = () => host.querySelector<HTMLElement>('[data-testid="map-legend"]');
    expect(legend()).not.toBeNull();
    const text = legend()!.textContent!;
    // Terrain in the ruleset's words, the heights and depths as they are drawn, and the edges.
    expect(host.querySelector('[data-testid="map-legend-terrain"]')!.textContent).toContain('Normal');
    expect(host.querySelector('[data-testid="map-legend-elevation"]')!.textContent).toContain('Contour line');
    expect(host.querySelector('[data-testid="map-legend-elevation"]')!.textContent).toContain('5 feet');
    expect(host.querySelector('[data-testid="map-legend-waterDepth"]')!.textContent).toContain('darker is deeper');
    expect(text).toContain('Door (closed)');
    // A paint tool shows its own legend to pick from instead.
    editor.setTool('terrain');
    expect(legend()).toBeNull();
    expect(host.querySelector('[data-testid="legend"]')).not.toBeNull();
  });

  const bounds = (editor: Editor, w: number, h: number) => {
    const v = editor.view();
    const s = 32 * v.zoom;
    return { left: v.panX, top: v.panY, right: v.panX + w * s, bottom: v.panY + h * s };
  };

  it('Ctrl+0 shows the whole of a 2048² map, and zooming out stops at half of that', async () => {
    const editor = await setUp(2048, 2048);
    editor.measureViewport({ width: 1000, height: 700 });
    editor.actualSize();
    actionForKey(new KeyboardEvent('keydown', { key: '0', ctrlKey: true }))!.run(editor);
    const b = bounds(editor, 2048, 2048);
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.top).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(1000);
    expect(b.bottom).toBeLessThanOrEqual(700);
    const fit = editor.view().zoom;
    for (let i = 0; i < 20; i++) editor.zoomOut();
    expect(editor.view().zoom).toBeCloseTo(fit / 2);
  });

  it('a map zooms out no further than half its fit, and a small one no further than actual size', async () => {
    const editor = await setUp(40, 30);
    editor.measureViewport({ width: 1000, height: 700 });
    for (let i = 0; i < 40; i++) editor.zoomOut();
    // 30 rows fit in 652 px; zoomed right out they still span half of that.
    expect(30 * 32 * editor.view().zoom).toBeCloseTo(652 / 2);
    const small = await setUp(10, 6);
    small.measureViewport({ width: 1000, height: 700 });
    for (let i = 0; i < 40; i++) small.zoomOut();
    expect(small.view().zoom).toBe(1);
  });

  it('zoom to selection (View menu, Ctrl+2) centres the selected creatures as large as they fit', async () => {
    const editor = await setUp(60, 40);
    editor.measureViewport({ width: 800, height: 600 });
    editor.zoomToFit();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'A', x: 40, y: 30 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'B', name: 'B', x: 43, y: 31 }) });
    const action = actionForKey(new KeyboardEvent('keydown', { key: '2', ctrlKey: true }))!;
    expect(action.id).toBe('view.zoomSelection');
    expect(action.enabled!(editor)).toBe(false);
    editor.selectCreatures(['A', 'B']);
    expect(action.enabled!(editor)).toBe(true);
    action.run(editor);
    // Squares 40-43 by 30-31: a 4 × 2 block, centred, four squares across 752 px.
    const v = editor.view();
    const s = 32 * v.zoom;
    expect(v.panX + 42 * s).toBeCloseTo(400);
    expect(v.panY + 31 * s).toBeCloseTo(300);
    expect(4 * s).toBeCloseTo(752);
  });

  it("the grid takes the encounter's colour, opacity and thickness from the panel, one undo step each", async () => {
    const editor = await setUp(12, 8);
    const host = mount(() => (
      <>
        <MapCanvas editor={editor} />
        <PropertiesPanel editor={editor} />
      </>
    ));
    await frame();
    editor.setView({ zoom: 2, panX: 0, panY: 0 });
    await frame();
    const grid = host.querySelector<HTMLCanvasElement>('canvas[data-layer=grid]')!;
    const ratio = grid.width / grid.clientWidth;
    // Column line x = 3 (an ordinary line) at 192.5 px, half-way down row 1.
    const onLine = () => pixel(grid, 192 * ratio, 96 * ratio);
    const beside = () => pixel(grid, 194 * ratio, 96 * ratio);
    expect(onLine()[3]).toBeGreaterThan(0);
    expect(beside()[3]).toBe(0);
    const set = (id: string, value: string) => {
      const input = host.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
      input.value = value;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    set('grid-color', '#ff0000');
    set('grid-opacity', '100');
    set('grid-thickness', '5');
    expect(editor.doc()!.grid).toEqual({ color: '#ff0000', opacity: 1, thickness: 5 });
    await frame();
    expect(onLine()).toEqual([255, 0, 0, 255]);
    // Five pixels wide: two pixels to the side of the line are on it now.
    expect(beside()[0]).toBe(255);
    editor.undo();
    expect(editor.doc()!.grid).toEqual({ color: '#ff0000', opacity: 1 });
    host.querySelector<HTMLButtonElement>('[data-testid="grid-default"]')!.click();
    expect(editor.doc()!.grid).toBeUndefined();
  });

  it('the view follows a resize: a fitted map is fitted again whatever the anchor, else the kept squares stay put, on undo too', async () => {
    const editor = await setUp(20, 12);
    editor.measureViewport({ width: 800, height: 500 });
    editor.zoomToFit();
    // Top-left anchor, 20 columns and 8 rows added on the right and at the bottom: all in view.
    expect(editor.execute({ type: 'resizeMap', width: 40, height: 20, dx: 0, dy: 0 })).toBe(true);
    let b = bounds(editor, 40, 20);
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.top).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(800);
    expect(b.bottom).toBeLessThanOrEqual(500);
    // Zoomed in (part of the map out of view), a left anchor adds columns on the right and a right
    // anchor 5 on the left: square (3, 3) stays where it is on screen, and after the undo as well.
    editor.setView({ zoom: 2, panX: -100, panY: -50 });
    const screenOf = (x: number, y: number) => ({ x: editor.view().panX + x * 64, y: editor.view().panY + y * 64 });
    const before = screenOf(3, 3);
    expect(editor.execute({ type: 'resizeMap', width: 45, height: 20, dx: 5, dy: 0 })).toBe(true);
    expect(screenOf(8, 3)).toEqual(before);
    editor.undo();
    expect(screenOf(3, 3)).toEqual(before);
    editor.redo();
    expect(screenOf(8, 3)).toEqual(before);
    b = bounds(editor, 45, 20);
    expect(b.left).toBeLessThan(0);
  });
});
