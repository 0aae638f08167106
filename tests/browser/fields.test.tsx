import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { createLightLayer } from '../../src-renderer/canvas/layers/light';
import { createSquareMarksLayer } from '../../src-renderer/canvas/layers/square-marks';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePanel } from '../../src-renderer/components/CreaturePanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Edge, Light, makeCreature, squareIndex, Terrain, type RulesetId } from '../../src-shared/model';

// The engine's newer model fields in the editor (issue 10 item 2, "in the editor's creature panel"):
// each one edited through the panel is a command (undo restores it) and the movement shown follows.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let dispose: (() => void) | null = null;
let disposeLayer: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  disposeLayer?.();
  disposeLayer = null;
  document.body.innerHTML = '';
});

async function setUp(ruleset: RulesetId, width = 12, height = 8) {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset, width, height, name: 'Fields' });
  return editor;
}
type Ed = Awaited<ReturnType<typeof setUp>>;
function mount(editor: Ed) {
  const host = document.createElement('div');
  host.style.cssText = 'width:320px';
  document.body.append(host);
  dispose = render(() => <CreaturePanel editor={editor} />, host);
  return host;
}
const q = <T extends Element = HTMLInputElement>(host: HTMLElement, id: string) => host.querySelector<T>(`[data-testid=${id}]`) as T | null;
function tick(input: HTMLInputElement) {
  input.click();
}
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
const reachText = (e: Ed) => JSON.stringify(e.reach());
const alphaAt = (canvas: HTMLCanvasElement, x: number, y: number) => canvas.getContext('2d')!.getImageData(x, y, 1, 1).data[3]!;
/** A cached layer drawn at a zoom (32 px a square at 1) on a fresh canvas. */
function drawLayer(layer: { paint: (...a: never[]) => unknown }, d: unknown, zoom: number, w = 256, h = 256) {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  (layer.paint as (...a: unknown[]) => unknown)(plainContext(canvas.getContext('2d')!), d, { zoom, panX: 0, panY: 0 }, { width: w, height: h });
  return canvas;
}
const costAt = (e: Ed, x: number, y: number) => e.reachOnMap().find((s) => s.x === x && s.y === y)?.cost;

describe('creature fields in the creature panel', () => {
  it('d20: a reach weapon moves the zone a path provokes from (d20-srd-35.txt › Big and Little Creatures in Combat); undo restores it', async () => {
    const editor = await setUp('d20-35');
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Ogre', side: 'enemy', x: 5, y: 1 }) });
    editor.selectCreatures(['A']);
    // Along row 3 the path passes 2 squares from the ogre: outside its natural reach, inside a reach weapon's.
    editor.setHover({ x: 7, y: 3 });
    const host = mount(editor);
    expect(q(host, 'path-summary')!.textContent).not.toMatch(/provokes/);
    editor.selectCreatures(['O']);
    const box = q(host, 'creature-reach-weapon')!;
    expect(box.title).toMatch(/d20 SRD 3\.5 › Big and Little Creatures/);
    tick(box);
    expect(editor.doc()!.creatures[1]!.reachWeapon).toBe(true);
    editor.selectCreatures(['A']);
    expect(q(host, 'path-summary')!.textContent).toMatch(/provokes Ogre/);
    editor.undo();
    expect(editor.doc()!.creatures[1]!.reachWeapon).toBeUndefined();
    expect(q(host, 'path-summary')!.textContent).not.toMatch(/provokes/);
  });

  it('Epic Path: a dead creature makes its square rough terrain; a blinded one may not run (epic-path.txt › Run)', async () => {
    const editor = await setUp('epic-path');
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'B', name: 'Body', side: 'enemy', x: 3, y: 3 }) });
    const host = mount(editor);
    editor.selectCreatures(['B']);
    expect(q(host, 'creature-reach-weapon')).toBeNull();
    tick(q(host, 'creature-dead')!);
    expect(editor.doc()!.creatures[1]!.dead).toBe(true);
    editor.selectCreatures(['A']);
    // Through the dead creature's square: 5 ft to 2,3, then rough terrain into 3,3.
    expect(costAt(editor, 3, 3)).toBe(15);
    editor.selectCreatures(['B']);
    editor.undo();
    expect(editor.doc()!.creatures[1]!.dead).toBeUndefined();

    editor.selectCreatures(['A']);
    editor.setMoveRequest({ action: 'run' });
    expect(editor.reach()).toHaveProperty('reach');
    tick(q(host, 'creature-blinded')!);
    expect(editor.doc()!.creatures[0]!.blinded).toBe(true);
    expect(q(host, 'move-refused')!.textContent).toMatch(/Epic Path › /);
    expect(q(host, 'move-refused')!.textContent).not.toMatch(/\.txt/);
    editor.undo();
    expect(editor.reach()).toHaveProperty('reach');
  });
});

