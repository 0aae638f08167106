import { describe, expect, it } from 'vitest';
import { createEncounter, makeCreature } from '../../../src-shared/model';
import { costField, movementMemoryBytes, reachableSquares, releaseMovementMemory } from '../../../src-shared/rules';

describe('releaseMovementMemory', () => {
  it('gives back the search buffers of a big search, and the next search answers the same', () => {
    const e = { ...createEncounter({ name: 'M', ruleset: 'd20-35', width: 256, height: 256 }), creatures: [makeCreature({ id: 'G', size: 'gargantuan', x: 100, y: 100 })] };
    const first = reachableSquares(e, 'G', { action: 'run' });
    expect(movementMemoryBytes()).toBeGreaterThan(256 * 256 * 4);
    releaseMovementMemory();
    expect(movementMemoryBytes()).toBeLessThan(64 * 1024);
    expect(reachableSquares(e, 'G', { action: 'run' })).toEqual(first);
  });
  it('gives back the whole-map kernel\'s working buffer too, and the next field is the same', () => {
    releaseMovementMemory();
    const e = { ...createEncounter({ name: 'K', ruleset: 'd20-35', width: 256, height: 256 }), creatures: [makeCreature({ id: 'M', x: 10, y: 10, speed: { walk: 5000 } })] };
    const first = costField(e, 'M', { action: 'move' }).field;
    expect(movementMemoryBytes()).toBeGreaterThan(256 * 256 * 8);
    releaseMovementMemory();
    expect(movementMemoryBytes()).toBeLessThan(64 * 1024);
    expect(costField(e, 'M', { action: 'move' }).field).toEqual(first);
  });
});
