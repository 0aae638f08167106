import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';

import { canRedo, canUndo, newSession, perform, redo, replay, stateAt, timeline, turnOptions, undo, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';
import { checkPath, fallDamage, planPath } from '../../../src-shared/rules';
import { play } from './play-steps';

/** Plays actions in order, failing the test on the first refusal (with its reason). */

const at = (state: PlayState, id: string) => {
  const c = state.board.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};

// Aric (party) and an orc (enemy) on open ground; a 20-ft ledge on the right (x >= 6 is 20 ft lower).
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

const initiative: PlayAction = { kind: 'initiative', scores: { A: 15, O: 10 } };

describe('play: rounds and turns', () => {
  it('orders initiative, walks through the turns and starts a new round', () => {
    const { state } = play(D20, newSession(1), initiative);
    expect(state.round).toBe(1);
    expect(state.order.map((o) => o.creature)).toEqual(['A', 'O']);
    expect(state.current).toBe('A');
    const next = play(D20, newSession(1), initiative, { kind: 'next-turn' }).state;
    expect(next.current).toBe('O');
    expect(next.round).toBe(1);
    const again = play(D20, newSession(1), initiative, { kind: 'next-turn' }, { kind: 'next-turn' }).state;
    expect(again.current).toBe('A');
    expect(again.round).toBe(2);
    expect(again.entries.at(-1)!.text).toContain('Round 2');
  });

  it('rolls initiative with the seeded dice: the same seed rolls the same, ties go to the GM', () => {
    const roll: PlayAction = { kind: 'roll-initiative', modifiers: { A: 2, O: 0 } };
    const one = play(D20, newSession(42), roll).state;
    const two = play(D20, newSession(42), roll).state;
    expect(one.order).toEqual(two.order);
    for (const o of one.order) {
      expect(o.roll).toBeGreaterThanOrEqual(1);
      expect(o.roll).toBeLessThanOrEqual(20);
      expect(o.score).toBe(o.roll! + o.modifier!);
    }
    expect(one.entries[0]!.dice).toHaveLength(2);
    // A tie is reported, and the GM's order action settles it.
    const tied = play(D20, newSession(1), { kind: 'initiative', scores: { A: 12, O: 12 } }).state;
    expect(tied.ties).toEqual([['A', 'O']]);
    const settled = play(D20, newSession(1), { kind: 'initiative', scores: { A: 12, O: 12 } }, { kind: 'order', order: ['O', 'A'] }).state;
    expect(settled.order.map((o) => o.creature)).toEqual(['O', 'A']);
    expect(settled.ties).toEqual([]);
  });

  it('refuses moves out of turn and before initiative', () => {
    const before = perform(D20, newSession(1), { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] });
    expect(before.ok).toBe(false);
    if (!before.ok) expect(before.reason).toMatch(/initiative/);
    const { session } = play(D20, newSession(1), initiative);
    const r = perform(D20, session, { kind: 'move', creature: 'O', action: 'move', path: [{ x: 3, y: 2 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe("It is Aric's turn, not Orc's.");
  });

  it('lists the actions left this turn from the ruleset (d20 3.5: two moves, no step after moving)', () => {
    const start = play(D20, newSession(1), initiative).state;
    const options = Object.fromEntries(turnOptions(start).map((o) => [o.action, o]));
    expect(Object.keys(options).sort()).toEqual(['charge', 'double', 'full-round', 'move', 'run', 'stand-up', 'step'].sort());
    expect(options.move!.allowed).toBe(true);
    expect(options['stand-up']!.allowed).toBe(false);
    // The charge is a full round (d20-srd-35.txt names it; the engine reads it as the SRD's charge).
    expect(options.charge!.allowed).toBe(true);
    expect(options.charge!.rule!.ref).toMatch(/d20-srd-35\.txt/);
    const moved = play(D20, newSession(1), initiative, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] }).state;
    const after = Object.fromEntries(turnOptions(moved).map((o) => [o.action, o]));
    expect(after.move!.allowed).toBe(true); // the second move action
    expect(after.step!.allowed).toBe(false);
    expect(after.double!.allowed).toBe(false);
    expect(after.run!.allowed).toBe(false);
  });
});

describe('play: the d20 diagonal parity carries across the turn (d20-srd-35.txt › Diagonals)', () => {
  it('a second move starts with the second diagonal at 10 ft', () => {
    const first = play(D20, newSession(1), initiative, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }] }).state;
    expect(first.turn.spent).toBe(5);
    expect(first.turn.parity).toBe(1);
    const second = play(D20, newSession(1), initiative, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }] }, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 3 }] });
    // 5 ft + 10 ft: the second diagonal of the turn costs 2 squares.
    expect(second.state.turn.spent).toBe(15);
    expect(second.state.turn.parity).toBe(0);
    expect(second.state.entries.at(-1)!.text).toContain(': 10 ft, Move (move action); 15 ft this turn.');
    // The engine agrees when asked with the carried parity.
    const answer = checkPath(first.board, 'A', [{ x: 1, y: 3 }], { action: 'move', parity: 1 });
    expect(answer.total).toBe(10);
    // A new turn starts the count again.
    const later = play(D20, second.session, { kind: 'next-turn' }, { kind: 'next-turn' }).state;
    expect(later.turn.parity).toBe(0);
    expect(later.turn.spent).toBe(0);
  });
});

