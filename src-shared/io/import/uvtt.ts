import { createEncounter, Edge, MAX_MAP_SIDE, type DrawnPortal, type EdgeKind, type Encounter, type MapLight, type MapPoint, type RulesetId } from '../../model';
import { checkImage } from './image';
import { LIMITS } from '../limits';
import { forEachSnappedEdge } from './snap';

/**
 * Universal VTT import (`.dd2vtt` from Dungeondraft, `.uvtt`, `.df2vtt`, Arkenforge's; formats 0.1
 * to 1.0). Nothing the file draws is lost:
 * - walls (`line_of_sight`, and `objects_line_of_sight` when present) are kept as drawn in
 *   `encounter.drawn.walls`, and the rules get the grid edges nearest them (`snap.ts`);
 * - portals are kept as drawn in `encounter.drawn.portals`: `closed: true` a door, `closed: false`
 *   a window (Dungeondraft's "does not block light"; moo-man/FVTT-DD-Import builds it as a wall that
 *   stops movement, not sight). On the grid a door is a closed door; a window is a window in
 *   Startroid, the ruleset that has them (startroid.txt › Teleportation: seen through, not crossed),
 *   and elsewhere a low obstacle, the edge that hampers movement and lets sight through
 *   (d20-srd-35.txt › Obstacles: "hampers movement… Some obstacles may also require a skill check
 *   to cross");
 * - lights are kept in `encounter.lights` (position, range in squares, intensity, colour, shadows);
 * - the picture is kept as the map picture, its bytes unchanged, at its own pixels per square.
 * Coordinates are in grid units from `resolution.map_origin`. Every limit is checked before any
 * work, so a hostile file is refused at once with a sentence naming the problem.
 */
/** A `.dd2vtt` holds its picture as base64, so it may be as large as an encounter file. */
export const MAX_UVTT_CHARS = LIMITS.fileBytes;
/** Most wall points and portals read from one file. */
export const MAX_UVTT_POINTS = 1_000_000;
export const MAX_UVTT_PORTALS = 100_000;
/** Coordinates beyond this many grid units are nonsense, not a map. */
const MAX_COORD = 1_000_000;
/** The formats read: 0.1 to 0.3 (Dungeondraft, DungeonFog) and 1.0 (Arkenforge and later writers). */
const FORMAT_RANGE = { min: 0.1, max: 1 };

export interface UvttImportOptions {
  ruleset: RulesetId;
  name: string;
  /** Opacity of the picture under the terrain (default 1). */
  opacity?: number;
}

export type UvttImport = { ok: true; encounter: Encounter; notes: string[] } | { ok: false; error: string };

class Refused extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function finite(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > MAX_COORD) throw new Refused(`${what} is not a number within ±${MAX_COORD}`);
  return v;
}

function point(v: unknown, what: string): { x: number; y: number } {
  if (!isObject(v)) throw new Refused(`${what} is not a point {x, y}`);
  return { x: finite(v['x'], `${what}.x`), y: finite(v['y'], `${what}.y`) };
}

/** A map of unit edges being filled in: walls first, then doors over them. */
class EdgeSink {
  steps = 0;
  constructor(
    readonly encounter: Encounter,
    private readonly maxSteps: number,
  ) {}

  /** Marks the grid edges nearest a straight line (`forEachSnappedEdge`); border edges are dropped. */
  line(p: MapPoint, q: MapPoint, kind: EdgeKind, override: boolean): void {
    const map = this.encounter.map;
    this.steps += forEachSnappedEdge(map.width, map.height, p, q, (layer, i) => {
      const edges = layer === 'south' ? map.edgeSouth : map.edgeEast;
      if (override || edges[i] === Edge.none) edges[i] = kind;
    });
    if (this.steps > this.maxSteps) throw new Refused(`the walls are too long to trace (over ${this.maxSteps} grid edges)`);
  }
}

export function importUvtt(text: string, options: UvttImportOptions): UvttImport {
  try {
    return importChecked(text, options);
  } catch (e) {
    if (e instanceof Refused || e instanceof RangeError) return { ok: false, error: e.message };
    throw e;
  }
}

