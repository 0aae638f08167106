import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../src-shared/rules/engine/dice';
import { DiceFormulaError, diceRollText, formulaRange, parseDiceFormula, rollDice, rollDiceFormula } from '../../../src-shared/play/dice-roller';

/** Issue 17 › 2: the GM's dice roller (a ruleset-neutral tool: no rule text defines it). */

/** A source that returns the given faces of a `sides`-sided die, in order. */
function faces(sides: number, ...values: number[]) {
  let k = 0;
  return () => (values[k++]! - 1 + 0.5) / sides;
}

function refusal(text: string): DiceFormulaError {
  try {
    parseDiceFormula(text);
  } catch (e) {
    if (e instanceof DiceFormulaError) return e;
    throw e;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('reading an expression', () => {
  it('reads sums of dice and numbers, keeps, signs and spaces', () => {
    expect(parseDiceFormula('2d6+3').terms).toEqual([{ sign: 1, count: 2, sides: 6 }, { sign: 1, number: 3 }]);
    expect(parseDiceFormula(' 4D6KH3 ').terms).toEqual([{ sign: 1, count: 4, sides: 6, keep: { which: 'highest', n: 3 } }]);
    expect(parseDiceFormula('2d20kl1').terms).toEqual([{ sign: 1, count: 2, sides: 20, keep: { which: 'lowest', n: 1 } }]);
    expect(parseDiceFormula('3d6 - 1').terms).toEqual([{ sign: 1, count: 3, sides: 6 }, { sign: -1, number: 1 }]);
    expect(parseDiceFormula('d20+5+1d4').terms).toEqual([{ sign: 1, count: 1, sides: 20 }, { sign: 1, number: 5 }, { sign: 1, count: 1, sides: 4 }]);
    expect(parseDiceFormula('-1d4').terms).toEqual([{ sign: -1, count: 1, sides: 4 }]);
    expect(parseDiceFormula('7').terms).toEqual([{ sign: 1, number: 7 }]);
  });

  it('refuses a typo with the reason and the character where it goes wrong', () => {
    const x = refusal('2x6');
    expect(x.message).toBe('"2x6": expected "+", "-" or the end but found "x" at character 2; dice look like 2d6+3, 4d6kh3 or 1d20+5.');
    expect(x.at).toBe(1);
    expect(refusal('2d6+').message).toBe('"2d6+": "+" at character 4 needs dice or a number after it.');
    expect(refusal('2d').message).toBe('"2d": a die needs its number of sides after "d" (the end); dice look like 2d6+3, 4d6kh3 or 1d20+5.');
    expect(refusal('2d6kh3').message).toBe('"2d6kh3": keeps 3 of 2 dice: keep 1 to 2 (at character 4).');
    expect(refusal('4d6kh').message).toContain('"kh" needs how many dice to keep (the end), as in 4d6kh3.');
    expect(refusal('1d0').message).toBe('"1d0": a die has 1 to 1000 sides, not 0 (at character 3).');
    expect(refusal('0d6').message).toBe('"0d6": roll 1 to 100 dice in a term, not 0 (at character 1).');
    expect(refusal('101d6').message).toContain('roll 1 to 100 dice in a term, not 101');
    expect(refusal('1d20>15').at).toBe(4);
    expect(refusal('   ').message).toBe('Write a dice expression: dice look like 2d6+3, 4d6kh3 or 1d20+5.');
    // `at` counts in the text as typed, leading spaces included, so the field can put the caret there.
    expect(refusal('  2x6').at).toBe(3);
    expect(refusal('1+'.repeat(20) + '1').message).toContain('at most 20 terms');
  });
});

describe('rolling', () => {
  it('adds every die and number, and lists each face', () => {
    const r = rollDice('2d6+3', faces(6, 4, 5), 'test');
    expect(r).toEqual({ what: 'test', dice: '2d6+3', rolls: [4, 5], total: 12 });
    expect(rollDice('1d20-1d4-2', () => 0.99, 'x').total).toBe(20 - 4 - 2);
  });

  it('4d6kh3 drops the lowest die (the earlier of equal ones stays)', () => {
    const r = rollDice('4d6kh3', faces(6, 5, 2, 6, 2), 'ability');
    expect(r.rolls).toEqual([5, 2, 6, 2]);
    expect(r.dropped).toEqual([3]);
    expect(r.total).toBe(13);
    expect(diceRollText(r)).toBe('4d6kh3 → 5, 2, 6, (2) = 13');
  });

  it('2d20kl1 keeps the lowest', () => {
    const r = rollDice('2d20kl1', faces(20, 17, 4), 'disadvantage');
    expect(r).toMatchObject({ rolls: [17, 4], dropped: [0], total: 4 });
  });

  it('the same seed rolls the same; rolls do not share state between calls', () => {
    const a = rollDice('10d20+4d6kh2', seededRandom(99), 'a');
    rollDice('50d6', seededRandom(5), 'other');
    expect(rollDice('10d20+4d6kh2', seededRandom(99), 'a')).toEqual(a);
  });
});

/** Expressions built from parts, so a property can state what their total must be. */
const term = fc.oneof(
  fc.record({ count: fc.integer({ min: 1, max: 12 }), sides: fc.constantFrom(1, 2, 4, 6, 8, 10, 12, 20, 100), keep: fc.option(fc.record({ which: fc.constantFrom('h', 'l'), n: fc.integer({ min: 1, max: 12 }) }), { nil: undefined }) }).map((t) => `${t.count}d${t.sides}${t.keep ? `k${t.keep.which}${Math.min(t.keep.n, t.count)}` : ''}`),
  fc.integer({ min: 0, max: 50 }).map(String),
);
const expression = fc.tuple(term, fc.array(fc.tuple(fc.constantFrom('+', '-'), term), { maxLength: 4 })).map(([first, rest]) => first + rest.map(([op, t]) => op + t).join(''));

describe('properties', () => {
  it('every total lies in the expression range, every face on its die', () => {
    fc.assert(
      fc.property(expression, fc.integer(), (text, seed) => {
        const f = parseDiceFormula(text);
        const { min, max } = formulaRange(f);
        const r = rollDiceFormula(f, seededRandom(seed), 'p');
        expect(r.total).toBeGreaterThanOrEqual(min);
        expect(r.total).toBeLessThanOrEqual(max);
        let k = 0;
        for (const t of f.terms) {
          if ('number' in t) continue;
          for (let j = 0; j < t.count; j++, k++) {
            expect(r.rolls[k]).toBeGreaterThanOrEqual(1);
            expect(r.rolls[k]).toBeLessThanOrEqual(t.sides);
          }
        }
        expect(r.rolls).toHaveLength(k);
      }),
    );
  });

  it('NdSkhK totals the K highest faces and drops N − K dice, none higher than a kept one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 2, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer(), (n, sides, keepRaw, seed) => {
        const keep = Math.min(keepRaw, n);
        const r = rollDice(`${n}d${sides}kh${keep}`, seededRandom(seed), 'p');
        const sorted = [...r.rolls].sort((a, b) => b - a);
        expect(r.total).toBe(sorted.slice(0, keep).reduce((s, v) => s + v, 0));
        const dropped = r.dropped ?? [];
        expect(dropped).toHaveLength(n - keep);
        const kept = r.rolls.filter((_, k) => !dropped.includes(k));
        for (const d of dropped) expect(r.rolls[d]).toBeLessThanOrEqual(Math.min(...kept));
      }),
    );
  });

  it('keep-lowest mirrors keep-highest: NdSklK is at most NdSkhK on the same dice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2, max: 20 }), fc.integer({ min: 1, max: 12 }), fc.integer(), (n, sides, keepRaw, seed) => {
        const keep = Math.min(keepRaw, n);
        const high = rollDice(`${n}d${sides}kh${keep}`, seededRandom(seed), 'h');
        const low = rollDice(`${n}d${sides}kl${keep}`, seededRandom(seed), 'l');
        expect(low.rolls).toEqual(high.rolls);
        expect(low.total).toBe([...low.rolls].sort((a, b) => a - b).slice(0, keep).reduce((s, v) => s + v, 0));
        expect(low.total).toBeLessThanOrEqual(high.total);
      }),
    );
  });
});