describe('play: committing a move', () => {
  it('moves the creature, spends its movement and lists the attack of opportunity by the enemy name', () => {
    // Aric walks past the orc at 3,3: leaving 2,2 (threatened) provokes.
    const path = [{ x: 2, y: 2 }, { x: 3, y: 1 }];
    const { state } = play(D20, newSession(1), initiative, { kind: 'move', creature: 'A', action: 'move', path });
    expect(at(state, 'A')).toEqual({ x: 3, y: 1 });
    const engine = checkPath(D20, 'A', path, { action: 'move', parity: 0 });
    expect(state.turn.spent).toBe(engine.total);
    expect(state.pending).toHaveLength(engine.provokes.length);
    expect(state.pending[0]).toMatchObject({ attacker: 'O', attackerName: 'Orc', target: 'A', status: 'open', at: { x: 2, y: 2 } });
    const entry = state.entries.at(-1)!;
    expect(entry.text).toContain('Orc');
    // The square is the mover's, not the orc's: say so.
    expect(entry.text).toContain(`from Orc (when ${state.board.creatures.find((c) => c.id === 'A')!.name} is at 2,2)`);
    expect(entry.rules.map((r) => r.ref)).toContain('d20-srd-35.txt › Big and Little Creatures in Combat');
    expect(entry.pending).toEqual([state.pending[0]!.id]);
  });

  it('the GM resolves the attack: a hit adds damage to the tracker', () => {
    const moved = play(D20, newSession(1), initiative, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }, { x: 3, y: 1 }] });
    const id = moved.state.pending[0]!.id;
    const { state } = play(D20, moved.session, { kind: 'resolve', pending: id, outcome: 'hit', damage: 6 });
    expect(state.pending[0]!.status).toBe('hit');
    expect(state.health.get('A')!.damage).toBe(6);
    expect(state.entries.at(-1)!.text).toBe("Orc's attack of opportunity on Aric hits for 6 damage (GM).");
    const twice = perform(D20, moved.session.log.length ? play(D20, moved.session, { kind: 'resolve', pending: id, outcome: 'miss' }).session : moved.session, { kind: 'resolve', pending: id, outcome: 'hit' });
    expect(twice.ok).toBe(false);
  });

  it('refuses an illegal path with where and why, and changes nothing', () => {
    const { session, state } = play(D20, newSession(1), initiative);
    // Into the orc's square: an opponent's square blocks (d20-srd-35.txt › Moving through a Square).
    const r = perform(D20, session, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }, { x: 3, y: 3 }] }, state);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.at).toEqual({ x: 3, y: 3 });
      expect(r.reason).toContain('Orc');
    }
    // Too far for one move: 7 squares is 35 ft, more than a 30-ft move.
    const far = perform(D20, session, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 2 }, { x: 1, y: 3 }, { x: 1, y: 4 }, { x: 1, y: 5 }, { x: 2, y: 5 }, { x: 3, y: 5 }, { x: 4, y: 5 }] }, state);
    expect(far.ok).toBe(false);
    if (!far.ok) {
      expect(far.reason).toContain('more than the 30 ft this move allows');
      expect(far.at).toEqual({ x: 4, y: 5 });
    }
    // A square that is not next to the last one.
    const jump = perform(D20, session, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 4, y: 1 }] }, state);
    expect(jump.ok).toBe(false);
    if (!jump.ok) expect(jump.reason).toContain('is not next to');
    expect(session.log).toHaveLength(1);
  });

  it('a walk off a ledge falls: dice rolled from the seed, damage applied, rolled the same on replay', () => {
    const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [2, 3, 4, 5, 6].map((x) => ({ x, y: 1 })) };
    const { session, state } = play(D20, newSession(7), initiative, walk);
    expect(at(state, 'A')).toEqual({ x: 6, y: 1 });
    const entry = state.entries.at(-1)!;
    const fall = fallDamage('d20-35', { height: 20 });
    expect(entry.dice).toHaveLength(1);
    expect(entry.dice[0]!.rolls).toHaveLength(fall.dice[0]!.count);
    const total = entry.dice[0]!.rolls.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(fall.min);
    expect(total).toBeLessThanOrEqual(fall.max);
    expect(state.health.get('A')!.damage).toBe(total);
    expect(entry.damage).toEqual({ lethal: total, nonlethal: 0 });
    expect(entry.text).toContain('falls 20 ft');
    // The engine's own planner also ends this way with a 20 ft fall.
    expect(planPath(D20, 'A', { x: 6, y: 1 }, { action: 'move' }).fall).toBe(20);
    // Replayed from the log, the same dice.
    const again = replay(D20, session);
    expect(again.entries.at(-1)!.dice).toEqual(entry.dice);
    expect(again.health).toEqual(state.health);
    // Another seed may roll differently, but always within the fall's range.
    const other = play(D20, newSession(8), initiative, walk).state;
    expect(other.health.get('A')!.damage).toBeGreaterThanOrEqual(fall.min);
  });

  it('refuses a path that goes on after falling off the ledge', () => {
    const { session } = play(D20, newSession(7), initiative);
    const r = perform(D20, session, { kind: 'move', creature: 'A', action: 'double', path: [2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 1 })) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toContain('falls 20 ft');
      expect(r.at).toEqual({ x: 7, y: 1 });
    }
  });
});

