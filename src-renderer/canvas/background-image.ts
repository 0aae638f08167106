import Konva from 'konva';
import { createEffect, on } from 'solid-js';
import { squarePixels } from '../state/view';
import type { Editor } from '../state/editor';

/** How much of the terrain colour shows over a background picture, so the picture stays readable. */
export const TERRAIN_OVER_PICTURE = 0.35;

/**
 * The encounter's map picture, lined up with the grid under the terrain, at the picture's own opacity. While there is a picture the terrain
 * colours are drawn see-through over it. Self-contained: MapCanvas only calls this once.
 */
export function attachBackground(editor: Editor, layer: Konva.Layer, terrain: Konva.Image): void {
  const picture = new Konva.Image({ image: undefined, x: 0, y: 0, width: 1, height: 1, visible: false });
  layer.add(picture);
  picture.moveToBottom();
  let loaded: string | null = null;

  createEffect(
    on(
      () => editor.doc()?.picture?.data,
      () => {
        const background = editor.doc()?.picture;
        const source = background ? `data:${background.mime};base64,${background.data}` : null;
        if (source === loaded) return;
        loaded = source;
        picture.image(undefined);
        const container = layer.getStage()?.container();
        if (container) container.dataset['background'] = source ? 'loading' : 'none';
        if (!source) {
          layer.batchDraw();
          return;
        }
        const img = new Image();
        img.onload = () => {
          if (loaded !== source) return;
          picture.image(img);
          if (container) container.dataset['background'] = `${img.naturalWidth}x${img.naturalHeight}`;
          layer.batchDraw();
        };
        img.src = source;
      },
    ),
  );

  createEffect(() => {
    const d = editor.doc();
    const v = editor.view();
    editor.layers();
    const background = d?.picture;
    if (d && background) {
      // Lined up with the grid: `pixelsPerSquare` picture pixels to a square, pixel (offsetX, offsetY) on the map's corner.
      const s = squarePixels(v) / background.pixelsPerSquare;
      picture.position({ x: v.panX - background.offsetX * s, y: v.panY - background.offsetY * s });
      picture.size({ width: background.width * s, height: background.height * s });
      picture.opacity(background.opacity);
    }
    picture.visible(!!background);
    terrain.opacity(background ? TERRAIN_OVER_PICTURE : 1);
    layer.batchDraw();
    terrain.getLayer()?.batchDraw();
  });
}
