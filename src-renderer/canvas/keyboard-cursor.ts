import { Edge, type BattleMap } from '../../src-shared/model';
import type { Editor, Square } from '../state/editor';
import type { Facing } from '../state/keyboard-cursor';
import { squarePixels } from '../state/view';
import { toggleDoorOn } from './tools/doors';
import { createToolDriver } from './tools/driver';
import { edgesCommand } from './tools/edge';
import { edgeOn, type EdgeRef } from './tools/edge-geometry';
import type { KeyInput, Toolbox } from './tools';

/**
 * Keyboard-cursor mode on the focused map (issue 18 › 4): the keys, and how they drive the active
 * tool. The cursor's place is in `state/keyboard-cursor.ts`; Enter hands the tool the same pointer
 * input the mouse would (through `createToolDriver`, as the tool tests do), so every tool that a
 * click or a drag works also works from the keyboard. F1 lists CURSOR_KEYS.
 */
export const CURSOR_KEYS: readonly (readonly [string, string])[] = [
  ['Arrow keys', 'Move the cursor a square (the view follows); it faces that way'],
  ['Shift + arrow keys', 'Grow a rectangular region from where the cursor was'],
  ['Enter', "Use the tool at the cursor (a click); over a region, the tool's drag (Brush and Eraser paint all of it, Walls and doors outline it)"],
  ['O', 'Open or close the door on the edge the cursor faces; a wall or an empty edge there becomes a closed door'],
  ['Shift + F10, Menu key', "The map's menu for the cursor's square (also outside the mode)"],
  ['Esc, K', 'Leave the keyboard cursor (the arrows pan again)'],
];

const ARROWS: Record<string, Facing> = { ArrowUp: 'north', ArrowRight: 'east', ArrowDown: 'south', ArrowLeft: 'west' };

/** Tools that paint under a moving brush: a region is swept row by row, so every square is painted. */
const SWEPT = new Set(['terrain', 'eraser']);
/** Tools that a click uses at one square: a region means nothing to them, Enter clicks at the cursor. */
const CLICKED = new Set(['fill', 'eyedropper', 'creature', 'label', 'picture-wand', 'picture-align', 'pan']);

/** The edge of square `q` on its `facing` side, if it is inside the map (the west and north borders have none). */
export function facingEdge(map: Pick<BattleMap, 'width' | 'height'>, q: Square, facing: Facing): EdgeRef | null {
  if (facing === 'east') return edgeOn(map, true, q.x + 1, q.y);
  if (facing === 'west') return edgeOn(map, true, q.x, q.y);
  if (facing === 'south') return edgeOn(map, false, q.y + 1, q.x);
  return edgeOn(map, false, q.y, q.x);
}

/** The middle of that side, in squares: where a pointer would click that edge. */
function facingPoint(q: Square, facing: Facing): Square {
  if (facing === 'east') return { x: q.x + 1, y: q.y + 0.5 };
  if (facing === 'west') return { x: q.x, y: q.y + 0.5 };
  if (facing === 'south') return { x: q.x + 0.5, y: q.y + 1 };
  return { x: q.x + 0.5, y: q.y };
}

