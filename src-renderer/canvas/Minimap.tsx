import { createEffect, createMemo, createSignal, onCleanup, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { minimapCorner, squarePixels, type Corner } from '../state/view';
import '../styles/editor-tools.css';

/** The minimap's longest side, in CSS pixels. */
const SIZE = 180;
/** Its distance from the view's edges (and its border), in CSS pixels. */
const MARGIN = 10;
const BORDER = 1;

/**
 * A small picture of the whole map, shown when the map is larger than the view, with the part in
 * view outlined; a click or drag on it moves the view there. Drawn from the terrain image (one
 * pixel per square), so it costs one scaled blit.
 */
export function Minimap(props: { editor: Editor; terrain: () => HTMLCanvasElement | null; painting?: () => boolean }) {
  const editor = props.editor;
  let canvas!: HTMLCanvasElement;
  const scale = () => {
    const d = editor.doc();
    return d ? SIZE / Math.max(d.map.width, d.map.height) : 1;
  };
  const needed = createMemo(() => {
    const d = editor.doc();
    if (!d) return false;
    const s = squarePixels(editor.view());
    const v = editor.view();
    const vp = editor.viewport();
    // Some of the map is outside the view.
    return v.panX < -1 || v.panY < -1 || v.panX + d.map.width * s > vp.width + 1 || v.panY + d.map.height * s > vp.height + 1;
  });
  // Held where it is while the minimap itself is dragged, so it does not jump from under the pointer.
  const [dragging, setDragging] = createSignal(false);
  let heldCorner: Corner = 'bottom-left';
  /** The corner it sits in: one where it hides none of the map's edge squares (view.ts › minimapCorner). */
  const corner = createMemo((): Corner => {
    const d = editor.doc();
    if (!d || dragging()) return heldCorner;
    const k = scale();
    const box = { width: Math.round(d.map.width * k) + 2 * BORDER + MARGIN, height: Math.round(d.map.height * k) + 2 * BORDER + MARGIN };
    return (heldCorner = minimapCorner(editor.view(), editor.viewport(), d.map.width, d.map.height, box));
  });
  const placed = () => {
    const c = corner();
    const at = `${MARGIN}px`;
    return { left: c.endsWith('left') ? at : 'auto', right: c.endsWith('right') ? at : 'auto', top: c.startsWith('top') ? at : 'auto', bottom: c.startsWith('bottom') ? at : 'auto' };
  };
  let frame = 0;
  /** The map picture: redrawn when the document changes, never for a pan or a zoom. */
  const draw = () => {
    frame = 0;
    const d = editor.doc();
    const terrain = props.terrain();
    if (!d || !canvas) return;
    const k = scale();
    canvas.width = Math.max(1, Math.round(d.map.width * k));
    canvas.height = Math.max(1, Math.round(d.map.height * k));
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingEnabled = false;
    if (terrain) ctx.drawImage(terrain, 0, 0, canvas.width, canvas.height);
    canvas.dataset['draws'] = String(Number(canvas.dataset['draws'] ?? 0) + 1);
  };
  createEffect(() => {
    // After the terrain layer has repainted for this document (its effect may run after this one);
    // `needed` is a memo, so a pan that keeps the minimap shown does not run this again.
    // A big new map's terrain is painted in bands over several tasks: drawn again once the last is
    // in, or the minimap keeps the first band's mostly empty (black) picture.
    editor.doc();
    if (props.painting?.()) return;
    if (needed() && !frame) frame = requestAnimationFrame(draw);
  });
  onCleanup(() => frame && cancelAnimationFrame(frame));
  /**
   * The part in view, outlined by an element over the picture: moving it during a pan or a zoom
   * changes no canvas, so Chromium without a GPU does not copy the minimap again every frame.
   */
  const inView = () => {
    const v = editor.view();
    const s = squarePixels(v);
    const vp = editor.viewport();
    const k = scale();
    return { left: `${(-v.panX / s) * k}px`, top: `${(-v.panY / s) * k}px`, width: `${(vp.width / s) * k}px`, height: `${(vp.height / s) * k}px` };
  };

  /** Centres the view on the map point under the pointer. */
  const moveTo = (e: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    const k = scale();
    const x = (e.clientX - rect.left) / k;
    const y = (e.clientY - rect.top) / k;
    const v = editor.view();
    const s = squarePixels(v);
    const vp = editor.viewport();
    editor.setView({ zoom: v.zoom, panX: vp.width / 2 - x * s, panY: vp.height / 2 - y * s });
  };
  const onDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    setDragging(true);
    moveTo(e);
    const move = (m: MouseEvent) => moveTo(m);
    const up = () => {
      setDragging(false);
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <Show when={needed()}>
      <div class="minimap" data-testid="minimap" data-corner={corner()} style={placed()} title="The whole map: click or drag to move the view" onMouseDown={onDown}>
        <canvas ref={canvas} />
        <div class="minimap-view" data-testid="minimap-view" style={inView()} />
      </div>
    </Show>
  );
}
