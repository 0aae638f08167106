import { describe, expect, it } from 'vitest';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import { CURRENT_RULES_VERSION, newSession, perform, replay, savedSession, withSession, type PlayAction, type PlaySession } from '../../../src-shared/play';
import { play } from './play-steps';

// A d20 3.0 flyer that spends its turn in the air without flying. Expected outcomes written from
// d20-phb-30.txt › Tactical Aerial Movement first:
// - › Maneuverability: Hover "Yes" for perfect and good, "No" for average, poor and clumsy; their
//   "Minimum forward speed" is "Half" (of the fly speed);
// - › Hover: "The ability to stay in one place while airborne" — so a perfect or good flyer may stay;
// - › Minimum Forward Speed: one that "fails to maintain its minimum forward speed … must land at the
//   end of its movement. If it is too high above the ground to land, it falls straight down,
//   descending 150 feet in the first round of falling. If this distance brings it to the ground, it
//   takes falling damage. If the fall doesn't bring the creature to the ground, it must spend its next
//   turn recovering from the stall. It must succeed on a DC 20 Reflex save to recover. Otherwise it
//   falls another 300 feet. … Otherwise, it has another chance to recover on its next turn."
// Falling damage is the d20 rule the model uses for this text: 1d6 per 10 ft.

const SKY = parseScenario(`ruleset: d20-30
map:
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
  . . . . . . . . . .
creatures:
  W: name=Wyvern size=large side=enemy speed=20 fly=60 maneuver=poor alt=20 at=1,0
  G: name=Gazer size=medium side=enemy speed=5 fly=40 maneuver=good alt=20 at=4,0
  P: name=Wisp size=small side=enemy speed=0 fly=50 maneuver=perfect alt=20 at=6,0
  A: name=Gargoyle size=medium side=enemy speed=40 fly=60 maneuver=average alt=400 at=8,0
  C: name=Manticore size=large side=enemy speed=30 fly=50 maneuver=clumsy alt=20 at=1,3
  F: name=Fighter size=medium side=party speed=30 at=8,5
`);
const ORDER: PlayAction = { kind: 'initiative', scores: { W: 60, G: 50, P: 40, A: 30, C: 20, F: 10 } };
const next: PlayAction = { kind: 'next-turn' };
const at = (s: { state: { board: { creatures: { id: string; x: number; y: number; altitude: number }[] } } }, id: string) => s.state.board.creatures.find((c) => c.id === id)!;

