import Konva from 'konva';
import { createEffect } from 'solid-js';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { konvaContext } from './draw-context';
import { drawSquareBox } from './overlay';

/**
 * The keyboard cursor on the interactive layer: its region (dashed), the cursor square in two
 * colours so it reads on light and dark terrain, and a bar inside it by the side it faces (where O
 * puts a door); both kept off the square's sides, so the door is seen.
 */
export function createKeyboardCursorLayer(editor: Editor) {
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      if (!editor.cursorMode() || !editor.doc()) return;
      const ctx = konvaContext(konvaCtx);
      const v = editor.view();
      const s = squarePixels(v);
      const q = editor.cursor();
      const region = editor.cursorRegion();
      // The region Shift+arrows grow, drawn as the Select tool's box is, a little stronger.
      if (region) drawSquareBox(ctx, region.from, region.to, v, { fill: 'rgba(47, 125, 225, 0.15)', lineWidth: 2, dash: [6, 4] });
      const x = Math.round(v.panX + q.x * s);
      const y = Math.round(v.panY + q.y * s);
      const side = Math.max(4, Math.round(s));
      // Frame and facing bar stay inside the square, clear of its sides: a wall or a door that O puts
      // on the faced side is drawn on that side and must still be seen (a bar on it hid the door).
      const inset = Math.min(6, Math.max(3, Math.round(side * 0.15)));
      for (const [color, width] of [['#101418', 5], ['#ffffff', 2]] as const) {
        ctx.beginPath();
        ctx.rect(x + inset, y + inset, side - 2 * inset, side - 2 * inset);
        ctx.setAttr('strokeStyle', color);
        ctx.setAttr('lineWidth', width);
        ctx.stroke();
      }
      // The bar: the middle half of a line just inside the frame, on the side the cursor faces.
      const f = editor.facing();
      const near = inset + 5;
      const far = side - near;
      const [a, b] = [Math.round(side / 4), Math.round((side * 3) / 4)];
      const [x0, y0, x1, y1] = f === 'east' ? [x + far, y + a, x + far, y + b] : f === 'west' ? [x + near, y + a, x + near, y + b] : f === 'south' ? [x + a, y + far, x + b, y + far] : [x + a, y + near, x + b, y + near];
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.setAttr('strokeStyle', '#ffb000');
      ctx.setAttr('lineWidth', 3);
      ctx.stroke();
    },
  });
  // Out of the mode only the mode itself is followed: a pan or zoom then costs this layer nothing.
  createEffect(() => {
    if (editor.cursorMode()) {
      editor.cursor();
      editor.cursorRegion();
      editor.facing();
      editor.view();
    }
    node.getLayer()?.batchDraw();
  });
  return { node };
}
