import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import type { DrawContext } from '../../src-renderer/canvas/layers/draw-context';
import { drawBands, drawMovePath } from '../../src-renderer/canvas/layers/play-overlay';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { parseScenario, serializeEncounter } from '../../src-shared/io';
import { flightProvokes, moveRequest } from '../../src-shared/play';
import { flightAlongSquares, planFlightPath, reachableSquares } from '../../src-shared/rules';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';
import tower from '../../resources/encounters/tower-gate.d20-30.encounter?raw';

// Issue 17 › 1, flight in Play: the move tool driven with PageUp / PageDown and Alt + wheel, the
// heights drawn on the map and in the side view, the bands at the height chosen, and the d20 3.0
// stall reached from the panel — each against the engine fed the same board.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function playing(text: string, name: string, seed: number, scores: Record<string, number>) {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample(name, text);
  editor.enterPlay();
  expect(editor.setPlaySeed(seed)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores })).not.toBeNull();
  const t = createToolDriver(editor);
  cleanup.push(t.dispose);
  return { editor, t };
}
function panel(editor: ReturnType<typeof createEditor>) {
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  return host;
}
/** A drawing context that keeps the labels drawn (and, given a list, the stroke colours set). */
function recording(texts: string[], strokes: unknown[] = []): DrawContext {
  return {
    beginPath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    rect() {},
    fill() {},
    stroke() {},
    fillText: (text) => void texts.push(text),
    setLineDash() {},
    setAttr: (attr, value) => void (attr === 'strokeStyle' && strokes.push(value)),
    drawImage() {},
  };
}
/** The labels the overlay draws for the move being drawn. */
function drawnLabels(editor: ReturnType<typeof createEditor>): string[] {
  const texts: string[] = [];
  const ctx = recording(texts);
  const s = editor.playState()!;
  drawMovePath(ctx, s.board, s.current, editor.movePlan(), editor.waypoints(), { panX: 0, panY: 0, zoom: 2 });
  return texts;
}
const creature = (editor: ReturnType<typeof createEditor>, id: string) => editor.playState()!.board.creatures.find((c) => c.id === id)!;

// The drake's lair: the Tiny familiar (fly 40) stands at 2,4 on the 20 ft shelf, which ends at x = 7.
const LAIR_ORDER = { T: 20, A: 15, K: 10, D: 5 };

