import { createSignal } from 'solid-js';
import { combineRegions, regionHas, regionOfLasso, regionOfRect, selectRegionOfKind, type SquareRegion } from '../../../src-shared/model/map-piece';
import type { Editor, Square } from '../../state/editor';
import { mayPaint, paintIndicesCommand } from './square-paint';
import { createMachine, mapPoint, sameSquare, type Tool, type ToolPreview } from './tool';

type State = 'idle' | 'pointing' | 'marquee' | 'lasso' | 'moving';

/**
 * Region (M): selects squares with everything on them, then edits them as one piece (issue 18 › 1).
 * How it picks is the tool option (`regionMode`): a marquee (drag a rectangle), a lasso (draw a free
 * shape) or a wand (click: the joined squares of the same kind). Shift adds to the region, Alt takes
 * away; a click with neither on a square outside it clears it. Dragging the region moves it with
 * everything on it. Keys while a region is selected: R / Shift+R turn it, H / V mirror it, F fills it
 * with the paint value, Escape drops it; Edit › Copy, Cut, Paste and Delete act on it.
 *
 *   idle ──down in the region──▶ pointing ──moved──▶ moving ──up: one move command──▶ idle
 *   idle ──down elsewhere──────▶ pointing ──moved──▶ marquee / lasso ──up: the region──▶ idle
 *     (up in pointing: a click — the wand's pick, or a single square with Shift / Alt, or none)
 */
export function createRegionTool(editor: Editor): Tool {
  const machine = createMachine<State>('region', 'idle');
  editor.setRegionPainter((indices) => (mayPaint(editor) ? paintIndicesCommand(editor, indices) : null));
  let start: Square | null = null;
  let how: 'replace' | 'add' | 'subtract' = 'replace';
  const [at, setAt] = createSignal<Square | null>(null);
  const [lasso, setLasso] = createSignal<{ x: number; y: number }[]>([]);

  const reset = () => {
    start = null;
    setAt(null);
    setLasso([]);
    machine.to('idle');
  };

  /** Takes `picked` into the selection as the press's modifiers say. */
  function choose(picked: SquareRegion): void {
    const now = editor.region();
    const d = editor.doc();
    if (!d) return;
    if (how === 'replace' || !now) editor.setRegion(how === 'subtract' ? null : picked);
    else editor.setRegion(combineRegions(now, picked, how));
  }

  return {
    id: 'region',
    state: machine.name,
    cursor: () => (machine.state() === 'moving' ? 'grabbing' : 'crosshair'),
    preview(): ToolPreview | null {
      const q = at();
      const state = machine.state();
      if (state === 'marquee' && start && q) return { kind: 'box', from: start, to: q };
      if (state === 'lasso') return { kind: 'lasso', points: lasso() };
      const r = editor.region();
      if (state === 'moving' && start && q && r) return { kind: 'region', region: r, dx: q.x - start.x, dy: q.y - start.y };
      return null;
    },
    onPointerDown({ square, point, button, shift, alt }) {
      const d = editor.doc();
      if (!d || button !== 0) return;
      how = shift ? 'add' : alt ? 'subtract' : 'replace';
      start = square;
      setAt(square);
      setLasso([mapPoint(editor.view(), point)]);
      machine.to('pointing');
    },
    onPointerMove({ square, point }) {
      const state = machine.state();
      if (state === 'idle' || !start) return;
      if (!sameSquare(square, at())) setAt(square);
      if (state === 'lasso') setLasso([...lasso(), mapPoint(editor.view(), point)]);
      if (state !== 'pointing' || sameSquare(square, start)) return;
      const r = editor.region();
      if (how === 'replace' && r && regionHas(r, start.x, start.y)) machine.to('moving');
      else if (editor.regionMode() === 'lasso') {
        setLasso([...lasso(), mapPoint(editor.view(), point)]);
        machine.to('lasso');
      } else if (editor.regionMode() === 'marquee') machine.to('marquee');
    },
    onPointerUp({ square }) {
      const d = editor.doc();
      const state = machine.state();
      const from = start;
      const q = at() ?? square;
      const points = lasso();
      reset();
      if (!d || !from) return;
      if (state === 'moving') editor.moveRegion(q.x - from.x, q.y - from.y);
      else if (state === 'marquee') choose(regionOfRect(from, q));
      else if (state === 'lasso') choose(regionOfLasso(points));
      else if (state === 'pointing') {
        if (editor.regionMode() === 'wand') choose(selectRegionOfKind(d, from));
        else if (how !== 'replace') choose(regionOfRect(from, from));
        else if (!editor.region() || !regionHas(editor.region()!, from.x, from.y)) editor.setRegion(null);
      }
    },
    onKeyDown({ key, shift, ctrl, alt }) {
      if (key === 'Escape') {
        if (machine.state() !== 'idle') reset();
        else if (editor.region()) editor.setRegion(null);
        else return false;
        return true;
      }
      if (ctrl || alt || machine.state() !== 'idle' || !editor.region()) return false;
      switch (key.toLowerCase()) {
        case 'r':
          return editor.rotateRegion(shift ? -1 : 1), true;
        case 'h':
          return editor.mirrorRegion('horizontal'), true;
        case 'v':
          return editor.mirrorRegion('vertical'), true;
        case 'f':
          return editor.fillRegion(), true;
      }
      return false;
    },
    onCancel: reset,
  };
}
