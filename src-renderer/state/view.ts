/**
 * The map view: how squares map to screen pixels. Pure arithmetic, shared by the canvas, the
 * keyboard and wheel handlers, and the status bar.
 */

/** Pixels per square at 100 % zoom. */
export const SQUARE_PIXELS = 32;
export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
/** One Ctrl +/- step; a wheel notch is a fraction of it. */
export const ZOOM_STEP = 1.25;

export interface View {
  zoom: number;
  /** Screen position of the map's top-left corner, in CSS pixels. */
  panX: number;
  panY: number;
}

export interface Size {
  width: number;
  height: number;
}

export function squarePixels(view: View): number {
  return SQUARE_PIXELS * view.zoom;
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Zooms by `factor` keeping the map point under `anchor` (screen pixels) where it is. */
export function zoomAt(view: View, factor: number, anchor: { x: number; y: number }): View {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { zoom, panX: anchor.x - (anchor.x - view.panX) * k, panY: anchor.y - (anchor.y - view.panY) * k };
}

/** The view that shows the whole map centred in the viewport with a margin. */
export function fitView(mapWidth: number, mapHeight: number, viewport: Size, margin = 24): View {
  const availW = Math.max(1, viewport.width - 2 * margin);
  const availH = Math.max(1, viewport.height - 2 * margin);
  const zoom = clampZoom(Math.min(availW / (mapWidth * SQUARE_PIXELS), availH / (mapHeight * SQUARE_PIXELS)));
  const s = SQUARE_PIXELS * zoom;
  return { zoom, panX: (viewport.width - mapWidth * s) / 2, panY: (viewport.height - mapHeight * s) / 2 };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, panX: view.panX + dx, panY: view.panY + dy };
}

/** The square under a screen point (may be off the map). */
export function squareAt(view: View, point: { x: number; y: number }): { x: number; y: number } {
  const s = squarePixels(view);
  return { x: Math.floor((point.x - view.panX) / s), y: Math.floor((point.y - view.panY) / s) };
}

/** The range of squares at least partly visible, clamped to the map. */
export function visibleSquares(view: View, viewport: Size, mapWidth: number, mapHeight: number) {
  const s = squarePixels(view);
  return {
    x0: Math.max(0, Math.floor(-view.panX / s)),
    y0: Math.max(0, Math.floor(-view.panY / s)),
    x1: Math.min(mapWidth, Math.ceil((viewport.width - view.panX) / s)),
    y1: Math.min(mapHeight, Math.ceil((viewport.height - view.panY) / s)),
  };
}
