import { createRoot } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { createToolbox, type PointerInput, type Toolbox } from './index';

export interface Modifiers {
  shift?: boolean;
  alt?: boolean;
  ctrl?: boolean;
  button?: number;
  /** Where in the square the pointer is, 0–1 from its top-left (default: the centre). */
  at?: { x: number; y: number };
}

/**
 * Drives the active tool the way the canvas does, with squares instead of mouse events, so a tool's
 * behaviour can be tested as a specification (tldraw's test editor):
 *
 *   const t = createToolDriver(editor);
 *   editor.setTool('select');
 *   t.pointerDown({ x: 2, y: 3 }).pointerMove({ x: 5, y: 3 }).expectToBeIn('select.dragging').pointerUp();
 */
export function createToolDriver(editor: Editor, given?: Toolbox) {
  // The tools' memos live in a root of the driver's own (the canvas makes its toolbox while it is
  // rendered); `dispose()` frees them.
  let dispose = () => {};
  const toolbox = given ?? createRoot((d) => ((dispose = d), createToolbox(editor)));
  let last: Square = { x: 0, y: 0 };
  /**
   * The input for the centre of a square in the current view; a fractional position (in squares)
   * is that exact point, e.g. `{ x: 3, y: 1.5 }` is on the grid line x = 3 (for the edge tool).
   */
  const input = (at: Square, mods: Modifiers = {}): PointerInput => {
    const v = editor.view();
    const s = squarePixels(v);
    const exact = !Number.isInteger(at.x) || !Number.isInteger(at.y);
    const square = { x: Math.floor(at.x), y: Math.floor(at.y) };
    return {
      square,
      point: exact ? { x: v.panX + at.x * s, y: v.panY + at.y * s } : { x: v.panX + (square.x + (mods.at?.x ?? 0.5)) * s, y: v.panY + (square.y + (mods.at?.y ?? 0.5)) * s },
      button: mods.button ?? 0,
      shift: !!mods.shift,
      alt: !!mods.alt,
      ctrl: !!mods.ctrl,
    };
  };
  const driver = {
    toolbox,
    dispose: () => dispose(),
    /** The active tool's state, e.g. `select.dragging`. */
    state: () => toolbox.active().state(),
    pointerDown(square: Square, mods?: Modifiers) {
      last = square;
      toolbox.active().onPointerDown(input(square, mods));
      return driver;
    },
    pointerMove(square: Square, mods?: Modifiers) {
      last = square;
      editor.setHover({ x: Math.floor(square.x), y: Math.floor(square.y) });
      toolbox.active().onPointerMove(input(square, mods));
      return driver;
    },
    /** The pointer over the map with no button down (null: it left). */
    hover(square: Square | null, mods?: Modifiers) {
      toolbox.active().onHover?.(square ? input(square, mods) : null);
      return driver;
    },
    pointerUp(square: Square = last, mods?: Modifiers) {
      toolbox.active().onPointerUp(input(square, mods));
      return driver;
    },
    /** Down on the first square, through every other, up on the last. */
    drag(squares: Square[], mods?: Modifiers) {
      driver.pointerDown(squares[0]!, mods);
      for (const q of squares.slice(1)) driver.pointerMove(q, mods);
      return driver.pointerUp(squares[squares.length - 1], mods);
    },
    click(square: Square, mods?: Modifiers) {
      return driver.pointerDown(square, mods).pointerUp(square, mods);
    },
    /** A key as the canvas forwards it; returns whether the tool used it. */
    key(key: string, mods: Modifiers = {}) {
      return toolbox.active().onKeyDown({ key, shift: !!mods.shift, alt: !!mods.alt, ctrl: !!mods.ctrl });
    },
    /** A wheel turn as the canvas forwards it first to the tool; returns whether the tool used it. */
    wheel(deltaY: number, mods: Modifiers = {}) {
      return toolbox.active().onWheel?.({ deltaY, shift: !!mods.shift, alt: !!mods.alt, ctrl: !!mods.ctrl }) ?? false;
    },
    cancel() {
      toolbox.active().onCancel();
      return driver;
    },
    expectToBeIn(state: string) {
      const now = driver.state();
      if (now !== state) throw new Error(`Expected the tool to be in ${state}, but it is in ${now}.`);
      return driver;
    },
  };
  return driver;
}

export type ToolDriver = ReturnType<typeof createToolDriver>;
