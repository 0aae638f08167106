import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { reachableSquares } from '../../../src-shared/rules';

/**
 * A flag or section its ruleset's text gives no effect is refused with the reason (issue 16:
 * "Options that are accepted and do nothing, or mislead"); where the text uses it, it is accepted.
 */
const scenario = (ruleset: string, flags: string, extra = '') => `ruleset: ${ruleset}
map:
  A . .
creatures:
  A: side=party ${flags}
${extra}`;

describe('scenario flags and sections a text gives no effect', () => {
  it.each([
    ['d20-35', 'blind', 'd20-srd-35.txt gives blindness no effect on movement (only epic-path.txt › Run, › 5-Foot Step, › Withdraw)'],
    ['startroid', 'blind', 'startroid.txt gives blindness no effect'],
    ['epic-path', 'reach-weapon', 'epic-path.txt gives reach weapons no effect'],
    ['epic-path', 'fills', 'epic-path.txt gives a creature that fills its squares no effect'],
    ['d20-35', 'resist=1d6', "d20-srd-35.txt gives a proximity resistance no effect on movement (only 6d6.txt › Occupied Squares)"],
    ['epic-path', 'mass=80', "epic-path.txt gives a creature's mass no effect on movement (only startroid.txt › Inertia)"],
  ])('%s refuses the flag %s', (ruleset, flag, why) => {
    expect(() => parseScenario(scenario(ruleset, flag))).toThrow(why);
  });

  it('refuses a light: section where darkness does nothing', () => {
    expect(() => parseScenario(scenario('d20-35', '', 'light:\n  2 2 2\n'))).toThrow('line 7: light: d20-srd-35.txt gives light and darkness no effect on movement (only epic-path.txt › Run, › 5-Foot Step)');
  });

  it.each([
    ['epic-path', 'blind'],
    ['d20-35', 'reach-weapon'],
    ['d20-30', 'fills'],
    ['6d6', 'resist=1d6+1'],
    ['startroid', 'mass=12.5'],
  ])('%s keeps the flag %s its text uses', (ruleset, flag) => {
    expect(() => parseScenario(scenario(ruleset, flag))).not.toThrow();
  });

  it('keeps dead where the text is silent, and says so in the answer', () => {
    const e = parseScenario(`ruleset: d20-35
map:
  A D .
creatures:
  A: side=party
  D: side=enemy dead name=Orc
`);
    expect(reachableSquares(e, 'A', { action: 'move' }).notes).toContain('Orc is marked dead, but d20-srd-35.txt gives the dead no movement rule: its space counts as any creature\'s (mark it helpless if it should not hinder).');
  });
});