describe('flight in Play: the height of each waypoint', () => {
  it('PageUp / PageDown and Alt + wheel set the next waypoint a square higher or lower; never under the ground; only while flying', async () => {
    const { editor, t } = await playing(lair, 'lair', 9, LAIR_ORDER);
    expect(t.key('PageUp')).toBe(false);
    editor.setMoveMode('fly');
    expect(editor.flightAltitude()).toBe(0);
    expect(t.key('PageUp')).toBe(true);
    t.key('PageUp');
    expect(editor.flightAltitude()).toBe(10);
    t.key('PageDown');
    expect(editor.flightAltitude()).toBe(5);
    expect(t.wheel(-100, { alt: true })).toBe(true);
    expect(editor.flightAltitude()).toBe(10);
    t.wheel(100, { alt: true });
    expect(editor.flightAltitude()).toBe(5);
    // A plain wheel still zooms the map: the tool leaves it alone.
    expect(t.wheel(-100)).toBe(false);
    expect(editor.flightAltitude()).toBe(5);
    t.key('PageDown');
    t.key('PageDown');
    expect(editor.flightAltitude()).toBe(0);
  });

  it('a waypoint keeps its height; the hovered path goes through it to the next height, as the engine plans it, labelled on the map and drawn from the side', async () => {
    const { editor, t } = await playing(lair, 'lair', 9, LAIR_ORDER);
    editor.setMoveMode('fly');
    t.key('PageUp');
    t.key('PageUp');
    t.pointerMove({ x: 4, y: 4 }).click({ x: 4, y: 4 });
    expect(editor.waypoints()).toEqual([{ x: 4, y: 4, z: 10 }]);
    // The next waypoint starts at the last one's height.
    expect(editor.flightAltitude()).toBe(10);
    t.key('PageDown');
    // Down off the shelf to 8,6 (the drake's space covers 9-11, 2-4 up to 15 ft).
    t.pointerMove({ x: 8, y: 6 });
    const board = editor.playState()!.board;
    const engine = planFlightPath(board, 'T', { x: 8, y: 6, z: 5 }, moveRequest(editor.playState()!, 'move', { mode: 'fly' }), [{ x: 4, y: 4, z: 10 }]);
    expect(engine.legal, engine.reason).toBe(true);
    const plan = editor.movePlan()!;
    expect(plan.flight).toBe(true);
    expect(plan.answer.steps).toEqual(engine.steps);
    expect(engine.steps).toContainEqual(expect.objectContaining({ x: 4, y: 4, z: 10 }));
    expect(engine.steps.at(-1)).toMatchObject({ x: 8, y: 6, z: 5 });

    // On the map: the waypoint's number and height, and every step's running cost and height.
    const labels = drawnLabels(editor);
    expect(labels).toContain('1');
    expect(labels).toContain('↑10');
    let running = 0;
    const steps = engine.steps.map((s) => `${(running += s.cost)} ↑${s.z}`);
    expect(labels).toEqual(expect.arrayContaining(steps));

    // In the panel: the field shows the next height, and the side view the heights and the ground
    // (20 ft on the shelf, x 1-7 and y 1-4; 0 off it), from where the familiar is now.
    const host = panel(editor);
    await frame();
    expect((host.querySelector('[data-testid="play-flight-altitude"]') as HTMLInputElement).value).toBe('5');
    const side = host.querySelector('[data-testid="play-side-view"]') as HTMLElement;
    expect(side.dataset.heights).toBe([0, ...engine.steps.map((s) => s.z)].join(','));
    expect(side.dataset.ground).toBe([{ x: 2, y: 4 }, ...engine.steps].map((s) => (s.x <= 7 && s.y <= 4 ? 20 : 0)).join(','));
    // PageUp while drawing: the side view follows.
    t.key('PageUp');
    await frame();
    expect((host.querySelector('[data-testid="play-side-view"]') as HTMLElement).dataset.heights!.split(',').at(-1)).toBe('10');
    t.key('PageDown');

    // Enter moves along exactly that flight: the familiar ends 5 ft above the floor at 8,6.
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()).toBeNull();
    expect(creature(editor, 'T')).toMatchObject({ x: 8, y: 6, altitude: 5 });
    expect(editor.playState()!.entries.at(-1)!.squares.slice(1)).toEqual(engine.steps.map(({ x, y, z }) => ({ x, y, z })));
  });

  it('a flight past an enemy shows the attacks of opportunity the model then lists, and none high above it', async () => {
    const LOW = serializeEncounter(
      parseScenario(`ruleset: d20-35
map:
  F . . . . .
  . . E . . .
  . . . . . .
creatures:
  F: name=Falcon size=medium side=party speed=30 fly=60 maneuver=good alt=5
  E: name=Ettin size=medium side=enemy speed=30
`),
    );
    const { editor, t } = await playing(LOW, 'low', 2, { F: 20, E: 1 });
    editor.setMoveMode('fly');
    // Along the top row past the ettin (2,1), 5 ft up: inside its reach.
    t.pointerMove({ x: 5, y: 0 });
    const shown = editor.movePlan()!.provokedBy.map((p) => [p.name, p.at.x, p.at.y]);
    expect(shown.length).toBeGreaterThan(0);
    expect(drawnLabels(editor)).toContain('AoO: Ettin');
    // The same squares 20 ft up are out of its reach: nothing to list.
    const highPath = [1, 2, 3, 4, 5].map((x) => ({ x, y: 0, z: 20 }));
    const s = editor.playState()!;
    expect(flightProvokes(s, 'F', moveRequest(s, 'move', { mode: 'fly' }), highPath)).toEqual([]);
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()).toBeNull();
    expect(editor.playState()!.pending.map((p) => [p.attackerName, p.at.x, p.at.y])).toEqual(shown);
  });

  it('the height field sets the next waypoint; a negative height is marked and changes nothing', async () => {
    const { editor } = await playing(lair, 'lair', 9, LAIR_ORDER);
    editor.setMoveMode('fly');
    const host = panel(editor);
    await frame();
    const field = host.querySelector('[data-testid="play-flight-altitude"]') as HTMLInputElement;
    field.value = '25';
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(editor.flightAltitude()).toBe(25);
    field.value = '-5';
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await frame();
    expect(editor.flightAltitude()).toBe(25);
    expect(host.querySelector('[data-testid="play-flight-altitude-error"]')).not.toBeNull();
  });

  it('a path dragged in the air takes the height chosen while each square is drawn, a level a square', async () => {
    const { editor, t } = await playing(lair, 'lair', 9, LAIR_ORDER);
    editor.setMoveMode('fly');
    t.pointerDown({ x: 2, y: 4 });
    t.key('PageUp');
    t.key('PageUp');
    t.pointerMove({ x: 3, y: 4 }).pointerMove({ x: 4, y: 4 }).pointerMove({ x: 5, y: 4 }).pointerUp();
    expect(editor.drawnPath()).toEqual([3, 4, 5].map((x) => ({ x, y: 4, z: 10 })));
    const board = editor.playState()!.board;
    const cubes = flightAlongSquares(board, 'T', editor.drawnPath()! as { x: number; y: number; z: number }[]);
    expect(cubes.map((q) => q.z)).toEqual([5, 10, 10]);
    expect(editor.movePlan()!.answer.steps.map((s) => (s as unknown as { z: number }).z)).toEqual([5, 10, 10]);
    t.key('Enter');
    expect(creature(editor, 'T')).toMatchObject({ x: 5, y: 4, altitude: 10 });
  });

  it('the reach bands are the cubes at the height chosen', async () => {
    const { editor, t } = await playing(lair, 'lair', 9, LAIR_ORDER);
    editor.setMoveMode('fly');
    editor.setShowBands(false);
    const s = editor.playState()!;
    const reach = reachableSquares(s.board, 'T', moveRequest(s, 'move', { mode: 'fly' }));
    const at = (z: number) => new Set(reach.squares.filter((q) => q.z === z).map((q) => `${q.x},${q.y}`));
    const shown = () => new Set(editor.bandSquares().map((q) => `${q.x},${q.y}`));
    expect(editor.bandSquares().every((q) => q.z === 0)).toBe(true);
    expect(shown()).toEqual(at(0));
    t.key('PageUp');
    t.key('PageUp');
    t.key('PageUp');
    expect(editor.bandSquares().every((q) => q.z === 15)).toBe(true);
    expect(shown()).toEqual(at(15));
    // Higher up, fewer squares are in reach (the climb costs): the sets differ.
    expect(shown()).not.toEqual(at(0));
  });
});

