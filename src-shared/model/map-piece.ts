/**
 * A piece of a map cut out with everything on it: what copy, cut, paste, rotate and mirror of a
 * region of squares carry, and what a stamp saves as a file. A piece is the size of the region's
 * bounding box, with a mask of the squares that belong; it is plain JSON (numbers in arrays, no typed
 * arrays), so it can be written to a file, put in IndexedDB or sent to a worker as it is.
 *
 * Edges are held on grid lines rather than per square (`MapLayers.edgeEast` / `edgeSouth`), so a wall
 * on the region's west or north border, which the map stores on a square outside the region, comes
 * with it, and a quarter turn only swaps the two lists.
 */
import { footprintOf } from '../rules/sizes';
import type { Creature } from './creature';
import type { Encounter } from './encounter';
import { LAYER_NAMES, type BattleMap, type LayerName } from './map';
import type { DrawnGeometry, DrawnPortal, MapLabel, MapLight, MapPoint } from './picture';
import type { RulesetId } from './rulesets';

/** The per-square layers a piece holds square by square (edges are held on grid lines). */
export type SquareLayerName = Exclude<LayerName, 'edgeEast' | 'edgeSouth'>;
export const PIECE_SQUARE_LAYERS = LAYER_NAMES.filter((n): n is SquareLayerName => n !== 'edgeEast' && n !== 'edgeSouth');

export interface MapPiece {
  /** The piece format's version, for stamps saved by an older app. */
  version: 1;
  /** The ruleset it was cut from: its layers mean what that ruleset's do. */
  ruleset: RulesetId;
  width: number;
  height: number;
  /** 1 where the square belongs to the piece, row-major (`y * width + x`). */
  mask: number[];
  /** Each square layer's values, row-major; 0 outside the mask. */
  squares: Record<SquareLayerName, number[]>;
  /**
   * `vertical[y * (width + 1) + x]`: what stands on the vertical grid line x (0 to width) beside row y
   * (between squares x - 1 and x). `horizontal[y * width + x]`: on the horizontal line y (0 to height)
   * above column x. An edge is held when a square on either side of it belongs.
   */
  edges: { vertical: number[]; horizontal: number[] };
  /** Creatures whose whole space lies in the mask, their top-left relative to the piece. */
  creatures: Creature[];
  /** Labels and notes anchored in a square of the mask, positions relative to the piece. */
  labels: MapLabel[];
  lights: MapLight[];
  /** Drawn walls and portals whose every point lies on a square of the mask. */
  drawn: DrawnGeometry;
}

/** A set of squares of a map: its bounding box and, inside it, which squares belong (1) or not (0). */
export interface SquareRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  mask: Uint8Array;
}

export interface Square {
  x: number;
  y: number;
}

/** The region of these squares (none: an empty region, 0 × 0). */
export function regionOfSquares(squares: Iterable<Square>): SquareRegion {
  const list = [...squares];
  if (!list.length) return { x: 0, y: 0, width: 0, height: 0, mask: new Uint8Array(0) };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const q of list) {
    x0 = Math.min(x0, q.x);
    y0 = Math.min(y0, q.y);
    x1 = Math.max(x1, q.x);
    y1 = Math.max(y1, q.y);
  }
  const width = x1 - x0 + 1;
  const mask = new Uint8Array(width * (y1 - y0 + 1));
  for (const q of list) mask[(q.y - y0) * width + q.x - x0] = 1;
  return { x: x0, y: y0, width, height: y1 - y0 + 1, mask };
}

/** The rectangle between two corner squares, both included. */
export function regionOfRect(a: Square, b: Square): SquareRegion {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const width = Math.abs(a.x - b.x) + 1;
  const height = Math.abs(a.y - b.y) + 1;
  return { x, y, width, height, mask: new Uint8Array(width * height).fill(1) };
}

export function regionHas(region: SquareRegion, x: number, y: number): boolean {
  const rx = x - region.x;
  const ry = y - region.y;
  return rx >= 0 && ry >= 0 && rx < region.width && ry < region.height && region.mask[ry * region.width + rx] === 1;
}

export function regionSize(region: SquareRegion): number {
  const mask = region.mask;
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return n;
}

/** Each square of the region, row by row. */
export function* regionSquares(region: SquareRegion): Generator<Square> {
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) if (region.mask[y * region.width + x]) yield { x: region.x + x, y: region.y + y };
  }
}

/**
 * The squares a free shape drawn through `points` (in squares, fractional) takes: those whose centre
 * lies inside the closed shape (even-odd), and the square of every point (where the pointer was).
 */
export function regionOfLasso(points: readonly MapPoint[]): SquareRegion {
  if (!points.length) return regionOfSquares([]);
  const found = new Map<string, Square>();
  const add = (x: number, y: number) => found.set(`${x},${y}`, { x, y });
  for (const p of points) add(Math.floor(p.x), Math.floor(p.y));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  for (let y = Math.floor(Math.min(...ys)); y <= Math.floor(Math.max(...ys)); y++) {
    const cy = y + 0.5;
    for (let x = Math.floor(Math.min(...xs)); x <= Math.floor(Math.max(...xs)); x++) {
      const cx = x + 0.5;
      let inside = false;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const a = points[i]!;
        const b = points[j]!;
        if (a.y > cy !== b.y > cy && cx < ((b.x - a.x) * (cy - a.y)) / (b.y - a.y) + a.x) inside = !inside;
      }
      if (inside) add(x, y);
    }
  }
  return regionOfSquares(found.values());
}

