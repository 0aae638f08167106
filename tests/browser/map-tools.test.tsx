import { afterEach, describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Blockade, Edge, makeCreature, squareIndex, Surface, Terrain, type RulesetId } from '../../src-shared/model';

// The map-building tools, driven through the same interface the canvas uses: pointer input on
// squares → the expected model, one undo step per gesture, and undo restores the model.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function setUp(ruleset: RulesetId = 'd20-35', width = 12, height = 8) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset, width, height, name: 'Tools' });
  return { editor, t: createToolDriver(editor) };
}
type E = ReturnType<typeof createEditor>;
const at = (e: E, layer: 'terrain' | 'elevation' | 'waterDepth' | 'surface' | 'resistance' | 'blockade' | 'edgeEast' | 'edgeSouth', x: number, y: number) => e.doc()!.map[layer][squareIndex(e.doc()!.map, x, y)];
/** A copy of every layer, to check undo gives back exactly the map it started from. */
const snapshot = (e: E) => Object.fromEntries(Object.entries(e.doc()!.map).map(([k, v]) => [k, ArrayBuffer.isView(v) ? [...(v as Uint8Array)] : v]));

describe('Brush', () => {
  it('paints a brush of 3 × 3 around each square of the stroke, as one step', async () => {
    const { editor, t } = await setUp();
    const before = snapshot(editor);
    editor.setTool('terrain');
    editor.setBrush('difficult');
    editor.setBrushSize(3);
    t.drag([{ x: 2, y: 2 }, { x: 4, y: 2 }]);
    for (let y = 1; y <= 3; y++) for (let x = 1; x <= 5; x++) expect(at(editor, 'terrain', x, y)).toBe(Terrain.difficult);
    expect(at(editor, 'terrain', 6, 2)).toBe(Terrain.normal);
    expect(at(editor, 'terrain', 2, 4)).toBe(Terrain.normal);
    editor.undo();
    expect(snapshot(editor)).toEqual(before);
    expect(editor.canUndo()).toBe(false);
  });

  it('clamps the brush size to 1-9', async () => {
    const { editor } = await setUp();
    editor.setBrushSize(12);
    expect(editor.brushSize()).toBe(9);
    editor.setBrushSize(0);
    expect(editor.brushSize()).toBe(1);
  });

  it('on the elevation layer sets, raises, lowers and smooths heights, each stroke one step', async () => {
    const { editor, t } = await setUp();
    editor.setTool('terrain');
    editor.setSquareLayer('elevation');
    editor.setLayerValue('elevation', 10);
    t.drag([{ x: 1, y: 1 }, { x: 3, y: 1 }]);
    expect([1, 2, 3].map((x) => at(editor, 'elevation', x, 1))).toEqual([10, 10, 10]);
    editor.setHeightMode('raise');
    editor.setLayerValue('elevation', 5);
    t.click({ x: 2, y: 1 });
    expect(at(editor, 'elevation', 2, 1)).toBe(15);
    editor.setHeightMode('lower');
    t.click({ x: 3, y: 1 });
    expect(at(editor, 'elevation', 3, 1)).toBe(5);
    // Smooth: the mean of the square and its neighbours, read before the stroke.
    editor.setHeightMode('smooth');
    t.click({ x: 2, y: 2 });
    // Neighbours of 2,2: 1,1=10 2,1=15 3,1=5, the rest 0: 30 / 9.
    expect(at(editor, 'elevation', 2, 2)).toBeCloseTo(30 / 9, 1);
    expect(editor.undoLabel()).toBe('paint elevation');
    editor.undo();
    editor.undo();
    editor.undo();
    expect(at(editor, 'elevation', 2, 1)).toBe(10);
    editor.undo();
    expect(at(editor, 'elevation', 1, 1)).toBe(0);
    expect(editor.canUndo()).toBe(false);
  });

  it('on the water layer makes the squares water of that depth, in one undo step', async () => {
    const { editor, t } = await setUp();
    editor.setTool('terrain');
    editor.setSquareLayer('waterDepth');
    editor.setLayerValue('waterDepth', 8);
    t.drag([{ x: 0, y: 5 }, { x: 2, y: 5 }]);
    expect(at(editor, 'terrain', 1, 5)).toBe(Terrain.water);
    expect(at(editor, 'waterDepth', 1, 5)).toBe(8);
    editor.undo();
    expect(at(editor, 'terrain', 1, 5)).toBe(Terrain.normal);
    expect(at(editor, 'waterDepth', 1, 5)).toBe(0);
    expect(editor.canUndo()).toBe(false);
  });
});

