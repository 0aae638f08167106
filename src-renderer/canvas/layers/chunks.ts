/**
 * Chunks: the map cut into CHUNK × CHUNK squares. Static layers keep what they draw per chunk and
 * rebuild only the chunks whose squares changed, so an edit costs one chunk, not the whole map.
 */
export const CHUNK = 32;

export interface ChunkGrid {
  across: number;
  down: number;
}

export const chunkGrid = (width: number, height: number): ChunkGrid => ({ across: Math.ceil(width / CHUNK), down: Math.ceil(height / CHUNK) });

/** The chunk keys (cy * across + cx) whose squares differ between two versions of a layer array. */
export function changedChunks(
  before: ArrayLike<number>,
  after: ArrayLike<number>,
  width: number,
  grid: ChunkGrid,
  /** Also mark the chunks of the west and north neighbours: for things drawn between two squares. */
  spreadBack = false,
): Set<number> {
  const marks = new ChunkMarks(width, grid, spreadBack);
  for (let i = 0, n = after.length; i < n; i++) if (before[i] !== after[i]) marks.square(i);
  return marks.keys();
}

/**
 * The chunk keys holding these squares (indices y * width + x), as `changedChunks` finds them but
 * from an edit's own list: O(edited squares), not O(map). A flood fill hands over a million squares:
 * the answer is kept per list (several layers ask about the same edit), and a square marks a byte.
 */
export function chunksOfSquares(indices: ArrayLike<number>, width: number, grid: ChunkGrid, spreadBack = false): Set<number> {
  const key = `${width}|${grid.across}|${grid.down}|${spreadBack ? 1 : 0}`;
  let known = chunkLookups.get(indices);
  const hit = known?.get(key);
  if (hit) return new Set(hit);
  const marks = new ChunkMarks(width, grid, spreadBack);
  for (let k = 0, n = indices.length; k < n; k++) marks.square(indices[k]!);
  const out = marks.keys();
  if (!known) chunkLookups.set(indices, (known = new Map()));
  known.set(key, out);
  return new Set(out);
}

const chunkLookups = new WeakMap<ArrayLike<number>, Map<string, Set<number>>>();

/** A byte per chunk: marking a square is a few sums, with no Set touched per square. */
class ChunkMarks {
  private readonly marked: Uint8Array;
  private readonly across: number;
  constructor(
    private readonly width: number,
    grid: ChunkGrid,
    private readonly spreadBack: boolean,
  ) {
    this.across = grid.across;
    this.marked = new Uint8Array(grid.across * grid.down);
  }
  square(i: number): void {
    const y = Math.floor(i / this.width);
    const x = i - y * this.width;
    const cx = Math.floor(x / CHUNK);
    const cy = Math.floor(y / CHUNK);
    const at = cy * this.across + cx;
    this.marked[at] = 1;
    // What is drawn between a square and its west or north neighbour belongs to that neighbour's
    // chunk too, when the square is the first of its chunk's row or column.
    if (this.spreadBack) {
      if (x > 0 && x === cx * CHUNK) this.marked[at - 1] = 1;
      if (y > 0 && y === cy * CHUNK) this.marked[at - this.across] = 1;
    }
  }
  keys(): Set<number> {
    const out = new Set<number>();
    for (let k = 0; k < this.marked.length; k++) if (this.marked[k]) out.add(k);
    return out;
  }
}

/**
 * Zoomed out, chunk bitmaps are gathered into tiles of `tileChunks(scale)` × that many chunks, so a
 * tile bitmap is about 256 px a side whatever the zoom: a fitted 512² map is 16 blits a layer, not 256.
 */
export const tileChunks = (scale: number): number => Math.max(1, Math.min(8, Math.floor(256 / (CHUNK * scale))));
/** Every tile size `tileChunks` can give, for dropping the tiles a changed chunk is part of. */
export const TILE_SIZES = [1, 2, 4, 8] as const;