/** The smallest region with the same squares (an empty one is 0 × 0). */
function trimmed(x0: number, y0: number, w: number, h: number, mask: Uint8Array): SquareRegion {
  let minX = w;
  let minY = h;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return regionOfSquares([]);
  if (minX === 0 && minY === 0 && maxX === w - 1 && maxY === h - 1) return { x: x0, y: y0, width: w, height: h, mask };
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) out.set(mask.subarray((minY + y) * w + minX, (minY + y) * w + minX + width), y * width);
  return { x: x0 + minX, y: y0 + minY, width, height, mask: out };
}

/** The squares in `a` or `b` (`'add'`), or in `a` and not `b` (`'subtract'`); trimmed to what is left. */
export function combineRegions(a: SquareRegion, b: SquareRegion, how: 'add' | 'subtract'): SquareRegion {
  const boxes = how === 'add' && b.width ? (a.width ? [a, b] : [b]) : [a];
  const x0 = Math.min(...boxes.map((r) => r.x));
  const y0 = Math.min(...boxes.map((r) => r.y));
  const w = Math.max(...boxes.map((r) => r.x + r.width)) - x0;
  const h = Math.max(...boxes.map((r) => r.y + r.height)) - y0;
  const mask = new Uint8Array(Math.max(0, w * h));
  const paint = (r: SquareRegion, v: number) => {
    for (let y = 0; y < r.height; y++) {
      const ty = r.y + y - y0;
      if (ty < 0 || ty >= h) continue;
      for (let x = 0; x < r.width; x++) {
        const tx = r.x + x - x0;
        if (r.mask[y * r.width + x] && tx >= 0 && tx < w) mask[ty * w + tx] = v;
      }
    }
  };
  paint(a, 1);
  paint(b, how === 'add' ? 1 : 0);
  return trimmed(x0, y0, w, h, mask);
}

/** The part of a region that lies on a map of this size. */
export function clipRegion(region: SquareRegion, map: Pick<BattleMap, 'width' | 'height'>): SquareRegion {
  const { x, y, width, height } = region;
  if (x >= 0 && y >= 0 && x + width <= map.width && y + height <= map.height) return region;
  const on = { x: Math.max(0, x), y: Math.max(0, y), width: Math.max(0, Math.min(map.width, x + width) - Math.max(0, x)), height: Math.max(0, Math.min(map.height, y + height) - Math.max(0, y)) };
  return intersect(region, on);
}

/** The squares of a region inside a rectangle. */
function intersect(region: SquareRegion, box: { x: number; y: number; width: number; height: number }): SquareRegion {
  const mask = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) mask[y * box.width + x] = regionHas(region, box.x + x, box.y + y) ? 1 : 0;
  }
  return trimmed(box.x, box.y, box.width, box.height, mask);
}

/**
 * The squares joined to `start` side by side that hold the same kind of ground: the same terrain and,
 * for water, the same depth (the context menu's "select the region of its kind", the Region tool's wand).
 */
export function selectRegionOfKind(encounter: Encounter, start: Square): SquareRegion {
  const map = encounter.map;
  const W = map.width;
  if (start.x < 0 || start.y < 0 || start.x >= W || start.y >= map.height) return regionOfSquares([]);
  const i0 = start.y * W + start.x;
  const same = (i: number) => map.terrain[i] === map.terrain[i0] && map.waterDepth[i] === map.waterDepth[i0];
  const seen = new Uint8Array(W * map.height);
  const stack = [i0];
  seen[i0] = 1;
  let x0 = start.x;
  let x1 = start.x;
  let y0 = start.y;
  let y1 = start.y;
  const found: number[] = [];
  while (stack.length) {
    const i = stack.pop()!;
    found.push(i);
    const x = i % W;
    const y = (i - x) / W;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
    const visit = (j: number) => {
      if (!seen[j] && same(j)) {
        seen[j] = 1;
        stack.push(j);
      }
    };
    if (x > 0) visit(i - 1);
    if (x < W - 1) visit(i + 1);
    if (y > 0) visit(i - W);
    if (y < map.height - 1) visit(i + W);
  }
  const width = x1 - x0 + 1;
  const mask = new Uint8Array(width * (y1 - y0 + 1));
  for (const i of found) mask[(Math.floor(i / W) - y0) * width + (i % W) - x0] = 1;
  return { x: x0, y: y0, width, height: y1 - y0 + 1, mask };
}

/** The side of a creature's space in squares, in the piece's ruleset. */
function sideOf(ruleset: RulesetId, c: Creature): number {
  return Math.max(1, footprintOf(ruleset, c.size).side);
}

/** Whether a point (in squares) lies on a square of the mask, its border included. */
function pointOnMask(region: SquareRegion, p: MapPoint): boolean {
  const fx = Math.floor(p.x);
  const fy = Math.floor(p.y);
  // A point on a grid line or corner touches up to four squares; any of them will do.
  for (const dy of Number.isInteger(p.y) ? [0, -1] : [0]) {
    for (const dx of Number.isInteger(p.x) ? [0, -1] : [0]) if (regionHas(region, fx + dx, fy + dy)) return true;
  }
  return false;
}

/**
 * A layer of a piece in a typed array. Cut from a map, a layer has the map's own type; a plain piece's
 * numbers are held in a Float64Array, which keeps any number exactly (a stamp's heights scaled to
 * another ruleset are not 32-bit floats).
 */
type PieceLayer = Uint8Array | Float32Array | Float64Array;

/**
 * A piece whose squares and edges are typed arrays, laid out as `MapPiece`'s: what region edits cut,
 * turn and put down, so a room of a million squares never becomes JSON arrays on the way (a million
 * numbers in a plain array take milliseconds to make; typed rows are copied whole).
 */