describe('play: undo, redo and replay', () => {
  const script: PlayAction[] = [
    initiative,
    { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }, { x: 3, y: 1 }] },
    { kind: 'next-turn' },
    { kind: 'move', creature: 'O', action: 'move', path: [{ x: 4, y: 2 }] },
    { kind: 'next-turn' },
    { kind: 'move', creature: 'A', action: 'move', path: [4, 5, 6].map((x) => ({ x, y: 1 })) },
  ];

  it('undo moves the cursor back, redo forward; a new action cuts the redo branch', () => {
    const { session, state } = play(D20, newSession(3), ...script);
    expect(canRedo(session)).toBe(false);
    const back2 = undo(undo(session));
    expect(back2.cursor).toBe(script.length - 2);
    expect(canUndo(back2) && canRedo(back2)).toBe(true);
    const then = replay(D20, back2);
    expect(at(then, 'A')).toEqual({ x: 3, y: 1 });
    expect(at(then, 'O')).toEqual({ x: 4, y: 2 });
    expect(then.entries).toHaveLength(script.length - 2);
    // Redo twice is the same state as before undoing.
    const forward = replay(D20, redo(redo(back2)));
    expect(forward).toEqual(state);
    // A new action after undo drops the undone ones.
    const branch = perform(D20, back2, { kind: 'damage', creature: 'O', amount: 3 });
    expect(branch.ok).toBe(true);
    if (branch.ok) {
      expect(branch.session.log).toHaveLength(script.length - 1);
      expect(canRedo(branch.session)).toBe(false);
    }
  });

  it('a replay from the planned layout ends in exactly the same state, and any entry shows its moment', () => {
    const { session, state } = play(D20, newSession(11), ...script);
    const saved: PlaySession = JSON.parse(JSON.stringify(session));
    expect(replay(D20, saved)).toEqual(state);
    const moment = stateAt(D20, saved, 1);
    expect(at(moment, 'A')).toEqual({ x: 3, y: 1 });
    expect(at(moment, 'O')).toEqual({ x: 3, y: 3 });
    // The planned layout itself is never changed by play.
    expect(D20.creatures.find((c) => c.id === 'A')).toMatchObject({ x: 1, y: 1 });
  });

  it('the timeline holds every moment, each equal to a replay to that point', () => {
    const { session } = play(D20, newSession(11), ...script);
    const moments = timeline(D20, session);
    expect(moments).toHaveLength(script.length + 1);
    for (let k = 0; k <= script.length; k++) expect(moments[k]).toEqual(replay(D20, session, k));
  });

  it('an action in a saved log that no longer applies is reported, not thrown', () => {
    const broken: PlaySession = { seed: 1, cursor: 2, log: [initiative, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 9, y: 9 }] }] };
    const state = replay(D20, broken);
    expect(state.entries).toHaveLength(2);
    expect(state.entries[1]!.refused).toBeTruthy();
    expect(timeline(D20, broken)[2]).toEqual(state);
    expect(at(state, 'A')).toEqual({ x: 1, y: 1 });
  });
});

