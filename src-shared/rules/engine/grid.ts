import { Edge, Terrain, type BattleMap } from '../../model';

/** The eight steps on a square grid; diagonals last. */
export const STEPS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** What stands on the edge between two orthogonal neighbours. */
export function edgeBetween(map: BattleMap, x1: number, y1: number, x2: number, y2: number): number {
  if (y1 === y2) {
    const x = Math.min(x1, x2);
    return map.edgeEast[y1 * map.width + x]!;
  }
  const y = Math.min(y1, y2);
  return map.edgeSouth[y * map.width + x1]!;
}

/** Walls, closed doors and windows stop movement across an edge; open doors and low obstacles do not. */
export function edgeBlocks(edge: number): boolean {
  return edge === Edge.wall || edge === Edge.doorClosed || edge === Edge.window;
}

/**
 * Whether a square "completely fills" its space, so a diagonal may not cut its corner
 * (epic-path.txt › Cutting Corners; d20-srd-35.txt › Diagonals "You can't move diagonally past a
 * corner"; startroid.txt › Diagonal Movement). Pillars, trees and pits (`obstacle`) do not.
 */
export function fillsCorner(map: BattleMap, i: number, blockadeFills: boolean): boolean {
  return map.terrain[i] === Terrain.blocked || (blockadeFills && map.blockade[i] === 1);
}

const edgeCache = new WeakMap<Uint8Array, boolean>();

/** Whether any edge of the map holds a wall, door or low obstacle (cached per edge layer). */
export function mapHasEdges(map: BattleMap): boolean {
  let east = edgeCache.get(map.edgeEast);
  if (east === undefined) {
    east = map.edgeEast.some((e) => e !== 0);
    edgeCache.set(map.edgeEast, east);
  }
  let south = edgeCache.get(map.edgeSouth);
  if (south === undefined) {
    south = map.edgeSouth.some((e) => e !== 0);
    edgeCache.set(map.edgeSouth, south);
  }
  return east || south;
}

const flatCache = new WeakMap<Float32Array, number>();

/** Whether the ground never changes by `ledge` or more (cached per elevation layer). */
export function mapIsFlat(map: BattleMap, ledge: number): boolean {
  let span = flatCache.get(map.elevation);
  if (span === undefined) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of map.elevation) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    span = hi - lo;
    flatCache.set(map.elevation, span);
  }
  return span < ledge;
}

export const StepCheck = {
  ok: 0,
  crossesLow: 1,
  blocked: 2,
} as const;

/**
 * Checks one square's step from (x, y) by (dx, dy): walls and closed doors on the edge block it; a
 * diagonal may not pass a wall end or a filled corner; a low obstacle is crossed when it stands
 * between the two squares on both ways round the corner. Both squares are on the map.
 */
export function checkStep(map: BattleMap, x: number, y: number, dx: number, dy: number, blockadeFills: boolean, edges = true): number {
  const tx = x + dx;
  const ty = y + dy;
  if (!edges) {
    if (dx === 0 || dy === 0) return StepCheck.ok;
    const w = map.width;
    return fillsCorner(map, y * w + tx, blockadeFills) || fillsCorner(map, ty * w + x, blockadeFills) ? StepCheck.blocked : StepCheck.ok;
  }
  if (dx === 0 || dy === 0) {
    const e = edgeBetween(map, x, y, tx, ty);
    if (edgeBlocks(e)) return StepCheck.blocked;
    return e === Edge.low ? StepCheck.crossesLow : StepCheck.ok;
  }
  const w = map.width;
  // The two squares beside the diagonal.
  if (fillsCorner(map, y * w + tx, blockadeFills) || fillsCorner(map, ty * w + x, blockadeFills)) return StepCheck.blocked;
  const aC1 = edgeBetween(map, x, y, tx, y);
  const aC2 = edgeBetween(map, x, y, x, ty);
  const c1B = edgeBetween(map, tx, y, tx, ty);
  const c2B = edgeBetween(map, x, ty, tx, ty);
  if (edgeBlocks(aC1) || edgeBlocks(aC2) || edgeBlocks(c1B) || edgeBlocks(c2B)) return StepCheck.blocked;
  const viaC1 = aC1 === Edge.low || c1B === Edge.low;
  const viaC2 = aC2 === Edge.low || c2B === Edge.low;
  return viaC1 && viaC2 ? StepCheck.crossesLow : StepCheck.ok;
}

