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
