import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { exportLog, newSession, perform, replay, type PlayAction, type PlaySession } from '../../../src-shared/play';
import { play } from './play-steps';

/**
 * Hit points (issue 17 › 3): a ruleset-neutral GM tracker. The expectations are the tracker's own
 * arithmetic (maximum less damage; temporary hit points take damage first), written before the code
 * ran; falls and forced falls reach it through the one `takeDamage`.
 */

function refusal(planned: Encounter, session: PlaySession, action: PlayAction): string {
  const r = perform(planned, session, action);
  if (r.ok) throw new Error(`expected ${JSON.stringify(action)} to be refused`);
  return r.reason;
}

const FLAT = (ruleset: string) => parseScenario(`ruleset: ${ruleset}\nmap:\n  A . . E\ncreatures:\n  A: name=Aric side=party\n  E: name=Ettin side=enemy\n`);

// An ogre beside a bandit on a 20-ft cliff top (x <= 2); the ground below at x >= 3.
const CLIFF = parseScenario(`ruleset: epic-path
map:
  . . . . . .
  . O B . . .
  . . # . . .
creatures:
  O: name=Ogre side=enemy
  B: name=Bandit side=party
elevation:
  20 20 20 0 0 0
  20 20 20 0 0 0
  20 20 20 0 0 0
`);

describe('hit points: maximum, damage, temporary, nonlethal, healing', () => {
  it('temporary hit points take damage first; the entry says what is left', () => {
    const { state } = play(FLAT('d20-35'), newSession(1),
      { kind: 'hit-points', creature: 'E', hitPoints: 10 },
      { kind: 'temporary-hit-points', creature: 'E', amount: 3 },
      { kind: 'damage', creature: 'E', amount: 5 });
    expect(state.health.get('E')).toEqual({ hitPoints: 10, damage: 2, nonlethal: 0, temporary: 0 });
    const e = state.entries.at(-1)!;
    expect(e.text).toBe('Ettin takes 5 damage; 3 taken by temporary hit points, 8 of 10 hit points left (GM).');
    expect(e.damage).toEqual({ lethal: 2, nonlethal: 0 });
  });

  it('at 0 or below the entry says so (the texts give no hit point rule: nothing else changes)', () => {
    const { state } = play(FLAT('epic-path'), newSession(1),
      { kind: 'hit-points', creature: 'E', hitPoints: 6 },
      { kind: 'damage', creature: 'E', amount: 6 },
      { kind: 'damage', creature: 'E', amount: 3 });
    expect(state.entries.at(-2)!.text).toContain('at 0 hit points');
    expect(state.entries.at(-1)!.text).toContain('at -3 hit points');
    const ettin = state.board.creatures.find((c) => c.id === 'E')!;
    expect([ettin.dead ?? false, ettin.helpless, ettin.prone]).toEqual([false, false, false]);
  });

  it('healing takes damage off, never below none; nonlethal heals apart', () => {
    const { state } = play(FLAT('d20-30'), newSession(1),
      { kind: 'hit-points', creature: 'A', hitPoints: 20 },
      { kind: 'damage', creature: 'A', amount: 7 },
      { kind: 'damage', creature: 'A', amount: 4, nonlethal: true },
      { kind: 'heal', creature: 'A', amount: 3 },
      { kind: 'heal', creature: 'A', amount: 9, nonlethal: true });
    expect(state.health.get('A')).toEqual({ hitPoints: 20, damage: 4, nonlethal: 0, temporary: 0 });
    expect(state.entries.at(-2)!.text).toBe('Aric heals 3 damage; 16 of 20 hit points left (GM).');
    expect(state.entries.at(-1)!.text).toBe('Aric heals 4 nonlethal damage (9 given, 4 taken); 0 nonlethal left (GM).');
  });

  it('6d6 and Startroid keep no temporary hit points nor nonlethal damage: refused with the reason', () => {
    for (const ruleset of ['6d6', 'startroid']) {
      const s = newSession(1);
      expect(refusal(FLAT(ruleset), s, { kind: 'temporary-hit-points', creature: 'A', amount: 4 })).toContain('no temporary hit points');
      expect(refusal(FLAT(ruleset), s, { kind: 'damage', creature: 'A', amount: 4, nonlethal: true })).toContain('no nonlethal damage');
      expect(refusal(FLAT(ruleset), s, { kind: 'heal', creature: 'A', amount: 4, nonlethal: true })).toContain('no nonlethal damage');
    }
    expect(refusal(FLAT('epic-path'), newSession(1), { kind: 'heal', creature: 'A', amount: -1 })).toContain('whole number');
  });
});

