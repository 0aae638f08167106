import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src-main/cli/encounter';
import { parseEncounter } from '../../../src-shared/io';
import { RULESETS, type Encounter, type RulesetId } from '../../../src-shared/model';
import { goTo, moveRequest, newSession, perform, redo, replay, stateAt, undo, type LogEntry, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';
import { fallDamage, forcedMovement, planPath, type MoveAction, type PathAnswer } from '../../../src-shared/rules';

/**
 * A scripted three-round fight from each ruleset's sample: moves planned by the engine (`planPath`)
 * on the board as it stands, a move that provokes (where the text has attacks of opportunity), a fall
 * off a ledge, a push over an edge (Epic Path, Startroid), two steps undone, and a replay — every
 * outcome checked against the engine's own answer.
 */

const dir = path.resolve(__dirname, '../../../resources/encounters');
const SAMPLES: Record<RulesetId, string> = {
  'epic-path': 'drake-lair.epic-path.encounter',
  'd20-35': 'goblin-ambush.d20-35.encounter',
  'd20-30': 'tower-gate.d20-30.encounter',
  '6d6': 'ambush-alley.6d6.encounter',
  startroid: 'hive-breach.startroid.encounter',
};

function load(ruleset: RulesetId): Encounter {
  const parsed = parseEncounter(readFileSync(path.join(dir, SAMPLES[ruleset]), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.encounter;
}

class Fight {
  session: PlaySession;
  state: PlayState;
  constructor(
    readonly planned: Encounter,
    seed: number,
  ) {
    this.session = newSession(seed);
    this.state = replay(planned, this.session);
  }
  act(action: PlayAction): LogEntry {
    const r = perform(this.planned, this.session, action, this.state);
    if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.reason}`);
    this.session = r.session;
    this.state = r.state;
    return r.entry;
  }
  at(id: string) {
    const c = this.state.board.creatures.find((k) => k.id === id)!;
    return { x: c.x, y: c.y };
  }
  /** Moves along the engine's cheapest path; returns the engine's answer and the log entry. */
  walk(id: string, to: { x: number; y: number }, action: MoveAction = 'move', via: { x: number; y: number }[] = []): { plan: PathAnswer; entry: LogEntry } {
    expect(this.state.current).toBe(id);
    const plan = planPath(this.state.board, id, to, moveRequest(this.state, action), via);
    expect(plan.legal, plan.reason).toBe(true);
    const entry = this.act({ kind: 'move', creature: id, action, path: plan.steps.map((s) => ({ x: s.x, y: s.y })) });
    expect(this.at(id)).toEqual(to);
    // The move provokes exactly what the engine says, each enemy named in the log.
    expect(entry.pending).toHaveLength(plan.provokes.length);
    for (const p of plan.provokes) expect(entry.text).toContain(this.state.board.creatures.find((c) => c.id === p.by)!.name);
    return { plan, entry };
  }
  next(times = 1): void {
    for (let i = 0; i < times; i++) this.act({ kind: 'next-turn' });
  }
}

/** A fall in the log agrees with the engine: the dice of `fallDamage`, the damage, prone as the text says. */
function expectFall(f: Fight, ruleset: RulesetId, id: string, entry: LogEntry, height: number, damageBefore: number): void {
  const fall = fallDamage(ruleset, { height, settings: f.planned.settings });
  expect(entry.text).toContain(`falls ${height} ${RULESETS[ruleset].lengthUnit}`);
  expect(entry.distribution).toEqual(fall.distribution);
  if (fall.gmDecides) {
    expect(entry.dice).toEqual([]);
    expect(f.state.health.get(id)!.damage).toBe(damageBefore);
    return;
  }
  const rolled = entry.dice[0]!;
  expect(rolled.rolls).toHaveLength(fall.dice.reduce((n, d) => n + d.count, 0));
  expect(rolled.total).toBeGreaterThanOrEqual(fall.min);
  expect(rolled.total).toBeLessThanOrEqual(fall.max);
  expect(f.state.health.get(id)!.damage + f.state.health.get(id)!.nonlethal).toBe(damageBefore + rolled.total);
  const prone = f.state.board.creatures.find((c) => c.id === id)!.prone;
  if (fall.prone === true) expect(prone).toBe(true);
  if (fall.prone === 'if-lethal') expect(prone).toBe(entry.damage!.lethal > 0);
}

/** A push in the log agrees with `forcedMovement` on the board before it. */
function push(f: Fight, target: string, by: string, squares: number, to?: { x: number; y: number }[], threeDimensional = false): LogEntry {
  const before = f.state.board;
  const extra = { ...(to ? { to } : {}), ...(threeDimensional ? { threeDimensional } : {}) };
  const engine = forcedMovement(before, { kind: 'push', target, by, squares, ...extra });
  expect(engine.stopped?.code).toBe('fell');
  const entry = f.act({ kind: 'forced', effect: 'push', target, by, squares, ...extra });
  expect(f.at(target)).toEqual({ x: engine.x, y: engine.y });
  expect(entry.distribution).toEqual(engine.fall!.distribution);
  return entry;
}

/** Undo two steps, check the board then, redo, and replay the whole log from the planned layout. */
function undoAndReplay(f: Fight): void {
  const final = f.state;
  const back = undo(undo(f.session));
  const earlier = replay(f.planned, back);
  expect(earlier).toEqual(stateAt(f.planned, f.session, f.session.cursor - 3));
  expect(earlier.entries).toHaveLength(final.entries.length - 2);
  expect(replay(f.planned, redo(redo(back)))).toEqual(final);
  const saved: PlaySession = JSON.parse(JSON.stringify(f.session));
  expect(replay(f.planned, saved)).toEqual(final);
  expect(replay(f.planned, goTo(saved, 0)).board.creatures).toEqual(f.planned.creatures);
}

describe('scripted fights from the samples', () => {
  it('Epic Path: a double move that provokes, a push off the shelf, a walk off it, three rounds', () => {
    const f = new Fight(load('epic-path'), 21);
    f.act({ kind: 'initiative', scores: { A: 20, K: 15, D: 10, T: 5 } });
    // Round 1. Ardent double-moves to the shelf's edge past the kobold (epic-path.txt › Double Move).
    const { plan } = f.walk('A', { x: 7, y: 2 }, 'double');
    expect(plan.provokes.map((p) => p.by).sort()).toEqual(['D', 'K']);
    f.act({ kind: 'resolve', pending: f.state.pending[0]!.id, outcome: 'miss' });
    f.next();
    // The kobold pushes it over the edge: 20 ft down (epic-path.txt › Push, › Falling).
    const pushed = push(f, 'A', 'K', 1, [{ x: 8, y: 2 }]);
    expectFall(f, 'epic-path', 'A', pushed, 20, 0);
    f.next(3);
    // Round 2. Ardent stands up if the fall knocked it prone, and the kobold walks off the shelf.
    expect(f.state.round).toBe(2);
    if (f.state.board.creatures.find((c) => c.id === 'A')!.prone) f.act({ kind: 'stand-up', creature: 'A' });
    f.next();
    const damageK = f.state.health.get('K')!.damage;
    const walked = f.walk('K', { x: 8, y: 1 });
    expect(walked.plan.fall).toBe(20);
    expectFall(f, 'epic-path', 'K', walked.entry, 20, damageK);
    f.next(3);
    // Round 3. Ardent steps away.
    expect(f.state.round).toBe(3);
    f.walk('A', { x: 9, y: 1 });
    f.next();
    undoAndReplay(f);
  });

  it('d20 SRD 3.5: the wolf double-moves, Aldric walks off the bluff, Bree provokes the wolf', () => {
    const f = new Fight(load('d20-35'), 35);
    f.act({ kind: 'initiative', scores: { W: 20, A: 15, B: 10, G: 8, H: 5, O: 3 } });
    f.walk('W', { x: 3, y: 3 }, 'double');
    f.next();
    const fell = f.walk('A', { x: 0, y: 3 });
    expect(fell.plan.fall).toBe(10);
    expectFall(f, 'd20-35', 'A', fell.entry, 10, 0);
    f.next();
    const provoking = f.walk('B', { x: 1, y: 3 });
    expect(provoking.plan.provokes.map((p) => p.by)).toEqual(['W']);
    f.act({ kind: 'resolve', pending: provoking.entry.pending[0]!, outcome: 'hit', damage: 5 });
    expect(f.state.health.get('B')!.damage).toBe(5);
    f.next(4);
    // Round 2: the wolf closes in on Bree and Aldric below the bluff.
    expect(f.state.round).toBe(2);
    f.walk('W', { x: 2, y: 3 });
    f.next(6);
    expect(f.state.round).toBe(3);
    f.next(2);
    undoAndReplay(f);
  });

  it('d20 3.0: the wyvern runs, the mage provokes and falls out of the tower', () => {
    const f = new Fight(load('d20-30'), 30);
    f.act({ kind: 'initiative', scores: { E: 20, M: 15, D: 10 } });
    f.walk('E', { x: 3, y: 1 }, 'run');
    f.next();
    const out = f.walk('M', { x: 2, y: 7 });
    expect(out.plan.provokes.every((p) => p.by === 'E')).toBe(true);
    expect(out.plan.provokes.length).toBeGreaterThan(0);
    expect(out.plan.fall).toBe(10);
    expectFall(f, 'd20-30', 'M', out.entry, 10, 0);
    f.next();
    f.walk('D', { x: 2, y: 8 });
    f.next();
    expect(f.state.round).toBe(2);
    f.walk('E', { x: 2, y: 4 });
    f.next(3);
    expect(f.state.round).toBe(3);
    f.next(2);
    f.walk('D', { x: 2, y: 9 }, 'step');
    f.next();
    undoAndReplay(f);
  });

  it('6d6: no attacks of opportunity; Razir walks off the dock and the Game Leader enters the damage', () => {
    const f = new Fight(load('6d6'), 66);
    f.act({ kind: 'initiative', scores: { R: 20, G: 15, B: 10 } });
    const off = f.walk('R', { x: 9, y: 3 });
    expect(off.plan.fall).toBe(10);
    expectFall(f, '6d6', 'R', off.entry, 10, 0);
    expect(off.entry.text).toContain('6d6.txt gives no falling damage: the Game Leader decides it');
    f.act({ kind: 'damage', creature: 'R', amount: 3, note: 'fall, as the Game Leader rules' });
    f.next();
    // 6d6.txt has no attacks of opportunity: a guard walking past Boban provokes nothing.
    const g = f.walk('G', { x: 8, y: 4 });
    expect(g.plan.provokes).toEqual([]);
    f.next();
    const run = f.walk('B', { x: 3, y: 3 }, 'run');
    expect(run.entry.dice[0]!.what).toBe('run score');
    f.next();
    f.walk('R', { x: 10, y: 3 });
    f.next(3);
    expect(f.state.round).toBe(3);
    expect(f.state.health.get('R')!.damage).toBe(3);
    f.next();
    f.walk('G', { x: 8, y: 3 });
    f.next();
    undoAndReplay(f);
  });

  it('Startroid: through the drone (provokes), a push stops at the trench, a push that says so goes in, the sniper drops off the deck', () => {
    const f = new Fight(load('startroid'), 77);
    f.act({ kind: 'initiative', scores: { S: 20, t: 15, Z: 10, M: 5, R: 1 } });
    const through = f.walk('S', { x: 5, y: 3 }, 'move', [{ x: 6, y: 4 }]);
    expect(through.plan.provokes.map((p) => p.by)).toEqual(['t']);
    f.next();
    // startroid.txt › Pull, Push and Slide: the squares stay on one horizontal plane, so a plain push
    // stops at the trench's edge …
    const level = forcedMovement(f.state.board, { kind: 'push', target: 'M', by: 't', squares: 1 });
    expect(level.stopped?.code).toBe('ledge');
    f.act({ kind: 'forced', effect: 'push', target: 'M', by: 't', squares: 1 });
    expect(f.at('M')).toEqual({ x: level.x, y: level.y });
    // … unless the effect says otherwise: then the medic goes over and falls.
    const pushed = push(f, 'M', 't', 1, undefined, true);
    expectFall(f, 'startroid', 'M', pushed, 3, 0);
    f.next();
    f.walk('Z', { x: 8, y: 3 });
    f.next();
    if (f.state.board.creatures.find((c) => c.id === 'M')!.prone) f.act({ kind: 'stand-up', creature: 'M' });
    f.next(2);
    expect(f.state.round).toBe(2);
    const drop = f.walk('S', { x: 7, y: 3 });
    expect(drop.plan.fall).toBe(3);
    expectFall(f, 'startroid', 'S', drop.entry, 3, 0);
    f.next(5);
    expect(f.state.round).toBe(3);
    f.act({ kind: 'teleport', creature: 'S', to: { x: 9, y: 3 } });
    f.next();
    undoAndReplay(f);
  });
});

describe('encounter play (CLI)', () => {
  it('replays a recorded fight from a script to the same positions, damage and log, and undoes', async () => {
    const f = new Fight(load('epic-path'), 5);
    f.act({ kind: 'initiative', scores: { A: 20, K: 15, D: 10, T: 5 } });
    f.walk('A', { x: 7, y: 2 }, 'double');
    f.next();
    push(f, 'A', 'K', 1, [{ x: 8, y: 2 }]);
    f.next();
    const tmp = mkdtempSync(path.join(tmpdir(), 'eb-play-'));
    const script = path.join(tmp, 'moves.json');
    writeFileSync(script, JSON.stringify({ actions: f.session.log }));
    let out = '';
    let err = '';
    const code = run(['play', path.join(dir, SAMPLES['epic-path']), '--script', script, '--seed', '5', '--json'], (s) => (out += s), (s) => (err += s));
    expect(err).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(out);
    for (const c of f.state.board.creatures) {
      expect(answer.creatures.find((k: { id: string }) => k.id === c.id)).toMatchObject({ x: c.x, y: c.y, prone: c.prone, damage: f.state.health.get(c.id)!.damage });
    }
    expect(answer.log.map((e: { text: string }) => e.text)).toEqual(f.state.entries.map((e) => e.text));
    // --undo 2 ends two actions earlier: the push undone, Ardent back on the shelf.
    out = '';
    expect(run(['play', path.join(dir, SAMPLES['epic-path']), '--script', script, '--seed', '5', '--undo', '2', '--json'], (s) => (out += s), (s) => (err += s))).toBe(0);
    const undone = JSON.parse(out);
    expect(undone.creatures.find((k: { id: string }) => k.id === 'A')).toMatchObject({ x: 7, y: 2, damage: 0 });
    // --save writes the session beside the planned layout; reading it back resumes there.
    const saved = path.join(tmp, 'played.encounter');
    out = '';
    expect(await run(['play', path.join(dir, SAMPLES['epic-path']), '--script', script, '--seed', '5', '--save', saved], (s) => (out += s), (s) => (err += s))).toBe(0);
    expect(out).toContain('Kobold pushes Ardent');
    out = '';
    expect(run(['play', saved, '--json'], (s) => (out += s), (s) => (err += s))).toBe(0);
    expect(JSON.parse(out).creatures).toEqual(answer.creatures);
    // A refused action names its number and the reason; exit code 2.
    writeFileSync(script, JSON.stringify([{ kind: 'move', creature: 'A', action: 'move', path: [{ x: 3, y: 3 }] }]));
    err = '';
    expect(run(['play', path.join(dir, SAMPLES['epic-path']), '--script', script], () => {}, (s) => (err += s))).toBe(2);
    expect(err).toBe('encounter: action 1 (move) refused: Roll or enter initiative first: play goes turn by turn.\n');
  });
});
