import Konva from 'konva';
import { createEffect, on } from 'solid-js';
import type { Encounter } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels, visibleSquares, type Size, type View } from '../../state/view';
import { editedSquares } from '../../state/document';
import { ChunkCache, chunkGrid, changedChunks, chunksIn, chunksOfSquares, CHUNK, tileChunks, TILE_SIZES, type ChunkGrid } from './chunks';
import { konvaContext, plainContext, type DrawContext } from './draw-context';
import { LabelRoom } from './label-room';

/**
 * What a line layer (edges, ledges) keeps per chunk: line segments in square coordinates,
 * grouped by style, and optional labels. Built once when the chunk's squares change, never on a
 * view change.
 */
export interface SegmentChunk {
  /** Style id → flat [x0, y0, x1, y1, …] in squares. */
  groups: Map<number, number[]>;
  /** `side`: where a label sits from its point, if the layer places it so (ledges.ts). */
  labels: { x: number; y: number; text: string; side?: number }[];
  /** Whether `labels` were built (only when zoomed in enough to show them: a fitted map has 100,000s). */
  labelled?: boolean;
}

export interface SegmentLayerSpec {
  editor: Editor;
  /** The model arrays this layer is drawn from; a chunk is rebuilt when one changes inside it. */
  arrays: (d: Encounter) => readonly ArrayLike<number>[];
  /** Whether an edit at a square also changes what is drawn on its west and north edges. */
  spreadBack: boolean;
  visible: () => boolean;
  /** The chunk's segments, from the squares x0 ≤ x < x1, y0 ≤ y < y1, and its labels when `withLabels`. */
  build: (d: Encounter, x0: number, y0: number, x1: number, y1: number, withLabels: boolean) => SegmentChunk;
  /** Sets the stroke for a style at this many pixels per square. */
  style: (ctx: DrawContext, group: number, s: number) => void;
  /** The order groups are stroked in, when it matters (a casing under its core); default: as found. */
  groupOrder?: (a: number, b: number) => number;
  /**
   * Draws labels (those with room, see `LabelRoom`); only called at `minPixels` per square or more.
   * `places` are where a label may go on screen around its point at `s` pixels per square, each
   * [dx, dy, w, h], preferred first; `draw` gets each label kept with the place it took.
   * Labels of a higher `priority` take their room first (a fall's drop before a square's height).
   */
  labels?: {
    minPixels: number;
    priority: number;
    places: (label: { text: string; side?: number }, s: number) => LabelBox[];
    draw: (ctx: DrawContext, labels: PlacedLabel[], view: View) => void;
  };
}

/** A label's box on screen from its point: [dx, dy, w, h] in pixels. */
export type LabelBox = [number, number, number, number];
/** A label with the place it took (`box`, from its point). */
export type PlacedLabel = SegmentChunk['labels'][number] & { box: LabelBox };

/** At this many pixels per square and above, segments are stroked directly; below, chunk bitmaps. */
export const DIRECT_PIXELS = 16;
/**
 * Time one frame may spend building chunks on screen, shared by every segment layer drawn in that
 * frame (five on the scene), and the chunks each layer builds regardless.
 */
const FRAME_BUDGET_MS = 8;
let frameDeadline = 0;
let frameArmed = false;
/**
 * What is left of this frame's budget: the first layer drawn in a frame starts the clock. Konva draws
 * every layer of a frame in one task, so the clock is re-armed at the next microtask checkpoint.
 */
function frameBudgetLeft(): number {
  const now = performance.now();
  if (!frameArmed) {
    frameArmed = true;
    frameDeadline = now + FRAME_BUDGET_MS;
    queueMicrotask(() => (frameArmed = false));
  }
  return frameDeadline - now;
}

/** The tile bitmaps (at every tile size) that hold any of these chunks. */
export function tilesHolding(chunks: Iterable<number>, grid: ChunkGrid): Set<number> {
  const out = new Set<number>();
  for (const key of chunks) {
    const cx = key % grid.across;
    const cy = (key - cx) / grid.across;
    for (const t of TILE_SIZES) out.add(tileKey(cx - (cx % t), cy - (cy % t), t, grid));
  }
  return out;
}