describe('movement options in the creature panel', () => {
  it('the charge is offered only by the d20 texts', async () => {
    for (const [ruleset, has] of [['d20-35', true], ['d20-30', true], ['epic-path', false], ['6d6', false], ['startroid', false]] as const) {
      const editor = await setUp(ruleset);
      editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
      editor.selectCreatures(['A']);
      const host = mount(editor);
      const options = [...q<HTMLSelectElement>(host, 'move-action')!.options].map((o) => o.value);
      expect(options.includes('charge'), ruleset).toBe(has);
      // The overrun outcome: d20 (› Moving Through a Square) and Epic Path (› Overrun); the tumble: d20 only.
      expect(!!q(host, 'move-overrun'), ruleset).toBe(has || ruleset === 'epic-path');
      expect(!!q(host, 'move-tumble'), ruleset).toBe(has);
      expect(!!q(host, 'move-hidden'), ruleset).toBe(ruleset === '6d6');
      dispose!();
      dispose = null;
    }
  });

  it('d20: a charge cannot cross difficult terrain, and the overlay follows the choice', async () => {
    const editor = await setUp('d20-35');
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [squareIndex(editor.doc()!.map, 3, 3)], values: [Terrain.difficult] });
    editor.selectCreatures(['A']);
    const host = mount(editor);
    choose(q<HTMLSelectElement>(host, 'move-action')!, 'double');
    expect(costAt(editor, 3, 3)).toBeDefined();
    choose(q<HTMLSelectElement>(host, 'move-action')!, 'charge');
    expect(editor.moveRequest().action).toBe('charge');
    expect(costAt(editor, 3, 3)).toBeUndefined();
  });

  it('d20 3.5: the accelerated climb shows only for a climb and doubles the climb speed (› Climb)', async () => {
    const editor = await setUp('d20-35', 16, 4);
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'S', name: 'Spider', x: 0, y: 1, speed: { walk: 30, climb: 10 } }) });
    editor.selectCreatures(['S']);
    const host = mount(editor);
    expect(q(host, 'move-accelerated')).toBeNull();
    choose(q<HTMLSelectElement>(host, 'move-mode')!, 'climb');
    const budget = () => (editor.reach() as { reach: { budget: number } }).reach.budget;
    expect(budget()).toBe(10);
    tick(q(host, 'move-accelerated')!);
    expect(editor.moveRequest().accelerated).toBe(true);
    expect(budget()).toBe(20);
    choose(q<HTMLSelectElement>(host, 'move-mode')!, '');
    expect(editor.moveRequest().accelerated).toBeUndefined();
    expect(q(host, 'move-accelerated')).toBeNull();
  });

  it("d20: overrun and tumble outcomes decide whether an opponent's square is passed", async () => {
    const editor = await setUp('d20-35', 12, 3);
    // A corridor one square wide with an orc in it.
    for (const y of [0, 2]) editor.execute({ type: 'setSquares', layer: 'terrain', indices: [...Array(12).keys()].map((x) => y * 12 + x), values: [Terrain.obstacle] });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 1 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Orc', side: 'enemy', x: 3, y: 1 }) });
    editor.selectCreatures(['A']);
    const host = mount(editor);
    expect(costAt(editor, 5, 1)).toBeUndefined();
    for (const id of ['move-overrun', 'move-tumble']) {
      const select = q<HTMLSelectElement>(host, id)!;
      expect(select.title).toMatch(/d20 SRD 3\.5 › /);
      choose(select, 'pass');
      // A tumble moves at half speed (the SRD's Tumble skill, docs/rules.md): 15 ft, to 4,1 past the orc.
      if (id === 'move-overrun') expect(costAt(editor, 5, 1), id).toBe(20);
      else expect([costAt(editor, 4, 1), costAt(editor, 5, 1)], id).toEqual([15, undefined]);
      choose(select, 'fail');
      expect(costAt(editor, 5, 1), id).toBeUndefined();
      choose(select, '');
      expect(editor.moveRequest()).not.toHaveProperty(id === 'move-overrun' ? 'overrun' : 'tumble');
    }
  });

  it('6d6: staying hidden and knowing the hidden resistance change the plan (6d6.txt › Staying Hidden, › Hidden Movement Resistance)', async () => {
    const editor = await setUp('6d6');
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
    editor.execute({ type: 'setSquares', layer: 'hiddenResistance', indices: [squareIndex(editor.doc()!.map, 2, 3)], values: [7] });
    editor.selectCreatures(['A']);
    const host = mount(editor);
    const plain = reachText(editor);
    tick(q(host, 'move-knows-hidden')!);
    expect(editor.moveRequest().knowsHidden).toBe(true);
    expect(reachText(editor)).not.toBe(plain);
    tick(q(host, 'move-knows-hidden')!);
    expect(reachText(editor)).toBe(plain);
    tick(q(host, 'move-hidden')!);
    expect(editor.moveRequest().hidden).toBe(true);
    expect(reachText(editor)).not.toBe(plain);
    choose(q<HTMLSelectElement>(host, 'move-action')!, 'step');
    expect(q(host, 'move-hidden')).toBeNull();
  });
});