export interface TypedPiece extends Omit<MapPiece, 'mask' | 'squares' | 'edges'> {
  mask: Uint8Array;
  squares: Record<SquareLayerName, PieceLayer>;
  edges: { vertical: PieceLayer; horizontal: PieceLayer };
}

/** The piece as plain JSON. */
export function plainPiece(piece: TypedPiece | MapPiece): MapPiece {
  const squares = {} as Record<SquareLayerName, number[]>;
  for (const name of PIECE_SQUARE_LAYERS) squares[name] = plainNumbers(piece.squares[name]);
  return { ...piece, mask: plainNumbers(piece.mask), squares, edges: { vertical: plainNumbers(piece.edges.vertical), horizontal: plainNumbers(piece.edges.horizontal) } };
}

/** The piece with typed arrays (those it has already are shared, not copied). */
export function typedPiece(piece: TypedPiece | MapPiece): TypedPiece {
  const typed = (a: ArrayLike<number> | undefined, n: number): PieceLayer => (a === undefined ? new Float64Array(n) : ArrayBuffer.isView(a) ? (a as PieceLayer) : Float64Array.from(a));
  const n = piece.width * piece.height;
  const squares = {} as Record<SquareLayerName, PieceLayer>;
  // A layer missing from a piece (`?? 0` when placing, before): nothing painted there.
  for (const name of PIECE_SQUARE_LAYERS) squares[name] = typed(piece.squares[name], n);
  return {
    ...piece,
    mask: ArrayBuffer.isView(piece.mask) ? (piece.mask as Uint8Array) : Uint8Array.from(piece.mask),
    squares,
    edges: { vertical: typed(piece.edges.vertical, (piece.width + 1) * piece.height), horizontal: typed(piece.edges.horizontal, piece.width * (piece.height + 1)) },
  };
}

/** A plain array of the numbers (a loop into an array of the right length: `Array.from` is several times slower). */
function plainNumbers(a: ArrayLike<number>, n = a.length): number[] {
  if (Array.isArray(a) && n === a.length) return a as number[];
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  return out;
}

/**
 * Each row's runs of mask squares: the runs of row y are the pairs [start, end) in
 * `runs[rowStart[y]] … runs[rowStart[y + 1]]`. A whole row is one copy of a typed array's part.
 */
interface MaskRuns {
  rowStart: Int32Array;
  runs: Int32Array;
}

function maskRuns(mask: ArrayLike<number>, w: number, h: number, whole = false): MaskRuns {
  const rowStart = new Int32Array(h + 1);
  const runs: number[] = [];
  for (let y = 0; y < h; y++) {
    rowStart[y] = runs.length;
    if (whole) {
      if (w > 0) runs.push(0, w);
      continue;
    }
    const row = y * w;
    for (let x = 0; x < w; ) {
      if (mask[row + x] !== 1) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && mask[row + x] === 1) x++;
      runs.push(start, x);
    }
  }
  rowStart[h] = runs.length;
  return { rowStart, runs: Int32Array.from(runs) };
}

/** Creatures whose whole space lies in the region (as `cutOut` takes them), positions unchanged. */
export function creaturesInRegion(encounter: Encounter, region: SquareRegion): Creature[] {
  return encounter.creatures.filter((c) => {
    const side = sideOf(encounter.ruleset, c);
    for (let y = c.y; y < c.y + side; y++) for (let x = c.x; x < c.x + side; x++) if (!regionHas(region, x, y)) return false;
    return true;
  });
}

/**
 * Cuts a piece out of an encounter (without changing it): every layer's values on the region's squares,
 * the edges inside and on its border, creatures whose whole space lies in it, labels, lights and drawn
 * shapes on it. The region is clipped to the map first.
 */
export function cutOut(encounter: Encounter, region: SquareRegion): MapPiece {
  return plainPiece(cutOutTyped(encounter, region));
}

/** `cutOut` with typed arrays, copied from the map a run of mask squares at a time. */
export function cutOutTyped(encounter: Encounter, region: SquareRegion): TypedPiece {
  const map = encounter.map;
  const r = clipRegion(region, map);
  const { width: w, height: h } = r;
  const W = map.width;
  const { rowStart, runs } = maskRuns(r.mask, w, h);
  const squares = {} as Record<SquareLayerName, PieceLayer>;
  for (const name of PIECE_SQUARE_LAYERS) {
    const src = map[name];
    const out = src instanceof Float32Array ? new Float32Array(w * h) : new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const from = (r.y + y) * W + r.x;
      for (let k = rowStart[y]!; k < rowStart[y + 1]!; k += 2) out.set(src.subarray(from + runs[k]!, from + runs[k + 1]!), y * w + runs[k]!);
    }
    squares[name] = out;
  }
  // A run [x0, x1) holds the vertical lines x0 to x1 (its west and east borders, the map's square to
  // the line's west storing each; none west of the map's first column), and the horizontal lines
  // above and below each of its squares (none above the map's first row).
  const vertical = new Uint8Array((w + 1) * h);
  const horizontal = new Uint8Array(w * (h + 1));
  for (let y = 0; y < h; y++) {
    const row = (r.y + y) * W + r.x;
    for (let k = rowStart[y]!; k < rowStart[y + 1]!; k += 2) {
      const x0 = runs[k]!;
      const x1 = runs[k + 1]!;
      const first = r.x + x0 - 1 < 0 ? x0 + 1 : x0;
      vertical.set(map.edgeEast.subarray(row + first - 1, row + x1), y * (w + 1) + first);
      if (r.y + y > 0) horizontal.set(map.edgeSouth.subarray(row - W + x0, row - W + x1), y * w + x0);
      horizontal.set(map.edgeSouth.subarray(row + x0, row + x1), (y + 1) * w + x0);
    }
  }
  const creatures = creaturesInRegion(encounter, r).map((c) => JSON.parse(JSON.stringify({ ...c, x: c.x - r.x, y: c.y - r.y })) as Creature);
  const shift = <P extends MapPoint>(p: P): P => ({ ...p, x: p.x - r.x, y: p.y - r.y });
  const on = (p: MapPoint) => pointOnMask(r, p);
  return {
    version: 1,
    ruleset: encounter.ruleset,
    width: w,
    height: h,
    mask: r.mask.slice(),
    squares,
    edges: { vertical, horizontal },
    creatures,
    labels: (encounter.labels ?? []).filter(on).map(shift),
    lights: (encounter.lights ?? []).filter(on).map(shift),
    drawn: {
      walls: (encounter.drawn?.walls ?? []).filter((wall) => wall.every(on)).map((wall) => wall.map(shift)),
      portals: (encounter.drawn?.portals ?? []).filter((p) => on(p.a) && on(p.b)).map((p) => ({ ...p, a: shift(p.a), b: shift(p.b) })),
    },
  };
}

