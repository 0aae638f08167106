import Konva from 'konva';
import { createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import type { GridAlignment, MapPicture } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import type { PictureWorkerMessage, PictureWorkerReply } from '../../state/picture-worker';
import { squarePixels, type View } from '../../state/view';

/** How much of the terrain colour shows over a map picture, so the picture stays readable. */
export const TERRAIN_OVER_PICTURE = 0.35;
/** The smallest level's long side, in pixels: enough for a whole map on a big screen. */
export const SMALLEST_LEVEL = 1024;

/** One decoded size of the picture; `scale` is its pixels per picture pixel (1 for the full size). */
export interface PictureLevel {
  bitmap: ImageBitmap;
  scale: number;
}

/**
 * The level to draw from when a picture pixel covers `screenPerPixel` screen pixels: the smallest
 * that still has a pixel for every screen pixel (sharp, and cheap to draw when zoomed out), or the
 * largest there is (still decoding, or zoomed in past the full size).
 */
export function chooseLevel(levels: readonly PictureLevel[], screenPerPixel: number): PictureLevel | null {
  let best: PictureLevel | null = null;
  for (const level of levels) {
    if (level.scale >= screenPerPixel) {
      if (!best || best.scale < screenPerPixel || level.scale < best.scale) best = level;
    } else if (!best || (best.scale < screenPerPixel && level.scale > best.scale)) best = level;
  }
  return best;
}

/**
 * Draws the visible part of the picture from a level, lined up with the grid: picture pixel
 * (`offsetX`, `offsetY`) on the map's top-left corner, `pixelsPerSquare` picture pixels a square.
 */
export function drawPicture(
  ctx: CanvasRenderingContext2D,
  picture: Pick<MapPicture, 'width' | 'height' | 'opacity'>,
  align: GridAlignment,
  level: PictureLevel,
  view: View,
  viewport: { width: number; height: number },
): void {
  const s = squarePixels(view) / align.pixelsPerSquare;
  const left = view.panX - align.offsetX * s;
  const top = view.panY - align.offsetY * s;
  // The part of the picture in view, in picture pixels (only that part is drawn).
  const px0 = Math.max(0, Math.floor(-left / s));
  const py0 = Math.max(0, Math.floor(-top / s));
  const px1 = Math.min(picture.width, Math.ceil((viewport.width - left) / s));
  const py1 = Math.min(picture.height, Math.ceil((viewport.height - top) / s));
  if (px1 <= px0 || py1 <= py0) return;
  const k = level.scale;
  ctx.save();
  ctx.globalAlpha = picture.opacity;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = s < k ? 'medium' : 'low';
  ctx.drawImage(level.bitmap, px0 * k, py0 * k, (px1 - px0) * k, (py1 - py0) * k, left + px0 * s, top + py0 * s, (px1 - px0) * s, (py1 - py0) * s);
  ctx.restore();
}

/**
 * The map's picture under the terrain (docs/pictures.md). Decoded in a worker
 * (`state/picture-worker.ts`) into levels: the full size and halves down to ~1024 px on the long
 * side, so zoomed out it draws from a small copy and only the part in view. What it holds: one
 * full-size decode plus a third of that in the smaller levels (an 8192² picture: 256 MiB + 85 MiB).
 * The terrain colours are drawn see-through over it. While the alignment tool drags, it follows
 * the tool's draft alignment (`editor.pictureDraft`) without an edit.
 *
 * The map container carries `data-background`: `none`, `loading`, `failed` or the decoded size,
 * and `data-picture-level` the level last drawn from (its width).
 */
export function createPictureLayer(editor: Editor, terrain: Konva.Image) {
  const [levels, setLevels] = createSignal<readonly PictureLevel[]>([], { equals: false });
  let worker: Worker | null = null;
  let job = 0;
  let source: string | null | undefined;
  let lastLevel = 0;

  // A memo: an edit that leaves the picture alone (paint, a creature) does not redraw its layer.
  const picture = createMemo(() => editor.doc()?.picture ?? null);
  const alignment = (): GridAlignment | null => editor.pictureDraft() ?? picture();

  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      const p = picture();
      const align = alignment();
      const stage = node.getStage();
      if (!p || !align || !stage) return;
      const view = editor.view();
      const level = chooseLevel(levels(), squarePixels(view) / align.pixelsPerSquare);
      if (!level) return;
      drawPicture(konvaCtx._context, p, align, level, view, stage.size());
      lastLevel = level.bitmap.width;
      const container = stage.container();
      container.dataset['pictureLevel'] = String(lastLevel);
    },
  });

  const release = () => {
    for (const l of levels()) l.bitmap.close();
    setLevels([]);
  };
  const mark = (state: string) => {
    const container = node.getStage()?.container();
    if (container) container.dataset['background'] = state;
  };

  createEffect(
    on(
      () => picture()?.data,
      () => {
        const p = picture();
        const key = p ? `${p.mime}:${p.data.length}:${p.data.slice(0, 64)}:${p.data.slice(-64)}` : null;
        if (key === source) return;
        source = key;
        job++;
        release();
        if (!p) {
          mark('none');
          node.getLayer()?.batchDraw();
          return;
        }
        mark('loading');
        worker ??= new Worker(new URL('../../state/picture-worker.ts', import.meta.url), { type: 'module', name: 'picture' });
        const id = job;
        const full = p.width;
        worker.onmessage = (e: MessageEvent<PictureWorkerReply>) => {
          const r = e.data;
          if (r.id !== job) {
            if (r.type === 'level') r.bitmap.close();
            return;
          }
          if (r.type === 'failed') {
            mark('failed');
            editor.notify('error', `The map's picture could not be drawn (${r.error}); the map opens without it. Import the picture again, or remove it in the properties panel.`);
            return;
          }
          setLevels([...levels(), { bitmap: r.bitmap, scale: r.bitmap.width / full }]);
          if (r.last) mark(`${r.bitmap.width}x${r.bitmap.height}`);
          node.getLayer()?.batchDraw();
        };
        worker.postMessage({ type: 'levels', id, mime: p.mime, data: p.data, width: p.width, height: p.height, smallest: SMALLEST_LEVEL } satisfies PictureWorkerMessage);
      },
    ),
  );

  createEffect(() => {
    const p = picture();
    editor.view();
    alignment();
    editor.layers();
    terrain.opacity(p ? TERRAIN_OVER_PICTURE : 1);
    node.visible(!!p);
    node.getLayer()?.batchDraw();
    terrain.getLayer()?.batchDraw();
  });

  onCleanup(() => {
    job++;
    release();
    worker?.terminate();
    worker = null;
  });

  return {
    node,
    /** The levels decoded so far (tests and the bench read their sizes). */
    levels,
    /** The width of the level last drawn from. */
    lastLevelWidth: () => lastLevel,
  };
}
