import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, makeCreature, Terrain, type RulesetId } from '../../../src-shared/model';
import { checkPath, planPath, reachableSquares } from '../../../src-shared/rules';

/**
 * d20-srd-35.txt › Squeezing, epic-path.txt › Squeezing: whatever the map, every path the planner
 * answers for a big creature moves one square a step (a turn of its band is a step of its own),
 * passes check with the same total, and costs what reach says.
 */
describe('paths of big creatures that squeeze', () => {
  it('pass check and cost what reach says, on random maps', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RulesetId>('d20-35', 'epic-path'),
        fc.constantFrom('large', 'huge'),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 100, maxLength: 100 }),
        (ruleset, size, cells) => {
          const e = createEncounter({ ruleset, width: 10, height: 10 });
          cells.forEach((c, i) => (e.map.terrain[i] = c < 30 ? Terrain.blocked : c < 40 ? Terrain.difficult : Terrain.normal));
          const side = size === 'large' ? 2 : 3;
          for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) e.map.terrain[y * 10 + x] = Terrain.normal;
          e.creatures.push(makeCreature({ id: 'm', size, speed: { walk: 60 }, x: 0, y: 0 }));
          const request = { action: 'double' as const };
          const reach = reachableSquares(e, 'm', request);
          for (const sq of reach.squares.filter((s) => s.end && (s.x || s.y))) {
            const p = planPath(e, 'm', sq, request);
            expect(p.legal, `${sq.x},${sq.y}: ${p.reason}`).toBe(true);
            expect(p.total, `${sq.x},${sq.y}`).toBe(sq.cost);
            let [px, py] = [0, 0];
            for (const s of p.steps) {
              expect(Math.max(Math.abs(s.x - px), Math.abs(s.y - py)), `a step to ${s.x},${s.y}`).toBeLessThanOrEqual(1);
              [px, py] = [s.x, s.y];
            }
            const again = checkPath(e, 'm', p.steps, request);
            expect(again.legal, `check of the path to ${sq.x},${sq.y}: ${again.reason}`).toBe(true);
            expect(again.total).toBe(p.total);
          }
          return true;
        },
      ),
      { numRuns: 60 },
    );
  });
});
