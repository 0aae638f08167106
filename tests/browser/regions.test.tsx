import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { ShortcutsDialog } from '../../src-renderer/components/HelpDialogs';
import { RegionOptions } from '../../src-renderer/components/RegionOptions';
import { StatusBar } from '../../src-renderer/components/StatusBar';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { ACTIONS } from '../../src-renderer/state/actions';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, makeCreature, Terrain } from '../../src-shared/model';
import { regionSquares } from '../../src-shared/model/map-piece';

// The Region tool (issue 18 › 1), driven as the canvas drives it: marquee, lasso and wand; a drag
// moves the region; copy and paste at the pointer (the nearest free place when creatures stand
// there); turn and mirror keep edges and creatures' spaces right; each edit is one undo step.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
type Ed = ReturnType<typeof createEditor>;
const open: { editor: Ed; t: ReturnType<typeof createToolDriver> }[] = [];

async function setUp(width = 12, height = 8) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Regions' });
  const t = createToolDriver(editor);
  open.push({ editor, t });
  editor.setTool('region');
  return { editor, t };
}
afterEach(() => {
  for (const { editor, t } of open.splice(0)) {
    t.dispose();
    editor.dispose();
  }
});

const W = 12;
const terrain = (e: Ed, x: number, y: number) => e.doc()!.map.terrain[y * W + x];
const paint = (e: Ed, layer: 'terrain' | 'edgeEast' | 'edgeSouth', squares: [number, number][], value: number) =>
  e.execute({ type: 'setSquares', layer, indices: squares.map(([x, y]) => y * W + x), values: [value] });
const squares = (e: Ed) => [...regionSquares(e.region()!)].map((q) => `${q.x},${q.y}`);
const creature = (e: Ed, id: string) => e.doc()!.creatures.find((c) => c.id === id)!;

describe('selecting squares', () => {
  it('a marquee selects the rectangle; Shift adds, Alt takes away; a click outside selects none', async () => {
    const { editor, t } = await setUp();
    t.pointerDown({ x: 1, y: 1 }).expectToBeIn('region.pointing');
    t.pointerMove({ x: 3, y: 2 }).expectToBeIn('region.marquee');
    expect(t.toolbox.active().preview()).toEqual({ kind: 'box', from: { x: 1, y: 1 }, to: { x: 3, y: 2 } });
    t.pointerUp().expectToBeIn('region.idle');
    expect(editor.regionSquareCount()).toBe(6);
    t.drag([{ x: 5, y: 5 }, { x: 5, y: 6 }], { shift: true });
    expect(editor.regionSquareCount()).toBe(8);
    t.drag([{ x: 1, y: 1 }, { x: 1, y: 2 }], { alt: true });
    expect(squares(editor)).toEqual(['2,1', '3,1', '2,2', '3,2', '5,5', '5,6']);
    t.click({ x: 9, y: 0 });
    expect(editor.region()).toBeNull();
    // Selecting squares changes nothing on the map.
    expect(editor.canUndo()).toBe(false);
  });

  it('the wand selects the joined squares of the same kind of ground', async () => {
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[6, 1], [7, 1], [7, 2], [9, 2]], Terrain.water);
    editor.setRegionMode('wand');
    t.click({ x: 6, y: 1 });
    expect(squares(editor)).toEqual(['6,1', '7,1', '7,2']);
    t.click({ x: 0, y: 0 }, { shift: true }); // all the normal ground joined to (0,0) is added
    expect(editor.regionSquareCount()).toBe(W * 8 - 1); // every square but (9,2)
  });

  it('the lasso selects the squares inside the shape drawn, and those it was drawn over', async () => {
    const { editor, t } = await setUp();
    editor.setRegionMode('lasso');
    t.pointerDown({ x: 1.2, y: 1.2 }).pointerMove({ x: 6.8, y: 1.2 }).expectToBeIn('region.lasso');
    t.pointerMove({ x: 1.2, y: 6.8 }).pointerUp();
    // Inside the triangle: centres (x + ½, y + ½) with x, y ≥ 1 and x + y ≤ 6 (15 squares), plus the
    // corners' squares (6,1) and (1,6) the pointer was on.
    expect(editor.regionSquareCount()).toBe(17);
    expect(squares(editor)).toContain('6,1');
    expect(squares(editor)).toContain('3,3');
    expect(squares(editor)).not.toContain('4,3');
  });

  it('picking another tool drops the region; Escape drops it too', async () => {
    const { editor, t } = await setUp();
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]);
    expect(editor.regionSquareCount()).toBe(4);
    expect(t.key('Escape')).toBe(true);
    expect(editor.region()).toBeNull();
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]);
    editor.setTool('select');
    expect(editor.region()).toBeNull();
  });
});

