import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter, RulesetId } from '../../../src-shared/model';
import { newSession, perform, replay, turnOptions, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';
import { play } from './play-steps';

// The 5-foot step's limit, counted where each text counts it. Expected outcomes from the texts:
// - epic-path.txt › 5-Foot Step: "A creature can take a 5-foot step in any round in which it doesn't
//   perform any other kind of movement. Creatures cannot take more than one 5-foot step in a round,
//   and cannot take a 5-foot step in the same round in which it moved any distance through its own
//   actions"; "Standing up from Prone is also considered movement, thus disallowing 5-foot steps."
//   A round, not a turn: a creature's own moves out of turn (a reaction) count; a GM correction is no
//   movement "through its own actions".
// - d20-srd-35.txt › Movement in Combat and d20-phb-30.txt › Movement in Combat: "you can move your
//   speed in a round"; "If you do something that requires a full round you can only take a 5-foot
//   step": the step is the round's movement, alone in it.
// - 6d6.txt › 5' Step: "only usable in initiative and opportunity actions" — limited by the kind of
//   action, not by the round: a reaction (an opportunity action) may step after the turn's step.
// - startroid.txt › Double Move: "On your turn, you can move twice": the shift is a move action of the
//   turn; nothing counts moves out of turn with it.

function yard(ruleset: RulesetId): Encounter {
  return parseScenario(`ruleset: ${ruleset}
name: Yard
map:
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
creatures:
  A: name=Aric size=medium side=party speed=30 at=1,1
  O: name=Orc size=medium side=enemy speed=30 at=6,2
`);
}
const next: PlayAction = { kind: 'next-turn' };
const step = (x: number, y: number): PlayAction => ({ kind: 'move', creature: 'A', action: 'step', path: [{ x, y }] });
const walk = (x: number, y: number): PlayAction => ({ kind: 'move', creature: 'A', action: 'move', path: [{ x, y }] });
const outOfTurn = (how: 'reaction' | 'correction', action: 'step' | 'move', x: number, y: number): PlayAction => ({ kind: 'move-out-of-turn', outOfTurn: how, creature: 'A', action, path: [{ x, y }] });
const aricFirst: PlayAction = { kind: 'initiative', scores: { A: 20, O: 10 } };
const orcFirst: PlayAction = { kind: 'initiative', scores: { O: 20, A: 10 } };

function refusal(planned: Encounter, session: PlaySession, ...actions: PlayAction[]): string {
  const { session: s, state } = play(planned, session, ...actions.slice(0, -1));
  const r = perform(planned, s, actions.at(-1)!, state);
  if (r.ok) throw new Error(`not refused: ${JSON.stringify(actions.at(-1))}`);
  return r.reason;
}
const aric = (state: PlayState) => state.board.creatures.find((c) => c.id === 'A')!;

describe.each([
  ['epic-path', 'epic-path.txt › 5-Foot Step'],
  ['d20-35', 'd20-srd-35.txt › Movement in Combat'],
  ['d20-30', 'd20-phb-30.txt › Movement in Combat'],
] as const)('%s: the 5-foot step is counted by the round', (ruleset, rule) => {
  const planned = yard(ruleset);

  it('a step on its turn leaves no movement for a reaction later in the round, step or move', () => {
    expect(refusal(planned, newSession(1), aricFirst, step(2, 1), next, outOfTurn('reaction', 'move', 3, 1))).toBe(`Aric took a 5-foot step in round 1: no other movement in the round (${rule}).`);
    // "Creatures cannot take more than one 5-foot step in a round."
    expect(refusal(planned, newSession(1), aricFirst, step(2, 1), next, outOfTurn('reaction', 'step', 3, 1))).toContain('took a 5-foot step in round 1');
  });

  it('a reaction that moved earlier in the round leaves no 5-foot step on its turn; its turn\'s move stays', () => {
    const reacted = [orcFirst, outOfTurn('reaction', 'move', 2, 1), next] as const;
    expect(refusal(planned, newSession(1), ...reacted, step(3, 1))).toBe(`Aric has already moved in round 1 (out of turn): no 5-foot step in the round (${rule}).`);
    const { state } = play(planned, newSession(1), ...reacted);
    const option = turnOptions(state).find((o) => o.action === 'step')!;
    expect(option).toMatchObject({ allowed: false, why: `Aric has already moved in round 1 (out of turn): no 5-foot step in the round (${rule}).` });
    expect(turnOptions(state).find((o) => o.action === 'move')!.allowed).toBe(true);
    expect(aric(play(planned, newSession(1), ...reacted, walk(3, 1)).state)).toMatchObject({ x: 3, y: 1 });
  });

  it('a reaction step earlier in the round leaves no movement on its turn', () => {
    expect(refusal(planned, newSession(1), orcFirst, outOfTurn('reaction', 'step', 2, 1), next, walk(3, 1))).toBe(`Aric took a 5-foot step in round 1 (out of turn): no other movement in the round (${rule}).`);
  });

  it('a new round allows a new step, out of turn as on its turn', () => {
    // Round 1: Aric steps on its turn. Round 2, the orc's turn: a reaction step; then Aric's own turn.
    const s = play(planned, newSession(1), orcFirst, next, step(2, 1), next, outOfTurn('reaction', 'step', 3, 1));
    expect(aric(s.state)).toMatchObject({ x: 3, y: 1 });
    expect(s.state.round).toBe(2);
    expect(refusal(planned, s.session, next, step(4, 1))).toContain('took a 5-foot step in round 2 (out of turn)');
    expect(replay(planned, s.session)).toEqual(s.state);
  });

  it('a GM correction is no movement of the creature\'s own: it neither counts nor is refused', () => {
    const s = play(planned, newSession(1), aricFirst, step(2, 1), next, outOfTurn('correction', 'move', 3, 1), outOfTurn('correction', 'step', 4, 1));
    expect(aric(s.state)).toMatchObject({ x: 4, y: 1 });
    const before = play(planned, newSession(1), orcFirst, outOfTurn('correction', 'move', 2, 1), next, step(3, 1));
    expect(aric(before.state)).toMatchObject({ x: 3, y: 1 });
  });

  it('a session from before rules edition 2 replays as it was played: the limit per turn', () => {
    const { rulesVersion: _now, ...old } = newSession(1);
    const s = play(planned, old, aricFirst, step(2, 1), next, outOfTurn('reaction', 'move', 3, 1));
    expect(aric(replay(planned, s.session))).toMatchObject({ x: 3, y: 1 });
  });
});

describe('epic-path: standing up is movement in the round', () => {
  it('a reaction step earlier in the round leaves no standing up on its turn (epic-path.txt › 5-Foot Step)', () => {
    const planned = yard('epic-path');
    // Aric steps as a reaction, standing, and is then knocked prone (the GM's condition).
    const s = play(planned, newSession(1), orcFirst, outOfTurn('reaction', 'step', 2, 1), { kind: 'condition', creature: 'A', condition: 'prone', on: true }, next);
    const r = perform(planned, s.session, { kind: 'stand-up', creature: 'A' }, s.state);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('Aric took a 5-foot step in round 1 (out of turn): no other movement in the round (epic-path.txt › 5-Foot Step).');
    // Next round it stands.
    expect(aric(play(planned, s.session, next, next, { kind: 'stand-up', creature: 'A' }).state).prone).toBe(false);
  });
});

describe.each(['6d6', 'startroid'] as const)('%s: no round limit across moves out of turn', (ruleset) => {
  it('a step (5\' step, shift) on its turn, then a reaction step in the same round', () => {
    const planned = yard(ruleset);
    const s = play(planned, newSession(1), aricFirst, step(2, 1), next, outOfTurn('reaction', 'step', 3, 1));
    expect(aric(s.state)).toMatchObject({ x: 3, y: 1 });
    expect(s.state.roundMovement.size).toBe(0);
  });
});
