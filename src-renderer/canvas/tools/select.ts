import { createSignal } from 'solid-js';
import { footprintOf } from '../../../src-shared/rules/sizes';
import type { Editor, Square } from '../../state/editor';
import { toggleDoorAt } from './doors';
import { createMachine, sameSquare, type Tool, type ToolPreview } from './tool';

type State = 'idle' | 'pointing' | 'dragging';

/**
 * Select: a click picks the creature on a square (the smallest, when several share it) and shows
 * the square in the inspector; dragging a creature moves it, as one undoable step when released.
 *
 *   idle ──down on a creature──▶ pointing ──moved to another square──▶ dragging
 *     ▲                            │ up (a click: selection only)        │ up: move command
 *     └────────────────────────────┴──── Escape / cancel ◀───────────────┘
 */
export function createSelectTool(editor: Editor): Tool {
  const machine = createMachine<State>('select', 'idle');
  /** The creature held: where it was grabbed (relative to its top-left) and where it would land. */
  let held: { id: string; grab: Square; start: Square } | null = null;
  const [to, setTo] = createSignal<Square | null>(null);

  const reset = () => {
    held = null;
    setTo(null);
    machine.to('idle');
  };

  return {
    id: 'select',
    state: machine.name,
    cursor: () => (machine.state() === 'dragging' ? 'grabbing' : 'default'),
    preview(): ToolPreview | null {
      const q = to();
      const d = editor.doc();
      if (machine.state() !== 'dragging' || !q || !held || !d) return null;
      const c = d.creatures.find((k) => k.id === held!.id);
      return c ? { kind: 'footprint', x: q.x, y: q.y, side: footprintOf(d.ruleset, c.size).side } : null;
    },
    onPointerDown({ square, button, point }) {
      const d = editor.doc();
      if (!d || button !== 0) return;
      // A click on a door opens or closes it (doors.ts).
      if (toggleDoorAt(editor, point)) return;
      const onMap = square.x >= 0 && square.y >= 0 && square.x < d.map.width && square.y < d.map.height;
      editor.setInspectedSquare(onMap ? square : null);
      const id = onMap ? editor.creatureAt(square) : null;
      editor.setSelectedCreature(id);
      const c = id ? d.creatures.find((k) => k.id === id) : null;
      if (!c) return;
      held = { id: c.id, grab: { x: square.x - c.x, y: square.y - c.y }, start: { x: c.x, y: c.y } };
      setTo(held.start);
      machine.to('pointing');
    },
    onPointerMove({ square }) {
      if (!held) return;
      const next = { x: square.x - held.grab.x, y: square.y - held.grab.y };
      if (!sameSquare(next, to())) setTo(next);
      if (machine.state() === 'pointing' && !sameSquare(next, held.start)) machine.to('dragging');
    },
    onPointerUp() {
      const q = to();
      if (held && machine.state() === 'dragging' && q && !sameSquare(q, held.start)) editor.moveCreature(held.id, q);
      reset();
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() !== 'idle') {
        reset();
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}
