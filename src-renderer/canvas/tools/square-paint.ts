import type { Command } from '../../../src-shared/commands';
import { isOnMap, squareIndex, type Encounter } from '../../../src-shared/model';
import type { Editor, Square } from '../../state/editor';
import { groupOfMapLayer, LAYER_GROUPS } from '../../state/layers';
import { describeValue, layerArray, layerColor, squareLayer, type SquareLayer } from './square-layers';
import { squaresBetween } from './tool';

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
export function floodIndices(d: Encounter, layerId: string, start: Square): number[] {
  const a = layerArray(d, layerId);
  const { width: W, height: H } = d.map;
  if (!a || !isOnMap(d.map, start.x, start.y)) return [];
  const first = squareIndex(d.map, start.x, start.y);
  const target = a[first];
  const seen = new Uint8Array(W * H);
  const same = (i: number) => !seen[i] && a[i] === target;
  const stack = [first];
  const out: number[] = [];
  while (stack.length) {
    const i = stack.pop()!;
    if (seen[i]) continue;
    const y = Math.floor(i / W);
    const rowStart = y * W;
    let left = i;
    while (left > rowStart && same(left - 1)) left--;
    let right = i;
    while (right + 1 < rowStart + W && same(right + 1)) right++;
    // Each stretch of matching squares above and below the run is seeded once.
    let upOpen = false;
    let downOpen = false;
    for (let k = left; k <= right; k++) {
      seen[k] = 1;
      out.push(k);
      if (y > 0) {
        const up = same(k - W);
        if (up && !upOpen) stack.push(k - W);
        upOpen = up;
      }
      if (y + 1 < H) {
        const down = same(k + W);
        if (down && !downOpen) stack.push(k + W);
        downOpen = down;
      }
    }
  }
  return out;
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
 * `paintCommand` for squares given as map indices (a flood fill's). `distinct`: the caller knows no
 * square is listed twice (a flood fill), so the check for repeats is skipped.
 */
export function paintIndicesCommand(editor: Editor, squares: Iterable<number>, erase = false, distinct = false): Command | null {
  const d = editor.doc();
  if (!d) return null;
  const layer = squareLayer(editor.squareLayer());
  const a = layerArray(d, layer.id);
  if (!a || !layer.available(d.ruleset)) return null;
  const value = erase ? layer.erased : editor.layerValue(layer.id);
  const byHeight = !erase && layer.values.kind === 'length';
  const indices: number[] = [];
  const values: number[] = [];
  const seen = distinct ? null : new Uint8Array(a.length);
  // Float32 layers store a rounded value: compare as stored, or a no-op would look like a change.
  const stored = Math.fround(value);
  const list: readonly number[] = Array.isArray(squares) ? squares : [...squares];
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
  const commands = layer.write ? layer.write(d, indices, vs) : [{ type: 'setSquares', layer: layer.id, indices, values: vs } as Command];
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
