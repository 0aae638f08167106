import { pictureToMap, type GridAlignment } from '../model/picture';

/**
 * Lining a picture up with the grid by hand (the editor's alignment tool, docs/pictures.md): pure
 * arithmetic on `GridAlignment`, in picture pixels and map squares.
 */

/**
 * The alignment a two-click calibration gives: `first` and `second` are two grid corners of the
 * picture (in picture pixels) `squares` squares apart along a row, a column or a diagonal. The
 * squares are `|Δ| / squares` pixels (the longer axis), and the first corner lands on the map's
 * grid corner `corner` (the one nearest where it was clicked), so the picture hardly moves.
 */
export function calibratedAlignment(first: { px: number; py: number }, second: { px: number; py: number }, squares: number, corner: { x: number; y: number }): GridAlignment | string {
  if (!(Number.isFinite(squares) && squares > 0)) return 'The number of squares between the two corners is a number above 0.';
  const span = Math.max(Math.abs(second.px - first.px), Math.abs(second.py - first.py));
  const pixelsPerSquare = span / squares;
  if (!(pixelsPerSquare >= 1)) return 'The two corners are too close together: click two grid corners some squares apart.';
  return { pixelsPerSquare, offsetX: first.px - corner.x * pixelsPerSquare, offsetY: first.py - corner.y * pixelsPerSquare };
}

/**
 * Pixels a square changed keeping the picture's middle square where it is (a bigger square grows
 * the picture around the map's middle, not its corner).
 */
export function scaledAbout(align: GridAlignment & { width: number; height: number }, pixelsPerSquare: number): GridAlignment {
  const middle = pictureToMap(align, align.width / 2, align.height / 2);
  return { pixelsPerSquare, offsetX: align.width / 2 - middle.x * pixelsPerSquare, offsetY: align.height / 2 - middle.y * pixelsPerSquare };
}

/**
 * Where a picture with no grid found goes under a map: scaled so the whole picture fits the map,
 * from its top-left corner, for the user to line up.
 */
export function fitAlignment(picture: { width: number; height: number }, map: { width: number; height: number }): GridAlignment {
  return { pixelsPerSquare: Math.max(1, picture.width / map.width, picture.height / map.height), offsetX: 0, offsetY: 0 };
}
