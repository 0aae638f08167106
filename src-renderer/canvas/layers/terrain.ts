import Konva from 'konva';
import { createEffect, createSignal, on } from 'solid-js';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { changedRect, elevationSpan, paintTerrain, type ElevationSpan, type PixelRect } from './terrain-pixels';

/**
 * The terrain image: one pixel per square on an offscreen canvas, scaled to the view. An edit
 * repaints only the rectangle of squares that changed; a new map, another size or a change of the
 * lowest or highest ground (which shades every square) repaints it all.
 */
export function createTerrainLayer(editor: Editor) {
  const canvas = document.createElement('canvas');
  const node = new Konva.Image({ image: canvas, x: 0, y: 0, width: 1, height: 1, listening: false });
  // What the last repaint covered, in squares: tests check a one-square edit repaints one square.
  const [lastPainted, setLastPainted] = createSignal<PixelRect | null>(null);
  let span: ElevationSpan | null = null;

  createEffect(
    on(
      () => {
        const m = editor.doc()?.map;
        return m ? { map: m, terrain: m.terrain, elevation: m.elevation, waterDepth: m.waterDepth } : null;
      },
      (now, before) => {
        if (!now) return;
        const m = now.map;
        const sameSize = !!before && before.map.width === m.width && before.map.height === m.height;
        if (sameSize && now.terrain === before.terrain && now.elevation === before.elevation && now.waterDepth === before.waterDepth) return;
        const nextSpan = now.elevation === before?.elevation && span ? span : elevationSpan(m);
        const shadingSame = !!span && span.min === nextSpan.min && span.max === nextSpan.max;
        span = nextSpan;
        let rect: PixelRect | null | undefined;
        if (sameSize && shadingSame) {
          rect = changedRect(m.width, [
            [before.terrain, now.terrain],
            [before.elevation, now.elevation],
            [before.waterDepth, now.waterDepth],
          ]);
          if (!rect) return;
        }
        setLastPainted(paintTerrain(m, canvas, span, rect ?? undefined));
        node.image(canvas);
        node.getLayer()?.batchDraw();
      },
    ),
  );
  createEffect(() => {
    const d = editor.doc();
    const v = editor.view();
    if (d) {
      const s = squarePixels(v);
      node.position({ x: v.panX, y: v.panY });
      node.size({ width: d.map.width * s, height: d.map.height * s });
    }
    node.visible(!!d && editor.layers().terrain);
    node.getLayer()?.batchDraw();
  });

  return { node, canvas, lastPainted };
}
