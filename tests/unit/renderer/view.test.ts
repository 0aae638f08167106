import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitRect, fitView, MAX_ZOOM, MIN_ZOOM, minimapCorner, squareAt, visibleSquares, zoomAt, zoomFloor } from '../../../src-renderer/state/view';

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

  it('a fit keeps `below` pixels clear at the bottom besides the margin (the notices’ room), centred in what is left', () => {
    // 10 × 10 squares in 800 × 600 with a margin of 24 and 48 below: the height limits, 600 − 48 − 48 = 504 px.
    const v = fitView(10, 10, { width: 800, height: 600 }, 24, 48);
    const s = 32 * v.zoom;
    expect(10 * s).toBeCloseTo(504);
    expect(v.panY).toBeCloseTo(24);
    expect(600 - (v.panY + 10 * s)).toBeCloseTo(24 + 48);
    expect(v.panX).toBeCloseTo((800 - 504) / 2);
  });

  // Issue 18 › 6: a fit that shows a 2048² map, and a floor relative to the map.
  it('fits a 2048² map whole, and zooming out stops at half the fit', () => {
    const viewport = { width: 1000, height: 700 };
    const v = fitView(2048, 2048, viewport);
    // The whole map is on screen: its far corner is inside the viewport.
    expect(v.panX).toBeGreaterThanOrEqual(0);
    expect(v.panY).toBeGreaterThanOrEqual(0);
    expect(v.panX + 2048 * 32 * v.zoom).toBeLessThanOrEqual(1000);
    expect(v.panY + 2048 * 32 * v.zoom).toBeLessThanOrEqual(700);
    const floor = zoomFloor(2048, 2048, viewport);
    expect(floor).toBeCloseTo(v.zoom / 2);
    expect(zoomAt(v, 0.01, { x: 500, y: 350 }, floor).zoom).toBeCloseTo(v.zoom / 2);
  });

  it('a small map cannot be zoomed out to a speck, and is never held above 100 %', () => {
    const viewport = { width: 1000, height: 700 };
    // 20 × 10 squares fit at ~1.4; the floor is half that, so the map still spans ~450 px.
    const floor = zoomFloor(20, 10, viewport);
    expect(floor).toBeGreaterThan(MIN_ZOOM * 10);
    expect(20 * 32 * zoomAt({ zoom: 1, panX: 0, panY: 0 }, 0.001, { x: 0, y: 0 }, floor).zoom).toBeGreaterThan(400);
    // A 3 × 3 map fits at 8 (the ceiling): its floor stays at 100 %.
    expect(zoomFloor(3, 3, viewport)).toBe(1);
  });

  it('zoom to selection centres the squares at the largest zoom that shows them', () => {
    const viewport = { width: 800, height: 600 };
    const v = fitRect({ x: 10, y: 20, width: 4, height: 2 }, viewport, 24);
    const s = 32 * v.zoom;
    expect(v.zoom).toBeCloseTo(Math.min(752 / 128, 552 / 64));
    // The rectangle's centre is the viewport's centre.
    expect(v.panX + 12 * s).toBeCloseTo(400);
    expect(v.panY + 21 * s).toBeCloseTo(300);
    // One square is held at the zoom ceiling.
    expect(fitRect({ x: 0, y: 0, width: 1, height: 1 }, viewport).zoom).toBe(MAX_ZOOM);
  });

  it('the minimap keeps off the map\'s edge squares: bottom left, unless the map\'s corner is there', () => {
    const viewport = { width: 800, height: 600 };
    const box = { width: 200, height: 140 };
    // 100 × 100 squares at 32 px: the view in the middle of the map, the map all round it.
    expect(minimapCorner({ zoom: 1, panX: -1000, panY: -1000 }, viewport, 100, 100, box)).toBe('bottom-left');
    // The map's bottom-left corner at the view's bottom-left: its edge squares would be under it.
    const corner = { zoom: 1, panX: 0, panY: 600 - 3200 };
    expect(minimapCorner(corner, viewport, 100, 100, box)).toBe('top-right');
    // The map's bottom edge in view along the whole bottom: the top right still has map beyond it.
    expect(minimapCorner({ zoom: 1, panX: -1000, panY: 600 - 3200 }, viewport, 100, 100, box)).toBe('top-right');
    // A map narrower than the view, its bottom-left corner showing: beside it, where there is no map.
    expect(minimapCorner({ zoom: 1, panX: 250, panY: 600 - 3200 }, viewport, 10, 100, box)).toBe('bottom-left');
  });
});
