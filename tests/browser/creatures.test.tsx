import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { creatureLayout } from '../../src-shared/render/creature-layout';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePalette } from '../../src-renderer/components/CreaturePalette';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, makeCreature, squareIndex, Terrain, type RulesetId } from '../../src-shared/model';

// The creature side of the map editor, through the tool driver: pointer input on squares (and on
// a point inside a square, for stacks) → the expected model, and undo puts it back.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function setUp(ruleset: RulesetId = 'd20-35', width = 12, height = 8) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset, width, height, name: 'Creatures' });
  return { editor, t: createToolDriver(editor) };
}
type Ed = ReturnType<typeof createEditor>;
const creature = (e: Ed, id: string) => e.doc()!.creatures.find((c) => c.id === id)!;
const ids = (e: Ed) => e.doc()!.creatures.map((c) => c.id);
/** Four Tiny creatures placed in one square with the Place tool; returns their ids in order. */
function placeFourTiny(editor: Ed, t: ReturnType<typeof createToolDriver>, q = { x: 2, y: 2 }): string[] {
  editor.setTool('creature');
  editor.setPlaceSize('tiny');
  const out: string[] = [];
  for (let k = 0; k < 4; k++) {
    t.click(q);
    out.push(editor.selectedCreature()!);
  }
  return out;
}
const warnings = (e: Ed) => e.notices().filter((n) => n.kind === 'warning').map((n) => n.text);

describe('the creature palette', () => {
  it("lists every size of the encounter's ruleset by the ruleset's own names", async () => {
    const { editor } = await setUp('epic-path');
    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(() => <CreaturePalette editor={editor} />, host);
    const names = [...host.querySelectorAll('button')].map((b) => b.textContent);
    expect(names).toEqual(['Fine', 'Diminutive', 'Tiny', 'Small', 'Medium', 'Large', 'Huge', 'Gargantuan', 'Colossal', 'Titanic', 'Titanic-Plus', 'Titanic Two-Plus', 'Titanic Three-Plus']);
    expect(host.querySelector('[data-testid="size-large"]')!.getAttribute('title')).toMatch(/2 × 2 squares/);
    (host.querySelector('[data-testid="size-huge"]') as HTMLButtonElement).click();
    expect(editor.placeSize()).toBe('huge');
    expect(host.querySelector('[data-testid="size-huge"]')!.getAttribute('aria-checked')).toBe('true');
    dispose();
  });

  it('Startroid lists only its six sizes', async () => {
    const { editor } = await setUp('startroid');
    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(() => <CreaturePalette editor={editor} />, host);
    expect([...host.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Tiny', 'Small', 'Medium', 'Large', 'Huge', 'Gargantuan']);
    dispose();
  });
});

describe('Place creature tool', () => {
  it('puts four Tiny creatures in the four quarters of one square; a fifth is refused, saying why', async () => {
    const { editor, t } = await setUp();
    const tiny = placeFourTiny(editor, t);
    expect(tiny.map((id) => creature(editor, id).slot)).toEqual([0, 1, 2, 3]);
    const layout = creatureLayout(editor.doc()!);
    expect(tiny.map((id) => [layout.byId.get(id)!.cx, layout.byId.get(id)!.cy])).toEqual([
      [2.25, 2.25],
      [2.75, 2.25],
      [2.25, 2.75],
      [2.75, 2.75],
    ]);
    t.click({ x: 2, y: 2 });
    expect(editor.doc()!.creatures).toHaveLength(4);
    expect(warnings(editor).join()).toMatch(/no room left in 2,2 \(d20 SRD 3\.5 › Ending Your Movement\)/);
  });

  it('more than four sharing a square are drawn as a fan with a count badge, each still selectable', async () => {
    const { editor, t } = await setUp();
    editor.setTool('creature');
    editor.setPlaceSize('fine');
    for (let k = 0; k < 6; k++) t.click({ x: 5, y: 5 });
    const layout = creatureLayout(editor.doc()!);
    expect(layout.badges).toEqual([{ x: 5.5, y: 5.5, count: 6 }]);
    const discs = ids(editor).map((id) => layout.byId.get(id)!);
    expect(new Set(discs.map((d) => `${d.cx.toFixed(2)},${d.cy.toFixed(2)}`)).size).toBe(6);
    // The disc at the top of the fan is the first one; clicking there selects it.
    editor.setTool('select');
    t.click({ x: 5, y: 5 }, { at: { x: discs[0]!.cx - 5, y: discs[0]!.cy - 5 } });
    expect(editor.selectedCreature()).toBe(ids(editor)[0]);
  });

  it('refuses blocked terrain, an obstacle and a wall through a big creature’s space, and the preview says why', async () => {
    const { editor, t } = await setUp();
    const map = editor.doc()!.map;
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(map, 5, 5)], values: [Terrain.blocked] });
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(map, 7, 1)], values: [Terrain.obstacle] });
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [squareIndex(map, 2, 2)], values: [Edge.wall] });
    editor.setTool('creature');
    t.click({ x: 5, y: 5 });
    t.click({ x: 7, y: 1 });
    editor.setPlaceSize('large');
    editor.setHover({ x: 2, y: 2 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'footprints', rects: [{ x: 2, y: 2, side: 2 }], refused: expect.stringMatching(/wall/) });
    t.click({ x: 2, y: 2 });
    expect(editor.doc()!.creatures).toHaveLength(0);
    expect(warnings(editor).join('\n')).toMatch(/5,5 is blocked terrain/);
    expect(warnings(editor).join('\n')).toMatch(/7,1 is an obstacle/);
    expect(warnings(editor).join('\n')).toMatch(/A Large creature cannot be placed at 2,2: a wall/);
    // Beside the wall it fits.
    t.click({ x: 3, y: 2 });
    expect(editor.doc()!.creatures).toHaveLength(1);
    expect(creature(editor, ids(editor)[0]!).size).toBe('large');
  });

  it('a Medium creature may not end in a Large ally’s space (d20), but a Tiny one may', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'L', name: 'Ogre', size: 'large', x: 4, y: 4 }) });
    editor.setTool('creature');
    t.click({ x: 5, y: 5 });
    expect(ids(editor)).toEqual(['L']);
    expect(warnings(editor).join()).toMatch(/may not end in Ogre's space \(d20 SRD 3\.5 › Ending Your Movement\)/);
    editor.setPlaceSize('tiny');
    t.click({ x: 5, y: 5 });
    expect(ids(editor)).toHaveLength(2);
  });
});