/**
 * How a piece's squares, grid points and lines move under one turn or flip: `square` maps a square's
 * top-left corner of a `side`-square space, `point` a position in squares.
 */
interface PieceTransform {
  width: number;
  height: number;
  point(p: MapPoint): MapPoint;
  square(x: number, y: number, side: number): Square;
  /** The same turn or flip inside one square, for the four quarters small creatures share (slot = row * 2 + column). */
  quarter(column: number, row: number): Square;
}

/**
 * The same turn or flip as a linear map of the grid, x' = a·x + b·y and y' = c·x + d·y (each of a, b,
 * c, d −1, 0 or 1), then shifted back onto the box: the layers are moved with it in one pass, however
 * many quarter turns were asked.
 */
interface GridTurn {
  a: number;
  b: number;
  c: number;
  d: number;
}
const QUARTER_TURN: GridTurn = { a: 0, b: -1, c: 1, d: 0 };
const then = (first: GridTurn, next: GridTurn): GridTurn => ({
  a: next.a * first.a + next.b * first.c,
  b: next.a * first.b + next.b * first.d,
  c: next.c * first.a + next.d * first.c,
  d: next.c * first.b + next.d * first.d,
});

// Square (x, y) of a w × h layer goes to `to + x·stepX + y·stepY`, a tile of 64 × 64 squares at a
// time (a quarter turn writes down columns: whole rows would leave the cache at every square). One
// copy of the loop per kind of array, so each compiles for one.
const TILE = 64;
function turnBytes(from: Uint8Array, out: Uint8Array, w: number, h: number, to: number, stepX: number, stepY: number): void {
  for (let ty = 0; ty < h; ty += TILE) {
    for (let tx = 0; tx < w; tx += TILE) {
      for (let y = ty, yEnd = Math.min(h, ty + TILE); y < yEnd; y++) {
        for (let x = tx, i = y * w + tx, j = to + y * stepY + tx * stepX, xEnd = Math.min(w, tx + TILE); x < xEnd; x++, j += stepX) out[j] = from[i++]!;
      }
    }
  }
}
function turnLengths(from: Float32Array, out: Float32Array, w: number, h: number, to: number, stepX: number, stepY: number): void {
  for (let ty = 0; ty < h; ty += TILE) {
    for (let tx = 0; tx < w; tx += TILE) {
      for (let y = ty, yEnd = Math.min(h, ty + TILE); y < yEnd; y++) {
        for (let x = tx, i = y * w + tx, j = to + y * stepY + tx * stepX, xEnd = Math.min(w, tx + TILE); x < xEnd; x++, j += stepX) out[j] = from[i++]!;
      }
    }
  }
}
function turnNumbers(from: Float64Array, out: Float64Array, w: number, h: number, to: number, stepX: number, stepY: number): void {
  for (let y = 0, i = 0; y < h; y++) for (let x = 0, j = to + y * stepY; x < w; x++, j += stepX) out[j] = from[i++]!;
}

/** A creature that shares its square sits in a quarter by its slot (0-3); the quarter turns with the map. */
function turnedSlot(c: Creature, ruleset: RulesetId, t: PieceTransform): Partial<Creature> {
  if (c.slot === undefined || c.slot > 3 || footprintOf(ruleset, c.size).perSquare <= 1) return {};
  const q = t.quarter(c.slot % 2, Math.floor(c.slot / 2));
  return { slot: q.y * 2 + q.x };
}

/** What stands on the piece (creatures, labels, lights, drawn shapes) moved by one turn or flip. */
function transformThings<P extends TypedPiece | MapPiece>(piece: P, t: PieceTransform): P {
  const move = <Q extends MapPoint>(p: Q): Q => ({ ...p, ...t.point(p) });
  return {
    ...piece,
    width: t.width,
    height: t.height,
    creatures: piece.creatures.map((c) => ({ ...c, ...t.square(c.x, c.y, sideOf(piece.ruleset, c)), ...turnedSlot(c, piece.ruleset, t) })),
    labels: piece.labels.map(move),
    lights: piece.lights.map(move),
    drawn: {
      walls: piece.drawn.walls.map((wall) => wall.map(move)),
      portals: piece.drawn.portals.map((p): DrawnPortal => ({ ...p, a: move(p.a), b: move(p.b) })),
    },
  };
}

