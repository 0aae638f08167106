import type { Editor } from '../../state/editor';
import { createMachine, type Tool } from './tool';

type State = 'idle';

/**
 * Place a creature: a click adds a creature on the square (one command) and selects it.
 * One state only; it still reports `creature.idle` like every tool.
 */
export function createPlaceCreatureTool(editor: Editor): Tool {
  const machine = createMachine<State>('creature', 'idle');
  return {
    id: 'creature',
    state: machine.name,
    cursor: () => 'copy',
    preview: () => null,
    onPointerDown({ square, button }) {
      if (button === 0) editor.placeCreature(square);
    },
    onPointerMove: () => {},
    onPointerUp: () => {},
    onKeyDown: () => false,
    onCancel: () => {},
  };
}
