import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMap, Edge, Terrain } from '../../../src-shared/model';
import { clearLine } from '../../../src-shared/rules';

describe('line of sight between square centres', () => {
  it('is the same both ways', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 100, maxLength: 100 }), fc.nat(99), fc.nat(99), (cells, a, b) => {
        const map = createMap(10, 10);
        cells.forEach((c, i) => {
          map.terrain[i] = c < 3 ? Terrain.blocked : c < 4 ? Terrain.obstacle : Terrain.normal;
          map.edgeEast[i] = c === 19 ? Edge.wall : 0;
          map.edgeSouth[i] = c === 20 ? Edge.doorClosed : 0;
        });
        const [ax, ay, bx, by] = [a % 10, Math.floor(a / 10), b % 10, Math.floor(b / 10)];
        expect(clearLine(map, ax, ay, bx, by)).toBe(clearLine(map, bx, by, ax, ay));
      }),
      { numRuns: 500 },
    );
  });

  it('through a window or force field: sight yes, effect no; a wall stops both', () => {
    const map = createMap(5, 3);
    map.edgeEast[1 * 5 + 2] = Edge.window;
    expect(clearLine(map, 0, 1, 4, 1, 'sight')).toBe(true);
    expect(clearLine(map, 0, 1, 4, 1, 'effect')).toBe(false);
    expect(clearLine(map, 0, 1, 1, 1, 'effect')).toBe(true);
    map.edgeEast[1 * 5 + 2] = Edge.wall;
    expect(clearLine(map, 0, 1, 4, 1, 'sight')).toBe(false);
    expect(clearLine(map, 0, 1, 4, 1, 'effect')).toBe(false);
  });

  it('is stopped by walls, closed doors, filled squares and pillars, not by low obstacles', () => {
    const map = createMap(5, 3);
    expect(clearLine(map, 0, 1, 4, 1)).toBe(true);
    map.edgeEast[1 * 5 + 1] = Edge.low;
    expect(clearLine(map, 0, 1, 4, 1)).toBe(true);
    map.edgeEast[1 * 5 + 2] = Edge.wall;
    expect(clearLine(map, 0, 1, 4, 1)).toBe(false);
    map.edgeEast[1 * 5 + 2] = Edge.doorOpen;
    expect(clearLine(map, 0, 1, 4, 1)).toBe(true);
    map.terrain[1 * 5 + 3] = Terrain.obstacle;
    expect(clearLine(map, 0, 1, 4, 1)).toBe(false);
    // A diagonal squeezing between two pillars at a corner does not see through.
    const corner = createMap(3, 3);
    corner.terrain[0 * 3 + 1] = Terrain.blocked;
    corner.terrain[1 * 3 + 0] = Terrain.blocked;
    expect(clearLine(corner, 0, 0, 2, 2)).toBe(false);
    corner.terrain[1 * 3 + 0] = Terrain.normal;
    expect(clearLine(corner, 0, 0, 2, 2)).toBe(true);
  });
});
