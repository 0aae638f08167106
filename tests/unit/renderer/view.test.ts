import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitView, MAX_ZOOM, MIN_ZOOM, squareAt, visibleSquares, zoomAt } from '../../../src-renderer/state/view';

describe('map view arithmetic', () => {
  it('zooming keeps the point under the cursor fixed', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 4, noNaN: true }), fc.double({ min: 0.5, max: 2, noNaN: true }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 800 }), (zoom, factor, ax, ay) => {
        const v = { zoom, panX: 13, panY: -7 };
        const z = zoomAt(v, factor, { x: ax, y: ay });
        const before = { x: (ax - v.panX) / v.zoom, y: (ay - v.panY) / v.zoom };
        const after = { x: (ax - z.panX) / z.zoom, y: (ay - z.panY) / z.zoom };
        return Math.abs(before.x - after.x) < 1e-6 && Math.abs(before.y - after.y) < 1e-6;
      }),
    );
  });

  it('zoom stays within its limits', () => {
    expect(zoomAt({ zoom: MAX_ZOOM, panX: 0, panY: 0 }, 10, { x: 0, y: 0 }).zoom).toBe(MAX_ZOOM);
    expect(zoomAt({ zoom: MIN_ZOOM, panX: 0, panY: 0 }, 0.1, { x: 0, y: 0 }).zoom).toBe(MIN_ZOOM);
  });

  it('fit shows the whole map centred', () => {
    const v = fitView(20, 10, { width: 1000, height: 600 }, 20);
    const s = 32 * v.zoom;
    expect(v.panX).toBeCloseTo((1000 - 20 * s) / 2);
    expect(v.panY).toBeGreaterThanOrEqual(19.9);
    expect(squareAt(v, { x: v.panX + 0.5, y: v.panY + 0.5 })).toEqual({ x: 0, y: 0 });
    expect(visibleSquares(v, { width: 1000, height: 600 }, 20, 10)).toEqual({ x0: 0, y0: 0, x1: 20, y1: 10 });
  });
});
