import { RULESETS } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { createSegmentLayer, type LabelBox, type SegmentChunk } from './segment-layer';

/** Ledge labels are legible from this many pixels per square. */
const LABEL_PIXELS = 28;
/** Clamped: at 800 % a label would otherwise be 66 px high. */
export const labelFont = (s: number) => Math.round(Math.min(18, s * 0.26));
/** The ledge line's width at `s` pixels per square (heights keep clear of it too). */
export const ledgeLineWidth = (s: number) => Math.max(2, s * 0.09);
/** Room left between a line and a label beside it, in pixels. */
export const GAP = 3;

type LedgeLabel = { x: number; y: number; text: string; side?: number };

/**
 * Where a drop's label may go: beside its line on the high ground, where the walker stands (it used
 * to sit on the line, struck through by it), each place a box [dx, dy, w, h] from the line's middle,
 * on screen. `side` is +1 / -1 for the high ground east / west of a north-south line, +2 / -2 south /
 * north of an east-west one. Along the line it goes to an end of the square's side first (the top of
 * a north-south line, the right of an east-west one), then the other end, then the middle: the middle
 * of a square's west side is where its height is written (elevation.ts), so on a stair the step's
 * drop and the step's height share the square, and the middle of its top is Play's chance.
 */
function ledgePlaces(l: Pick<LedgeLabel, 'text' | 'side'>, s: number): LabelBox[] {
  const f = labelFont(s);
  const w = l.text.length * f * 0.62;
  // From the line, and from the square's ends, past half a ledge line (one may run across them) and a gap.
  const clear = ledgeLineWidth(s) / 2 + GAP;
  const half = s / 2;
  const side = l.side ?? 0;
  if (side === 1 || side === -1) {
    const dx = side === 1 ? clear : -clear - w;
    return [
      [dx, -half + clear, w, f],
      [dx, half - clear - f, w, f],
      [dx, -f / 2, w, f],
    ];
  }
  if (side === 2 || side === -2) {
    const dy = side === 2 ? clear : -clear - f;
    return [
      [half - clear - w, dy, w, f],
      [-half + clear, dy, w, f],
      [-w / 2, dy, w, f],
    ];
  }
  return [[-w / 2, -f / 2, w, f]];
}

/**
 * Ledges: an edge where the ground drops by a square's height or more is where a walker would fall.
 * Drawn as a red dashed line with the drop in the ruleset's unit when legible. Chunks are rebuilt
 * when the elevation inside them (or just east / south of them) changes; labels are built with
 * the chunk when zoomed in enough to show them, not on every view change.
 */
export function createLedgesLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    arrays: (d) => [d.map.elevation],
    spreadBack: true,
    visible: () => editor.layers().elevation,
    build(d, x0, y0, x1, y1, withLabels) {
      const square = RULESETS[d.ruleset].squareSize;
      const W = d.map.width;
      const e = d.map.elevation;
      const segs: number[] = [];
      const labels: SegmentChunk['labels'] = [];
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const h = e[y * W + x]!;
          if (x + 1 < W) {
            const drop = Math.abs(h - e[y * W + x + 1]!);
            if (drop >= square) {
              segs.push(x + 1, y, x + 1, y + 1);
              if (withLabels) labels.push({ x: x + 1, y: y + 0.5, text: `↓${+drop.toFixed(1)}`, side: h > e[y * W + x + 1]! ? -1 : 1 });
            }
          }
          if (y + 1 < d.map.height) {
            const drop = Math.abs(h - e[(y + 1) * W + x]!);
            if (drop >= square) {
              segs.push(x, y + 1, x + 1, y + 1);
              if (withLabels) labels.push({ x: x + 0.5, y: y + 1, text: `↓${+drop.toFixed(1)}`, side: h > e[(y + 1) * W + x]! ? -2 : 2 });
            }
          }
        }
      }
      return { groups: segs.length ? new Map([[0, segs]]) : new Map(), labels };
    },
    style(ctx, _group, s) {
      ctx.setLineDash([Math.max(3, s * 0.15), Math.max(2, s * 0.08)]);
      ctx.setAttr('strokeStyle', '#c0392b');
      ctx.setAttr('lineWidth', ledgeLineWidth(s));
      ctx.setAttr('lineCap', 'butt');
    },
    labels: {
      minPixels: LABEL_PIXELS,
      // A fall is what a walker must not miss: its drop takes room before heights and depths.
      priority: 3,
      places: (l, s) => ledgePlaces(l, s),
      draw(ctx, labels, view) {
        const s = squarePixels(view);
        ctx.setAttr('fillStyle', '#7b1d14');
        ctx.setAttr('font', `600 ${labelFont(s)}px system-ui, sans-serif`);
        ctx.setAttr('textAlign', 'center');
        ctx.setAttr('textBaseline', 'middle');
        for (const l of labels) {
          // Written in the middle of the box it took, so what is drawn is what took the room.
          const [dx, dy, w, h] = l.box;
          ctx.fillText(l.text, view.panX + l.x * s + dx + w / 2, view.panY + l.y * s + dy + h / 2);
        }
      },
    },
  });
}
