import type { Editor } from '../../state/editor';
import { floodIndices, mayPaint, paintIndicesCommand } from './square-paint';
import { createMachine, sameSquare, type Tool } from './tool';
import type { Square } from '../../state/editor';

type State = 'idle' | 'pointing';

/**
 * Fill (G): a click paints every square joined to the clicked one (side by side) that holds the
 * same value on the chosen layer — a flood fill, one undo step. Pressing and releasing on another
 * square does nothing.
 *   idle ──down──▶ pointing ──up on the same square: one command──▶ idle
 */
export function createFillTool(editor: Editor): Tool {
  const machine = createMachine<State>('fill', 'idle');
  let start: Square | null = null;
  const reset = () => {
    start = null;
    machine.to('idle');
  };
  return {
    id: 'fill',
    state: machine.name,
    cursor: () => 'cell',
    preview: () => null,
    onPointerDown({ square, button }) {
      if (button !== 0 || !mayPaint(editor)) return;
      start = square;
      machine.to('pointing');
    },
    onPointerMove: () => {},
    onPointerUp({ square }) {
      const d = editor.doc();
      const from = start;
      reset();
      if (!d || !from || !sameSquare(from, square)) return;
      const cmd = paintIndicesCommand(editor, floodIndices(d, editor.squareLayer(), from), false, true);
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() === 'pointing') {
        reset();
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}
