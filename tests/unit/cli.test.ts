import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src-main/cli/encounter';

const dir = mkdtempSync(path.join(tmpdir(), 'eb-cli-'));
const scenario = path.join(dir, 'corridor.txt');
writeFileSync(
  scenario,
  `ruleset: d20-35
map:
  A . , .
  . . . .
creatures:
  A: size=medium side=party speed=30
  E: size=medium side=enemy speed=30 at=3,1
`,
);

function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = run(args, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('encounter CLI', () => {
  it('reach --json answers unit and squares', () => {
    const r = cli('reach', scenario, '--creature', 'A', '--json');
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.out);
    expect(answer.unit).toBe('ft');
    expect(answer.squares).toContainEqual({ x: 2, y: 0, cost: 15, end: true });
    expect(answer.squares).toContainEqual({ x: 0, y: 0, cost: 0, end: true });
    expect(Object.keys(answer)).toEqual(['unit', 'squares']);
  });

  it('path --json answers legality, steps and provocations', () => {
    const r = cli('path', scenario, '--creature', 'A', '--to', '3,0', '--json');
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out);
    expect(p).toMatchObject({ legal: true, reason: '', total: 20 });
    expect(p.steps.at(-1)).toMatchObject({ x: 3, y: 0 });
    // Both cheapest ways pass beside E once.
    expect(p.provokes).toHaveLength(1);
    expect(p.provokes[0].by).toBe('E');
  });

  it('6d6 dice movement reports probabilities', () => {
    const file = path.join(dir, 'run.txt');
    writeFileSync(file, 'ruleset: 6d6\nmap:\n  A . . . . . . .\ncreatures:\n  A: side=party\n');
    const r = JSON.parse(cli('reach', file, '--creature', 'A', '--action', 'run', '--dice', '1d6+1', '--json').out);
    expect(r.unit).toBe('mr');
    expect(r.squares.find((s: { x: number }) => s.x === 7).p).toBeCloseTo(1 / 6);
  });

  it.each([
    [['reach', scenario], /--creature <id> is required/],
    [['reach', scenario, '--creature', 'Z'], /no creature "Z"/],
    [['reach', path.join(dir, 'missing.txt'), '--creature', 'A'], /cannot read .*no such file/],
    [['reach', scenario, '--creature', 'A', '--action', 'teleport'], /--action teleport: use move, double/],
    [['path', scenario, '--creature', 'A', '--to', 'x'], /--to "x" is not a square/],
    [['reach', scenario, '--creature', 'A', '--action', 'withdraw'], /no withdraw action/],
    [['frobnicate'], /unknown command/],
    [['reach', scenario, '--creature', 'A', '--dice', '1d6'], /^encounter: --dice does not apply to --action move/],
    [['reach', scenario, '--creature', 'A', '--action', 'run', '--dice', '1d6'], /^encounter: --dice does not apply to d20-35/],
    [['reach', scenario, '--creature', 'A', '--to', '1,1'], /^encounter: --to does not apply to reach/],
    [['path', scenario, '--creature', 'A', '--to', '1,1', '--z', '5'], /--z applies only to --mode fly/],
    [['collision', '--speed', '30', '--height', '10'], /--height does not apply to collision/],
    [['push', scenario, '--creature', 'A', '--by', 'E', '--squares', '1', '--three-dimensional'], /--three-dimensional does not apply to d20-35/],
    [['reach', scenario, '--creature', 'A', '--phasing'], /--phasing does not apply to d20-35/],
  ])('bad input %j exits 2 with one line on stderr', (args, message) => {
    const r = cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toMatch(message);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('a bad scenario names its line', () => {
    const bad = path.join(dir, 'bad.txt');
    writeFileSync(bad, 'ruleset: d20-35\nmap:\n  . ?\n');
    const r = cli('validate', bad);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.txt: line 3: "\?" at 1,0 is not a map symbol/);
  });
});

describe('encounter CLI: falls and forced movement', () => {
  it('fall --json gives dice terms, min, max, mean and prone', () => {
    const r = cli('fall', '--ruleset', 'epic-path', '--height', '30', '--deliberate', '--json');
    expect(r.code).toBe(0);
    const f = JSON.parse(r.out);
    expect(f.dice).toEqual([
      { count: 1, sides: 6, perDie: 0, kind: 'nonlethal' },
      { count: 2, sides: 6, perDie: 0, kind: 'lethal' },
    ]);
    expect([f.min, f.max, f.mean, f.prone]).toEqual([3, 18, 10.5, true]);
    expect(f.distribution.reduce((a: number, [, p]: [number, number]) => a + p, 0)).toBeCloseTo(1);
  });

  it('6d6 says the GM decides', () => {
    const f = JSON.parse(cli('fall', '--ruleset', '6d6', '--height', '30', '--json').out);
    expect(f).toMatchObject({ dice: [], min: null, gmDecides: true });
  });

  it('push --json answers where the target ends and why it stopped', () => {
    const file = path.join(dir, 'ledge.txt');
    writeFileSync(file, 'ruleset: epic-path\nmap:\n  . B T . .\ncreatures:\n  B: side=enemy\n  T: side=party\nelevation:\n  20 20 20 0 0\n');
    const r = cli('push', file, '--creature', 'T', '--by', 'B', '--squares', '2', '--json');
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out);
    expect(p).toMatchObject({ x: 3, y: 0, z: 0, moved: 1, stopped: { code: 'fell' }, fall: { height: 20, dice: [{ count: 2, sides: 6, kind: 'lethal' }] } });
  });

  it.each([
    [['fall', '--ruleset', 'gurps', '--height', '3'], /--ruleset is one of/],
    [['fall', '--ruleset', 'epic-path'], /--height <number> is required/],
    [['fall', '--ruleset', 'epic-path', '--height', '10', '--surface', 'lava'], /--surface lava/],
    [['push', scenario, '--creature', 'A', '--squares', '1'], /--by <attackerId> is required/],
    [['shift', scenario, '--creature', 'A', '--by', 'E', '--squares', '1', '--to', '1,0'], /Shifting an ally is Startroid's/],
  ])('bad input %j exits 2', (args, message) => {
    const r = cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('encounter fall --seed', () => {
  it('rolls the same dice for the same seed, within the range', () => {
    const a = JSON.parse(cli('fall', '--ruleset', 'd20-35', '--height', '60', '--seed', '11', '--json').out);
    const b = JSON.parse(cli('fall', '--ruleset', 'd20-35', '--height', '60', '--seed', '11', '--json').out);
    expect(a.rolled).toEqual(b.rolled);
    expect(a.rolled.rolls).toHaveLength(6);
    expect(a.rolled.lethal).toBeGreaterThanOrEqual(a.min);
    expect(a.rolled.lethal).toBeLessThanOrEqual(a.max);
  });
});
