import { Edge, Terrain, type BattleMap } from '../../model';

/** Squares that stop sight: filled walls, pillars and vats, blocking blockades. */
export function blocksSight(map: BattleMap, i: number): boolean {
  const t = map.terrain[i];
  return t === Terrain.blocked || t === Terrain.obstacle || map.blockade[i] === 1;
}

/**
 * What a line is for: sight, or effect. Sight and effect are separate properties of what blocks:
 * walls and closed doors stop both; a window or force field (`Edge.window`) stops effect but not
 * sight (startroid.txt › Teleportation: "You can teleport to a place you can see even if you don't
 * have line of effect to it").
 */
export type LineKind = 'sight' | 'effect';

/**
 * Whether the line between the centres of two squares is clear: it walks every square the line
 * passes through (corner touches included) and every edge it crosses; a square in between that
 * blocks sight, or a wall or closed door on a crossed edge, stops it (for effect, a window too). Low
 * obstacles do not.
 */
export function clearLine(map: BattleMap, ax: number, ay: number, bx: number, by: number, kind: LineKind = 'sight'): boolean {
  const edgeBlocksSight = kind === 'effect' ? (e: number) => e === Edge.wall || e === Edge.doorClosed || e === Edge.window : (e: number) => e === Edge.wall || e === Edge.doorClosed;
  const W = map.width;
  let x = ax;
  let y = ay;
  const dx = bx - ax;
  const dy = by - ay;
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  // Parametric distances to the next vertical and horizontal grid line, from the centre.
  const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Infinity;
  let tMaxX = dx !== 0 ? 0.5 * tDeltaX : Infinity;
  let tMaxY = dy !== 0 ? 0.5 * tDeltaY : Infinity;
  const eastOf = (cx: number, cy: number) => map.edgeEast[cy * W + cx]!;
  const southOf = (cx: number, cy: number) => map.edgeSouth[cy * W + cx]!;
  while (x !== bx || y !== by) {
    const diff = tMaxX - tMaxY;
    if (Math.abs(diff) < 1e-9) {
      // Through a corner: blocked if both ways round it are blocked.
      const viaX = edgeBlocksSight(stepX > 0 ? eastOf(x, y) : eastOf(x - 1, y)) || blocksSight(map, y * W + x + stepX) || edgeBlocksSight(stepY > 0 ? southOf(x + stepX, y) : southOf(x + stepX, y - 1));
      const viaY = edgeBlocksSight(stepY > 0 ? southOf(x, y) : southOf(x, y - 1)) || blocksSight(map, (y + stepY) * W + x) || edgeBlocksSight(stepX > 0 ? eastOf(x, y + stepY) : eastOf(x - 1, y + stepY));
      if (viaX && viaY) return false;
      x += stepX;
      y += stepY;
      tMaxX += tDeltaX;
      tMaxY += tDeltaY;
    } else if (diff < 0) {
      if (edgeBlocksSight(stepX > 0 ? eastOf(x, y) : eastOf(x - 1, y))) return false;
      x += stepX;
      tMaxX += tDeltaX;
    } else {
      if (edgeBlocksSight(stepY > 0 ? southOf(x, y) : southOf(x, y - 1))) return false;
      y += stepY;
      tMaxY += tDeltaY;
    }
    if ((x !== bx || y !== by) && blocksSight(map, y * W + x)) return false;
  }
  return true;
}
