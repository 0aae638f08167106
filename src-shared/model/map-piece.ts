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
  let n = 0;
  for (const v of region.mask) n += v;
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
 * Cuts a piece out of an encounter (without changing it): every layer's values on the region's squares,
 * the edges inside and on its border, creatures whose whole space lies in it, labels, lights and drawn
 * shapes on it. The region is clipped to the map first.
 */
export function cutOut(encounter: Encounter, region: SquareRegion): MapPiece {
  const map = encounter.map;
  const r = clipRegion(region, map);
  const { width: w, height: h } = r;
  const W = map.width;
  const mask = Array.from(r.mask);
  const squares = {} as Record<SquareLayerName, number[]>;
  for (const name of PIECE_SQUARE_LAYERS) {
    const src = map[name];
    const out = new Array<number>(w * h).fill(0);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) if (mask[y * w + x]) out[y * w + x] = src[(r.y + y) * W + r.x + x]!;
    }
    squares[name] = out;
  }
  const inMask = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] === 1;
  const vertical = new Array<number>((w + 1) * h).fill(0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x <= w; x++) {
      // The line x is the east side of the map square r.x + x - 1 (none left of the map's first column).
      const mx = r.x + x - 1;
      if ((inMask(x - 1, y) || inMask(x, y)) && mx >= 0) vertical[y * (w + 1) + x] = map.edgeEast[(r.y + y) * W + mx]!;
    }
  }
  const horizontal = new Array<number>(w * (h + 1)).fill(0);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x < w; x++) {
      const my = r.y + y - 1;
      if ((inMask(x, y - 1) || inMask(x, y)) && my >= 0) horizontal[y * w + x] = map.edgeSouth[my * W + r.x + x]!;
    }
  }
  const creatures: Creature[] = [];
  for (const c of encounter.creatures) {
    const side = sideOf(encounter.ruleset, c);
    let inside = true;
    for (let y = c.y; y < c.y + side && inside; y++) for (let x = c.x; x < c.x + side && inside; x++) inside = regionHas(r, x, y);
    if (inside) creatures.push(JSON.parse(JSON.stringify({ ...c, x: c.x - r.x, y: c.y - r.y })) as Creature);
  }
  const shift = <P extends MapPoint>(p: P): P => ({ ...p, x: p.x - r.x, y: p.y - r.y });
  const on = (p: MapPoint) => pointOnMask(r, p);
  return {
    version: 1,
    ruleset: encounter.ruleset,
    width: w,
    height: h,
    mask,
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

/** A creature that shares its square sits in a quarter by its slot (0-3); the quarter turns with the map. */
function turnedSlot(c: Creature, ruleset: RulesetId, t: PieceTransform): Partial<Creature> {
  if (c.slot === undefined || c.slot > 3 || footprintOf(ruleset, c.size).perSquare <= 1) return {};
  const q = t.quarter(c.slot % 2, Math.floor(c.slot / 2));
  return { slot: q.y * 2 + q.x };
}

function transformPiece(piece: MapPiece, t: PieceTransform): MapPiece {
  const { width: w, height: h } = piece;
  const W = t.width;
  // Where each square goes, worked out once for the mask and every layer.
  const to = new Int32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const q = t.square(x, y, 1);
      to[y * w + x] = q.y * W + q.x;
    }
  }
  const moved = (from: readonly number[]) => {
    const out = new Array<number>(W * t.height).fill(0);
    for (let i = 0; i < to.length; i++) out[to[i]!] = from[i]!;
    return out;
  };
  const mask = moved(piece.mask);
  const squares = {} as Record<SquareLayerName, number[]>;
  for (const name of PIECE_SQUARE_LAYERS) squares[name] = moved(piece.squares[name]);
  // An edge is a unit segment between two grid points; it lands on the segment between their images.
  const vertical = new Array<number>((W + 1) * t.height).fill(0);
  const horizontal = new Array<number>(W * (t.height + 1)).fill(0);
  const put = (a: MapPoint, b: MapPoint, value: number) => {
    if (!value) return;
    const p = t.point(a);
    const q = t.point(b);
    if (p.x === q.x) vertical[Math.min(p.y, q.y) * (W + 1) + p.x] = value;
    else horizontal[p.y * W + Math.min(p.x, q.x)] = value;
  };
  for (let y = 0; y < h; y++) for (let x = 0; x <= w; x++) put({ x, y }, { x, y: y + 1 }, piece.edges.vertical[y * (w + 1) + x]!);
  for (let y = 0; y <= h; y++) for (let x = 0; x < w; x++) put({ x, y }, { x: x + 1, y }, piece.edges.horizontal[y * w + x]!);
  const move = <P extends MapPoint>(p: P): P => ({ ...p, ...t.point(p) });
  return {
    ...piece,
    width: W,
    height: t.height,
    mask,
    squares,
    edges: { vertical, horizontal },
    creatures: piece.creatures.map((c) => ({ ...c, ...t.square(c.x, c.y, sideOf(piece.ruleset, c)), ...turnedSlot(c, piece.ruleset, t) })),
    labels: piece.labels.map(move),
    lights: piece.lights.map(move),
    drawn: {
      walls: piece.drawn.walls.map((wall) => wall.map(move)),
      portals: piece.drawn.portals.map((p): DrawnPortal => ({ ...p, a: move(p.a), b: move(p.b) })),
    },
  };
}

