/**
 * Pictures on a battle map: the map's art under the rules, token art, labels and notes, and what a
 * drawing program's export carries that the grid cannot (walls as drawn, lights). Everything here is
 * data; the file format (`io/schema.ts`) checks it and the canvas, the CLI and the exports read it.
 *
 * Positions on the map are in squares, as real numbers: (0, 0) is the map's top-left corner and
 * (width, height) its bottom-right corner, so the centre of square (x, y) is (x + 0.5, y + 0.5).
 */

export const PICTURE_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PictureMime = (typeof PICTURE_MIMES)[number];

/** An image file kept exactly as it came: its bytes are never decoded and encoded again. */
export interface PictureFile {
  mime: PictureMime;
  /** The file's bytes, base64 (standard alphabet, padded). */
  data: string;
  /** Size in pixels, read from the file's header. */
  width: number;
  height: number;
}

/**
 * How a picture lies on the grid, as Foundry's grid configuration and Universal VTT's `map_origin`
 * say it: `pixelsPerSquare` picture pixels make one square, and the picture pixel (`offsetX`,
 * `offsetY`) lies on the map's top-left corner. Offsets are any real number: a negative one puts
 * the picture's edge inside the map, and resizing the map on its top or left side moves them by
 * whole squares, so the picture stays put under the squares.
 */
export interface GridAlignment {
  pixelsPerSquare: number;
  offsetX: number;
  offsetY: number;
}

/** The map's picture: the art the rules are painted over. */
export interface MapPicture extends PictureFile, GridAlignment {
  /** 0 (invisible) to 1 (opaque). */
  opacity: number;
}

/** Where a picture pixel falls on the map, in squares. */
export function pictureToMap(align: GridAlignment, px: number, py: number): { x: number; y: number } {
  return { x: (px - align.offsetX) / align.pixelsPerSquare, y: (py - align.offsetY) / align.pixelsPerSquare };
}

/** Which picture pixel lies at a map position given in squares. */
export function mapToPicture(align: GridAlignment, x: number, y: number): { px: number; py: number } {
  return { px: align.offsetX + x * align.pixelsPerSquare, py: align.offsetY + y * align.pixelsPerSquare };
}

/**
 * The map a picture fills: whole squares from the first grid line inside the picture to the last,
 * at least one square a side. "New map from picture" uses it.
 */
export function squaresInPicture(picture: Pick<PictureFile, 'width' | 'height'>, align: GridAlignment): { width: number; height: number } {
  const first = (offset: number) => ((offset % align.pixelsPerSquare) + align.pixelsPerSquare) % align.pixelsPerSquare;
  const count = (size: number, offset: number) => Math.max(1, Math.floor((size - first(offset) + 1e-6) / align.pixelsPerSquare));
  return { width: count(picture.width, align.offsetX), height: count(picture.height, align.offsetY) };
}

/** A creature's token art, shared by every creature that names its id (twenty goblins, one picture). */
export interface TokenImage extends PictureFile {
  id: string;
}

export const LABEL_KINDS = ['label', 'note'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/**
 * Text on the map: a label (a room name, a warning) is part of the map everyone sees; a note is the
 * GM's (longer text), left out of exports made for players unless `forPlayers` says otherwise.
 */
export interface MapLabel {
  id: string;
  kind: LabelKind;
  text: string;
  /** Where the text is anchored (its centre for a label, its pin for a note), in squares. */
  x: number;
  y: number;
  /** A note shown to players too. Labels are always shown. */
  forPlayers?: boolean;
}

/**
 * A light as a drawing program placed it (Universal VTT's `lights`): kept and exported again. It is
 * not the Epic Path light layer, which says what the rules see; a designer paints that apart.
 */
export interface MapLight {
  x: number;
  y: number;
  /** Radius in squares. */
  range: number;
  /** As the source gave it (Universal VTT: 0 to 1 and over). */
  intensity: number;
  /** `#rrggbb` or `#rrggbbaa`. */
  color: string;
  shadows: boolean;
}

export interface MapPoint {
  x: number;
  y: number;
}

export const PORTAL_KINDS = ['door', 'window'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];

/** A door or window as drawn: a segment that need not lie on a grid line. */
export interface DrawnPortal {
  kind: PortalKind;
  a: MapPoint;
  b: MapPoint;
}

/**
 * Walls, doors and windows as a drawing program drew them (a `.dd2vtt`'s `line_of_sight` and
 * `portals`), off the grid as often as not. The rules use the grid edges nearest to them (the edge
 * layers); these are kept so the drawn shapes survive for display and every export.
 */
export interface DrawnGeometry {
  /** Each wall a polyline of two or more points. */
  walls: MapPoint[][];
  portals: DrawnPortal[];
}
