import type { Editor } from '../../state/editor';
import { createMachine, type Tool } from './tool';

type State = 'idle' | 'dragging';

/**
 * Pan: drag the map. Also used for a middle-button drag and Space + drag whatever tool is active.
 *   idle ──down──▶ dragging ──up / cancel──▶ idle
 */
export function createPanTool(editor: Editor): Tool {
  const machine = createMachine<State>('pan', 'idle');
  let last: { x: number; y: number } | null = null;
  const stop = () => {
    last = null;
    machine.to('idle');
  };
  return {
    id: 'pan',
    state: machine.name,
    cursor: () => (machine.state() === 'dragging' ? 'grabbing' : 'grab'),
    preview: () => null,
    onPointerDown({ point }) {
      last = point;
      machine.to('dragging');
    },
    onPointerMove({ point }) {
      if (!last) return;
      editor.pan(point.x - last.x, point.y - last.y);
      last = point;
    },
    onPointerUp: stop,
    onKeyDown: () => false,
    onCancel: stop,
  };
}
