import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { App } from '../../src-renderer/App';
import { LayersPanel } from '../../src-renderer/components/LayersPanel';
import { ToolOptions } from '../../src-renderer/components/ToolOptions';
import { createEditor, type Editor } from '../../src-renderer/state/editor';
import { squarePixels } from '../../src-renderer/state/view';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, makeCreature, Terrain } from '../../src-shared/model';

// Issue 18 › 3 and 4: the map's context menus, and a map built from the keyboard alone. Keys are
// real key presses (vitest's userEvent through Playwright), so the browser's own handling of a
// select and of focus is what is tested.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const cleanup: (() => void)[] = [];

afterEach(() => {
  while (cleanup.length) cleanup.pop()!();
  document.body.innerHTML = '';
});

async function setUp(width = 12, height = 8): Promise<Editor> {
  const editor = createEditor(noPlatform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Keys' });
  return editor;
}
function mountApp(editor: Editor) {
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;inset:0';
  document.body.append(host);
  cleanup.push(render(() => <App editor={editor} />, host));
  return host;
}
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const press = (keys: string) => userEvent.keyboard(keys);
const repeat = (key: string, n: number) => press(`{${key}}`.repeat(n));
const at = (e: Editor, x: number, y: number) => y * e.doc()!.map.width + x;
/** The window point of a place on the map, in squares (fractional). */
function clientPoint(editor: Editor, map: HTMLElement, x: number, y: number) {
  const v = editor.view();
  const s = squarePixels(v);
  const r = map.getBoundingClientRect();
  return { clientX: r.left + v.panX + x * s, clientY: r.top + v.panY + y * s };
}
function rightClick(editor: Editor, map: HTMLElement, x: number, y: number) {
  map.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, button: 2, ...clientPoint(editor, map, x, y) }));
}
const menu = () => document.querySelector<HTMLElement>('[role="menu"][data-testid="map-menu"]');
const item = (id: string) => document.querySelector<HTMLButtonElement>(`[data-testid="menu-item-${id}"]`)!;
function pixel(canvas: HTMLCanvasElement, x: number, y: number): number[] {
  return [...canvas.getContext('2d')!.getImageData(Math.floor(x), Math.floor(y), 1, 1).data];
}

