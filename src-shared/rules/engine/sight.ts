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

/**
 * `clearLine` from a grid corner (ox, oy) to the centre of square (bx, by): the same walk (a wall,
 * closed door or, for effect, window on a crossed edge stops it; through a grid point only when both
 * ways round are blocked), every square it passes through checked, the first and the last included
 * (an area does not reach into a wall). For areas, whose lines start at a corner rather than a square.
 */
export function clearLineFromCorner(map: BattleMap, ox: number, oy: number, bx: number, by: number, kind: LineKind = 'effect'): boolean {
  const edgeBlocks = kind === 'effect' ? (e: number) => e === Edge.wall || e === Edge.doorClosed || e === Edge.window : (e: number) => e === Edge.wall || e === Edge.doorClosed;
  const W = map.width;
  const dx = bx + 0.5 - ox;
  const dy = by + 0.5 - oy;
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  // The first square is the one the line enters from the corner: no edge is crossed to get there.
  let x = stepX > 0 ? ox : ox - 1;
  let y = stepY > 0 ? oy : oy - 1;
  const tDeltaX = Math.abs(1 / dx);
  const tDeltaY = Math.abs(1 / dy);
  let tMaxX = tDeltaX;
  let tMaxY = tDeltaY;
  const eastOf = (cx: number, cy: number) => map.edgeEast[cy * W + cx]!;
  const southOf = (cx: number, cy: number) => map.edgeSouth[cy * W + cx]!;
  if (blocksSight(map, y * W + x)) return false;
  while (x !== bx || y !== by) {
    const diff = tMaxX - tMaxY;
    if (Math.abs(diff) < 1e-9) {
      const viaX = edgeBlocks(stepX > 0 ? eastOf(x, y) : eastOf(x - 1, y)) || blocksSight(map, y * W + x + stepX) || edgeBlocks(stepY > 0 ? southOf(x + stepX, y) : southOf(x + stepX, y - 1));
      const viaY = edgeBlocks(stepY > 0 ? southOf(x, y) : southOf(x, y - 1)) || blocksSight(map, (y + stepY) * W + x) || edgeBlocks(stepX > 0 ? eastOf(x, y + stepY) : eastOf(x - 1, y + stepY));
      if (viaX && viaY) return false;
      x += stepX;
      y += stepY;
      tMaxX += tDeltaX;
      tMaxY += tDeltaY;
    } else if (diff < 0) {
      if (edgeBlocks(stepX > 0 ? eastOf(x, y) : eastOf(x - 1, y))) return false;
      x += stepX;
      tMaxX += tDeltaX;
    } else {
      if (edgeBlocks(stepY > 0 ? southOf(x, y) : southOf(x, y - 1))) return false;
      y += stepY;
      tMaxY += tDeltaY;
    }
    if (blocksSight(map, y * W + x)) return false;
  }
  return true;
}