describe('the map picture in the properties panel', () => {
  it('an opacity slider and a Remove button, each one undo step', async () => {
    const editor = await setUp('d20-35', 4, 2);
    const { PropertiesPanel } = await import('../../src-renderer/components/PropertiesPanel');
    const host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <PropertiesPanel editor={editor} />, host);
    expect(q(host, 'background-picture')).toBeNull();
    // A picture as a Universal VTT import brings it.
    editor.execute({ type: 'setPicture', picture: { mime: 'image/png', data: 'iVBORw0KGgo=', width: 280, height: 140, pixelsPerSquare: 70, offsetX: 0, offsetY: 0, opacity: 1 } });
    const slider = q(host, 'background-opacity')!;
    expect(slider.value).toBe('100');
    slider.value = '40';
    slider.dispatchEvent(new Event('change', { bubbles: true }));
    expect(editor.doc()!.picture!.opacity).toBe(0.4);
    expect(editor.undoLabel()).toMatch(/picture opacity/);
    q<HTMLButtonElement>(host, 'background-remove')!.click();
    expect(editor.doc()!.picture).toBeUndefined();
    expect(q(host, 'background-picture')).toBeNull();
    editor.undo();
    expect(editor.doc()!.picture!.opacity).toBe(0.4);
    editor.undo();
    expect(editor.doc()!.picture!.opacity).toBe(1);
    expect(q(host, 'background-opacity')!.value).toBe('100');
  });
});

