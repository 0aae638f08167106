import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, Edge, makeCreature, RULESET_IDS, type RulesetId } from '../../../src-shared/model';
import { costField } from '../../../src-shared/rules';

/** The whole-map fast path must answer exactly as the general search does. */
describe('costField fast path', () => {
  it('matches the general search on random maps, rulesets and actions', () => {
    const rulesets = RULESET_IDS.filter((r) => r !== '6d6');
    fc.assert(
      fc.property(
        fc.constantFrom(...rulesets),
        fc.integer({ min: 3, max: 14 }),
        fc.integer({ min: 3, max: 14 }),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 196, maxLength: 196 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 196, maxLength: 196 }),
        fc.constantFrom('move', 'double', 'run'),
        fc.constantFrom<0 | 1>(0, 1),
        fc.boolean(),
        fc.boolean(),
        (ruleset: RulesetId, w, h, cells, edges, action, parity, fly, walls) => {
          const e = createEncounter({ ruleset, width: w, height: h });
          for (let i = 0; i < w * h; i++) {
            const c = cells[i]!;
            e.map.terrain[i] = c < 55 ? 0 : c < 75 ? 1 : c < 80 ? 2 : c < 85 ? 3 : c < 90 ? 4 : c < 93 ? 5 : 6;
            e.map.waterDepth[i] = c % 2 ? 2 : 10;
            if (ruleset === 'startroid') e.map.blockade[i] = c % 13 === 0 ? 1 : c % 17 === 0 ? 2 : 0;
            const ed = walls ? edges[i]! : 20;
            e.map.edgeEast[i] = ed < 3 ? Edge.wall : ed < 5 ? Edge.low : ed < 6 ? Edge.doorClosed : 0;
            e.map.edgeSouth[i] = ed > 37 ? Edge.wall : ed > 35 ? Edge.low : 0;
          }
          e.map.terrain[0] = 0;
          e.map.blockade[0] = 0;
          e.creatures.push(makeCreature({ id: 'm', speed: { walk: ruleset === 'startroid' ? 6 : 30, fly: 40 }, x: 0, y: 0 }));
          const request = { action, parity, mode: fly ? ('fly' as const) : undefined };
          let fast: Int32Array;
          try {
            fast = costField(e, 'm', request).field;
          } catch {
            return true; // the request is refused alike either way
          }
          const general = costField(e, 'm', request, { general: true }).field;
          expect(Array.from(fast)).toEqual(Array.from(general));
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
