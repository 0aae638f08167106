import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { damageBars, reachByDistance } from '../../../src-shared/play';
import { chanceAtLeast, fallDamage, parseDice, reachableSquares } from '../../../src-shared/rules';

describe('chart data', () => {
  it('6d6 run: the chance to reach each distance is the chance the 1d6 score covers it (6d6.txt › Run)', () => {
    const e = parseScenario('ruleset: 6d6\nmap:\n  A . . . . . . . .\ncreatures:\n  A: side=party\n');
    const reach = reachableSquares(e, 'A', { action: 'run' });
    const chart = reachByDistance(reach, { x: 0, y: 0 });
    expect(chart[0]).toEqual({ distance: 0, p: 1 });
    for (const { distance, p } of chart.slice(1)) expect(p).toBeCloseTo(chanceAtLeast(parseDice('1d6'), distance), 9);
    expect(chart.at(-1)!.distance).toBe(6);
  });

  it('fall damage as bars, the tallest at full height', () => {
    const bars = damageBars(fallDamage('epic-path', { height: 20 }).distribution);
    expect(bars.map((b) => b.total)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(bars.find((b) => b.total === 7)!.height).toBe(1);
    expect(bars[0]!.height).toBeCloseTo(1 / 6, 9);
  });
});