describe('play: other rulesets', () => {
  const EPIC = parseScenario(`ruleset: epic-path
name: Cliff
map:
  . . . .
  . A . .
  . . . .
creatures:
  A: name=Kara size=medium side=party speed=30
  B: name=Bandit size=medium side=enemy speed=30 at=0,2
elevation:
  30 30 0 0
  30 30 0 0
  30 30 0 0
`);

  it('Epic Path: a fall of 30 ft rolls 3d6 and lands prone when it deals lethal damage (epic-path.txt › Falling)', () => {
    const { session, state } = play(EPIC, newSession(5), { kind: 'initiative', scores: { A: 20, B: 1 } }, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] });
    const e = state.entries.at(-1)!;
    expect(e.rules.map((r) => r.ref)).toContain('epic-path.txt › Falling');
    expect(e.dice[0]!.rolls).toHaveLength(3);
    expect(state.health.get('A')!.damage).toBeGreaterThanOrEqual(3);
    const kara = state.board.creatures.find((c) => c.id === 'A')!;
    expect(kara.prone).toBe(true);
    expect(e.conditions).toEqual(['prone']);
    // Standing up is a move action: the walk took one, and the standard action taken as a move action
    // is the second (epic-path.txt › Overrun: "degraded your standard action to a move action").
    const options = Object.fromEntries(turnOptions(state).map((o) => [o.action, o]));
    expect(options['stand-up']!.allowed).toBe(true);
    const stood = play(EPIC, session, { kind: 'stand-up', creature: 'A' }).state;
    const after0 = Object.fromEntries(turnOptions(stood).map((o) => [o.action, o]));
    expect(after0.move!.why).toMatch(/no move action left/);
    // Prone, it crawls or stands up before it walks (epic-path.txt › Crawling).
    const later = play(EPIC, session, { kind: 'next-turn' }, { kind: 'next-turn' });
    const walkProne = perform(EPIC, later.session, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 3, y: 1 }] }, later.state);
    expect(walkProne.ok).toBe(false);
    if (!walkProne.ok) expect(walkProne.reason).toBe('Kara is prone: it crawls 5 feet or stands up first (epic-path.txt › Crawling).');
    const crawl = play(EPIC, later.session, { kind: 'move', creature: 'A', action: 'crawl', path: [{ x: 3, y: 1 }] }).state;
    expect(crawl.board.creatures.find((c) => c.id === 'A')).toMatchObject({ x: 3, y: 1, prone: true });
    const next = play(EPIC, session, { kind: 'next-turn' }, { kind: 'next-turn' }, { kind: 'stand-up', creature: 'A' });
    expect(next.state.board.creatures.find((c) => c.id === 'A')!.prone).toBe(false);
    // epic-path.txt › 5-Foot Step: standing up is movement, so no 5-foot step after it.
    const after = Object.fromEntries(turnOptions(next.state).map((o) => [o.action, o]));
    expect(after.step!.allowed).toBe(false);
  });

  it('Epic Path: a 5-foot step forbids any other movement that round', () => {
    const { state } = play(EPIC, newSession(5), { kind: 'initiative', scores: { A: 20, B: 1 } }, { kind: 'move', creature: 'A', action: 'step', path: [{ x: 1, y: 0 }] });
    expect(state.pending).toEqual([]);
    const r = perform(EPIC, newSession(5), { kind: 'move', creature: 'A', action: 'move', path: [{ x: 0, y: 0 }] }, state);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/5-foot step: no other movement this round \(epic-path\.txt › 5-Foot Step\)/);
  });

  it('6d6: a run rolls its score with the seeded dice (6d6.txt › Run)', () => {
    const SIX = parseScenario(`ruleset: 6d6
map:
  . . . . . . . .
creatures:
  A: name=Razir size=medium side=party at=0,0
`);
    const one = play(SIX, newSession(9), { kind: 'initiative', scores: { A: 5 } }, { kind: 'move', creature: 'A', action: 'run', path: [{ x: 1, y: 0 }] }).state;
    const d = one.entries.at(-1)!.dice[0]!;
    expect(d.what).toBe('run score');
    expect(d.total).toBeGreaterThanOrEqual(1);
    expect(d.total).toBeLessThanOrEqual(6);
    // The log speaks the players' words for 6d6's unit (6d6.txt › Movement Resistance), not 'mr'.
    expect(one.entries.at(-1)!.text).toMatch(/: \d+ movement resistance, .*; \d+ movement resistance this turn\./);
    // A path longer than the rolled score is refused, with the score as the reason's budget.
    const longPath = [1, 2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 0 }));
    const start = play(SIX, newSession(9), { kind: 'initiative', scores: { A: 5 } });
    const r = perform(SIX, start.session, { kind: 'move', creature: 'A', action: 'run', path: longPath.slice(0, d.total + 1) }, start.state);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(`more than the ${d.total} mr`);
  });
});