describe('keyboard-cursor mode (issue 18 › 4)', () => {
  it('builds a small room from the keyboard alone: walls, floor, a door, a creature', async () => {
    const editor = await setUp();
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    expect(map.getAttribute('role')).toBe('application');
    expect(map.tabIndex).toBe(0);

    // K from anywhere: the mode is on and the map has the keyboard.
    await press('k');
    expect(editor.cursorMode()).toBe(true);
    expect(document.activeElement).toBe(map);
    // To the top-left corner (the cursor stops at the border), then one square in.
    await repeat('ArrowUp', 10);
    await repeat('ArrowLeft', 14);
    expect(map.dataset['cursor']).toBe('0,0');
    await press('{ArrowRight}{ArrowDown}');
    expect(editor.cursor()).toEqual({ x: 1, y: 1 });

    // Walls (W) around a 5 × 4 region grown with Shift + arrows: one undo step.
    await press('w');
    expect(editor.tool()).toBe('edges');
    await press('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{/Shift}');
    expect(editor.cursorRegion()).toEqual({ from: { x: 1, y: 1 }, to: { x: 5, y: 4 } });
    await press('{Enter}');
    const m = editor.doc()!.map;
    for (let x = 1; x <= 5; x++) {
      expect(m.edgeSouth[at(editor, x, 0)], `north wall at ${x}`).toBe(Edge.wall);
      expect(m.edgeSouth[at(editor, x, 4)], `south wall at ${x}`).toBe(Edge.wall);
    }
    for (let y = 1; y <= 4; y++) {
      expect(m.edgeEast[at(editor, 0, y)], `west wall at ${y}`).toBe(Edge.wall);
      expect(m.edgeEast[at(editor, 5, y)], `east wall at ${y}`).toBe(Edge.wall);
    }
    expect([...m.edgeEast, ...m.edgeSouth].filter((v) => v !== Edge.none)).toHaveLength(18);
    expect(editor.undoLabel()).toBe('walls around a region');
    expect(editor.cursorRegion()).toBeNull();

    // The floor with the Brush (B, difficult ground by default): the region swept in one stroke.
    await press('b');
    await press('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}');
    await press('{Enter}');
    const terrain = editor.doc()!.map.terrain;
    for (let y = 0; y < 8; y++) for (let x = 0; x < 12; x++) expect(terrain[at(editor, x, y)], `${x},${y}`).toBe(x >= 1 && x <= 5 && y >= 1 && y <= 4 ? Terrain.difficult : Terrain.normal);
    editor.undo();
    expect(editor.doc()!.map.terrain.every((t) => t === Terrain.normal)).toBe(true);
    editor.redo();

    // A door in the east wall: to (5, 2), facing east, O.
    await press('{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(editor.cursor()).toEqual({ x: 5, y: 2 });
    expect(editor.facing()).toBe('east');
    await press('o');
    expect(editor.doc()!.map.edgeEast[at(editor, 5, 2)]).toBe(Edge.doorClosed);
    expect(editor.undoLabel()).toBe('add door');
    await press('o');
    expect(editor.doc()!.map.edgeEast[at(editor, 5, 2)]).toBe(Edge.doorOpen);

    // A creature (C) where the cursor is; the map's label and live region say so.
    await press('c{Enter}');
    expect(editor.doc()!.creatures).toMatchObject([{ x: 5, y: 2 }]);
    const name = editor.doc()!.creatures[0]!.name;
    expect(map.getAttribute('aria-label')).toContain(`Square 5, 2: Difficult, elevation 0 feet; ${name} (Medium)`);
    expect(host.querySelector('[data-testid="map-cursor-status"]')!.textContent).toContain('Square 5, 2');

    // The cursor is drawn: a dark frame with a white line, just inside the square's west side (its sides are kept clear for a door).
    await frame();
    const overlay = host.querySelector<HTMLCanvasElement>('canvas[data-layer="overlay"]')!;
    const ratio = overlay.width / overlay.getBoundingClientRect().width;
    const v = editor.view();
    const s = squarePixels(v);
    const west = { x: (Math.round(v.panX + 5 * s) + 2) * ratio, y: (v.panY + 2.5 * s) * ratio };
    expect(pixel(overlay, west.x, west.y)).toEqual([16, 20, 24, 255]);

    // Esc leaves: the arrows pan again and the cursor stays put.
    await press('{Escape}');
    expect(editor.cursorMode()).toBe(false);
    expect(map.dataset['cursor']).toBeUndefined();
    await frame();
    expect(pixel(overlay, west.x, west.y)).not.toEqual([16, 20, 24, 255]);
    const panX = editor.view().panX;
    await press('{ArrowLeft}');
    expect(editor.view().panX).toBe(panX + 64);
    expect(editor.cursor()).toEqual({ x: 5, y: 2 });
    expect(map.getAttribute('aria-label')).toMatch(/^Battle map, 12 by 8 squares/);
  });

  it('O: the door is drawn where it can be seen (the cursor keeps off the square’s sides) and the live region says it', async () => {
    const editor = await setUp();
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    await press('k');
    await repeat('ArrowUp', 10);
    await repeat('ArrowLeft', 14);
    await press('{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(map.dataset['cursor']).toBe('5,2');
    await press('o');
    expect(editor.doc()!.map.edgeEast[at(editor, 5, 2)]).toBe(Edge.doorClosed);
    const status = host.querySelector('[data-testid="map-cursor-status"]')!;
    expect(status.textContent).toBe('Closed door on the east side of 5,2');
    // On the overlay, the square's east side (where the door is drawn on the scene below) is left clear.
    await frame();
    const overlay = host.querySelector<HTMLCanvasElement>('canvas[data-layer="overlay"]')!;
    const ratio = overlay.width / overlay.getBoundingClientRect().width;
    const v = editor.view();
    const s = squarePixels(v);
    const eastSide = Math.round(v.panX + 5 * s) + Math.round(s);
    for (const dx of [-1, 0, 1]) expect(pixel(overlay, (eastSide + dx) * ratio, (v.panY + 2.5 * s) * ratio)[3], `east side ${dx}`).toBe(0);
    // The cursor is still seen: its dark frame a few pixels inside the square.
    expect(pixel(overlay, (Math.round(v.panX + 5 * s) + 2) * ratio, (v.panY + 2.5 * s) * ratio)).toEqual([16, 20, 24, 255]);
    await press('o');
    expect(status.textContent).toBe('Open door on the east side of 5,2');
    // The cursor moves on: the live region says the square again.
    await press('{ArrowDown}');
    expect(status.textContent).toContain('Square 5, 3');
  });

  it('Enter on the focused map enters the mode, the view follows the cursor, and Play mode puts it away', async () => {
    const editor = await setUp(60, 40);
    const host = mountApp(editor);
    await frame();
    editor.actualSize();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    map.focus();
    await press('{Enter}');
    expect(editor.cursorMode()).toBe(true);
    const start = editor.cursor();
    // Far to the right: the cursor's square stays in the viewport.
    await repeat('ArrowRight', 50);
    expect(editor.cursor()).toEqual({ x: Math.min(59, start.x + 50), y: start.y });
    const v = editor.view();
    const s = squarePixels(v);
    const left = v.panX + editor.cursor().x * s;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + s).toBeLessThanOrEqual(editor.viewport().width);
    // View › Keyboard cursor shows the mode, names its key, and turns it off.
    host.querySelector<HTMLButtonElement>('[data-testid="menu-view"]')!.click();
    const entry = host.querySelector<HTMLButtonElement>('[data-testid="view.keyboardCursor"]')!;
    expect(entry.getAttribute('aria-checked')).toBe('true');
    expect(entry.textContent).toContain('K');
    entry.click();
    expect(editor.cursorMode()).toBe(false);
    // F1 lists the key that enters it and every key inside it.
    editor.setDialog('shortcuts');
    const help = host.querySelector('[data-testid="shortcuts-dialog"]')!;
    expect(help.textContent).toContain('Keyboard cursor on the map');
    expect([...help.querySelectorAll('[data-testid="shortcut-cursor"] kbd')].map((k) => k.textContent)).toEqual(['Arrow keys', 'Shift + arrow keys', 'Enter', 'O', 'Shift + F10, Menu key', 'Esc, K']);
    editor.setDialog(null);
    editor.enterCursorMode();
    editor.togglePlay();
    expect(editor.cursorMode()).toBe(false);
  });

  it('Enter works each kind of tool: Rectangle and Select corner to corner, Fill and Eraser at the cursor or over the region', async () => {
    const editor = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 9, y: 6 }) });
    const host = mountApp(editor);
    await frame();
    await press('k');
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    // Rectangle (R) from (0, 0) to (2, 1): six squares of difficult ground, one step.
    await press('r{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    const difficult = () => [...editor.doc()!.map.terrain.keys()].filter((i) => editor.doc()!.map.terrain[i] === Terrain.difficult);
    expect(difficult()).toEqual([0, 1, 2, 12, 13, 14]);
    // Eraser (E) over (1, 0)–(2, 1): back to normal ground there, one step.
    await press('e{ArrowUp}{Shift>}{ArrowLeft}{ArrowDown}{/Shift}{Enter}');
    expect(editor.cursor()).toEqual({ x: 1, y: 1 });
    expect(difficult()).toEqual([0, 12]);
    // Fill (G) at the cursor: the joined normal ground becomes difficult; only the click's square counts.
    await press('g{Enter}');
    expect(difficult()).toHaveLength(12 * 8);
    editor.undo();
    // Select (V) from (8, 5) to (10, 7): a box around the goblin selects it.
    await press('v');
    await repeat('ArrowRight', 7);
    await repeat('ArrowDown', 4);
    await press('{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{/Shift}');
    expect(editor.cursorRegion()).toEqual({ from: { x: 8, y: 5 }, to: { x: 10, y: 7 } });
    await press('{Enter}');
    expect([...editor.selectedIds()]).toEqual(['G']);
  });

  it('a label written at the cursor (T, Enter, type, Enter) gives the keyboard back to the map', async () => {
    const editor = await setUp();
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    await press('k');
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    await press('{ArrowRight}{ArrowRight}{ArrowDown}t{Enter}');
    await expect.poll(() => document.activeElement?.getAttribute('data-testid')).toBe('label-editor-text');
    await press('Hall{Enter}');
    expect(editor.doc()!.labels).toMatchObject([{ text: 'Hall' }]);
    expect(Math.floor(editor.doc()!.labels![0]!.x)).toBe(2);
    expect(Math.floor(editor.doc()!.labels![0]!.y)).toBe(1);
    expect(document.activeElement).toBe(map);
    await press('{ArrowRight}');
    expect(editor.cursor()).toEqual({ x: 3, y: 1 });
  });
});

