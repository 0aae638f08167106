import Konva from 'konva';
import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import { RULESETS, type BattleMap } from '../../../src-shared/model';
import { mapStyleSquareRgb } from '../../../src-shared/render/map-style';
import { editedSquares } from '../../state/document';
import type { Editor } from '../../state/editor';
import { squarePixels, visibleSquares } from '../../state/view';
import { changedRect, elevationSpan, paintTerrain, rectOfSquares, unionRect, type ElevationSpan, type PixelRect, type SquareColour } from './terrain-pixels';

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

/**
 * The terrain image: one pixel per square on an offscreen canvas, scaled to the view. An edit
 * repaints only the rectangle of squares it touched (the command's own squares, found without
 * comparing whole arrays); a new map, another size or a change of the lowest or highest ground
 * (which shades every square) repaints it all — in bands, the rows in view first and the rest in
 * later tasks, so opening a big map never blocks the window for long.
 */
export function createTerrainLayer(editor: Editor) {
  const canvas = document.createElement('canvas');
  const node = new Konva.Image({ image: canvas, x: 0, y: 0, width: 1, height: 1, listening: false });
  // What the last repaint covered, in squares: tests check a one-square edit repaints one square.
  const [lastPainted, setLastPainted] = createSignal<PixelRect | null>(null);
  // Whether a whole repaint still has bands to paint (tests wait for it).
  const [painting, setPainting] = createSignal(false);
  let span: ElevationSpan | null = null;
  let bands: number[] = [];
  let bandRows = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shownAt = -Infinity;
  // In the map view each square is its texture's average colour: what shows while the textured
  // tiles are drawn, under a pan's snapshot and in the minimap.
  let squareColour: SquareColour | undefined;
  const colourFor = (style: string, ledge: number): SquareColour | undefined =>
    style === 'map' ? (m, i, range) => mapStyleSquareRgb(m, i, range, ledge) : undefined;

  // Counts repaints, so a copy of the picture (a gesture's under-picture) knows when it is stale.
  let version = 0;
  const show = () => {
    version++;
    node.image(canvas);
    node.getLayer()?.batchDraw();
  };

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
      const y = bands.shift()!;
      paintTerrain(m, canvas, span, { x: 0, y, width: m.width, height: Math.min(bandRows, m.height - y) }, squareColour);
    } while (bands.length && (all || performance.now() - started < SLICE_MS));
    if (!bands.length || performance.now() - shownAt >= SHOW_EVERY_MS) {
      shownAt = performance.now();
      show();
    }
    if (bands.length) timer = setTimeout(paintBands, 0);
    else setPainting(false);
  }

  function paintAll(m: BattleMap): void {
    if (canvas.width !== m.width || canvas.height !== m.height) {
      canvas.width = m.width;
      canvas.height = m.height;
    }
    bandRows = Math.max(1, Math.floor(SLICE_SQUARES / m.width));
    const starts: number[] = [];
    for (let y = 0; y < m.height; y += bandRows) starts.push(y);
    // The bands in view first.
    const seen = visibleSquares(editor.view(), editor.viewport(), m.width, m.height);
    const inView = (y: number) => y < seen.y1 && y + bandRows > seen.y0;
    bands = [...starts.filter(inView), ...starts.filter((y) => !inView(y))];
    setLastPainted({ x: 0, y: 0, width: m.width, height: m.height });
    setPainting(true);
    if (timer !== undefined) clearTimeout(timer);
    shownAt = -Infinity;
    paintBands();
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
        if (!rect) return;
        setLastPainted(paintTerrain(m, canvas, span, rect, squareColour));
        show();
      },
    ),
  );
  createEffect(() => {
    const d = editor.doc();
    const v = editor.view();
    if (d) {
      const s = squarePixels(v);
      node.position({ x: v.panX, y: v.panY });
      node.size({ width: d.map.width * s, height: d.map.height * s });
    }
    node.visible(!!d && editor.layers().terrain);
    node.getLayer()?.batchDraw();
  });
  onCleanup(() => timer !== undefined && clearTimeout(timer));

  /** Paints whatever bands are still pending now (the PNG export wants the whole image). */
  function finish(): void {
    if (!bands.length) return;
    if (timer !== undefined) clearTimeout(timer);
    paintBands(true);
  }

  return { node, canvas, lastPainted, painting, finish, version: () => version };
}
