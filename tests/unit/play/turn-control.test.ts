import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { playCommand } from '../../../src-main/cli/play';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { newSession, perform, replay, withSession, type PlayAction, type PlayState } from '../../../src-shared/play';
import { play } from './play-steps';

/** Issue 17 › 4, turn control: moves out of turn, delay and ready, the order mid-fight, effects. */

/** The reason the last action is refused (the others must pass). */
function refusal(planned: Encounter, ...actions: PlayAction[]): string {
  const { session, state } = play(planned, newSession(1), ...actions.slice(0, -1));
  const r = perform(planned, session, actions.at(-1)!, state);
  if (r.ok) throw new Error(`not refused: ${JSON.stringify(actions.at(-1))}`);
  return r.reason;
}

const at = (state: PlayState, id: string) => {
  const c = state.board.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};
const order = (state: PlayState) => state.order.map((o) => o.creature);

// Aric and Bela (party), an orc (enemy) far away on open ground; a goblin on the map not in the fight yet.
const D20 = parseScenario(`ruleset: d20-35
name: Turns
map:
  . . . . . . . . . .
  . A . . . . . . . .
  . . . . . . . . . .
  . B . . . . . . O .
  . . . . . . . . . .
  . . . . . . . . . G
creatures:
  A: name=Aric size=medium side=party speed=30
  B: name=Bela size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
  G: name=Goblin size=small side=enemy speed=30
`);

const init: PlayAction = { kind: 'initiative', scores: { A: 15, B: 12, O: 8 } };
const next: PlayAction = { kind: 'next-turn' };

describe('moves out of turn', () => {
  it('moves a creature whose turn it is not, checked as any move, and leaves the current turn untouched', () => {
    // Aric moves 10 ft on its own turn, then the GM puts the orc 2 squares west as a correction.
    const { state } = play(
      D20,
      newSession(1),
      init,
      { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }] },
      { kind: 'move-out-of-turn', outOfTurn: 'correction', creature: 'O', action: 'move', path: [{ x: 7, y: 3 }, { x: 6, y: 3 }] },
    );
    expect(at(state, 'O')).toEqual({ x: 6, y: 3 });
    // Still Aric's turn, with the 10 ft it had spent and one move action used.
    expect(state.current).toBe('A');
    expect(state.turn.spent).toBe(10);
    expect(state.turn.moveActions).toBe(1);
    const e = state.entries.at(-1)!;
    expect(e.kind).toBe('move-out-of-turn');
    expect(e.actor).toBe('O');
    expect(e.text).toMatch(/^Out of turn \(GM correction\): Orc moves from 8,3 to 6,3/);
    expect(e.text).not.toContain('this turn');
  });

  it('still applies the path rules: a reaction longer than the speed is refused with the engine reason', () => {
    // Speed 30 ft is 6 squares: a seventh square in one move action is too far.
    const path = [1, 2, 3, 4, 5, 6, 7].map((k) => ({ x: 8 - k, y: 3 }));
    const reason = refusal(D20, init, { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'O', action: 'move', path });
    expect(reason).toMatch(/^Orc cannot take that path/);
  });

  it('lists the attacks of opportunity a reaction provokes, as the same move on its own turn does', () => {
    // The orc is put beside Bela, then walks away: out of turn as a reaction, and on its own turn.
    const beside: PlayAction = { kind: 'move-out-of-turn', outOfTurn: 'correction', creature: 'O', action: 'move', path: [7, 6, 5, 4, 3, 2].map((x) => ({ x, y: 3 })) };
    const away = [{ x: 2, y: 4 }, { x: 3, y: 5 }];
    const reacted = play(D20, newSession(1), init, beside, { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'O', action: 'move', path: away }).state;
    const ownTurn = play(D20, newSession(1), init, beside, next, next, { kind: 'move', creature: 'O', action: 'move', path: away }).state;
    const open = (s: PlayState) => s.pending.filter((p) => p.status === 'open').map((p) => [p.attacker, p.target, p.at]);
    expect(open(reacted).length).toBeGreaterThan(0);
    expect(open(reacted)).toEqual(open(ownTurn));
    expect(open(reacted).every(([by, target]) => by === 'B' && target === 'O')).toBe(true);
    expect(reacted.entries.at(-1)!.text).toMatch(/^Out of turn \(reaction\): .*Provokes attacks? of opportunity from Bela/);
  });

  it('refuses a kind that is neither a correction nor a reaction, and before initiative', () => {
    expect(refusal(D20, init, { kind: 'move-out-of-turn', outOfTurn: 'whim' as 'reaction', creature: 'O', action: 'move', path: [{ x: 7, y: 3 }] })).toBe('A move out of turn is a GM correction or a reaction.');
    expect(refusal(D20, { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'O', action: 'move', path: [{ x: 7, y: 3 }] })).toMatch(/^Roll or enter initiative first/);
  });

  it('6d6: a reaction is an opportunity action, so it cannot mosey (6d6.txt › Mosey) but may take a 5\' step', () => {
    const SIX = parseScenario(`ruleset: 6d6
name: Six
map:
  . . . . . .
  . A . . O .
creatures:
  A: name=Aric size=medium side=party
  O: name=Orc size=medium side=enemy
`);
    const six: PlayAction = { kind: 'initiative', scores: { A: 5, O: 3 } };
    const reason = refusal(SIX, six, { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'O', action: 'move', path: [{ x: 3, y: 1 }] });
    expect(reason).toContain('6d6.txt › Mosey');
    // A GM correction is no action of the orc's: the mosey is allowed.
    const corrected = play(SIX, newSession(1), six, { kind: 'move-out-of-turn', outOfTurn: 'correction', creature: 'O', action: 'move', path: [{ x: 3, y: 1 }] }).state;
    expect(at(corrected, 'O')).toEqual({ x: 3, y: 1 });
    // 6d6.txt › 5' Step: "only usable in initiative and opportunity actions".
    const stepped = play(SIX, newSession(1), six, { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'O', action: 'step', path: [{ x: 4, y: 0 }] }).state;
    expect(at(stepped, 'O')).toEqual({ x: 4, y: 0 });
    expect(stepped.entries.at(-1)!.rules.map((r) => r.ref)).toContain("6d6.txt › 5' Step");
  });
});