/** A tile's bitmap key: its top-left chunk and its size (tiles of two sizes may share a corner). */
export const tileKey = (tx: number, ty: number, size: number, grid: ChunkGrid): number =>
  (ty * grid.across + tx) * TILE_SIZES.length + TILE_SIZES.indexOf(size as (typeof TILE_SIZES)[number]);
const MIN_CHUNKS_PER_FRAME = 4;
/** Room around a chunk bitmap for the half of a line that sticks out of the chunk. */
const PAD = 4;

export function createSegmentLayer(spec: SegmentLayerSpec) {
  const { editor } = spec;
  const cache = new ChunkCache<SegmentChunk>();
  let grid: ChunkGrid = { across: 0, down: 0 };
  const listeners: ((keys: Set<number> | 'all') => void)[] = [];

  const make = (d: Encounter, cx: number, cy: number, withLabels: boolean): SegmentChunk => ({
    ...spec.build(d, cx * CHUNK, cy * CHUNK, Math.min(d.map.width, (cx + 1) * CHUNK), Math.min(d.map.height, (cy + 1) * CHUNK), withLabels),
    labelled: withLabels,
  });
  /** A chunk's data; built again with its labels the first time they are shown. */
  const chunk = (d: Encounter, cx: number, cy: number, key: number, withLabels = false): SegmentChunk => {
    const known = cache.peek(key);
    if (known && withLabels && !known.labelled) return cache.replace(key, make(d, cx, cy, true));
    return cache.get(key, () => make(d, cx, cy, withLabels));
  };

  function stroke(ctx: DrawContext, chunks: SegmentChunk[], view: View): void {
    const s = squarePixels(view);
    const groups = new Set<number>();
    for (const c of chunks) for (const g of c.groups.keys()) groups.add(g);
    for (const g of spec.groupOrder ? [...groups].sort(spec.groupOrder) : groups) {
      ctx.beginPath();
      for (const c of chunks) {
        const segs = c.groups.get(g);
        if (!segs) continue;
        for (let i = 0; i < segs.length; i += 4) {
          ctx.moveTo(view.panX + segs[i]! * s, view.panY + segs[i + 1]! * s);
          ctx.lineTo(view.panX + segs[i + 2]! * s, view.panY + segs[i + 3]! * s);
        }
      }
      spec.style(ctx, g, s);
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }

  /**
   * Draws the layer for a view: strokes when zoomed in, cached chunk bitmaps when zoomed out.
   * `budgetMs` bounds the time spent building chunks in one frame (a zoomed-out 2048² map has
   * thousands): the rest are left for the next frames and `false` is returned.
   */
  function paint(ctx: DrawContext, d: Encounter, view: View, viewport: Size, budgetMs = Infinity, room?: LabelRoom): boolean {
    const s = squarePixels(view);
    const visible = chunksIn(visibleSquares(view, viewport, d.map.width, d.map.height), grid);
    if (s >= DIRECT_PIXELS) {
      const labels = spec.labels;
      const withLabels = !!labels && s >= labels.minPixels;
      const chunks = visible.map((c) => chunk(d, c.cx, c.cy, c.key, withLabels));
      stroke(ctx, chunks, view);
      if (withLabels && labels) {
        const drawRoomy = (r: LabelRoom) => {
          const roomy: PlacedLabel[] = [];
          for (const c of chunks) {
            for (const l of c.labels) {
              const places = labels.places(l, s);
              const px = view.panX + l.x * s;
              const py = view.panY + l.y * s;
              const i = r.takeFirst(places.map(([dx, dy, w, h]) => [px + dx, py + dy, w, h] as const));
              if (i >= 0) roomy.push({ ...l, box: places[i]! });
            }
          }
          labels.draw(ctx, roomy, view);
        };
        // With the scene's other label layers: in priority order once they have all stroked.
        if (room) room.defer(labels.priority, () => drawRoomy(room));
        else drawRoomy(new LabelRoom(viewport));
      }
      return true;
    }
    return paintTiles(ctx, d, view, visible, grid, cache, budgetMs, (tx, ty, t) => tileChunksOf(d, tx, ty, t), (chunks, tileCtx, tileView) =>
      stroke(tileCtx, chunks as SegmentChunk[], tileView),
    );
  }

  /** The chunks of a tile that have segments, and how many of them had to be built. */
  function tileChunksOf(d: Encounter, tx: number, ty: number, t: number): { chunks: SegmentChunk[]; built: number } {
    const chunks: SegmentChunk[] = [];
    let built = 0;
    for (let cy = ty; cy < Math.min(grid.down, ty + t); cy++) {
      for (let cx = tx; cx < Math.min(grid.across, tx + t); cx++) {
        const ck = cy * grid.across + cx;
        if (!cache.peek(ck)) built++;
        const data = chunk(d, cx, cy, ck);
        if (data.groups.size) chunks.push(data);
      }
    }
    return { chunks, built };
  }

  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      if (d && spec.visible() && !paint(konvaContext(ctx), d, editor.view(), editor.viewport(), frameBudgetLeft())) {
        requestAnimationFrame(() => node.getLayer()?.batchDraw());
      }
    },
  });

  // Drop the chunks an edit touched; a new document (or another size or ruleset) drops them all.
  createEffect(
    on(
      () => {
        const d = editor.doc();
        return d ? { doc: d, arrays: spec.arrays(d), width: d.map.width, height: d.map.height, ruleset: d.ruleset } : null;
      },
      (now, before) => {
        if (!now) return;
        if (!before || now.width !== before.width || now.height !== before.height || now.ruleset !== before.ruleset) {
          grid = chunkGrid(now.width, now.height);
          cache.invalidate('all');
          for (const f of listeners) f('all');
        } else {
          // The edit's own squares when the document says them (an edit, undo, redo), else a diff.
          const edited = editedSquares(before.doc, now.doc);
          const dirty = new Set<number>();
          now.arrays.forEach((a, i) => {
            if (a === before.arrays[i]) return;
            const squares = edited === null || edited === 'all' ? undefined : edited.get(a);
            const keys = squares ? chunksOfSquares(squares, now.width, grid, spec.spreadBack) : changedChunks(before.arrays[i]!, a, now.width, grid, spec.spreadBack);
            for (const k of keys) dirty.add(k);
          });
          if (!dirty.size) return;
          cache.invalidate(dirty);
          cache.dropBitmaps(tilesHolding(dirty, grid));
          for (const f of listeners) f(dirty);
        }
        node.getLayer()?.batchDraw();
      },
    ),
  );
  createEffect(() => {
    editor.view();
    editor.viewport();
    spec.visible();
    node.getLayer()?.batchDraw();
  });

  return {
    node,
    cache,
    /** Draws the whole layer for the PNG export. */
    paint,
    visible: spec.visible,
    /** For `createSceneLines`: this layer's chunks in a tile, and their segments stroked. */
    tileChunksOf,
    /** Builds the chunk's data now if it is not (a filler's step); whether it had to. */
    buildChunk: (d: Encounter, cx: number, cy: number): boolean => {
      const key = cy * grid.across + cx;
      if (cache.peek(key)) return false;
      chunk(d, cx, cy, key);
      return true;
    },
    /** Whether the chunk's data is built. */
    hasChunk: (cx: number, cy: number): boolean => !!cache.peek(cy * grid.across + cx),
    stroke,
    /** Called with the chunks an edit dropped ('all' for a new map). */
    onInvalidate: (f: (keys: Set<number> | 'all') => void) => listeners.push(f),
  };
}

