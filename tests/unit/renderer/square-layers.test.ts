import { describe, expect, it } from 'vitest';
import { describeValue, squareLayer, squareLayersFor, terrainMeaning } from '../../../src-renderer/canvas/tools/square-layers';
import { createEncounter, Terrain } from '../../../src-shared/model';

// The table the square tools, layer picker and legend read: which layers a ruleset paints and
// what each value means there, in words.
describe('square layers', () => {
  it('offers movement resistance only in 6d6 and blockades only in Startroid', () => {
    const ids = (ruleset: 'd20-35' | '6d6' | 'startroid') => squareLayersFor(createEncounter({ ruleset, width: 2, height: 2, name: 'x' })).map((l) => l.id);
    expect(ids('d20-35')).toEqual(['terrain', 'elevation', 'waterDepth', 'surface']);
    expect(ids('6d6')).toContain('resistance');
    expect(ids('6d6')).not.toContain('blockade');
    expect(ids('startroid')).toContain('blockade');
    expect(ids('startroid')).not.toContain('resistance');
  });

  it("says what a terrain colour means in the ruleset's own terms", () => {
    // 6d6.txt › Movement Resistance per 5' square: rough or difficult ground is 2, clambering 3.
    expect(terrainMeaning('6d6', Terrain.difficult)).toBe('movement resistance 2');
    expect(terrainMeaning('6d6', Terrain.impeded)).toBe('movement resistance 3');
    expect(terrainMeaning('6d6', Terrain.blocked)).toBe('blocks movement');
    expect(terrainMeaning('d20-35', Terrain.difficult)).toBe('difficult terrain');
    expect(terrainMeaning('epic-path', Terrain.impeded)).toMatch(/^impeded/);
    expect(terrainMeaning('startroid', Terrain.normal)).toBe('clear going');
  });

  it('reads values with units as words', () => {
    expect(describeValue(squareLayer('elevation'), 'startroid', 3)).toBe('3 metres');
    expect(describeValue(squareLayer('waterDepth'), 'd20-35', 10)).toBe('10 feet');
    expect(describeValue(squareLayer('resistance'), '6d6', 4)).toBe('Movement resistance 4');
    expect(describeValue(squareLayer('blockade'), 'startroid', 1)).toBe('Blockade: blocking');
  });
});
