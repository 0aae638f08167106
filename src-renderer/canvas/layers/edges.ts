import { Edge } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { EDGE_CASING_PX } from '../../../src-shared/io/export/palette';
import { EDGE_STYLE } from '../../ui/palette';
import { createSegmentLayer, type SegmentChunk } from './segment-layer';

/**
 * Walls, low obstacles and doors on square edges (`edgeEast` / `edgeSouth`), drawn from cached
 * chunks: an edge edit rebuilds the one chunk it is in. Each is a dark core over a pale casing
 * (group `-kind`, stroked first), so it reads on dark ground as on light (palette.ts › EDGE_STYLE).
 */
export function createEdgesLayer(editor: Editor) {
  return createSegmentLayer({
    editor,
    arrays: (d) => [d.map.edgeEast, d.map.edgeSouth],
    spreadBack: false,
    visible: () => editor.layers().walls,
    build(d, x0, y0, x1, y1) {
      const out: SegmentChunk = { groups: new Map(), labels: [] };
      const push = (kind: number, ...seg: number[]) => {
        let list = out.groups.get(kind);
        if (!list) out.groups.set(kind, (list = []));
        list.push(...seg);
      };
      const W = d.map.width;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = y * W + x;
          const east = d.map.edgeEast[i]!;
          const south = d.map.edgeSouth[i]!;
          if (east !== Edge.none && EDGE_STYLE[east]) {
            push(-east, x + 1, y, x + 1, y + 1);
            push(east, x + 1, y, x + 1, y + 1);
          }
          if (south !== Edge.none && EDGE_STYLE[south]) {
            push(-south, x, y + 1, x + 1, y + 1);
            push(south, x, y + 1, x + 1, y + 1);
          }
        }
      }
      return out;
    },
    // Every casing before any core, so a casing never covers a neighbouring core where runs meet.
    groupOrder: (a, b) => a - b,
    style(ctx, group, s) {
      const kind = Math.abs(group);
      const style = EDGE_STYLE[kind]!;
      const scale = Math.min(1.4, s / 32);
      // Zoomed out a wall stays at least 2 px, so it still reads as a wall and not a grid line.
      const least = kind === Edge.wall || kind === Edge.doorClosed || kind === Edge.window ? 2 : 1.25;
      const core = Math.max(least, style.width * scale);
      if (group < 0) {
        // The casing: solid under a dashed core, so a dashed low obstacle still reads as one line.
        ctx.setLineDash([]);
        ctx.setAttr('strokeStyle', style.casing);
        ctx.setAttr('lineWidth', core + 2 * Math.max(1, EDGE_CASING_PX * Math.min(1.4, Math.max(0.5, s / 32))));
        ctx.setAttr('lineCap', kind === Edge.wall ? 'round' : 'butt');
        return;
      }
      ctx.setLineDash((style.dash ?? []).map((v) => Math.max(1, v * Math.min(1.4, Math.max(0.5, s / 32)))));
      ctx.setAttr('strokeStyle', style.color);
      ctx.setAttr('lineWidth', core);
      ctx.setAttr('lineCap', kind === Edge.wall ? 'round' : 'butt');
    },
  });
}
