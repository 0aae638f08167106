import { createEffect, onCleanup, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { squarePixels } from '../state/view';
import '../styles/editor-tools.css';

/** The minimap's longest side, in CSS pixels. */
const SIZE = 180;

/**
 * A small picture of the whole map, shown when the map is larger than the view, with the part in
 * view outlined; a click or drag on it moves the view there. Drawn from the terrain image (one
 * pixel per square), so it costs one scaled blit.
 */
export function Minimap(props: { editor: Editor; terrain: () => HTMLCanvasElement | null }) {
  const editor = props.editor;
  let canvas!: HTMLCanvasElement;
  const scale = () => {
    const d = editor.doc();
    return d ? SIZE / Math.max(d.map.width, d.map.height) : 1;
  };
  const needed = () => {
    const d = editor.doc();
    if (!d) return false;
    const s = squarePixels(editor.view());
    const v = editor.view();
    const vp = editor.viewport();
    // Some of the map is outside the view.
    return v.panX < -1 || v.panY < -1 || v.panX + d.map.width * s > vp.width + 1 || v.panY + d.map.height * s > vp.height + 1;
  };
  let frame = 0;
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
    const v = editor.view();
    const s = squarePixels(v);
    const vp = editor.viewport();
    ctx.strokeStyle = '#ffb000';
    ctx.lineWidth = 2;
    ctx.strokeRect((-v.panX / s) * k, (-v.panY / s) * k, (vp.width / s) * k, (vp.height / s) * k);
  };
  createEffect(() => {
    // After the terrain layer has repainted for this document (its effect may run after this one).
    editor.doc();
    editor.view();
    editor.viewport();
    if (needed() && !frame) frame = requestAnimationFrame(draw);
  });
  onCleanup(() => frame && cancelAnimationFrame(frame));

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
    moveTo(e);
    const move = (m: MouseEvent) => moveTo(m);
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };
  return (
    <Show when={needed()}>
      <canvas ref={canvas} class="minimap" data-testid="minimap" title="The whole map: click or drag to move the view" onMouseDown={onDown} />
    </Show>
  );
}
