import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floodIndices } from '../../../src-renderer/canvas/tools/square-paint';
import { rectOfSquares, reducedRect, reducedSize } from '../../../src-renderer/canvas/layers/terrain-pixels';
import { applyCommand } from '../../../src-shared/commands';
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
    expect([...floodIndices(e, 'terrain', { x: 2, y: 2 })]).toEqual([12]);
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

  it('colours the same bytes into a buffer that does not start on a 4-byte boundary', () => {
    const e = mapOf(7, 5, [Terrain.water, Terrain.normal, Terrain.difficult], [0, 0, 10, 3]);
    const range = groundRange(e.map);
    const rect = { x: 1, y: 1, width: 5, height: 3 };
    const aligned = new Uint8ClampedArray(rect.width * rect.height * 4);
    const odd = new Uint8ClampedArray(new ArrayBuffer(aligned.length + 1), 1, aligned.length);
    squareRgbInto(e.map, range, rect, aligned);
    squareRgbInto(e.map, range, rect, odd);
    expect([...odd]).toEqual([...aligned]);
    expect([...aligned.slice(0, 4)]).toEqual([...squareRgb(e.map, 8, range), 255]);
  });

  it("knows a flood's rectangle as a walk over its squares would measure it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.constantFrom(Terrain.normal, Terrain.difficult), { minLength: 1, maxLength: 31 }),
        fc.nat(),
        (w, h, cells, at) => {
          const e = mapOf(w, h, cells);
          const got = floodIndices(e, 'terrain', { x: at % w, y: Math.floor(at / w) % h });
          // A copy of the list is not known, so its rectangle is measured square by square.
          expect(rectOfSquares(w, got)).toEqual(rectOfSquares(w, [...got]));
        },
      ),
      { numRuns: 200 },
    );
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

  it('colours the reduced picture one pixel a block, the colour of the square at its corner', () => {
    const e = mapOf(11, 7, [Terrain.normal, Terrain.water, Terrain.difficult, Terrain.obstacle, Terrain.hazardous], [0, 5, 10, 2.5]);
    const range = groundRange(e.map);
    const step = 4;
    // An 11 × 7 map in blocks of 4: 3 × 2 pixels, the last column and row standing for part-blocks.
    expect(reducedSize(e.map, step)).toEqual({ width: 3, height: 2 });
    const rect = { x: 0, y: 0, width: 3, height: 2 };
    const px = new Uint8ClampedArray(3 * 2 * 4);
    squareRgbInto(e.map, range, rect, px, step);
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 3; x++) {
        const o = (y * 3 + x) * 4;
        expect([px[o], px[o + 1], px[o + 2], px[o + 3]]).toEqual([...squareRgb(e.map, y * step * 11 + x * step, range), 255]);
      }
    }
  });

  it("repaints the reduced pixels whose corner square an edit touched, and none for an edit between corners", () => {
    // Squares 4..8 across, row 0..0: corners at x = 4 and 8 are inside (pixels 1 and 2 of row 0).
    expect(reducedRect({ x: 4, y: 0, width: 5, height: 1 }, 4)).toEqual({ x: 1, y: 0, width: 2, height: 1 });
    // Squares 5..7, rows 1..3: no corner (x and y both multiples of 4) inside.
    expect(reducedRect({ x: 5, y: 1, width: 3, height: 3 }, 4)).toBeNull();
    // Step 1 is the squares themselves.
    expect(reducedRect({ x: 5, y: 1, width: 3, height: 3 }, 1)).toEqual({ x: 5, y: 1, width: 3, height: 3 });
  });

  it("applies a flood's typed list as a command and undoes it to the squares it had", () => {
    const e = mapOf(9, 6, [Terrain.normal, Terrain.normal, Terrain.difficult]);
    const list = floodIndices(e, 'terrain', { x: 0, y: 0 });
    expect(list).toBeInstanceOf(Int32Array);
    const done = applyCommand(e, { type: 'setSquares', layer: 'terrain', indices: list, values: [Terrain.water] });
    for (let i = 0; i < 54; i++) expect(done.doc.map.terrain[i]).toBe(list.includes(i) ? Terrain.water : e.map.terrain[i]);
    // A flood's squares all held one value: the inverse keeps it once.
    expect(done.inverse).toMatchObject({ values: [Terrain.normal] });
    expect(Array.from(applyCommand(done.doc, done.inverse).doc.map.terrain)).toEqual(Array.from(e.map.terrain));
  });
});
