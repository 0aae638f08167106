import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { Editor } from '../state/editor';
import { squarePixels, type View } from '../state/view';

/** A gesture that has not moved the view for this long has come to rest and the map is redrawn. */
export const REST_MS = 120;
/**
 * How far a gesture may take the view from the drawn one before the map is redrawn mid-gesture:
 * scaled by more than 2 × either way (the bitmaps would blur), or a quarter of the viewport left
 * showing only the terrain under-picture.
 */
const MAX_SCALE = 2;
const MAX_UNCOVERED = 0.25;

const sameView = (a: View, b: View) => a.zoom === b.zoom && a.panX === b.panX && a.panY === b.panY;

/**
 * Pan and zoom gestures as map apps do them. Every layer draws at `drawnView`, not at the editor's
 * live view. While a pan drag or a run of wheel turns goes on, the drawn canvases are only moved and
 * scaled by a CSS transform (the compositor's work: no canvas is drawn, rasterised or uploaded per
 * frame), and the squares the drawn canvases no longer cover show the terrain picture (one pixel a
 * square, scaled by CSS) under them. When the gesture ends (pointer up) or rests (`REST_MS` without
 * a view change), or strays too far, `drawnView` takes the live view: the layers redraw at full
 * resolution and the transform is dropped in the same frame. Any other view change (fit, 100 %,
 * the minimap, a new map) is drawn at once.
 *
 * Pointer input keeps using the live view, so what is under the cursor is what is shown.
 */
export function createViewGesture(editor: Editor, stageContent: HTMLElement, underlay: HTMLCanvasElement, underlayShown: () => boolean) {
  const [drawnView, setDrawnView] = createSignal<View>(editor.view(), { equals: sameView });
  let dragging = false;
  let wheeling = false;
  let rest: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  // How many times the map was redrawn because a gesture ended, rested or strayed (tests read it).
  const [settles, setSettles] = createSignal(0);

  underlay.style.cssText = 'position:absolute;left:0;top:0;transform-origin:0 0;image-rendering:pixelated;display:none;pointer-events:none';
  stageContent.style.transformOrigin = '0 0';

  /** The CSS transform taking what was drawn at `drawnView` to where the live view shows it. */
  function place(): void {
    const d = drawnView();
    const v = editor.view();
    if (sameView(d, v)) {
      stageContent.style.transform = '';
      underlay.style.display = 'none';
      return;
    }
    const k = v.zoom / d.zoom;
    stageContent.style.transform = `translate(${v.panX - d.panX * k}px, ${v.panY - d.panY * k}px) scale(${k})`;
    if (underlayShown()) {
      const s = squarePixels(v);
      underlay.style.transform = `translate(${v.panX}px, ${v.panY}px) scale(${s})`;
      underlay.style.display = '';
    } else underlay.style.display = 'none';
  }

  /** Redraws at the live view; the transform goes in the frame the layers redraw in. */
  function settle(): void {
    if (rest !== undefined) clearTimeout(rest);
    rest = undefined;
    wheeling = false;
    if (sameView(drawnView(), editor.view())) return place();
    setSettles((n) => n + 1);
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
    // The drawn canvas's box on screen, against the viewport.
    const left = v.panX - d.panX * k;
    const top = v.panY - d.panY * k;
    const uncoveredX = Math.max(0, left) + Math.max(0, width - (left + width * k));
    const uncoveredY = Math.max(0, top) + Math.max(0, height - (top + height * k));
    return uncoveredX > width * MAX_UNCOVERED || uncoveredY > height * MAX_UNCOVERED;
  }

  createEffect(
    on(editor.view, () => {
      if (!(dragging || wheeling) || strayed()) return settle();
      cancelAnimationFrame(frame);
      place();
      if (rest !== undefined) clearTimeout(rest);
      rest = setTimeout(settle, REST_MS);
    }),
  );
  // A new map, another viewport size: drawn at once.
  createEffect(
    on([editor.doc, editor.viewport], () => {
      if (!sameView(drawnView(), editor.view())) settle();
    }),
  );
  onCleanup(() => {
    if (rest !== undefined) clearTimeout(rest);
    cancelAnimationFrame(frame);
  });

  return {
    drawnView,
    settles,
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
