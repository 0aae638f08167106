import { Blockade } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { BLOCKADE_COLORS, HIDDEN_RESISTANCE_COLOR, SURFACE_COLORS } from '../tools/square-layers';
import { createSegmentLayer, type SegmentChunk } from './segment-layer';

/** Resistance numbers are written in their squares from this many pixels per square. */
const LABEL_PIXELS = 28;
/** Style groups: a kind of mark plus its value. */
const BLOCKADE = 100;
const SURFACE = 200;
const RESISTANCE = 300;
const HIDDEN = 400;
const RESISTANCE_COLORS = ['#c9a227', '#c98a27', '#c46a2a', '#b24a34', '#9a3038', '#7a2545', '#5e2145'];

/**
 * What is painted on a square besides its terrain kind, as marks over it: a Startroid blockade as a
 * red cross (blocking) or a single orange stroke (cleared once: difficult), a fall surface as an
 * inset outline in its colour, a 6d6 movement resistance as a smaller outline with its number, a
 * hidden one (6d6.txt › Hidden Movement Resistance) as a dashed purple diamond with "?n".
 * Cached per chunk like the edges.
 */
export function createSquareMarksLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    arrays: (d) => [d.map.surface, d.map.resistance, d.map.blockade, d.map.hiddenResistance],
    spreadBack: false,
    visible: () => editor.layers().terrain,
    build(d, x0, y0, x1, y1, withLabels) {
      const W = d.map.width;
      const out: SegmentChunk = { groups: new Map(), labels: [] };
      const push = (g: number, ...seg: number[]) => {
        let list = out.groups.get(g);
        if (!list) out.groups.set(g, (list = []));
        list.push(...seg);
      };
      const box = (g: number, x: number, y: number, k: number) => {
        push(g, x + k, y + k, x + 1 - k, y + k, x + 1 - k, y + k, x + 1 - k, y + 1 - k);
        push(g, x + 1 - k, y + 1 - k, x + k, y + 1 - k, x + k, y + 1 - k, x + k, y + k);
      };
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * W + x;
          const b = d.map.blockade[i]!;
          if (b === Blockade.blocking) push(BLOCKADE + b, x + 0.18, y + 0.18, x + 0.82, y + 0.82, x + 0.82, y + 0.18, x + 0.18, y + 0.82);
          else if (b === Blockade.cleared) push(BLOCKADE + b, x + 0.18, y + 0.82, x + 0.82, y + 0.18);
          const sf = d.map.surface[i]!;
          if (sf) box(SURFACE + sf, x, y, 0.1);
          const r = d.map.resistance[i]!;
          if (r) {
            box(RESISTANCE + r, x, y, 0.24);
            if (withLabels) out.labels.push({ x: x + 0.5, y: y + 0.5, text: String(r) });
          }
          const h = d.ruleset === '6d6' ? d.map.hiddenResistance[i]! : 0;
          if (h) {
            push(HIDDEN, x + 0.5, y + 0.08, x + 0.92, y + 0.5, x + 0.92, y + 0.5, x + 0.5, y + 0.92);
            push(HIDDEN, x + 0.5, y + 0.92, x + 0.08, y + 0.5, x + 0.08, y + 0.5, x + 0.5, y + 0.08);
            out.labels.push({ x: x + 0.5, y: y + (r ? 0.8 : 0.5), text: `?${h}` });
          }
        }
      }
      return out;
    },
    style(ctx, g, s) {
      ctx.setLineDash([]);
      ctx.setAttr('lineCap', 'round');
      if (g === HIDDEN) {
        ctx.setAttr('strokeStyle', HIDDEN_RESISTANCE_COLOR);
        ctx.setAttr('lineWidth', Math.max(1, Math.min(3, s * 0.05)));
        ctx.setLineDash([Math.max(2, s * 0.08), Math.max(2, s * 0.06)]);
      } else if (g >= RESISTANCE) {
        ctx.setAttr('strokeStyle', RESISTANCE_COLORS[g - RESISTANCE - 1] ?? '#5e2145');
        ctx.setAttr('lineWidth', Math.max(1, Math.min(3, s * 0.05)));
      } else if (g >= SURFACE) {
        ctx.setAttr('strokeStyle', SURFACE_COLORS[g - SURFACE] ?? '#000');
        ctx.setAttr('lineWidth', Math.max(1, Math.min(4, s * 0.07)));
        ctx.setLineDash([Math.max(2, s * 0.12), Math.max(1, s * 0.06)]);
      } else {
        ctx.setAttr('strokeStyle', BLOCKADE_COLORS[g - BLOCKADE] ?? '#000');
        ctx.setAttr('lineWidth', Math.max(1.5, Math.min(6, s * 0.1)));
      }
    },
    labels: {
      minPixels: LABEL_PIXELS,
      priority: 2,
      places: (l, s) => {
        const f = Math.round(Math.min(16, s * 0.3));
        return [[(-l.text.length * f * 0.62) / 2, -f / 2, l.text.length * f * 0.62, f]];
      },
      draw(ctx, labels, view) {
        const s = squarePixels(view);
        ctx.setAttr('font', `700 ${Math.round(Math.min(16, s * 0.3))}px system-ui, sans-serif`);
        ctx.setAttr('textAlign', 'center');
        ctx.setAttr('textBaseline', 'middle');
        ctx.setAttr('fillStyle', '#4a1c30');
        for (const l of labels) ctx.fillText(l.text, view.panX + l.x * s, view.panY + l.y * s);
      },
    },
  });
}
