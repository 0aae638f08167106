import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { newSession, perform, replay, turnOptions, type LogEntry, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';
import { checkPath, fallDamage } from '../../../src-shared/rules';

/**
 * Play against the texts (issue 16): each answer Play gave wrongly, written from the sentence first —
 * and Play asking the engine the same question the CLI and the golden cases ask.
 */

class Table {
  session: PlaySession;
  state: PlayState;
  constructor(
    readonly planned: Encounter,
    seed = 7,
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
  refusal(action: PlayAction): string {
    const r = perform(this.planned, this.session, action, this.state);
    if (r.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
    return r.reason;
  }
  creature(id: string) {
    return this.state.board.creatures.find((c) => c.id === id)!;
  }
}

function table(scenario: string, order: Record<string, number>, seed = 7): Table {
  const t = new Table(parseScenario(scenario), seed);
  t.act({ kind: 'initiative', scores: order });
  return t;
}

describe('6d6.txt › Occupied Squares: the proximity resistance action', () => {
  const scenario = (resist: string) => `ruleset: 6d6
map:
  A E . .
creatures:
  A: side=party
  E: side=enemy ${resist}
`;

  it('a roll the mosey cannot cover stops the move outside the occupied square, and the action is spent', () => {
    // Mosey 3 against MR 1 + E's 1d6: a roll of 1 or 2 lets A in; 3 or more ends the move "with the
    // character outside the occupied square". Over a few seeds, both happen.
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const t = table(scenario('resist=1d6'), { A: 20, E: 10 }, seed);
      const e = t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
      expect(e.dice).toHaveLength(1);
      expect(e.dice[0]).toMatchObject({ what: "E's proximity resistance (entering its square)", dice: '1d6' });
      const roll = e.dice[0]!.total;
      if (1 + roll <= 3) {
        expect(t.creature('A')).toMatchObject({ x: 1, y: 0 });
        seen.add('in');
      } else {
        expect(t.creature('A')).toMatchObject({ x: 0, y: 0 });
        expect(e.text).toContain('stops the move');
        expect(e.rules.map((r) => r.ref)).toContain('6d6.txt › Occupied Squares');
        expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('no move action left');
        seen.add('out');
      }
    }
    expect([...seen].sort()).toEqual(['in', 'out']);
  });

  it('a fixed resistance the score cannot cover is refused before anything is rolled', () => {
    const t = table(scenario('resist=3'), { A: 20, E: 10 });
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('it costs 4 mr');
  });

  it('rolls the occupant\'s dice from the seed, logs them, and moves exactly as the engine prices those rolls', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const t = table(scenario('resist=1d6'), { A: 20, E: 10 }, seed);
      const before = t.state.board;
      const e = t.act({ kind: 'move', creature: 'A', action: 'run', score: 6, path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
      // Entering E's square, then leaving it: two actions, each 1d6, each at least 1.
      expect(e.dice.map((d) => d.what)).toEqual(["E's proximity resistance (entering its square)", "E's proximity resistance (leaving its square)"]);
      for (const d of e.dice) {
        expect(d.dice).toBe('1d6');
        expect(d.total).toBe(d.rolls[0]);
      }
      const [enter, leave] = e.dice.map((d) => d.total);
      const engine = checkPath(before, 'A', [{ x: 1, y: 0 }, { x: 2, y: 0 }], { action: 'run', score: 6, resistRolled: { E: { enter: enter!, leave: leave! } } });
      // Score 6 covers 1 + enter, then 1 + leave more, or stops where the engine says.
      const expected = 2 + enter! + leave! <= 6 ? { x: 2, y: 0 } : 1 + enter! <= 6 ? { x: 1, y: 0 } : { x: 0, y: 0 };
      expect(engine.legal ? { x: 2, y: 0 } : engine.stopsAt).toEqual(expected);
      expect({ x: t.creature('A').x, y: t.creature('A').y }).toEqual(expected);
    }
  });

  it('a helpless occupant adds the minimum 1 and rolls nothing', () => {
    const t = table(scenario('helpless'), { A: 20, E: 10 });
    const e = t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
    expect(e.dice).toEqual([]);
    expect(t.creature('A')).toMatchObject({ x: 2, y: 0 });
    expect(t.state.turn.spent).toBe(3);
  });
});

describe('6d6.txt › Standing, Sitting & Lying Down: a creature that falls "falls down"', () => {
  it('walking off a ledge leaves it prone, and standing up costs a movement action', () => {
    const t = table(
      `ruleset: 6d6
map:
  A . .
creatures:
  A: side=party
elevation:
  10 0 0
`,
      { A: 20 },
    );
    const e = t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(e.conditions).toContain('prone');
    expect(t.creature('A').prone).toBe(true);
    expect(e.rules.map((r) => r.ref)).toContain('6d6.txt › Standing, Sitting & Lying Down');
  });
});

describe('epic-path.txt › Run in the air: a straight line, as the engine checks it', () => {
  const lair = readFileSync(path.resolve(__dirname, '../../../resources/encounters/drake-lair.epic-path.txt'), 'utf8');

  it('refuses the Tiny familiar a bent flying run and allows the straight one', () => {
    const t = table(lair, { T: 30, A: 20, D: 10, K: 5 });
    // From 2,4 at 20 ft up (the ledge's height) to 7,7: the line is 3,5 4,5 5,6 6,6 7,7.
    const z = t.creature('T').altitude;
    const bent = [{ x: 3, y: 5 }, { x: 4, y: 6 }, { x: 5, y: 6 }, { x: 6, y: 7 }, { x: 7, y: 7 }].map((p) => ({ ...p, z: 20 + z }));
    expect(t.refusal({ kind: 'move', creature: 'T', action: 'run', mode: 'fly', path: bent })).toContain('straight line');
    const straight = [{ x: 3, y: 5 }, { x: 4, y: 5 }, { x: 5, y: 6 }, { x: 6, y: 6 }, { x: 7, y: 7 }].map((p) => ({ ...p, z: 20 + z }));
    t.act({ kind: 'move', creature: 'T', action: 'run', mode: 'fly', path: straight });
    expect(t.creature('T')).toMatchObject({ x: 7, y: 7 });
  });
});

describe('epic-path.txt › Part of a Move Action: standing up, then walking', () => {
  it('a prone creature stands up (a move action) and still walks with the standard action taken as a move', () => {
    const t = table(
      `ruleset: epic-path
map:
  A . . . .
creatures:
  A: side=party prone
`,
      { A: 20 },
    );
    t.act({ kind: 'stand-up', creature: 'A' });
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
    expect(t.creature('A')).toMatchObject({ x: 2, y: 0, prone: false });
    // Two move actions a turn, no more.
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 3, y: 0 }] })).toContain('no move action left');
  });
});

