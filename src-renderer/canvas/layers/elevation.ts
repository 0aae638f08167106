import { RULESETS } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { GAP, labelFont, ledgeLineWidth } from './ledges';
import { createSegmentLayer, type LabelBox, type SegmentChunk } from './segment-layer';

/** Heights are written in their squares from this many pixels per square. */
const HEIGHT_LABEL_PIXELS = 44;
const heightFont = (s: number) => Math.round(Math.min(14, s * 0.2));
/**
 * A height's tag, from its square's top-left corner: at the left, half-way down, inset past half a
 * ledge line (and the thinner contour lines) and a gap, so a ledge on the square's west edge never
 * strikes it through; half-way down it keeps clear of the labels the overlays write in a square's
 * top (Play's chance to get there, "83%", which ran into a height in the corner as "1083%") and
 * bottom (the move's cost).
 */
export function heightBox(text: string, s: number): LabelBox {
  const size = heightFont(s);
  const inset = ledgeLineWidth(s) / 2 + 2;
  const h = size * 1.24;
  return [inset, (s - h) / 2, text.length * size * 0.62 + 4, h];
}

/**
 * Where a height may go: at the left (`heightBox`), else at the right, half-way down; then, on either
 * side, just below a drop written at the top of a side, or just above one at its bottom. A drop
 * beside the square's west line (a stair step up from the west) takes the left first at mid zoom,
 * and on a platform's rim a drop sits at the top of a side: the height then shares the square rather
 * than go unwritten. Never where the overlays write (Play's chance near the top, the move's cost near
 * the bottom: `clearOfOverlays`).
 */
export function heightPlaces(text: string, s: number): LabelBox[] {
  const left = heightBox(text, s);
  const [inset, dy, w, h] = left;
  const right = s - inset - w;
  // A drop's box at an end of a side runs from `clear` to `clear + f` in from the square's edge (ledges.ts).
  const drop = ledgeLineWidth(s) / 2 + GAP + labelFont(s) + GAP + 0.01;
  const below = drop;
  const above = s - drop - h;
  const more: LabelBox[] = [[inset, below, w, h], [right, below, w, h], [inset, above, w, h], [right, above, w, h]];
  return [left, [right, dy, w, h], ...more.filter((b) => clearOfOverlays(b, s))];
}

/** Whether a box in a square stays out of the rows the overlays write in (play-overlay.ts, overlay.ts). */
function clearOfOverlays([, y, , h]: LabelBox, s: number): boolean {
  const band = (down: number, font: number) => [down * s - font / 2, down * s + font / 2] as const;
  return [band(0.22, Math.round(Math.min(12, s * 0.28))), band(0.8, Math.round(Math.min(14, s * 0.32)))].every(([top, bottom]) => y + h <= top || y >= bottom);
}

/**
 * Elevation as contour lines: a line between two squares wherever a whole square's height (5 ft;
 * 1.5 m in Startroid) lies between their heights, thicker for bigger steps, and, zoomed in, each
 * raised or sunken square's height written in it. The shading (lighter is higher) is in the
 * terrain image; ledges (drops of a square or more) are drawn over these by `ledges.ts`.
 */
export function createElevationLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    arrays: (d) => [d.map.elevation],
    spreadBack: true,
    visible: () => editor.layers().elevation,
    build(d, x0, y0, x1, y1, withLabels) {
      const step = RULESETS[d.ruleset].squareSize;
      const W = d.map.width;
      const H = d.map.height;
      const e = d.map.elevation;
      const out: SegmentChunk = { groups: new Map(), labels: [] };
      const push = (levels: number, ...seg: number[]) => {
        const g = Math.min(3, levels);
        let list = out.groups.get(g);
        if (!list) out.groups.set(g, (list = []));
        list.push(...seg);
      };
      const level = (h: number) => Math.floor(h / step + 1e-6);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const h = e[y * W + x]!;
          if (x + 1 < W) {
            const n = Math.abs(level(h) - level(e[y * W + x + 1]!));
            if (n) push(n, x + 1, y, x + 1, y + 1);
          }
          if (y + 1 < H) {
            const n = Math.abs(level(h) - level(e[(y + 1) * W + x]!));
            if (n) push(n, x, y + 1, x + 1, y + 1);
          }
          // At the left (heightBox): creatures sit in the centre, the overlays' labels top and bottom.
          if (withLabels && h !== 0) out.labels.push({ x, y, text: String(+h.toFixed(1)) });
        }
      }
      return out;
    },
    style(ctx, levels, s) {
      ctx.setLineDash([]);
      ctx.setAttr('strokeStyle', 'rgba(74, 52, 24, 0.75)');
      ctx.setAttr('lineWidth', Math.max(1, Math.min(4, s * 0.03)) * (0.6 + 0.4 * levels));
      ctx.setAttr('lineCap', 'butt');
    },
    labels: {
      minPixels: HEIGHT_LABEL_PIXELS,
      priority: 0,
      places: (l, s) => heightPlaces(l.text, s),
      draw(ctx, labels, view) {
        const s = squarePixels(view);
        const size = heightFont(s);
        // On a pale tag, so the height reads on dark ground (blocked squares) as on light.
        ctx.beginPath();
        for (const l of labels) {
          const [dx, dy, w, h] = l.box;
          ctx.rect(view.panX + l.x * s + dx, view.panY + l.y * s + dy, w, h);
        }
        ctx.setAttr('fillStyle', 'rgba(255, 248, 228, 0.82)');
        ctx.fill();
        ctx.setAttr('font', `600 ${size}px system-ui, sans-serif`);
        ctx.setAttr('textAlign', 'left');
        ctx.setAttr('textBaseline', 'middle');
        ctx.setAttr('fillStyle', '#3b2a12');
        for (const l of labels) {
          const [dx, dy, , h] = l.box;
          ctx.fillText(l.text, view.panX + l.x * s + dx + 2, view.panY + l.y * s + dy + h / 2);
        }
      },
    },
  });
}