/** No wall may run through the middle of a creature's space. */
export function rectHasInnerWall(map: BattleMap, x0: number, y0: number, w: number, h: number): boolean {
  const W = map.width;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = y * W + x;
      if (x < x0 + w - 1 && edgeBlocks(map.edgeEast[i]!)) return true;
      if (y < y0 + h - 1 && edgeBlocks(map.edgeSouth[i]!)) return true;
    }
  }
  return false;
}

interface OpenMaskEntry {
  edgeEast: Uint8Array;
  edgeSouth: Uint8Array;
  blockade: Uint8Array;
  blockadeFills: boolean;
  mask: Uint8Array;
}
const maskCache = new WeakMap<Uint8Array, OpenMaskEntry>();

/**
 * For each square, a bit per direction of `STEPS` set when a one-square step that way is open (no
 * wall, closed door or filled corner in the way; low obstacles count as open). Cached per map layers,
 * which commands never change in place.
 */
export function openSteps(map: BattleMap, blockadeFills: boolean): Uint8Array {
  const known = maskCache.get(map.terrain);
  if (known && known.edgeEast === map.edgeEast && known.edgeSouth === map.edgeSouth && known.blockade === map.blockade && known.blockadeFills === blockadeFills) return known.mask;
  const W = map.width;
  const H = map.height;
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let bits = 0;
      for (let k = 0; k < 8; k++) {
        const [dx, dy] = STEPS[k]!;
        const tx = x + dx;
        const ty = y + dy;
        if (tx < 0 || ty < 0 || tx >= W || ty >= H) continue;
        if (checkStep(map, x, y, dx, dy, blockadeFills) !== StepCheck.blocked) bits |= 1 << k;
      }
      mask[y * W + x] = bits;
    }
  }
  maskCache.set(map.terrain, { edgeEast: map.edgeEast, edgeSouth: map.edgeSouth, blockade: map.blockade, blockadeFills, mask });
  return mask;
}

/** Index into `STEPS` of a one-square step, or -1. */
export function stepIndex(dx: number, dy: number): number {
  for (let k = 0; k < 8; k++) if (STEPS[k]![0] === dx && STEPS[k]![1] === dy) return k;
  return -1;
}

interface PaddedMasks {
  edgeEast: Uint8Array;
  edgeSouth: Uint8Array;
  blockade: Uint8Array;
  blockadeFills: boolean;
  open: Uint8Array;
  low: Uint8Array;
}
const paddedCache = new WeakMap<Uint8Array, PaddedMasks>();

/**
 * The step masks of `openSteps` on a grid padded by one square all round ((W + 2) × (H + 2)), plus a
 * mask of the steps that cross a low obstacle, so a whole-map search needs no bounds checks and no
 * edge look-ups. Steps off the map are closed. Cached per map layers.
 */
export function paddedStepMasks(map: BattleMap, blockadeFills: boolean): { open: Uint8Array; low: Uint8Array } {
  const known = paddedCache.get(map.terrain);
  if (known && known.edgeEast === map.edgeEast && known.edgeSouth === map.edgeSouth && known.blockade === map.blockade && known.blockadeFills === blockadeFills) return known;
  const W = map.width;
  const H = map.height;
  const PW = W + 2;
  const open = new Uint8Array(PW * (H + 2));
  const low = new Uint8Array(PW * (H + 2));
  const plain = openSteps(map, blockadeFills);
  const edges = mapHasEdges(map);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = (y + 1) * PW + x + 1;
      open[p] = plain[y * W + x]!;
      if (!edges) continue;
      let bits = 0;
      for (let k = 0; k < 8; k++) {
        if (!(open[p]! & (1 << k))) continue;
        const [dx, dy] = STEPS[k]!;
        if (checkStep(map, x, y, dx, dy, blockadeFills) === StepCheck.crossesLow) bits |= 1 << k;
      }
      low[p] = bits;
    }
  }
  const entry = { edgeEast: map.edgeEast, edgeSouth: map.edgeSouth, blockade: map.blockade, blockadeFills, open, low };
  paddedCache.set(map.terrain, entry);
  return entry;
}
