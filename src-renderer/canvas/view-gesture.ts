import type Konva from 'konva';
import { createEffect, createMemo, createSignal, on, onCleanup } from 'solid-js';
import type { Editor } from '../state/editor';
import { squarePixels, type View } from '../state/view';

/** Wheel turns that have not moved the view for this long have come to rest and the map is redrawn. */
export const REST_MS = 120;
/**
 * How far a gesture may take the view from the drawn one before the map is redrawn mid-gesture:
 * zoomed by more than 4 × either way (a spinning wheel: the picture blurs, or shrinks into the
 * terrain under-picture, until the wheel rests), or panned so that a quarter of the viewport shows
 * only the terrain under-picture.
 */
const MAX_SCALE = 4;
const MAX_UNCOVERED = 0.25;

const sameView = (a: View, b: View) => a.zoom === b.zoom && a.panX === b.panX && a.panY === b.panY;

/**
 * Pan and zoom gestures as map apps do them. Every layer draws at `drawnView`, not at the editor's
 * live view. While a pan drag or a run of wheel turns goes on, the stage's layers are shown as one
 * snapshot bitmap moved and scaled by a CSS transform, with the stage itself hidden: no layer is
 * drawn per frame. The snapshot is an ImageBitmap on a `bitmaprenderer` canvas because Chromium
 * without a GPU copies every visible 2-D canvas on each frame that changes anything (five
 * full-size copies a frame for the stage's layers), and a bitmap not at all. The squares the
 * snapshot no longer covers show the terrain picture (one pixel a square, scaled by CSS) under it.
 * When the gesture ends (pointer up; for the wheel, `REST_MS` without a turn), or strays too far,
 * `drawnView` takes the live view: the layers redraw at full resolution and the stage replaces the
 * snapshot in the same frame. Any other view change (fit, 100 %, the minimap, a new map) is drawn
 * at once. If a layer redraws during a gesture (an undo, tiles still filling in), the snapshot is
 * taken again.
 *
 * Pointer input keeps using the live view, so what is under the cursor is what is shown.
 */
