import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { drawBands } from '../../src-renderer/canvas/layers/play-overlay';
import type { DrawContext } from '../../src-renderer/canvas/layers/draw-context';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { FallDialog } from '../../src-renderer/play/FallDialog';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { BandSquare } from '../../src-renderer/state/play';
import type { PlatformBridge } from '../../src-shared/ipc';
import { parseScenario, serializeEncounter } from '../../src-shared/io';
import { moveRequest } from '../../src-shared/play';
import { planPath } from '../../src-shared/rules';
import alley from '../../resources/encounters/ambush-alley.6d6.encounter?raw';
import goblins from '../../resources/encounters/goblin-ambush.d20-35.encounter?raw';
import hive from '../../resources/encounters/hive-breach.startroid.encounter?raw';

// Issue 17 › 7, "What a GM hit": the panel's and the map's half of each problem, through the editor,
// its tools (createToolDriver) and the panel as the GM sees it.

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
const where = (e: ReturnType<typeof createEditor>, id: string) => {
  const c = e.playState()!.board.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};
function panel(editor: ReturnType<typeof createEditor>) {
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  return host;
}

const GOBLIN_ORDER = { O: 30, A: 25, B: 20, G: 15, H: 10, W: 5 };

describe('the move tool: Enter does what the panel says', () => {
  // The GM's report: waypoint 9,7, hover 11,8. From where the sample puts the Ogre (13,7; 12,7 is
  // blocked) the legal charge is to 11,8, so the same mistake is a waypoint there and a hover (11,6)
  // that bends the line: the panel says "Not allowed".
  it('d20 3.5 Ogre charge: waypoint 11,8, hover 11,6 shows "Not allowed"; Enter is refused, not a charge to the waypoint', async () => {
    const { editor, t } = await playing(goblins, 'goblins', 3, GOBLIN_ORDER);
    editor.setMoveAction('charge');
    t.pointerMove({ x: 11, y: 8 }).click({ x: 11, y: 8 });
    expect(editor.waypoints()).toEqual([{ x: 11, y: 8 }]);
    t.pointerMove({ x: 11, y: 6 });
    const shown = editor.movePlan()!;
    expect(shown.target).toEqual({ x: 11, y: 6 });
    expect(shown.answer.legal).toBe(false);
    // The charge to the waypoint alone is legal: the old Enter made it.
    const board = editor.playState()!.board;
    const direct = planPath(board, 'O', { x: 11, y: 8 }, moveRequest(editor.playState()!, 'charge'));
    expect(direct.legal, direct.reason).toBe(true);
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()?.reason).toContain('cannot take that path');
    expect(where(editor, 'O')).toEqual({ x: 13, y: 7 });
    expect(editor.playSession()!.log).toHaveLength(1);
    // Pointing back at the waypoint, the panel shows the legal charge, and Enter makes it.
    t.pointerMove({ x: 11, y: 8 });
    expect(editor.movePlan()!.answer.legal).toBe(true);
    expect(editor.movePlan()!.target).toEqual({ x: 11, y: 8 });
    expect(t.key('Enter')).toBe(true);
    expect(where(editor, 'O')).toEqual({ x: 11, y: 8 });
    expect(editor.playState()!.entries.at(-1)!.text).toContain('charges');
  });

  it('a drawn (dragged) path off the ledge shows the fall the hover shows for the same square', async () => {
    const { editor, t } = await playing(goblins, 'goblins', 3, { A: 30, O: 25, B: 20, G: 15, H: 10, W: 5 });
    // Aldric stands at 1,1 on the 10 ft shelf; the ground drops to 0 at x = 4.
    t.pointerMove({ x: 4, y: 1 });
    const hovered = editor.movePlan()!;
    expect(hovered.answer.fall).toBe(10);
    t.pointerDown({ x: 1, y: 1 }).pointerMove({ x: 2, y: 1 }).pointerMove({ x: 3, y: 1 }).pointerMove({ x: 4, y: 1 }).pointerUp();
    expect(editor.drawnPath()).toEqual([{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }]);
    expect(editor.movePlan()!.answer.fall).toBe(10);
    const host = panel(editor);
    await frame();
    expect(host.querySelector('[data-testid="play-path"]')!.textContent).toContain('then falls 10 ft');
  });
});

describe('the reach overlay: "pass only" drawn as the legend draws it', () => {
  it('is hatched with parallel stripes (the legend\'s 45° hatching), not a cross', () => {
    const segments: { dx: number; dy: number }[] = [];
    let at = { x: 0, y: 0 };
    const ctx: DrawContext = {
      beginPath() {},
      moveTo: (x, y) => (at = { x, y }),
      lineTo: (x, y) => (segments.push({ dx: x - at.x, dy: y - at.y }), (at = { x, y })),
      arc() {},
      rect() {},
      fill() {},
      stroke() {},
      fillText() {},
      setLineDash() {},
      setAttr() {},
      drawImage() {},
    };
    const pass = { x: 2, y: 2, cost: 10, end: false, moveBand: 0 } as unknown as BandSquare;
    drawBands(ctx, [pass], { panX: 0, panY: 0, zoom: 1 }, { width: 800, height: 600 });
    expect(segments.length).toBeGreaterThanOrEqual(3);
    // CSS's 45deg stripes run from the top left to the bottom right: every stroke goes that way.
    for (const s of segments) {
      expect(Math.sign(s.dx)).toBe(Math.sign(s.dy));
      expect(Math.abs(Math.abs(s.dx) - Math.abs(s.dy))).toBeLessThan(1e-6);
    }
  });
});

