import { describe, expect, it } from 'vitest';
import { formatScenario, parseEncounter, parseScenario, ScenarioError, serializeEncounter } from '../../../src-shared/io';
import { Blockade, Edge, Terrain } from '../../../src-shared/model';

const SAMPLE = `ruleset: d20-35
map:
  . . , , #
  . A . , #
  . . o . .
creatures:
  A: size=medium side=party speed=30
  B: size=large side=enemy speed=40 reach=10 at=3,1
elevation:
  0 0 0 10 10
  0 0 0 10 10
  0 0 0 0 0
walls:
  wall 2,0 2,1
  low 3,2 4,2
`;

describe('text scenarios', () => {
  it('read the format of the issue', () => {
    const e = parseScenario(SAMPLE);
    expect(e.ruleset).toBe('d20-35');
    expect([e.map.width, e.map.height]).toEqual([5, 3]);
    expect(e.map.terrain[2]).toBe(Terrain.difficult);
    expect(e.map.terrain[4]).toBe(Terrain.blocked);
    expect(e.map.terrain[2 * 5 + 2]).toBe(Terrain.obstacle);
    expect(e.map.terrain[1 * 5 + 1]).toBe(Terrain.normal);
    expect(e.map.elevation[3]).toBe(10);
    expect(e.map.edgeSouth[2]).toBe(Edge.wall);
    expect(e.map.edgeEast[2 * 5 + 3]).toBe(Edge.low);
    expect(e.creatures.map((c) => [c.id, c.size, c.side, c.x, c.y, c.speed.walk, c.reach])).toEqual([
      ['A', 'medium', 'party', 1, 1, 30, undefined],
      ['B', 'large', 'enemy', 3, 1, 40, 10],
    ]);
  });

  it('read extensions: water depth, MR digits, blockades, flags, settings', () => {
    const e = parseScenario(`ruleset: startroid
settings: gravity=0.5
map:
  ~ 3 X x
creatures:
  T: size=tiny side=neutral speed=4 fly=6 maneuver=good helpless prone alt=3 at=0,0
water:
  2 0 0 0
`);
    expect(e.map.waterDepth[0]).toBe(2);
    expect(e.map.resistance[1]).toBe(3);
    expect(e.map.blockade[2]).toBe(Blockade.blocking);
    expect(e.map.blockade[3]).toBe(Blockade.cleared);
    expect(e.settings.gravity).toBe(0.5);
    expect(e.creatures[0]).toMatchObject({ helpless: true, prone: true, altitude: 3, speed: { walk: 4, fly: 6, maneuverability: 'good' }, slot: 0 });
  });

  it.each([
    ['no ruleset', 'map:\n  . .\n', /needs a "ruleset:" line/],
    ['unknown ruleset', 'ruleset: gurps\nmap:\n  .\n', /line 1: unknown ruleset "gurps"/],
    ['ragged map', 'ruleset: d20-35\nmap:\n  . .\n  .\n', /line 4: map row 1 has 1 squares; the first row has 2/],
    ['bad symbol', 'ruleset: d20-35\nmap:\n  . %\n', /line 3: "%" at 1,0 is not a map symbol/],
    ['undescribed letter', 'ruleset: d20-35\nmap:\n  . Q\n', /creature Q is on the map but not described/],
    ['bad key', 'ruleset: d20-35\nmap:\n  A\ncreatures:\n  A: colour=red\n', /line 5: unknown creature key "colour"/],
    ['bad size', 'ruleset: d20-35\nmap:\n  A\ncreatures:\n  A: size=enormous\n', /size=enormous is not a size category/],
    ['far walls', 'ruleset: d20-35\nmap:\n  . .\n  . .\nwalls:\n  wall 0,0 1,1\n', /line 6: 0,0 and 1,1 are not side by side/],
    ['off map', 'ruleset: d20-35\nmap:\n  .\ncreatures:\n  A: at=4,4\n', /off the 1 × 1 map/],
  ])('refuse %s with the line and the problem', (_label, text, message) => {
    expect(() => parseScenario(text)).toThrow(ScenarioError);
    expect(() => parseScenario(text)).toThrow(message);
  });

  it('round-trip through the text form and the file format', () => {
    const e = parseScenario(SAMPLE);
    e.map.waterDepth[0] = 5;
    e.map.terrain[0] = Terrain.water;
    const again = parseScenario(formatScenario(e));
    expect(serializeEncounter(again).replace(/"name": ".*"/, '')).toBe(serializeEncounter(e).replace(/"name": ".*"/, ''));
    const viaFile = parseEncounter(serializeEncounter(again));
    expect(viaFile.ok).toBe(true);
  });
});
