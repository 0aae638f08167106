import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floodIndices } from '../../../src-renderer/canvas/tools/square-paint';
import { rectOfSquares } from '../../../src-renderer/canvas/layers/terrain-pixels';
import { squareRgb, squareRgbInto } from '../../../src-shared/io/export/palette';
import { createEncounter, Terrain, type Encounter } from '../../../src-shared/model';
import { groundRange } from '../../../src-shared/render/map-style';

/**
 * The fill's fast paths (issue 18 › 8) give what the plain ways gave: the scanline flood the same
 * squares as a square-by-square walk, the buffer colouring the same bytes as `squareRgb`, and the
 * ranges kept per array the same as a fresh scan.
 */

function mapOf(width: number, height: number, cells: number[], heights: number[] = []): Encounter {
  const e = createEncounter({ name: 'fill', ruleset: 'd20-35', width, height });
  for (let i = 0; i < width * height; i++) {
    e.map.terrain[i] = cells[i % cells.length]!;
    e.map.elevation[i] = heights.length ? heights[i % heights.length]! : 0;
    if (e.map.terrain[i] === Terrain.water) e.map.waterDepth[i] = (i % 7) * 3;
  }
  return e;
}

/** The flood as it was: one square at a time, four sides each. */
function plainFlood(e: Encounter, sx: number, sy: number): number[] {
  const { width: W, height: H, terrain: a } = e.map;
  const first = sy * W + sx;
  const seen = new Uint8Array(W * H);
  const stack = [first];
  seen[first] = 1;
  const out: number[] = [];
  while (stack.length) {
    const i = stack.pop()!;
    out.push(i);
    const x = i % W;
    for (const j of [x > 0 ? i - 1 : -1, x + 1 < W ? i + 1 : -1, i >= W ? i - W : -1, i + W < W * H ? i + W : -1]) {
      if (j >= 0 && !seen[j] && a[j] === a[first]) (seen[j] = 1), stack.push(j);
    }
  }
  return out.sort((p, q) => p - q);
}

describe('the fill fast paths', () => {
  it('floods exactly the squares a square-by-square walk reaches, each once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.constantFrom(Terrain.normal, Terrain.difficult, Terrain.water), { minLength: 1, maxLength: 97 }),
        fc.nat(),
        (w, h, cells, at) => {
          const e = mapOf(w, h, cells);
          const sx = at % w;
          const sy = Math.floor(at / w) % h;
          const got = floodIndices(e, 'terrain', { x: sx, y: sy });
          expect(new Set(got).size).toBe(got.length);
          expect([...got].sort((p, q) => p - q)).toEqual(plainFlood(e, sx, sy));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('floods round a ring without leaking through its corners (sides only)', () => {
    // A 5 × 5 map: a ring of difficult terrain with normal ground inside and out; diagonal gaps only.
    const rows = ['NNNNN', 'NDDDN', 'NDNDN', 'NDDDN', 'NNNNN'].join('');
    const e = mapOf(5, 5, [...rows].map((c) => (c === 'N' ? Terrain.normal : Terrain.difficult)));
    expect(floodIndices(e, 'terrain', { x: 2, y: 2 })).toEqual([12]);
    expect(floodIndices(e, 'terrain', { x: 0, y: 0 })).toHaveLength(16);
  });

  it('colours a rectangle of squares byte for byte as squareRgb does', () => {
    const e = mapOf(13, 9, [Terrain.normal, Terrain.water, Terrain.difficult, Terrain.obstacle, Terrain.hazardous, Terrain.water], [0, 5, 10, 2.5, 30, -5]);
    const range = groundRange(e.map);
    const rect = { x: 2, y: 1, width: 9, height: 7 };
    const px = new Uint8ClampedArray(rect.width * rect.height * 4);
    squareRgbInto(e.map, range, rect, px);
    for (let y = 0; y < rect.height; y++) {
      for (let x = 0; x < rect.width; x++) {
        const o = (y * rect.width + x) * 4;
        expect([px[o], px[o + 1], px[o + 2], px[o + 3]]).toEqual([...squareRgb(e.map, (rect.y + y) * 13 + rect.x + x, range), 255]);
      }
    }
  });

  it('keeps the ground range per elevation array, and scans a new array afresh', () => {
    const e = mapOf(4, 4, [Terrain.normal], [0, 10]);
    const first = groundRange(e.map);
    expect(first).toEqual({ min: 0, span: 10 });
    first.span = 999; // a caller's copy: the kept range is not changed through it
    expect(groundRange(e.map)).toEqual({ min: 0, span: 10 });
    const higher = e.map.elevation.slice();
    higher[3] = 40;
    expect(groundRange({ ...e.map, elevation: higher })).toEqual({ min: 0, span: 40 });
  });

  it('gives the same bounding rectangle for a list asked twice, and a fresh one for another list', () => {
    const list = [5 * 10 + 3, 7 * 10 + 8, 2 * 10 + 6];
    expect(rectOfSquares(10, list)).toEqual({ x: 3, y: 2, width: 6, height: 6 });
    expect(rectOfSquares(10, list)).toEqual({ x: 3, y: 2, width: 6, height: 6 });
    expect(rectOfSquares(20, list)).toEqual({ x: 6, y: 1, width: 13, height: 3 });
    expect(rectOfSquares(10, [])).toBeNull();
  });
});
