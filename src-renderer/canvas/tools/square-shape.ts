import { createSignal } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { mayPaint, paintCommand, previewColor } from './square-paint';
import { createMachine, sameSquare, type Tool } from './tool';

type State = 'idle' | 'dragging';

/**
 * A two-point shape tool (rectangle, line): press at one corner or end, drag to the other, release
 * to paint the squares `shape(a, b)` covers as one command. Escape drops it.
 *   idle ──down──▶ dragging ──up: one command──▶ idle
 */
export function createShapeTool(editor: Editor, id: string, shape: (a: Square, b: Square) => Square[]): Tool {
  const machine = createMachine<State>(id, 'idle');
  const [ends, setEnds] = createSignal<{ a: Square; b: Square } | null>(null);
  const reset = () => {
    setEnds(null);
    machine.to('idle');
  };
  return {
    id,
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => {
      const e = ends();
      return e ? { kind: 'squares', squares: shape(e.a, e.b), color: previewColor(editor) } : null;
    },
    onPointerDown({ square, button }) {
      if (button !== 0 || !mayPaint(editor)) return;
      setEnds({ a: square, b: square });
      machine.to('dragging');
    },
    onPointerMove({ square }) {
      const e = ends();
      if (e && !sameSquare(e.b, square)) setEnds({ a: e.a, b: square });
    },
    onPointerUp({ square }) {
      const e = ends();
      if (!e || machine.state() !== 'dragging') return;
      const cmd = paintCommand(editor, shape(e.a, square));
      reset();
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() === 'dragging') {
        reset();
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}
