import { describe, expect, it } from 'vitest';
import { readableRules, unitWords } from '../../../src-renderer/state/wording';

describe('readableRules', () => {
  it('cites a rule by the ruleset name and heading, and spells out movement resistance', () => {
    expect(readableRules('cannot squeeze here (d20-srd-35.txt › Squeezing)')).toBe('cannot squeeze here (d20 SRD 3.5 › Squeezing)');
    expect(readableRules('Teleportation is a Startroid rule (startroid.txt › Teleportation).')).toBe('Teleportation is a Startroid rule (Startroid › Teleportation).');
    expect(readableRules('Epic Path has no tiny creatures (epic-path.txt)')).toBe('Epic Path has no tiny creatures (Epic Path)');
    expect(readableRules('needs 4 mr more')).toBe('needs 4 movement resistance more');
    expect(unitWords('mr')).toBe('movement resistance');
    expect(unitWords('ft')).toBe('ft');
  });
});
