import Konva from 'konva';
import { createEffect, createSignal, on, onCleanup } from 'solid-js';
import type { Encounter } from '../../../src-shared/model';
import { FINEST, groundRange, MATERIAL_NAMES, mapStyleOptions, mapStyleSeed, prepareMapStyle, renderMapStyle, type MaterialId, type SquareRect } from '../../../src-shared/render/map-style';
import { editedSquares } from '../../state/document';
import type { Editor } from '../../state/editor';
import { squarePixels, visibleSquares, type View } from '../../state/view';
import { konvaContext, type DrawContext } from './draw-context';
import { rectOfSquares, unionRect } from './terrain-pixels';

/** Tiles are drawn at most this many pixels a square; zoomed in further they are scaled up. */
export const MAX_TILE_PIXELS = 32;
/** A tile is about this many pixels a side, whatever its scale. */
const TILE_PIXELS = 256;
/** Time one task of tile drawing may take; the rest wait for the next task. */
const SLICE_MS = 6;
/** Memory the tile bitmaps may hold, in pixels (4 bytes each): 96 MB. */
const PIXEL_BUDGET = 24 * 1024 * 1024;

/** The pixels a square that tiles are drawn at for a zoom: a power of two at or above it, at most 32. */
export const tileScale = (s: number): number => Math.min(MAX_TILE_PIXELS, 2 ** Math.ceil(Math.log2(Math.max(1, s))));
/** Squares along a tile's side at a scale. */
export const tileSquares = (scale: number): number => Math.max(4, Math.round(TILE_PIXELS / scale));

interface Tile {
  scale: number;
  rect: SquareRect;
  canvas: HTMLCanvasElement;
}

/**
 * The map view: the map drawn in the map style (`src-shared/render/map-style.ts`, the code the
 * exports use) from tiles of ~256 px cached as bitmaps, at a power-of-two scale per zoom, so a pan
 * or zoom blits cached tiles. A frame never draws a tile: those not drawn yet are drawn in tasks of
 * their own (~6 ms each, the visible ones of the latest frame), and the layer is redrawn once they
 * are all done; until then the terrain image under this layer shows each
 * square's average colour. An edit drops only the tiles its squares touch (and their
 * neighbours': cliffs and walls reach across a square's edge).
 */
