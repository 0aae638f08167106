import { createSignal, type Accessor, type JSX } from 'solid-js';
import type { Editor, Square } from '../../state/editor';
import { squarePixels, type View } from '../../state/view';
import type { SquareRegion } from '../../../src-shared/model/map-piece';

/**
 * The one interface every map tool implements (tldraw's tools, as plain objects): a small state
 * machine that turns pointer input on squares into commands on the editor. The canvas translates
 * DOM events into `PointerInput` and forwards them to the active tool; tests do the same through
 * `driver.ts`, without a canvas. See docs/editor-architecture.md.
 */
export interface PointerInput {
  /** The square under the pointer (may be off the map). */
  square: Square;
  /** The pointer in viewport pixels (CSS pixels from the canvas's top-left). */
  point: { x: number; y: number };
  /** 0 primary, 1 middle, 2 secondary: the button that changed, for down and up. */
  button: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

/** A wheel turn over the map: negative `deltaY` turns away from the user (up). */
export interface WheelInput {
  deltaY: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

export interface KeyInput {
  key: string;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
}

/**
 * What a tool wants drawn on the interactive overlay while it works. The overlay layer draws
 * each kind; a new tool needing a new look adds a kind here and its drawing in layers/overlay.ts.
 */
export type ToolPreview =
  /** Squares about to be painted, in the colour they will get. */
  | { kind: 'squares'; squares: readonly Square[]; color: string }
  /** Where a creature being dragged would land: its whole space. */
  | { kind: 'footprint'; x: number; y: number; side: number }
  /** Square edges about to be drawn (or erased): segments [x0, y0, x1, y1] in squares. */
  | { kind: 'edges'; segments: readonly (readonly [number, number, number, number])[]; color: string }
  /** Creatures being placed, dragged or pasted: each one's space, and why they may not go there. */
  | { kind: 'footprints'; rects: readonly { x: number; y: number; side: number }[]; refused: string | null }
  /** A selection box between two squares (inclusive). */
  | { kind: 'box'; from: Square; to: Square }
  /** A region of squares being dragged: its outline moved by (dx, dy) squares. */
  | { kind: 'region'; region: SquareRegion; dx: number; dy: number }
  /** A free shape being drawn round squares, points in squares (fractional). */
  | { kind: 'lasso'; points: readonly { x: number; y: number }[] };

export interface Tool {
  readonly id: string;
  /** The current state as `<tool>.<state>`, e.g. `select.dragging`. */
  state(): string;
  /** The CSS cursor over the map in the current state. */
  cursor(): string;
  /** What to draw on the overlay now; read inside an effect, so it is a signal. */
  preview(): ToolPreview | null;
  onPointerDown(input: PointerInput): void;
  onPointerMove(input: PointerInput): void;
  onPointerUp(input: PointerInput): void;
  /** Optional: the pointer moving with no button down (null: it left the map), e.g. to show the edge a click would hit. */
  onHover?(input: PointerInput | null): void;
  /** Optional: a wheel turn over the map; true when the tool used it (then the view does not zoom or pan). */
  onWheel?(input: WheelInput): boolean;
  /** A key pressed while the map has the keyboard; true when the tool used it. */
  onKeyDown(input: KeyInput): boolean;
  /** Abandons whatever is in progress without editing the document (Escape, tool switch, blur). */
  onCancel(): void;
}

/** A tool as the palette, F1 help and keyboard shortcuts list it, and how to make one. */
export interface ToolDefinition {
  id: string;
  /** Short name in the palette and help ("Paint terrain"). */
  label: string;
  /** The shortcut, one key without modifiers, shown upper-case ("B"). */
  key: string;
  /** One sentence for the tooltip and F1: what a click and a drag do. */
  tooltip: string;
  /** Keys the tool answers while it is active (its `onKeyDown`), for F1: [keys, what they do]. */
  keys?: readonly (readonly [string, string])[];
  icon: () => JSX.Element;
  create: (editor: Editor) => Tool;
}

/**
 * The state of a tool's machine as a signal, named `<tool>.<state>` for tests and debugging.
 * Keeping it in a signal lets the overlay and the cursor follow it.
 */
export function createMachine<S extends string>(toolId: string, initial: S): { state: Accessor<S>; to: (next: S) => void; name: () => string } {
  const [state, setState] = createSignal<S>(initial);
  return { state, to: (next) => setState(() => next), name: () => `${toolId}.${state()}` };
}

/** Squares on the straight line from `a` (excluded) to `b`, so a fast drag leaves no gaps. */
export function squaresBetween(a: Square, b: Square): Square[] {
  const out: Square[] = [];
  const n = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  for (let i = 1; i <= n; i++) {
    out.push({ x: Math.round(a.x + ((b.x - a.x) * i) / n), y: Math.round(a.y + ((b.y - a.y) * i) / n) });
  }
  return out;
}

/** The pointer's place on the map in squares (fractional), from its viewport point. */
export function mapPoint(view: View, point: { x: number; y: number }): { x: number; y: number } {
  const s = squarePixels(view);
  return { x: (point.x - view.panX) / s, y: (point.y - view.panY) / s };
}

export const sameSquare = (a: Square | null, b: Square | null) => !!a && !!b && a.x === b.x && a.y === b.y;