/** The chunks at least partly inside a range of squares. */
export function chunksIn(range: { x0: number; y0: number; x1: number; y1: number }, grid: ChunkGrid): { cx: number; cy: number; key: number }[] {
  const out: { cx: number; cy: number; key: number }[] = [];
  if (range.x1 <= range.x0 || range.y1 <= range.y0) return out;
  const cx1 = Math.min(grid.across - 1, Math.floor((range.x1 - 1) / CHUNK));
  const cy1 = Math.min(grid.down - 1, Math.floor((range.y1 - 1) / CHUNK));
  for (let cy = Math.floor(range.y0 / CHUNK); cy <= cy1; cy++) {
    for (let cx = Math.floor(range.x0 / CHUNK); cx <= cx1; cx++) out.push({ cx, cy, key: cy * grid.across + cx });
  }
  return out;
}

/**
 * Per-chunk data built lazily and dropped when its squares change. `build` makes a chunk's data
 * from the document; `bitmaps` caches the chunk drawn at one scale (pixels per square), for
 * zoomed-out views where drawing every segment each frame would cost too much.
 */
export class ChunkCache<T> {
  private data = new Map<number, T>();
  private bitmaps = new Map<number, { scale: number; canvas: HTMLCanvasElement }>();
  /** How many chunk builds ran: tests read it to check an edit rebuilds one chunk. */
  builds = 0;
  lastInvalidated: number[] = [];

  private bitmapPixels = 0;

  /**
   * `pixelBudget` bounds the memory the bitmaps hold (4 bytes a pixel): 32 M pixels is 128 MB, which
   * holds every chunk of a 2048² map zoomed out, or about a hundred chunks at 16 px per square.
   */
  constructor(private readonly pixelBudget = 32 * 1024 * 1024) {}

  get(key: number, build: () => T): T {
    let d = this.data.get(key);
    if (d === undefined) {
      d = build();
      this.builds++;
      this.data.set(key, d);
    }
    return d;
  }

  /** Puts a chunk's data built anew (with more in it) in place of what was there. */
  replace(key: number, value: T): T {
    this.data.set(key, value);
    this.builds++;
    return value;
  }

  /** A chunk's data if it is built, without building it. */
  peek(key: number): T | undefined {
    return this.data.get(key);
  }

  /** Whatever bitmap a chunk has, at any scale: a stand-in while the right scale is built. */
  anyBitmap(key: number): { scale: number; canvas: HTMLCanvasElement } | undefined {
    return this.bitmaps.get(key);
  }

  hasBitmap(key: number, scale: number): boolean {
    return this.bitmaps.get(key)?.scale === scale;
  }

  bitmap(key: number, scale: number, render: () => HTMLCanvasElement): HTMLCanvasElement {
    const known = this.bitmaps.get(key);
    if (known && known.scale === scale) {
      // Most recently used last, so the oldest are dropped first.
      this.bitmaps.delete(key);
      this.bitmaps.set(key, known);
      return known.canvas;
    }
    const canvas = render();
    this.dropBitmap(key);
    this.bitmaps.set(key, { scale, canvas });
    this.bitmapPixels += canvas.width * canvas.height;
    // Least recently used first; the one just made always stays.
    for (const oldest of this.bitmaps.keys()) {
      if (this.bitmapPixels <= this.pixelBudget || oldest === key) break;
      this.dropBitmap(oldest);
    }
    return canvas;
  }

  private dropBitmap(key: number): void {
    const known = this.bitmaps.get(key);
    if (!known) return;
    this.bitmapPixels -= known.canvas.width * known.canvas.height;
    this.bitmaps.delete(key);
  }

  /** Drops bitmaps only (a tile made from a chunk whose data was dropped). */
  dropBitmaps(keys: Iterable<number>): void {
    for (const k of keys) this.dropBitmap(k);
  }

  invalidate(keys: Iterable<number> | 'all'): void {
    if (keys === 'all') {
      this.lastInvalidated = [...this.data.keys()];
      this.data.clear();
      this.bitmaps.clear();
      this.bitmapPixels = 0;
      return;
    }
    this.lastInvalidated = [];
    for (const k of keys) {
      this.lastInvalidated.push(k);
      this.data.delete(k);
      this.dropBitmap(k);
    }
  }
}
