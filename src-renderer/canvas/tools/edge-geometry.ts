import type { BattleMap } from '../../../src-shared/model';
import type { View } from '../../state/view';
import { squarePixels } from '../../state/view';

/**
 * Square edges under the pointer. An edge is stored on the square west of it (`edgeEast`) or
 * north of it (`edgeSouth`), so the map's west and north borders have none.
 */
export interface EdgeRef {
  layer: 'edgeEast' | 'edgeSouth';
  /** The square that owns the edge. */
  x: number;
  y: number;
}

/** A viewport point in squares (fractional). */
export function mapPoint(view: View, point: { x: number; y: number }): { x: number; y: number } {
  const s = squarePixels(view);
  return { x: (point.x - view.panX) / s, y: (point.y - view.panY) / s };
}

/** The edge on grid line `line` (x = line for a vertical one) beside row or column `at`, if on the map. */
export function edgeOn(map: Pick<BattleMap, 'width' | 'height'>, vertical: boolean, line: number, at: number): EdgeRef | null {
  if (vertical) return line >= 1 && line <= map.width && at >= 0 && at < map.height ? { layer: 'edgeEast', x: line - 1, y: at } : null;
  return line >= 1 && line <= map.height && at >= 0 && at < map.width ? { layer: 'edgeSouth', x: at, y: line - 1 } : null;
}

/** The edge nearest a point (in squares) and how far it is, in squares. */
export function nearestEdge(map: Pick<BattleMap, 'width' | 'height'>, p: { x: number; y: number }): { edge: EdgeRef; distance: number } | null {
  const v = edgeOn(map, true, Math.round(p.x), Math.floor(p.y));
  const h = edgeOn(map, false, Math.round(p.y), Math.floor(p.x));
  const dv = Math.abs(p.x - Math.round(p.x));
  const dh = Math.abs(p.y - Math.round(p.y));
  if (v && (!h || dv <= dh)) return { edge: v, distance: dv };
  return h ? { edge: h, distance: dh } : null;
}

/** The edges of a straight run along one grid line, between two points (in squares) on it. */
export function edgeRun(map: Pick<BattleMap, 'width' | 'height'>, vertical: boolean, line: number, from: number, to: number): EdgeRef[] {
  const out: EdgeRef[] = [];
  const a = Math.floor(Math.min(from, to));
  const b = Math.floor(Math.max(from, to));
  for (let k = a; k <= b; k++) {
    const e = edgeOn(map, vertical, line, k);
    if (e) out.push(e);
  }
  return out;
}

/** An edge as a segment [x0, y0, x1, y1] in squares, for previews. */
export function edgeSegment(e: EdgeRef): [number, number, number, number] {
  return e.layer === 'edgeEast' ? [e.x + 1, e.y, e.x + 1, e.y + 1] : [e.x, e.y + 1, e.x + 1, e.y + 1];
}