describe('startroid.txt › Inertia: momentum is mass × speed', () => {
  const cliff = (size: string, extra = '') => `ruleset: startroid
map:
  A . .
creatures:
  A: side=party size=${size} ${extra}
elevation:
  3 0 0
`;
  it('a Tiny drone that walks off 3 m takes what its mass gives, not a human\'s 3d10', () => {
    // v = √(19.6 × 3) ≈ 7.67 m/s; 10 kg → 77 kg·m/s, under 200: no die. 80 kg → 613: 3d10.
    const drone = table(cliff('tiny'), { A: 20 });
    const e = drone.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(e.dice).toEqual([]);
    expect(e.text).toContain('too short a fall to hurt');
    const human = table(cliff('medium'), { A: 20 });
    const h = human.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(h.dice[0]!.dice).toBe('3d10');
    expect(h.dice[0]!.dice).toBe(`${fallDamage('startroid', { height: 3, mass: 80 }).dice[0]!.count}d10`);
    // A mass the GM sets wins over the size's default.
    const heavy = table(cliff('tiny', 'mass=80'), { A: 20 });
    expect(heavy.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] }).dice[0]!.dice).toBe('3d10');
  });
});

describe('d20-phb-30.txt › How Far Can Your Character Move?: no double move', () => {
  it('Play neither offers nor allows one', () => {
    const t = table(
      `ruleset: d20-30
map:
  A . . . . . . . . . . . .
creatures:
  A: side=party
`,
      { A: 20 },
    );
    expect(turnOptions(t.state).map((o) => o.action)).not.toContain('double');
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'double', path: [{ x: 1, y: 0 }] })).toContain('has no double');
  });
});

describe('per-creature play state is keyed safely (issue 19, item 1)', () => {
  // Built directly, bypassing the loaders (which refuse such ids): the play model must not care.
  function oddlyNamed(): Encounter {
    const e = parseScenario(`ruleset: d20-30
map:
  A . . . .
  B . . . .
creatures:
  A: side=party
  B: side=enemy
`);
    e.creatures[0]!.id = 'constructor';
    e.creatures[1]!.id = '__proto__';
    return e;
  }

  it('a creature called "constructor" is not stalled, rolls a number for initiative and moves', () => {
    const t = new Table(oddlyNamed(), 3);
    t.act({ kind: 'roll-initiative', modifiers: {} });
    for (const o of t.state.order) expect(typeof o.score).toBe('number');
    t.act({ kind: 'order', order: ['constructor', '__proto__'] });
    expect(t.state.current).toBe('constructor');
    expect(turnOptions(t.state).find((o) => o.action === 'move')!.allowed).toBe(true);
    t.act({ kind: 'move', creature: 'constructor', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(t.creature('constructor')).toMatchObject({ x: 1, y: 0 });
  });

  it('damage to a creature called "__proto__" is its own and pollutes nothing', () => {
    const t = new Table(oddlyNamed(), 3);
    t.act({ kind: 'initiative', scores: JSON.parse('{"__proto__": 12, "constructor": 5}') as Record<string, number> });
    expect(t.state.order.map((o) => o.creature)).toEqual(['__proto__', 'constructor']);
    t.act({ kind: 'damage', creature: '__proto__', amount: 4 });
    t.act({ kind: 'hit-points', creature: '__proto__', hitPoints: 9 });
    expect(t.state.health.has('__proto__')).toBe(true);
    expect(t.state.health.get('__proto__')).toEqual({ hitPoints: 9, damage: 4, nonlethal: 0, temporary: 0 });
    expect(t.state.health.get('constructor')).toEqual({ hitPoints: null, damage: 0, nonlethal: 0, temporary: 0 });
    expect(({} as Record<string, unknown>)['damage']).toBeUndefined();
    expect(Object.keys(t.state.stalled)).toEqual([]);
    expect(t.state.stalled['constructor']).toBeUndefined();
  });
});
