import { createSignal } from 'solid-js';
import { wandSquares, type WandOptions } from '../../../src-shared/picture/wand';
import type { SquareStats } from '../../../src-shared/picture/square-stats';
import type { Editor, Square } from '../../state/editor';
import { loadSquareStats, readySquareStats } from './picture-wand-stats';
import { mayPaint, paintIndicesCommand, previewColor } from './square-paint';
import { createMachine, sameSquare, type Tool } from './tool';

type State = 'idle' | 'pointing';

/**
 * Picture wand (U): a click paints the chosen layer and value (Paint layer) on every square whose
 * picture looks like the clicked square's — its colour and texture within the tolerance — joined to
 * it, or over the whole map with Global (Shift-click does the other one). One click, one undo step
 * (issue 15 › Terrain from the picture). Hovering previews the squares a click takes.
 *   idle ──down──▶ pointing ──up on the same square: one command──▶ idle
 * The picture is read once (`picture-wand-stats.ts`); a click before it is read paints when it is.
 */
export function createPictureWandTool(editor: Editor): Tool {
  const machine = createMachine<State>('picture-wand', 'idle');
  const [hover, setHover] = createSignal<{ square: Square; shift: boolean } | null>(null);
  // Bumped when a reading arrives, so the preview asks again.
  const [readings, setReadings] = createSignal(0);
  let start: Square | null = null;

  const options = (shift: boolean): WandOptions => ({ tolerance: editor.wandTolerance(), contiguous: editor.wandContiguous() !== shift });

  /** The reading for the map as it is now, or null (starting it) while it is made or without a picture. */
  function statsNow(): SquareStats | null {
    const d = editor.doc();
    if (!d?.picture) return null;
    const ready = readySquareStats(d.picture, d.map);
    if (ready) return ready;
    loadSquareStats(d.picture, d.map).then(
      () => setReadings((n) => n + 1),
      () => {},
    );
    return null;
  }

  function paint(stats: SquareStats, square: Square, shift: boolean): void {
    const cmd = paintIndicesCommand(editor, wandSquares(stats, square, options(shift)));
    if (cmd) editor.execute(cmd);
  }

  const reset = () => {
    start = null;
    machine.to('idle');
  };

  return {
    id: 'picture-wand',
    state: machine.name,
    cursor: () => 'crosshair',
    preview() {
      readings();
      const h = hover();
      const d = editor.doc();
      if (!h || !d?.picture) return null;
      const stats = statsNow();
      if (!stats) return null;
      const squares = wandSquares(stats, h.square, options(h.shift)).map((i) => ({ x: i % d.map.width, y: Math.floor(i / d.map.width) }));
      return squares.length ? { kind: 'squares', squares, color: previewColor(editor) } : null;
    },
    onHover(input) {
      // Asked again only when the square or Shift changes, not on every pointer move.
      const h = hover();
      if (input && h && sameSquare(h.square, input.square) && h.shift === input.shift) return;
      setHover(input ? { square: input.square, shift: input.shift } : null);
    },
    onPointerDown({ square, button }) {
      if (button !== 0) return;
      const d = editor.doc();
      if (!d) return;
      if (!d.picture) {
        editor.notify('info', 'This map has no picture for the wand to read: bring a battle-map picture in first.');
        return;
      }
      if (!mayPaint(editor)) return;
      start = square;
      machine.to('pointing');
    },
    onPointerMove: () => {},
    onPointerUp({ square, shift }) {
      const from = start;
      reset();
      const d = editor.doc();
      if (!d?.picture || !from || !sameSquare(from, square)) return;
      const ready = statsNow();
      if (ready) return paint(ready, square, shift);
      // Not read yet: paint once it is, if the map is still the one clicked.
      const version = d;
      loadSquareStats(d.picture, d.map).then(
        (stats) => {
          if (editor.doc() === version) paint(stats, square, shift);
        },
        (e: unknown) => editor.notify('error', `The wand cannot read the map picture: ${(e as Error).message}`),
      );
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() === 'pointing') {
        reset();
        return true;
      }
      // [ and ] as for the brush size: a looser or a stricter wand.
      if (key === '[' || key === ']') {
        editor.setWandTolerance(editor.wandTolerance() + (key === ']' ? 5 : -5));
        return true;
      }
      return false;
    },
    onCancel() {
      reset();
      setHover(null);
    },
  };
}
