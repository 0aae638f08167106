import { createEffect, on } from 'solid-js';
import { applyCommand } from '../../../src-shared/commands';
import { squareRgbInto } from '../../../src-shared/io/export/palette';
import { createEncounter, Terrain } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { floodIndices, floodLayer, floodScratch, mayPaint, paintIndicesCommand } from './square-paint';
import { createMachine, sameSquare, type Tool } from './tool';
import type { Square } from '../../state/editor';

type State = 'idle' | 'pointing';

/**
 * Fill (G): a click paints every square joined to the clicked one (side by side) that holds the
 * same value on the chosen layer — a flood fill, one undo step. Pressing and releasing on another
 * square does nothing.
 *   idle ──down──▶ pointing ──up on the same square: one command──▶ idle
 */
export function createFillTool(editor: Editor): Tool {
  const machine = createMachine<State>('fill', 'idle');
  createEffect(
    on(
      () => {
        const d = editor.doc();
        return !!d && d.map.width * d.map.height >= WARM_UP_SQUARES;
      },
      (big) => {
        const d = editor.doc();
        if (big && d) warmUpFill(d.map.width * d.map.height);
      },
    ),
  );
  let start: Square | null = null;
  const reset = () => {
    start = null;
    machine.to('idle');
  };
  return {
    id: 'fill',
    state: machine.name,
    cursor: () => 'cell',
    preview: () => null,
    onPointerDown({ square, button }) {
      if (button !== 0 || !mayPaint(editor)) return;
      start = square;
      machine.to('pointing');
    },
    onPointerMove: () => {},
    onPointerUp({ square }) {
      const d = editor.doc();
      const from = start;
      reset();
      if (!d || !from || !sameSquare(from, square)) return;
      const cmd = paintIndicesCommand(editor, floodIndices(d, editor.squareLayer(), from), false, true);
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() === 'pointing') {
        reset();
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}

/** Maps from this size up get the fill's code warmed up after opening. */
const WARM_UP_SQUARES = 512 * 512;
let warmed = false;

/**
 * A big map's first fill waited ~40 ms more than later ones, for the flood, the command and the
 * colouring to be compiled: once a big map is open they run once on a scratch map, when the window
 * is idle (nothing is shown or kept; later fills on any map find them compiled).
 */
export function warmUpFill(squares: number): void {
  if (warmed) {
    floodScratch(squares);
    return;
  }
  warmed = true;
  floodScratch(squares);
  // A few rounds in tasks of their own (each a few ms; not idle callbacks: a big map's first
  // seconds are busy painting in bands, and idle time comes late): the compiler optimises a
  // function after it has run a while, not on its first call.
  let rounds = WARM_UP_ROUNDS;
  const round = () => {
    const side = 512;
    const d = createEncounter({ ruleset: 'epic-path', width: side, height: side });
    // Rows broken by a few walls of another kind, so the flood walks runs as on a real map.
    for (let y = 0; y < side; y += 7) d.map.terrain.fill(Terrain.difficult, y * side + 3, y * side + side - 3);
    const list = floodIndices(d, 'terrain', { x: 1, y: 1 });
    // Height is a layer of another kind of array: the flood sees both on real maps.
    floodLayer(d.map.elevation, side, side, 0);
    const { doc } = applyCommand(d, { type: 'setSquares', layer: 'terrain', indices: list, values: [Terrain.water] });
    applyCommand(doc, { type: 'setSquares', layer: 'elevation', indices: list, values: [5] });
    const half = side / 2;
    squareRgbInto(doc.map, { min: 0, span: 0 }, { x: 0, y: 0, width: half, height: half }, new Uint8ClampedArray(half * half * 4), 2);
    if (--rounds > 0) setTimeout(round, 0);
  };
  setTimeout(round, 0);
}
const WARM_UP_ROUNDS = 8;
