import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { checkPath } from '../../../src-shared/rules';
import { flankingSquares, flanks, linesBetween, threatenedSquares } from '../../../src-shared/rules/lines';

const field = (map: string, creatures: string, extra = '') =>
  parseScenario(`ruleset: d20-30
map:
${map}
creatures:
${creatures}
${extra}`);

// d20-phb-30.txt › Cover: from the attacker's best corner to every corner of the target's square.
describe('lines: d20 cover (d20-phb-30.txt › Cover)', () => {
  it('open ground: no cover, line of effect and sight', () => {
    const e = field('  . . . . .\n  A . . . B\n  . . . . .', '  A: side=party\n  B: side=enemy');
    const r = linesBetween(e, 'A', { creature: 'B' });
    expect(r).toMatchObject({ cover: 'none', lineOfEffect: true, lineOfSight: true, concealment: 'none' });
    expect(r.lines).toHaveLength(4);
    expect(r.lines.every((l) => l.clear)).toBe(true);
    expect(r.verdict[0]).toContain('no cover');
  });

  it('a wall across the field: total cover, no line of effect', () => {
    const e = field('  . . # . .\n  A . # . B\n  . . # . .', '  A: side=party\n  B: side=enemy');
    const r = linesBetween(e, 'A', { creature: 'B' });
    expect(r.cover).toBe('total');
    expect(r.lineOfEffect).toBe(false);
    expect(r.verdict[0]).toMatch(/total cover.*Total Cover/);
  });

  it('a pillar in line: some line from every corner passes through it, so cover', () => {
    const e = field('  . . . . .\n  A . o . B\n  . . . . .', '  A: side=party\n  B: side=enemy');
    const r = linesBetween(e, 'A', { creature: 'B' });
    expect(r.cover).toBe('cover');
    expect(r.lines.some((l) => l.crosses.includes('the blocked square 2,1'))).toBe(true);
    // Off the line, the same pillar gives nothing.
    const off = field('  . . o . .\n  A . . . B\n  . . . . .', '  A: side=party\n  B: side=enemy');
    expect(linesBetween(off, 'A', { creature: 'B' }).cover).toBe('none');
  });

  it('a creature in between gives soft cover (› Soft Cover)', () => {
    const e = field('  . . . . .\n  A . C . B\n  . . . . .', '  A: side=party\n  B: side=enemy\n  C: side=neutral');
    const r = linesBetween(e, 'A', { creature: 'B' });
    expect(r.cover).toBe('soft');
    expect(r.verdict[0]).toContain('C (soft cover)');
  });

  it('a low obstacle covers a target within 30 ft unless the attacker is closer to it (› Low Obstacles and Cover)', () => {
    const low = (a: number, b: number) => field('  . . . . . . .\n  . . . . . . .\n  . . . . . . .', `  A: side=party at=${a},1\n  B: side=enemy at=${b},1`, 'walls:\n  low 2,1 3,1');
    expect(linesBetween(low(0, 4), 'A', { creature: 'B' }).cover).toBe('cover');
    expect(linesBetween(low(2, 6), 'A', { creature: 'B' }).cover).toBe('none');
    // Adjacent melee across the low wall: cover (› Cover: "through a wall (including a low wall)").
    expect(linesBetween(low(2, 3), 'A', { creature: 'B' }, { melee: true }).cover).toBe('cover');
  });

  it('a big attacker chooses its best square (› Big Creatures and Cover)', () => {
    const e = field('  . . . . . .\n  . . . . . .\n  . . o . . .\n  . . . . . .', '  L: side=party size=large at=0,0\n  B: side=enemy at=4,2');
    // From its lower-right square the line passes the pillar; from its upper squares it need not.
    expect(linesBetween(e, 'L', { creature: 'B' }).cover).toBe('none');
  });

  it('the same lines to a square', () => {
    const e = field('  . . # . .\n  A . # . .\n  . . # . .', '  A: side=party');
    expect(linesBetween(e, 'A', { square: { x: 4, y: 1 } }).lineOfEffect).toBe(false);
    expect(linesBetween(e, 'A', { square: { x: 1, y: 2 } }).lineOfEffect).toBe(true);
    expect(() => linesBetween(e, 'A', { square: { x: 9, y: 1 } })).toThrow(/not a square/);
  });
});

