import type { Editor, Square } from '../../state/editor';
import { creaturesCovering } from '../../../src-shared/render/creature-layout';
import { createMachine, sameSquare, type KeyInput, type PointerInput, type Tool } from './tool';

/**
 * Play mode's forced movement and teleport tool. The attacker, the effect and the distance are set
 * in the panel; on the map:
 *
 *   no target ──click a creature──▶ target chosen ──click squares: the path, one per square──▶
 *   Enter / double-click: the model moves it (a refused square says why) ──▶ no target
 *   teleport: click the creature, then the destination: done at once.
 *   Escape: drop the squares, then the target.
 */
export function createPlayForcedTool(editor: Editor, now: () => number = () => performance.now()): Tool {
  const machine = createMachine<'idle' | 'pointing'>('play-forced', 'idle');
  let lastClick: { square: Square; at: number } | null = null;

  /**
   * The creature a click on a square means: the smallest one on it (a Tiny creature sharing a bigger
   * one's space was never picked: the first creature in the list covering the square won).
   */
  const creatureAt = (q: Square) => {
    const b = editor.playState()?.board;
    if (!b) return null;
    const id = creaturesCovering(b, q.x, q.y)[0];
    return id ? (b.creatures.find((c) => c.id === id) ?? null) : null;
  };

  return {
    id: 'play-forced',
    state: machine.name,
    cursor: () => (editor.forced().target ? 'crosshair' : 'pointer'),
    preview: () => null,
    onPointerDown() {
      if (editor.playViewAt() !== null) return;
      machine.to('pointing');
    },
    onPointerMove() {},
    onPointerUp(input: PointerInput) {
      if (machine.state() !== 'pointing') return;
      machine.to('idle');
      const q = input.square;
      const double = !!lastClick && sameSquare(lastClick.square, q) && now() - lastClick.at < 400;
      lastClick = { square: q, at: now() };
      const f = editor.forced();
      if (!f.target) {
        const c = creatureAt(q);
        if (!c) {
          editor.setPlayRefusal({ reason: 'Click the creature to move first.', at: q });
          return;
        }
        editor.setPlayRefusal(null);
        editor.setForced({ ...f, target: c.id });
        editor.setForcedSquares([]);
        lastClick = null;
        return;
      }
      if (creatureAt(q)?.id === f.target && !double) {
        // A click on the chosen creature again lets it go (nothing moves onto its own square).
        editor.setForced({ ...f, target: null });
        editor.setForcedSquares([]);
        lastClick = null;
        return;
      }
      if (f.effect === 'teleport') {
        editor.commitForced(q);
        lastClick = null;
        return;
      }
      if (double) {
        lastClick = null;
        editor.commitForced();
        return;
      }
      editor.setForcedSquares([...editor.forcedSquares(), { x: q.x, y: q.y }]);
    },
    onKeyDown(input: KeyInput) {
      if (input.ctrl || input.alt) return false;
      if (input.key === 'Enter' && editor.forced().target) {
        editor.commitForced();
        return true;
      }
      if (input.key === 'Backspace' && editor.forcedSquares().length) {
        editor.setForcedSquares(editor.forcedSquares().slice(0, -1));
        return true;
      }
      if (input.key === 'Escape') {
        if (editor.forcedSquares().length) editor.setForcedSquares([]);
        else if (editor.forced().target) editor.setForced({ ...editor.forced(), target: null });
        else return false;
        return true;
      }
      return false;
    },
    onCancel() {
      machine.to('idle');
    },
  };
}