export type SegmentLayer = ReturnType<typeof createSegmentLayer>;

/**
 * Draws layers zoomed out from tile bitmaps (chunks in view gathered into tiles of ~256 px), within
 * a frame's budget: tiles not built in time show the tile from another zoom, scaled, and `false` is
 * returned so another frame follows. `content` gathers a tile's chunks (and says how many it had to
 * build), `drawTile` strokes them into the tile's bitmap.
 */
function paintTiles(
  ctx: DrawContext,
  d: Encounter,
  view: View,
  visible: { cx: number; cy: number }[],
  grid: ChunkGrid,
  cache: ChunkCache<unknown>,
  budgetMs: number,
  content: (tx: number, ty: number, t: number) => { chunks: unknown[]; built: number },
  drawTile: (chunks: unknown[], ctx: DrawContext, tileView: View) => void,
  fill?: { filler: TileFiller; prepare: (tx: number, ty: number, t: number, deadline: number) => boolean },
): boolean {
  const s = squarePixels(view);
  // A power of two at or above the zoom, so a bitmap serves a range of zooms.
  const scale = Math.min(DIRECT_PIXELS, 2 ** Math.ceil(Math.log2(Math.max(1, s))));
  const k = s / scale;
  const t = tileChunks(scale);
  const tiles = new Map<number, { tx: number; ty: number }>();
  for (const { cx, cy } of visible) {
    const tx = cx - (cx % t);
    const ty = cy - (cy % t);
    tiles.set(tileKey(tx, ty, t, grid), { tx, ty });
  }
  // The scene layer keeps smoothing off for the terrain's square pixels; a scaled line wants it.
  ctx.setAttr('imageSmoothingEnabled', true);
  const started = performance.now();
  let complete = true;
  let built = 0;
  const build = (tx: number, ty: number) => () => {
    const made = content(tx, ty, t);
    built += made.built + 1;
    // An empty tile is a 1 × 1 canvas: remembered, so it is not rebuilt every frame.
    const canvas = document.createElement('canvas');
    if (!made.chunks.length) {
      canvas.width = canvas.height = 1;
      return canvas;
    }
    canvas.width = Math.min(t, grid.across - tx) * CHUNK * scale + 2 * PAD;
    canvas.height = Math.min(t, grid.down - ty) * CHUNK * scale + 2 * PAD;
    const tileView: View = { zoom: scale / 32, panX: PAD - tx * CHUNK * scale, panY: PAD - ty * CHUNK * scale };
    drawTile(made.chunks, plainContext(canvas.getContext('2d')!), tileView);
    return canvas;
  };
  for (const [key, { tx, ty }] of tiles) {
    if (!cache.hasBitmap(key, scale)) {
      // With a filler, a tile whose chunks are not all built yet (a new map: ~100 chunk builds a
      // tile) is left to it, in tasks of its own; a frame only strokes tiles of built chunks.
      const toFiller = !!fill && Number.isFinite(budgetMs) && !fill.prepare(tx, ty, t, -Infinity);
      // A few chunks every frame whatever the clock says, so the map always fills in.
      if (toFiller || (built >= MIN_CHUNKS_PER_FRAME && performance.now() - started > budgetMs)) {
        if (toFiller) {
          const make = build(tx, ty);
          fill.filler.request(key, (deadline) => fill.prepare(tx, ty, t, deadline) && performance.now() < deadline && (cache.bitmap(key, scale, make), true));
        } else complete = false;
        // Meanwhile the tile at the zoom it was last drawn at, scaled, if it has been drawn.
        const stale = TILE_SIZES.map((size) => cache.anyBitmap(tileKey(tx, ty, size, grid))).find((b) => b && b.canvas.width > 1);
        if (stale) {
          const ks = s / stale.scale;
          ctx.drawImage(stale.canvas, view.panX + tx * CHUNK * s - PAD * ks, view.panY + ty * CHUNK * s - PAD * ks, stale.canvas.width * ks, stale.canvas.height * ks);
        }
        continue;
      }
    }
    const bitmap = cache.bitmap(key, scale, build(tx, ty));
    if (bitmap.width > 1) ctx.drawImage(bitmap, view.panX + tx * CHUNK * s - PAD * k, view.panY + ty * CHUNK * s - PAD * k, bitmap.width * k, bitmap.height * k);
  }
  ctx.setAttr('imageSmoothingEnabled', false);
  return complete;
}