describe('editing a region', () => {
  it('a drag from inside the region moves it with its ground, walls and creatures, as one undo step', async () => {
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[1, 1]], Terrain.difficult);
    paint(editor, 'edgeEast', [[1, 1]], Edge.wall);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 2, y: 2 }) });
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]);
    t.pointerDown({ x: 1, y: 1 }).pointerMove({ x: 5, y: 2 }).expectToBeIn('region.moving');
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'region', dx: 4, dy: 1 });
    t.pointerUp();
    expect(terrain(editor, 1, 1)).toBe(Terrain.normal);
    expect(terrain(editor, 5, 2)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[1 * W + 1]).toBe(Edge.none);
    expect(editor.doc()!.map.edgeEast[2 * W + 5]).toBe(Edge.wall);
    expect(creature(editor, 'G')).toMatchObject({ x: 6, y: 3 });
    expect(squares(editor)).toEqual(['5,2', '6,2', '5,3', '6,3']);
    expect(editor.undoLabel()).toBe('move 4 squares');
    editor.undo();
    // The outline does not stay where the squares were moved to.
    expect(editor.region()).toBeNull();
    expect(terrain(editor, 1, 1)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[1 * W + 1]).toBe(Edge.wall);
    expect(creature(editor, 'G')).toMatchObject({ x: 2, y: 2 });
    expect(editor.undoLabel()).toBe('add Goblin');
  });

  it('copy and paste at the pointer: over the creatures copied, the paste goes to the nearest free place', async () => {
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[2, 2], [3, 2]], Terrain.difficult);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 2, y: 2 }) });
    t.drag([{ x: 2, y: 2 }, { x: 3, y: 3 }]);
    ACTIONS.find((a) => a.id === 'edit.copy')!.run(editor);
    expect(ACTIONS.find((a) => a.id === 'edit.paste')!.label(editor)).toBe('Paste region at the pointer');
    // The pointer on the copied room itself: the goblin stands under it. One square away, (2,1) and
    // (1,2) still cover the goblin's square; (3,2) is the first that does not.
    t.hover({ x: 2, y: 2 });
    editor.setHover({ x: 2, y: 2 });
    ACTIONS.find((a) => a.id === 'edit.paste')!.run(editor);
    expect(terrain(editor, 3, 2)).toBe(Terrain.difficult);
    expect(terrain(editor, 4, 2)).toBe(Terrain.difficult);
    expect(terrain(editor, 4, 3)).toBe(Terrain.normal);
    expect(editor.doc()!.creatures.map((c) => [c.name, c.x, c.y])).toEqual([['Goblin', 2, 2], ['Goblin 2', 3, 2]]);
    expect(editor.notices().some((n) => n.kind === 'info' && n.text.includes('it went to 3,2, the nearest free place'))).toBe(true);
    expect(squares(editor)).toEqual(['3,2', '4,2', '3,3', '4,3']);
    expect(editor.undoLabel()).toBe('paste 4 squares');
    editor.undo();
    expect(terrain(editor, 4, 2)).toBe(Terrain.normal);
    expect(editor.doc()!.creatures.map((c) => c.id)).toEqual(['G']);
  });

  it('R turns the region clockwise about its middle: an east wall ends on the south side, a Large creature’s space turns', async () => {
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[4, 2]], Terrain.difficult);
    paint(editor, 'edgeEast', [[4, 2]], Edge.wall); // the room's east side
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Ogre', size: 'large', x: 3, y: 2 }) });
    t.drag([{ x: 2, y: 2 }, { x: 4, y: 3 }]);
    expect(t.key('r')).toBe(true);
    // The 3 × 2 room becomes 2 × 3 at (2 + trunc(1/2), 2 + trunc(−1/2)) = (2,2). Its square (2,0) goes
    // to (1,2): map (4,2) → (3,4), its east side now its south side. The ogre's 2 × 2 at the room's
    // (1,0) goes to (2 − 0 − 2, 1) = (0,1): map (2,3).
    expect(terrain(editor, 4, 2)).toBe(Terrain.normal);
    expect(terrain(editor, 3, 4)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[2 * W + 4]).toBe(Edge.none);
    expect(editor.doc()!.map.edgeSouth[4 * W + 3]).toBe(Edge.wall);
    expect(creature(editor, 'O')).toMatchObject({ x: 2, y: 3 });
    expect([editor.region()!.x, editor.region()!.y, editor.region()!.width, editor.region()!.height]).toEqual([2, 2, 2, 3]);
    expect(editor.undoLabel()).toBe('rotate 6 squares');
    // Shift+R turns it back where it was.
    t.key('R', { shift: true });
    expect(terrain(editor, 4, 2)).toBe(Terrain.difficult);
    expect(terrain(editor, 3, 4)).toBe(Terrain.normal);
    expect(editor.doc()!.map.edgeEast[2 * W + 4]).toBe(Edge.wall);
    expect(creature(editor, 'O')).toMatchObject({ x: 3, y: 2 });
    expect(editor.undoLabel()).toBe('rotate anticlockwise 6 squares');
    editor.undo();
    expect(editor.doc()!.map.edgeSouth[4 * W + 3]).toBe(Edge.wall);
    editor.undo();
    expect(terrain(editor, 4, 2)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[2 * W + 4]).toBe(Edge.wall);
    expect(editor.doc()!.map.edgeSouth[4 * W + 3]).toBe(Edge.none);
    expect(creature(editor, 'O')).toMatchObject({ x: 3, y: 2 });
    expect(editor.undoLabel()).toBe('add Ogre');
  });

  it('R at the map’s bottom edge shifts the turned region onto the map and says where: no creature or obstacle is lost', async () => {
    // The review's case: a 4 × 3 region on the bottom rows with a Hobgoblin at 3,7; R ran it off the map.
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[6, 7]], Terrain.blocked);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'H', name: 'Hobgoblin', x: 3, y: 7 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 6, y: 5 }) });
    t.drag([{ x: 3, y: 5 }, { x: 6, y: 7 }]);
    expect(t.key('r')).toBe(true);
    // Turned about its middle the 3 × 4 would stand at (3,5), rows 5–8, one row off the map: it goes one row up, to (3,4).
    // Piece square (x,y) → (2 − y, x): the Hobgoblin's (0,2) → (0,0) = (3,4); the Goblin's (3,0) → (2,3) = (5,7);
    // the obstacle's (3,2) → (0,3) = (3,7).
    expect(editor.doc()!.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['H', 3, 4], ['G', 5, 7]]);
    expect(terrain(editor, 3, 7)).toBe(Terrain.blocked);
    expect(terrain(editor, 6, 7)).toBe(Terrain.normal);
    expect([editor.region()!.x, editor.region()!.y, editor.region()!.width, editor.region()!.height]).toEqual([3, 4, 3, 4]);
    expect(editor.notices().some((n) => n.kind === 'info' && n.text.includes('at 3,5: it went to 3,4'))).toBe(true);
    expect(editor.undoLabel()).toBe('rotate 12 squares');
    editor.undo();
    expect(editor.doc()!.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['H', 3, 7], ['G', 6, 5]]);
    expect(terrain(editor, 6, 7)).toBe(Terrain.blocked);
  });

  it('a turn the map has no room for is refused with a notice, and nothing changes', async () => {
    const { editor, t } = await setUp(12, 3);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'H', name: 'Hobgoblin', x: 3, y: 2 }) });
    t.drag([{ x: 3, y: 0 }, { x: 6, y: 2 }]);
    t.key('r'); // 4 × 3 turns to 3 × 4 on a map 3 squares high
    expect(editor.doc()!.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['H', 3, 2]]);
    expect(editor.undoLabel()).toBe('add Hobgoblin');
    expect(editor.notices().some((n) => n.kind === 'warning' && n.text.includes('does not fit on the map') && n.text.includes('nothing was changed'))).toBe(true);
  });

  it('H mirrors left to right and V top to bottom, edges and spaces with them, one undo step each', async () => {
    const { editor, t } = await setUp();
    paint(editor, 'terrain', [[4, 2]], Terrain.difficult);
    paint(editor, 'edgeEast', [[4, 2]], Edge.doorClosed);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Ogre', size: 'large', x: 2, y: 2 }) });
    t.drag([{ x: 2, y: 2 }, { x: 4, y: 3 }]);
    t.key('h');
    // x → 2 + 4 − x: (4,2) → (2,2); the door on the line x = 5 goes to the line x = 2 (east of (1,2)).
    expect(terrain(editor, 2, 2)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[2 * W + 1]).toBe(Edge.doorClosed);
    expect(editor.doc()!.map.edgeEast[2 * W + 4]).toBe(Edge.none);
    expect(creature(editor, 'O')).toMatchObject({ x: 3, y: 2 });
    expect(editor.undoLabel()).toBe('mirror left to right 6 squares');
    t.key('v');
    // y → 2 + 3 − y: (2,2) → (2,3); a vertical door stays on its line, now beside row 3; the ogre fills both rows.
    expect(terrain(editor, 2, 3)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[3 * W + 1]).toBe(Edge.doorClosed);
    expect(creature(editor, 'O')).toMatchObject({ x: 3, y: 2 });
    expect(editor.undoLabel()).toBe('mirror top to bottom 6 squares');
    editor.undo();
    editor.undo();
    expect(terrain(editor, 4, 2)).toBe(Terrain.difficult);
    expect(editor.doc()!.map.edgeEast[2 * W + 4]).toBe(Edge.doorClosed);
    expect(creature(editor, 'O')).toMatchObject({ x: 2, y: 2 });
  });

  it('F fills the region with the paint value; Delete clears it to normal ground; cut is copy then clear', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 2, y: 2 }) });
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]);
    editor.setBrush('obstacle');
    expect(t.key('f')).toBe(true);
    expect([terrain(editor, 1, 1), terrain(editor, 2, 1), terrain(editor, 1, 2), terrain(editor, 2, 2)]).toEqual(Array(4).fill(Terrain.obstacle));
    expect(terrain(editor, 3, 3)).toBe(Terrain.normal);
    expect(editor.undoLabel()).toBe('fill 4 squares');
    ACTIONS.find((a) => a.id === 'edit.delete')!.run(editor);
    expect(terrain(editor, 1, 1)).toBe(Terrain.normal);
    expect(editor.doc()!.creatures).toEqual([]);
    expect(editor.undoLabel()).toBe('delete 4 squares');
    editor.undo();
    expect(terrain(editor, 1, 1)).toBe(Terrain.obstacle);
    expect(creature(editor, 'G')).toMatchObject({ x: 2, y: 2 });
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }]);
    ACTIONS.find((a) => a.id === 'edit.cut')!.run(editor);
    expect(editor.undoLabel()).toBe('cut 4 squares');
    expect(terrain(editor, 2, 2)).toBe(Terrain.normal);
    editor.setHover({ x: 7, y: 4 });
    ACTIONS.find((a) => a.id === 'edit.paste')!.run(editor);
    expect(terrain(editor, 8, 5)).toBe(Terrain.obstacle);
    expect(editor.doc()!.creatures.map((c) => [c.name, c.x, c.y])).toEqual([['Goblin', 8, 5]]);
  });

  it('a region copied from a map of another ruleset is not pasted, and the notice says why', async () => {
    const { editor, t } = await setUp();
    t.drag([{ x: 0, y: 0 }, { x: 1, y: 1 }]);
    expect(editor.copySelection()).toBe(true);
    await editor.newEncounter({ ruleset: 'startroid', width: 8, height: 8, name: 'Other' });
    expect(editor.pasteClipboard({ x: 2, y: 2 })).toBe(false);
    expect(editor.notices().some((n) => n.kind === 'warning' && /comes from a .* map; it is pasted only into/.test(n.text))).toBe(true);
    expect(editor.canUndo()).toBe(false);
  });

  it('the Edit menu names the region edits with their keys; the status bar count comes from the region', async () => {
    const { editor, t } = await setUp();
    const rotate = ACTIONS.find((a) => a.id === 'edit.regionRotate')!;
    expect(rotate.toolKey).toBe('R');
    expect(rotate.enabled!(editor)).toBe(false);
    t.drag([{ x: 0, y: 0 }, { x: 2, y: 0 }]);
    expect(rotate.enabled!(editor)).toBe(true);
    expect(ACTIONS.find((a) => a.id === 'edit.copy')!.label(editor)).toBe('Copy region');
    expect(ACTIONS.find((a) => a.id === 'edit.delete')!.label(editor)).toBe('Delete region');
    expect(editor.regionSquareCount()).toBe(3);
  });

  it('the status bar and the tool options say how many squares are selected; the buttons edit the region; F1 lists the keys', async () => {
    const { editor, t } = await setUp();
    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(() => (
      <>
        <StatusBar editor={editor} />
        <RegionOptions editor={editor} />
        <ShortcutsDialog editor={editor} />
      </>
    ), host);
    try {
      expect(host.querySelector('[data-testid="status-region"]')).toBeNull();
      expect((host.querySelector('[data-testid="region-rotate"]') as HTMLButtonElement).disabled).toBe(true);
      t.drag([{ x: 1, y: 1 }, { x: 3, y: 2 }]);
      expect(host.querySelector('[data-testid="status-region"]')!.textContent).toBe('6 squares selected');
      expect(host.querySelector('[data-testid="region-count"]')!.textContent).toContain('6 squares selected');
      const rotate = host.querySelector('[data-testid="region-rotate"]') as HTMLButtonElement;
      expect(rotate.title).toContain('(R)');
      rotate.click();
      expect(editor.undoLabel()).toBe('rotate 6 squares');
      expect(host.querySelector('[data-testid="status-region"]')!.textContent).toBe('6 squares selected');
      const rows = [...host.querySelectorAll('tr')].map((r) => r.textContent ?? '');
      expect(rows).toContain('Region toolM');
      expect(rows).toContain('Turn the region clockwise, anticlockwise (Region tool)R, Shift+R');
    } finally {
      dispose();
      host.remove();
    }
  });
});
