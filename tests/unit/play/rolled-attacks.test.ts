import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { actionRandom, exportLog, newSession, perform, replay, savedSession, withSession, type PlayAction, type PlaySession } from '../../../src-shared/play';
import { play } from './play-steps';

/**
 * Issue 17 › 2: rolls in play — any roll in the log, attacks of opportunity rolled from the creatures'
 * attack profiles, damage rolled from dice. GM tools: no rule text defines attack or damage rolls.
 * The expected faces are read from the action's own stream here (`actionRandom(seed, index)`), not
 * from the dice roller, so a roller that drew from anywhere else would fail.
 */

function refused(planned: Encounter, session: PlaySession, action: PlayAction): string {
  const r = perform(planned, session, action);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(action)}`);
  return r.reason;
}

/** The faces of `sides`-sided dice the action at `index` rolls, in order. */
function stream(seed: number, index: number) {
  const random = actionRandom(seed, index);
  return (sides: number) => 1 + Math.floor(random() * sides);
}

// Epic Path: Kara walks past the bandit and provokes (epic-path.txt › Walk).
const EPIC = parseScenario(`ruleset: epic-path
name: Passing
map:
  . . . . .
  . A . . .
  . . B . .
  . . . . .
creatures:
  A: name=Kara size=medium side=party speed=30
  B: name=Bandit size=medium side=enemy speed=30