describe('the map menu (issue 18 › 3)', () => {
  it('creature: Duplicate by right-click; Edit from the keyboard (Shift+F10) puts the keyboard on its name', async () => {
    const editor = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 3, y: 2 }) });
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    rightClick(editor, map, 3.5, 2.5);
    expect(menu()).not.toBeNull();
    expect(menu()!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Goblin');
    // The keyboard is on the first item; a click on Duplicate runs it and closes the menu.
    expect(document.activeElement).toBe(item('creature-edit'));
    item('creature-duplicate').click();
    expect(menu()).toBeNull();
    expect(editor.doc()!.creatures.map((c) => c.name)).toEqual(['Goblin', 'Goblin 2']);
    expect(document.activeElement).toBe(map);

    // From the keyboard: the cursor onto the goblin, Shift+F10, Enter on Edit.
    await press('k');
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    await press('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}');
    await press('{Shift>}{F10}{/Shift}');
    expect(menu()).not.toBeNull();
    expect(document.activeElement).toBe(item('creature-edit'));
    await press('{Enter}');
    expect(menu()).toBeNull();
    expect(editor.selectedCreature()).toBe('G');
    expect(document.activeElement).toBe(host.querySelector('[data-testid="creature-name-input"]'));
  });

  it('creature: Bring to front reorders a stack of tiny creatures, one undo step', async () => {
    const editor = await setUp();
    for (const [id, slot] of [['A', 0], ['B', 1], ['C', 2]] as const) editor.execute({ type: 'addCreature', creature: makeCreature({ id, name: id, size: 'tiny', x: 4, y: 4, slot }) });
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    // C is the third quarter (bottom-left) of the square.
    rightClick(editor, map, 4.25, 4.75);
    expect(menu()!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('C');
    item('creature-front').click();
    expect(editor.creaturesAt({ x: 4, y: 4 })).toEqual(['C', 'A', 'B']);
    expect(editor.undoLabel()).toBe('bring C to front');
    // At the front already: the entry says so and cannot be used.
    rightClick(editor, map, 4.25, 4.25);
    expect(menu()!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('C');
    expect(item('creature-front').getAttribute('aria-disabled')).toBe('true');
    await press('{Escape}');
    editor.undo();
    expect(editor.creaturesAt({ x: 4, y: 4 })).toEqual(['A', 'B', 'C']);
  });

  it('square: Pick by right-click keeps the square tool; by the Menu key into the brush; Esc gives the keyboard back', async () => {
    const editor = await setUp();
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [at(editor, 2, 3)], values: [Terrain.blocked] });
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [at(editor, 6, 1)], values: [Terrain.hazardous] });
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    editor.setTool('rectangle');
    rightClick(editor, map, 2.5, 3.5);
    expect(menu()!.querySelector('[role="group"]')!.getAttribute('aria-label')).toBe('Square 2, 3');
    expect(item('square-region').getAttribute('aria-disabled')).toBeNull();
    item('square-pick').click();
    expect(editor.brush()).toBe('blocked');
    expect(editor.tool()).toBe('rectangle');

    // The Menu key at the keyboard cursor; Esc closes and the map has the keyboard again.
    editor.setTool('select');
    map.focus();
    await press('k');
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    await press('{ArrowRight}'.repeat(6) + '{ArrowDown}');
    await press('{ContextMenu}');
    expect(menu()).not.toBeNull();
    await press('{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(map);
    expect(editor.cursorMode()).toBe(true);
    await press('{ContextMenu}');
    // End is the last item (the region entry); up from it, Pick.
    await press('{End}');
    expect(document.activeElement).toBe(item('square-region'));
    await press('{ArrowUp}');
    expect(document.activeElement).toBe(item('square-pick'));
    await press('{Enter}');
    expect(editor.brush()).toBe('hazardous');
    expect(editor.tool()).toBe('terrain');

    // Select the region of its kind: the hazardous square alone (its neighbours are normal ground),
    // in the Region tool; on normal ground, every joined normal square.
    rightClick(editor, map, 6.5, 1.5);
    item('square-region').click();
    expect(editor.tool()).toBe('region');
    expect(editor.regionSquareCount()).toBe(1);
    rightClick(editor, map, 0.5, 0.5);
    item('square-region').click();
    const d = editor.doc()!;
    expect(editor.regionSquareCount()).toBe(d.map.width * d.map.height - 2);
  });

  it('edge: Open the door by right-click; Remove the wall from the keyboard', async () => {
    const editor = await setUp();
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [at(editor, 3, 2)], values: [Edge.doorClosed] });
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices: [at(editor, 6, 4)], values: [Edge.wall] });
    const host = mountApp(editor);
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    // Just inside square (3, 2), by its east side: the door.
    rightClick(editor, map, 3.9, 2.5);
    const headings = [...menu()!.querySelectorAll('[role="group"]')].map((g) => g.getAttribute('aria-label'));
    expect(headings).toEqual(['Square 3, 2', 'Closed door']);
    item('edge-door').click();
    expect(editor.doc()!.map.edgeEast[at(editor, 3, 2)]).toBe(Edge.doorOpen);
    expect(editor.undoLabel()).toBe('open door');

    // The cursor on (6, 4) facing south, whose south side is the wall.
    map.focus();
    await press('k');
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    await press('{ArrowRight}'.repeat(6) + '{ArrowDown}'.repeat(4));
    expect(editor.facing()).toBe('south');
    await press('{Shift>}{F10}{/Shift}');
    await press('{ArrowUp}');
    expect(document.activeElement).toBe(item('edge-remove'));
    expect(item('edge-remove').textContent).toBe('Remove the wall');
    await press('{Enter}');
    expect(editor.doc()!.map.edgeSouth[at(editor, 6, 4)]).toBe(Edge.none);
    expect(editor.undoLabel()).toBe('remove wall');
  });
});

