import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { CURRENT_RULES_VERSION, newSession, perform, replay, reset, switchBranch, timeline, undo, undoEntry, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';
import { play } from './play-steps';

// Issue 17 › 6: undo one earlier action without losing what came after, as a branch in the log.

function undone(planned: Encounter, session: PlaySession, index: number) {
  const r = undoEntry(planned, session, index);
  if (!r.ok) throw new Error(r.reason);
  return r;
}
const at = (state: PlayState, id: string) => {
  const c = state.board.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};

// Aric (party) and an orc (enemy) on open ground; x >= 6 is a 20-ft drop (a ledge to fall from).
const D20 = parseScenario(`ruleset: d20-35
name: Ledge
map:
  . . . . . . . .
  . A . . . . . .
  . . . . . . . .
  . . . O . . . .
  . . . . . . . .
  . . . . . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
elevation:
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
`);

const move = (creature: string, ...path: [number, number][]): PlayAction => ({ kind: 'move', creature, action: 'move', path: path.map(([x, y]) => ({ x, y })) });
const next: PlayAction = { kind: 'next-turn' };
/** Two rounds: Aric 1,1 → 1,0 → 0,1 (next to both 1,0 and 1,1); the orc 3,3 → 4,3 → 5,3 (only from 4,3). */
const TWO_ROUNDS: PlayAction[] = [
  { kind: 'initiative', scores: { A: 15, O: 10 } },
  move('A', [1, 0]),
  next,
  move('O', [4, 3]),
  next,
  move('A', [0, 1]),
  next,
  move('O', [5, 3]),
];

describe('undo one earlier action', () => {
  it('undoing a round-1 move keeps the round-2 moves that are still legal', () => {
    const { session, state } = play(D20, newSession(1), ...TWO_ROUNDS);
    expect(at(state, 'A')).toEqual({ x: 0, y: 1 });
    const r = undone(D20, session, 1);
    expect(r.undone.text).toContain('Aric');
    expect(r.notReapplied).toEqual([]);
    // Every other action is still in the line, in order; only entry 2 (Aric's first move) is gone.
    expect(r.session.log).toEqual(TWO_ROUNDS.filter((_, i) => i !== 1));
    expect(r.session.cursor).toBe(TWO_ROUNDS.length - 1);
    expect(at(r.state, 'A')).toEqual({ x: 0, y: 1 });
    expect(at(r.state, 'O')).toEqual({ x: 5, y: 3 });
    expect(r.state.round).toBe(2);
    // The board is what a replay of the new line gives.
    expect(replay(D20, r.session)).toEqual(r.state);
  });

  it('a later move that depended on the undone one is named as no longer legal and left out', () => {
    const { session } = play(D20, newSession(1), ...TWO_ROUNDS);
    const r = undone(D20, session, 3);
    // The orc's round-2 step to 5,3 was from 4,3; from 3,3 it is not a step.
    expect(r.notReapplied).toHaveLength(1);
    expect(r.notReapplied[0]).toMatchObject({ index: 7, kind: 'move' });
    expect(r.notReapplied[0]!.reason).toContain('is not next to');
    expect(r.notReapplied[0]!.text).toContain('Orc');
    expect(r.session.log).toEqual([0, 1, 2, 4, 5, 6].map((i) => TWO_ROUNDS[i]));
    expect(at(r.state, 'O')).toEqual({ x: 3, y: 3 });
    expect(at(r.state, 'A')).toEqual({ x: 0, y: 1 });
  });

  it('keeps the line as it was as a branch, and going back to it loses nothing either way', () => {
    const original = play(D20, newSession(1), ...TWO_ROUNDS);
    const r = undone(D20, original.session, 3);
    expect(r.session.branches).toHaveLength(1);
    const branch = r.session.branches![0]!;
    expect(branch.log).toEqual(original.session.log);
    expect(branch.cursor).toBe(original.session.cursor);
    expect(branch.at).toBe(3);
    expect(branch.left).toEqual([{ index: 7, reason: r.notReapplied[0]!.reason }]);
    expect(branch.note).toContain('entry 4');
    const back = switchBranch(r.session, 0);
    expect(back.log).toEqual(original.session.log);
    expect(back.cursor).toBe(original.session.cursor);
    expect(replay(D20, back)).toEqual(original.state);
    // The line played after the undo is set aside in its place.
    expect(back.branches![0]!.log).toEqual(r.session.log);
    const again = switchBranch(back, 0);
    expect(again.log).toEqual(r.session.log);
    expect(replay(D20, again)).toEqual(r.state);
  });

  it('the later actions keep the dice they rolled: a fall after the undone entry rolls the same', () => {
    const walk = move('A', ...[2, 3, 4, 5, 6].map((x): [number, number] => [x, 1]));
    const { session, state } = play(D20, newSession(7), { kind: 'initiative', scores: { A: 15, O: 10 } }, { kind: 'damage', creature: 'O', amount: 2 }, walk);
    const fall = state.entries[2]!;
    expect(fall.dice.length).toBeGreaterThan(0);
    // Rolled from its position instead, the fall would roll other dice: the test can tell.
    const naive = replay(D20, { seed: 7, log: [session.log[0]!, walk], cursor: 2 });
    expect(naive.entries[1]!.dice).not.toEqual(fall.dice);
    const r = undone(D20, session, 1);
    expect(r.state.entries[1]!.dice).toEqual(fall.dice);
    // Replay's animation (`timeline`) rolls from the same streams.
    expect(timeline(D20, r.session).at(-1)).toEqual(r.state);
    // Reset empties the log and its streams; the line set aside stays, to go back to, and so do the
    // rules the session plays by (the line replays by them).
    const emptied = reset(r.session);
    expect(emptied).toEqual({ seed: 7, log: [], cursor: 0, branches: r.session.branches, rulesVersion: CURRENT_RULES_VERSION });
    expect(r.state.health.get('A')!.damage).toBe(state.health.get('A')!.damage);
    expect(r.state.health.get('O')!.damage).toBe(0);
    // The next action rolls from a stream no action in the line uses.
    const after = perform(D20, r.session, next, r.state);
    expect(after.ok).toBe(true);
    if (after.ok) expect(new Set(after.session.streams).size).toBe(after.session.log.length);
  });

  it('an attack of opportunity follows the entry that raised it, and its resolution goes with it', () => {
    // Aric walks past the orc at 3,3: leaving 2,2 provokes; the GM resolves it as a hit.
    const base = play(D20, newSession(1), { kind: 'initiative', scores: { A: 15, O: 10 } }, { kind: 'damage', creature: 'O', amount: 2 }, move('A', [2, 2], [3, 1]));
    const id = base.state.pending[0]!.id;
    expect(id).toBe('2:0');
    const { session } = play(D20, base.session, { kind: 'resolve', pending: id, outcome: 'hit', damage: 6 });
    const gmFirst = undone(D20, session, 1);
    expect(gmFirst.notReapplied).toEqual([]);
    expect(gmFirst.session.log[2]).toEqual({ kind: 'resolve', pending: '1:0', outcome: 'hit', damage: 6 });
    expect(gmFirst.state.health.get('A')!.damage).toBe(6);
    expect(gmFirst.state.pending[0]).toMatchObject({ id: '1:0', status: 'hit' });
    const moveGone = undone(D20, session, 2);
    expect(moveGone.notReapplied).toEqual([{ index: 3, kind: 'resolve', text: "Orc's attack of opportunity on Aric hits for 6 damage (GM).", reason: 'its attack of opportunity was raised by entry 3, which is undone' }]);
    expect(moveGone.state.health.get('A')!.damage).toBe(0);
  });

  it('entries waiting for redo are applied again and stay after the cursor', () => {
    const { session } = play(D20, newSession(1), ...TWO_ROUNDS);
    const back = undo(undo(session)); // entries 7 and 8 (a next turn, the orc's 4,3 → 5,3) wait for redo
    const r = undone(D20, back, 1);
    expect(r.session.log).toHaveLength(TWO_ROUNDS.length - 1);
    expect(r.session.cursor).toBe(back.cursor - 1);
    expect(at(r.state, 'A')).toEqual({ x: 0, y: 1 });
    expect(at(r.state, 'O')).toEqual({ x: 4, y: 3 });
    expect(at(replay(D20, r.session, r.session.log.length), 'O')).toEqual({ x: 5, y: 3 });
    expect(r.state).toEqual(replay(D20, r.session));
  });

  it('refuses an entry that is not in the log, in words', () => {
    const { session } = play(D20, newSession(1), ...TWO_ROUNDS.slice(0, 2));
    const r = undoEntry(D20, session, 5);
    expect(r).toEqual({ ok: false, reason: 'There is no entry 6: the log has 2 entries.' });
    expect(undoEntry(D20, newSession(1), 0)).toEqual({ ok: false, reason: 'The log is empty: there is nothing to undo.' });
  });
});

describe('the attacks of opportunity shared between states (replay-2000: no copy of each at every action)', () => {
  it('resolving one leaves the state before it as it was, and a shared one cannot be changed in place', () => {
    const moved = play(D20, newSession(1), { kind: 'initiative', scores: { A: 15, O: 10 } }, move('A', [2, 2], [3, 1]));
    const before = moved.state;
    const r = perform(D20, moved.session, { kind: 'resolve', pending: before.pending[0]!.id, outcome: 'hit', damage: 4 }, before);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.pending[0]!.status).toBe('hit');
    expect(before.pending[0]!.status).toBe('open');
    expect(before.pending[0]!.damage).toBeUndefined();
    // The next action's copy shares it frozen: an action changing it in place fails loudly.
    const later = perform(D20, r.session, { kind: 'next-turn' }, r.state);
    if (!later.ok) throw new Error(later.reason);
    expect(later.state.pending[0]).toBe(r.state.pending[0]);
    expect(() => ((later.state.pending[0] as { status: string }).status = 'miss')).toThrow(TypeError);
  });

  it('an area template and an effect follow the entry that made them; clearing one the undone entry made is named', () => {
    // Entries (from 1): 1 initiative, 2 Aric moves, 3 a burst placed (area "3"), 4 an effect on the
    // orc (effect-3, 0-based), 5 the burst cleared, 6 the effect ended.
    const { session } = play(
      D20,
      newSession(4),
      { kind: 'initiative', scores: { A: 15, O: 10 } },
      move('A', [1, 0]),
      { kind: 'area', shape: 'burst', size: 1, origin: { x: 4, y: 4 } },
      { kind: 'effect', on: 'O', name: 'Hold', rounds: 2, ends: 'end', turnOf: 'A' },
      { kind: 'clear-area', area: '3' },
      { kind: 'end-effect', effect: 'effect-3' },
    );
    // Undoing Aric's move: the burst is entry 2 now and the effect effect-2, and both still end.
    const r = undone(D20, session, 1);
    expect(r.notReapplied).toEqual([]);
    expect(r.session.log.slice(3)).toEqual([
      { kind: 'clear-area', area: '2' },
      { kind: 'end-effect', effect: 'effect-2' },
    ]);
    expect(r.state.areas).toEqual([]);
    // Undoing the burst itself: its clearing cannot apply, and says which entry made it.
    const gone = undone(D20, session, 2);
    expect(gone.notReapplied.map((n) => [n.kind, n.reason])).toEqual([['clear-area', 'its area template was made by entry 3, which is undone']]);
  });
});

