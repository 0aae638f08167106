import type { Point } from '../../../src-shared/rules/lines';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { createMachine, type KeyInput, type PointerInput, type Tool } from './tool';

/**
 * Play mode's area tool: places the template chosen in the panel (src-shared/play/areas.ts).
 *
 *   burst, cube:  idle ──click──▶ placed (at the grid corner, or an odd cube's square, nearest the pointer)
 *   cone, line:   idle ──click──▶ aiming (origin set) ──click──▶ placed toward the corner clicked
 *   Enter: place the template shown · Esc: drop the origin
 *
 * Placing is a logged action listing the creatures covered; the panel's Areas section clears it.
 */
export function createPlayAreaTool(editor: Editor): Tool {
  const machine = createMachine<'idle' | 'aiming'>('play-area', 'idle');
  /** The grid corner nearest the pointer, or the square under it for an odd cube. */
  const pointOf = (input: PointerInput): Point => {
    if (editor.onSquare()) return { x: input.square.x, y: input.square.y };
    const v = editor.view();
    const s = squarePixels(v);
    return { x: Math.round((input.point.x - v.panX) / s), y: Math.round((input.point.y - v.panY) / s) };
  };
  const place = () => {
    if (editor.placeArea()) machine.to('idle');
  };
  return {
    id: 'play-area',
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => null,
    onPointerDown() {},
    onPointerMove(input: PointerInput) {
      editor.setAreaAim(pointOf(input));
    },
    onHover(input: PointerInput | null) {
      editor.setAreaAim(input ? pointOf(input) : null);
    },
    onPointerUp(input: PointerInput) {
      if (input.button !== 0) return;
      const p = pointOf(input);
      editor.setAreaAim(p);
      if (editor.needsAim() && machine.state() === 'idle') {
        editor.setAreaOrigin(p);
        machine.to('aiming');
        return;
      }
      place();
    },
    onKeyDown(input: KeyInput) {
      if (input.key === 'Enter' && editor.areaTemplate()) {
        place();
        return true;
      }
      if (input.key === 'Escape' && editor.areaOrigin()) {
        editor.clearAreaDrawing();
        machine.to('idle');
        return true;
      }
      return false;
    },
    onCancel() {
      editor.clearAreaDrawing();
      machine.to('idle');
    },
  };
}