function importChecked(text: string, options: UvttImportOptions): UvttImport {
  if (text.length > MAX_UVTT_CHARS) return { ok: false, error: `the file's ${(text.length / 1048576).toFixed(1)} MiB are over the ${MAX_UVTT_CHARS / 1048576} MiB limit for a Universal VTT map` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `the file is not valid JSON (${(e as Error).message})` };
  }
  if (!isObject(data)) return { ok: false, error: 'the file is not a JSON object describing a Universal VTT map' };
  const format = data['format'];
  if (typeof format !== 'number' || !(format >= FORMAT_RANGE.min - 1e-9 && format <= FORMAT_RANGE.max + 1e-9)) {
    return { ok: false, error: `format: ${JSON.stringify(format)?.slice(0, 40) ?? 'missing'} is not a Universal VTT format this version reads (0.1 to 1.0)` };
  }
  const resolution = data['resolution'];
  if (!isObject(resolution)) return { ok: false, error: 'resolution: missing; a Universal VTT map gives its size there' };
  const rawSize = resolution['map_size'];
  const size = isObject(rawSize) ? { x: rawSize['x'], y: rawSize['y'] } : null;
  if (!size || typeof size.x !== 'number' || typeof size.y !== 'number' || !Number.isFinite(size.x) || !Number.isFinite(size.y)) {
    return { ok: false, error: 'resolution.map_size: expected {x, y}, the map size in squares' };
  }
  const width = Math.ceil(size.x - 1e-6);
  const height = Math.ceil(size.y - 1e-6);
  if (width < 1 || height < 1 || width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    return { ok: false, error: `resolution.map_size: ${size.x} × ${size.y} squares; a map is 1 to ${MAX_MAP_SIDE} squares a side` };
  }
  const origin = resolution['map_origin'] === undefined ? { x: 0, y: 0 } : point(resolution['map_origin'], 'resolution.map_origin');
  const ppg = resolution['pixels_per_grid'];
  if (typeof ppg !== 'number' || !Number.isFinite(ppg) || ppg <= 0 || ppg > 10000) {
    return { ok: false, error: 'resolution.pixels_per_grid: expected a number of pixels from 1 to 10000' };
  }

  // Count everything before tracing anything.
  const polylines: { key: string; lines: unknown[] }[] = [];
  let points = 0;
  for (const key of ['line_of_sight', 'objects_line_of_sight']) {
    const v = data[key];
    if (v === undefined && key === 'objects_line_of_sight') continue;
    if (v === undefined) return { ok: false, error: `${key}: missing; a Universal VTT map lists its walls there` };
    if (!Array.isArray(v)) return { ok: false, error: `${key}: expected a list of polylines` };
    if (v.length > LIMITS.drawnShapes) return { ok: false, error: `${key}: more than ${LIMITS.drawnShapes} walls` };
    for (const [i, line] of v.entries()) {
      if (!Array.isArray(line)) return { ok: false, error: `${key}[${i}]: expected a list of points` };
      points += line.length;
      if (points > MAX_UVTT_POINTS) return { ok: false, error: `${key}: more than ${MAX_UVTT_POINTS} wall points` };
    }
    polylines.push({ key, lines: v });
  }
  const portals = data['portals'] ?? [];
  if (!Array.isArray(portals)) return { ok: false, error: 'portals: expected a list of doors' };
  if (portals.length > MAX_UVTT_PORTALS) return { ok: false, error: `portals: more than ${MAX_UVTT_PORTALS} doors` };
  const rawLights = data['lights'] ?? [];
  if (!Array.isArray(rawLights)) return { ok: false, error: 'lights: expected a list of lights' };
  if (rawLights.length > LIMITS.lights) return { ok: false, error: `lights: more than ${LIMITS.lights} lights` };

  const encounter = createEncounter({ name: options.name, ruleset: options.ruleset, width, height });
  const notes: string[] = [];
  // Each segment traces at most about width + height edges once clamped to the map.
  const sink = new EdgeSink(encounter, 20_000_000);
  const local = (p: { x: number; y: number }) => ({ x: p.x - origin.x, y: p.y - origin.y });
  const drawnWalls: MapPoint[][] = [];
  const drawnPortals: DrawnPortal[] = [];
  let farAway = 0;
  for (const { key, lines } of polylines) {
    for (const [i, line] of (lines as unknown[][]).entries()) {
      let prev: { x: number; y: number } | null = null;
      const kept: MapPoint[] = [];
      for (const [j, raw] of line.entries()) {
        const p = local(point(raw, `${key}[${i}][${j}]`));
        if (prev) sink.line(prev, p, Edge.wall, false);
        kept.push(p);
        prev = p;
      }
      if (kept.length < 2) continue;
      if (kept.every(nearMap)) drawnWalls.push(kept);
      else farAway++;
    }
  }
  let doors = 0;
  for (const [i, raw] of portals.entries()) {
    if (!isObject(raw)) return { ok: false, error: `portals[${i}]: expected a door object` };
    const bounds = raw['bounds'];
    let a: { x: number; y: number };
    let b: { x: number; y: number };
    if (Array.isArray(bounds) && bounds.length >= 2) {
      a = local(point(bounds[0], `portals[${i}].bounds[0]`));
      b = local(point(bounds[bounds.length - 1], `portals[${i}].bounds[1]`));
    } else {
      // No bounds: one square wide across the position, along the rotation.
      const c = local(point(raw['position'], `portals[${i}].position`));
      const r = typeof raw['rotation'] === 'number' && Number.isFinite(raw['rotation']) ? raw['rotation'] : 0;
      a = { x: c.x - Math.cos(r) / 2, y: c.y - Math.sin(r) / 2 };
      b = { x: c.x + Math.cos(r) / 2, y: c.y + Math.sin(r) / 2 };
    }
    // `closed: false` is a portal that does not block light: Dungeondraft's window; where the ruleset
    // has windows (startroid.txt › Teleportation: seen through, not crossed) it is one; elsewhere the
    // nearest thing is an open door (Owlbear Rodeo's importer reads it so too). Our export writes both
    // back as `closed: false`, so a round trip keeps the portals.
    const isWindow = raw['closed'] === false;
    sink.line(a, b, isWindow ? (options.ruleset === 'startroid' ? Edge.window : Edge.low) : Edge.doorClosed, true);
    if (nearMap(a) && nearMap(b)) drawnPortals.push({ kind: isWindow ? 'window' : 'door', a, b });
    else farAway++;
    doors++;
  }
  if (portals.length !== doors) notes.push(`${portals.length - doors} portals were left out`);
  if (drawnWalls.length || drawnPortals.length) encounter.drawn = { walls: drawnWalls, portals: drawnPortals };
  const lights: MapLight[] = [];
  for (const [i, raw] of rawLights.entries()) {
    const light = readLight(raw, `lights[${i}]`, local);
    if (nearMap(light)) lights.push(light);
    else farAway++;
  }
  if (lights.length) encounter.lights = lights;
  if (farAway) notes.push(`${farAway} walls, portals or lights lie over ${LIMITS.mapSide} squares from the map and were left out (walls keep their grid edges)`);

  const image = data['image'];
  if (typeof image === 'string' && image.length > 0) {
    const checked = checkImage(image);
    if (!checked.ok) return { ok: false, error: `image: ${checked.error}` };
    // The image covers map_size from the origin: importers stretch it to map_size × pixels_per_grid
    // (FVTT-DD-Import draws it so), so its own pixels per square are its width over map_size.
    const pps = checked.image.width / size.x;
    if (Math.abs(pps - ppg) > 0.5) notes.push(`the picture is ${checked.image.width} px wide for ${size.x} squares, ${+pps.toFixed(2)} px a square where the file says ${ppg}: lined up by its size`);
    encounter.picture = { ...checked.image, pixelsPerSquare: Math.max(1, pps), offsetX: 0, offsetY: 0, opacity: options.opacity ?? 1 };
  } else if (image !== undefined && image !== '' && image !== null) {
    return { ok: false, error: 'image: expected a base64 PNG, JPEG or WebP' };
  }
  return { ok: true, encounter, notes };
}

