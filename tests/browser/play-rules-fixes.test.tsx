import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { FallDialog } from '../../src-renderer/play/FallDialog';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { parseScenario, serializeEncounter } from '../../src-shared/io';
import { Terrain } from '../../src-shared/model';
import type { PlayAction } from '../../src-shared/play';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';

// Editing the layout mid-fight (review shot 61): the played fight replays over the edited map, so
// Edit mode says once that a change may change it, and Play mode, on return, counts and names the
// entries that no longer apply instead of "9 of 9 log entries in effect".

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});

const YARD = serializeEncounter(
  parseScenario(`ruleset: d20-35
name: Yard
map:
  . . . . . .
  . A . . . .
  . . . . . .
  . . . O . .
  . . . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
`),
);
// Entry 2: Aric walks 2,2 → 3,1, provoking the orc when it leaves 2,2 (next to the orc at 3,3);
// entry 3 resolves that attack; entry 4 ends the turn.
const FIGHT: PlayAction[] = [
  { kind: 'initiative', scores: { A: 15, O: 10 } },
  { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }, { x: 3, y: 1 }] },
  { kind: 'resolve', pending: '1:0', outcome: 'miss' },
  { kind: 'next-turn' },
];
const WIDTH = 6;
const block = (x: number, y: number) => ({ type: 'setSquares' as const, layer: 'terrain' as const, indices: [y * WIDTH + x], values: [Terrain.blocked] });
const EDIT_NOTICE = 'This encounter has a played fight';

async function playedThenEditing() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample('yard', YARD);
  editor.enterPlay();
  expect(editor.setPlaySeed(3)).toBe(true);
  for (const a of FIGHT) expect(editor.playAct(a), JSON.stringify(a)).not.toBeNull();
  editor.leavePlay();
  for (const n of editor.notices()) editor.dismiss(n.id);
  return editor;
}
const texts = (editor: ReturnType<typeof createEditor>) => editor.notices().map((n) => n.text);

describe('editing the map of a played fight', () => {
  it('Edit mode says once that changing the map may change how the fight replays', async () => {
    const editor = await playedThenEditing();
    expect(editor.execute(block(5, 0))).toBe(true);
    const said = texts(editor).filter((t) => t.startsWith(EDIT_NOTICE));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('4 log entries');
    for (const n of editor.notices()) editor.dismiss(n.id);
    // Once: the next edit of the same fight says nothing more.
    expect(editor.execute(block(5, 1))).toBe(true);
    expect(texts(editor).filter((t) => t.startsWith(EDIT_NOTICE))).toEqual([]);
  });

  it('an encounter never played says nothing', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.openSample('yard', YARD);
    for (const n of editor.notices()) editor.dismiss(n.id);
    expect(editor.execute(block(5, 0))).toBe(true);
    expect(texts(editor).filter((t) => t.startsWith(EDIT_NOTICE))).toEqual([]);
  });

  it('back in Play, the notice counts and names the entries that no longer apply, and the log marks them', async () => {
    const editor = await playedThenEditing();
    // 2,2 blocked: Aric's walk no longer replays, so neither does the resolution of the attack it raised.
    expect(editor.execute(block(2, 2))).toBe(true);
    for (const n of editor.notices()) editor.dismiss(n.id);
    editor.enterPlay();
    expect(texts(editor)).toContain('Play mode: 2 of 4 log entries no longer apply after the encounter changed: entry 2 (Aric: move), entry 3 (resolve) (the log says why). F5 returns to Edit.');
    expect(texts(editor).some((t) => t.includes('4 of 4 log entries in effect'))).toBe(false);
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <PlayPanel editor={editor} />, host));
    const log = [...host.querySelectorAll<HTMLElement>('[data-testid="play-log-entry"]')].map((e) => e.textContent ?? '');
    expect(log[2]).toContain('The attack of opportunity entry 2 raised is not there any more');
    expect(log[2]).not.toContain('"1:0"');
  });

  it('a fight that still replays as it was keeps the usual notice', async () => {
    const editor = await playedThenEditing();
    expect(editor.execute(block(5, 4))).toBe(true);
    editor.enterPlay();
    expect(texts(editor)).toContain('Play mode: 4 of 4 log entries in effect. F5 returns to Edit.');
  });
});

describe('a big flyer pointed at a space it cannot be in (review shots 68, 69)', () => {
  it('the Huge drake through a waypoint to 5,6: "no way there", the blocked squares under its 3×3 space named, and Enter refuses with them', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.openSample('lair', lair);
    editor.enterPlay();
    expect(editor.setPlaySeed(9)).toBe(true);
    expect(editor.playAct({ kind: 'initiative', scores: { D: 20, A: 15, T: 10, K: 5 } })).not.toBeNull();
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    editor.setMoveMode('fly');
    t.pointerMove({ x: 8, y: 5 }).click({ x: 8, y: 5 });
    t.pointerMove({ x: 5, y: 6 });
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <PlayPanel editor={editor} />, host));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const path = host.querySelector('[data-testid="play-path"]')!.textContent!;
    // Its space from 5,6 takes in row 8, the wall, at 5,8 and 6,8: not a distance, and no cost.
    expect(path).toMatch(/^Path to 5,6: no way there/);
    expect(host.querySelector('[data-testid="play-path-refused"]')!.textContent).toContain("Drake's 3×3 space at 5,6 would take in the blocked squares 5,8 and 6,8");
    expect(path).not.toContain('no flight reaches');
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()!.reason).toContain('the blocked squares 5,8 and 6,8');
  });
});

describe('the fall dialog after a d20 3.0 stall 5 ft up (review shot 15)', () => {
  it('says the fall once: the entry says why no dice were rolled, the dialog only that none were', async () => {
    const LOW = serializeEncounter(
      parseScenario(`ruleset: d20-30
name: Low
map:
  . . . . . . . .
  . . . . . . . .
  . W . . . . . .
creatures:
  W: name=Wyvern size=medium side=enemy speed=20 fly=60 maneuver=poor alt=5
  F: name=Fighter size=medium side=party speed=30 at=7,2
`),
    );
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.openSample('low', LOW);
    editor.enterPlay();
    expect(editor.playAct({ kind: 'initiative', scores: { W: 20, F: 1 } })).not.toBeNull();
    expect(editor.playAct({ kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 2, z: 5 }, { x: 3, y: 2, z: 5 }] })).not.toBeNull();
    expect(editor.fallEntry()).not.toBeNull();
    const host = document.createElement('div');
    document.body.append(host);
    cleanup.push(render(() => <FallDialog editor={editor} />, host));
    const text = document.body.textContent ?? '';
    expect(text).toContain('falls 5 ft to 3,2: too short a fall to hurt');
    expect(text).toContain('No dice rolled.');
    expect(text).not.toContain('leaves this fall');
  });
});
