import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, makeCreature, Terrain, type RulesetId } from '../../../src-shared/model';
import { reachableSquares } from '../../../src-shared/rules';

/**
 * An independent, deliberately plain reading of the texts for one-square walkers on open ground
 * (normal, difficult, filled walls `#`, pillars `o`): Dijkstra over (square, diagonal parity) by
 * repeated relaxation. The engine must agree with it on random maps.
 * - d20-srd-35.txt › Diagonals (1-2-1), › Difficult Terrain (x2; diagonal 3), no corner past `#`.
 * - epic-path.txt › General Movement Rules (1-1-1), › Difficult Terrain (2), › Cutting Corners.
 * - startroid.txt › Diagonal Movement (1), › Difficult Terrain (+1), › Blocking Terrain.
 */
function reference(ruleset: RulesetId, w: number, h: number, terrain: number[], speedSquares: number): Map<string, number> {
  const INF = 1e9;
  const dist = new Map<string, number>();
  const key = (x: number, y: number, p: number) => `${x},${y},${p}`;
  dist.set(key(0, 0, 0), 0);
  const at = (x: number, y: number) => terrain[y * w + x]!;
  const blocked = (x: number, y: number) => at(x, y) === Terrain.blocked || at(x, y) === Terrain.obstacle;
  let changed = true;
  while (changed) {
    changed = false;
    for (const [k, d] of [...dist]) {
      const [x, y, p] = k.split(',').map(Number) as [number, number, number];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const tx = x + dx;
          const ty = y + dy;
          if (tx < 0 || ty < 0 || tx >= w || ty >= h || blocked(tx, ty)) continue;
          const diagonal = dx !== 0 && dy !== 0;
          if (diagonal && (at(tx, y) === Terrain.blocked || at(x, ty) === Terrain.blocked)) continue;
          const difficult = at(tx, ty) === Terrain.difficult;
          let cost: number;
          let np = p;
          if (ruleset === 'd20-35') {
            if (!diagonal) cost = difficult ? 2 : 1;
            else if (difficult) cost = 3;
            else {
              cost = p ? 2 : 1;
              np = 1 - p;
            }
          } else cost = difficult ? 2 : 1;
          const nd = d + cost;
          if (nd > speedSquares) continue;
          const nk = key(tx, ty, np);
          if (nd < (dist.get(nk) ?? INF)) {
            dist.set(nk, nd);
            changed = true;
          }
        }
      }
    }
  }
  const best = new Map<string, number>();
  for (const [k, d] of dist) {
    const [x, y] = k.split(',');
    const xy = `${x},${y}`;
    if (d < (best.get(xy) ?? INF)) best.set(xy, d);
  }
  return best;
}

describe('the engine against a plain reading of the texts', () => {
  it('agrees on every reachable square and its cost', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RulesetId>('d20-35', 'epic-path', 'startroid'),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 2, max: 9 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 81, maxLength: 81 }),
        fc.integer({ min: 1, max: 9 }),
        (ruleset, w, h, cells, speedSquares) => {
          const terrain = cells.slice(0, w * h).map((c) => (c < 5 ? Terrain.normal : c < 7 ? Terrain.difficult : c < 8 ? Terrain.blocked : c < 9 ? Terrain.obstacle : Terrain.normal));
          terrain[0] = Terrain.normal;
          const e = createEncounter({ ruleset, width: w, height: h });
          terrain.forEach((t, i) => (e.map.terrain[i] = t));
          const unit = ruleset === 'startroid' ? 1 : 5;
          e.creatures.push(makeCreature({ id: 'm', speed: { walk: speedSquares * unit }, x: 0, y: 0 }));
          const engine = new Map(reachableSquares(e, 'm', { action: 'move', mode: 'walk' }).squares.map((s) => [`${s.x},${s.y}`, s.cost / unit]));
          expect(engine).toEqual(reference(ruleset, w, h, terrain, speedSquares));
        },
      ),
      { numRuns: 400 },
    );
  });
});
