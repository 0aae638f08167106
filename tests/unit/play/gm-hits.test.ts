import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseScenario } from '../../../src-shared/io';

import { exportLog, newSession, rulesBesideText, type PlayAction } from '../../../src-shared/play';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { play } from './play-steps';

/** Issue 17 › 7, "What a GM hit": the model's and the CLI's half of each problem, one test each. */

// Aric and a wolf on a 20 ft high shelf; the ground drops to 0 at x = 6.
const LEDGE = parseScenario(`ruleset: d20-35
name: Ledge
map:
  . . . . . . . .
  . A . . . . . .
  . . . . . . . .
  . . . W . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  W: name=Wolf size=medium side=enemy speed=50
elevation:
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
  20 20 20 20 20 20 0 0
`);
const initiative: PlayAction = { kind: 'initiative', scores: { A: 15, W: 10 } };

// Epic Path: the text's move is "Walk" and Walk is also where it says moving provokes.
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

describe('issue 17 › 7: what a GM hit, in the model', () => {
  it('a walk off a ledge names the square walked off and the square landed on', () => {
    const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [2, 3, 4, 5, 6].map((x) => ({ x, y: 1 })) };
    const e = play(LEDGE, newSession(7), initiative, walk).state.entries.at(-1)!;
    // The ground drops between 5,1 (20 ft) and 6,1 (0 ft): the ledge is at 5,1, the landing at 6,1.
    expect(e.text).toContain('walks off the ledge at 5,1 and falls 20 ft to 6,1');
  });

  it('a phasing move off a ledge names the square phased off, as a walk does (startroid.txt › Phasing)', () => {
    const deck = parseScenario(`ruleset: startroid
name: Deck
map:
  . . . . . .
  . S . . . .
  . . . . . .
creatures:
  S: name=Shade size=medium side=party speed=6
  Z: name=Zergling size=small side=enemy speed=8 at=5,2
elevation:
  3 3 3 0 0 0
  3 3 3 0 0 0
  3 3 3 0 0 0
`);
    const phase: PlayAction = { kind: 'move', creature: 'S', action: 'move', phasing: true, path: [{ x: 2, y: 1 }, { x: 3, y: 1 }] };
    const e = play(deck, newSession(2), { kind: 'initiative', scores: { S: 20, Z: 1 } }, phase).state.entries.at(-1)!;
    expect(e.text).toContain('phases off the ledge at 2,1 and falls 3 m to 3,1');
  });

  it('"ends the turn" is filed under the round it ended, the new round under its own', () => {
    const { state } = play(LEDGE, newSession(1), initiative, { kind: 'next-turn' }, { kind: 'next-turn' }, { kind: 'next-turn' });
    // Aric ends (round 1), the wolf ends round 1 and round 2 starts, Aric ends in round 2.
    expect(state.entries.map((e) => e.round)).toEqual([1, 1, 1, 2]);
    expect(state.entries[2]!.text).toBe("Wolf ends the turn. Round 2: Aric's turn.");
    const text = exportLog(state, 'text');
    const round1 = text.indexOf('Round 1');
    const round2 = text.indexOf('Round 2\n');
    const wolfEnds = text.indexOf('Wolf ends the turn');
    expect(round1).toBeGreaterThan(-1);
    expect(round2).toBeGreaterThan(-1);
    expect(wolfEnds).toBeGreaterThan(round1);
    expect(wolfEnds).toBeLessThan(round2);
  });

  it('each rule is cited once: no rule twice in the list, none repeated beside the text that quotes it', () => {
    // Kara walks past the bandit: the move (epic-path.txt › Walk) provokes (› Walk again).
    const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] };
    const { state } = play(EPIC, newSession(3), { kind: 'initiative', scores: { A: 20, B: 1 } }, walk);
    const e = state.entries.at(-1)!;
    expect(e.text).toContain('(Epic Path › Walk)');
    const refs = e.rules.map((r) => r.ref);
    expect(refs).toEqual([...new Set(refs)]);
    expect(refs).toContain('epic-path.txt › Walk');
    // The text already says "(Epic Path › Walk)": the line beside it does not repeat it.
    expect(rulesBesideText(e).map((r) => r.ref)).not.toContain('epic-path.txt › Walk');
    // In the exported log, the entry (its line and the rules line under it) cites Walk once.
    const exported = exportLog(state, 'text');
    const entryLines = exported.slice(exported.indexOf('  2. '), exported.indexOf('Where everybody stands'));
    expect(entryLines).toContain('Kara moves');
    expect(entryLines.split('Epic Path › Walk').length - 1).toBe(1);
  });

  it('an attack of opportunity resolved as a hit with no damage entered says so', () => {
    const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }, { x: 4, y: 1 }] };
    const { state, session } = play(EPIC, newSession(3), { kind: 'initiative', scores: { A: 20, B: 1 } }, walk);
    const pending = state.pending.find((p) => p.status === 'open')!;
    const hit = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'hit' }).state.entries.at(-1)!;
    expect(hit.text).toBe("Bandit's attack of opportunity on Kara hits; no damage entered (GM).");
    // A hit the GM says did 0 damage is a number entered, and reads as one.
    const zero = play(EPIC, session, { kind: 'resolve', pending: pending.id, outcome: 'hit', damage: 0 }).state.entries.at(-1)!;
    expect(zero.text).toBe("Bandit's attack of opportunity on Kara hits for 0 damage (GM).");
  });
});

describe('issue 17 › 7: the CLI numbers its log from 1, as the panel and the exported log do', () => {
  it('encounter play --json gives the first entry index 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gm-hits-'));
    const script = path.join(dir, 'moves.json');
    writeFileSync(script, JSON.stringify([initiative, { kind: 'next-turn' }]));
    const options = new Map<string, string>([['script', script], ['json', '']]);
    const answer = JSON.parse(await playCommand(LEDGE, { get: (k) => options.get(k), has: (k) => options.has(k) })) as { log: { index: number; text: string }[] };
    expect(answer.log.map((e) => e.index)).toEqual([1, 2]);
    const text = await playCommand(LEDGE, { get: (k) => (k === 'script' ? script : undefined), has: () => false });
    expect(text).toMatch(/\n {2}1\. Initiative/);
  });
});

describe('the log counts squares in words', () => {
  it('a one-square Startroid move is "1 square", two are "2 squares"', () => {
    const planned = parseScenario(`ruleset: startroid
name: Deck
map:
  . . . . .
  . A . . .
  . . . . .
creatures:
  A: name=Ana size=medium side=party speed=6
`);
    const { state } = play(
      planned,
      newSession(1),
      { kind: 'initiative', scores: { A: 10 } },
      { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] },
    );
    expect(state.entries[1]!.text).toMatch(/: 1 square, .*; 1 square this turn\.$/);
    const two = play(planned, newSession(1), { kind: 'initiative', scores: { A: 10 } }, { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }, { x: 3, y: 1 }] });
    expect(two.state.entries[1]!.text).toMatch(/: 2 squares, .*; 2 squares this turn\.$/);
  });
});