/** Drawn shapes are kept where the file format can hold them: within a map side of the map. */
function nearMap(p: MapPoint): boolean {
  return p.x >= -LIMITS.mapSide && p.x <= 2 * LIMITS.mapSide && p.y >= -LIMITS.mapSide && p.y <= 2 * LIMITS.mapSide;
}

/**
 * A light as Dungeondraft writes it: `position` in grid units, `range` in squares, `intensity`,
 * `color` as AARRGGBB hex (FVTT-DD-Import drops the first two digits, the alpha), `shadows`.
 * Kept as `#rrggbb`, or `#rrggbbaa` when not opaque, so the export writes back the same digits.
 */
function readLight(raw: unknown, what: string, local: (p: MapPoint) => MapPoint): MapLight {
  if (!isObject(raw)) throw new Refused(`${what}: expected a light object`);
  const at = local(point(raw['position'], `${what}.position`));
  const range = finite(raw['range'], `${what}.range`);
  if (range < 0 || range > LIMITS.mapSide) throw new Refused(`${what}.range: ${range} is not a radius from 0 to ${LIMITS.mapSide} squares`);
  const intensity = raw['intensity'] === undefined ? 1 : finite(raw['intensity'], `${what}.intensity`);
  if (intensity < 0 || intensity > 1000) throw new Refused(`${what}.intensity: ${intensity} is not from 0 to 1000`);
  const color = raw['color'] === undefined ? 'ffffffff' : raw['color'];
  const hex = typeof color === 'string' ? /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.exec(color)?.[1]?.toLowerCase() : undefined;
  if (!hex) throw new Refused(`${what}.color: expected AARRGGBB hex digits, as Dungeondraft writes them`);
  const rgb = hex.length === 8 ? hex.slice(2) : hex;
  const alpha = hex.length === 8 ? hex.slice(0, 2) : 'ff';
  return { x: at.x, y: at.y, range, intensity, color: `#${rgb}${alpha === 'ff' ? '' : alpha}`, shadows: raw['shadows'] === true };
}

/** Whether a file name or its content looks like a Universal VTT map. */
export function looksLikeUvtt(fileName: string, text: string): boolean {
  if (/\.(dd2vtt|uvtt|df2vtt)$/i.test(fileName)) return true;
  const head = text.slice(0, 200000);
  return /^\s*\{/.test(head) && !/"format"\s*:\s*"encounter-builder"/.test(head) && /"line_of_sight"/.test(head) && /"resolution"/.test(head);
}
