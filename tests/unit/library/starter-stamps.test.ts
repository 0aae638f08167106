import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEncounter, serializeEncounter } from '../../../src-shared/io';
import { pieceFromStamp, stampForRuleset } from '../../../src-shared/library';
import { Edge, RULESET_IDS, Terrain } from '../../../src-shared/model';
import { STARTER_STAMPS } from '../../fixtures/starter-stamps';

/**
 * The starter stamps in resources/stamps/ are what their recipes (tests/fixtures/starter-stamps.ts)
 * paint with the app's own commands: rebuilt here and compared with the shipped files.
 * `UPDATE_STAMPS=1 npx vitest run --project unit tests/unit/library/starter-stamps.test.ts` rewrites them.
 */
const DIR = join(__dirname, '../../../resources/stamps');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

describe('the starter stamps', () => {
  for (const s of STARTER_STAMPS) {
    it(`${s.file} is what its recipe paints`, () => {
      const text = serializeEncounter(s.build());
      if (process.env['UPDATE_STAMPS'] === '1') writeFileSync(join(DIR, s.file), text);
      expect(read(s.file)).toBe(text);
      const parsed = parseEncounter(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.encounter.stamp).toBeDefined();
      expect(parsed.encounter.tags?.length).toBeGreaterThan(0);
    });
  }

  const piece = (file: string) => {
    const parsed = parseEncounter(read(file));
    if (!parsed.ok) throw new Error(parsed.error);
    return pieceFromStamp(parsed.encounter);
  };

  it('stairs up climb a square (5 ft) a row northwards between two walls; stairs down go down as far', () => {
    const up = piece('stairs-up.encounter');
    expect([up.width, up.height]).toEqual([3, 4]);
    expect([0, 1, 2, 3].map((y) => up.squares.elevation[y * 3 + 1])).toEqual([20, 15, 10, 5]);
    // The west line (x = 0) and the east line (x = 3) of each row are walls.
    for (let y = 0; y < 4; y++) expect([up.edges.vertical[y * 4], up.edges.vertical[y * 4 + 3]]).toEqual([Edge.wall, Edge.wall]);
    const down = piece('stairs-down.encounter');
    expect([0, 1, 2, 3].map((y) => down.squares.elevation[y * 3])).toEqual([-20, -15, -10, -5]);
  });

  it('the pillar hall is walled round but for a way in, with six obstacle pillars', () => {
    const hall = piece('pillar-hall.encounter');
    expect(hall.squares.terrain.filter((t) => t === Terrain.obstacle)).toHaveLength(6);
    const south = hall.edges.horizontal.slice(5 * 7, 6 * 7);
    expect(south).toEqual([Edge.wall, Edge.wall, Edge.wall, Edge.none, Edge.wall, Edge.wall, Edge.wall]);
    expect(hall.edges.horizontal.slice(0, 7).every((e) => e === Edge.wall)).toBe(true);
  });

  it('the bridge is a raised deck with low railings over deep water', () => {
    const bridge = piece('bridge-over-water.encounter');
    const at = (x: number, y: number) => y * 7 + x;
    expect(bridge.squares.terrain[at(3, 0)]).toBe(Terrain.water);
    expect(bridge.squares.waterDepth[at(3, 3)]).toBe(10);
    expect([bridge.squares.elevation[at(3, 1)], bridge.squares.elevation[at(3, 2)]]).toEqual([5, 5]);
    // Railings on the lines above and below the deck (y = 1 and y = 3).
    expect(bridge.edges.horizontal.slice(7, 14).every((e) => e === Edge.low)).toBe(true);
    expect(bridge.edges.horizontal.slice(21, 28).every((e) => e === Edge.low)).toBe(true);
  });

  it('the door frame is a wall, a closed door and a wall', () => {
    expect(piece('door-frame.encounter').edges.horizontal.slice(3, 6)).toEqual([Edge.wall, Edge.doorClosed, Edge.wall]);
  });

  it('the cliff ramp climbs beside a cliff top as high as its last step', () => {
    const ramp = piece('cliff-ramp.encounter');
    expect([3, 2, 1, 0].map((y) => ramp.squares.elevation[y * 4])).toEqual([5, 10, 15, 20]);
    expect([0, 1, 2, 3].every((y) => ramp.squares.elevation[y * 4 + 3] === 20)).toBe(true);
  });

  it('every starter drops on each ruleset that reads its layers (no creatures, no layer of one ruleset only)', () => {
    for (const s of STARTER_STAMPS) {
      for (const target of RULESET_IDS) {
        expect(stampForRuleset(piece(s.file), target).ok, `${s.file} on ${target}`).toBe(true);
      }
    }
  });
});
