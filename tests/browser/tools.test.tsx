
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { TOOLS, toolForKey } from '../../src-renderer/canvas/tools';
import { ShortcutsDialog } from '../../src-renderer/components/HelpDialogs';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature, squareIndex, Terrain } from '../../src-shared/model';

// Each map tool, driven through the same interface the canvas uses, with squares instead of a
// mouse: pointer input → the expected model, and undo puts it back.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function setUp(width = 12, height = 8) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Tools' });
  return { editor, t: createToolDriver(editor) };
}

const terrainAt = (e: ReturnType<typeof createEditor>, x: number, y: number) => e.doc()!.map.terrain[squareIndex(e.doc()!.map, x, y)];

describe('Select tool', () => {
  it('a click picks the creature on a square and shows the square; a click elsewhere clears it', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 3, y: 2 }) });
    editor.setTool('select');
    t.click({ x: 3, y: 2 }).expectToBeIn('select.idle');
    expect(editor.selectedCreature()).toBe('G');
    expect([...editor.selectedIds()]).toEqual(['G']);
    expect(editor.inspectedSquare()).toEqual({ x: 3, y: 2 });
    t.click({ x: 7, y: 5 });
    expect(editor.selectedCreature()).toBeNull();
    expect(editor.inspectedSquare()).toEqual({ x: 7, y: 5 });
    t.click({ x: -1, y: 0 });
    expect(editor.inspectedSquare()).toBeNull();
  });

  it('dragging a creature moves it as one undoable step, through pointing and dragging', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', x: 3, y: 2 }) });
    editor.setTool('select');
    t.pointerDown({ x: 3, y: 2 }).expectToBeIn('select.pointing');
    t.pointerMove({ x: 4, y: 2 }).expectToBeIn('select.dragging');
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 3, y: 2 });
    t.pointerMove({ x: 6, y: 5 }).pointerUp().expectToBeIn('select.idle');
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 6, y: 5 });
    expect(editor.undoLabel()).toBe('move G');
    editor.undo();
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 3, y: 2 });
    // Only the add is left: the drag was one step.
    editor.undo();
    expect(editor.doc()!.creatures).toHaveLength(0);
  });

  it('Escape during a drag drops it and leaves the creature where it was', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', x: 3, y: 2 }) });
    editor.setTool('select');
    t.pointerDown({ x: 3, y: 2 }).pointerMove({ x: 8, y: 2 });
    expect(t.toolbox.active().preview()).toEqual({ kind: 'footprints', rects: [{ x: 8, y: 2, side: 1 }], refused: null });
    expect(t.key('Escape')).toBe(true);
    t.expectToBeIn('select.idle').pointerUp({ x: 8, y: 2 });
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 3, y: 2 });
    expect(editor.undoLabel()).toBe('add G');
    // In idle, Escape is not the tool's: the app uses it to deselect.
    expect(t.key('Escape')).toBe(false);
  });

  it('a drag off the map keeps the creature on the map', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', x: 3, y: 2 }) });
    editor.setTool('select');
    t.drag([{ x: 3, y: 2 }, { x: 30, y: -4 }]);
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 11, y: 0 });
  });
});

describe('Pan tool', () => {
  it('drags the view by the pointer movement and edits nothing', async () => {
    const { editor, t } = await setUp();
    editor.setTool('pan');
    const before = editor.view();
    const s = 32 * before.zoom;
    t.pointerDown({ x: 2, y: 2 }).expectToBeIn('pan.dragging');
    t.pointerMove({ x: 5, y: 1 });
    t.pointerUp().expectToBeIn('pan.idle');
    expect(editor.view().panX).toBeCloseTo(before.panX + 3 * s);
    expect(editor.view().panY).toBeCloseTo(before.panY - s);
    expect(editor.canUndo()).toBe(false);
  });
});

describe('Paint terrain tool', () => {
  it('a drag paints a gapless line as one command; undo restores every square', async () => {
    const { editor, t } = await setUp();
    editor.setTool('terrain');
    editor.setBrush('water');
    t.pointerDown({ x: 1, y: 1 }).expectToBeIn('terrain.painting');
    // A fast move jumps squares: the ones between are painted too.
    t.pointerMove({ x: 5, y: 1 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'squares', squares: [1, 2, 3, 4, 5].map((x) => ({ x, y: 1 })) });
    // Nothing is painted until the stroke ends.
    expect(terrainAt(editor, 3, 1)).toBe(Terrain.normal);
    t.pointerMove({ x: 5, y: 3 }).pointerUp().expectToBeIn('terrain.idle');
    for (let x = 1; x <= 5; x++) expect(terrainAt(editor, x, 1)).toBe(Terrain.water);
    expect(terrainAt(editor, 5, 3)).toBe(Terrain.water);
    expect(terrainAt(editor, 6, 1)).toBe(Terrain.normal);
    expect(editor.undoLabel()).toBe('paint terrain');
    editor.undo();
    for (let x = 1; x <= 5; x++) expect(terrainAt(editor, x, 1)).toBe(Terrain.normal);
    expect(editor.canUndo()).toBe(false);
  });

  it('a stroke that changes nothing adds no undo step, and Escape or a tool switch drops a stroke', async () => {
    const { editor, t } = await setUp();
    editor.setTool('terrain');
    editor.setBrush('normal');
    t.drag([{ x: 1, y: 1 }, { x: 3, y: 1 }]);
    expect(editor.canUndo()).toBe(false);
    editor.setBrush('blocked');
    t.pointerDown({ x: 1, y: 1 }).pointerMove({ x: 2, y: 1 });
    t.key('Escape');
    t.expectToBeIn('terrain.idle').pointerUp();
    expect(terrainAt(editor, 1, 1)).toBe(Terrain.normal);
    t.pointerDown({ x: 1, y: 1 });
    editor.setTool('select');
    t.expectToBeIn('select.idle');
    editor.setTool('terrain');
    t.expectToBeIn('terrain.idle').pointerUp();
    expect(editor.canUndo()).toBe(false);
  });
});

describe('Place creature tool', () => {
  it('a click adds a creature there and selects it; undo removes it', async () => {
    const { editor, t } = await setUp();
    editor.setTool('creature');
    t.click({ x: 4, y: 6 }).expectToBeIn('creature.idle');
    expect(editor.doc()!.creatures).toHaveLength(1);
    expect(editor.doc()!.creatures[0]).toMatchObject({ x: 4, y: 6, name: 'Creature 1' });
    expect(editor.selectedCreature()).toBe(editor.doc()!.creatures[0]!.id);
    t.click({ x: 40, y: 6 });
    expect(editor.doc()!.creatures).toHaveLength(1);
    editor.undo();
    expect(editor.doc()!.creatures).toHaveLength(0);
  });
});

describe('the tool list', () => {
  it('gives every tool a distinct id and shortcut, and the keys find them', () => {
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(TOOLS.length);
    expect(new Set(TOOLS.map((t) => t.key.toLowerCase())).size).toBe(TOOLS.length);
    for (const t of TOOLS) {
      expect(toolForKey(t.key.toLowerCase())?.id).toBe(t.id);
      expect(t.tooltip.length).toBeGreaterThan(10);
    }
    expect(toolForKey('c')?.id).toBe('creature');
  });

  it('F1 lists every tool with its shortcut (C included)', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const editor = createEditor(noPlatform);
    const dispose = render(() => <ShortcutsDialog editor={editor} />, host);
    const rows = [...host.querySelectorAll('tr')].map((r) => r.textContent ?? '');
    for (const t of TOOLS) expect(rows).toContain(`${t.label} tool${t.key}`);
    dispose();
    host.remove();
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