describe('d20 3.0: a turn spent in the air without flying', () => {
  it('a poor flyer 20 ft up stalls at its turn\'s end: the 150 ft drop brings it to the ground, with 2d6 falling damage', () => {
    const s = play(SKY, newSession(5), ORDER, next);
    const e = s.state.entries.at(-1)!;
    expect(e.kind).toBe('next-turn');
    expect(e.text).toContain('Wyvern stayed 20 ft up without flying, and poor maneuverability cannot hover.');
    expect(e.text).toContain('stalls (0 ft forward, under its minimum forward speed of 30 ft) and falls 20 ft to 1,0');
    expect(e.rules.map((r) => r.ref)).toEqual(expect.arrayContaining(['d20-phb-30.txt › Maneuverability', 'd20-phb-30.txt › Minimum Forward Speed']));
    expect(at(s, 'W')).toMatchObject({ x: 1, y: 0, altitude: 0 });
    expect(e.dice[0]!.rolls).toHaveLength(2);
    expect(s.state.health.get('W')!.damage).toBe(e.dice[0]!.total);
    expect(s.state.stalled).toEqual({});
    // The turn still passes, after the fall.
    expect(s.state.current).toBe('G');
  });

  it('good and perfect flyers hover: they end their turns where they were', () => {
    const s = play(SKY, newSession(5), ORDER, next, next, next);
    expect(at(s, 'G').altitude).toBe(20);
    expect(at(s, 'P').altitude).toBe(20);
    for (const e of s.state.entries.slice(-2)) expect(e.text).not.toMatch(/stall/);
    expect(s.state.health.get('G')!.damage + s.state.health.get('P')!.damage).toBe(0);
  });

  it('an average flyer 400 ft up drops 150 ft and stays stalled; a turn spent recovering or still stalled does not stall it again', () => {
    const s = play(SKY, newSession(5), ORDER, next, next, next, next);
    const e = s.state.entries.at(-1)!;
    expect(e.text).toContain('Gargoyle stayed 400 ft up without flying, and average maneuverability cannot hover.');
    expect(e.text).toContain('It stalls and drops 150 ft to 250 ft up');
    expect(at(s, 'A').altitude).toBe(250);
    expect(s.state.stalled).toEqual({ A: { fallen: 150 } });
    expect(e.damage).toBeNull();
    // Round 2: the Gargoyle's turn is its save. A failure falls 300 ft more … but 250 ft is all
    // there is: it hits the ground (the whole 400 ft: 20d6, the d20 rule's most).
    const toItsTurn = [next, next, next, next, next];
    const failed = play(SKY, s.session, ...toItsTurn, { kind: 'stall-save', creature: 'A', success: false });
    expect(at(failed, 'A').altitude).toBe(0);
    expect(failed.state.entries.at(-1)!.dice[0]!.rolls).toHaveLength(20);
    // A success: it recovers and spends the turn on it; the turn's end does not stall it again.
    const saved = play(SKY, s.session, ...toItsTurn, { kind: 'stall-save', creature: 'A', success: true }, next);
    expect(saved.state.entries.at(-1)!.text).not.toMatch(/stall/);
    expect(at(saved, 'A').altitude).toBe(250);
    expect(saved.state.stalled).toEqual({});
  });

  it('a stalled flyer whose save fails high up is still stalled: its turn\'s end adds no new stall', () => {
    const higher = { ...SKY, creatures: SKY.creatures.map((c) => (c.id === 'A' ? { ...c, altitude: 800 } : c)) };
    const s = play(higher, newSession(5), ORDER, next, next, next, next, next, next, next, next, next, { kind: 'stall-save', creature: 'A', success: false }, next);
    // 800 − 150 − 300: 350 ft up, still stalled, with its next chance next turn.
    expect(at(s, 'A').altitude).toBe(350);
    expect(s.state.stalled).toEqual({ A: { fallen: 450 } });
    expect(s.state.entries.at(-1)!.text).not.toMatch(/stall/);
  });

  it('a flyer that flew its minimum forward speed this turn does not stall at its end', () => {
    // Poor, fly 60: 30 ft forward, six squares level. Clumsy, fly 50: 25 ft, five squares.
    const wyvern: PlayAction = { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [2, 3, 4, 5, 6, 7].map((x) => ({ x, y: 1, z: 20 })) };
    const manticore: PlayAction = { kind: 'move', creature: 'C', action: 'move', mode: 'fly', path: [2, 3, 4, 5, 6].map((x) => ({ x, y: 3, z: 20 })) };
    const s = play(SKY, newSession(5), ORDER, wyvern, next);
    expect(at(s, 'W')).toMatchObject({ x: 7, y: 1, altitude: 20 });
    expect(s.state.entries.at(-1)!.text).toBe("Wyvern ends the turn. Round 1: Gazer's turn.");
    // Gazer, Wisp, then the Gargoyle (which stalls), then the Manticore flies.
    const c = play(SKY, s.session, next, next, next, manticore, next);
    expect(at(c, 'C')).toMatchObject({ x: 6, y: 3, altitude: 20 });
    expect(c.state.entries.at(-1)!.text).not.toMatch(/stall/);
  }, 20000);

  it('a flyer on the ground, and a delay (its turn comes later), do not stall', () => {
    const landed = { ...SKY, creatures: SKY.creatures.map((c) => (c.id === 'W' ? { ...c, altitude: 0 } : c)) };
    expect(play(landed, newSession(5), ORDER, next).state.entries.at(-1)!.text).not.toMatch(/stall/);
    const delayed = play(SKY, newSession(5), ORDER, { kind: 'delay', creature: 'W' });
    expect(at(delayed, 'W').altitude).toBe(20);
    expect(delayed.state.current).toBe('G');
  });

  it('replays from the seed to the same board, and saved and reopened it stalls the same', () => {
    const s = play(SKY, newSession(5), ORDER, next, next, next, next);
    expect(replay(SKY, s.session)).toEqual(s.state);
    expect(s.session.rulesVersion).toBe(CURRENT_RULES_VERSION);
    const reopened = parseEncounter(serializeEncounter(withSession(SKY, s.session)));
    expect(reopened.ok).toBe(true);
    if (!reopened.ok) return;
    const session = savedSession(reopened.encounter)!;
    expect(session.rulesVersion).toBe(CURRENT_RULES_VERSION);
    expect(replay(reopened.encounter, session)).toEqual(s.state);
  });

  it('a session from before rules edition 2 replays as it was played: the hovering wyvern stays up', () => {
    const { rulesVersion: _now, ...before } = newSession(5);
    let old: PlaySession = before;
    for (const a of [ORDER, next]) {
      const r = perform(SKY, old, a);
      if (!r.ok) throw new Error(r.reason);
      old = r.session;
    }
    expect(old.rulesVersion).toBeUndefined();
    const state = replay(SKY, old);
    expect(at({ state }, 'W').altitude).toBe(20);
    expect(state.entries.at(-1)!.text).toBe('Wyvern ends the turn. Round 1: Gazer\'s turn.');
  });
});