describe('Place creature preview', () => {
  it('a creature just placed is not outlined red under the pointer; elsewhere, and back on it, the outline tells the truth', async () => {
    const { editor, t } = await setUp();
    const preview = () => t.toolbox.active().preview();
    editor.setTool('creature');
    editor.setHover({ x: 3, y: 3 });
    expect(preview()).toMatchObject({ kind: 'footprints', rects: [{ x: 3, y: 3, side: 1 }], refused: null });
    t.click({ x: 3, y: 3 });
    expect(ids(editor)).toHaveLength(1);
    // The placing was allowed: no red "may not end here" over the new creature.
    expect(preview()).toBeNull();
    editor.setHover({ x: 6, y: 3 });
    expect(preview()).toMatchObject({ refused: null });
    // Back over it, a second Medium creature really may not end there (d20-srd-35.txt › Ending Your Movement).
    editor.setHover({ x: 3, y: 3 });
    expect(preview()).toMatchObject({ refused: expect.stringMatching(/may not end in Creature 1's space/) });
  });

  it('a Tiny creature shares a square with another Tiny one: the preview says so, as the click does', async () => {
    const { editor, t } = await setUp();
    const preview = () => t.toolbox.active().preview();
    editor.setTool('creature');
    editor.setPlaceSize('tiny');
    t.click({ x: 2, y: 2 });
    editor.setHover({ x: 5, y: 5 });
    editor.setHover({ x: 2, y: 2 });
    expect(preview()).toMatchObject({ refused: null });
    t.click({ x: 2, y: 2 });
    expect(ids(editor)).toHaveLength(2);
  });
});

describe('Select tool with creatures', () => {
  it('selects the third of four Tiny creatures by a click on its quarter, by Tab, and from the square’s list', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'L', name: 'Ogre', size: 'large', x: 1, y: 1 }) });
    const tiny = placeFourTiny(editor, t);
    editor.setTool('select');
    t.click({ x: 2, y: 2 }, { at: { x: 0.25, y: 0.75 } });
    expect(editor.selectedCreature()).toBe(tiny[2]);
    // Tab cycles the square's stack from the selected one, then the Large creature covering it.
    expect(editor.creaturesAt({ x: 2, y: 2 })).toEqual([...tiny, 'L']);
    t.click({ x: 2, y: 2 }, { at: { x: 0.25, y: 0.25 } });
    expect(editor.selectedCreature()).toBe(tiny[0]);
    expect(t.key('Tab')).toBe(true);
    expect(t.key('Tab')).toBe(true);
    expect(editor.selectedCreature()).toBe(tiny[2]);
    t.key('Tab');
    t.key('Tab');
    expect(editor.selectedCreature()).toBe('L');
    t.key('Tab', { shift: true });
    expect(editor.selectedCreature()).toBe(tiny[3]);
    // The Large creature's other squares select it.
    t.click({ x: 1, y: 1 });
    expect(editor.selectedCreature()).toBe('L');
  });

  it('Shift-click adds and removes; a box from an empty square selects what it meets; a group drag is one undo step', async () => {
    const { editor, t } = await setUp();
    for (const [id, x, y] of [['A', 1, 1], ['B', 3, 1], ['C', 6, 5]] as const) editor.execute({ type: 'addCreature', creature: makeCreature({ id, x, y }) });
    editor.setTool('select');
    t.click({ x: 1, y: 1 }).click({ x: 3, y: 1 }, { shift: true });
    expect([...editor.selectedIds()].sort()).toEqual(['A', 'B']);
    t.click({ x: 3, y: 1 }, { shift: true });
    expect([...editor.selectedIds()]).toEqual(['A']);
    t.pointerDown({ x: 0, y: 0 }).pointerMove({ x: 4, y: 2 }).expectToBeIn('select.brushing');
    expect(t.toolbox.active().preview()).toEqual({ kind: 'box', from: { x: 0, y: 0 }, to: { x: 4, y: 2 } });
    t.pointerUp();
    expect([...editor.selectedIds()].sort()).toEqual(['A', 'B']);
    const steps = editor.undoLabel();
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 3 }, { x: 3, y: 4 }]);
    expect(creature(editor, 'A')).toMatchObject({ x: 3, y: 4 });
    expect(creature(editor, 'B')).toMatchObject({ x: 5, y: 4 });
    expect(creature(editor, 'C')).toMatchObject({ x: 6, y: 5 });
    expect(editor.undoLabel()).toBe('move 2 creatures');
    editor.undo();
    expect(creature(editor, 'A')).toMatchObject({ x: 1, y: 1 });
    expect(creature(editor, 'B')).toMatchObject({ x: 3, y: 1 });
    expect(editor.undoLabel()).toBe(steps);
    editor.redo();
    expect(creature(editor, 'B')).toMatchObject({ x: 5, y: 4 });
  });

  it('a drag onto blocked terrain is previewed in red with the reason and refused on release', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(editor.doc()!.map, 6, 2)], values: [Terrain.blocked] });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 3, y: 2 }) });
    editor.setTool('select');
    t.pointerDown({ x: 3, y: 2 }).pointerMove({ x: 6, y: 2 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'footprints', refused: 'Goblin cannot stand at 6,2: 6,2 is blocked terrain' });
    t.pointerUp();
    expect(creature(editor, 'G')).toMatchObject({ x: 3, y: 2 });
    expect(warnings(editor)).toContain('Goblin cannot stand at 6,2: 6,2 is blocked terrain.');
    expect(editor.undoLabel()).toBe('add Goblin');
  });

  it('copy, paste, duplicate and delete are each one undo step', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 3, y: 2 }) });
    editor.setTool('select');
    t.click({ x: 3, y: 2 });
    expect(editor.copyCreatures([...editor.selectedIds()])).toBe(1);
    expect(editor.pasteCreatures({ x: 8, y: 6 })).toBe(true);
    const pasted = editor.selectedCreature()!;
    expect(creature(editor, pasted)).toMatchObject({ name: 'Goblin 2', x: 8, y: 6 });
    expect(editor.undoLabel()).toBe('paste Goblin 2');
    expect(editor.duplicateCreatures([pasted])).toBe(true);
    expect(creature(editor, editor.selectedCreature()!)).toMatchObject({ name: 'Goblin 3', x: 9, y: 7 });
    // Pasting on top of the goblin (issue 18 › 1: it used to add nothing) puts the copy at the nearest
    // square where it may stand: one square away, the first by row then column is (3,1), and says so.
    expect(editor.pasteCreatures({ x: 3, y: 2 })).toBe(true);
    expect(creature(editor, editor.selectedCreature()!)).toMatchObject({ name: 'Goblin 4', x: 3, y: 1 });
    expect(editor.notices().some((n) => n.kind === 'info' && /nearest place where they can stand \(\+0, -1 squares\)/.test(n.text))).toBe(true);
    expect(ids(editor)).toHaveLength(4);
    editor.selectCreatures(['G', pasted]);
    expect(editor.deleteCreatures([...editor.selectedIds()])).toBe(true);
    expect(ids(editor)).toHaveLength(2);
    expect(editor.undoLabel()).toBe('delete 2 creatures');
    editor.undo();
    expect(ids(editor)).toHaveLength(4);
    editor.undo();
    editor.undo();
    editor.undo();
    expect(ids(editor)).toEqual(['G']);
  });

  it('PageUp and PageDown raise and lower the selection by a square; a flyer is drawn lifted over its shadow', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'H', name: 'Hawk', x: 3, y: 2, speed: { walk: 10, fly: 60 } }) });
    editor.setTool('select');
    t.click({ x: 3, y: 2 });
    expect(t.key('PageUp')).toBe(true);
    t.key('PageUp');
    expect(creature(editor, 'H').altitude).toBe(10);
    const disc = creatureLayout(editor.doc()!).byId.get('H')!;
    expect(disc.lifted).toBe(true);
    expect(disc.cy).toBeLessThan(disc.groundY);
    // It can fly, so it is not flagged; a goblin lifted without wings is.
    expect(disc.unsupported).toBe(false);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', x: 8, y: 2, altitude: 5 }) });
    expect(creatureLayout(editor.doc()!).byId.get('G')!.unsupported).toBe(true);
    // The lifted disc is where a click finds it.
    t.click({ x: 3, y: 2 }, { at: { x: 0.5, y: disc.cy - 2 } });
    expect(editor.selectedCreature()).toBe('H');
    t.key('PageDown');
    t.key('PageDown');
    t.key('PageDown');
    expect(creature(editor, 'H').altitude).toBe(0);
    editor.undo();
    expect(creature(editor, 'H').altitude).toBe(5);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});
