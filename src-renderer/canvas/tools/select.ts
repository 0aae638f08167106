import { createMemo, createSignal } from 'solid-js';
import { footprintOf } from '../../../src-shared/rules/sizes';
import type { Editor, Square } from '../../state/editor';
import { toggleDoorAt } from './doors';
import { createMachine, mapPoint, sameSquare, type Tool, type ToolPreview } from './tool';

type State = 'idle' | 'pointing' | 'dragging' | 'brushing';

/**
 * Select: a click picks the creature drawn under the pointer (each creature of a stack on its own)
 * and shows the square in the inspector; Shift-click adds or removes one; a drag from an empty
 * square draws a selection box; dragging a selected creature moves every selected creature, as one
 * undo step, where the ruleset lets them stand (the preview says why not). Keys: Tab / Shift+Tab
 * cycle the creatures in the inspected square, PageUp / PageDown raise and lower the selection by a
 * square of altitude, Escape drops a drag.
 *
 *   idle ──down on a creature──▶ pointing ──moved──▶ dragging ──up: one move command──▶ idle
 *   idle ──down on empty──────▶ pointing ──moved──▶ brushing ──up: select what the box meets──▶ idle
 *     (up in pointing: a click, selection only; Escape / cancel from any state: back to idle)
 */
export function createSelectTool(editor: Editor): Tool {
  const machine = createMachine<State>('select', 'idle');
  /** What a press holds: creatures (and where the press started), or the corner of a box. */
  let held: { ids: string[]; start: Square; clicked: string | null } | null = null;
  let box: { from: Square; keep: ReadonlySet<string> } | null = null;
  const [at, setAt] = createSignal<Square | null>(null);

  const reset = () => {
    held = null;
    box = null;
    setAt(null);
    machine.to('idle');
  };

  /** Where the held creatures would land, and why they may not (worked out once per square). */
  const dragPreview = createMemo<ToolPreview | null>(() => {
    const q = at();
    const d = editor.doc();
    if (machine.state() !== 'dragging' || !q || !held || !d) return null;
    const { x: dx, y: dy } = editor.clampOffset(held.ids, q.x - held.start.x, q.y - held.start.y);
    const rects = held.ids.flatMap((id) => {
      const c = editor.creatureById(id);
      return c ? [{ x: c.x + dx, y: c.y + dy, side: footprintOf(d.ruleset, c.size).side }] : [];
    });
    return { kind: 'footprints', rects, refused: editor.moveProblem(held.ids, dx, dy) };
  });

  function cycle(backwards: boolean): boolean {
    const q = editor.inspectedSquare();
    if (!q) return false;
    const list = editor.creaturesAt(q);
    if (!list.length) return false;
    const now = editor.selectedCreature();
    const i = now ? list.indexOf(now) : -1;
    const next = i < 0 ? (backwards ? list.length - 1 : 0) : (i + (backwards ? list.length - 1 : 1)) % list.length;
    editor.selectCreatures([list[next]!]);
    return true;
  }

  return {
    id: 'select',
    state: machine.name,
    cursor: () => (machine.state() === 'dragging' ? 'grabbing' : machine.state() === 'brushing' ? 'crosshair' : 'default'),
    preview(): ToolPreview | null {
      if (machine.state() === 'brushing' && box && at()) return { kind: 'box', from: box.from, to: at()! };
      return dragPreview();
    },
    onPointerDown({ square, point, button, shift }) {
      const d = editor.doc();
      if (!d || button !== 0) return;
      // A click on a door opens or closes it (doors.ts).
      if (toggleDoorAt(editor, point)) return;
      const onMap = square.x >= 0 && square.y >= 0 && square.x < d.map.width && square.y < d.map.height;
      const p = mapPoint(editor.view(), point);
      const id = onMap ? editor.creatureAtMapPoint(p.x, p.y) : null;
      if (onMap) editor.setInspectedSquare(square);
      setAt(square);
      if (!id) {
        // An empty square: a click clears the selection (Shift keeps it), a drag draws a box.
        if (!shift) editor.selectCreatures([]);
        if (!onMap) editor.setInspectedSquare(null);
        box = { from: square, keep: shift ? new Set(editor.selectedIds()) : new Set() };
        machine.to('pointing');
        return;
      }
      if (shift) {
        editor.toggleCreature(id);
        return;
      }
      if (!editor.isSelected(id)) editor.selectCreatures([id]);
      held = { ids: [...editor.selectedIds()].filter((k) => editor.creatureById(k)), start: square, clicked: id };
      machine.to('pointing');
    },
    onPointerMove({ square }) {
      if (machine.state() === 'idle') return;
      if (!sameSquare(square, at())) setAt(square);
      if (machine.state() !== 'pointing') return;
      if (held && !sameSquare(square, held.start)) machine.to('dragging');
      else if (box && !sameSquare(square, box.from)) machine.to('brushing');
    },
    onPointerUp() {
      const q = at();
      const state = machine.state();
      const { held: h, box: b } = { held, box };
      // Back to idle before the edit: the drag's preview must not be worked out again for the moved
      // creatures (a placement check of every one of them) only to be dropped a moment later.
      reset();
      if (state === 'dragging' && h && q) {
        const off = editor.clampOffset(h.ids, q.x - h.start.x, q.y - h.start.y);
        editor.moveCreatures(h.ids, off.x, off.y);
      } else if (state === 'pointing' && h?.clicked && h.ids.length > 1) editor.selectCreatures([h.clicked]);
      else if (state === 'brushing' && b && q) editor.selectCreatures([...b.keep, ...editor.creaturesIn(b.from, q)]);
    },
    onKeyDown({ key, shift, ctrl, alt }) {
      if (key === 'Escape' && machine.state() !== 'idle') {
        reset();
        return true;
      }
      if (ctrl || alt || machine.state() !== 'idle') return false;
      if (key === 'Tab') return cycle(shift);
      if (key === 'PageUp' || key === 'PageDown') {
        const ids = [...editor.selectedIds()];
        if (!ids.length) return false;
        editor.nudgeAltitude(ids, key === 'PageUp' ? 1 : -1);
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}