export function createMapStyleLayer(editor: Editor, shown: () => boolean) {
  const tiles = new Map<string, Tile>();
  let pixels = 0;
  let range: { min: number; span: number } | null = null;
  // What the tiles were drawn for: another seed (a renamed encounter), ruleset or size drops them all.
  let drawnFor = '';
  const [lastDropped, setLastDropped] = createSignal<SquareRect | 'all' | null>(null);
  /** Tiles drawn so far (tests: an edit redraws only its tiles). */
  let drawnCount = 0;

  const key = (scale: number, tx: number, ty: number) => `${scale}:${tx}:${ty}`;

  function dropAll(): void {
    tiles.clear();
    pixels = 0;
    setLastDropped('all');
  }
  function dropRect(r: SquareRect): void {
    // One square around: a cliff's shadow and a wall's body cross into the neighbour.
    const x0 = r.x - 1;
    const y0 = r.y - 1;
    const x1 = r.x + r.width + 1;
    const y1 = r.y + r.height + 1;
    for (const [k, t] of tiles) {
      if (t.rect.x < x1 && x0 < t.rect.x + t.rect.width && t.rect.y < y1 && y0 < t.rect.y + t.rect.height) {
        tiles.delete(k);
        pixels -= t.canvas.width * t.canvas.height;
      }
    }
    setLastDropped(r);
  }

  function drawTile(d: Encounter, scale: number, rect: SquareRect): HTMLCanvasElement {
    const image = renderMapStyle(d.map, mapStyleOptions(d, scale), rect, range ?? undefined);
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')!.putImageData(new ImageData(image.data as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), 0, 0);
    drawnCount++;
    return canvas;
  }

  function remember(k: string, tile: Tile): void {
    tiles.set(k, tile);
    pixels += tile.canvas.width * tile.canvas.height;
    for (const [old, t] of tiles) {
      if (pixels <= PIXEL_BUDGET || old === k) break;
      tiles.delete(old);
      pixels -= t.canvas.width * t.canvas.height;
    }
  }

  // Tiles a frame found missing, drawn in tasks of their own (`fill`).
  let wanted: { k: string; scale: number; rect: SquareRect }[] = [];
  let filling: ReturnType<typeof setTimeout> | undefined;
  function fill(): void {
    filling = undefined;
    const d = editor.doc();
    if (!d || !shown()) return void (wanted = []);
    const started = performance.now();
    while (wanted.length && performance.now() - started < SLICE_MS) {
      const w = wanted.shift()!;
      if (!tiles.has(w.k) && w.rect.x + w.rect.width <= d.map.width && w.rect.y + w.rect.height <= d.map.height) remember(w.k, { scale: w.scale, rect: w.rect, canvas: drawTile(d, w.scale, w.rect) });
    }
    // Redrawn once all are drawn: a redraw mid-gesture takes the gesture's snapshot again (tens of ms).
    if (wanted.length) filling = setTimeout(fill, 0);
    else node.getLayer()?.batchDraw();
  }

  /**
   * Draws the visible tiles. On screen (`later`) a missing tile is left to `fill`; otherwise (tests,
   * a picture of the whole map) it is drawn now. False when some were left.
   */
  function paint(ctx: DrawContext, d: Encounter, view: View, later = false, viewport = editor.viewport()): boolean {
    const s = squarePixels(view);
    const scale = tileScale(s);
    const T = tileSquares(scale);
    const seen = visibleSquares(view, viewport, d.map.width, d.map.height);
    let complete = true;
    if (later) wanted = [];
    // Scaled tiles are smoothed; the scene layer's default (for the terrain's square pixels) is off.
    ctx.setAttr('imageSmoothingEnabled', true);
    for (let ty = Math.floor(seen.y0 / T) * T; ty < seen.y1; ty += T) {
      for (let tx = Math.floor(seen.x0 / T) * T; tx < seen.x1; tx += T) {
        const k = key(scale, tx, ty);
        let tile = tiles.get(k);
        if (tile) {
          // Most recently used last.
          tiles.delete(k);
          tiles.set(k, tile);
        } else if (!later) {
          const rect = { x: tx, y: ty, width: Math.min(T, d.map.width - tx), height: Math.min(T, d.map.height - ty) };
          tile = { scale, rect, canvas: drawTile(d, scale, rect) };
          remember(k, tile);
        } else {
          // Left to a task of its own; meanwhile the terrain image's average colours show here.
          complete = false;
          wanted.push({ k, scale, rect: { x: tx, y: ty, width: Math.min(T, d.map.width - tx), height: Math.min(T, d.map.height - ty) } });
          continue;
        }
        ctx.drawImage(tile.canvas, view.panX + tx * s, view.panY + ty * s, tile.rect.width * s, tile.rect.height * s);
      }
    }
    ctx.setAttr('imageSmoothingEnabled', false);
    return complete;
  }

  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      if (!d || !shown()) return;
      if (!paint(konvaContext(ctx), d, editor.view(), true) && filling === undefined) filling = setTimeout(fill, 0);
    },
  });

  // Edits drop the tiles of their squares; a new map, seed, ruleset or ground range drops them all.
  createEffect(
    on(
      () => {
        const d = editor.doc();
        const m = d?.map;
        return d && m ? { doc: d, arrays: [m.terrain, m.elevation, m.waterDepth, m.surface, m.edgeEast, m.edgeSouth], look: `${d.name}|${d.ruleset}|${m.width}x${m.height}` } : null;
      },
      (now, before) => {
        if (!now) return;
        const nextRange = groundRange(now.doc.map);
        const sameRange = !!range && range.min === nextRange.min && range.span === nextRange.span;
        range = nextRange;
        if (!before || now.look !== drawnFor || !sameRange) {
          drawnFor = now.look;
          dropAll();
        } else {
          const edited = editedSquares(before.doc, now.doc);
          let rect: SquareRect | null = null;
          now.arrays.forEach((a, i) => {
            const b = before.arrays[i]!;
            if (a === b) return;
            const squares = edited && edited !== 'all' ? edited.get(a) : undefined;
            rect = unionRect(rect, squares ? rectOfSquares(now.doc.map.width, squares) : { x: 0, y: 0, width: now.doc.map.width, height: now.doc.map.height });
          });
          if (!rect) return;
          dropRect(rect);
        }
        node.getLayer()?.batchDraw();
      },
    ),
  );
  // The finest textures (every zoom's are averaged from them) made in idle tasks, one material a
  // task, as soon as the map view is shown: the first frames then only draw tiles.
  let warm: ReturnType<typeof setTimeout> | undefined;
  createEffect(() => {
    const d = editor.doc();
    if (!d || !shown()) return;
    const seed = mapStyleSeed(d);
    let m = 0;
    const step = () => {
      warm = undefined;
      if (m >= MATERIAL_NAMES.length) return;
      prepareMapStyle(seed, FINEST, m++ as MaterialId);
      warm = setTimeout(step, 0);
    };
    if (warm !== undefined) clearTimeout(warm);
    warm = setTimeout(step, 0);
  });
  onCleanup(() => {
    if (warm !== undefined) clearTimeout(warm);
    if (filling !== undefined) clearTimeout(filling);
  });
  createEffect(() => {
    editor.view();
    editor.viewport();
    node.visible(shown());
    node.getLayer()?.batchDraw();
  });
  onCleanup(() => dropAll());

  return {
    node,
    /** Draws the visible tiles for a view (all of them now, or as on screen with `later`). */
    paint,
    /** Tiles waiting to be drawn (tests wait for none). */
    pending: () => wanted.length,
    lastDropped,
    /** How many tiles have been drawn, and how many are kept. */
    stats: () => ({ drawn: drawnCount, kept: tiles.size }),
  };
}
