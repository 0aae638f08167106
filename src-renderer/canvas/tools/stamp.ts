import { createSignal } from 'solid-js';
import { pieceRegion } from '../../../src-shared/model/map-piece';
import type { Editor, Square } from '../../state/editor';
import { STAMP_TOOL_ID } from '../../state/stamps';
import { createMachine, sameSquare, type Tool, type ToolPreview } from './tool';

/**
 * Dropping a stamp (issue 18 › 2): entered by picking a stamp in the Stamps palette, not by a key.
 * The stamp's outline follows the pointer, its top-left on the square under it (or where it would land); R / Shift+R turn it,
 * H / V mirror it, a click drops it there (or at the nearest free place: state/stamps.ts), Esc puts
 * it away.
 *
 *   placing ──click: one paste command──▶ (the Region tool, the dropped squares selected)
 *   placing ──Esc──▶ (the tool before)
 */
export function createStampTool(editor: Editor): Tool {
  const machine = createMachine<'placing'>(STAMP_TOOL_ID, 'placing');
  const [at, setAt] = createSignal<Square | null>(null);
  const follow = (square: Square | null) => {
    if (!sameSquare(square, at())) setAt(square);
  };
  return {
    id: STAMP_TOOL_ID,
    state: machine.name,
    cursor: () => (editor.placingStamp() ? 'copy' : 'default'),
    preview(): ToolPreview | null {
      const placing = editor.placingStamp();
      const q = at() ?? editor.hover();
      if (!placing || !q) return null;
      // The outline stands where a click would drop it (the nearest free place on the map), not off the map.
      return { kind: 'region', region: pieceRegion(placing.piece, editor.stampLanding(q) ?? q), dx: 0, dy: 0 };
    },
    onPointerDown({ square, button }) {
      if (button !== 0 || !editor.placingStamp()) return;
      follow(square);
      editor.dropStamp(square);
    },
    onPointerMove: ({ square }) => follow(square),
    onPointerUp() {},
    onHover: (input) => follow(input?.square ?? null),
    onKeyDown({ key, shift, ctrl, alt }) {
      if (!editor.placingStamp() || ctrl || alt) return false;
      switch (key.toLowerCase()) {
        case 'escape':
          return editor.cancelStamp(), true;
        case 'r':
          return editor.turnStamp(shift ? -1 : 1), true;
        case 'h':
          return editor.mirrorStamp('horizontal'), true;
        case 'v':
          return editor.mirrorStamp('vertical'), true;
      }
      return false;
    },
    onCancel: () => setAt(null),
  };
}
