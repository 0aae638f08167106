import { createMemo } from 'solid-js';
import { makeCreature } from '../../../src-shared/model';
import { placementProblem } from '../../../src-shared/rules';
import { footprintOf, sizesOf } from '../../../src-shared/rules/sizes';
import type { Editor } from '../../state/editor';
import { createMachine, type Tool, type ToolPreview } from './tool';

type State = 'idle';

/**
 * Place a creature: the creature palette's size follows the pointer (red, with the reason, where
 * the ruleset does not let it stand); a click adds it there (one command) and selects it.
 * One state only; it still reports `creature.idle` like every tool.
 */
export function createPlaceCreatureTool(editor: Editor): Tool {
  const machine = createMachine<State>('creature', 'idle');
  const preview = createMemo<ToolPreview | null>(() => {
    const d = editor.doc();
    const q = editor.hover();
    if (!d || !q) return null;
    const sizes = sizesOf(d.ruleset);
    const size = sizes.includes(editor.placeSize()) ? editor.placeSize() : 'medium';
    const side = footprintOf(d.ruleset, size).side;
    const problem = placementProblem(d, makeCreature({ id: '\u0000new', size, x: q.x, y: q.y }), q);
    return { kind: 'footprints', rects: [{ x: q.x, y: q.y, side }], refused: problem?.text ?? null };
  });
  return {
    id: 'creature',
    state: machine.name,
    cursor: () => 'copy',
    preview,
    onPointerDown({ square, button }) {
      if (button === 0) editor.placeCreature(square);
    },
    onPointerMove: () => {},
    onPointerUp: () => {},
    onKeyDown: () => false,
    onCancel: () => {},
  };
}
