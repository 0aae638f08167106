import { footprintOf } from '../../../src-shared/rules/sizes';
import type { Editor, Square } from '../../state/editor';
import { createMachine, type KeyInput, type PointerInput, type Tool } from './tool';

/**
 * Play mode's lines tool: line of sight / effect, cover and concealment between two things.
 *
 *   nothing ──click a creature──▶ from chosen ──click a creature or a square──▶ lines shown
 *   lines shown ──click a creature──▶ from chosen (again) · Escape: clear
 *
 * The lines are the ruleset's (src-shared/rules/lines.ts), drawn by the play overlay with the
 * verdict in the panel.
 */
export function createPlayLinesTool(editor: Editor): Tool {
  const machine = createMachine<'idle' | 'pointing'>('play-lines', 'idle');
  const creatureAt = (q: Square) => {
    const b = editor.playBoard();
    if (!b) return null;
    return (
      b.creatures.find((c) => {
        const side = Math.max(1, footprintOf(b.ruleset, c.size).side);
        return q.x >= c.x && q.x < c.x + side && q.y >= c.y && q.y < c.y + side;
      }) ?? null
    );
  };
  return {
    id: 'play-lines',
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => null,
    onPointerDown() {
      machine.to('pointing');
    },
    onPointerMove() {},
    onPointerUp(input: PointerInput) {
      if (machine.state() !== 'pointing') return;
      machine.to('idle');
      const c = creatureAt(input.square);
      const from = editor.linesFrom();
      if (!from || editor.linesTo()) {
        if (!c) {
          editor.setPlayRefusal({ reason: 'Lines start from a creature: click one first.', at: input.square });
          return;
        }
        editor.setPlayRefusal(null);
        editor.setLinesFrom(c.id);
        editor.setLinesTo(null);
        return;
      }
      if (c?.id === from) return;
      editor.setLinesTo(c ? { creature: c.id } : { square: { x: input.square.x, y: input.square.y } });
    },
    onKeyDown(input: KeyInput) {
      if (input.key !== 'Escape' || (!editor.linesFrom() && !editor.linesTo())) return false;
      editor.setLinesFrom(null);
      editor.setLinesTo(null);
      return true;
    },
    onCancel() {
      machine.to('idle');
    },
  };
}
