import { createSignal } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { brushSquares, mayPaint, paintCommand, previewColor, unique } from './square-paint';
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
  // The squares the brush centre passed over; the covered squares are derived with the size.
  const [path, setPath] = createSignal<Square[]>([]);
  const covered = () => unique(path().flatMap((q) => brushSquares(q, editor.brushSize())));
  const reset = () => {
    setPath([]);
    machine.to('idle');
  };
  return {
    id,
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => (path().length ? { kind: 'squares', squares: covered(), color: previewColor(editor, erase) } : null),
    onPointerDown({ square, button }) {
      if (button !== 0 || !mayPaint(editor)) return;
      setPath([square]);
      machine.to('painting');
    },
    onPointerMove({ square }) {
      if (machine.state() !== 'painting') return;
      const p = path();
      const last = p[p.length - 1]!;
      if (!sameSquare(last, square)) setPath([...p, ...squaresBetween(last, square)]);
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
