import { describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PLAY_TOOLS, TOOLS, toolForKey } from '../../src-renderer/canvas/tools';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { readEncounterText } from '../../src-shared/io';
import { moveRequest, newSession, perform, replay } from '../../src-shared/play';
import { checkPath, forcedMovement, linesBetween, planFlightPath, planPath, threatenedSquares } from '../../src-shared/rules';
import hive from '../../resources/encounters/hive-breach.startroid.encounter?raw';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';

// Play mode's tools through the tool driver (squares instead of a mouse), each outcome checked
// against the play model (src-shared/play) and the engine fed the same board.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function playing(text: string, name: string, seed: number, scores: Record<string, number>) {
  const editor = createEditor(noPlatform);
  await editor.openSample(name, text);
  const planned = editor.doc()!;
  editor.enterPlay();
  expect(editor.setPlaySeed(seed)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores })).not.toBeNull();
  return { editor, planned, t: createToolDriver(editor) };
}
const where = (e: ReturnType<typeof createEditor>, id: string) => {
  const c = e.doc()!.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};

describe('Play mode', () => {
  it('shows the session board, keeps the map from edits, and swaps the tools and their keys', async () => {
    const editor = createEditor(noPlatform);
    await editor.openSample('hive', hive);
    const planned = editor.doc()!;
    editor.setSelectedCreature('S');
    editor.enterPlay();
    expect(editor.playing()).toBe(true);
    // The edit selection and its reach do not carry into play.
    expect(editor.selectedCreature()).toBeNull();
    expect(editor.reachOnMap()).toEqual([]);
    expect(editor.doc()!.creatures).toEqual(planned.creatures);
    expect(editor.doc()).not.toBe(planned);
    expect(editor.execute({ type: 'renameEncounter', name: 'x' })).toBe(false);
    expect(createToolDriver(editor).state()).toBe('play-move.idle');
    expect(toolForKey('m', true)?.id).toBe('play-move');
    expect(toolForKey('f', true)?.id).toBe('play-forced');
    // Edit keys and play keys are apart, and play keys never shadow an edit tool's.
    const ids = [...TOOLS, ...PLAY_TOOLS].map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(toolForKey('m', false)?.id).not.toBe('play-move');
    editor.leavePlay();
    expect(editor.doc()).toBe(planned);
    // Nothing was played: nothing is stored.
    expect(editor.doc()!.play).toBeUndefined();
  });

  it('move tool: a waypoint, then a double-click moves along the planned path; the model agrees; undo and redo step the log', async () => {
    const { editor, planned, t } = await playing(hive, 'hive', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    const before = editor.playState()!;
    const plan = planPath(before.board, 'S', { x: 5, y: 3 }, moveRequest(before, 'move'), [{ x: 6, y: 4 }]);
    expect(plan.legal).toBe(true);
    t.pointerMove({ x: 6, y: 4 });
    t.click({ x: 6, y: 4 });
    expect(editor.waypoints()).toEqual([{ x: 6, y: 4 }]);
    t.pointerMove({ x: 5, y: 3 });
    expect(editor.movePlan()!.answer.total).toBe(plan.total);
    expect(editor.movePlan()!.provokedBy.map((p) => p.name)).toEqual(['Drone']);
    t.click({ x: 5, y: 3 }).click({ x: 5, y: 3 }).expectToBeIn('play-move.idle');
    expect(where(editor, 'S')).toEqual({ x: 5, y: 3 });
    // The same action through the model directly gives the same entry.
    const session = editor.playSession()!;
    const direct = perform(planned, { ...session, log: session.log.slice(0, 1), cursor: 1 }, session.log[1]!);
    expect(direct.ok && direct.entry.text).toBe(editor.playState()!.entries[1]!.text);
    expect(editor.playState()!.pending.map((p) => p.attackerName)).toEqual(['Drone']);
    // Ctrl+Z in Play mode is the log's undo.
    expect(editor.canUndo()).toBe(true);
    editor.undo();
    expect(where(editor, 'S')).toEqual({ x: 1, y: 1 });
    editor.redo();
    expect(where(editor, 'S')).toEqual({ x: 5, y: 3 });
  });

  it('an illegal path says where and why and is not committed; Escape clears the waypoints', async () => {
    const { editor, t } = await playing(hive, 'hive', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    t.pointerMove({ x: 13, y: 5 });
    expect(editor.movePlan()!.answer.legal).toBe(false);
    t.click({ x: 13, y: 5 }).click({ x: 13, y: 5 });
    expect(editor.playRefusal()?.reason).toContain('cannot take that path');
    expect(where(editor, 'S')).toEqual({ x: 1, y: 1 });
    expect(editor.playSession()!.log).toHaveLength(1);
    t.click({ x: 3, y: 1 });
    expect(editor.waypoints()).toHaveLength(1);
    expect(t.key('Escape')).toBe(true);
    expect(editor.waypoints()).toEqual([]);
  });

  it('a drag from the creature draws the path square by square; Enter moves along exactly it', async () => {
    const { editor, t } = await playing(hive, 'hive', 77, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    t.pointerDown({ x: 1, y: 1 }).pointerMove({ x: 2, y: 1 }).expectToBeIn('play-move.drawing');
    t.pointerMove({ x: 3, y: 2 }).pointerMove({ x: 3, y: 3 }).pointerUp();
    const drawn = editor.drawnPath()!;
    expect(drawn).toEqual([{ x: 2, y: 1 }, { x: 3, y: 2 }, { x: 3, y: 3 }]);
    const engine = checkPath(editor.playState()!.board, 'S', drawn, { action: 'move' });
    expect(editor.movePlan()!.answer.total).toBe(engine.total);
    expect(engine.legal, engine.reason).toBe(true);
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()).toBeNull();
    expect(editor.playState()!.entries[1]!.squares.slice(1)).toEqual(drawn);
    expect(where(editor, 'S')).toEqual({ x: 3, y: 3 });
  });

  it('forced tool: click the target, its square, Enter: the push and its fall as the engine answers', async () => {
    const { editor, t } = await playing(lair, 'lair', 21, { A: 20, K: 15, D: 10, T: 5 });
    editor.setMoveAction('double');
    t.pointerMove({ x: 7, y: 2 });
    t.click({ x: 7, y: 2 }).click({ x: 7, y: 2 });
    expect(where(editor, 'A')).toEqual({ x: 7, y: 2 });
    editor.playAct({ kind: 'next-turn' });
    expect(editor.moveAction()).toBe('move');
    editor.setPlayTool('play-forced');
    editor.setForced({ ...editor.forced(), effect: 'push', by: 'K', squares: 1 });
    const board = editor.playState()!.board;
    t.click({ x: 7, y: 2 });
    expect(editor.forced().target).toBe('A');
    // Two squares picked: the Squares count follows them (issue 17 › 7). Set back to a push of one,
    // it is refused in words, nothing moves (a newcomer's push did less than drawn, silently).
    t.click({ x: 8, y: 2 }).click({ x: 9, y: 2 });
    expect(editor.forced().squares).toBe(2);
    editor.setForced({ ...editor.forced(), squares: 1 });
    t.key('Enter');
    expect(editor.playRefusal()?.reason).toMatch(/moves it 1 square, but 2 squares are picked/);
    expect(where(editor, 'A')).toEqual({ x: 7, y: 2 });
    editor.setForcedSquares([{ x: 8, y: 2 }]);
    expect(t.key('Enter')).toBe(true);
    const engine = forcedMovement(board, { kind: 'push', target: 'A', by: 'K', squares: 1, to: [{ x: 8, y: 2 }] });
    expect(where(editor, 'A')).toEqual({ x: engine.x, y: engine.y });
    expect(editor.fallEntry()?.distribution).toEqual(engine.fall!.distribution);
    expect(editor.forced().target).toBeNull();
  });

  it('leaving stores the session as one step beside the planned layout; entering again resumes at the cursor', async () => {
    const { editor, planned } = await playing(hive, 'hive', 5, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    editor.playAct({ kind: 'next-turn' });
    editor.playAct({ kind: 'next-turn' });
    editor.undo();
    expect(editor.dirty()).toBe(true);
    editor.leavePlay();
    const doc = editor.doc()!;
    expect(doc.creatures).toEqual(planned.creatures);
    expect(doc.play).toMatchObject({ seed: 5, cursor: 2 });
    expect(doc.play!.log).toHaveLength(3);
    expect(editor.undoLabel()).toBe('play');
    editor.enterPlay();
    expect(editor.playSession()).toMatchObject({ seed: 5, cursor: 2 });
    expect(editor.playState()).toEqual(replay(planned, { seed: 5, cursor: 2, log: doc.play!.log as never, rulesVersion: doc.play!.rulesVersion }));
    // Reset: back to the planned layout with the seed kept.
    editor.resetPlay();
    expect(editor.playSession()).toEqual({ ...newSession(5) });
  });
});

describe('Play mode: lines, threat and flanking', () => {
  it('lines tool: a creature, then another: the lines and verdict are the engine’s', async () => {
    const { editor, t } = await playing(lair, 'lair', 3, { A: 20, K: 15, D: 10, T: 5 });
    editor.setPlayTool('play-lines');
    t.click({ x: 10, y: 3 });
    expect(editor.linesFrom()).toBe('D');
    t.click({ x: 2, y: 2 });
    expect(editor.linesTo()).toEqual({ creature: 'A' });
    const l = editor.lines();
    expect(l && 'answer' in l && l.answer).toEqual(linesBetween(editor.playState()!.board, 'D', { creature: 'A' }));
    t.click({ x: 6, y: 1 });
    expect(editor.linesFrom()).toBe('K');
    t.click({ x: 0, y: 8 });
    expect(editor.linesTo()).toEqual({ square: { x: 0, y: 8 } });
    expect(t.key('Escape')).toBe(true);
    expect(editor.lines()).toBeNull();
  });

  it('threat and flanking toggles show what the engine computes, and say where the text has no flanking', async () => {
    const { editor } = await playing(lair, 'lair', 3, { A: 20, K: 15, D: 10, T: 5 });
    editor.setShowThreat(true);
    const board = editor.playState()!.board;
    const expected = new Set([...threatenedSquares(board, 'K').squares, ...threatenedSquares(board, 'D').squares].map((q) => `${q.x},${q.y}`));
    expect(new Set(editor.threat().squares.map((q) => `${q.x},${q.y}`))).toEqual(expected);
    expect(editor.threat().by.sort()).toEqual(['Drake', 'Kobold']);
    editor.setShowFlanks(true);
    expect(editor.flanking().rule).toBeTruthy();
    const other = await playing(hive, 'hive', 3, { S: 20, t: 15, Z: 10, M: 5, R: 1 });
    other.editor.setShowFlanks(true);
    expect(other.editor.flanking().note).toContain('startroid.txt has no flanking');
  });
});

describe('Play mode: flight', () => {
  it('a flyer’s path carries its altitude per step, and the move lands it at the height the engine planned', async () => {
    const { editor, t } = await playing(lair, 'lair', 9, { T: 20, A: 15, K: 10, D: 5 });
    expect(editor.canFly()).toBe(true);
    editor.setMoveMode('fly');
    t.pointerMove({ x: 4, y: 6 });
    const plan = editor.movePlan()!;
    expect(plan.flight).toBe(true);
    const target = editor.bandSquares().find((q) => q.x === 4 && q.y === 6 && q.moveBand === 0)!;
    const engine = planFlightPath(editor.playState()!.board, 'T', { x: 4, y: 6, z: target.z! }, moveRequest(editor.playState()!, 'move', { mode: 'fly' }));
    expect(plan.answer.steps).toEqual(engine.steps);
    expect(plan.answer.steps.every((s) => typeof (s as { z?: number }).z === 'number')).toBe(true);
    t.click({ x: 4, y: 6 }).click({ x: 4, y: 6 });
    expect(editor.playRefusal()).toBeNull();
    const c = editor.doc()!.creatures.find((k) => k.id === 'T')!;
    expect({ x: c.x, y: c.y, altitude: c.altitude }).toEqual({ x: 4, y: 6, altitude: engine.steps[engine.steps.length - 1]!.z });
    expect(editor.playState()!.entries[1]!.text).toContain('flies from');
  });
});

describe('Play mode: initiative', () => {
  it('rolled with the seeded dice and the modifiers: the model’s order and dice; the GM reorders, and undo takes it back', async () => {
    const editor = createEditor(noPlatform);
    await editor.openSample('hive', hive);
    const planned = editor.doc()!;
    editor.enterPlay();
    editor.setPlaySeed(12);
    const action = { kind: 'roll-initiative' as const, modifiers: { S: 3, Z: -1 } };
    const entry = editor.playAct(action)!;
    const direct = perform(planned, newSession(12), action);
    expect(direct.ok && direct.entry).toEqual(entry);
    expect(editor.playState()!.order.map((o) => o.creature)).toEqual(direct.ok ? direct.state.order.map((o) => o.creature) : []);
    expect(editor.playState()!.current).toBe(editor.playState()!.order[0]!.creature);
    const reversed = [...editor.playState()!.order.map((o) => o.creature)].reverse();
    expect(editor.playAct({ kind: 'order', order: reversed })).not.toBeNull();
    expect(editor.playState()!.order.map((o) => o.creature)).toEqual(reversed);
    editor.undo();
    expect(editor.playState()!.order.map((o) => o.creature)).not.toEqual(reversed);
    // A refused action changes nothing and says why.
    expect(editor.playAct({ kind: 'order', order: ['S'] })).toBeNull();
    expect(editor.playRefusal()?.reason).toContain('every creature');
    expect(editor.playSession()!.cursor).toBe(1);
  });
});
