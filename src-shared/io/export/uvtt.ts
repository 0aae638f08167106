import type { Encounter, MapLight, MapPoint } from '../../model';
import type { MapStyle } from '../../render/map-style';
import { encodeBase64 } from './base64';
import { exportGeometry } from './drawn';
import { exportedPicture, pictureBytes, pictureGridFits, type PictureChoice, type RgbaImage } from './picture';
import { mapPng, type RgbImage } from './raster';

/**
 * Universal VTT (`.dd2vtt`, Dungeondraft's export, read by the Foundry, Owlbear, Roll20 and
 * Fantasy Grounds importers), format 0.3, written as moo-man/FVTT-DD-Import (ddimport.js) reads it:
 * - `image` is drawn stretched to `map_size` × `pixels_per_grid` pixels from `map_origin`
 *   (DDImport, `_uploadLevelImages`), and every coordinate is in grid units with `map_origin`
 *   subtracted (makeWall, GetDoors, GetLights). So the map's own picture goes out unchanged when
 *   its grid fits (whole pixels per square, the map starting on one of its grid corners, covering
 *   the map): `pixels_per_grid` its pixels per square, `map_size` the picture in squares, and our
 *   coordinates shifted by the squares the picture has before the map. Otherwise the picture is
 *   drawn under the map and encoded again (the export notice says so);
 * - `line_of_sight`: polylines in grid units: walls as drawn (`encounter.drawn`), our grid walls,
 *   and the outline of squares that stop sight (low obstacles do not stop sight, so are not there);
 * - `portals`: `position` (centre), `bounds` (its two ends), `rotation` in radians,
 *   `freestanding: false`, and `closed`, which importers read as "a door" (FVTT-DD-Import GetDoors:
 *   `door: closed ? 1 : 0`, and an unclosed portal a wall that stops movement but not sight, a
 *   window). The format has no open door, so every door, open or closed, goes out closed, and every
 *   window and low obstacle open (the notice names the open doors that went out closed);
 * - `lights`: `position`, `range` in squares, `intensity`, `color` AARRGGBB hex, `shadows`;
 * - `objects_line_of_sight: []` is always present (importers crash without it).
 * Creatures, elevation and terrain costs have no field in the format.
 */
export const UVTT_FORMAT = 0.3;

export interface UvttOptions {
  /** Pixels per square of the image when it is drawn (no picture, or one that does not fit). */
  pixelsPerSquare: number;
  grid: boolean;
  style?: MapStyle;
  picture?: PictureChoice;
  /** The picture's pixels, when it must be drawn under the map (`uvttPictureFits` false, or labels burnt in). */
  decoded?: RgbImage;
  /** Draw the image again even when the picture fits (labels burnt in), with `overlay` over it. */
  drawAgain?: boolean;
  overlay?: RgbaImage;
}

export interface UvttPoint {
  x: number;
  y: number;
}

/** Whether the map's picture goes out as it is (true), must be drawn again (false), or there is none (null). */
export function uvttPictureFits(encounter: Encounter, choice: PictureChoice | undefined): boolean | null {
  const picture = exportedPicture(encounter, choice);
  return picture ? pictureGridFits(picture, encounter.map) !== null : null;
}

/** `#rrggbb[aa]` as Dungeondraft's AARRGGBB. */
export function uvttColor(color: string): string {
  const hex = color.slice(1).toLowerCase();
  return hex.length === 8 ? hex.slice(6) + hex.slice(0, 6) : `ff${hex}`;
}

export function uvttMap(encounter: Encounter, options: UvttOptions): Record<string, unknown> {
  const map = encounter.map;
  const picture = exportedPicture(encounter, options.picture);
  const fits = picture && !options.drawAgain ? pictureGridFits(picture, map) : null;
  // Squares the image has before the map's top-left corner; every coordinate moves by them.
  const shift = fits ? { x: fits.shiftX, y: fits.shiftY } : { x: 0, y: 0 };
  const at = (p: MapPoint): UvttPoint => ({ x: p.x + shift.x, y: p.y + shift.y });
  const geometry = exportGeometry(encounter, { outline: true });
  const line_of_sight: UvttPoint[][] = geometry.walls.map((w) => w.points.map(at));
  const portals: Record<string, unknown>[] = [];
  const portal = (a: UvttPoint, b: UvttPoint, closed: boolean) =>
    portals.push({ position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, bounds: [a, b], rotation: Math.atan2(b.y - a.y, b.x - a.x), closed, freestanding: false });
  for (const p of geometry.portals) {
    // Doors, open or closed, are closed portals (a door to the importers); the rest are windows.
    const closed = p.kind === 'door-closed' || p.kind === 'door-open';
    if (p.drawn) {
      portal(at(p.a), at(p.b), closed);
      continue;
    }
    // One portal a grid square, as the import reads them back (a run of low obstacles or windows is
    // merged in the geometry), so UVTT → import → UVTT gives the same portals.
    const along = p.a.y === p.b.y;
    const n = along ? p.b.x - p.a.x : p.b.y - p.a.y;
    for (let k = 0; k < n; k++) {
      const a = along ? { x: p.a.x + k, y: p.a.y } : { x: p.a.x, y: p.a.y + k };
      const b = along ? { x: a.x + 1, y: a.y } : { x: a.x, y: a.y + 1 };
      portal(at(a), at(b), closed);
    }
  }
  const lights = (encounter.lights ?? []).map((l: MapLight) => ({ position: at(l), range: l.range, intensity: l.intensity, color: uvttColor(l.color), shadows: l.shadows }));
  let image: Uint8Array;
  let resolution: Record<string, unknown>;
  if (picture && fits) {
    image = pictureBytes(picture);
    const s = Math.round(picture.pixelsPerSquare);
    resolution = { map_origin: { x: 0, y: 0 }, map_size: { x: picture.width / s, y: picture.height / s }, pixels_per_grid: s };
  } else {
    image = mapPng(encounter, { pixelsPerSquare: options.pixelsPerSquare, grid: options.grid, creatures: false, picture: picture && options.decoded ? { image: options.decoded, placement: picture } : undefined, overlay: options.overlay, style: options.style });
    resolution = { map_origin: { x: 0, y: 0 }, map_size: { x: map.width, y: map.height }, pixels_per_grid: options.pixelsPerSquare };
  }
  return {
    format: UVTT_FORMAT,
    resolution,
    line_of_sight,
    objects_line_of_sight: [],
    portals,
    environment: { baked_lighting: true, ambient_light: 'ffffffff' },
    lights,
    image: encodeBase64(image),
  };
}
