import type { PathStep, ReachSquare } from '../../../src-shared/rules';
import { squarePixels, type Size, type View } from '../../state/view';
import type { DrawContext } from './draw-context';

/** The colour of squeezing on the overlay: a violet that reads over the green and amber reach. */
export const SQUEEZE_COLOR = '#6a2fb0';

/** Diagonal hatching over a rectangle of squares, clipped to it (a squeezed creature's band). */
function hatch(ctx: DrawContext, px: number, py: number, w: number, h: number, gap: number): void {
  for (let k = gap / 2; k < w + h; k += gap) {
    // A line x + y = k inside the rectangle, from its upper-right end to its lower-left end.
    const ax = Math.min(k, w);
    const ay = k - ax;
    const by = Math.min(k, h);
    const bx = k - by;
    ctx.moveTo(px + ax, py + ay);
    ctx.lineTo(px + bx, py + by);
  }
}

/**
 * The squeezed steps of the hovered path (d20-srd-35.txt › Squeezing: the engine marks them
 * `squeezed` with the `band` the creature fills): each band hatched and outlined narrower than the
 * creature's space, so the user sees where it squeezes and which squares it fills there.
 */
export function drawSqueezedSteps(ctx: DrawContext, steps: readonly PathStep[], view: View): void {
  const squeezed = steps.filter((st) => st.squeezed && st.band);
  if (!squeezed.length) return;
  const s = squarePixels(view);
  ctx.beginPath();
  for (const st of squeezed) hatch(ctx, view.panX + st.x * s, view.panY + st.y * s, st.band!.w * s, st.band!.h * s, Math.max(4, s * 0.18));
  ctx.setAttr('strokeStyle', SQUEEZE_COLOR);
  ctx.setAttr('globalAlpha', 0.55);
  ctx.setAttr('lineWidth', Math.max(1, s * 0.03));
  ctx.setLineDash([]);
  ctx.stroke();
  ctx.setAttr('globalAlpha', 1);
  ctx.beginPath();
  const inset = Math.min(3, s * 0.06);
  for (const st of squeezed) ctx.rect(view.panX + st.x * s + inset, view.panY + st.y * s + inset, st.band!.w * s - 2 * inset, st.band!.h * s - 2 * inset);
  ctx.setAttr('lineWidth', Math.max(1.5, s * 0.05));
  ctx.setLineDash([Math.max(3, s * 0.12), Math.max(2, s * 0.08)]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Reach positions where the creature is squeezed: the square hatched, so squeezing shows before any hover. */
export function drawSqueezedReach(ctx: DrawContext, squares: readonly ReachSquare[], view: View, viewport: Size): void {
  const s = squarePixels(view);
  ctx.beginPath();
  let any = false;
  for (const q of squares) {
    if (!q.squeezed) continue;
    const px = view.panX + q.x * s;
    const py = view.panY + q.y * s;
    if (px < -s || py < -s || px > viewport.width || py > viewport.height) continue;
    hatch(ctx, px, py, s, s, Math.max(4, s * 0.25));
    any = true;
  }
  if (!any) return;
  ctx.setAttr('strokeStyle', SQUEEZE_COLOR);
  ctx.setAttr('globalAlpha', 0.4);
  ctx.setAttr('lineWidth', Math.max(1, s * 0.03));
  ctx.setLineDash([]);
  ctx.stroke();
  ctx.setAttr('globalAlpha', 1);
}
