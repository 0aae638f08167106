import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { CONDITIONS, newSession, perform, replay, turnOptions, type LogEntry, type PlayAction, type PlaySession, type PlayState } from '../../../src-shared/play';

/**
 * Conditions (issue 17 › 3): each one's effect on movement, written from the sentence of its text
 * first, then played through the model (`perform`) as the panel and the CLI play it.
 */

class Table {
  session: PlaySession;
  state: PlayState;
  constructor(readonly planned: Encounter) {
    this.session = newSession(11);
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

function table(ruleset: string, creatures: string, map = '. . . . . .\n  . . . . . .', scores: Record<string, number> = { A: 20, E: 10 }): Table {
  const t = new Table(parseScenario(`ruleset: ${ruleset}\nmap:\n  ${map}\ncreatures:\n${creatures}`));
  t.act({ kind: 'initiative', scores });
  return t;
}

const allowed = (t: Table, action: string) => turnOptions(t.state).find((o) => o.action === action)!;

describe('epic-path.txt › Overland Travel: "A fatigued character can\'t run or charge"', () => {
  it('refuses the run of a fatigued creature and still lets it walk; the turn options say why', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    const e = t.act({ kind: 'condition', creature: 'A', condition: 'fatigued', on: true });
    expect(e.text).toContain("can't run or charge");
    expect(e.rules.map((r) => r.ref)).toContain('epic-path.txt › Overland Travel');
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'run', path: [{ x: 1, y: 0 }] })).toMatch(/fatigued.*epic-path\.txt › Overland Travel/);
    expect(allowed(t, 'run').allowed).toBe(false);
    expect(allowed(t, 'run').why).toContain('fatigued');
    expect(allowed(t, 'move').allowed).toBe(true);
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(t.creature('A').x).toBe(1);
  });

  it('clearing it lets the creature run again, and the condition is kept per creature in a Map', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'fatigued', on: true });
    expect(t.state.conditions).toBeInstanceOf(Map);
    expect(t.state.conditions.get('A')).toEqual(['fatigued']);
    t.act({ kind: 'condition', creature: 'A', condition: 'fatigued', on: false });
    expect(t.state.conditions.has('A')).toBe(false);
    expect(allowed(t, 'run').allowed).toBe(true);
  });
});

describe('epic-path.txt › Run and › Withdraw: a blinded creature may not run nor withdraw', () => {
  it('sets the flag the engine reads, so both are refused', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'blinded', on: true });
    expect(t.creature('A').blinded).toBe(true);
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'run', path: [{ x: 1, y: 0 }] })).toMatch(/cannot see|blind/i);
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'withdraw', path: [{ x: 1, y: 0 }] })).toMatch(/withdraw.*blinded/);
  });
});

describe('epic-path.txt › Crawling: "While Prone, you can crawl 5 feet as a move action"', () => {
  it('a creature the GM knocks prone crawls or stands up before it walks', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'prone', on: true });
    expect(t.creature('A').prone).toBe(true);
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('epic-path.txt › Crawling');
    t.act({ kind: 'move', creature: 'A', action: 'crawl', path: [{ x: 1, y: 0 }] });
    expect(t.creature('A').x).toBe(1);
  });
});

describe('d20-phb-30.txt › Special Movement Rules: no movement "when all movement is prohibited, such as while paralyzed"', () => {
  it('refuses even the minimum movement, and makes it helpless (› Moving Trough a Square)', () => {
    const t = table('d20-30', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'paralyzed', on: true });
    expect(t.creature('A').helpless).toBe(true);
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'full-round', path: [{ x: 1, y: 0 }] })).toContain('d20-phb-30.txt › Special Movement Rules');
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('paralyzed');
    t.act({ kind: 'condition', creature: 'A', condition: 'paralyzed', on: false });
    expect(t.creature('A').helpless).toBe(false);
  });

  it('a creature helpless on its own stays helpless when its paralysis ends; helpless cannot be cleared while paralyzed', () => {
    const t = table('d20-30', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'E', condition: 'helpless', on: true });
    t.act({ kind: 'condition', creature: 'E', condition: 'paralyzed', on: true });
    expect(t.refusal({ kind: 'condition', creature: 'E', condition: 'helpless', on: false })).toContain('paralyzed, and so helpless while it lasts (d20-phb-30.txt › Special Movement Rules)');
    t.act({ kind: 'condition', creature: 'E', condition: 'paralyzed', on: false });
    expect(t.creature('E').helpless).toBe(true);
    expect(t.state.conditions.has('E')).toBe(false);
    t.act({ kind: 'condition', creature: 'E', condition: 'unconscious', on: true });
    t.act({ kind: 'condition', creature: 'E', condition: 'paralyzed', on: true });
    t.act({ kind: 'condition', creature: 'E', condition: 'unconscious', on: false });
    expect(t.creature('E').helpless).toBe(true);
  });

  it('an enemy moves through an unconscious creature\'s square ("unless the opponent is helpless (dead, unconscious, …)")', () => {
    const t = table('d20-30', '  A: side=party at=0,0\n  E: side=enemy at=1,0\n', '. . . . . .', { A: 20, E: 10 });
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] })).toBeTruthy();
    t.act({ kind: 'condition', creature: 'E', condition: 'unconscious', on: true });
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
    expect(t.creature('A').x).toBe(2);
  });

  it('stunned, blinded, grappling and entangled are named only in the modifier tables: badges with no movement effect', () => {
    const t = table('d20-30', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    for (const condition of ['stunned', 'blinded', 'grappling', 'entangled']) {
      const e = t.act({ kind: 'condition', creature: 'A', condition, on: true });
      expect(e.text).toContain('no movement rule in this text');
    }
    expect(t.creature('A').blinded ?? false).toBe(false);
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(t.creature('A').x).toBe(1);
  });
});

