import type { Editor } from '../../state/editor';
import { labelAtPoint } from '../layers/labels';
import { createMachine, mapPoint, type Tool } from './tool';

type State = 'idle' | 'pointing' | 'dragging';

/** Two clicks on one label within this many ms are a double-click (edit it). */
const DOUBLE_CLICK_MS = 450;
/** A press moved this far (viewport pixels) is a drag, not a click. */
const DRAG_PIXELS = 3;

/**
 * Labels and notes: a click on empty map opens the inline editor for a new label there (the editor
 * can make it a note); a click on a label selects it, a drag moves it, a double-click (or Enter)
 * edits it, Delete removes it. Each change is one undo step (`state/map-labels.ts`).
 *
 *   idle ──down on a label──▶ pointing ──moved──▶ dragging ──up: "move label"──▶ idle
 *   idle ──down on empty map──▶ editing (the inline editor: Enter adds, Escape drops) ──▶ idle
 *     (up in pointing: select; a second click within 450 ms: edit)
 */
export function createLabelTool(editor: Editor): Tool {
  const machine = createMachine<State>('label', 'idle');
  let held: { id: string; start: { x: number; y: number }; from: { x: number; y: number }; point: { x: number; y: number } } | null = null;
  let lastClick: { id: string; time: number } | null = null;

  const reset = () => {
    held = null;
    editor.setLabelDrag(null);
    machine.to('idle');
  };

  return {
    id: 'label',
    state: () => (editor.labelDraft() && machine.state() === 'idle' ? 'label.editing' : machine.name()),
    cursor: () => (machine.state() === 'dragging' ? 'grabbing' : 'text'),
    preview: () => null,
    onPointerDown({ point, button }) {
      const d = editor.doc();
      if (!d || button !== 0) return;
      // A click elsewhere while writing keeps what was written.
      if (editor.labelDraft()) editor.commitLabelDraft();
      if (!editor.layers().labels) {
        editor.notify('info', 'Labels and notes are hidden: show them in the Layers panel to write or move one.');
        return;
      }
      const id = labelAtPoint(editor.doc()?.labels, editor.view(), point);
      const p = mapPoint(editor.view(), point);
      if (id) {
        const l = editor.doc()!.labels!.find((k) => k.id === id)!;
        editor.selectLabel(id);
        held = { id, start: p, from: { x: l.x, y: l.y }, point };
        machine.to('pointing');
        return;
      }
      editor.selectLabel(null);
      lastClick = null;
      if (p.x < 0 || p.y < 0 || p.x > d.map.width || p.y > d.map.height) return;
      editor.startLabel(p.x, p.y);
    },
    onPointerMove({ point }) {
      if (!held) return;
      if (machine.state() === 'pointing' && Math.hypot(point.x - held.point.x, point.y - held.point.y) < DRAG_PIXELS) return;
      machine.to('dragging');
      const p = mapPoint(editor.view(), point);
      editor.setLabelDrag({ id: held.id, x: held.from.x + p.x - held.start.x, y: held.from.y + p.y - held.start.y });
    },
    onPointerUp() {
      const drag = editor.labelDrag();
      if (machine.state() === 'dragging' && held && drag) {
        editor.moveLabel(held.id, drag.x, drag.y);
        lastClick = null;
      } else if (machine.state() === 'pointing' && held) {
        const now = performance.now();
        if (lastClick?.id === held.id && now - lastClick.time < DOUBLE_CLICK_MS) {
          editor.editLabel(held.id);
          lastClick = null;
        } else lastClick = { id: held.id, time: now };
      }
      reset();
    },
    onKeyDown({ key, ctrl, alt }) {
      if (key === 'Escape') {
        if (machine.state() !== 'idle') return reset(), true;
        if (editor.labelDraft()) return editor.cancelLabelDraft(), true;
        if (editor.selectedLabel()) return editor.selectLabel(null), true;
        return false;
      }
      const id = editor.selectedLabel();
      if (ctrl || alt || !id || machine.state() !== 'idle' || editor.labelDraft()) return false;
      if (key === 'Delete' || key === 'Backspace') return editor.removeLabel(id), true;
      if (key === 'Enter') return editor.editLabel(id), true;
      return false;
    },
    // A tool switch (or the window losing focus) drops a drag; the label selection belongs to this tool.
    onCancel: () => {
      reset();
      editor.selectLabel(null);
    },
  };
}
