import { Light } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { LIGHT_COLORS } from '../tools/square-layers';
import { createSegmentLayer, type SegmentChunk } from './segment-layer';

/**
 * Epic Path's light layer as a shading over the terrain: dim squares under a light veil, dark ones
 * under a deep one (epic-path.txt › Run: no running when the mover cannot see). Each run of equal
 * light along a row is one segment stroked a square wide, so the veil has no seams; cached per chunk
 * like the other marks. Other rulesets have no light rules, so nothing is drawn for them.
 */
export function createLightLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    arrays: (d) => [d.map.light],
    spreadBack: false,
    visible: () => editor.layers().terrain,
    build(d, x0, y0, x1, y1) {
      const out: SegmentChunk = { groups: new Map(), labels: [] };
      if (d.ruleset !== 'epic-path') return out;
      const W = d.map.width;
      for (let y = y0; y < y1; y++) {
        let x = x0;
        while (x < x1) {
          const v = d.map.light[y * W + x]!;
          let end = x + 1;
          while (end < x1 && d.map.light[y * W + end] === v) end++;
          if (v === Light.dim || v === Light.darkness) {
            let list = out.groups.get(v);
            if (!list) out.groups.set(v, (list = []));
            list.push(x, y + 0.5, end, y + 0.5);
          }
          x = end;
        }
      }
      return out;
    },
    style(ctx, g, s) {
      ctx.setLineDash([]);
      ctx.setAttr('lineCap', 'butt');
      ctx.setAttr('strokeStyle', LIGHT_COLORS[g] ?? 'transparent');
      ctx.setAttr('lineWidth', s);
    },
  });
}