/** The piece's mask, layers and edges moved by a turn or flip `g` (one pass per layer, no per-square objects). */
function turnLayers(piece: TypedPiece, g: GridTurn): Pick<TypedPiece, 'width' | 'height' | 'mask' | 'squares' | 'edges'> {
  const { width: w, height: h } = piece;
  const W = Math.abs(g.a) * w + Math.abs(g.b) * h;
  const H = Math.abs(g.c) * w + Math.abs(g.d) * h;
  // The grid point (x, y) goes to (a·x + b·y + ex, c·x + d·y + ey); a square's image has its top-left
  // corner min(a, 0) + min(b, 0) squares left of its own top-left corner's image (and likewise up).
  const ex = -(Math.min(g.a, 0) * w + Math.min(g.b, 0) * h);
  const ey = -(Math.min(g.c, 0) * w + Math.min(g.d, 0) * h);
  const sx = ex + Math.min(g.a, 0) + Math.min(g.b, 0);
  const sy = ey + Math.min(g.c, 0) + Math.min(g.d, 0);
  const stepX = g.a + g.c * W;
  const stepY = g.b + g.d * W;
  const moveSquares = <A extends PieceLayer>(from: A): A => {
    const out = new (from.constructor as new (n: number) => A)(W * H);
    const copy = from instanceof Uint8Array ? turnBytes : from instanceof Float32Array ? turnLengths : turnNumbers;
    copy(from as never, out as never, w, h, sx + sy * W, stepX, stepY);
    return out;
  };
  const squares = {} as Record<SquareLayerName, PieceLayer>;
  for (const name of PIECE_SQUARE_LAYERS) squares[name] = moveSquares(piece.squares[name]);
  // An edge is a unit segment; it lands on the segment between its two end points' images: a vertical
  // one stays vertical under a flip (b = 0) and turns horizontal under a quarter turn.
  const vertical = new (piece.edges.vertical.constructor as new (n: number) => PieceLayer)((W + 1) * H);
  const horizontal = new (piece.edges.horizontal.constructor as new (n: number) => PieceLayer)(W * (H + 1));
  const moveLines = (from: PieceLayer, lines: number, rows: number, into: PieceLayer, kx: number, ky: number, k0: number) => {
    for (let y = 0, i = 0; y < rows; y++) for (let x = 0, j = k0 + y * ky; x < lines; x++, j += kx) into[j] = from[i++]!;
  };
  if (g.b === 0) moveLines(piece.edges.vertical, w + 1, h, vertical, g.a, g.d * (W + 1), ex + (ey + Math.min(g.d, 0)) * (W + 1));
  else moveLines(piece.edges.vertical, w + 1, h, horizontal, g.c * W, g.b, ey * W + ex + Math.min(g.b, 0));
  if (g.a !== 0) moveLines(piece.edges.horizontal, w, h + 1, horizontal, g.a, g.d * W, ey * W + ex + Math.min(g.a, 0));
  else moveLines(piece.edges.horizontal, w, h + 1, vertical, g.c * (W + 1), g.b, (ey + Math.min(g.c, 0)) * (W + 1) + ex);
  return { width: W, height: H, mask: moveSquares(piece.mask), squares, edges: { vertical, horizontal } };
}

const quarterTurn = (w: number, h: number): PieceTransform => ({
  width: h,
  height: w,
  point: (p) => ({ x: h - p.y, y: p.x }),
  square: (x, y, side) => ({ x: h - y - side, y: x }),
  quarter: (x, y) => ({ x: 1 - y, y: x }),
});

/**
 * `rotatePiece` on a typed piece: the layers in one pass whatever the number of turns, the things on
 * it a quarter turn at a time (their positions are fractions; the same steps give the same numbers).
 */
export function rotateTyped(piece: TypedPiece, quarterTurns: number): TypedPiece {
  const turns = ((quarterTurns % 4) + 4) % 4;
  if (!turns) return piece;
  let g = QUARTER_TURN;
  let things = transformThings(piece, quarterTurn(piece.width, piece.height));
  for (let k = 1; k < turns; k++) {
    g = then(g, QUARTER_TURN);
    things = transformThings(things, quarterTurn(things.width, things.height));
  }
  return { ...things, ...turnLayers(piece, g) };
}

/** `mirrorPiece` on a typed piece. */
export function mirrorTyped(piece: TypedPiece, axis: 'horizontal' | 'vertical'): TypedPiece {
  const { width: w, height: h } = piece;
  const things = transformThings(
    piece,
    axis === 'horizontal'
      ? { width: w, height: h, point: (p) => ({ x: w - p.x, y: p.y }), square: (x, y, side) => ({ x: w - x - side, y }), quarter: (x, y) => ({ x: 1 - x, y }) }
      : { width: w, height: h, point: (p) => ({ x: p.x, y: h - p.y }), square: (x, y, side) => ({ x, y: h - y - side }), quarter: (x, y) => ({ x, y: 1 - y }) },
  );
  return { ...things, ...turnLayers(piece, axis === 'horizontal' ? { a: -1, b: 0, c: 0, d: 1 } : { a: 1, b: 0, c: 0, d: -1 }) };
}

/**
 * The piece turned clockwise by `quarterTurns` quarter turns (negative: anticlockwise). The square at
 * (x, y) of a w × h piece goes to (h - 1 - y, x) per turn; a creature's space turns with it, so its
 * top-left becomes (h - y - side, x), and a small creature's quarter of its square turns too (top-left
 * to top-right); an edge on a square's east side ends on its south side.
 */
export function rotatePiece(piece: MapPiece, quarterTurns: number): MapPiece {
  if (((quarterTurns % 4) + 4) % 4 === 0) return piece;
  return plainPiece(rotateTyped(typedPiece(piece), quarterTurns));
}

/**
 * The piece mirrored: `'horizontal'` flips it left to right (x → w - 1 - x), `'vertical'` top to
 * bottom. A creature's space flips with it; an edge on the east side ends on the west side.
 */
