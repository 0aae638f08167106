import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, Edge, makeCreature, RULESET_IDS, type RulesetId } from '../../../src-shared/model';
import { checkPath, costField, planPath, reachableSquares } from '../../../src-shared/rules';

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
          // reach answers the same costs, and a planned path (A* in the kernel, straightened) costs
          // what the general search says and passes check.
          // (Flight is searched in 3-D, Epic Path's run in straight lines: neither is this field.)
          if (fly || (action === 'run' && ruleset === 'epic-path')) return true;
          const reach = reachableSquares(e, 'm', request);
          const fromReach = new Int32Array(w * h).fill(-1);
          for (const s of reach.squares) fromReach[s.y * w + s.x] = s.cost / (ruleset === 'startroid' ? 1 : 5);
          expect(Array.from(fromReach)).toEqual(Array.from(general));
          for (let i = 1; i < w * h; i += 3) {
            if (general[i]! < 0) continue;
            const to = { x: i % w, y: Math.floor(i / w) };
            const p = planPath(e, 'm', to, request);
            expect(p.legal, `${to.x},${to.y}: ${p.reason}`).toBe(true);
            expect(p.total).toBe(general[i]! * (ruleset === 'startroid' ? 1 : 5));
            const again = checkPath(e, 'm', p.steps, request);
            expect(again.legal, again.reason).toBe(true);
            expect(again.total).toBe(p.total);
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('flight fast path', () => {
  it('the breadth-first search over cubes matches the general one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RulesetId>('epic-path', 'startroid'),
        fc.integer({ min: 4, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 144, maxLength: 144 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 144, maxLength: 144 }),
        fc.integer({ min: 10, max: 40 }),
        (ruleset, w, cells, heights, fly) => {
          const e = createEncounter({ ruleset, width: w, height: w });
          for (let i = 0; i < w * w; i++) {
            e.map.terrain[i] = cells[i]! < 10 ? 3 : cells[i]! < 14 ? 4 : 0;
            e.map.elevation[i] = heights[i]! < 20 ? 0 : heights[i]! - 15;
            e.map.edgeEast[i] = cells[i]! > 93 ? Edge.wall : 0;
          }
          e.map.terrain[0] = 0;
          e.map.elevation[0] = 0;
          e.creatures.push(makeCreature({ id: 'f', speed: { walk: 5, fly }, x: 0, y: 0 }));
          const fast = reachableSquares(e, 'f', { action: 'move', mode: 'fly' }).squares;
          // A creature far out of reach changes nothing but forces the general search.
          const big = createEncounter({ ruleset, width: w + 60, height: w });
          for (const layer of ['terrain', 'elevation', 'edgeEast'] as const) for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) big.map[layer][y * (w + 60) + x] = e.map[layer][y * w + x]!;
          for (let y = 0; y < w; y++) for (let x = w; x < w + 60; x++) big.map.terrain[y * (w + 60) + x] = 3;
          big.creatures.push(makeCreature({ id: 'f', speed: { walk: 5, fly }, x: 0, y: 0 }), makeCreature({ id: 'far', x: w + 59, y: 0, side: 'enemy' }));
          big.map.terrain[w + 59] = 0;
          const general = reachableSquares(big, 'f', { action: 'move', mode: 'fly' }).squares;
          expect(fast).toEqual(general);
        },
      ),
      { numRuns: 120 },
    );
  });
});
