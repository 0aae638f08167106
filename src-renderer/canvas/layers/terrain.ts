import Konva from 'konva';
import { createEffect, createMemo, createSignal, on, onCleanup, untrack } from 'solid-js';
import { RULESETS, type BattleMap } from '../../../src-shared/model';
import { mapStyleSquareRgb } from '../../../src-shared/render/map-style';
import { editedSquares } from '../../state/document';
import type { Editor } from '../../state/editor';
import { squarePixels, visibleSquares } from '../../state/view';
import { changedRect, elevationSpan, paintTerrain, rectOfSquares, reducedSize, unionRect, type ElevationSpan, type PixelRect, type SquareColour } from './terrain-pixels';

/**
 * A whole repaint is cut into bands of about this many squares (a few ms each: 32 rows at 512²; the
 * first runs in the task that loads the document, so it must be short on a loaded machine).
 */
export const SLICE_SQUARES = 16384;
/** Time one slice of a whole repaint may take before the rest waits for the next task. */
const SLICE_MS = 8;
/**
 * While a whole repaint goes on, the picture is shown after its first slice and then at most this
 * often (and when done): each showing redraws the scene and composes the still bitmap (~10-40 ms on
 * a loaded machine), which after every slice made each band's task a long one.
 */
const SHOW_EVERY_MS = 100;
/** The most squares a side one pixel of the reduced picture stands for. */
const MAX_STEP = 8;

/**
 * How many squares a side each pixel of the terrain picture stands for at `squarePx` screen pixels
 * a square: 1 from half a pixel a square up, and twice as many each time a square halves again, so
 * a reduced pixel never covers more than one screen pixel (what scaling the whole picture down
 * without smoothing shows anyway: one square of every few).
 */
export function terrainStep(squarePx: number): number {
  let step = 1;
  while (step < MAX_STEP && squarePx * step * 2 <= 1) step *= 2;
  return step;
}

/**
 * The terrain image: one pixel per square on an offscreen canvas, scaled to the view. An edit
 * repaints only the rectangle of squares it touched (the command's own squares, found without
 * comparing whole arrays); a new map, another size or a change of the lowest or highest ground
 * (which shades every square) repaints it all — in bands, the rows in view first and the rest in
 * later tasks, so opening a big map never blocks the window for long.
 *
 * Zoomed out past half a pixel a square, the image drawn is a reduced copy (`terrainStep`): a
 * 2048² map fitted to the window shows 1024² pixels at most, so an edit colours and the frame copies
 * a quarter of the pixels (a fill of a million squares, and each frame's draw of the image, were
 * most of a click's time); the full picture is brought up to date in bands after the frame.
 */
