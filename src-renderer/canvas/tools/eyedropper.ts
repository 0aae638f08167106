import { isOnMap, squareIndex } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { describeValue, layerArray, squareLayer } from './square-layers';
import { createMachine, type Tool } from './tool';

type State = 'idle';

/** The square tools the eyedropper hands back to (and the map menu's Pick keeps). */
export const SQUARE_TOOLS = new Set(['terrain', 'rectangle', 'line', 'fill', 'eraser']);

/**
 * Eyedropper (I): a click takes the chosen layer's value from a square (its terrain, its height,
 * its depth…) as the value to paint, and goes back to the square tool used before (the brush if
 * none). It edits nothing.
 *   idle ──click: value picked, previous tool──▶ idle
 */
export function createEyedropperTool(editor: Editor): Tool {
  const machine = createMachine<State>('eyedropper', 'idle');
  return {
    id: 'eyedropper',
    state: machine.name,
    cursor: () => 'copy',
    preview: () => null,
    onPointerDown({ square, button }) {
      if (button !== 0 || !pickSquareValue(editor, square)) return;
      const previous = editor.previousTool();
      editor.setTool(SQUARE_TOOLS.has(previous) ? previous : 'terrain');
    },
    onPointerMove: () => {},
    onPointerUp: () => {},
    onKeyDown: () => false,
    onCancel: () => {},
  };
}

/**
 * Takes the chosen layer's value at a square as the one to paint, with a notice saying what was
 * picked: the Eyedropper's click and the map menu's "Pick". Returns whether a value was picked.
 */
export function pickSquareValue(editor: Editor, square: { x: number; y: number }): boolean {
  const d = editor.doc();
  if (!d || !isOnMap(d.map, square.x, square.y)) return false;
  const layer = squareLayer(editor.squareLayer());
  const a = layerArray(d, layer.id);
  if (!a) return false;
  const value = a[squareIndex(d.map, square.x, square.y)]!;
  // A height is taken to be set as it is, not raised by.
  if (layer.values.kind === 'length') editor.setHeightMode('set');
  // Picking a dry square's depth would paint nothing: keep the depth, say so.
  if (layer.id === 'waterDepth' && value === 0) {
    editor.notify('info', 'That square is dry: no depth to pick.');
    return false;
  }
  editor.setLayerValue(layer.id, value);
  editor.notify('info', `Picked ${describeValue(layer, d.ruleset, value)} (${layer.label.toLowerCase()}).`);
  return true;
}
