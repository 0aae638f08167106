import { describe, expect, it } from 'vitest';
import { chanceAtLeast, diceRange, distribution, formatDice, parseDice, roll, seededRandom } from '../../../src-shared/rules';

describe('dice', () => {
  it('parse and format expressions', () => {
    expect(parseDice('1d6+1')).toEqual({ count: 1, sides: 6, bonus: 1 });
    expect(parseDice('d6')).toEqual({ count: 1, sides: 6, bonus: 0 });
    expect(parseDice(' 3d6 - 2 ')).toEqual({ count: 3, sides: 6, bonus: -2 });
    expect(formatDice(parseDice('2d10+3'))).toBe('2d10+3');
    expect(() => parseDice('banana')).toThrow(/not a dice expression/);
    expect(() => parseDice('500d6')).toThrow(/outside/);
  });

  it('give exact distributions and ranges', () => {
    const two = distribution(parseDice('2d6'));
    expect(two.get(7)).toBeCloseTo(6 / 36);
    expect([...two.values()].reduce((a, b) => a + b)).toBeCloseTo(1);
    expect(diceRange(parseDice('3d6+1'))).toEqual({ min: 4, max: 19, mean: 11.5 });
    expect(chanceAtLeast(parseDice('1d6'), 5)).toBeCloseTo(2 / 6);
    expect(chanceAtLeast(parseDice('1d6'), 0)).toBe(1);
  });

  it('roll replayably from a seed', () => {
    const d = parseDice('4d6');
    const a = Array.from({ length: 20 }, ((r) => () => roll(d, r))(seededRandom(42)));
    const b = Array.from({ length: 20 }, ((r) => () => roll(d, r))(seededRandom(42)));
    expect(a).toEqual(b);
    for (const v of a) expect(v).toBeGreaterThanOrEqual(4);
    expect(new Set(a).size).toBeGreaterThan(3);
  });
});
