import Konva from 'konva';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PropertiesPanel } from '../../src-renderer/components/PropertiesPanel';
import { createEditor, type Editor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature, squareIndex, Terrain } from '../../src-shared/model';

// Issue 18 › 8, the crowd: a drop of several dragged creatures does only the work the user sees
// (the moved tokens, the panel's new values), not the drag's preview again nor the panel's fields
// built anew.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const cleanup: (() => void)[] = [];
afterEach(() => {
  while (cleanup.length) cleanup.pop()!();
  document.body.innerHTML = '';
});

/** Three goblins in a row at (1, 1), (2, 1), (3, 1), all selected, with the Select tool. */
async function crowd(): Promise<Editor> {
  const editor = createEditor(noPlatform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Crowd' });
  for (const [k, x] of [1, 2, 3].entries()) editor.execute({ type: 'addCreature', creature: makeCreature({ id: `G${k + 1}`, name: `Goblin ${k + 1}`, x, y: 1, speed: { walk: 30 } }) });
  editor.setView({ zoom: 1, panX: 0, panY: 0 });
  editor.setTool('select');
  editor.selectCreatures(['G1', 'G2', 'G3']);
  return editor;
}
const at = (e: Editor, id: string) => {
  const c = e.doc()!.creatures.find((k) => k.id === id)!;
  return `${c.x},${c.y}`;
};

describe('dropping a dragged crowd', () => {
  it('checks where the crowd may stand while it is dragged, not again for the preview once it is dropped', async () => {
    const editor = await crowd();
    let checks = 0;
    // The tool's own view of the editor: its preview's checks counted (the move command checks on its own).
    const counted: Editor = { ...editor, moveProblem: (ids, dx, dy) => (checks++, editor.moveProblem(ids, dx, dy)) };
    const t = createToolDriver(counted);
    cleanup.push(t.dispose);
    t.pointerDown({ x: 1, y: 1 }).pointerMove({ x: 2, y: 2 }).pointerMove({ x: 3, y: 3 });
    t.expectToBeIn('select.dragging');
    const whileDragged = checks;
    expect(whileDragged).toBeGreaterThan(0);
    t.pointerUp({ x: 3, y: 3 });
    t.expectToBeIn('select.idle');
    expect(checks).toBe(whileDragged);
    expect(['G1', 'G2', 'G3'].map((id) => at(editor, id))).toEqual(['3,3', '4,3', '5,3']);
    expect(editor.undoLabel()).toBe('move 3 creatures');
    editor.undo();
    expect(['G1', 'G2', 'G3'].map((id) => at(editor, id))).toEqual(['1,1', '2,1', '3,1']);
  });

  it('keeps the creature panel’s fields and shows the new place after a drop, and the old one after undo', async () => {
    const editor = await crowd();
    const host = document.createElement('div');
    host.style.cssText = 'width:320px';
    document.body.append(host);
    cleanup.push(render(() => <PropertiesPanel editor={editor} />, host));
    const q = <T extends Element>(id: string) => host.querySelector<T>(`[data-testid=${id}]`)!;
    const before = { size: q('creature-size'), side: q('creature-side'), speed: q('creature-speed'), prone: q('creature-prone'), action: q('move-action'), terrain: q('square-terrain') };
    expect(q('creature-name').textContent).toContain('Goblin 1 at 1,1');
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }]);
    expect(at(editor, 'G1')).toBe('2,2');
    // The same elements, showing the crowd's values: a drop changes where they stand, nothing else.
    const after = { size: q('creature-size'), side: q('creature-side'), speed: q('creature-speed'), prone: q('creature-prone'), action: q('move-action'), terrain: q('square-terrain') };
    for (const k of Object.keys(before) as (keyof typeof before)[]) expect(after[k], k).toBe(before[k]);
    expect(q<HTMLSelectElement>('creature-size').value).toBe('medium');
    expect(q<HTMLInputElement>('creature-speed').value).toBe('30');
    expect(q('creature-name').textContent).toContain('Goblin 1 at 2,2');
    // The inspected square follows the first creature to its new square.
    expect(editor.inspectedSquare()).toEqual({ x: 2, y: 2 });
    expect(q('square-creatures').textContent).toContain('Goblin 1');
    editor.undo();
    expect(q('creature-name').textContent).toContain('Goblin 1 at 1,1');
    expect(q('creature-size')).toBe(before.size);
  });

  it('draws the creatures again, not the scene nor the grid (a drop changes no square)', async () => {
    const editor = await crowd();
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:800px;height:500px';
    document.body.append(host);
    cleanup.push(render(() => <MapCanvas editor={editor} />, host));
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await frames();
    const stage = Konva.stages.find((st) => host.contains(st.container()))!;
    const draws: Record<string, number> = {};
    for (const layer of stage.getLayers()) {
      const name = layer.getNativeCanvasElement().dataset['layer']!;
      layer.on('draw', () => (draws[name] = (draws[name] ?? 0) + 1));
    }
    const counted = async (edit: () => void) => {
      for (const k of Object.keys(draws)) delete draws[k];
      edit();
      await frames();
      return { ...draws };
    };
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    const drop = await counted(() => t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]));
    expect(at(editor, 'G1')).toBe('2,2');
    expect(drop.creatures).toBeGreaterThan(0);
    expect(drop.overlay).toBeGreaterThan(0);
    expect(drop.scene ?? 0).toBe(0);
    expect(drop.grid ?? 0).toBe(0);
    // What they do draw again for: a square painted (the scene), another grid style (the grid).
    const d = editor.doc()!;
    const paint = await counted(() => editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(d.map, 8, 5)], values: [Terrain.water] }));
    expect(paint.scene).toBeGreaterThan(0);
    // ... and only the scene: a fill of a million squares had every static layer drawn and composed again.
    expect(paint.creatures ?? 0).toBe(0);
    expect(paint.grid ?? 0).toBe(0);
    expect(paint.background ?? 0).toBe(0);
    const grid = await counted(() => editor.execute({ type: 'setGrid', grid: { color: '#ff0000' } }));
    expect(grid.grid).toBeGreaterThan(0);
    const undo = await counted(() => (editor.undo(), editor.undo(), editor.undo()));
    expect(at(editor, 'G1')).toBe('1,1');
    expect(undo.creatures).toBeGreaterThan(0);
  });
});
