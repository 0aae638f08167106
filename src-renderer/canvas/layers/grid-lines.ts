import { GRID_DEFAULTS, type GridStyle } from '../../../src-shared/model';
import type { Size, View } from '../../state/view';
import { squarePixels, visibleSquares } from '../../state/view';

/** Below this many pixels per square the grid would be a grey wash: it is left out. */
export const MIN_GRID_PIXELS = 6;

interface LineContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  setAttr(attr: string, value: unknown): void;
}

/**
 * The grid as one custom shape: only the lines in view, at whole pixels plus a half so a one-pixel
 * line stays sharp at every zoom. Every fifth line is stronger, to count squares by eye. The
 * encounter's grid style sets the colour, opacity and thickness (absent fields: the defaults).
 */
export function drawGrid(ctx: LineContext, view: View, viewport: Size, mapWidth: number, mapHeight: number, style: GridStyle = {}): number {
  const { color, opacity, thickness } = { ...GRID_DEFAULTS, ...style };
  const rgb = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)).join(', ');
  // An odd whole width is centred on a pixel's middle to stay sharp; an even one on its edge.
  const half = Math.round(thickness) % 2 === 1 ? 0.5 : 0;
  const s = squarePixels(view);
  if (s < MIN_GRID_PIXELS) return 0;
  const { x0, y0, x1, y1 } = visibleSquares(view, viewport, mapWidth, mapHeight);
  if (x1 <= x0 || y1 <= y0) return 0;
  const top = Math.round(view.panY + y0 * s);
  const bottom = Math.round(view.panY + y1 * s);
  const left = Math.round(view.panX + x0 * s);
  const right = Math.round(view.panX + x1 * s);
  let lines = 0;
  for (const major of [false, true]) {
    ctx.beginPath();
    for (let x = x0; x <= x1; x++) {
      if ((x % 5 === 0) !== major) continue;
      const px = Math.round(view.panX + x * s) + half;
      ctx.moveTo(px, top);
      ctx.lineTo(px, bottom);
      lines++;
    }
    for (let y = y0; y <= y1; y++) {
      if ((y % 5 === 0) !== major) continue;
      const py = Math.round(view.panY + y * s) + half;
      ctx.moveTo(left, py);
      ctx.lineTo(right, py);
      lines++;
    }
    ctx.setAttr('strokeStyle', `rgba(${rgb}, ${major ? Math.min(1, opacity * 2) : opacity})`);
    ctx.setAttr('lineWidth', thickness);
    ctx.stroke();
  }
  return lines;
}
