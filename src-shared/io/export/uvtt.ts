import type { Encounter } from '../../model';
import { encodeBase64 } from './base64';
import { mapSegments, SEE_THROUGH } from './geometry';
import { mapPng } from './raster';

/**
 * Universal VTT (`.dd2vtt`, Dungeondraft's export, read by the Foundry, Owlbear, Roll20 and
 * Fantasy Grounds importers), format 0.3:
 * - `resolution.map_size` in squares, `pixels_per_grid` an integer, and `image` a base64 PNG of
 *   exactly map_size × pixels_per_grid pixels;
 * - `line_of_sight`: polylines in grid units on grid intersections (our walls and the outline of
 *   squares that stop sight; low obstacles do not stop sight, so they are not there);
 * - a low obstacle is a portal with `closed: false`: Dungeondraft writes its portals that do not
 *   block light (windows) that way, and the importers make of them a wall that stops movement but
 *   not sight (moo-man/FVTT-DD-Import ddimport.js GetDoors: `door: closed ? 1 : 0`, sense none);
 *   the import reads them back as low obstacles, so a round trip keeps them;
 * - `objects_line_of_sight: []` and `lights: []` are always present (importers crash without them);
 * - `portals` for doors: position (centre), bounds (two points), rotation in radians,
 *   `closed: true` for open and closed doors alike (with `closed: false` the importers make a
 *   window, not a door), `freestanding: false`.
 * Creatures, elevation and terrain costs have no field in the format.
 */
export const UVTT_FORMAT = 0.3;

export interface UvttOptions {
  pixelsPerSquare: number;
  grid: boolean;
}

export interface UvttPoint {
  x: number;
  y: number;
}

export function uvttMap(encounter: Encounter, options: UvttOptions): Record<string, unknown> {
  const map = encounter.map;
  const segments = mapSegments(map, { outline: true });
  const line_of_sight: UvttPoint[][] = [];
  const portals: Record<string, unknown>[] = [];
  for (const s of segments) {
    if (s.kind === 'wall') line_of_sight.push([{ x: s.x0, y: s.y0 }, { x: s.x1, y: s.y1 }]);
    else {
      // Doors (open or closed) are doors; a low obstacle is a window, see through but not passable.
      portals.push({
        position: { x: (s.x0 + s.x1) / 2, y: (s.y0 + s.y1) / 2 },
        bounds: [{ x: s.x0, y: s.y0 }, { x: s.x1, y: s.y1 }],
        rotation: s.y0 === s.y1 ? 0 : Math.PI / 2,
        closed: !SEE_THROUGH.has(s.kind),
        freestanding: false,
      });
    }
  }
  const png = mapPng(encounter, { pixelsPerSquare: options.pixelsPerSquare, grid: options.grid, creatures: false });
  return {
    format: UVTT_FORMAT,
    resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: map.width, y: map.height }, pixels_per_grid: options.pixelsPerSquare },
    line_of_sight,
    objects_line_of_sight: [],
    portals,
    environment: { baked_lighting: true, ambient_light: 'ffffffff' },
    lights: [],
    image: encodeBase64(png),
  };
}