describe('the forced movement tool', () => {
  it('the Squares count follows the squares clicked, and a Tiny creature is picked at its square\'s centre', async () => {
    const { editor, t } = await playing(hive, 'hive', 5, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    editor.setPlayTool('play-forced');
    editor.setForced({ ...editor.forced(), effect: 'slide', by: 'S', squares: 1 });
    // The drone is Tiny (startroid.txt: four to a square), alone at 6,4.
    t.click({ x: 6, y: 4 });
    expect(editor.forced().target).toBe('t');
    t.click({ x: 7, y: 4 }).click({ x: 8, y: 4 });
    expect(editor.forcedSquares()).toEqual([{ x: 7, y: 4 }, { x: 8, y: 4 }]);
    expect(editor.forced().squares).toBe(2);
    expect(t.key('Backspace')).toBe(true);
    expect(editor.forced().squares).toBe(1);
    const host = panel(editor);
    await frame();
    expect(host.querySelector<HTMLInputElement>('[data-testid="forced-squares"]')!.value).toBe('1');
  });
});

describe('the forced movement tool: picking a Tiny creature', () => {
  it('a Tiny creature in a bigger one\'s space is picked by a click on its square\'s centre', async () => {
    // startroid.txt: Tiny creatures share squares. The drone stands in the Roach's 2 × 2 space;
    // the Roach comes first in the list, and the click on the drone's square picked the Roach.
    const nest = parseScenario(`ruleset: startroid
name: Nest
map:
  . . . . . .
  . . . . . .
  . . . . . .
  . . . . . .
  . . . . . .
creatures:
  R: name=Roach size=large side=enemy speed=4 at=2,2
  t: name=Drone size=tiny side=enemy speed=6 at=3,3
  S: name=Sniper size=medium side=party speed=6 at=0,0
`);
    const { editor, t } = await playing(serializeEncounter(nest), 'nest', 5, { S: 20, R: 10, t: 5 });
    editor.setPlayTool('play-forced');
    editor.setForced({ ...editor.forced(), effect: 'push', by: 'S', squares: 1 });
    t.click({ x: 3, y: 3 });
    expect(editor.forced().target).toBe('t');
    // The Roach is still picked on a square of its space the drone is not on.
    t.click({ x: 3, y: 3 });
    expect(editor.forced().target).toBeNull();
    t.click({ x: 2, y: 2 });
    expect(editor.forced().target).toBe('R');
  });
});

describe('the turn panel', () => {
  it('a prone creature has one Stand up control, allowed as the turn allows it', async () => {
    // The Medic starts prone (hive-breach sample).
    const { editor } = await playing(hive, 'hive', 5, { M: 20, S: 15, t: 10, Z: 5, R: 1 });
    const host = panel(editor);
    await frame();
    const controls = [...host.querySelectorAll('button')].filter((b) => b.textContent!.trim().startsWith('Stand up'));
    expect(controls).toHaveLength(1);
    expect(controls[0]!.disabled).toBe(false);
    controls[0]!.click();
    await frame();
    expect(editor.playState()!.board.creatures.find((c) => c.id === 'M')!.prone).toBe(false);
  });
});

describe('the attacks of opportunity section', () => {
  it('Hit with the damage box left empty is logged as a hit with no damage entered, not as 0 damage', async () => {
    const { editor } = await playing(hive, 'hive', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    // The Sniper's walk past the drone provokes it (as in play-tools.test.ts).
    const before = editor.playState()!;
    const path = planPath(before.board, 'S', { x: 5, y: 3 }, moveRequest(before, 'move'), [{ x: 6, y: 4 }]);
    expect(editor.playAct({ kind: 'move', creature: 'S', action: 'move', path: path.steps.map((q) => ({ x: q.x, y: q.y })) })).not.toBeNull();
    const pending = editor.playState()!.pending.find((p) => p.status === 'open')!;
    const host = panel(editor);
    await frame();
    host.querySelector<HTMLButtonElement>(`[data-testid="aoo-hit-${pending.id}"]`)!.click();
    await frame();
    const e = editor.playState()!.entries.at(-1)!;
    expect(e.kind).toBe('resolve');
    expect(e.text).toContain('hits; no damage entered');
    expect(editor.playState()!.health.get('S')!.damage).toBe(0);
  });
});

describe('6d6 charts', () => {
  it('a fall the Game Leader decides shows no empty chart ("Damage 0–0"), only what the text says', async () => {
    // Razir (9,2) stands on the 10 ft deck; 7,2 is on the ground.
    const { editor } = await playing(alley, 'alley', 4, { R: 20, B: 15, G: 10 });
    expect(editor.playAct({ kind: 'move', creature: 'R', action: 'move', path: [{ x: 8, y: 2 }, { x: 7, y: 2 }] })).not.toBeNull();
    const e = editor.fallEntry();
    expect(e?.text).toContain('falls 10 ft');
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <FallDialog editor={editor} />, host));
    await frame();
    expect(document.body.textContent).toContain('the Game Leader decides it');
    expect(document.querySelector('[data-testid="fall-chart"]')).toBeNull();
    expect(document.body.textContent).not.toContain('Damage 0–0');
  });

  it('the run chart is titled as what it shows: the chance to get that far', async () => {
    const { editor } = await playing(alley, 'alley', 4, { B: 20, R: 15, G: 10 });
    editor.setMoveAction('run');
    const host = panel(editor);
    await frame();
    const chart = host.querySelector('[data-testid="play-reach-chart"]');
    expect(chart).not.toBeNull();
    const caption = chart!.querySelector('figcaption')!.textContent!;
    expect(caption).not.toContain('chance to end');
    expect(caption).toContain('Chance to get at least this many squares away');
  });
});