export function mirrorPiece(piece: MapPiece, axis: 'horizontal' | 'vertical'): MapPiece {
  return plainPiece(mirrorTyped(typedPiece(piece), axis));
}

/** The region of the map a piece covers when its top-left is at `at` (its mask, not its whole box). */
export function pieceRegion(piece: Pick<MapPiece, 'width' | 'height'> & { mask: ArrayLike<number> }, at: Square): SquareRegion {
  return { x: at.x, y: at.y, width: piece.width, height: piece.height, mask: Uint8Array.from(piece.mask) };
}

export interface PlaceOptions {
  /** Also clear the squares of the bounding box outside the mask to the map's default. Default false. */
  overwriteEmptyMask?: boolean;
  /**
   * Write the edges on the mask's border even where the piece has none there (delete and the source of
   * a move clear them). Default false: a floor pasted beside a wall leaves the wall.
   */
  overwriteBorderEdges?: boolean;
  /** Ids the placed creatures take (in the piece's order); default: C1, C2… not yet in use. */
  creatureIds?: readonly string[];
  /** The creatures keep their names (a move); default: a name already on the map is numbered ("Goblin 2"). */
  keepNames?: boolean;
}

/** What placing a piece writes: per layer, the squares whose value changes; the things added. */
export interface PiecePlacement {
  layers: LayerWrite[];
  /** The piece's creatures on the map (new ids, fresh names where taken); those that fall off are left out. */
  creatures: Creature[];
  /** Creatures of the piece whose space would not be on the map at all (named, for the notice). */
  offMap: Creature[];
  labels: MapLabel[];
  lights: MapLight[];
  drawn: DrawnGeometry;
}

/** New creature ids not in use: C1, C2… after the number of creatures, as the editor names them. */
export function freshCreatureIds(encounter: Encounter, n: number, taken: ReadonlySet<string> = new Set()): string[] {
  const used = new Set([...encounter.creatures.map((c) => c.id), ...taken]);
  const out: string[] = [];
  let k = encounter.creatures.length + 1;
  while (out.length < n) {
    if (!used.has(`C${k}`)) out.push(`C${k}`);
    k++;
  }
  return out;
}


/** One layer's writes: the squares whose value changes, in increasing order, and their new values. */
export interface LayerWrite {
  layer: LayerName;
  indices: number[];
  /** One per square, or one for all of them (as `setSquares` takes them). */
  values: number[];
}

/** A piece put down with its top-left on `at`. */
export interface Placing {
  piece: TypedPiece | MapPiece;
  at: Square;
  options?: PlaceOptions;
}

/**
 * What clearing a region and then putting a piece down writes into the map's layers, as one list of
 * changed squares per layer (either may be left out). `clear` (a region on the map) goes to the map's
 * default, the edges on and around its squares with it (delete, cut, the place a move leaves);
 * `place` is as `piecePlacement` says. Worked a map row at a time: the row's part that either touches
 * is copied, cleared and written with typed-array runs, then compared with the map's row.
 */