`);
const initiative: PlayAction = { kind: 'initiative', scores: { A: 20, B: 1 } };
const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] };
const bandit: PlayAction = { kind: 'attack-profile', creature: 'B', attack: '1d20+5', damage: '1d6+1' };

describe('roll: any expression in the log', () => {
  it('rolls from its own stream, lists each face and the dropped ones, and replays the same', () => {
    const { session, state } = play(EPIC, newSession(11), initiative, { kind: 'roll', dice: '4d6kh3', what: 'Strength' });
    const face = stream(11, 1);
    const faces = [face(6), face(6), face(6), face(6)];
    // Of equal lowest faces the later one goes: ties keep the earlier die.
    const low = faces.lastIndexOf(Math.min(...faces));
    const e = state.entries.at(-1)!;
    expect(e.dice).toHaveLength(1);
    expect(e.dice[0]!.rolls).toEqual(faces);
    expect(e.dice[0]!.dropped).toEqual([low]);
    expect(e.dice[0]!.total).toBe(faces.reduce((s, v) => s + v, 0) - faces[low]!);
    expect(e.text).toBe(`Strength: 4d6kh3 = ${e.dice[0]!.total} (GM).`);
    expect(e.actor).toBeNull();
    expect(replay(EPIC, session)).toEqual(state);
  });

  it('refuses a bad expression with where it goes wrong, and changes nothing', () => {
    expect(refused(EPIC, newSession(1), { kind: 'roll', dice: '2d6+' })).toBe('Roll: "2d6+": "+" at character 4 needs dice or a number after it.');
  });

  it('a hand-written script with numbers where text belongs is refused, not a crash', () => {
    // `encounter play --script` reads actions the file format has not checked.
    const odd = (a: object) => a as unknown as PlayAction;
    expect(refused(EPIC, newSession(1), odd({ kind: 'roll', dice: 5 }))).toBe('A roll needs its dice, like 2d6+3.');
    expect(refused(EPIC, newSession(1), odd({ kind: 'attack-profile', creature: 'B', attack: 7 }))).toBe("Bandit's attack: Write a dice expression as text: dice look like 2d6+3, 4d6kh3 or 1d20+5.");
    expect(refused(EPIC, newSession(1), odd({ kind: 'damage', creature: 'B', dice: ['1d6'] }))).toContain('Damage to Bandit: Write a dice expression as text');
    expect(play(EPIC, newSession(1), odd({ kind: 'roll', dice: '1d4', what: 3 })).state.entries.at(-1)!.text).toMatch(/^Roll: 1d4 = [1-4] \(GM\)\.$/);
  });
});

describe('attack profiles and rolled attacks of opportunity', () => {
  it('keeps each creature its attack, damage and target number, and null clears one', () => {
    const { state } = play(EPIC, newSession(1), bandit, { kind: 'attack-profile', creature: 'A', against: 15 });
    expect(state.attackProfiles.get('B')).toEqual({ attack: '1d20+5', damage: '1d6+1' });
    expect(state.attackProfiles.get('A')).toEqual({ against: 15 });
    expect(state.entries.at(-2)!.text).toBe('Bandit: attack roll 1d20+5, damage 1d6+1 (GM).');
    expect(state.entries.at(-1)!.text).toBe('Kara: hit by an attack of 15 or more (GM).');
    const cleared = play(EPIC, newSession(1), bandit, { kind: 'attack-profile', creature: 'B', damage: null }).state;
    expect(cleared.attackProfiles.get('B')).toEqual({ attack: '1d20+5' });
    expect(refused(EPIC, newSession(1), { kind: 'attack-profile', creature: 'B', attack: '1d20+x' })).toContain("Bandit's attack: \"1d20+x\": expected dice or a number but found \"x\" at character 6");
    expect(refused(EPIC, newSession(1), { kind: 'attack-profile', creature: 'B' })).toBe('Give Bandit an attack, a damage or a target number to keep.');
    expect(refused(EPIC, newSession(1), { kind: 'attack-profile', creature: 'Z', against: 10 })).toBe('There is no creature "Z" in this encounter.');
  });

  it('a rolled hit rolls the attacker\'s damage and puts it on the target; both rolls in the entry', () => {
    // 1d20+5 against 6 always hits (the least roll is 6): the hit does not depend on the seed.
    const { state, session } = play(EPIC, newSession(5), initiative, walk, bandit, { kind: 'attack-profile', creature: 'A', against: 6 });
    const pending = state.pending.find((p) => p.status === 'open')!;
    const index = session.cursor;
    const after = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'roll' });
    const face = stream(5, index);
    const attack = face(20) + 5;
    const damage = face(6) + 1;
    const e = after.state.entries.at(-1)!;
    expect(e.dice.map((d) => [d.dice, d.rolls.length, d.total])).toEqual([
      ['1d20+5', 1, attack],
      ['1d6+1', 1, damage],
    ]);
    expect(e.text).toBe(`Bandit's attack of opportunity on Kara hits: ${attack} (1d20+5) against 6, ${damage} damage (1d6+1) (rolled).`);
    expect(e.damage).toEqual({ lethal: damage, nonlethal: 0 });
    expect(after.state.health.get('A')!.damage).toBe(damage);
    expect(after.state.pending.find((p) => p.id === pending.id)).toMatchObject({ status: 'hit', damage });
    // The attack of opportunity still cites where the text says moving provokes.
    expect(e.rules.map((r) => r.ref)).toEqual(['epic-path.txt › Walk']);
    expect(replay(EPIC, after.session)).toEqual(after.state);
  });

  it('a rolled miss rolls no damage and changes no hit points', () => {
    // 1d20+5 against 26 always misses (the greatest roll is 25).
    const { state, session } = play(EPIC, newSession(5), initiative, walk, bandit, { kind: 'attack-profile', creature: 'A', against: 26 });
    const pending = state.pending.find((p) => p.status === 'open')!;
    const after = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'roll' }).state;
    const e = after.entries.at(-1)!;
    const attack = stream(5, session.cursor)(20) + 5;
    expect(e.text).toBe(`Bandit's attack of opportunity on Kara misses: ${attack} (1d20+5) against 26 (rolled).`);
    expect(e.dice).toHaveLength(1);
    expect(e.damage).toBeNull();
    expect(after.health.get('A')!.damage).toBe(0);
  });

  it('a total equal to the target number hits; with no damage set the log says so', () => {
    const { state, session } = play(EPIC, newSession(2), initiative, walk, { kind: 'attack-profile', creature: 'B', attack: '10' }, { kind: 'attack-profile', creature: 'A', against: 10 });
    const pending = state.pending.find((p) => p.status === 'open')!;
    const e = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'roll' }).state.entries.at(-1)!;
    expect(e.text).toBe("Bandit's attack of opportunity on Kara hits: 10 (10) against 10; no damage rolled (Bandit has no damage set).");
  });

  it('refuses to roll until the attacker has an attack and the target a number; typed Hit/Miss work as before', () => {
    const { state, session } = play(EPIC, newSession(2), initiative, walk);
    const pending = state.pending.find((p) => p.status === 'open')!;
    expect(refused(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'roll' })).toBe("To roll this attack, set Bandit's attack (like 1d20+5) and Kara's target number first.");
    expect(refused(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'roll', damage: 3 })).toBe("A rolled attack rolls its damage from the attacker's profile: leave the damage out.");
    const typed = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'hit', damage: 4 }).state;
    expect(typed.entries.at(-1)!.text).toBe("Bandit's attack of opportunity on Kara hits for 4 damage (GM).");
    expect(typed.health.get('A')!.damage).toBe(4);
  });
});