describe('the light and hidden resistance layers', () => {
  it('Epic Path paints light (legend, inspector, a darkness veil on the map); undo restores it', async () => {
    const editor = await setUp('epic-path', 8, 8);
    const t = createToolDriver(editor);
    const { PropertiesPanel } = await import('../../src-renderer/components/PropertiesPanel');
    const host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <PropertiesPanel editor={editor} />, host);
    editor.setTool('rectangle');
    editor.setSquareLayer('light');
    const legend = [...host.querySelectorAll('[data-testid=legend] li')].map((li) => li.textContent);
    expect(legend.join('|')).toMatch(/Bright light.*\|Dim light.*\|Darkness — no run, no 5-foot step/);
    editor.setLayerValue('light', Light.darkness);
    t.drag([{ x: 2, y: 2 }, { x: 3, y: 3 }]);
    expect(editor.doc()!.map.light[squareIndex(editor.doc()!.map, 3, 3)]).toBe(Light.darkness);
    editor.setTool('select');
    editor.setInspectedSquare({ x: 3, y: 3 });
    expect(q(host, 'square-light')!.textContent).toBe('Darkness');
    // Drawn: a dark veil over the square, nothing next to it.
    const layer = createRoot((d) => ((disposeLayer = d), createLightLayer(editor)));
    const canvas = drawLayer(layer, editor.doc(), 1);
    expect(alphaAt(canvas, 3 * 32 + 16, 3 * 32 + 16)).toBeGreaterThan(100);
    expect(alphaAt(canvas, 5 * 32 + 16, 3 * 32 + 16)).toBe(0);
    editor.undo();
    expect(editor.doc()!.map.light.every((v) => v === Light.bright)).toBe(true);
    // Darkness over a creature's whole space stops its run (epic-path.txt › Run).
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 3, y: 3 }) });
    editor.selectCreatures(['A']);
    editor.setMoveRequest({ action: 'run' });
    expect(editor.reach()).toHaveProperty('reach');
    editor.execute({ type: 'setSquares', layer: 'light', indices: [squareIndex(editor.doc()!.map, 3, 3)], values: [Light.darkness] });
    expect(editor.reach()).toHaveProperty('refused');
  });

  it('6d6 paints hidden movement resistance with a mark and an inspector line; other rulesets do not offer it', async () => {
    const editor = await setUp('6d6', 8, 8);
    const t = createToolDriver(editor);
    const { squareLayersFor } = await import('../../src-renderer/canvas/tools/square-layers');
    expect(squareLayersFor(editor.doc()!).map((l) => l.id)).toContain('hiddenResistance');
    expect(squareLayersFor(editor.doc()!).map((l) => l.id)).not.toContain('light');
    editor.setTool('terrain');
    editor.setSquareLayer('hiddenResistance');
    editor.setLayerValue('hiddenResistance', 5);
    t.click({ x: 4, y: 4 });
    expect(editor.doc()!.map.hiddenResistance[squareIndex(editor.doc()!.map, 4, 4)]).toBe(5);
    expect(editor.undoLabel()).toBe('paint hidden movement resistance');
    const { PropertiesPanel } = await import('../../src-renderer/components/PropertiesPanel');
    const host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <PropertiesPanel editor={editor} />, host);
    editor.setTool('select');
    editor.setInspectedSquare({ x: 4, y: 4 });
    expect(q(host, 'square-hidden-movement-resistance')!.textContent).toBe('Hidden movement resistance 5');
    const marks = createRoot((d) => ((disposeLayer = d), createSquareMarksLayer(editor)));
    const canvas = drawLayer(marks, editor.doc(), 1);
    // The diamond's top corner, and nothing in an unpainted square.
    expect(alphaAt(canvas, 4 * 32 + 16, 4 * 32 + 3)).toBeGreaterThan(0);
    expect(alphaAt(canvas, 1 * 32 + 16, 1 * 32 + 3)).toBe(0);
    const other = await setUp('d20-35', 4, 4);
    expect(squareLayersFor(other.doc()!).map((l) => l.id)).not.toContain('hiddenResistance');
    expect(squareLayersFor(other.doc()!).map((l) => l.id)).not.toContain('light');
  });
});