export function createViewGesture(
  editor: Editor,
  stage: Konva.Stage,
  /** The layer redrawn on every hover (stays a live canvas); the others are shown as one bitmap. */
  interactive: Konva.Layer,
  terrain: { canvas: HTMLCanvasElement; version: () => number },
  underlayShown: () => boolean,
) {
  const [drawnView, setDrawnView] = createSignal<View>(editor.view(), { equals: sameView });
  let dragging = false;
  let wheeling = false;
  let rest: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  const content = stage.content;
  const bitmapCanvas = (name: string, css: string) => {
    const c = document.createElement('canvas');
    c.dataset['layer'] = name;
    c.style.cssText = `position:absolute;left:0;top:0;transform-origin:0 0;display:none;pointer-events:none;${css}`;
    content.parentElement!.insertBefore(c, content);
    return { canvas: c, ctx: c.getContext('bitmaprenderer')! };
  };
  const underlay = bitmapCanvas('underlay', 'image-rendering:pixelated');
  const snapshot = bitmapCanvas('snapshot', '');
  const still = bitmapCanvas('still', '');
  still.canvas.style.display = '';
  let scratch: OffscreenCanvas | null = null;
  let snapshotShown = false;
  let snapshotStale = false;
  let underlayVersion = -1;

  let stillStale = false;

  // A layer drawn: once the frame's layers are drawn (a microtask after Konva's animation frame),
  // the still bitmap is composed again if it was a static layer, and during a gesture the snapshot.
  const watched = new WeakSet<Konva.Layer>();
  function watch(layer: Konva.Layer): void {
    if (watched.has(layer)) return;
    watched.add(layer);
    // The static layers are drawn but not shown: the still bitmap shows them.
    if (layer !== interactive) layer.getNativeCanvasElement().style.visibility = 'hidden';
    layer.on('draw', () => {
      if (layer !== interactive && !stillStale) {
        stillStale = true;
        // This frame shows the layers' own canvases (the browser copies them, ~1 ms each) and the
        // still bitmap is composed after it (~5-10 ms of copies): an edit's frame does not wait for it.
        showLive(true);
        setTimeout(composeStill, 0);
      }
      if (!snapshotShown || snapshotStale) return;
      snapshotStale = true;
      queueMicrotask(() => snapshotShown && snapshotStale && takeSnapshot());
    });
  }
  for (const l of stage.getLayers()) watch(l);

  /**
   * The static layers (background picture, scene, creatures, grid) as one bitmap: at rest the browser
   * then copies one 2-D canvas a frame (the overlay), not five, when the overlay changes (a brush stroke).
   */
  function composeStill(): void {
    if (!stillStale) return;
    stillStale = false;
    const layers = stage.getLayers().filter((l) => l !== interactive && l.isVisible());
    const first = layers[0]?.getNativeCanvasElement();
    if (first) show(still, layers.map((l) => l.getNativeCanvasElement()), first.width, first.height, first.style.width, first.style.height);
    showLive(false);
  }

  /**
   * The static layers' own canvases shown (`live`: just redrawn, the still bitmap not yet composed)
   * or hidden behind the still bitmap. During a gesture the snapshot is shown instead of both.
   */
  function showLive(live: boolean): void {
    for (const l of stage.getLayers()) if (l !== interactive) l.getNativeCanvasElement().style.visibility = live ? '' : 'hidden';
    if (!snapshotShown) still.canvas.style.display = live ? 'none' : '';
  }

  /** A canvas's pixels as the bitmap shown on one of ours (same pixel size, CSS size as given). */
  function show(target: { canvas: HTMLCanvasElement; ctx: ImageBitmapRenderingContext }, sources: CanvasImageSource[], width: number, height: number, cssWidth: string, cssHeight: string): void {
    if (!scratch || scratch.width !== width || scratch.height !== height) scratch = new OffscreenCanvas(width, height);
    const ctx = scratch.getContext('2d')!;
    ctx.clearRect(0, 0, width, height);
    for (const source of sources) ctx.drawImage(source, 0, 0);
    target.canvas.width = width;
    target.canvas.height = height;
    target.canvas.style.width = cssWidth;
    target.canvas.style.height = cssHeight;
    target.ctx.transferFromImageBitmap(scratch.transferToImageBitmap());
  }

  /** The stage's visible layers, as drawn now, into the snapshot bitmap. */
  function takeSnapshot(): void {
    snapshotStale = false;
    const layers = stage.getLayers().filter((l) => l.isVisible());
    const first = layers[0]?.getNativeCanvasElement();
    if (!first) return;
    show(snapshot, layers.map((l) => l.getNativeCanvasElement()), first.width, first.height, first.style.width, first.style.height);
  }

  /** The snapshot placed where the live view shows what was drawn at `drawnView`, or the stage shown. */
  function place(): void {
    const d = drawnView();
    const v = editor.view();
    if (sameView(d, v)) {
      content.style.visibility = '';
      // A still not composed yet stays hidden: the layers' own canvases show (`showLive`).
      still.canvas.style.display = stillStale ? 'none' : '';
      snapshot.canvas.style.display = 'none';
      underlay.canvas.style.display = 'none';
      snapshotShown = false;
      return;
    }
    if (!snapshotShown) {
      takeSnapshot();
      snapshotShown = true;
      snapshot.canvas.style.display = '';
      still.canvas.style.display = 'none';
      content.style.visibility = 'hidden';
    }
    const k = v.zoom / d.zoom;
    snapshot.canvas.style.transform = `translate(${v.panX - d.panX * k}px, ${v.panY - d.panY * k}px) scale(${k})`;
    const t = terrain.canvas;
    if (underlayShown() && t.width > 0 && t.height > 0) {
      if (underlayVersion !== terrain.version()) {
        underlayVersion = terrain.version();
        show(underlay, [t], t.width, t.height, `${t.width}px`, `${t.height}px`);
      }
      const s = squarePixels(v);
      underlay.canvas.style.transform = `translate(${v.panX}px, ${v.panY}px) scale(${s})`;
      underlay.canvas.style.display = '';
    } else underlay.canvas.style.display = 'none';
  }

  /** Redraws at the live view; the transform goes in the frame the layers redraw in. */
  function settle(): void {
    if (rest !== undefined) clearTimeout(rest);
    rest = undefined;
    wheeling = false;
    if (sameView(drawnView(), editor.view())) return place();
    setDrawnView(editor.view());
    // Konva draws the layers in an animation frame (batchDraw); the transform is dropped in that
    // same frame, so the old picture is never shown untransformed.
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  }

  /** Whether the live view has strayed so far from the drawn one that it should be redrawn now. */
  function strayed(): boolean {
    const d = drawnView();
    const v = editor.view();
    const { width, height } = editor.viewport();
    const k = v.zoom / d.zoom;
    if (k > MAX_SCALE || k < 1 / MAX_SCALE) return true;
    if (k !== 1) return false;
    // Panned: the drawn canvas's box on screen, against the viewport.
    const dx = Math.abs(v.panX - d.panX);
    const dy = Math.abs(v.panY - d.panY);
    return dx > width * MAX_UNCOVERED || dy > height * MAX_UNCOVERED;
  }

  createEffect(
    on(editor.view, () => {
      if (!(dragging || wheeling) || strayed()) return settle();
      cancelAnimationFrame(frame);
      place();
      // A wheel has no end event: it has ended when it rests. A drag ends on pointer up.
      if (rest !== undefined) clearTimeout(rest);
      if (wheeling) rest = setTimeout(settle, REST_MS);
    }),
  );
  // Another map size or viewport size: drawn at once (an edit mid-gesture is not: the snapshot follows it).
  createEffect(
    on([createMemo(() => `${editor.doc()?.map.width}x${editor.doc()?.map.height}`), editor.viewport], () => {
      if (!sameView(drawnView(), editor.view())) settle();
    }),
  );
  onCleanup(() => {
    if (rest !== undefined) clearTimeout(rest);
    cancelAnimationFrame(frame);
  });

  return {
    drawnView,
    /** A pan drag starts: view changes until `endDrag` move the drawn map. */
    beginDrag(): void {
      dragging = true;
    },
    endDrag(): void {
      if (!dragging) return;
      dragging = false;
      settle();
    },
    /** A wheel turn is about to change the view: it moves the drawn map until the wheel rests. */
    wheel(): void {
      wheeling = true;
    },
    /** Whether the canvases show the live view as drawn (no transform pending). */
    settled: () => sameView(drawnView(), editor.view()),
  };
}