/** Time one task of a `TileFiller` may take (then the rest waits for the next task). */
const FILL_SLICE_MS = 8;

/**
 * Builds tiles a frame left out, in tasks of their own (about `FILL_SLICE_MS` each, a chunk at a
 * time), and redraws the layer once, when none is left: opening a big map used to build a whole tile
 * (~100 chunks) in the first frame and redraw every frame until all were built, each redraw blitting
 * every tile again. A step is called with the slice's deadline and says whether its tile is done.
 */
export class TileFiller {
  private readonly queue = new Map<number, (deadline: number) => boolean>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(
    private readonly redraw: () => void,
    /** Whether steps asked for still hold (the document they were asked for is still open). */
    private readonly current: () => boolean,
  ) {}
  request(key: number, step: (deadline: number) => boolean): void {
    // The latest frame's step: it holds that frame's layers and scale.
    this.queue.set(key, step);
    if (this.timer === undefined) this.timer = setTimeout(() => this.run(), 0);
  }
  /** Tiles still waiting (tests wait for none). */
  get pending(): number {
    return this.queue.size;
  }
  clear(): void {
    this.queue.clear();
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
  private run(): void {
    this.timer = undefined;
    if (!this.current()) return this.clear();
    const deadline = performance.now() + FILL_SLICE_MS;
    for (const [key, step] of this.queue) {
      if (step(deadline)) this.queue.delete(key);
      if (performance.now() >= deadline) break;
    }
    if (this.queue.size) this.timer = setTimeout(() => this.run(), 0);
    else this.redraw();
  }
}

/**
 * The scene's line layers drawn as one: zoomed out, one bitmap per tile holds every visible layer
 * (in order), so a frame blits each tile once rather than once per layer — on a fitted 512² map,
 * 16 blits instead of 80. Zoomed in, each layer strokes itself in turn. A layer's edit drops the
 * tiles holding its changed chunks; showing or hiding a layer drops them all.
 */
export function createSceneLines(editor: Editor, layers: SegmentLayer[]) {
  const tiles = new ChunkCache<never>();
  let grid: ChunkGrid = { across: 0, down: 0 };
  let shown = '';
  let lastRoom: LabelRoom | null = null;
  let filledFor: Encounter | null = null;
  const filler = new TileFiller(
    () => node.getLayer()?.batchDraw(),
    () => editor.doc() === filledFor,
  );
  function paint(ctx: DrawContext, d: Encounter, view: View, viewport: Size, budgetMs = Infinity): boolean {
    const on = layers.filter((l) => l.visible());
    const key = layers.map((l) => (l.visible() ? 1 : 0)).join('');
    if (key !== shown || grid.across !== Math.ceil(d.map.width / CHUNK) || grid.down !== Math.ceil(d.map.height / CHUNK)) {
      shown = key;
      grid = chunkGrid(d.map.width, d.map.height);
      tiles.invalidate('all');
      // Steps queued for the old set of layers would build tiles with it.
      filler.clear();
    }
    if (squarePixels(view) >= DIRECT_PIXELS) {
      // Lines first, then every layer's labels where there is room, the most important first.
      const room = new LabelRoom(viewport);
      for (const l of on) l.paint(ctx, d, view, viewport, budgetMs, room);
      room.flush();
      lastRoom = room;
      return true;
    }
    const visible = chunksIn(visibleSquares(view, viewport, d.map.width, d.map.height), grid);
    return paintTiles(
      ctx,
      d,
      view,
      visible,
      grid,
      tiles,
      budgetMs,
      (tx, ty, t) => {
        const parts = on.map((l) => ({ l, ...l.tileChunksOf(d, tx, ty, t) }));
        return { chunks: parts.filter((p) => p.chunks.length), built: parts.reduce((n, p) => n + p.built, 0) };
      },
      (parts, tileCtx, tileView) => {
        for (const p of parts as { l: SegmentLayer; chunks: SegmentChunk[] }[]) p.l.stroke(tileCtx, p.chunks, tileView);
      },
      {
        filler,
        // The tile's chunks, built (one at least in a step) until the deadline; whether all are.
        prepare: (tx, ty, t, deadline) => {
          if (filledFor !== d) {
            filler.clear();
            filledFor = d;
          }
          for (let cy = ty; cy < Math.min(grid.down, ty + t); cy++) {
            for (let cx = tx; cx < Math.min(grid.across, tx + t); cx++) {
              for (const l of on) {
                if (l.hasChunk(cx, cy)) continue;
                if (performance.now() >= deadline) return false;
                l.buildChunk(d, cx, cy);
              }
            }
          }
          return true;
        },
      },
    );
  }
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      if (d && !paint(konvaContext(ctx), d, editor.view(), editor.viewport(), frameBudgetLeft())) requestAnimationFrame(() => node.getLayer()?.batchDraw());
    },
  });
  for (const l of layers) {
    l.onInvalidate((keys) => {
      if (keys === 'all') tiles.invalidate('all');
      else tiles.dropBitmaps(tilesHolding(keys, grid));
      node.getLayer()?.batchDraw();
    });
  }
  createEffect(() => {
    editor.view();
    editor.viewport();
    for (const l of layers) l.visible();
    node.getLayer()?.batchDraw();
  });
  return { node, tiles, paint, filler, lastLabels: () => (lastRoom ? { offered: lastRoom.offered, kept: lastRoom.kept } : null), lastRoom: () => lastRoom };
}
