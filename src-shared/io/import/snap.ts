import type { MapPoint } from '../../model';

/**
 * How a wall drawn off the grid lands on the grid: both ends snap to the nearest grid intersection,
 * then a staircase of unit edges walks between them, each step taking whichever neighbour stays
 * closer to the drawn line. The `.dd2vtt` import marks these edges for the rules, and the exports
 * use the same walk to tell which grid edges a drawn wall explains (`io/export/drawn.ts`).
 */
export type EdgeLayerName = 'south' | 'east';

/**
 * Calls `visit` with each unit edge of the staircase from `p` to `q` (squares), as an index into
 * the map's `edgeSouth` or `edgeEast`; edges on or beyond the map's border are skipped. Returns the
 * number of steps walked (at most about width + height + 4, as both ends are clamped near the map).
 */
export function forEachSnappedEdge(width: number, height: number, p: MapPoint, q: MapPoint, visit: (layer: EdgeLayerName, index: number) => void): number {
  const clampX = (v: number) => Math.min(width + 1, Math.max(-1, v));
  const clampY = (v: number) => Math.min(height + 1, Math.max(-1, v));
  let ax = clampX(Math.round(p.x));
  let ay = clampY(Math.round(p.y));
  const bx = clampX(Math.round(q.x));
  const by = clampY(Math.round(q.y));
  const lx = q.x - p.x;
  const ly = q.y - p.y;
  const len = Math.hypot(lx, ly) || 1;
  const off = (x: number, y: number) => Math.abs((x - p.x) * ly - (y - p.y) * lx) / len;
  let steps = 0;
  while (ax !== bx || ay !== by) {
    steps++;
    const dx = Math.sign(bx - ax);
    const dy = Math.sign(by - ay);
    let nx = ax;
    let ny = ay;
    if (dx !== 0 && (dy === 0 || off(ax + dx, ay) <= off(ax, ay + dy))) nx += dx;
    else ny += dy;
    if (ay === ny) {
      // Horizontal: the south side of square (min x, y - 1).
      const x = Math.min(ax, nx);
      if (ay >= 1 && ay < height && x >= 0 && x < width) visit('south', (ay - 1) * width + x);
    } else {
      const y = Math.min(ay, ny);
      if (ax >= 1 && ax < width && y >= 0 && y < height) visit('east', y * width + ax - 1);
    }
    ax = nx;
    ay = ny;
  }
  return steps;
}
