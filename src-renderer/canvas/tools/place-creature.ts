import { createEffect, createMemo, createSignal, untrack } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { createMachine, type Tool, type ToolPreview } from './tool';

type State = 'idle';

/**
 * Place a creature: the creature palette's size follows the pointer (red, with the reason, where
 * the ruleset does not let it stand); a click adds it there (one command) and selects it.
 * One state only; it still reports `creature.idle` like every tool.
 */
export function createPlaceCreatureTool(editor: Editor): Tool {
  const machine = createMachine<State>('creature', 'idle');
  // The square just placed on: the new creature is under the pointer, and a red outline there (for
  // placing a second one on top) read as if the first had been refused. It shows again once the
  // pointer has left that square.
  const [justPlaced, setJustPlaced] = createSignal<Square | null>(null);
  createEffect(() => {
    const q = editor.hover();
    const p = untrack(justPlaced);
    if (p && (!q || q.x !== p.x || q.y !== p.y)) setJustPlaced(null);
  });
  const preview = createMemo<ToolPreview | null>(() => {
    const q = editor.hover();
    if (!q || justPlaced()) return null;
    const at = editor.placementAt(q);
    return at ? { kind: 'footprints', rects: [{ x: q.x, y: q.y, side: at.side }], refused: at.problem } : null;
  });
  return {
    id: 'creature',
    state: machine.name,
    cursor: () => 'copy',
    preview,
    onPointerDown({ square, button }) {
      if (button === 0 && editor.placeCreature(square)) setJustPlaced(square);
    },
    onPointerMove: () => {},
    onPointerUp: () => {},
    onKeyDown: () => false,
    onCancel: () => {},
  };
}