describe('delay and ready', () => {
  it('a delay passes the turn on; act now gives the delayer its turn before the current creature, its place moving there', () => {
    const delayed = play(D20, newSession(1), init, { kind: 'delay', creature: 'A' }).state;
    expect(delayed.current).toBe('B');
    expect(delayed.order.find((o) => o.creature === 'A')!.waiting).toEqual({ how: 'delay' });
    expect(delayed.entries.at(-1)!.text).toBe("Aric delays: it will act later this round, when the GM says. Round 1: Bela's turn.");
    // Bela has its turn; on the orc's turn, before it acts, Aric acts.
    const acted = play(D20, newSession(1), init, { kind: 'delay', creature: 'A' }, next, { kind: 'act-now', creature: 'A' }).state;
    expect(order(acted)).toEqual(['B', 'A', 'O']);
    expect(acted.current).toBe('A');
    expect(acted.turn.moved).toBe(false);
    expect(acted.order.find((o) => o.creature === 'A')!.waiting).toBeUndefined();
    // Aric ends its turn: the orc's turn follows, whole, then round 2 starts with Bela.
    const after = play(D20, newSession(1), init, { kind: 'delay', creature: 'A' }, next, { kind: 'act-now', creature: 'A' }, next).state;
    expect(after.current).toBe('O');
    expect(after.round).toBe(1);
    const round2 = play(D20, newSession(1), init, { kind: 'delay', creature: 'A' }, next, { kind: 'act-now', creature: 'A' }, next, next).state;
    expect([round2.round, round2.current]).toEqual([2, 'B']);
  });

  it('refuses a delay after acting, and act now for a delayer once the current creature has acted', () => {
    const moved: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] };
    expect(refusal(D20, init, moved, { kind: 'delay', creature: 'A' })).toBe('Aric has already acted this turn: it can only delay before doing anything.');
    expect(refusal(D20, init, { kind: 'delay', creature: 'B' })).toMatch(/^Only the creature whose turn it is delays, and it is Aric's turn/);
    const bMoves: PlayAction = { kind: 'move', creature: 'B', action: 'move', path: [{ x: 2, y: 3 }] };
    expect(refusal(D20, init, { kind: 'delay', creature: 'A' }, bMoves, { kind: 'act-now', creature: 'A' })).toBe('Bela has already acted this turn: end its turn, then Aric acts before the next creature.');
  });

  it('a delay not taken lapses when the creature\'s own turn comes round again', () => {
    const { state } = play(D20, newSession(1), init, { kind: 'delay', creature: 'A' }, next, next);
    expect([state.round, state.current]).toEqual([2, 'A']);
    expect(state.order.find((o) => o.creature === 'A')!.waiting).toBeUndefined();
    expect(state.entries.at(-1)!.text).toContain('Aric delayed without acting: its turn comes as usual.');
  });

  it('ready records the trigger the GM writes; act now fires it during another turn, and the readier moves up the order', () => {
    const trigger = 'when the orc comes within reach';
    const readied = play(D20, newSession(1), init, { kind: 'ready', creature: 'A', trigger }).state;
    expect(readied.current).toBe('A');
    expect(readied.order[0]!.waiting).toEqual({ how: 'ready', trigger });
    expect(readied.entries.at(-1)!.text).toBe(`Aric readies an action: ${trigger}.`);
    // Bela, then the orc moves; the readied action fires during the orc's turn, and Aric moves as a reaction.
    const { state } = play(
      D20,
      newSession(1),
      init,
      { kind: 'ready', creature: 'A', trigger },
      next,
      next,
      { kind: 'move', creature: 'O', action: 'move', path: [{ x: 7, y: 3 }] },
      { kind: 'act-now', creature: 'A' },
      { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] },
    );
    expect(state.current).toBe('O');
    expect(state.turn.spent).toBe(5);
    expect(order(state)).toEqual(['B', 'A', 'O']);
    expect(state.turnIndex).toBe(2);
    expect(state.entries.at(-2)!.text).toBe(`Aric's readied action fires (${trigger}), during Orc's turn; Aric now acts just before Orc in the order.`);
    expect(at(state, 'A')).toEqual({ x: 2, y: 1 });
    // Round 2 goes in the new order: Bela, Aric, the orc.
    const r2 = play(D20, newSession(1), init, { kind: 'ready', creature: 'A', trigger }, next, next, { kind: 'act-now', creature: 'A' }, next, next).state;
    expect([r2.round, r2.current]).toEqual([2, 'A']);
  });

  it('refuses an empty trigger, firing during the readier\'s own turn, and act now for a creature that waits for nothing', () => {
    expect(refusal(D20, init, { kind: 'ready', creature: 'A', trigger: '  ' })).toBe('Write the trigger: what the readied action waits for.');
    expect(refusal(D20, init, { kind: 'ready', creature: 'A', trigger: 'x' }, { kind: 'act-now', creature: 'A' })).toBe("It is Aric's own turn: its readied action waits for another creature's turn.");
    expect(refusal(D20, init, { kind: 'act-now', creature: 'O' })).toBe('Orc is neither delaying nor holding a readied action.');
    // A readied creature does not also delay (the delay would drop the readied action silently).
    expect(refusal(D20, init, { kind: 'ready', creature: 'A', trigger: 'x' }, { kind: 'delay', creature: 'A' })).toBe('Aric has readied an action (x): it waits for that, or ends its turn.');
  });

  it('a readied action not fired lapses when the readier\'s next turn starts', () => {
    const { state } = play(D20, newSession(1), init, { kind: 'ready', creature: 'A', trigger: 'a door opens' }, next, next, next);
    expect([state.round, state.current]).toEqual([2, 'A']);
    expect(state.order[0]!.waiting).toBeUndefined();
    expect(state.entries.at(-1)!.text).toContain("Aric's readied action (a door opens) was not taken and lapses.");
  });
});

