import { describe, expect, it } from 'vitest';
import { createEncounter, makeCreature } from '../../../src-shared/model';
import { movementMemoryBytes, reachableSquares, releaseMovementMemory } from '../../../src-shared/rules';

describe('releaseMovementMemory', () => {
  it('gives back the search buffers of a big search, and the next search answers the same', () => {
    const e = { ...createEncounter({ name: 'M', ruleset: 'd20-35', width: 256, height: 256 }), creatures: [makeCreature({ id: 'G', size: 'gargantuan', x: 100, y: 100 })] };
    const first = reachableSquares(e, 'G', { action: 'run' });
    expect(movementMemoryBytes()).toBeGreaterThan(256 * 256 * 4);
    releaseMovementMemory();
    expect(movementMemoryBytes()).toBeLessThan(64 * 1024);
    expect(reachableSquares(e, 'G', { action: 'run' })).toEqual(first);
  });
});
