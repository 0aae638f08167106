import { describe, expect, it } from 'vitest';
import { parseEncounter, parseScenario, serializeEncounter } from '../../../src-shared/io';

import { exportLog, newSession, perform, replay, savedSession, undo, withSession, type PlayAction, type PlayState } from '../../../src-shared/play';
import { fallDamage, forcedMovement, teleport } from '../../../src-shared/rules';
import { play } from './play-steps';

const where = (state: PlayState, id: string) => state.board.creatures.find((c) => c.id === id)!;

// An ogre beside a bandit on a 20-ft cliff top (x <= 2); the ground below at x >= 3.
const EPIC = parseScenario(`ruleset: epic-path
name: Cliff top
map:
  . . . . . .
  . O B . . .
  . . # . . .
creatures:
  O: name=Ogre size=medium side=enemy speed=30
  B: name=Bandit size=medium side=party speed=30
elevation:
  20 20 20 0 0 0
  20 20 20 0 0 0
  20 20 20 0 0 0
`);

describe('play: forced movement (epic-path.txt › Forced Movement)', () => {
  it('a push over the edge moves the target, rolls its fall from the seed and agrees with the engine', () => {
    const push: PlayAction = { kind: 'forced', effect: 'push', target: 'B', by: 'O', squares: 2 };
    const { session, state } = play(EPIC, newSession(4), push);
    const engine = forcedMovement(EPIC, { kind: 'push', target: 'B', by: 'O', squares: 2 });
    expect(engine.stopped?.code).toBe('fell');
    expect(where(state, 'B')).toMatchObject({ x: engine.x, y: engine.y, altitude: 0 });
    const e = state.entries.at(-1)!;
    expect(e.text).toMatch(/^Ogre pushes Bandit 1 square from 2,1 to 3,1\./);
    expect(e.text).toContain('falls 20 ft');
    expect(e.rules.map((r) => r.ref)).toEqual(expect.arrayContaining(['epic-path.txt › Push', 'epic-path.txt › Forced Movement', 'epic-path.txt › Falling']));
    const fall = fallDamage('epic-path', { height: 20 });
    expect(e.dice[0]!.rolls).toHaveLength(fall.dice.reduce((n, d) => n + d.count, 0));
    expect(state.health.get('B')!.damage).toBe(e.damage!.lethal);
    expect(replay(EPIC, session)).toEqual(state);
  });

  it('a slide into a wall square is refused with the rule, and nothing moves', () => {
    const { session, state } = play(EPIC, newSession(4));
    const r = perform(EPIC, session, { kind: 'forced', effect: 'slide', target: 'B', by: 'O', squares: 2, to: [{ x: 2, y: 2 }, { x: 3, y: 2 }] }, state);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.at).toEqual({ x: 2, y: 2 });
      expect(r.reason).toContain('epic-path.txt › Slide');
    }
    const r2 = perform(EPIC, session, { kind: 'forced', effect: 'slide', target: 'B', by: 'O', squares: 1, to: [{ x: 2, y: 0 }] }, state);
    expect(r2.ok).toBe(true);
    if (r2.ok) expect(r2.state.board.creatures.find((c) => c.id === 'B')).toMatchObject({ x: 2, y: 0 });
    // Cutting the corner of the filled wall square is refused too (epic-path.txt › Cutting Corners).
    const corner = perform(EPIC, session, { kind: 'forced', effect: 'slide', target: 'B', by: 'O', squares: 1, to: [{ x: 1, y: 2 }] }, state);
    expect(corner.ok).toBe(false);
    if (!corner.ok) expect(corner.reason).toContain('a wall or corner between');
  });

  it('rulesets without forced movement refuse it in words', () => {
    const d20 = parseScenario(`ruleset: d20-35
map:
  . A B
creatures:
  A: size=medium side=party speed=30
  B: size=medium side=enemy speed=30
`);
    const r = perform(d20, newSession(1), { kind: 'forced', effect: 'push', target: 'B', by: 'A', squares: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('d20-srd-35.txt has no forced movement in its movement chapter.');
    const shift = perform(EPIC, newSession(1), { kind: 'forced', effect: 'shift', target: 'B', by: 'O', squares: 1, to: [{ x: 2, y: 0 }] });
    expect(shift.ok).toBe(false);
  });
});

const STAR = parseScenario(`ruleset: startroid
name: Catwalk
map:
  . . . . . .
  . S . # . .
  . . . # . .
creatures:
  S: name=Scout size=medium side=party speed=6
  D: name=Drone size=medium side=enemy speed=6 at=0,0
elevation:
  3 3 3 3 0 0
  3 3 3 3 0 0
  3 3 3 3 0 0
`);