describe('the order mid-fight', () => {
  it('adds a creature on the map with a score after those with a higher or equal score; the turn stays', () => {
    const { state } = play(D20, newSession(1), init, next, { kind: 'join-initiative', creature: 'G', score: 12 });
    expect(order(state)).toEqual(['A', 'B', 'G', 'O']);
    expect(state.current).toBe('B');
    expect(state.entries.at(-1)!.text).toBe('Goblin joins the initiative with 12, after Bela.');
    // It acts after Bela this round.
    expect(play(D20, newSession(1), init, next, { kind: 'join-initiative', creature: 'G', score: 12 }, next).state.current).toBe('G');
    // One placed above the current creature keeps the turn where it is.
    const top = play(D20, newSession(1), init, next, { kind: 'join-initiative', creature: 'G', score: 20 }).state;
    expect([order(top)[0], top.current]).toEqual(['G', 'B']);
    expect(refusal(D20, init, { kind: 'join-initiative', creature: 'A', score: 3 })).toBe('Aric is already in the initiative.');
  });

  it('removes a creature; when it was its turn the turn passes on, past the last one to a new round', () => {
    const gone = play(D20, newSession(1), init, next, { kind: 'leave-initiative', creature: 'A' }).state;
    expect(order(gone)).toEqual(['B', 'O']);
    expect(gone.current).toBe('B');
    expect(at(gone, 'A')).toEqual({ x: 1, y: 1 });
    const passes = play(D20, newSession(1), init, next, next, { kind: 'leave-initiative', creature: 'O' }).state;
    expect([passes.round, passes.current]).toEqual([2, 'A']);
    expect(passes.entries.at(-1)!.text).toBe("Orc leaves the initiative. Round 2: Aric's turn.");
    // Everybody gone: no turn, Next turn says why; a creature joining takes the turn.
    const leaveAll: PlayAction[] = ['A', 'B', 'O'].map((creature) => ({ kind: 'leave-initiative', creature }));
    const empty = play(D20, newSession(1), init, ...leaveAll).state;
    expect([empty.current, empty.turnIndex]).toEqual([null, -1]);
    expect(refusal(D20, init, ...leaveAll, next)).toBe('Nobody is left in the initiative: add a creature to it (or enter initiative again) to go on.');
    expect(play(D20, newSession(1), init, ...leaveAll, { kind: 'join-initiative', creature: 'G', score: 4 }).state.current).toBe('G');
  });

  it('reorders with the order action (the Initiative arrows), logged', () => {
    const { state } = play(D20, newSession(1), init, { kind: 'order', order: ['B', 'A', 'O'] });
    expect(order(state)).toEqual(['B', 'A', 'O']);
    expect(state.entries.at(-1)!.text).toBe('The GM sets the order: Bela, Aric, Orc.');
  });
});

