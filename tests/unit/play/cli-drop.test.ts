import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlayCliError, playCommand } from '../../../src-main/cli/play';
import { parseEncounter, parseScenario } from '../../../src-shared/io';
import { savedSession, type PlayAction } from '../../../src-shared/play';

// Issue 17 › 6: `encounter play --drop N` undoes log entry N alone (numbered from 1, as the log).

const PLANNED = parseScenario(`ruleset: d20-35
name: Yard
map:
  . . . . . . . .
  . A . . . . . .
  . . . . . . . .
  . . . O . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
`);
const move = (creature: string, x: number, y: number): PlayAction => ({ kind: 'move', creature, action: 'move', path: [{ x, y }] });
// Entry 4 moves the orc 3,3 → 4,3; entry 8 moves it on to 5,3, a step only from 4,3.
const SCRIPT: PlayAction[] = [{ kind: 'initiative', scores: { A: 15, O: 10 } }, move('A', 1, 0), { kind: 'next-turn' }, move('O', 4, 3), { kind: 'next-turn' }, move('A', 0, 1), { kind: 'next-turn' }, move('O', 5, 3)];

const dir = mkdtempSync(path.join(tmpdir(), 'cli-drop-'));
const script = path.join(dir, 'moves.json');
writeFileSync(script, JSON.stringify({ seed: 5, actions: SCRIPT }));
function run(extra: Record<string, string>, json = true) {
  const options = new Map<string, string>([['script', script], ...Object.entries(extra)]);
  if (json) options.set('json', '');
  return playCommand(PLANNED, { get: (k) => options.get(k), has: (k) => options.has(k) });
}

describe('encounter play --drop N', () => {
  it('drops entry N and names the later entries that no longer apply, numbered from 1', async () => {
    const answer = JSON.parse(await run({ drop: '4' })) as {
      dropped: { index: number; text: string; notReapplied: { index: number; kind: string; reason: string }[] };
      log: { index: number; kind: string }[];
      creatures: { id: string; x: number; y: number }[];
      session: { log: PlayAction[]; branches: { log: PlayAction[] }[] };
    };
    expect(answer.dropped.index).toBe(4);
    expect(answer.dropped.text).toContain('Orc');
    expect(answer.dropped.notReapplied).toHaveLength(1);
    expect(answer.dropped.notReapplied[0]).toMatchObject({ index: 8, kind: 'move' });
    expect(answer.dropped.notReapplied[0]!.reason).toContain('is not next to');
    expect(answer.log.map((e) => e.index)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answer.creatures.find((c) => c.id === 'O')).toMatchObject({ x: 3, y: 3 });
    expect(answer.creatures.find((c) => c.id === 'A')).toMatchObject({ x: 0, y: 1 });
    // The script's line is kept in the session, whole.
    expect(answer.session.branches[0]!.log).toEqual(SCRIPT);
  });

  it('prints the drop above the log as text', async () => {
    const text = (await run({ drop: '2' }, false)) as string;
    expect(text).toMatch(/^Dropped entry 2: Aric /);
    expect(text).toContain('Every later entry still applies.');
    const dependent = (await run({ drop: '4' }, false)) as string;
    expect(dependent).toMatch(/\nNo longer applies: entry 8, Orc moves from 4,3 to 5,3[^\n]* Why: Orc cannot take that path: 5,3 is not next to 3,3/);
  });

  it('refuses an entry that is not in the log, and a number that is not one', () => {
    expect(() => run({ drop: '9' })).toThrow(new PlayCliError('--drop 9: the log\'s entries are numbered 1 to 8'));
    expect(() => run({ drop: '0' })).toThrow(PlayCliError);
    expect(() => run({ drop: 'two' })).toThrow(new PlayCliError('--drop "two" is not a whole number'));
  });

  it('--save keeps the line set aside in the file, and --undo steps back after the drop', async () => {
    const out = path.join(dir, 'dropped.encounter');
    await run({ drop: '4', save: out });
    const reopened = parseEncounter(readFileSync(out, 'utf8'));
    expect(reopened.ok).toBe(true);
    if (!reopened.ok) return;
    const session = savedSession(reopened.encounter)!;
    expect(session.log).toHaveLength(6);
    expect(session.branches![0]!.log).toEqual(SCRIPT);
    const back = JSON.parse(await run({ drop: '4', undo: '1' })) as { cursor: number; actions: number };
    expect(back).toMatchObject({ cursor: 5, actions: 6 });
  });
});