describe('the window edge (Startroid)', () => {
  it('is a choice of the Walls and doors tool in Startroid only, drawn in glass blue, and undoes', async () => {
    const editor = await setUp('startroid', 8, 8);
    const t = createToolDriver(editor);
    const { PropertiesPanel } = await import('../../src-renderer/components/PropertiesPanel');
    const host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <PropertiesPanel editor={editor} />, host);
    editor.setTool('edges');
    const choice = q<HTMLButtonElement>(host, 'edge-window')!;
    expect(choice.title).toMatch(/Startroid › Teleportation/);
    choice.click();
    expect(editor.edgeKind()).toBe('window');
    // Down the line x = 3, rows 1 to 3.
    t.drag([{ x: 3, y: 1.5 }, { x: 3.1, y: 3.5 }]);
    const map = editor.doc()!.map;
    expect([1, 2, 3].map((y) => map.edgeEast[squareIndex(map, 2, y)])).toEqual([Edge.window, Edge.window, Edge.window]);
    const { createEdgesLayer } = await import('../../src-renderer/canvas/layers/edges');
    const layer = createRoot((d) => ((disposeLayer = d), createEdgesLayer(editor)));
    const canvas = drawLayer(layer, editor.doc(), 1);
    const [r, g, b, a] = canvas.getContext('2d')!.getImageData(3 * 32, 2 * 32 + 4, 1, 1).data;
    expect(a).toBeGreaterThan(0);
    expect(b!).toBeGreaterThan(r! + 60);
    expect(g!).toBeGreaterThan(r!);
    editor.undo();
    expect(editor.doc()!.map.edgeEast.every((v) => v === Edge.none)).toBe(true);
    dispose!();
    dispose = null;
    // The same editor opening a d20 map: no window choice, and the window kind is not carried over.
    editor.setEdgeKind('window');
    await editor.newEncounter({ ruleset: 'd20-35', width: 4, height: 4, name: 'No windows' });
    dispose = render(() => <PropertiesPanel editor={editor} />, host);
    editor.setTool('edges');
    expect(q(host, 'edge-wall')).not.toBeNull();
    expect(q(host, 'edge-window')).toBeNull();
    expect(editor.edgeKind()).toBe('wall');
  });
});

describe('squeezed steps in the editor (issue 10 item 1)', () => {
  it('a Large creature through a one-square corridor: its squeezed steps hatched on the map and counted in the path summary', async () => {
    const editor = await setUp('d20-35', 12, 5);
    const map = editor.doc()!.map;
    // Rock everywhere on rows 0-1 and 3-4 between columns 4 and 7: a corridor one square wide on row 2.
    const rock: number[] = [];
    for (let x = 4; x <= 7; x++) for (const y of [0, 1, 3, 4]) rock.push(squareIndex(map, x, y));
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: rock, values: [Terrain.obstacle] });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'L', name: 'Ogre', size: 'large', x: 1, y: 1 }) });
    editor.selectCreatures(['L']);
    editor.setMoveRequest({ action: 'double' });
    editor.setHover({ x: 6, y: 2 });
    const path = editor.hoverPath()!;
    expect(path.legal).toBe(true);
    const squeezed = path.steps.filter((st) => st.squeezed);
    expect(squeezed.length).toBeGreaterThan(0);
    expect(editor.reachOnMap().some((q) => q.squeezed)).toBe(true);
    const host = mount(editor);
    expect(q(host, 'squeeze-summary')!.textContent).toMatch(new RegExp(`squeezed on ${squeezed.length} steps?`));
    // Drawn: the band of the step at 6,2 hatched (violet), a square outside it untouched.
    const { drawSqueezedSteps } = await import('../../src-renderer/canvas/layers/squeeze-marks');
    const canvas = document.createElement('canvas');
    canvas.width = 12 * 32;
    canvas.height = 5 * 32;
    drawSqueezedSteps(plainContext(canvas.getContext('2d')!), path.steps, { zoom: 1, panX: 0, panY: 0 });
    const last = squeezed.at(-1)!;
    let inside = 0;
    for (let py = 0; py < last.band!.h * 32; py++) for (let px = 0; px < last.band!.w * 32; px++) inside += alphaAt(canvas, last.x * 32 + px, last.y * 32 + py) > 0 ? 1 : 0;
    expect(inside).toBeGreaterThan(50);
    expect(alphaAt(canvas, 10 * 32 + 16, 0 * 32 + 16)).toBe(0);
    // A path with no squeeze says nothing of it.
    editor.setHover({ x: 2, y: 3 });
    expect(q(host, 'squeeze-summary')).toBeNull();
  });
});