describe('effects', () => {
  it('a duration ends at the start of the named creature\'s turn, the given number of rounds on, logged there', () => {
    // Added on Aric's turn in round 1 for 1 round, ending at the start of Aric's turn: round 2.
    const bless: PlayAction = { kind: 'effect', on: 'B', name: 'Bless', rounds: 1, ends: 'start', turnOf: 'A' };
    const added = play(D20, newSession(1), init, bless).state;
    expect(added.effects).toEqual([{ id: 'effect-1', kind: 'duration', name: 'Bless', on: 'B', edge: 'start', turnOf: 'A', round: 2, condition: null }]);
    expect(added.entries.at(-1)!.text).toBe("Bless on Bela: 1 round, ending at the start of Aric's turn in round 2 (GM).");
    const stillOn = play(D20, newSession(1), init, bless, next, next).state;
    expect(stillOn.effects).toHaveLength(1);
    const ended = play(D20, newSession(1), init, bless, next, next, next).state;
    expect(ended.effects).toEqual([]);
    expect(ended.entries.at(-1)!.text).toBe("Orc ends the turn. Round 2: Aric's turn. Bless on Bela ends (start of Aric's turn).");
  });

  it('a duration that ends at the end of a turn ends when that turn ends', () => {
    const rage: PlayAction = { kind: 'effect', on: 'O', name: 'Rage', rounds: 1, ends: 'end', turnOf: 'O' };
    // Round 1, Aric's turn: ends at the end of the orc's turn in round 2.
    const r1 = play(D20, newSession(1), init, rage, next, next, next).state;
    expect(r1.effects).toHaveLength(1);
    const r2 = play(D20, newSession(1), init, rage, next, next, next, next, next, next).state;
    expect(r2.effects).toEqual([]);
    expect(r2.entries.at(-1)!.text).toBe("Orc ends the turn. Rage on Orc ends (end of Orc's turn). Round 3: Aric's turn.");
  });

  it('a round\'s-end effect rolls its damage from the seed at every round\'s end, and ends after its rounds', () => {
    const burning: PlayAction = { kind: 'round-end-effect', on: 'O', name: 'Burning', damage: '1d6', rounds: 2 };
    const round = [next, next, next];
    const { state, session } = play(D20, newSession(7), init, burning, ...round, ...round);
    const fired = state.entries.filter((e) => e.dice.some((d) => d.what === 'Burning on Orc'));
    expect(fired.map((e) => e.round)).toEqual([1, 2]);
    const rolled = fired.map((e) => e.dice[0]!.total);
    for (const t of rolled) expect(t).toBeGreaterThanOrEqual(1), expect(t).toBeLessThanOrEqual(6);
    expect(state.health.get('O')!.damage).toBe(rolled[0]! + rolled[1]!);
    expect(fired[0]!.text).toBe(`Orc ends the turn. End of round 1: Burning: Orc takes ${rolled[0]} damage (1d6). Round 2: Aric's turn.`);
    expect(fired[1]!.text).toContain(`Burning: Orc takes ${rolled[1]} damage (1d6). Burning on Orc ends.`);
    expect(state.effects).toEqual([]);
    // Replayed from the seed: the same rolls, the same state.
    expect(replay(D20, session)).toEqual(state);
  });

  it('the GM ends an effect early; bad effects are refused with the reason', () => {
    const burning: PlayAction = { kind: 'round-end-effect', on: 'O', name: 'Burning', damage: '3' };
    const { state } = play(D20, newSession(1), init, burning, { kind: 'end-effect', effect: 'effect-1' }, next, next, next);
    expect(state.effects).toEqual([]);
    expect(state.health.get('O')!.damage).toBe(0);
    expect(state.entries[2]!.text).toBe('Burning on Orc ends (GM).');
    expect(refusal(D20, init, { kind: 'round-end-effect', on: 'O', name: 'Acid', damage: 'lots' })).toBe('The damage "lots" is not a dice expression like 1d6+2.');
    expect(refusal(D20, init, { kind: 'effect', on: 'O', name: 'Hold', rounds: 2, ends: 'start', turnOf: 'G' })).toBe('Goblin is not in the initiative: its turn never comes, so the effect would never end.');
    expect(refusal(D20, { kind: 'effect', on: 'O', name: 'Hold', rounds: 2, ends: 'start', turnOf: 'A' })).toMatch(/^Roll or enter initiative first/);
    expect(refusal(D20, init, { kind: 'effect', on: 'O', name: ' ', rounds: 2, ends: 'start', turnOf: 'A' })).toMatch(/^Name the effect/);
    expect(refusal(D20, init, { kind: 'end-effect', effect: 'effect-9' })).toBe('There is no effect "effect-9" in play.');
  });

  it('a duration can carry a condition the ruleset names: set through the condition action with its rule, cleared when it ends', () => {
    // d20-srd-35.txt › Moving through a Square: others may move through a helpless creature's square.
    const hold: PlayAction = { kind: 'effect', on: 'O', name: 'Hold person', rounds: 1, ends: 'start', turnOf: 'A', condition: 'helpless' };
    const held = play(D20, newSession(1), init, hold).state;
    expect(held.board.creatures.find((c) => c.id === 'O')!.helpless).toBe(true);
    const e = held.entries.at(-1)!;
    expect(e.text).toMatch(/^Hold person on Orc: 1 round, ending at the start of Aric's turn in round 2 \(GM\)\. Orc is helpless: /);
    expect(e.rules.map((r) => r.ref)).toEqual(['d20-srd-35.txt › Moving through a Square']);
    expect(e.conditions).toEqual(['helpless']);
    const freed = play(D20, newSession(1), init, hold, next, next, next).state;
    expect(freed.board.creatures.find((c) => c.id === 'O')!.helpless).toBe(false);
    expect(freed.entries.at(-1)!.text).toBe("Orc ends the turn. Round 2: Aric's turn. Hold person on Orc ends (start of Aric's turn). Orc is no longer helpless.");
    expect(freed.entries.at(-1)!.conditions).toEqual(['not helpless']);
    // A condition the text does not name, or one the creature already has, is refused.
    expect(refusal(D20, init, { ...hold, condition: 'stunned' })).toBe('"stunned" is not a condition this ruleset\'s text names; it has prone, helpless, dead.');
    expect(refusal(D20, init, { kind: 'condition', creature: 'O', condition: 'helpless', on: true }, hold)).toBe('Orc is already helpless: the effect would clear a condition it did not set when it ends.');
  });

  it('an effect whose condition cannot be cleared when it ends says why, and the turn still passes', () => {
    // d20-phb-30.txt › Moving Trough a Square: a paralyzed creature is helpless while it lasts, so the
    // held (helpless) orc, paralyzed meanwhile, stays helpless when the hold ends (the reason cites
    // paralysis's own passage, › Special Movement Rules).
    const D30 = { ...D20, ruleset: 'd20-30' as const };
    const hold: PlayAction = { kind: 'effect', on: 'O', name: 'Hold', rounds: 1, ends: 'start', turnOf: 'A', condition: 'helpless' };
    const { state } = play(D30, newSession(1), init, hold, { kind: 'condition', creature: 'O', condition: 'paralyzed', on: true }, next, next, next);
    expect([state.round, state.current]).toEqual([2, 'A']);
    expect(state.effects).toEqual([]);
    expect(state.board.creatures.find((c) => c.id === 'O')!.helpless).toBe(true);
    expect(state.entries.at(-1)!.text).toMatch(/Hold on Orc ends \(start of Aric's turn\)\. Orc is paralyzed, and so helpless while it lasts \(d20-phb-30\.txt › Special Movement Rules\)\.$/);
  });

  it('a round\'s-end effect can set a condition when it fires', () => {
    const trip: PlayAction = { kind: 'round-end-effect', on: 'B', name: 'Grease', condition: 'prone', rounds: 1 };
    const { state } = play(D20, newSession(1), init, trip, next, next, next);
    expect(state.board.creatures.find((c) => c.id === 'B')!.prone).toBe(true);
    expect(state.entries.at(-1)!.text).toMatch(/End of round 1: Grease: Bela is prone: .* Grease on Bela ends\. Round 2: Aric's turn\.$/);
    expect(state.effects).toEqual([]);
  });

  it('effects timed by a creature\'s turn end when it leaves the initiative', () => {
    const { state } = play(D20, newSession(1), init, { kind: 'effect', on: 'B', name: 'Shield', rounds: 3, ends: 'end', turnOf: 'O' }, { kind: 'leave-initiative', creature: 'O' });
    expect(state.effects).toEqual([]);
    expect(state.entries.at(-1)!.text).toBe("Orc leaves the initiative. Shield on Bela ends (it was timed by Orc's turn).");
  });
});

describe('turn control in the file and the CLI', () => {
  const script: PlayAction[] = [
    init,
    { kind: 'ready', creature: 'A', trigger: 'the orc charges' },
    next,
    { kind: 'delay', creature: 'B' },
    { kind: 'act-now', creature: 'A' },
    { kind: 'move-out-of-turn', outOfTurn: 'reaction', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] },
    { kind: 'act-now', creature: 'B' },
    { kind: 'join-initiative', creature: 'G', score: 1 },
    { kind: 'effect', on: 'G', name: 'Slowed', rounds: 1, ends: 'end', turnOf: 'G' },
    { kind: 'round-end-effect', on: 'O', name: 'Bleeding', damage: '1d4', rounds: 1 },
    next,
    next,
    next,
    { kind: 'leave-initiative', creature: 'O' },
  ];

  it('a session with every new kind saves in the encounter file and reads back to the same state', () => {
    const { session, state } = play(D20, newSession(3), ...script);
    const file = serializeEncounter(withSession(D20, session));
    const parsed = parseEncounter(file);
    if (!parsed.ok) throw new Error(parsed.error);
    const back = parsed.encounter;
    expect(back.play!.log).toEqual(script);
    expect(replay(back, session)).toEqual(state);
  });

  it('`encounter play --script` runs them through the same model', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'turns-'));
    const moves = path.join(dir, 'moves.json');
    writeFileSync(moves, JSON.stringify({ seed: 3, actions: script }));
    const options = new Map([['script', moves]]);
    const answer = JSON.parse(await playCommand(D20, { get: (k) => options.get(k), has: (k) => k === 'json' })) as {
      order: { creature: string }[];
      current: string;
      round: number;
      creatures: { id: string; damage: number; x: number; y: number }[];
      log: { kind: string; text: string }[];
    };
    const expected = play(D20, newSession(3), ...script).state;
    expect(answer.order.map((o) => o.creature)).toEqual(order(expected));
    expect([answer.round, answer.current]).toEqual([expected.round, expected.current]);
    expect(answer.creatures.find((c) => c.id === 'O')!.damage).toBe(expected.health.get('O')!.damage);
    expect(expected.health.get('O')!.damage).toBeGreaterThan(0);
    expect(answer.log.map((e) => e.kind)).toEqual(script.map((a) => a.kind));
    // A refused turn-control action stops the script with its reason.
    writeFileSync(moves, JSON.stringify([init, { kind: 'act-now', creature: 'O' }]));
    expect(() => playCommand(D20, { get: (k) => options.get(k), has: () => false })).toThrow('action 2 (act-now) refused: Orc is neither delaying nor holding a readied action.');
  });
});