describe('the layer picker', () => {
  it('keeps the keyboard while arrowed through its layers; a pick by the mouse gives it back to the map', async () => {
    const editor = await setUp();
    editor.setTool('terrain');
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <ToolOptions editor={editor} />, host));
    const picker = host.querySelector<HTMLSelectElement>('[data-testid="layer-picker"]')!;
    const order = [...picker.options].map((o) => o.value);
    picker.focus();
    await press('{ArrowDown}');
    expect(editor.squareLayer()).toBe(order[1]);
    expect(document.activeElement).toBe(picker);
    await press('{ArrowDown}');
    expect(editor.squareLayer()).toBe(order[2]);
    expect(document.activeElement).toBe(picker);
    await userEvent.selectOptions(picker, 'terrain');
    expect(editor.squareLayer()).toBe('terrain');
    expect(document.activeElement).not.toBe(picker);
  });

  it('the Layers panel keeps the keyboard while arrowed through, and the map behind it does not pan', async () => {
    const editor = await setUp();
    const host = mountApp(editor);
    await frame();
    const button = (id: string) => host.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;
    button('layer-show-terrain').focus();
    const view = editor.view();
    await press('{ArrowDown}');
    expect(document.activeElement).toBe(button('layer-show-elevation'));
    await press('{ArrowRight}');
    expect(document.activeElement).toBe(button('layer-lock-elevation'));
    // Movement has no lock: down from a lock lands on its show button.
    await repeat('ArrowDown', 6);
    expect(document.activeElement).toBe(button('layer-show-overlays'));
    await press('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(button('layer-show-drawn'));
    expect(editor.view()).toEqual(view);
    // Space still presses the button the keyboard is on.
    await press(' ');
    expect(editor.layers().drawn).toBe(false);
  });
});