describe('Rectangle, line and fill', () => {
  it('a rectangle fills from corner to corner, previewed while dragged', async () => {
    const { editor, t } = await setUp();
    editor.setTool('rectangle');
    editor.setBrush('blocked');
    t.pointerDown({ x: 5, y: 4 }).expectToBeIn('rectangle.dragging').pointerMove({ x: 3, y: 2 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'squares' });
    expect((t.toolbox.active().preview() as unknown as { squares: unknown[] }).squares).toHaveLength(9);
    expect(at(editor, 'terrain', 4, 3)).toBe(Terrain.normal);
    t.pointerUp().expectToBeIn('rectangle.idle');
    for (let y = 2; y <= 4; y++) for (let x = 3; x <= 5; x++) expect(at(editor, 'terrain', x, y)).toBe(Terrain.blocked);
    expect(at(editor, 'terrain', 6, 4)).toBe(Terrain.normal);
    editor.undo();
    expect(at(editor, 'terrain', 4, 3)).toBe(Terrain.normal);
  });

  it('a line paints a straight run of squares; Escape drops it', async () => {
    const { editor, t } = await setUp();
    editor.setTool('line');
    editor.setSquareLayer('elevation');
    editor.setLayerValue('elevation', 20);
    t.pointerDown({ x: 0, y: 0 }).pointerMove({ x: 5, y: 5 });
    t.key('Escape');
    t.pointerUp().expectToBeIn('line.idle');
    expect(editor.canUndo()).toBe(false);
    t.drag([{ x: 0, y: 0 }, { x: 4, y: 4 }]);
    for (let k = 0; k <= 4; k++) expect(at(editor, 'elevation', k, k)).toBe(20);
    expect(at(editor, 'elevation', 1, 0)).toBe(0);
    editor.undo();
    expect(at(editor, 'elevation', 2, 2)).toBe(0);
  });

  it('fill floods the joined squares of the same value, stopping at other values', async () => {
    const { editor, t } = await setUp();
    // A blocked column at x = 4 splits the map.
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [0, 1, 2, 3, 4, 5, 6, 7].map((y) => squareIndex(editor.doc()!.map, 4, y)), values: [Terrain.blocked] });
    editor.setTool('fill');
    editor.setBrush('hazardous');
    t.click({ x: 1, y: 1 });
    expect(at(editor, 'terrain', 0, 7)).toBe(Terrain.hazardous);
    expect(at(editor, 'terrain', 3, 0)).toBe(Terrain.hazardous);
    expect(at(editor, 'terrain', 4, 0)).toBe(Terrain.blocked);
    expect(at(editor, 'terrain', 5, 0)).toBe(Terrain.normal);
    editor.undo();
    expect(at(editor, 'terrain', 0, 7)).toBe(Terrain.normal);
    expect(at(editor, 'terrain', 4, 0)).toBe(Terrain.blocked);
  });
});

describe('Fill on the largest map', () => {
  it('fills all 2048 × 2048 squares as one step, and undo empties it again', async () => {
    const { editor, t } = await setUp('d20-35', 2048, 2048);
    editor.setTool('fill');
    editor.setBrush('difficult');
    t.click({ x: 1000, y: 1000 });
    const terrain = editor.doc()!.map.terrain;
    expect(terrain.every((v) => v === Terrain.difficult)).toBe(true);
    editor.undo();
    expect(editor.doc()!.map.terrain.every((v) => v === Terrain.normal)).toBe(true);
    expect(editor.canUndo()).toBe(false);
  });
});

