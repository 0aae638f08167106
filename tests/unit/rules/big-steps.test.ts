import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, Edge, makeCreature, Terrain, type RulesetId } from '../../../src-shared/model';
import { reachableSquares } from '../../../src-shared/rules';

/**
 * The general search checks a big creature's diagonal steps on maps without walls, doors or low
 * obstacles by the terrain alone (no diagonal past a filled corner: d20-srd-35.txt › Diagonals,
 * epic-path.txt › Cutting Corners, startroid.txt › Diagonal Movement). It must answer exactly as the
 * edge-by-edge check does: the same map with a low obstacle beyond a blocked strip, out of reach,
 * forces that check and changes nothing else.
 */
describe('big creatures on maps without edges', () => {
  it('reach the same squares at the same costs as with the edge-by-edge check', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RulesetId>('d20-35', 'd20-30', 'epic-path', 'startroid'),
        fc.constantFrom('large', 'huge', 'gargantuan'),
        fc.integer({ min: 4, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 196, maxLength: 196 }),
        fc.constantFrom('move', 'double'),
        (ruleset, size, w, cells, action) => {
          const side = size === 'large' ? 2 : size === 'huge' ? 3 : 4;
          const plain = createEncounter({ ruleset, width: w, height: w });
          const walled = createEncounter({ ruleset, width: w + 3, height: w });
          for (let y = 0; y < w; y++) {
            for (let x = 0; x < w; x++) {
              const c = cells[y * w + x]!;
              const t = y < side && x < side ? Terrain.normal : c < 20 ? Terrain.blocked : c < 35 ? Terrain.difficult : Terrain.normal;
              plain.map.terrain[y * w + x] = t;
              walled.map.terrain[y * (w + 3) + x] = t;
              if (ruleset === 'startroid' && c % 11 === 0 && !(y < side && x < side)) {
                plain.map.blockade[y * w + x] = 1;
                walled.map.blockade[y * (w + 3) + x] = 1;
              }
            }
            walled.map.terrain[y * (w + 3) + w] = Terrain.blocked;
          }
          walled.map.edgeEast[w + 1] = Edge.low;
          const speed = ruleset === 'startroid' ? 6 : 30;
          plain.creatures.push(makeCreature({ id: 'm', size, speed: { walk: speed }, x: 0, y: 0 }));
          walled.creatures.push(makeCreature({ id: 'm', size, speed: { walk: speed }, x: 0, y: 0 }));
          let fast;
          try {
            fast = reachableSquares(plain, 'm', { action });
          } catch {
            return true; // no such creature in this ruleset, refused alike
          }
          const checked = reachableSquares(walled, 'm', { action });
          expect(fast.squares).toEqual(checked.squares);
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});
