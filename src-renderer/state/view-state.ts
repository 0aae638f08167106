import { createSignal } from 'solid-js';
import type { MapStyle } from '../../src-shared/render/map-style';
import type { Square } from './selection';
import { FIT_MARGIN, fitRect, fitView, MIN_ZOOM, NOTICE_ROOM, panBy, squarePixels, zoomAt, zoomFloor, ZOOM_STEP, type Size, type SquareRect, type View } from './view';

/**
 * The view as signals: zoom and pan, the size of the map's viewport, the square under the pointer,
 * the grid and layer toggles. The arithmetic is pure and lives in `view.ts`.
 */
export interface LayerVisibility {
  terrain: boolean;
  /** Contour lines, heights and ledges (the shading is part of the terrain image). */
  elevation: boolean;
  /** Water depths. */
  water: boolean;
  /** Edges: walls, low obstacles, doors. */
  walls: boolean;
  creatures: boolean;
  /** The selected creature's reach and path in Edit mode: off until asked for (Play shows its own). */
  overlays: boolean;
  /** Text labels and GM notes. */
  labels: boolean;
  /** Walls, doors, windows and lights as a drawing program drew them (a `.dd2vtt`'s). */
  drawn: boolean;
}

export function createViewState(mapSize: () => { width: number; height: number } | null) {
  const [view, setView] = createSignal<View>({ zoom: 1, panX: 0, panY: 0 });
  const [viewport, setViewport] = createSignal<Size>({ width: 800, height: 600 });
  const [hover, setHover] = createSignal<Square | null>(null);
  const [showGrid, setShowGrid] = createSignal(true);
  const [layers, setLayers] = createSignal<LayerVisibility>({ terrain: true, elevation: true, water: true, walls: true, creatures: true, overlays: false, labels: true, drawn: true });
  // The rules view (flat colours, every rule mark) or the map view players see (docs/map-style.md); per window.
  const [mapStyle, setMapStyle] = createSignal<MapStyle>('rules');
  // Until the canvas has measured itself, a fit would use a made-up size and be thrown away.
  let measured = false;
  let fitPending = false;

  /** Fits the map once the viewport's real size is known (now, or when the canvas measures it). */
  function fitWhenMeasured(): void {
    const m = mapSize();
    if (measured && m) {
      fitPending = false;
      setView(fitView(m.width, m.height, viewport(), FIT_MARGIN, NOTICE_ROOM));
    } else fitPending = true;
  }
  function measureViewport(size: Size): void {
    const same = size.width === viewport().width && size.height === viewport().height;
    if (!same) setViewport(size);
    measured = true;
    if (fitPending) fitWhenMeasured();
  }

  const centre = () => ({ x: viewport().width / 2, y: viewport().height / 2 });
  /** The zoom floor for the map open now. */
  const floor = () => {
    const m = mapSize();
    return m ? zoomFloor(m.width, m.height, viewport()) : MIN_ZOOM;
  };
  const zoomIn = (anchor = centre()) => setView((v) => zoomAt(v, ZOOM_STEP, anchor, floor()));
  const zoomOut = (anchor = centre()) => setView((v) => zoomAt(v, 1 / ZOOM_STEP, anchor, floor()));
  const zoomBy = (factor: number, anchor = centre()) => setView((v) => zoomAt(v, factor, anchor, floor()));
  function zoomToFit(): void {
    const m = mapSize();
    if (m) setView(fitView(m.width, m.height, viewport(), FIT_MARGIN, NOTICE_ROOM));
  }
  /** Shows the squares in `rect` as large as the view allows (zoom to selection). */
  const zoomToRect = (rect: SquareRect) => setView(fitRect(rect, viewport()));
  const actualSize = () => setView((v) => zoomAt(v, 1 / v.zoom, centre(), floor()));
  const pan = (dx: number, dy: number) => setView((v) => panBy(v, dx, dy));
  /**
   * The map was resized (or the resize undone), its squares moved by `shift`: a map that was wholly
   * in view is fitted again, so the new squares show whatever the anchor; otherwise the squares
   * that stayed stay where they were on screen.
   */
  function followResize(old: Size, shift: { dx: number; dy: number }): void {
    const v = view();
    const s = squarePixels(v);
    const vp = viewport();
    const whole = v.panX >= -1 && v.panY >= -1 && v.panX + old.width * s <= vp.width + 1 && v.panY + old.height * s <= vp.height + 1;
    if (whole) zoomToFit();
    else setView(panBy(v, -shift.dx * s, -shift.dy * s));
  }

  return { view, setView, viewport, measureViewport, fitWhenMeasured, hover, setHover, showGrid, setShowGrid, layers, setLayers, mapStyle, setMapStyle, zoomIn, zoomOut, zoomBy, zoomToFit, zoomToRect, actualSize, pan, followResize };
}

export type ViewState = ReturnType<typeof createViewState>;