describe('play: Startroid teleport and shift', () => {
  it('teleports to a seen square and refuses one behind a wall (startroid.txt › Teleportation)', () => {
    const ok = play(STAR, newSession(1), { kind: 'teleport', creature: 'S', to: { x: 2, y: 0 } });
    expect(where(ok.state, 'S')).toMatchObject({ x: 2, y: 0 });
    const engine = teleport(STAR, 'S', { x: 4, y: 2 });
    const r = perform(STAR, newSession(1), { kind: 'teleport', creature: 'S', to: { x: 4, y: 2 } });
    expect(r.ok).toBe(engine.legal);
    if (!r.ok) expect(r.reason).toContain(engine.reason);
    const onWall = perform(STAR, newSession(1), { kind: 'teleport', creature: 'S', to: { x: 3, y: 1 } });
    expect(onWall.ok).toBe(false);
    if (!onWall.ok) expect(onWall.reason).toContain('startroid.txt › Teleportation');
  });

  it('refuses a teleport to the square the creature stands on, with the reason (› Teleportation: "from one point to another")', () => {
    const r = perform(STAR, newSession(1), { kind: 'teleport', creature: 'S', to: { x: 1, y: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('Scout cannot teleport to 1,1: it already stands there; a teleport moves it "from one point to another" (startroid.txt › Teleportation).');
      expect(r.at).toEqual({ x: 1, y: 1 });
    }
  });
});

describe('play: Startroid phasing (startroid.txt › Phasing)', () => {
  const HIVE = parseScenario(`ruleset: startroid
map:
  . . . . . . .
  . S . X . . .
  . . . X . t .
creatures:
  S: name=Sniper size=medium side=party speed=6
  t: name=Drone size=tiny side=enemy speed=6
  Z: name=Zergling size=small side=enemy speed=6 at=6,1
`);
  const start = () => play(HIVE, newSession(1), { kind: 'initiative', scores: { S: 20, t: 5, Z: 1 } });

  it('goes through a blocking blockade a walk cannot cross, and provokes entering an enemy space', () => {
    const walkPath = [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }];
    const s0 = start();
    const walk = perform(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', path: walkPath }, s0.state);
    expect(walk.ok).toBe(false);
    const phase = play(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [...walkPath, { x: 4, y: 2 }, { x: 5, y: 1 }] });
    expect(where(phase.state, 'S')).toMatchObject({ x: 5, y: 1 });
    expect(phase.state.turn.spent).toBe(5);
    // 4,2 is next to the drone, not in it: nothing provoked; through the zergling's square it is.
    expect(phase.state.pending).toEqual([]);
    const through = play(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }, { x: 5, y: 1 }, { x: 6, y: 1 }, { x: 6, y: 0 }] });
    expect(through.state.pending.map((p) => [p.attacker, p.at.x, p.at.y])).toEqual([['Z', 6, 1]]);
    expect(through.state.entries.at(-1)!.rules.map((r) => r.ref)).toContain('startroid.txt › Phasing');
  });

  it('must end in an unoccupied space, within its speed; other rulesets have no phasing', () => {
    const s0 = start();
    const onZergling = perform(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [2, 3, 4, 5, 6].map((x) => ({ x, y: 1 })) }, s0.state);
    expect(onZergling.ok).toBe(false);
    if (!onZergling.ok) expect(onZergling.reason).toContain('unoccupied space');
    const onBlockade = perform(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [2, 3].map((x) => ({ x, y: 1 })) }, s0.state);
    expect(onBlockade.ok).toBe(false);
    const tooFar = perform(HIVE, s0.session, { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [2, 3, 4, 5, 4, 3, 2].map((x) => ({ x, y: 0 })) }, s0.state);
    expect(tooFar.ok).toBe(false);
    if (!tooFar.ok) expect(tooFar.reason).toContain('more than the 6 squares');
    const d20 = parseScenario('ruleset: d20-35\nmap:\n  A . .\ncreatures:\n  A: side=party\n');
    const s1 = play(d20, newSession(1), { kind: 'initiative', scores: { A: 1 } });
    const r = perform(d20, s1.session, { kind: 'move', creature: 'A', action: 'move', phasing: true, path: [{ x: 1, y: 0 }] }, s1.state);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('Phasing is a Startroid rule');
  });
});

describe('play: the log exported and the session saved with the encounter', () => {
  const script: PlayAction[] = [{ kind: 'initiative', scores: { O: 12, B: 8 } }, { kind: 'forced', effect: 'push', target: 'B', by: 'O', squares: 2 }, { kind: 'next-turn' }];

  it('exports the log as text and as Markdown', () => {
    const { state } = play(EPIC, newSession(4), ...script);
    const text = exportLog(state, 'text');
    expect(text).toContain('Cliff top — play log');
    expect(text).toContain('Round 1');
    expect(text).toContain('Ogre pushes Bandit');
    expect(text).toContain('Epic Path › Falling');
    expect(text).toMatch(/Bandit: 3,1, prone; damage \d+/);
    const md = exportLog(state, 'markdown');
    expect(md).toMatch(/^# Cliff top — play log/);
    expect(md).toContain('## Round 1');
    expect(md).toContain('| Bandit | 3,1 | 0 ft | ');
  });

  it('saves beside the planned layout and reopens where it was left', () => {
    const { session, state } = play(EPIC, newSession(4), ...script);
    const backOne = undo(session);
    const text = serializeEncounter(withSession(EPIC, backOne));
    const reopened = parseEncounter(text);
    expect(reopened.ok).toBe(true);
    if (!reopened.ok) return;
    // The planned layout is untouched: the bandit is still on the cliff top in the file.
    expect(reopened.encounter.creatures.find((c) => c.id === 'B')).toMatchObject({ x: 2, y: 1 });
    const resumed = savedSession(reopened.encounter)!;
    expect(resumed).toEqual(backOne);
    expect(replay(reopened.encounter, resumed)).toEqual(replay(EPIC, backOne));
    expect(replay(reopened.encounter, { ...resumed, cursor: resumed.log.length })).toEqual(state);
    // Without a session nothing is written.
    expect(serializeEncounter(EPIC)).not.toContain('"play"');
  });

  it('a hostile play field is refused with the field named', () => {
    const file = JSON.parse(serializeEncounter(withSession(EPIC, newSession(1))));
    file.play.log = [{ kind: 'move', creature: 'B', action: 'move', path: 'everywhere' }];
    const r = parseEncounter(JSON.stringify(file));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^play\.log\[0\]\.path/);
  });
});