export function layerWrites(map: BattleMap, clear: SquareRegion | null, place: Placing | null): LayerWrite[] {
  const W = map.width;
  const H = map.height;
  const piece = place ? typedPiece(place.piece) : null;
  const at = place?.at ?? { x: 0, y: 0 };
  const options = place?.options ?? {};
  const pw = piece?.width ?? 0;
  const ph = piece?.height ?? 0;
  const cleared = clear ? maskRuns(clear.mask, clear.width, clear.height) : null;
  const placed = piece ? maskRuns(piece.mask, pw, ph, options.overwriteEmptyMask) : null;
  const borders = !!options.overwriteBorderEdges;

  // The boxes either touches, one square wider each way for the edges on their borders, on the map.
  const boxes: { x0: number; x1: number; y0: number; y1: number }[] = [];
  const addBox = (x: number, y: number, w: number, h: number) => {
    const box = { x0: Math.max(0, x - 1), x1: Math.min(W, x + w + 1), y0: Math.max(0, y - 1), y1: Math.min(H, y + h + 1) };
    if (w > 0 && h > 0 && box.x0 < box.x1 && box.y0 < box.y1) boxes.push(box);
  };
  if (clear) addBox(clear.x, clear.y, clear.width, clear.height);
  if (piece) addBox(at.x, at.y, pw, ph);
  if (!boxes.length) return [];
  const top = Math.min(...boxes.map((b) => b.y0));
  const bottom = Math.max(...boxes.map((b) => b.y1));
  /** The parts of row y to compare: [x0, x1) pairs, left to right, not overlapping. */
  const spansOf = (y: number): number[] => {
    const on = boxes.filter((b) => y >= b.y0 && y < b.y1).sort((p, q) => p.x0 - q.x0);
    if (on.length === 2 && on[1]!.x0 <= on[0]!.x1) return [on[0]!.x0, Math.max(on[0]!.x1, on[1]!.x1)];
    return on.flatMap((b) => [b.x0, b.x1]);
  };
  const spans: number[][] = [];
  let bound = 0;
  for (let y = top; y < bottom; y++) {
    const s = spansOf(y);
    spans.push(s);
    for (let k = 0; k < s.length; k += 2) bound += s[k + 1]! - s[k]!;
  }
  const out: LayerWrite[] = [];
  const indices = new Int32Array(bound);
  const values = new Float64Array(bound);

  /** Copies the row's spans, lets `write` change it, and keeps the squares that differ from the map. */
  const rewrite = (layer: LayerName, write: (row: Uint8Array | Float32Array, y: number) => void): void => {
    const base = map[layer];
    const row = base instanceof Float32Array ? new Float32Array(W) : new Uint8Array(W);
    let n = 0;
    for (let y = top; y < bottom; y++) {
      const s = spans[y - top]!;
      if (!s.length) continue;
      const from = y * W;
      for (let k = 0; k < s.length; k += 2) row.set(base.subarray(from + s[k]!, from + s[k + 1]!), s[k]!);
      write(row, y);
      for (let k = 0; k < s.length; k += 2) {
        n = row instanceof Float32Array ? changedLengths(row, base as Float32Array, from, s[k]!, s[k + 1]!, indices, values, n) : changedBytes(row, base as Uint8Array, from, s[k]!, s[k + 1]!, indices, values, n);
      }
    }
    if (!n) return;
    // Squares all set to one value (a delete's zeros) are one value for all of them, as a fill's are.
    let same = 1;
    while (same < n && values[same] === values[0]) same++;
    out.push({ layer, indices: plainIndices(indices, n), values: same === n ? [values[0]!] : plainValues(values, n) });
  };
  const eachRun = (runs: MaskRuns, y: number, f: (x0: number, x1: number) => void) => {
    for (let k = runs.rowStart[y]!; k < runs.rowStart[y + 1]!; k += 2) f(runs.runs[k]!, runs.runs[k + 1]!);
  };
  const clearRow = clear && cleared ? (y: number, f: (x0: number, x1: number) => void) => y >= clear.y && y < clear.y + clear.height && eachRun(cleared, y - clear.y, (x0, x1) => f(clear.x + x0, clear.x + x1)) : () => {};

  for (const name of PIECE_SQUARE_LAYERS) {
    const src = piece?.squares[name];
    rewrite(name, (row, y) => {
      clearRow(y, (x0, x1) => row.fill(0, x0, x1));
      const py = y - at.y;
      if (!src || !placed || py < 0 || py >= ph) return;
      eachRun(placed, py, (x0, x1) => {
        const m0 = Math.max(0, at.x + x0);
        const m1 = Math.min(W, at.x + x1);
        if (m0 < m1) row.set(src.subarray(py * pw + m0 - at.x, py * pw + m1 - at.x), m0);
      });
    });
  }

  // edgeEast[y·W + x] stands between squares x and x + 1 of row y: the piece's vertical line x + 1 - at.x.
  rewrite('edgeEast', (row, y) => {
    clearRow(y, (x0, x1) => row.fill(0, Math.max(0, x0 - 1), x1));
    const py = y - at.y;
    if (!piece || !placed || py < 0 || py >= ph) return;
    const lines = piece.edges.vertical;
    const from = py * (pw + 1);
    eachRun(placed, py, (x0, x1) => {
      // The lines inside the run have the piece's squares on both sides: written as they are.
      const lo = Math.max(x0 + 1, 1 - at.x);
      const hi = Math.min(x1 - 1, W - at.x);
      if (lo <= hi) row.set(lines.subarray(from + lo, from + hi + 1), at.x + lo - 1);
      // Its two ends are on the mask's border: only an edge the piece has there (or `overwriteBorderEdges`).
      for (const x of [x0, x1]) {
        const mx = at.x + x - 1;
        const v = lines[from + x]!;
        if (mx >= 0 && mx < W && (v || borders)) row[mx] = v;
      }
    });
  });

  // edgeSouth[y·W + x] stands between rows y and y + 1: the piece's horizontal line y + 1 - at.y.
  rewrite('edgeSouth', (row, y) => {
    clearRow(y, (x0, x1) => row.fill(0, x0, x1));
    clearRow(y + 1, (x0, x1) => row.fill(0, x0, x1));
    const line = y + 1 - at.y;
    if (!piece || !placed || line < 0 || line > ph) return;
    const lines = piece.edges.horizontal;
    const from = line * pw;
    const { rowStart, runs } = placed;
    // The runs of the rows above (a) and below (b) the line, walked together: where both cover a
    // stretch its edges are inside the piece (copied as they are), where one does they are its border.
    let i = line > 0 ? rowStart[line - 1]! : 0;
    const aEnd = line > 0 ? rowStart[line]! : 0;
    let j = line < ph ? rowStart[line]! : 0;
    const bEnd = line < ph ? rowStart[line + 1]! : 0;
    const hi = Math.min(pw, W - at.x);
    for (let x = Math.max(0, -at.x); x < hi; ) {
      while (i < aEnd && runs[i + 1]! <= x) i += 2;
      while (j < bEnd && runs[j + 1]! <= x) j += 2;
      const inA = i < aEnd && runs[i]! <= x;
      const inB = j < bEnd && runs[j]! <= x;
      let next = hi;
      if (i < aEnd) next = Math.min(next, inA ? runs[i + 1]! : runs[i]!);
      if (j < bEnd) next = Math.min(next, inB ? runs[j + 1]! : runs[j]!);
      if (inA && inB) row.set(lines.subarray(from + x, from + next), at.x + x);
      else if (inA || inB) {
        for (let k = x; k < next; k++) {
          const v = lines[from + k]!;
          if (v || borders) row[at.x + k] = v;
        }
      }
      x = next;
    }
  });
  return out;
}

// The loops below run over a million squares per layer: each is written once per kind of array, so
// the engine compiles each for the one kind it sees (one loop for both runs several times slower).

/** Lists the squares of `row` in [x0, x1) whose value differs from the map's row at `from`; returns the new count. */
function changedBytes(row: Uint8Array, base: Uint8Array, from: number, x0: number, x1: number, indices: Int32Array, values: Float64Array, n: number): number {
  for (let x = x0; x < x1; x++) {
    const v = row[x]!;
    if (v !== base[from + x]) {
      indices[n] = from + x;
      values[n++] = v;
    }
  }
  return n;
}