describe('Eraser and eyedropper', () => {
  it('the eraser clears the chosen layer only', async () => {
    const { editor, t } = await setUp();
    const i = squareIndex(editor.doc()!.map, 2, 2);
    editor.execute({ type: 'batch', label: 'set up', commands: [
      { type: 'setSquares', layer: 'terrain', indices: [i], values: [Terrain.difficult] },
      { type: 'setSquares', layer: 'elevation', indices: [i], values: [15] },
    ] });
    editor.setTool('eraser');
    editor.setSquareLayer('elevation');
    t.click({ x: 2, y: 2 }).expectToBeIn('eraser.idle');
    expect(at(editor, 'elevation', 2, 2)).toBe(0);
    expect(at(editor, 'terrain', 2, 2)).toBe(Terrain.difficult);
    editor.undo();
    expect(at(editor, 'elevation', 2, 2)).toBe(15);
  });

  it('the eyedropper takes a square value and hands back to the tool used before', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'setSquares', layer: 'elevation', indices: [squareIndex(editor.doc()!.map, 6, 3)], values: [25] });
    editor.setTool('rectangle');
    editor.setSquareLayer('elevation');
    editor.setHeightMode('raise');
    editor.setTool('eyedropper');
    t.click({ x: 6, y: 3 });
    expect(editor.layerValue('elevation')).toBe(25);
    expect(editor.heightMode()).toBe('set');
    expect(editor.tool()).toBe('rectangle');
    editor.setSquareLayer('terrain');
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [0], values: [Terrain.impeded] });
    editor.setTool('eyedropper');
    t.click({ x: 0, y: 0 });
    expect(editor.brush()).toBe('impeded');
    expect(editor.undoLabel()).toBe('paint terrain');
  });
});

describe('ruleset layers', () => {
  it('6d6 paints movement resistance; Startroid paints blockades; both inspect by name', async () => {
    const six = await setUp('6d6');
    six.editor.setTool('terrain');
    six.editor.setSquareLayer('resistance');
    six.editor.setLayerValue('resistance', 4);
    six.t.click({ x: 1, y: 1 });
    expect(at(six.editor, 'resistance', 1, 1)).toBe(4);
    six.editor.undo();
    expect(at(six.editor, 'resistance', 1, 1)).toBe(0);

    const star = await setUp('startroid');
    star.editor.setTool('rectangle');
    star.editor.setSquareLayer('blockade');
    star.editor.setLayerValue('blockade', Blockade.blocking);
    star.t.drag([{ x: 2, y: 2 }, { x: 3, y: 3 }]);
    expect(at(star.editor, 'blockade', 3, 3)).toBe(Blockade.blocking);
    star.editor.setSquareLayer('surface');
    star.editor.setLayerValue('surface', Surface.jagged);
    star.editor.setTool('terrain');
    star.t.click({ x: 5, y: 5 });
    expect(at(star.editor, 'surface', 5, 5)).toBe(Surface.jagged);
    star.editor.undo();
    star.editor.undo();
    expect(at(star.editor, 'blockade', 3, 3)).toBe(Blockade.none);
  });
});