/** The edges around a rectangle of squares (those inside the map). */
function outlineEdges(map: Pick<BattleMap, 'width' | 'height'>, a: Square, b: Square): EdgeRef[] {
  const x0 = Math.min(a.x, b.x);
  const x1 = Math.max(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const y1 = Math.max(a.y, b.y);
  const out: (EdgeRef | null)[] = [];
  for (let x = x0; x <= x1; x++) out.push(edgeOn(map, false, y0, x), edgeOn(map, false, y1 + 1, x));
  for (let y = y0; y <= y1; y++) out.push(edgeOn(map, true, x0, y), edgeOn(map, true, x1 + 1, y));
  return out.filter((e): e is EdgeRef => e !== null);
}

/** Row by row, back and forth: the brush passes over every square of the region in one stroke. */
function sweep(a: Square, b: Square): Square[] {
  const x0 = Math.min(a.x, b.x);
  const x1 = Math.max(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const y1 = Math.max(a.y, b.y);
  const path: Square[] = [];
  for (let y = y0; y <= y1; y++) {
    const forward = (y - y0) % 2 === 0;
    path.push({ x: forward ? x0 : x1, y }, { x: forward ? x1 : x0, y });
  }
  return path;
}

/**
 * Pans the view the least that shows the square with a square's margin (the view follows the cursor).
 * The margin is there to show the squares beyond the cursor's, so on a side where the map ends it
 * shrinks to what is left of the map: a map that fits in the view is not pushed off its other side.
 */
export function keepSquareInView(editor: Editor, q: Square): void {
  const v = editor.view();
  const s = squarePixels(v);
  const vp = editor.viewport();
  const map = editor.doc()?.map;
  const margin = Math.min(s, vp.width / 4, vp.height / 4);
  const beyond = (squares: number) => Math.min(margin, Math.max(0, squares) * s);
  const [west, east] = map ? [beyond(q.x), beyond(map.width - 1 - q.x)] : [margin, margin];
  const [north, south] = map ? [beyond(q.y), beyond(map.height - 1 - q.y)] : [margin, margin];
  const left = v.panX + q.x * s;
  const top = v.panY + q.y * s;
  const dx = left < west ? west - left : left + s > vp.width - east ? vp.width - east - (left + s) : 0;
  const dy = top < north ? north - top : top + s > vp.height - south ? vp.height - south - (top + s) : 0;
  if (dx || dy) editor.pan(dx, dy);
}

/**
 * The key handler of the mode for the canvas's toolbox: returns whether it used the key. Called
 * only while the map has the keyboard and the mode is on.
 */
export function createCursorKeys(editor: Editor, toolbox: Toolbox) {
  const driver = createToolDriver(editor, toolbox);

  /** Enter: the active tool at the cursor, or over the region. */
  function applyTool(): void {
    const d = editor.doc();
    if (!d) return;
    const q = editor.cursor();
    const region = editor.cursorRegion();
    const id = toolbox.active().id;
    editor.setCursorNews('');
    if (id === 'edges') {
      if (!region) driver.click(facingPoint(q, editor.facing()));
      else if (editor.isLocked('edges')) editor.notify('info', 'Edges are locked: unlock them in the Layers panel to draw walls and doors.');
      else {
        // The region's outline in one step (the mouse would need four drags, four undo steps).
        const cmd = edgesCommand(d, outlineEdges(d.map, region.from, region.to), Edge[editor.edgeKind()]);
        if (cmd) editor.execute({ type: 'batch', label: `${editor.edgeKind() === 'wall' ? 'walls' : 'edges'} around a region`, commands: [cmd] });
      }
    } else if (!region || CLICKED.has(id)) driver.click(q);
    else if (SWEPT.has(id)) driver.drag(sweep(region.from, region.to));
    else driver.drag([region.from, region.to]);
    editor.setRegionAnchor(null);
    editor.setHover(q);
  }

  /** O: the door on the edge the cursor faces (D is the Ruler's key, kept for it). */
  function toggleDoor(): void {
    const d = editor.doc();
    if (!d) return;
    const edge = facingEdge(d.map, editor.cursor(), editor.facing());
    if (!edge) {
      editor.notify('info', `The cursor faces the map's ${editor.facing()} border: there is no edge there for a door.`);
      return;
    }
    const q = editor.cursor();
    const side = editor.facing();
    toggleDoorOn(editor, edge, true);
    // Said aloud: the door is what changed, not the square (a locked layer changes nothing, and its notice says why).
    const now = editor.doc()?.map[edge.layer][edge.y * d.map.width + edge.x];
    if (now !== d.map[edge.layer][edge.y * d.map.width + edge.x]) {
      editor.setCursorNews(`${now === Edge.doorOpen ? 'Open' : 'Closed'} door on the ${side} side of ${q.x},${q.y}`);
    }
  }

  return function onCursorKey(input: KeyInput): boolean {
    if (input.ctrl || input.alt) return false;
    const facing = ARROWS[input.key];
    if (facing) {
      editor.moveCursor(facing, input.shift);
      keepSquareInView(editor, editor.cursor());
      editor.setHover(editor.cursor());
      return true;
    }
    if (input.key === 'Enter') return (applyTool(), true);
    if (input.key.toLowerCase() === 'o' && !input.shift) return (toggleDoor(), true);
    if (input.key === 'Escape') return (editor.leaveCursorMode(), true);
    return false;
  };
}