describe('damage rolled from dice', () => {
  it('rolls the dice, applies the total and shows the faces', () => {
    const { state, session } = play(EPIC, newSession(9), { kind: 'damage', creature: 'B', dice: '2d6+3' });
    const face = stream(9, 0);
    const faces = [face(6), face(6)];
    const e = state.entries.at(-1)!;
    expect(e.dice[0]).toEqual({ what: 'Damage to Bandit', dice: '2d6+3', rolls: faces, total: faces[0]! + faces[1]! + 3 });
    expect(state.health.get('B')!.damage).toBe(faces[0]! + faces[1]! + 3);
    expect(e.text).toBe(`Bandit takes ${faces[0]! + faces[1]! + 3} damage (2d6+3) (GM).`);
    expect(replay(EPIC, session)).toEqual(state);
  });

  it('nonlethal dice go to nonlethal; a roll below 0 is 0 damage', () => {
    const { state } = play(EPIC, newSession(9), { kind: 'damage', creature: 'B', dice: '1d4', nonlethal: true }, { kind: 'damage', creature: 'A', dice: '1d4-10' });
    expect(state.health.get('B')!.nonlethal).toBe(stream(9, 0)(4));
    expect(state.health.get('A')!.damage).toBe(0);
    expect(state.entries.at(-1)!.dice[0]!.total).toBe(stream(9, 1)(4) - 10);
  });

  it('refuses both an amount and dice, neither, or bad dice', () => {
    expect(refused(EPIC, newSession(1), { kind: 'damage', creature: 'B', amount: 3, dice: '1d6' })).toBe('Damage is an amount or dice, not both (3 and 1d6).');
    expect(refused(EPIC, newSession(1), { kind: 'damage', creature: 'B' })).toBe('Damage needs an amount or dice, like 2d6+3.');
    expect(refused(EPIC, newSession(1), { kind: 'damage', creature: 'B', dice: '2d' })).toContain('Damage to Bandit: "2d": a die needs its number of sides');
  });
});

describe('saved, exported and scripted', () => {
  const script: PlayAction[] = [initiative, walk, bandit, { kind: 'attack-profile', creature: 'A', against: 6 }, { kind: 'resolve', pending: '1:0', outcome: 'roll' }, { kind: 'roll', dice: '2d20kl1' }, { kind: 'damage', creature: 'B', dice: '1d8' }];

  it('saves in the file (the schema takes the new kinds) and replays to the same state', () => {
    const { session, state } = play(EPIC, newSession(21), ...script);
    const reopened = parseEncounter(serializeEncounter(withSession(EPIC, session)));
    expect(reopened.ok).toBe(true);
    if (!reopened.ok) return;
    const resumed = savedSession(reopened.encounter)!;
    expect(resumed).toEqual(session);
    expect(replay(reopened.encounter, resumed)).toEqual(state);
    // The exported log shows every face, the dropped one in brackets.
    expect(exportLog(state, 'text')).toMatch(/dice: Roll: 2d20kl1 → (\(\d+\), \d+|\d+, \(\d+\)) = \d+/);
  });

  it('the file format refuses a rolled resolve with a made-up outcome and a profile with a fractional number', () => {
    const file = JSON.parse(serializeEncounter(withSession(EPIC, newSession(1))));
    file.play.log = [{ kind: 'resolve', pending: '1:0', outcome: 'crit' }];
    expect(parseEncounter(JSON.stringify(file)).ok).toBe(false);
    file.play.log = [{ kind: 'attack-profile', creature: 'A', against: 14.5 }];
    const r = parseEncounter(JSON.stringify(file));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^play\.log\[0\]\.against/);
  });

  it('encounter play --script runs them: the rolls, the damage and the log', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'play-dice-'));
    const file = path.join(dir, 'moves.json');
    writeFileSync(file, JSON.stringify({ seed: 21, actions: script }));
    const options = new Map<string, string>([['script', file], ['json', '']]);
    const answer = JSON.parse(await playCommand(EPIC, { get: (k) => options.get(k), has: (k) => options.has(k) })) as {
      creatures: { id: string; damage: number }[];
      pending: unknown[];
      log: { index: number; kind: string; dice: { dice: string; rolls: number[]; total: number }[]; damage: { lethal: number } | null }[];
    };
    const { state } = play(EPIC, newSession(21), ...script);
    expect(answer.log.map((e) => e.kind)).toEqual(['initiative', 'move', 'attack-profile', 'attack-profile', 'resolve', 'roll', 'damage']);
    expect(answer.log[4]!.dice.map((d) => d.dice)).toEqual(['1d20+5', '1d6+1']);
    expect(answer.log[6]!.dice[0]!.total).toBe(stream(21, 6)(8));
    expect(answer.pending).toEqual([]);
    expect(answer.creatures.find((c) => c.id === 'A')!.damage).toBe(answer.log[4]!.dice[1]!.total);
    expect(answer.creatures.map((c) => c.damage)).toEqual(state.board.creatures.map((c) => state.health.get(c.id)!.damage));
    // A bad expression stops the script with the action's number and where the dice go wrong.
    writeFileSync(file, JSON.stringify([{ kind: 'roll', dice: '3d6*2' }]));
    expect(() => playCommand(EPIC, { get: (k) => options.get(k), has: (k) => options.has(k) })).toThrow('action 1 (roll) refused: Roll: "3d6*2": expected "+", "-" or the end but found "*" at character 4');
  });
});