describe('Walls and doors', () => {
  it('a drag along a grid line places a run of walls as one step; undo removes them', async () => {
    const { editor, t } = await setUp();
    editor.setTool('edges');
    editor.setEdgeKind('wall');
    // Down the line x = 3, from row 1 to row 5.
    t.pointerDown({ x: 3, y: 1.5 }).expectToBeIn('edges.pointing');
    t.pointerMove({ x: 3.1, y: 3.5 }).expectToBeIn('edges.dragging');
    t.pointerMove({ x: 2.9, y: 5.5 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'edges' });
    t.pointerUp().expectToBeIn('edges.idle');
    for (let y = 1; y <= 5; y++) expect(at(editor, 'edgeEast', 2, y)).toBe(Edge.wall);
    expect(at(editor, 'edgeEast', 2, 0)).toBe(Edge.none);
    expect(at(editor, 'edgeEast', 2, 6)).toBe(Edge.none);
    expect(at(editor, 'edgeEast', 3, 3)).toBe(Edge.none);
    expect(editor.undoLabel()).toBe('paint edges');
    editor.undo();
    for (let y = 1; y <= 5; y++) expect(at(editor, 'edgeEast', 2, y)).toBe(Edge.none);
  });

  it('a horizontal drag draws along the row line; Shift erases the run', async () => {
    const { editor, t } = await setUp();
    editor.setTool('edges');
    editor.setEdgeKind('low');
    t.drag([{ x: 1.5, y: 4.1 }, { x: 6.5, y: 3.9 }]);
    for (let x = 1; x <= 6; x++) expect(at(editor, 'edgeSouth', x, 3)).toBe(Edge.low);
    t.drag([{ x: 2.5, y: 4 }, { x: 4.5, y: 4 }], { shift: true });
    expect([1, 2, 3, 4, 5, 6].map((x) => at(editor, 'edgeSouth', x, 3))).toEqual([Edge.low, 0, 0, 0, Edge.low, Edge.low]);
  });

  it('a click toggles the nearest edge; Select opens and closes a door with one click', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', x: 5, y: 2 }) });
    editor.setTool('edges');
    editor.setEdgeKind('doorClosed');
    t.click({ x: 5.5, y: 2.05 });
    // The line y = 2 below square 5,1: the south edge of 5,1.
    expect(at(editor, 'edgeSouth', 5, 1)).toBe(Edge.doorClosed);
    editor.setTool('select');
    t.click({ x: 5.5, y: 2.02 });
    expect(at(editor, 'edgeSouth', 5, 1)).toBe(Edge.doorOpen);
    // The click was the door's, not a selection of the creature just below it.
    expect(editor.selectedCreature()).toBeNull();
    t.click({ x: 5.5, y: 1.99 });
    expect(at(editor, 'edgeSouth', 5, 1)).toBe(Edge.doorClosed);
    // A click in the middle of the square still selects.
    t.click({ x: 5, y: 2 });
    expect(editor.selectedCreature()).toBe('G');
    editor.undo();
    editor.undo();
    expect(at(editor, 'edgeSouth', 5, 1)).toBe(Edge.doorClosed);
    editor.setTool('edges');
    t.click({ x: 5.5, y: 2.05 });
    expect(at(editor, 'edgeSouth', 5, 1)).toBe(Edge.none);
  });
});

describe('layer locks', () => {
  it('a locked layer refuses edits with a notice, from a tool or a command', async () => {
    const { editor, t } = await setUp();
    editor.setLocked('terrain', true);
    editor.setTool('terrain');
    editor.setBrush('water');
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 1 }]);
    expect(at(editor, 'terrain', 1, 1)).toBe(Terrain.normal);
    expect(editor.notices().at(-1)?.text).toMatch(/Terrain is locked/);
    expect(editor.execute({ type: 'setSquares', layer: 'surface', indices: [0], values: [1] })).toBe(false);
    editor.setLocked('edges', true);
    editor.setTool('edges');
    t.drag([{ x: 3, y: 1.5 }, { x: 3, y: 4.5 }]);
    expect(at(editor, 'edgeEast', 2, 2)).toBe(Edge.none);
    editor.setLocked('creatures', true);
    expect(editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'X' }) })).toBe(false);
    editor.setLocked('terrain', false);
    t.toolbox.get('terrain');
    editor.setTool('terrain');
    t.click({ x: 1, y: 1 });
    expect(at(editor, 'terrain', 1, 1)).toBe(Terrain.water);
  });

  it('switching tools keeps the view where it is', async () => {
    const { editor } = await setUp();
    editor.pan(37, -12);
    const v = editor.view();
    for (const id of ['terrain', 'rectangle', 'edges', 'select', 'fill']) editor.setTool(id);
    expect(editor.view()).toEqual(v);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('brush keys', () => {
  it('[ and ] change the brush size by one', async () => {
    const { editor, t } = await setUp();
    editor.setTool('eraser');
    expect(t.key(']')).toBe(true);
    t.key(']');
    expect(editor.brushSize()).toBe(3);
    t.key('[');
    expect(editor.brushSize()).toBe(2);
  });
});

describe('edge hover', () => {
  it('shows the edge a click would hit, and nothing once the pointer leaves', async () => {
    const { editor, t } = await setUp();
    editor.setTool('edges');
    t.hover({ x: 3.1, y: 2.5 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'edges', segments: [[3, 2, 3, 3]] });
    t.hover({ x: 5.5, y: 3.9 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'edges', segments: [[5, 4, 6, 4]] });
    t.hover(null);
    expect(t.toolbox.active().preview()).toBeNull();
    expect(editor.canUndo()).toBe(false);
  });
});
