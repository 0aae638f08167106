import { createSignal } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { brushSquares, mayPaint, paintCommand, previewColor } from './square-paint';
import { createMachine, sameSquare, squaresBetween, type Tool } from './tool';

type State = 'idle' | 'painting';

/**
 * A stroke tool: press and drag to paint the chosen layer under a square brush (1-9 squares a
 * side), or to erase it. The whole stroke is one command, so one undo step; it shows on the
 * overlay until released.
 *   idle ──down──▶ painting ──up: one command──▶ idle   (Escape / cancel: dropped)
 */
export function createStrokeTool(editor: Editor, id: string, erase: boolean): Tool {
  const machine = createMachine<State>(id, 'idle');
  // The squares the stroke covers so far, grown as the brush moves (a long stroke with a big brush
  // would cost too much to recompute on every move), and the last square of the brush's centre.
  const [covered, setCovered] = createSignal<Square[]>([]);
  let seen = new Set<string>();
  let last: Square | null = null;
  const cover = (centres: Square[]) => {
    const added: Square[] = [];
    for (const c of centres) {
      for (const q of brushSquares(c, editor.brushSize())) {
        const k = `${q.x},${q.y}`;
        if (!seen.has(k)) {
          seen.add(k);
          added.push(q);
        }
      }
    }
    if (added.length) setCovered((list) => list.concat(added));
  };
  const reset = () => {
    setCovered([]);
    seen = new Set();
    last = null;
    machine.to('idle');
  };
  return {
    id,
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => (covered().length ? { kind: 'squares', squares: covered(), color: previewColor(editor, erase) } : null),
    onPointerDown({ square, button }) {
      if (button !== 0 || !mayPaint(editor)) return;
      machine.to('painting');
      last = square;
      cover([square]);
    },
    onPointerMove({ square }) {
      if (machine.state() !== 'painting' || !last || sameSquare(last, square)) return;
      cover(squaresBetween(last, square));
      last = square;
    },
    onPointerUp() {
      if (machine.state() !== 'painting') return;
      const cmd = paintCommand(editor, covered(), erase);
      reset();
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key, ctrl, alt }) {
      if (key === 'Escape' && machine.state() === 'painting') {
        reset();
        return true;
      }
      // [ and ] shrink and grow the brush, as in most paint programs.
      if ((key === '[' || key === ']') && !ctrl && !alt) {
        editor.setBrushSize(editor.brushSize() + (key === ']' ? 1 : -1));
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}

/** Brush (B): paints the chosen layer with the chosen value. Its id stays `terrain` for old scripts. */
export const createBrushTool = (editor: Editor) => createStrokeTool(editor, 'terrain', false);
