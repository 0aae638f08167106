import { describe, expect, it } from 'vitest';
import { d20StepCost } from '../../../src-shared/rules/engine/d20-core';
import { Going, type StepFacts } from '../../../src-shared/rules/engine/ruleset';

const step = (facts: Partial<StepFacts>): StepFacts => ({ diagonal: false, parity: 0, going: Going.clear, squeezed: false, crossesLow: false, resistance: 0, mode: 'walk', ...facts });
const unpack = (packed: number) => ({ cost: packed >> 1, parity: packed & 1 });

// d20-srd-35.txt › Double Movement Cost: "If movement cost is doubled twice, then each square counts
// as 4 squares (or as 6 squares if moving diagonally)."
describe('d20 step costs', () => {
  it.each([
    ['plain straight', {}, 1, 0],
    ['plain diagonal, first', { diagonal: true }, 1, 1],
    ['plain diagonal, second', { diagonal: true, parity: 1 }, 2, 0],
    ['difficult straight (doubled once)', { going: Going.difficult }, 2, 0],
    ['difficult diagonal: 3, parity kept', { going: Going.difficult, diagonal: true, parity: 1 }, 3, 1],
    ['difficult and squeezed (doubled twice)', { going: Going.difficult, squeezed: true }, 4, 0],
    ['doubled twice, diagonal: 6', { going: Going.difficult, squeezed: true, diagonal: true }, 6, 0],
    ['a low obstacle adds 2 squares', { crossesLow: true }, 3, 0],
    ['a flyer avoids the low obstacle', { crossesLow: true, mode: 'fly' as const }, 1, 0],
  ])('%s', (_label, facts, cost, parity) => {
    expect(unpack(d20StepCost(step(facts)))).toEqual({ cost, parity });
  });
});