export function createTerrainLayer(editor: Editor) {
  const canvas = document.createElement('canvas');
  // The reduced copy and how many squares a side its pixels stand for (1: not in use, no pixels).
  const reduced = document.createElement('canvas');
  reduced.width = reduced.height = 0;
  let step = 1;
  const node = new Konva.Image({ image: canvas, x: 0, y: 0, width: 1, height: 1, listening: false });
  // What the last repaint covered, in squares: tests check a one-square edit repaints one square.
  const [lastPainted, setLastPainted] = createSignal<PixelRect | null>(null);
  // Whether a whole repaint still has bands to paint (tests wait for it).
  const [painting, setPainting] = createSignal(false);
  let span: ElevationSpan | null = null;
  // What is still to paint, in pieces of about SLICE_SQUARES squares, the ones in view first.
  let bands: PixelRect[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let shownAt = -Infinity;
  // In the map view each square is its texture's average colour: what shows while the textured
  // tiles are drawn, under a pan's snapshot and in the minimap.
  let squareColour: SquareColour | undefined;
  const colourFor = (style: string, ledge: number): SquareColour | undefined =>
    style === 'map' ? (m, i, range) => mapStyleSquareRgb(m, i, range, ledge) : undefined;

  // Counts repaints, so a copy of the picture (a gesture's under-picture) knows when it is stale.
  let version = 0;
  /** Shows what was painted: `full` when the full picture changed (the minimap's and a pan's copy). */
  const show = (full = true) => {
    if (full) version++;
    node.image(step > 1 ? reduced : canvas);
    node.getLayer()?.batchDraw();
  };

  /** Paints the whole reduced copy at the current step (a new map, a new look, another zoom level). */
  function paintReduced(m: BattleMap): void {
    if (step === 1 || !span) {
      reduced.width = reduced.height = 0;
      return;
    }
    paintTerrain(m, reduced, span, undefined, squareColour, step);
  }

  /** Paints pending bands until the slice's time is used (one at least), or all of them. */
  function paintBands(all = false): void {
    timer = undefined;
    const m = editor.doc()?.map;
    if (!m || !span || canvas.width !== m.width || canvas.height !== m.height) {
      bands = [];
      setPainting(false);
      return;
    }
    const started = performance.now();
    do {
      paintTerrain(m, canvas, span, bands.shift()!, squareColour);
    } while (bands.length && (all || performance.now() - started < SLICE_MS));
    if (!bands.length || performance.now() - shownAt >= SHOW_EVERY_MS) {
      shownAt = performance.now();
      // Zoomed out, the reduced copy is what is shown: the frame need not be drawn again.
      if (step > 1) version++;
      else show();
    }
    if (bands.length) timer = setTimeout(paintBands, 0);
    else setPainting(false);
  }

  function paintAll(m: BattleMap): void {
    if (canvas.width !== m.width || canvas.height !== m.height) {
      canvas.width = m.width;
      canvas.height = m.height;
    }
    const bandRows = Math.max(1, Math.floor(SLICE_SQUARES / m.width));
    const starts: number[] = [];
    for (let y = 0; y < m.height; y += bandRows) starts.push(y);
    // The bands in view first.
    const seen = visibleSquares(editor.view(), editor.viewport(), m.width, m.height);
    const inView = (y: number) => y < seen.y1 && y + bandRows > seen.y0;
    bands = [...starts.filter(inView), ...starts.filter((y) => !inView(y))].map((y) => ({ x: 0, y, width: m.width, height: Math.min(bandRows, m.height - y) }));
    setLastPainted({ x: 0, y: 0, width: m.width, height: m.height });
    setPainting(true);
    if (timer !== undefined) clearTimeout(timer);
    shownAt = -Infinity;
    if (step > 1) {
      // Zoomed out, the reduced copy is the map at once; the full picture follows in bands.
      paintReduced(m);
      shownAt = performance.now();
      show(false);
    }
    paintBands();
  }

  /**
   * Repaints an edited rectangle: the part in view at once (what the next frame shows), the rest
   * in bands in later tasks: zoomed in on a 2048² map, a fill of a million squares may show a tenth
   * of them, and colouring them all made the click's task long.
   */
  function paintEdit(m: BattleMap, rect: PixelRect): void {
    setLastPainted(rect);
    let rest: PixelRect[];
    if (step > 1) {
      // Zoomed out: the reduced copy now (a pixel per step² squares), the full picture after the frame.
      paintTerrain(m, reduced, span!, rect, squareColour, step);
      show(false);
      rest = [rect];
    } else {
      const seen = visibleSquares(editor.view(), editor.viewport(), m.width, m.height);
      const now = intersect(rect, { x: seen.x0, y: seen.y0, width: seen.x1 - seen.x0, height: seen.y1 - seen.y0 });
      rest = now ? around(rect, now) : [rect];
      if (now) paintTerrain(m, canvas, span!, now, squareColour);
      show();
    }
    const later = rest.flatMap((r) => cutIntoBands(r));
    if (!later.length) return;
    bands.push(...later);
    setPainting(true);
    // After the frame that shows the edit: a task queued now would run before it.
    if (timer !== undefined || frame !== undefined) return;
    frame = requestAnimationFrame(() => {
      frame = undefined;
      if (bands.length && timer === undefined) timer = setTimeout(paintBands, 0);
    });
  }

  createEffect(
    on(
      () => {
        const d = editor.doc();
        const m = d?.map;
        const style = editor.mapStyle();
        return d && m ? { doc: d, map: m, terrain: m.terrain, elevation: m.elevation, waterDepth: m.waterDepth, surface: m.surface, style, ruleset: d.ruleset } : null;
      },
      (now, before) => {
        if (!now) return;
        const m = now.map;
        const sameSize = !!before && before.map.width === m.width && before.map.height === m.height;
        const sameLook = !!before && now.style === before.style && now.ruleset === before.ruleset;
        squareColour = colourFor(now.style, RULESETS[now.ruleset].squareSize);
        if (sameSize && sameLook && now.terrain === before.terrain && now.elevation === before.elevation && now.waterDepth === before.waterDepth && (now.style !== 'map' || now.surface === before.surface)) return;
        const nextSpan = now.elevation === before?.elevation && span ? span : elevationSpan(m);
        const shadingSame = !!span && span.min === nextSpan.min && span.max === nextSpan.max;
        span = nextSpan;
        if (!sameSize || !shadingSame || !sameLook) {
          paintAll(m);
          return;
        }
        // The squares the edit says it changed; a comparison of the arrays when it cannot say.
        const edited = editedSquares(before.doc, now.doc);
        let rect: PixelRect | null = null;
        for (const [b, a] of [
          [before.terrain, now.terrain],
          [before.elevation, now.elevation],
          [before.waterDepth, now.waterDepth],
          // Soft ground is grass in the map view.
          ...(now.style === 'map' ? ([[before.surface, now.surface]] as const) : []),
        ] as const) {
          if (a === b) continue;
          const squares = edited && edited !== 'all' ? edited.get(a) : undefined;
          rect = unionRect(rect, squares ? rectOfSquares(m.width, squares) : changedRect(m.width, [[b, a]]));
        }
        if (rect) paintEdit(m, rect);
      },
    ),
  );
  // Placed by the map's size, not by every edit: a creature moved leaves the scene as it was (a
  // repaint of the terrain draws it itself, in `show`).
  const mapSize = createMemo(
    () => {
      const m = editor.doc()?.map;
      return m ? { width: m.width, height: m.height } : null;
    },
    null,
    { equals: (a, b) => a?.width === b?.width && a?.height === b?.height && !a === !b },
  );
  createEffect(() => {
    const m = mapSize();
    const v = editor.view();
    if (m) {
      const s = squarePixels(v);
      const next = terrainStep(s);
      const size = reducedSize(m, next);
      if (next !== step || (next > 1 && (reduced.width !== size.width || reduced.height !== size.height))) {
        step = next;
        // The squares as they are now, without following every edit (the edit paints its own).
        const now = untrack(editor.doc);
        if (now) paintReduced(now.map);
        node.image(step > 1 ? reduced : canvas);
      }
      node.position({ x: v.panX, y: v.panY });
      // A reduced copy's last pixels stand for whole blocks, which may run past the map's edge by
      // less than a screen pixel.
      node.size({ width: size.width * next * s, height: size.height * next * s });
    }
    node.visible(!!m && editor.layers().terrain);
    node.getLayer()?.batchDraw();
  });
  onCleanup(() => {
    if (timer !== undefined) clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  });

  /** Paints whatever bands are still pending now (the PNG export wants the whole image). */
  function finish(): void {
    if (!bands.length) return;
    if (timer !== undefined) clearTimeout(timer);
    paintBands(true);
  }

  return { node, canvas, lastPainted, painting, finish, version: () => version };
}

/** The overlap of two rectangles, or null. */
function intersect(a: PixelRect, b: PixelRect): PixelRect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** The parts of `outer` outside `inner` (which lies within it): up to four rectangles. */
function around(outer: PixelRect, inner: PixelRect): PixelRect[] {
  const out: PixelRect[] = [];
  const right = outer.x + outer.width;
  const bottom = outer.y + outer.height;
  if (inner.y > outer.y) out.push({ x: outer.x, y: outer.y, width: outer.width, height: inner.y - outer.y });
  if (inner.y + inner.height < bottom) out.push({ x: outer.x, y: inner.y + inner.height, width: outer.width, height: bottom - inner.y - inner.height });
  if (inner.x > outer.x) out.push({ x: outer.x, y: inner.y, width: inner.x - outer.x, height: inner.height });
  if (inner.x + inner.width < right) out.push({ x: inner.x + inner.width, y: inner.y, width: right - inner.x - inner.width, height: inner.height });
  return out;
}

/** A rectangle cut into bands of rows of about SLICE_SQUARES squares each. */
function cutIntoBands(r: PixelRect): PixelRect[] {
  const rows = Math.max(1, Math.floor(SLICE_SQUARES / r.width));
  const out: PixelRect[] = [];
  for (let y = r.y; y < r.y + r.height; y += rows) out.push({ x: r.x, y, width: r.width, height: Math.min(rows, r.y + r.height - y) });
  return out;
}