/**
 * The piece turned clockwise by `quarterTurns` quarter turns (negative: anticlockwise). The square at
 * (x, y) of a w × h piece goes to (h - 1 - y, x) per turn; a creature's space turns with it, so its
 * top-left becomes (h - y - side, x), and a small creature's quarter of its square turns too (top-left
 * to top-right); an edge on a square's east side ends on its south side.
 */
export function rotatePiece(piece: MapPiece, quarterTurns: number): MapPiece {
  const turns = ((quarterTurns % 4) + 4) % 4;
  let out = piece;
  for (let k = 0; k < turns; k++) {
    const h = out.height;
    out = transformPiece(out, {
      width: out.height,
      height: out.width,
      point: (p) => ({ x: h - p.y, y: p.x }),
      square: (x, y, side) => ({ x: h - y - side, y: x }),
      quarter: (x, y) => ({ x: 1 - y, y: x }),
    });
  }
  return out;
}

/**
 * The piece mirrored: `'horizontal'` flips it left to right (x → w - 1 - x), `'vertical'` top to
 * bottom. A creature's space flips with it; an edge on the east side ends on the west side.
 */
export function mirrorPiece(piece: MapPiece, axis: 'horizontal' | 'vertical'): MapPiece {
  const { width: w, height: h } = piece;
  return transformPiece(
    piece,
    axis === 'horizontal'
      ? { width: w, height: h, point: (p) => ({ x: w - p.x, y: p.y }), square: (x, y, side) => ({ x: w - x - side, y }), quarter: (x, y) => ({ x: 1 - x, y }) }
      : { width: w, height: h, point: (p) => ({ x: p.x, y: h - p.y }), square: (x, y, side) => ({ x, y: h - y - side }), quarter: (x, y) => ({ x, y: 1 - y }) },
  );
}

/** The region of the map a piece covers when its top-left is at `at` (its mask, not its whole box). */
export function pieceRegion(piece: MapPiece, at: Square): SquareRegion {
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
  layers: { layer: LayerName; indices: number[]; values: number[] }[];
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

/**
 * What putting a piece down with its top-left on `at` writes: the mask's squares (the whole box with
 * `overwriteEmptyMask`) take the piece's values, edges inside the mask are written, and an edge on
 * its border only where the piece has one (a floor pasted beside a wall leaves the wall). Squares off
 * the map are left out. Labels and shapes keep their ids apart from the map's by taking new ones.
 */
export function piecePlacement(encounter: Encounter, piece: MapPiece, at: Square, options: PlaceOptions = {}): PiecePlacement {
  const map = encounter.map;
  const W = map.width;
  const H = map.height;
  const { width: w, height: h } = piece;
  const covers = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && (options.overwriteEmptyMask || piece.mask[y * w + x] === 1);
  const layers: PiecePlacement['layers'] = [];
  for (const name of PIECE_SQUARE_LAYERS) {
    const indices: number[] = [];
    const values: number[] = [];
    const src = piece.squares[name];
    const dst = map[name];
    for (let y = 0; y < h; y++) {
      const my = at.y + y;
      if (my < 0 || my >= H) continue;
      for (let x = 0; x < w; x++) {
        const mx = at.x + x;
        if (mx < 0 || mx >= W || !covers(x, y)) continue;
        const v = src[y * w + x] ?? 0;
        const i = my * W + mx;
        if (dst[i] !== v) {
          indices.push(i);
          values.push(v);
        }
      }
    }
    if (indices.length) layers.push({ layer: name, indices, values });
  }
  const east = { indices: [] as number[], values: [] as number[] };
  const south = { indices: [] as number[], values: [] as number[] };
  const write = (into: typeof east, layer: Uint8Array, i: number, v: number, inside: boolean) => {
    if (!inside && !v && !options.overwriteBorderEdges) return;
    if (layer[i] !== v) {
      into.indices.push(i);
      into.values.push(v);
    }
  };
  for (let y = 0; y < h; y++) {
    const my = at.y + y;
    if (my < 0 || my >= H) continue;
    for (let x = 0; x <= w; x++) {
      const a = covers(x - 1, y);
      const b = covers(x, y);
      const mx = at.x + x - 1;
      if ((a || b) && mx >= 0 && mx < W) write(east, map.edgeEast, my * W + mx, piece.edges.vertical[y * (w + 1) + x]!, a && b);
    }
  }
  for (let y = 0; y <= h; y++) {
    const my = at.y + y - 1;
    if (my < 0 || my >= H) continue;
    for (let x = 0; x < w; x++) {
      const a = covers(x, y - 1);
      const b = covers(x, y);
      const mx = at.x + x;
      if ((a || b) && mx >= 0 && mx < W) write(south, map.edgeSouth, my * W + mx, piece.edges.horizontal[y * w + x]!, a && b);
    }
  }
  if (east.indices.length) layers.push({ layer: 'edgeEast', ...east });
  if (south.indices.length) layers.push({ layer: 'edgeSouth', ...south });

  const fits = piece.creatures.filter((c) => {
    const side = sideOf(encounter.ruleset, c);
    const x = at.x + c.x;
    const y = at.y + c.y;
    return x >= 0 && y >= 0 && x + side <= W && y + side <= H;
  });
  const ids = options.creatureIds ?? freshCreatureIds(encounter, fits.length);
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
    layers,
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
    indices.forEach((i, k) => (arr[i] = values[k]!));
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