function changedLengths(row: Float32Array, base: Float32Array, from: number, x0: number, x1: number, indices: Int32Array, values: Float64Array, n: number): number {
  for (let x = x0; x < x1; x++) {
    const v = row[x]!;
    if (v !== base[from + x]) {
      indices[n] = from + x;
      values[n++] = v;
    }
  }
  return n;
}

function plainIndices(a: Int32Array, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  return out;
}

function plainValues(a: Float64Array, n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  return out;
}

/**
 * What putting a piece down with its top-left on `at` writes: the mask's squares (the whole box with
 * `overwriteEmptyMask`) take the piece's values, edges inside the mask are written, and an edge on
 * its border only where the piece has one (a floor pasted beside a wall leaves the wall). Squares off
 * the map are left out. Labels and shapes keep their ids apart from the map's by taking new ones.
 */
export function piecePlacement(encounter: Encounter, piece: MapPiece | TypedPiece, at: Square, options: PlaceOptions = {}): PiecePlacement {
  return { layers: layerWrites(encounter.map, null, { piece, at, options }), ...placedThings(encounter, piece, at, options) };
}

/** The things on a piece (creatures, labels, lights, drawn shapes) as `piecePlacement` puts them down. */
export function placedThings(encounter: Encounter, piece: MapPiece | TypedPiece, at: Square, options: PlaceOptions = {}): Omit<PiecePlacement, 'layers'> {
  const W = encounter.map.width;
  const H = encounter.map.height;
  const fits = piece.creatures.filter((c) => {
    const side = sideOf(encounter.ruleset, c);
    const x = at.x + c.x;
    const y = at.y + c.y;
    return x >= 0 && y >= 0 && x + side <= W && y + side <= H;
  });
  // `creatureIds` go with the piece's creatures in order, those that fall off included.
  const given = options.creatureIds;
  const ids = given ? fits.map((c) => given[piece.creatures.indexOf(c)]!) : freshCreatureIds(encounter, fits.length);
  const names = new Set(encounter.creatures.map((c) => c.name));
  const creatures = fits.map((c, k): Creature => {
    const name = !options.keepNames && names.has(c.name) ? nextName(names, c.name || c.id) : c.name;
    names.add(name);
    return { ...(JSON.parse(JSON.stringify(c)) as Creature), id: ids[k]!, name, x: at.x + c.x, y: at.y + c.y };
  });
  const offMap = piece.creatures.filter((c) => !fits.includes(c));
  const shift = <P extends MapPoint>(p: P): P => ({ ...p, x: p.x + at.x, y: p.y + at.y });
  const onMap = (p: MapPoint) => p.x >= 0 && p.y >= 0 && p.x <= W && p.y <= H;
  const labelIds = new Set((encounter.labels ?? []).map((l) => l.id));
  const labels = piece.labels
    .filter((l) => onMap(shift(l)))
    .map((l) => {
      let id = l.id;
      for (let n = 2; labelIds.has(id); n++) id = `${l.id}-${n}`;
      labelIds.add(id);
      return { ...shift(l), id };
    });
  return {
    creatures,
    offMap,
    labels,
    lights: piece.lights.map(shift).filter(onMap),
    drawn: {
      walls: piece.drawn.walls.map((wall) => wall.map(shift)).filter((wall) => wall.every(onMap)),
      portals: piece.drawn.portals.map((p) => ({ ...p, a: shift(p.a), b: shift(p.b) })).filter((p) => onMap(p.a) && onMap(p.b)),
    },
  };
}

/** "Goblin" → "Goblin 2" (the next number not taken). */
function nextName(names: ReadonlySet<string>, name: string): string {
  const base = name.replace(/ \d+$/, '');
  let n = 2;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** The encounter with the piece put down at `at` (see `piecePlacement`); `encounter` is not changed. */
export function placePiece(encounter: Encounter, piece: MapPiece, at: Square, options: PlaceOptions = {}): Encounter {
  const p = piecePlacement(encounter, piece, at, options);
  const map = { ...encounter.map } as BattleMap;
  for (const { layer, indices, values } of p.layers) {
    const arr = map[layer].slice();
    indices.forEach((i, k) => (arr[i] = values.length === 1 ? values[0]! : values[k]!));
    (map as unknown as Record<LayerName, Uint8Array | Float32Array>)[layer] = arr;
  }
  const next: Encounter = { ...encounter, map, creatures: [...encounter.creatures, ...p.creatures] };
  if (p.labels.length) next.labels = [...(encounter.labels ?? []), ...p.labels];
  if (p.lights.length) next.lights = [...(encounter.lights ?? []), ...p.lights];
  if (p.drawn.walls.length || p.drawn.portals.length) {
    next.drawn = { walls: [...(encounter.drawn?.walls ?? []), ...p.drawn.walls], portals: [...(encounter.drawn?.portals ?? []), ...p.drawn.portals] };
  }
  return next;
}

/**
 * A piece with nothing on it the shape of a region: what "delete" leaves (every layer at the map's
 * default: normal ground, height 0, dry, no edges, nothing standing).
 */
export function emptyPiece(ruleset: RulesetId, region: SquareRegion): MapPiece {
  const { width: w, height: h } = region;
  const squares = {} as Record<SquareLayerName, number[]>;
  for (const name of PIECE_SQUARE_LAYERS) squares[name] = new Array<number>(w * h).fill(0);
  return {
    version: 1,
    ruleset,
    width: w,
    height: h,
    mask: Array.from(region.mask),
    squares,
    edges: { vertical: new Array<number>((w + 1) * h).fill(0), horizontal: new Array<number>(w * (h + 1)).fill(0) },
    creatures: [],
    labels: [],
    lights: [],
    drawn: { walls: [], portals: [] },
  };
}