describe('damage from falls and forced movement goes to hit points', () => {
  it('a push over the edge (epic-path.txt › Push): the fall\'s damage comes off the hit points and the entry says what is left', () => {
    const { session, state } = play(CLIFF, newSession(4),
      { kind: 'hit-points', creature: 'B', hitPoints: 30 },
      { kind: 'temporary-hit-points', creature: 'B', amount: 2 },
      { kind: 'forced', effect: 'push', target: 'B', by: 'O', squares: 2 });
    const e = state.entries.at(-1)!;
    const rolled = e.dice[0]!.total;
    expect(rolled).toBeGreaterThanOrEqual(2);
    const h = state.health.get('B')!;
    expect(h.temporary).toBe(0);
    expect(h.damage).toBe(rolled - 2);
    expect(e.text).toContain(`2 taken by temporary hit points, ${30 - (rolled - 2)} of 30 hit points left`);
    expect(replay(CLIFF, session)).toEqual(state);
  });

  it('an attack of opportunity\'s damage goes to hit points too', () => {
    const planned = parseScenario('ruleset: d20-35\nmap:\n  . . . .\n  . A O .\n  . . . .\ncreatures:\n  A: name=Aric side=party\n  O: name=Orc side=enemy\n');
    const moved = play(planned, newSession(1),
      { kind: 'hit-points', creature: 'A', hitPoints: 12 },
      { kind: 'initiative', scores: { A: 20, O: 5 } },
      { kind: 'move', creature: 'A', action: 'move', path: [{ x: 1, y: 0 }, { x: 0, y: 0 }] });
    const pending = moved.state.pending[0]!;
    const { state } = play(planned, moved.session, { kind: 'resolve', pending: pending.id, outcome: 'hit', damage: 5 });
    expect(state.health.get('A')!.damage).toBe(5);
    expect(state.entries.at(-1)!.text).toBe("Orc's attack of opportunity on Aric hits for 5 damage; 7 of 12 hit points left (GM).");
  });

  it('the exported log lists hit points, temporary hit points and conditions', () => {
    const { state } = play(FLAT('epic-path'), newSession(1),
      { kind: 'hit-points', creature: 'E', hitPoints: 10 },
      { kind: 'temporary-hit-points', creature: 'E', amount: 4 },
      { kind: 'damage', creature: 'E', amount: 6 },
      { kind: 'condition', creature: 'E', condition: 'stunned', on: true });
    const md = exportLog(state, 'markdown');
    expect(md).toContain('| Ettin | 3,0 | 0 ft | no | 2 | 0 | 8 of 10 | stunned |');
    expect(exportLog(state, 'text')).toContain('Ettin: 3,0, stunned; damage 2; hit points 8 of 10');
  });
});

describe('encounter play scripts take the new action kinds (docs/play.md)', () => {
  it('condition, heal and temporary-hit-points through src-main/cli/play.ts, answered in --json', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'play-health-'));
    const script = path.join(dir, 'moves.json');
    writeFileSync(script, JSON.stringify([
      { kind: 'hit-points', creature: 'E', hitPoints: 10 },
      { kind: 'temporary-hit-points', creature: 'E', amount: 2 },
      { kind: 'damage', creature: 'E', amount: 7 },
      { kind: 'heal', creature: 'E', amount: 1 },
      { kind: 'condition', creature: 'E', condition: 'fatigued', on: true },
      { kind: 'condition', creature: 'A', condition: 'prone', on: true },
    ]));
    const options = new Map<string, string>([['script', script], ['json', '']]);
    const answer = JSON.parse(await playCommand(FLAT('epic-path'), { get: (k) => options.get(k), has: (k) => options.has(k) })) as {
      creatures: { id: string; damage: number; hitPoints: number | null; temporaryHitPoints: number; conditions: string[]; prone: boolean }[];
      log: { kind: string }[];
    };
    expect(answer.creatures.find((c) => c.id === 'E')).toMatchObject({ damage: 4, hitPoints: 10, temporaryHitPoints: 0, conditions: ['fatigued'] });
    expect(answer.creatures.find((c) => c.id === 'A')).toMatchObject({ prone: true, conditions: ['prone'] });
    expect(answer.log.map((e) => e.kind)).toEqual(['hit-points', 'temporary-hit-points', 'damage', 'heal', 'condition', 'condition']);
    // A condition the text does not name stops the script with the reason.
    writeFileSync(script, JSON.stringify([{ kind: 'condition', creature: 'A', condition: 'paralyzed', on: true }]));
    expect(() => playCommand(FLAT('epic-path'), { get: (k) => options.get(k), has: (k) => options.has(k) })).toThrow(/action 1 \(condition\) refused: "paralyzed" is not a condition/);
  });
});
