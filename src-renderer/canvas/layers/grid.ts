import Konva from 'konva';
import { createEffect, createMemo, createSignal } from 'solid-js';
import type { Editor } from '../../state/editor';
import { drawGrid } from './grid-lines';

/** The grid: only the lines in view, redrawn on a view change (cheap: two paths). */
export function createGridLayer(editor: Editor) {
  const [lines, setLines] = createSignal(0);
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      setLines(d && editor.showGrid() ? drawGrid(ctx, editor.view(), editor.viewport(), d.map.width, d.map.height, d.grid) : 0);
    },
  });
  // What the grid reads of the document: an edit of squares or creatures does not redraw it.
  const shape = createMemo(() => {
    const d = editor.doc();
    return d ? `${d.map.width}x${d.map.height}` : '';
  });
  const style = createMemo(() => editor.doc()?.grid);
  createEffect(() => {
    shape();
    style();
    editor.view();
    editor.viewport();
    editor.showGrid();
    node.getLayer()?.batchDraw();
  });
  return { node, lines };
}