// A fighter and two goblins: the straight row to G is open, the row to H crosses rubble (',').
const CHARGE_SRC = `ruleset: d20-35
name: Charge
map:
  A . . . . . . . G . .
  . . . , . . . . H . .
creatures:
  A: name=Aric size=medium side=party speed=30
  G: name=Goblin size=medium side=enemy speed=30
  H: name=Hob size=medium side=enemy speed=30
  B: name=Bree size=medium side=party speed=30 at=0,1
`;
const CHARGE = parseScenario(CHARGE_SRC);
// Speed 10 ft: a charge goes at most 20 ft, 4 squares.
const CHARGE_SLOW = 'ruleset: d20-35\nmap:\n  A . . . . . .\ncreatures:\n  A: name=Aric size=medium side=party speed=10\n';

describe('play: the d20 charge as a turn action', () => {
  const start = () => play(CHARGE, newSession(1), { kind: 'initiative', scores: { A: 20, G: 10, H: 5, B: 1 } });
  const row = (y: number, to: number) => Array.from({ length: to }, (_, i) => ({ x: i + 1, y }));

  it('charges up to double speed in a straight line, taking the whole turn (d20-srd-35.txt › Difficult Terrain; the SRD charge, docs/rules.md)', () => {
    const s0 = start();
    // 7 squares (35 ft) is more than a move's 30 ft, within the charge's double speed.
    const r = perform(CHARGE, s0.session, { kind: 'move', creature: 'A', action: 'charge', path: row(0, 7) }, s0.state);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(where(r.state, 'A')).toMatchObject({ x: 7, y: 0 });
    expect(r.state.turn.spent).toBe(35);
    expect(r.state.turn.fullRound).toBe(true);
    expect(r.entry.text).toContain('Aric charges from 0,0 to 7,0');
    expect(r.entry.rules.map((k) => k.ref)).toContain('d20-srd-35.txt › Difficult Terrain');
    // The whole turn went on the charge: no move after it.
    const after = perform(CHARGE, r.session, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 7, y: 1 }] }, r.state);
    expect(after.ok).toBe(false);
  });

  it('refuses a bent charge, one beyond double speed, and one across difficult terrain', () => {
    const s0 = start();
    const bent = perform(CHARGE, s0.session, { kind: 'move', creature: 'A', action: 'charge', path: [{ x: 1, y: 1 }, { x: 2, y: 0 }] }, s0.state);
    expect(bent.ok).toBe(false);
    if (!bent.ok) expect(bent.reason).toContain('a charge goes in a straight line');
    // Double speed is the limit: a creature of speed 10 ft charges 4 squares, not 5.
    const slow = parseScenario(CHARGE_SLOW);
    const s1 = play(slow, newSession(1), { kind: 'initiative', scores: { A: 20 } });
    const far = perform(slow, s1.session, { kind: 'move', creature: 'A', action: 'charge', path: row(0, 5) }, s1.state);
    expect(far.ok).toBe(false);
    const near = perform(slow, s1.session, { kind: 'move', creature: 'A', action: 'charge', path: row(0, 4) }, s1.state);
    expect(near.ok).toBe(true);
    // › Difficult Terrain: "You can't run or charge across difficult terrain."
    const s2 = play(CHARGE, newSession(1), { kind: 'initiative', scores: { B: 20, A: 10, G: 5, H: 1 } });
    const rubble = perform(CHARGE, s2.session, { kind: 'move', creature: 'B', action: 'charge', path: row(1, 7) }, s2.state);
    expect(rubble.ok).toBe(false);
    if (!rubble.ok) expect(rubble.reason).toContain('Difficult Terrain');
  });

  it('the d20 3.0 text charges the same way', () => {
    const d30 = parseScenario(CHARGE_SRC.replace('ruleset: d20-35', 'ruleset: d20-30'));
    const s0 = play(d30, newSession(1), { kind: 'initiative', scores: { A: 20, G: 10, H: 5, B: 1 } });
    const r = perform(d30, s0.session, { kind: 'move', creature: 'A', action: 'charge', path: row(0, 7) }, s0.state);
    expect(r.ok).toBe(true);
  });
});