describe('d20-srd-35.txt › Moving through a Square: "unless the opponent is helpless"', () => {
  it('a helpless enemy\'s square can be passed and ended in', () => {
    const t = table('d20-35', '  A: side=party at=0,0\n  E: side=enemy at=1,0\n', '. . . . . .');
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toBeTruthy();
    t.act({ kind: 'condition', creature: 'E', condition: 'helpless', on: true });
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(t.creature('A').x).toBe(1);
  });

  it('offers only the conditions the 3.5 chapter can back: no stunned, no fatigued', () => {
    expect(CONDITIONS['d20-35'].map((r) => r.id)).toEqual(['prone', 'helpless', 'dead']);
    const t = table('d20-35', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    expect(t.refusal({ kind: 'condition', creature: 'A', condition: 'stunned', on: true })).toContain('not a condition');
  });
});

describe('startroid.txt › Teleportation: "Being immobilized or restrained doesn\'t prevent a target from teleporting"', () => {
  it('an immobilized creature cannot walk or shift but still teleports', () => {
    const t = table('startroid', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'immobilized', on: true });
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('startroid.txt › Teleportation');
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'step', path: [{ x: 1, y: 0 }] })).toContain('immobilized');
    const e = t.act({ kind: 'teleport', creature: 'A', to: { x: 3, y: 0 } });
    expect(t.creature('A').x).toBe(3);
    // "the target is no longer immobilized … Otherwise, the target teleports and is still immobilized": the GM says which.
    expect(e.text).toContain('It is still immobilized unless what held it was in the space it left');
    expect(t.state.conditions.get('A')).toEqual(['immobilized']);
  });

  it('startroid.txt › Moving through occupied squares: an ally may end its move in a prone ally\'s square', () => {
    const t = table('startroid', '  A: side=party at=0,0\n  B: side=party at=1,0\n  E: side=enemy at=5,1\n', '. . . . . .\n  . . . . . .', { A: 20, B: 15, E: 10 });
    expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toBeTruthy();
    t.act({ kind: 'condition', creature: 'B', condition: 'prone', on: true });
    t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] });
    expect(t.creature('A').x).toBe(1);
  });
});

describe('6d6.txt: fallen down and unconscious', () => {
  it('› Standing, Sitting & Lying Down: a creature the GM marks fallen down must stand up', () => {
    const t = table('6d6', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    const e = t.act({ kind: 'condition', creature: 'A', condition: 'prone', on: true });
    expect(e.rules.map((r) => r.ref)).toEqual(['6d6.txt › Standing, Sitting & Lying Down']);
    expect(t.creature('A').prone).toBe(true);
    const options = turnOptions(t.state).map((o) => o.action);
    expect(options).toContain('stand-up');
    t.act({ kind: 'stand-up', creature: 'A' });
    expect(t.creature('A').prone).toBe(false);
  });

  it('› Occupied Squares: an unconscious occupant cannot wish to prevent a move: no proximity resistance is rolled', () => {
    const t = table('6d6', '  A: side=party at=0,0\n  E: side=enemy at=1,0\n', '. . . . . .');
    t.act({ kind: 'condition', creature: 'E', condition: 'unconscious', on: true });
    const e = t.act({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 2, y: 0 }] });
    expect(e.dice.filter((d) => d.what.includes('proximity'))).toEqual([]);
    expect(t.creature('A').x).toBe(2);
  });
});

describe('the condition action', () => {
  it('a dead creature does not move itself, in every ruleset', () => {
    for (const ruleset of ['epic-path', 'd20-35', 'd20-30', '6d6', 'startroid']) {
      const t = table(ruleset, '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
      t.act({ kind: 'condition', creature: 'A', condition: 'dead', on: true });
      expect(t.creature('A').dead).toBe(true);
      expect(t.refusal({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }] })).toContain('A is dead');
    }
  });

  it('refuses setting a condition twice, an unknown creature and a non-boolean `on`', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'A', condition: 'stunned', on: true });
    expect(t.refusal({ kind: 'condition', creature: 'A', condition: 'stunned', on: true })).toContain('already stunned');
    expect(t.refusal({ kind: 'condition', creature: 'Z', condition: 'stunned', on: true })).toContain('no creature "Z"');
    expect(t.refusal({ kind: 'condition', creature: 'A', condition: 'prone', on: 'yes' as unknown as boolean })).toContain('on: true');
  });

  it('replays to the same conditions, and undoing the action removes it', () => {
    const t = table('epic-path', '  A: side=party at=0,0\n  E: side=enemy at=5,1\n');
    t.act({ kind: 'condition', creature: 'E', condition: 'stunned', on: true });
    t.act({ kind: 'condition', creature: 'A', condition: 'fatigued', on: true });
    const again = replay(t.planned, t.session);
    expect([...again.conditions]).toEqual([...t.state.conditions]);
    const before = replay(t.planned, { ...t.session, cursor: t.session.cursor - 1 });
    expect(before.conditions.has('A')).toBe(false);
    expect(before.conditions.get('E')).toEqual(['stunned']);
  });
});