describe('lines: Startroid line of sight and line of effect', () => {
  it('uses the sight lines teleport and forced movement use, with both rules cited', () => {
    const e = parseScenario('ruleset: startroid\nmap:\n  A . # . B\n  . . # . .\ncreatures:\n  A: side=party speed=6\n  B: side=enemy speed=6\n');
    const r = linesBetween(e, 'A', { creature: 'B' });
    expect(r).toMatchObject({ lineOfSight: false, lineOfEffect: false, cover: 'not-in-text' });
    expect(r.rules).toEqual(['startroid.txt › Teleportation', 'startroid.txt › Forced Movement']);
    const open = linesBetween(e, 'A', { square: { x: 1, y: 1 } });
    expect(open.lineOfSight).toBe(true);
    expect(open.verdict[0]).toContain('may teleport there');
  });
});

describe('threat and flanking', () => {
  it('a Medium creature threatens the squares around it; leaving one provokes, as the engine says', () => {
    const e = field('  . . . . .\n  . . . . .\n  . . E . .\n  . . . . .\n  A . . . .', '  E: side=enemy\n  A: side=party');
    const t = threatenedSquares(e, 'E');
    expect(t.range).toBe(1);
    expect(t.squares).toHaveLength(9);
    // Walking from a threatened square provokes; from an unthreatened one it does not.
    expect(checkPath(e, 'A', [{ x: 1, y: 3 }, { x: 1, y: 2 }, { x: 0, y: 1 }], { action: 'move' }).provokes.map((p) => [p.x, p.y])).toEqual(
      [{ x: 1, y: 3 }, { x: 1, y: 2 }].filter((s) => t.squares.some((q) => q.x === s.x && q.y === s.y)).map((s) => [s.x, s.y]),
    );
  });

  it('reach 10 ft threatens by the 1-2-1 count (d20-phb-30.txt › Measuring Distance)', () => {
    const e = field('  . . . . . . .\n  . . . . . . .\n  . . . . . . .\n  . . . E . . .\n  . . . . . . .\n  . . . . . . .\n  . . . . . . .', '  E: side=enemy reach=10');
    const t = threatenedSquares(e, 'E');
    expect(t.squares).toContainEqual({ x: 5, y: 4 });
    expect(t.squares).not.toContainEqual({ x: 5, y: 5 });
  });

  it('flanking: opposite borders flank, adjacent borders do not (d20-phb-30.txt › Flanking)', () => {
    const e = (a: string, b: string) => field('  . . . . .\n  . . . . .\n  . . E . .\n  . . . . .\n  . . . . .', `  E: side=enemy\n  A: side=party at=${a}\n  B: side=party at=${b}`);
    expect(flanks(e('1,2', '3,2'), 'E').flanks).toHaveLength(1);
    expect(flanks(e('1,1', '3,3'), 'E').flanks).toHaveLength(1);
    expect(flanks(e('1,2', '2,1'), 'E').flanks).toHaveLength(0);
    expect(flanks(e('1,1', '3,2'), 'E').flanks).toHaveLength(0);
    // A creature that does not threaten the target cannot flank.
    expect(flanks(e('0,2', '3,2'), 'E').flanks).toHaveLength(0);
    expect(flankingSquares(e('1,2', '4,4'), 'E', 'A')).toEqual([{ x: 3, y: 2 }]);
  });

  it('rulesets without flanking say so', () => {
    const e = parseScenario('ruleset: d20-35\nmap:\n  A E B\ncreatures:\n  A: side=party\n  B: side=party\n  E: side=enemy\n');
    const f = flanks(e, 'E');
    expect(f.rule).toBeNull();
    expect(f.note).toBe('d20-srd-35.txt has no flanking in its movement chapter.');
  });
});
