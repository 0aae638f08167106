import type { Command } from '../../../src-shared/commands';
import { isOnMap, squareIndex, type Encounter } from '../../../src-shared/model';
import type { Editor, Square } from '../../state/editor';
import { groupOfMapLayer, LAYER_GROUPS } from '../../state/layers';
import { describeValue, layerArray, layerColor, squareLayer, type SquareLayer } from './square-layers';
import { squaresBetween } from './tool';
import { rememberRect } from '../layers/terrain-pixels';

/**
 * What the square tools share: which squares a shape covers, and the one command that paints
 * them on the chosen layer (`square-layers.ts`) with the chosen value and height mode.
 */

/** The squares under a square brush of `size` squares a side centred on `at` (even sizes lean up-left). */
export function brushSquares(at: Square, size: number): Square[] {
  const o = Math.floor((size - 1) / 2);
  const out: Square[] = [];
  for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) out.push({ x: at.x - o + dx, y: at.y - o + dy });
  return out;
}

/** Every square of the rectangle with corners `a` and `b`. */
export function rectSquares(a: Square, b: Square): Square[] {
  const out: Square[] = [];
  for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++) for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++) out.push({ x, y });
  return out;
}

/** The squares of a straight line from `a` to `b`, `size` squares thick. */
export function lineSquares(a: Square, b: Square, size: number): Square[] {
  const centre = [a, ...squaresBetween(a, b)];
  return size <= 1 ? centre : unique(centre.flatMap((q) => brushSquares(q, size)));
}

/**
 * The squares (as map indices) joined to `start` by their sides that hold the same value on this
 * layer: a flood fill. Indices, not square objects, and a scanline walk (a run of a row at a time,
 * the rows above and below seeded once per run), so filling a million squares stays a typed-array walk.
 */
export function floodIndices(d: Encounter, layerId: string, start: Square): Int32Array {
  const a = layerArray(d, layerId);
  if (!a || !isOnMap(d.map, start.x, start.y)) return new Int32Array(0);
  return floodLayer(a, d.map.width, d.map.height, squareIndex(d.map, start.x, start.y));
}

/**
 * `floodIndices` on a layer's array of W × H squares from square `first`. It reads only typed
 * arrays and numbers, so what the compiler learns from one map (a warm-up's) holds on every map.
 */
export function floodLayer(a: ArrayLike<number>, W: number, H: number, first: number): Int32Array {
  const target = a[first];
  // 1: already in the flood. One buffer kept between fills (cleared after each), so a fill of a
  // 2048² map does not make and collect a 4 MB array every time.
  const seen = floodScratch(W * H);
  let stack = floodStack;
  let top = 0;
  stack[top++] = first;
  // The runs found, as first and last square; the list is written once its length is known.
  const runs: number[] = [];
  let total = 0;
  // The rectangle round the flood, found on the way (a million-square list costs a walk to measure).
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  const seed = (j: number) => {
    if (top === stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = floodStack = grown;
    }
    stack[top++] = j;
  };
  while (top > 0) {
    const i = stack[--top]!;
    if (seen[i]) continue;
    const y = (i / W) | 0;
    const rowStart = y * W;
    const rowEnd = rowStart + W - 1;
    let left = i;
    while (left > rowStart && !seen[left - 1] && a[left - 1] === target) left--;
    let right = i;
    while (right < rowEnd && !seen[right + 1] && a[right + 1] === target) right++;
    if (left - rowStart < x0) x0 = left - rowStart;
    if (right - rowStart > x1) x1 = right - rowStart;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    // Each stretch of matching squares above and below the run is seeded once.
    const hasUp = y > 0;
    const hasDown = y + 1 < H;
    let upOpen = false;
    let downOpen = false;
    runs.push(left, right);
    total += right - left + 1;
    seen.fill(1, left, right + 1);
    for (let k = left; k <= right; k++) {
      if (hasUp) {
        const j = k - W;
        const up = !seen[j] && a[j] === target;
        if (up && !upOpen) seed(j);
        upOpen = up;
      }
      if (hasDown) {
        const j = k + W;
        const down = !seen[j] && a[j] === target;
        if (down && !downOpen) seed(j);
        downOpen = down;
      }
    }
  }
  // A typed list: a million squares written without boxing, and nothing for the collector to walk.
  const out = new Int32Array(total);
  for (let r = 0, n = 0; r < runs.length; r += 2) {
    const last = runs[r + 1]!;
    for (let k = runs[r]!; k <= last; k++) out[n++] = k;
    seen.fill(0, runs[r]!, last + 1);
  }
  rememberRect(W, out, x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 });
  return out;
}

// The flood's buffers, kept between fills: `seen` is all zeros between floods.
let floodSeen = new Uint8Array(0);
let floodStack = new Int32Array(1024);
/** Makes the flood's buffer ready for a map of `n` squares ahead of its first fill. */
export function floodScratch(n: number): Uint8Array {
  if (floodSeen.length < n) floodSeen = new Uint8Array(n);
  return floodSeen;
}

