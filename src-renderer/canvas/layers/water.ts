import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { createSegmentLayer, type SegmentChunk } from './segment-layer';

/** Depths are written in their squares from this many pixels per square. */
const LABEL_PIXELS = 36;

/**
 * Water depth: the edge of the painted water drawn as a line where it meets dry ground, and, zoomed
 * in, each square's depth written in it (the colour's darkness in the terrain image already says
 * deeper).
 */
export function createWaterLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    // Only the depths: a terrain stroke then costs this layer nothing (no diff of the terrain array).
    arrays: (d) => [d.map.waterDepth],
    spreadBack: true,
    visible: () => editor.layers().water,
    build(d, x0, y0, x1, y1, withLabels) {
      const W = d.map.width;
      const H = d.map.height;
      const depth = d.map.waterDepth;
      const out: SegmentChunk = { groups: new Map(), labels: [] };
      const shore: number[] = [];
      const wet = (i: number) => depth[i]! > 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * W + x;
          if (x + 1 < W && wet(i) !== wet(i + 1)) shore.push(x + 1, y, x + 1, y + 1);
          if (y + 1 < H && wet(i) !== wet(i + W)) shore.push(x, y + 1, x + 1, y + 1);
          if (withLabels && wet(i)) out.labels.push({ x: x + 0.5, y: y + 0.78, text: `≈${+depth[i]!.toFixed(1)}` });
        }
      }
      if (shore.length) out.groups.set(0, shore);
      return out;
    },
    style(ctx, _g, s) {
      ctx.setLineDash([]);
      ctx.setAttr('strokeStyle', 'rgba(20, 70, 130, 0.8)');
      ctx.setAttr('lineWidth', Math.max(1, Math.min(3, s * 0.05)));
      ctx.setAttr('lineCap', 'butt');
    },
    labels: {
      minPixels: LABEL_PIXELS,
      priority: 1,
      places: (l, s) => {
        const f = Math.round(Math.min(13, s * 0.2));
        return [[(-l.text.length * f * 0.62) / 2, -f / 2, l.text.length * f * 0.62, f]];
      },
      draw(ctx, labels, view) {
        const s = squarePixels(view);
        ctx.setAttr('font', `600 ${Math.round(Math.min(13, s * 0.2))}px system-ui, sans-serif`);
        ctx.setAttr('textAlign', 'center');
        ctx.setAttr('textBaseline', 'middle');
        ctx.setAttr('fillStyle', '#e8f3ff');
        for (const l of labels) ctx.fillText(l.text, view.panX + l.x * s, view.panY + l.y * s);
      },
    },
  });
}
