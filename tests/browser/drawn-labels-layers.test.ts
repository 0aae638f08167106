import { describe, expect, it } from 'vitest';
import { DRAWN_STYLE, drawDrawnArt } from '../../src-renderer/canvas/layers/drawn';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { drawLabelFocus, drawLabels, labelAtPoint, labelBox, noteLines } from '../../src-renderer/canvas/layers/labels';
import type { DrawnGeometry, MapLabel, MapLight } from '../../src-shared/model';

// The layers of issue 15 items 6 and 7, read back from canvas pixels: a `.dd2vtt`'s walls, doors,
// windows and lights as drawn (off the grid), and labels and notes.

const S = 64;
const view = { zoom: S / 32, panX: 0, panY: 0 };
const viewport = { width: 10 * S, height: 6 * S };

function canvas(background = '#ffffff') {
  const c = document.createElement('canvas');
  c.width = viewport.width;
  c.height = viewport.height;
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, c.width, c.height);
  return { ctx, at: (x: number, y: number) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)] };
}
const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tolerance = 30) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

describe('drawn walls and lights', () => {
  // A small room as Dungeondraft draws it: walls a fifth of a square off the grid lines.
  const drawn: DrawnGeometry = {
    walls: [[{ x: 1.2, y: 1.2 }, { x: 6.2, y: 1.2 }, { x: 6.2, y: 4.2 }]],
    portals: [
      { kind: 'door', a: { x: 1.2, y: 4.2 }, b: { x: 2.2, y: 4.2 } },
      { kind: 'window', a: { x: 3.2, y: 4.2 }, b: { x: 5.2, y: 4.2 } },
    ],
  };
  const lights: MapLight[] = [{ x: 8.5, y: 2.5, range: 1.5, intensity: 1, color: '#ff8800ff', shadows: true }];

  it('draws each wall, door and window where it was drawn, not on the grid line the rules snap it to', () => {
    const { ctx, at } = canvas();
    expect(drawDrawnArt(plainContext(ctx), drawn, lights, view, viewport)).toBe(4);
    expect(near(at(3.5 * S, 1.2 * S), hex(DRAWN_STYLE.wall))).toBe(true);
    expect(near(at(6.2 * S, 2.5 * S), hex(DRAWN_STYLE.wall))).toBe(true);
    // The grid line y = 1 a fifth of a square away is left to the edges layer.
    expect(near(at(3.5 * S, 1 * S), [255, 255, 255], 5)).toBe(true);
    expect(near(at(1.7 * S, 4.2 * S), hex(DRAWN_STYLE.door))).toBe(true);
    // A window is dashed: somewhere along it is its colour.
    const along = Array.from({ length: 40 }, (_, k) => at((3.3 + k * 0.045) * S, 4.2 * S));
    expect(along.some((p) => near(p, hex(DRAWN_STYLE.window)))).toBe(true);
  });

  it('draws a light as a sun in its colour with its radius faint', () => {
    const { ctx, at } = canvas();
    drawDrawnArt(plainContext(ctx), drawn, lights, view, viewport);
    expect(near(at(8.5 * S, 2.5 * S), [255, 136, 0])).toBe(true);
    // Inside the radius, away from the sun: tinted, but faint (mostly the map under it).
    const inside = at(8.5 * S, 2.5 * S + 0.9 * S);
    expect(inside[2]!).toBeLessThan(245);
    expect(inside[2]!).toBeGreaterThan(180);
    // Outside the radius: untouched.
    expect(near(at(8.5 * S, 2.5 * S + 1.7 * S), [255, 255, 255], 3)).toBe(true);
  });

  it('draws nothing out of view', () => {
    const { ctx } = canvas();
    expect(drawDrawnArt(plainContext(ctx), drawn, lights, { ...view, panX: -20 * S }, viewport)).toBe(0);
  });
});

describe('labels and notes', () => {
  const labels: MapLabel[] = [
    { id: 'L1', kind: 'label', text: 'Throne room', x: 3, y: 2 },
    { id: 'L2', kind: 'note', text: 'Trap under the rug: DC 15 Reflex or fall into the pit below', x: 7.5, y: 4.5 },
  ];

  it('writes a label white on a dark halo, centred on its anchor, readable on a light or dark picture', () => {
    for (const background of ['#f0f0f0', '#202020']) {
      const { ctx } = canvas(background);
      expect(drawLabels(plainContext(ctx), labels, view, viewport)).toBe(2);
      const b = labelBox(labels[0]!, view);
      const pixels = ctx.getImageData(Math.round(b.x), Math.round(b.y), Math.round(b.w), Math.round(b.h)).data;
      let white = 0;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const v = pixels[i]! + pixels[i + 1]! + pixels[i + 2]!;
        if (v > 720) white++;
        if (v < 150) dark++;
      }
      expect(white, background).toBeGreaterThan(40);
      expect(dark, background).toBeGreaterThan(40);
    }
  });

  it('draws a note as a pin on its anchor, its text only when selected or hovered', () => {
    const { ctx, at } = canvas();
    drawLabels(plainContext(ctx), labels, view, viewport);
    const px = 7.5 * S;
    const py = 4.5 * S;
    // The pin's head, above its point.
    expect(near(at(px + 4, py - 15), [242, 201, 76], 40)).toBe(true);
    const all = () => ctx.getImageData(0, 0, viewport.width, viewport.height).data.join();
    const before = all();
    drawLabelFocus(plainContext(ctx), labels, view, viewport, { selected: null, hover: { x: 0, y: 0 }, drag: null });
    expect(all()).toBe(before);
    drawLabelFocus(plainContext(ctx), labels, view, viewport, { selected: null, hover: { x: 7, y: 4 }, drag: null });
    expect(all()).not.toBe(before);
    // The text's box (left of the pin here, where the viewport ends on its right) never covers the pin.
    expect(near(at(px + 4, py - 15), [242, 201, 76], 40)).toBe(true);
  });

  it('hit-tests a label on its text and a note on its pin', () => {
    expect(labelAtPoint(labels, view, { x: 3 * S + 20, y: 2 * S + 3 })).toBe('L1');
    expect(labelAtPoint(labels, view, { x: 7.5 * S, y: 4.5 * S - 10 })).toBe('L2');
    expect(labelAtPoint(labels, view, { x: 7.5 * S, y: 4.5 * S + 10 })).toBeNull();
  });

  it('wraps a note into lines of whole words', () => {
    expect(noteLines('Trap under the rug: DC 15 Reflex or fall into the pit below', 20)).toEqual(['Trap under the rug:', 'DC 15 Reflex or fall', 'into the pit below']);
    expect(noteLines('one\ntwo')).toEqual(['one', 'two']);
  });
});
