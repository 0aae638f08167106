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
  // The map's size and grid style, not every edit: a creature moved leaves the grid as it was.
  const gridShape = createMemo(
    () => {
      const d = editor.doc();
      return d ? { width: d.map.width, height: d.map.height, grid: d.grid } : null;
    },
    null,
    { equals: (a, b) => a?.width === b?.width && a?.height === b?.height && a?.grid === b?.grid && !a === !b },
  );
  createEffect(() => {
    gridShape();
    editor.view();
    editor.viewport();
    editor.showGrid();
    node.getLayer()?.batchDraw();
  });
  return { node, lines };
}
