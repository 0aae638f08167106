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
  const dx = bx - ax;
  const dy = by - ay;
  // Parametric distances to the next vertical and horizontal grid line, from the centre.
  const tDeltaX = dx !== 0 ? Math.abs(1 / dx) : Infinity;
  const tDeltaY = dy !== 0 ? Math.abs(1 / dy) : Infinity;
  const walk: GridWalk = { x: ax, y: ay, stepX: Math.sign(dx), stepY: Math.sign(dy), tDeltaX, tDeltaY, tMaxX: dx !== 0 ? 0.5 * tDeltaX : Infinity, tMaxY: dy !== 0 ? 0.5 * tDeltaY : Infinity };
  return walkClear(map, walk, bx, by, edgeStops(kind), false);
}

/**
 * `clearLine` from a grid corner (ox, oy) to the centre of square (bx, by): the same walk (a wall,
 * closed door or, for effect, window on a crossed edge stops it; through a grid point only when both
 * ways round are blocked), every square it passes through checked, the first and the last included
 * (an area does not reach into a wall). For areas, whose lines start at a corner rather than a square.
 */
export function clearLineFromCorner(map: BattleMap, ox: number, oy: number, bx: number, by: number, kind: LineKind = 'effect'): boolean {
  const dx = bx + 0.5 - ox;
  const dy = by + 0.5 - oy;
  const stepX = Math.sign(dx);
  const stepY = Math.sign(dy);
  const tDeltaX = Math.abs(1 / dx);
  const tDeltaY = Math.abs(1 / dy);
  // The first square is the one the line enters from the corner: no edge is crossed to get there.
  const walk: GridWalk = { x: stepX > 0 ? ox : ox - 1, y: stepY > 0 ? oy : oy - 1, stepX, stepY, tDeltaX, tDeltaY, tMaxX: tDeltaX, tMaxY: tDeltaY };
  if (blocksSight(map, walk.y * map.width + walk.x)) return false;
  return walkClear(map, walk, bx, by, edgeStops(kind), true);
}

/** What stops a line on an edge: walls and closed doors; for effect, a window or force field too. */
function edgeStops(kind: LineKind): (e: number) => boolean {
  return kind === 'effect' ? (e) => e === Edge.wall || e === Edge.doorClosed || e === Edge.window : (e) => e === Edge.wall || e === Edge.doorClosed;
}

/** Where a walk along a line through the grid stands, and how far (in the line's parameter) to the next grid lines. */
interface GridWalk {
  x: number;
  y: number;
  stepX: number;
  stepY: number;
  tDeltaX: number;
  tDeltaY: number;
  tMaxX: number;
  tMaxY: number;
}

/**
 * The walk both lines share: square by square to (bx, by), every edge crossed checked, through a grid
 * point only when both ways round are blocked; each square entered stops it if it blocks sight (the
 * last one only with `lastCounts`: a line between two creatures ends in the target's square, an area's
 * line in a square it would cover).
 */
function walkClear(map: BattleMap, w: GridWalk, bx: number, by: number, edgeBlocks: (e: number) => boolean, lastCounts: boolean): boolean {
  const W = map.width;
  const eastOf = (cx: number, cy: number) => map.edgeEast[cy * W + cx]!;
  const southOf = (cx: number, cy: number) => map.edgeSouth[cy * W + cx]!;
  let { x, y, tMaxX, tMaxY } = w;
  const { stepX, stepY, tDeltaX, tDeltaY } = w;
  while (x !== bx || y !== by) {
    const diff = tMaxX - tMaxY;
    if (Math.abs(diff) < 1e-9) {
      // Through a corner: blocked if both ways round it are blocked.
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
    if ((lastCounts || x !== bx || y !== by) && blocksSight(map, y * W + x)) return false;
  }
  return true;
}
