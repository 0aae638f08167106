import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseScenario } from '../../../src-shared/io';
import type { PlayAction } from '../../../src-shared/play';

// `encounter play --json` lists the GM's tools on the board: effects, attack profiles and areas
// (docs/play.md › The command line), beside the fields it always had.

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

const SCRIPT: PlayAction[] = [
  { kind: 'initiative', scores: { A: 15, O: 10 } },
  { kind: 'attack-profile', creature: 'O', against: 15 },
  { kind: 'attack-profile', creature: 'A', attack: '1d20+5', damage: '1d6+1' },
  { kind: 'attack-profile', creature: 'O', attack: '1d20+2' },
  // null clears a field (docs/play.md › Dice, rolled attacks and rolled damage).
  { kind: 'attack-profile', creature: 'O', attack: null } as unknown as PlayAction,
  { kind: 'effect', on: 'A', name: 'Bless', rounds: 2, ends: 'start', turnOf: 'A' },
  { kind: 'round-end-effect', on: 'O', name: 'Burning', damage: '1d4', rounds: 3 },
  { kind: 'area', shape: 'burst', size: 1, origin: { x: 2, y: 2 }, label: 'Fireball' },
  { kind: 'area', shape: 'line', size: 3, origin: { x: 0, y: 0 }, toward: { x: 4, y: 0 } },
  { kind: 'next-turn' },
  { kind: 'next-turn' },
];

const dir = mkdtempSync(path.join(tmpdir(), 'cli-gm-tools-'));
function run(actions: PlayAction[]) {
  const script = path.join(dir, `moves-${actions.length}.json`);
  writeFileSync(script, JSON.stringify({ seed: 3, actions }));
  const options = new Map<string, string>([['script', script], ['json', '']]);
  return JSON.parse(playCommand(PLANNED, { get: (k) => options.get(k), has: (k) => options.has(k) }) as string) as Record<string, unknown>;
}

describe('encounter play --json: effects, attack profiles and areas', () => {
  it('keeps the fields it had and adds the three lists', () => {
    const answer = run(SCRIPT);
    expect(Object.keys(answer)).toEqual(['ruleset', 'seed', 'cursor', 'actions', 'round', 'current', 'order', 'creatures', 'pending', 'effects', 'attackProfiles', 'areas', 'log', 'session']);
    expect(run([]).effects).toEqual([]);
    expect(run([]).attackProfiles).toEqual([]);
    expect(run([]).areas).toEqual([]);
  });

  it('lists each effect with its timing: a duration to a turn edge, a round\'s-end one with what is left', () => {
    const answer = run(SCRIPT);
    expect(answer.round).toBe(2);
    expect(answer.effects).toEqual([
      // Added in round 1 for 2 rounds: ends at the start of Aric's turn in round 3; named by its entry (0-based).
      { id: 'effect-5', kind: 'duration', name: 'Bless', on: 'A', condition: null, ends: 'start', turnOf: 'A', round: 3 },
      // Fired once at the end of round 1: 2 of 3 left.
      { id: 'effect-6', kind: 'round-end', name: 'Burning', on: 'O', condition: null, damage: '1d4', nonlethal: false, left: 2 },
    ]);
  });

  it('lists the attack profiles in the board\'s creature order, a cleared or unset field as null', () => {
    expect(run(SCRIPT).attackProfiles).toEqual([
      { creature: 'A', attack: '1d20+5', damage: '1d6+1', against: null },
      { creature: 'O', attack: null, damage: null, against: 15 },
    ]);
  });

  it('lists each area with its template, the squares it covers and the creatures in it, until cleared', () => {
    const areas = run(SCRIPT).areas as { id: string; squares: { x: number; y: number }[] }[];
    expect(areas).toHaveLength(2);
    // A 1-square burst from a corner covers the four squares at that corner (docs/play.md › Areas).
    expect(areas[0]).toEqual({
      id: '8',
      label: 'Fireball',
      shape: 'burst',
      size: 1,
      origin: { x: 2, y: 2 },
      toward: null,
      round: 1,
      squares: expect.arrayContaining([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 1, y: 2 }, { x: 2, y: 2 }]),
      creatures: [{ creature: 'A', cover: 'none' }],
    });
    expect(areas[0]!.squares).toHaveLength(4);
    // A line along a grid line takes the row on its right as it points: east along y = 0 is row 0.
    expect(areas[1]).toMatchObject({ id: '9', label: 'Line', shape: 'line', size: 3, toward: { x: 4, y: 0 }, creatures: [] });
    expect(areas[1]!.squares).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }]);
    const cleared = run([...SCRIPT, { kind: 'clear-area', area: '8' }]).areas as { id: string }[];
    expect(cleared.map((a) => a.id)).toEqual(['9']);
  });

  it('drops an ended effect from the list', () => {
    const answer = run([...SCRIPT, { kind: 'end-effect', effect: 'effect-5' }]);
    expect((answer.effects as { id: string }[]).map((f) => f.id)).toEqual(['effect-6']);
  });
});