describe('play: flight', () => {
  const SKY = parseScenario(`ruleset: d20-30
map:
  . . . . . . . . . .
  . W . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
creatures:
  W: name=Wyvern size=large side=enemy speed=20 fly=60 maneuver=poor alt=10
  F: name=Fighter size=medium side=party speed=30 at=5,2
`);
  it('a poor flyer that ends in the air under its minimum forward speed stalls and falls (d20-phb-30.txt › Minimum Forward Speed)', () => {
    const { state } = play(SKY, newSession(2), { kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 1, z: 10 }] });
    const e = state.entries.at(-1)!;
    expect(e.text).toMatch(/stalls/);
    expect(e.rules.map((r) => r.ref)).toContain('d20-phb-30.txt › Minimum Forward Speed');
    const wyvern = state.board.creatures.find((c) => c.id === 'W')!;
    expect(wyvern).toMatchObject({ x: 2, y: 1, altitude: 0 });
    // 10 ft fallen: 1d6 (the d20 rule).
    expect(e.dice[0]!.rolls).toHaveLength(1);
    expect(state.health.get('W')!.damage).toBe(e.dice[0]!.total);
  });
  it('a stall high up leaves the flyer in the air; its next turn is a DC 20 Reflex save, and a failure lands it', () => {
    const high = parseScenario(`ruleset: d20-30
map:
  . . . . . .
  . W . . . .
  . . . . . .
creatures:
  W: name=Wyvern size=large side=enemy speed=20 fly=60 maneuver=poor alt=200
  F: name=Fighter size=medium side=party speed=30 at=5,2
`);
    const stalled = play(high, newSession(4), { kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 1, z: 200 }] });
    expect(stalled.state.board.creatures.find((c) => c.id === 'W')!.altitude).toBe(50);
    expect(stalled.state.stalled).toEqual({ W: { fallen: 150 } });
    expect(stalled.state.entries.at(-1)!.conditions).toEqual(['stalled']);
    // Not before its next turn, and not after moving.
    const early = perform(high, stalled.session, { kind: 'stall-save', creature: 'W', success: false }, stalled.state);
    expect(early.ok).toBe(false);
    const failed = play(high, stalled.session, { kind: 'next-turn' }, { kind: 'next-turn' }, { kind: 'stall-save', creature: 'W', success: false });
    const e = failed.state.entries.at(-1)!;
    expect(e.text).toMatch(/fails the DC 20 Reflex save and falls 50 ft more/);
    expect(e.text).toContain('falls 200 ft');
    // The whole 200 ft fallen: 20d6 (d20-phb-30.txt, the d20 rule).
    expect(e.dice[0]!.rolls).toHaveLength(20);
    expect(failed.state.stalled).toEqual({});
    expect(failed.state.board.creatures.find((c) => c.id === 'W')!.altitude).toBe(0);
    // A rolled save: the die is in the entry, and the outcome follows it.
    const rolled = play(high, stalled.session, { kind: 'next-turn' }, { kind: 'next-turn' }, { kind: 'stall-save', creature: 'W', modifier: 19 });
    const r = rolled.state.entries.at(-1)!;
    expect(r.dice[0]!.total).toBe(r.dice[0]!.rolls[0]! + 19);
    expect(rolled.state.stalled).toEqual({});
    expect(r.text).toContain('recovers from the stall 50 ft up');
  });

  it('a flight past an enemy provokes as a walk would while its reach covers the cube, and not high above it', () => {
    const LOW = parseScenario(`ruleset: d20-35
map:
  F . . . . .
  . . E . . .
  . . . . . .
creatures:
  F: name=Falcon size=medium side=party speed=30 fly=60 maneuver=good alt=5
  E: name=Ettin size=medium side=enemy speed=30
`);
    const at = (z: number) => [1, 2, 3, 4].map((x) => ({ x, y: 0, z }));
    const low = play(LOW, newSession(1), { kind: 'initiative', scores: { F: 20, E: 1 } }, { kind: 'move', creature: 'F', action: 'move', mode: 'fly', path: at(5) }).state;
    const walk = checkPath({ ...LOW, creatures: LOW.creatures.map((c) => ({ ...c, altitude: 0 })) }, 'F', at(0).map(({ x, y }) => ({ x, y })), { action: 'move' });
    expect(low.pending.map((p) => [p.attacker, p.at.x, p.at.y])).toEqual(walk.provokes.map((p) => [p.by, p.x, p.y]));
    expect(low.pending.length).toBeGreaterThan(0);
    expect(low.entries.at(-1)!.text).toContain('Ettin');
    const HIGH = { ...LOW, creatures: LOW.creatures.map((c) => (c.id === 'F' ? { ...c, altitude: 20 } : c)) };
    const high = play(HIGH, newSession(1), { kind: 'initiative', scores: { F: 20, E: 1 } }, { kind: 'move', creature: 'F', action: 'move', mode: 'fly', path: at(20) }).state;
    expect(high.pending).toEqual([]);
  });

  it('a flight that keeps its forward speed stays in the air', () => {
    // Poor maneuverability: at least half its 60 ft fly speed forward (d20-phb-30.txt › Maneuverability).
    const path = [2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 1, z: 10 }));
    const { state } = play(SKY, newSession(2), { kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path });
    expect(state.board.creatures.find((c) => c.id === 'W')).toMatchObject({ x: 7, y: 1, altitude: 10 });
    expect(state.entries.at(-1)!.text).toContain('30 ft');
    expect(state.health.get('W')!.damage).toBe(0);
  });
});
