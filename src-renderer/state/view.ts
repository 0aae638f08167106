/**
 * The map view: how squares map to screen pixels. Pure arithmetic, shared by the canvas, the
 * keyboard and wheel handlers, and the status bar.
 */

/** Pixels per square at 100 % zoom. */
export const SQUARE_PIXELS = 32;
/** The zoom floor when no map says otherwise (see `zoomFloor`). */
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

export function clampZoom(zoom: number, floor = MIN_ZOOM): number {
  return Math.min(MAX_ZOOM, Math.max(floor, zoom));
}

/** The zoom at which the whole map just fits the viewport inside the margin (no limits applied). */
function fitZoom(mapWidth: number, mapHeight: number, viewport: Size, margin: number, below = 0): number {
  const availW = Math.max(1, viewport.width - 2 * margin);
  const availH = Math.max(1, viewport.height - 2 * margin - below);
  return Math.min(availW / (mapWidth * SQUARE_PIXELS), availH / (mapHeight * SQUARE_PIXELS));
}

/**
 * How far out this map may be zoomed: until it fills half of the fitted size. A fixed floor either
 * kept a 2048² map from fitting or let a small map shrink to a speck; never above 100 %, so a tiny
 * map can still be seen at its actual size.
 */
export function zoomFloor(mapWidth: number, mapHeight: number, viewport: Size, margin = 24): number {
  return Math.min(1, fitZoom(mapWidth, mapHeight, viewport, margin) / 2);
}

/** Zooms by `factor` keeping the map point under `anchor` (screen pixels) where it is. */
export function zoomAt(view: View, factor: number, anchor: { x: number; y: number }, floor = MIN_ZOOM): View {
  const zoom = clampZoom(view.zoom * factor, floor);
  const k = zoom / view.zoom;
  return { zoom, panX: anchor.x - (anchor.x - view.panX) * k, panY: anchor.y - (anchor.y - view.panY) * k };
}

/**
 * Room a fit keeps clear at the bottom of the view, besides its margin: the notices stack there
 * (components/Notices.tsx, two lines high at 12 px from the edge), and should not cover the map's squares.
 */
export const NOTICE_ROOM = 48;
/** A fit's margin all round, in CSS pixels. */
export const FIT_MARGIN = 24;

/**
 * The view that shows the whole map centred in the viewport with a margin, and `below` pixels more
 * kept clear at the bottom (the notices' room).
 */
export function fitView(mapWidth: number, mapHeight: number, viewport: Size, margin = FIT_MARGIN, below = 0): View {
  return fitRect({ x: 0, y: 0, width: mapWidth, height: mapHeight }, viewport, margin, below);
}

/** A rectangle of squares. */
export interface SquareRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The view that shows `rect` centred in the viewport with a margin: the whole map for a fit, the
 * selection for a zoom to selection. Only the upper limit applies: the fit is what sets the floor.
 */
export function fitRect(rect: SquareRect, viewport: Size, margin = 24, below = 0): View {
  const zoom = Math.min(MAX_ZOOM, fitZoom(rect.width, rect.height, viewport, margin, below));
  const s = SQUARE_PIXELS * zoom;
  return { zoom, panX: (viewport.width - rect.width * s) / 2 - rect.x * s, panY: (viewport.height - below - rect.height * s) / 2 - rect.y * s };
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

export type Corner = 'bottom-left' | 'bottom-right' | 'top-right' | 'top-left';

/**
 * Where the minimap sits: bottom left, unless it would hide squares there that cannot be panned
 * out from under it without taking the map's edge off that side of the view (the map's bottom-left
 * corner panned into view): then the first corner that hides none (bottom right, top right, top
 * left); bottom left when every corner does. `box` is the minimap's size with its margin.
 */
export function minimapCorner(view: View, viewport: Size, mapWidth: number, mapHeight: number, box: Size): Corner {
  const s = squarePixels(view);
  const map = { left: view.panX, top: view.panY, right: view.panX + mapWidth * s, bottom: view.panY + mapHeight * s };
  const hidesNothing = (corner: Corner) => {
    const leftSide = corner.endsWith('left');
    const topSide = corner.startsWith('top');
    const left = leftSide ? 0 : viewport.width - box.width;
    const top = topSide ? 0 : viewport.height - box.height;
    const apart = left + box.width <= map.left || left >= map.right || top + box.height <= map.top || top >= map.bottom;
    // The map goes on past both of the corner's sides by the box's size: a pan brings those squares out.
    const beyondX = leftSide ? map.left <= -box.width : map.right >= viewport.width + box.width;
    const beyondY = topSide ? map.top <= -box.height : map.bottom >= viewport.height + box.height;
    return apart || (beyondX && beyondY);
  };
  const corners: Corner[] = ['bottom-left', 'bottom-right', 'top-right', 'top-left'];
  return corners.find(hidesNothing) ?? 'bottom-left';
}