export function unique(squares: readonly Square[]): Square[] {
  const seen = new Set<string>();
  return squares.filter((q) => {
    const k = `${q.x},${q.y}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The new value of square `i` on a length layer, by the height mode. */
function heightValue(editor: Editor, d: Encounter, layer: SquareLayer, a: ArrayLike<number>, i: number, value: number): number {
  const mode = editor.heightMode();
  const now = a[i]!;
  let next = value;
  if (mode === 'raise') next = now + value;
  else if (mode === 'lower') next = now - value;
  else if (mode === 'smooth') {
    // The mean of the square and its eight neighbours, read before the stroke.
    const W = d.map.width;
    const x = i % W;
    const y = (i - x) / W;
    let sum = 0;
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!isOnMap(d.map, x + dx, y + dy)) continue;
        sum += a[(y + dy) * W + x + dx]!;
        n++;
      }
    }
    next = Math.round((sum / n) * 100) / 100;
  }
  const { min, max } = layer.values.kind === 'length' ? layer.values : { min: -Infinity, max: Infinity };
  return Math.min(max, Math.max(min, next));
}

/**
 * The one command that paints these squares on the chosen layer (or erases them), touching only
 * squares that change; null when nothing would. A layer that writes two arrays (water) gives a
 * batch, still one undo step.
 */
export function paintCommand(editor: Editor, squares: readonly Square[], erase = false): Command | null {
  const d = editor.doc();
  if (!d) return null;
  const indices: number[] = [];
  for (const q of squares) if (isOnMap(d.map, q.x, q.y)) indices.push(squareIndex(d.map, q.x, q.y));
  return paintIndicesCommand(editor, indices, erase);
}

/**
 * `paintCommand` for squares given as map indices (a flood fill's). `flood`: the caller knows no
 * square is listed twice and all hold the same value now (a flood fill's), so neither the repeats
 * nor each square's value need checking.
 */
export function paintIndicesCommand(editor: Editor, squares: Iterable<number> | Int32Array, erase = false, flood = false): Command | null {
  const d = editor.doc();
  if (!d) return null;
  const layer = squareLayer(editor.squareLayer());
  const a = layerArray(d, layer.id);
  if (!a || !layer.available(d.ruleset)) return null;
  const value = erase ? layer.erased : editor.layerValue(layer.id);
  const byHeight = !erase && layer.values.kind === 'length';
  const indices: number[] = [];
  const values: number[] = [];
  const seen = flood ? null : new Uint8Array(a.length);
  // Float32 layers store a rounded value: compare as stored, or a no-op would look like a change.
  const stored = Math.fround(value);
  const list: ArrayLike<number> = Array.isArray(squares) || squares instanceof Int32Array ? (squares as ArrayLike<number>) : [...squares];
  if (flood && !byHeight && list.length > 0 && Math.fround(a[list[0]!]!) !== stored) {
    // A flood fill's million squares all change: the list itself becomes the command's (commands
    // are never changed once made), rather than a copy square by square.
    return writeCommand(d, layer, list, [value]);
  }
  for (let k = 0, n = list.length; k < n; k++) {
    const i = list[k]!;
    if (seen) {
      if (seen[i]) continue;
      seen[i] = 1;
    }
    if (!byHeight) {
      // One value for every square (the common case, and a flood fill's million): no per-square list.
      if (Math.fround(a[i]!) !== stored) indices.push(i);
      continue;
    }
    const next = heightValue(editor, d, layer, a, i, value);
    if (Math.fround(next) === Math.fround(a[i]!)) continue;
    indices.push(i);
    values.push(next);
  }
  if (!byHeight) values.push(value);
  if (!indices.length) return null;
  const vs = values.length === 1 || values.every((v) => v === values[0]) ? [values[0]!] : values;
  return writeCommand(d, layer, indices, vs);
}

/** The command writing these values into the layer (a batch when it writes two arrays, like water). */
function writeCommand(d: Encounter, layer: SquareLayer, indices: ArrayLike<number>, values: number[]): Command {
  const commands = layer.write ? layer.write(d, indices, values) : [{ type: 'setSquares', layer: layer.id, indices, values } as Command];
  return commands.length === 1 ? commands[0]! : { type: 'batch', label: `paint ${layer.label.toLowerCase()}`, commands };
}

/** The colour a preview of the current layer and value shows. */
export function previewColor(editor: Editor, erase = false): string {
  const d = editor.doc();
  const layer = squareLayer(editor.squareLayer());
  if (!d) return 'transparent';
  if (erase) return 'rgba(255, 255, 255, 0.6)';
  return layerColor(layer, d.ruleset, editor.layerValue(layer.id));
}

/**
 * Whether the chosen layer may be painted now; if it is locked (or the ruleset does not use it)
 * the user is told why, once, at the start of the gesture.
 */
export function mayPaint(editor: Editor): boolean {
  const d = editor.doc();
  if (!d) return false;
  const layer = squareLayer(editor.squareLayer());
  if (!layer.available(d.ruleset) || !layerArray(d, layer.id)) {
    editor.notify('info', `${layer.label} is not part of this ruleset's map; pick another layer.`);
    return false;
  }
  const group = groupOfMapLayer(layer.id);
  if (editor.isLocked(group)) {
    editor.notify('info', `${LAYER_GROUPS.find((g) => g.id === group)!.label} is locked: unlock it in the Layers panel to paint.`);
    return false;
  }
  return true;
}

/** "Difficult" or "10 feet" for the chosen layer and value: the status line of a square tool. */
export function currentValueText(editor: Editor): string {
  const d = editor.doc();
  const layer = squareLayer(editor.squareLayer());
  return d ? describeValue(layer, d.ruleset, editor.layerValue(layer.id)) : '';
}
