import type { Encounter } from '../../model';
import type { MapStyle } from '../../render/map-style';
import { encodeBase64 } from './base64';
import { mapSegments } from './geometry';
import { mapPng } from './raster';

/**
 * Universal VTT (`.dd2vtt`, Dungeondraft's export, read by the Foundry, Owlbear, Roll20 and
 * Fantasy Grounds importers), format 0.3:
 * - `resolution.map_size` in squares, `pixels_per_grid` an integer, and `image` a base64 PNG of
 *   exactly map_size × pixels_per_grid pixels;
 * - `line_of_sight`: polylines in grid units on grid intersections (our walls and the outline of
 *   squares that stop sight; low obstacles do not stop sight, so they are not there);
 * - `portals`: one per square of door, low obstacle or window, with `position` (centre), `bounds`
 *   (its two ends), `rotation` in radians and `freestanding: false`. `closed` is Dungeondraft's
 *   "blocks light": true for a closed door only. Open doors, low obstacles and Startroid windows are
 *   see-through, so `closed: false`, which the importers read differently: moo-man/FVTT-DD-Import
 *   (ddimport.js GetDoors) builds a wall that stops movement but not sight (`door: closed ? 1 : 0`,
 *   sense none; a door you can open with its "Openable Windows" setting), Owlbear Rodeo's UVTT
 *   Importer (Eppinguin/uvtt-importer vttItems.ts) an open door (`open: !portal.closed`). Our import
 *   reads it back as an open door, or a window in Startroid, the ruleset that has windows;
 * - `objects_line_of_sight: []` and `lights: []` are always present (importers crash without them).
 * Creatures, elevation and terrain costs have no field in the format.
 */
export const UVTT_FORMAT = 0.3;

export interface UvttOptions {
  pixelsPerSquare: number;
  grid: boolean;
  style?: MapStyle;
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
    if (s.kind === 'wall') {
      line_of_sight.push([{ x: s.x0, y: s.y0 }, { x: s.x1, y: s.y1 }]);
      continue;
    }
    // One portal a square, as the import reads them back (a run of low obstacles or windows is merged
    // in the geometry), so UVTT → import → UVTT gives the same portals.
    const along = s.y0 === s.y1;
    const n = along ? s.x1 - s.x0 : s.y1 - s.y0;
    for (let k = 0; k < n; k++) {
      const a = along ? { x: s.x0 + k, y: s.y0 } : { x: s.x0, y: s.y0 + k };
      const b = along ? { x: a.x + 1, y: a.y } : { x: a.x, y: a.y + 1 };
      portals.push({
        position: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        bounds: [a, b],
        rotation: along ? 0 : Math.PI / 2,
        // Only a closed door blocks light; the see-through rest go out open (see above).
        closed: s.kind === 'door-closed',
        freestanding: false,
      });
    }
  }
  const png = mapPng(encounter, { pixelsPerSquare: options.pixelsPerSquare, grid: options.grid, creatures: false, style: options.style });
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