describe('flight in Play: d20 3.0 minimum forward speed', () => {
  it('the bands in the air mark the squares where the wyvern would end under its minimum forward speed "stall"; on the ground there are none', async () => {
    const { editor, t } = await playing(tower, 'tower', 4, { E: 20, M: 10, D: 5 });
    editor.setMoveMode('fly');
    editor.setShowBands(false);
    const s = editor.playState()!;
    const reach = reachableSquares(s.board, 'E', moveRequest(s, 'move', { mode: 'fly' }));
    expect(editor.bandSquares().some((q) => q.stall)).toBe(false);
    t.key('PageUp');
    const stalling = editor.bandSquares().filter((q) => q.stall);
    // Exactly the cubes 5 ft up the engine says stall there (poor: under 30 ft of its 60 ft fly speed).
    expect(new Set(stalling.map((q) => `${q.x},${q.y}`))).toEqual(new Set(reach.squares.filter((q) => q.z === 5 && q.stall).map((q) => `${q.x},${q.y}`)));
    expect(stalling.length).toBeGreaterThan(0);
    expect(stalling.every((q) => q.cost < 30)).toBe(true);
    const texts: string[] = [];
    drawBands(recording(texts), editor.bandSquares(), { panX: 0, panY: 0, zoom: 2 }, { width: 4000, height: 4000 });
    expect(texts.filter((x) => x === 'stall')).toHaveLength(stalling.length);
  });

  it('the wyvern flown 15 ft north (under its 30 ft minimum) shows the stall, and Enter moves it and stalls it (d20-phb-30.txt › Minimum Forward Speed)', async () => {
    const { editor, t } = await playing(tower, 'tower', 4, { E: 20, M: 10, D: 5 });
    editor.setMoveMode('fly');
    // Large, at 11,4 on the 10 ft courtyard: drawn north with the height raised as it goes.
    t.pointerDown({ x: 11, y: 4 });
    t.key('PageUp');
    t.pointerMove({ x: 11, y: 3 });
    t.key('PageUp');
    t.pointerMove({ x: 11, y: 2 }).pointerMove({ x: 11, y: 1 }).pointerUp();
    const plan = editor.movePlan()!;
    expect(plan.answer.steps.map((s) => (s as unknown as { z: number }).z)).toEqual([5, 10, 10]);
    expect(plan.answer.legal).toBe(false);
    expect(plan.stalls).toBe(true);
    // On the map the stall is a warning (orange, dashed), not a refusal crossed out in red.
    const strokes: unknown[] = [];
    const s = editor.playState()!;
    drawMovePath(recording([], strokes), s.board, s.current, plan, editor.waypoints(), { panX: 0, panY: 0, zoom: 2 });
    expect(strokes).toContain('#c77700');
    expect(strokes).not.toContain('#ff5a4a');
    expect(strokes).not.toContain('#b3261e');
    const host = panel(editor);
    await frame();
    expect(host.querySelector('[data-testid="play-path-stalls"]')!.textContent).toContain('minimum forward speed of 30 ft');
    expect(host.querySelector('[data-testid="play-path-refused"]')).toBeNull();
    expect(host.querySelector('[data-testid="play-side-view-stall"]')).not.toBeNull();
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()).toBeNull();
    const e = editor.playState()!.entries.at(-1)!;
    expect(e.text).toContain('stalls');
    expect(e.rules.map((r) => r.ref)).toContain('d20-phb-30.txt › Minimum Forward Speed');
    // 10 ft up, the 150 ft drop lands it: 1d6 falling damage.
    expect(creature(editor, 'E')).toMatchObject({ x: 11, y: 1, altitude: 0 });
    expect(e.dice[0]!.rolls).toHaveLength(1);
  });

  it('stalled high up, its next turn offers the DC 20 Reflex save, rolled with the modifier typed', async () => {
    const SKY = serializeEncounter(
      parseScenario(`ruleset: d20-30
map:
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
creatures:
  W: name=Wyvern size=medium side=enemy speed=20 fly=60 maneuver=poor alt=400 at=1,1
  F: name=Fighter size=medium side=party speed=30 at=6,2
`),
    );
    const { editor, t } = await playing(SKY, 'sky', 6, { W: 20, F: 1 });
    const host = panel(editor);
    await frame();
    // Poor maneuverability cannot hover (d20-phb-30.txt › Maneuverability): said before it moves.
    expect(host.querySelector('[data-testid="play-must-fly"]')!.textContent).toContain('under 30 ft forward stalls it, and so does ending the turn without flying (d20 3.0 combat › Minimum Forward Speed).');
    editor.setMoveMode('fly');
    t.pointerMove({ x: 2, y: 1 });
    expect(editor.movePlan()!.stalls).toBe(true);
    t.key('Enter');
    expect(creature(editor, 'W')).toMatchObject({ x: 2, y: 1, altitude: 250 });
    editor.playAct({ kind: 'next-turn' });
    editor.playAct({ kind: 'next-turn' });
    await frame();
    expect(host.querySelector('[data-testid="play-must-fly"]')).toBeNull();
    expect(host.querySelector('[data-testid="play-stall"]')!.textContent).toContain('150 ft fallen, 250 ft up');
    const modifier = host.querySelector('[data-testid="play-stall-modifier"]') as HTMLInputElement;
    modifier.value = '5';
    modifier.dispatchEvent(new InputEvent('input', { bubbles: true }));
    (host.querySelector('[data-testid="play-stall-roll"]') as HTMLButtonElement).click();
    const e = editor.playState()!.entries.at(-1)!;
    expect(e.kind).toBe('stall-save');
    expect(e.dice[0]!.total).toBe(e.dice[0]!.rolls[0]! + 5);
    // A success ends the stall where it is; a failure drops it 300 ft more, to the ground from 250 ft.
    const altitude = creature(editor, 'W').altitude;
    expect(altitude).toBe(e.dice[0]!.total >= 20 ? 250 : 0);
  });
});
