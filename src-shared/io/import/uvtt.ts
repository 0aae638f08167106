import { createEncounter, Edge, MAX_MAP_SIDE, type EdgeKind, type Encounter, type RulesetId } from '../../model';
import { checkImage } from './image';
import { LIMITS } from '../limits';

/**
 * Universal VTT import (`.dd2vtt` from Dungeondraft, `.uvtt`, `.df2vtt`; formats 0.2 and 0.3).
 * Walls (`line_of_sight`, and `objects_line_of_sight` when present) become walls on the nearest grid
 * edges; portals become closed doors, or where `closed: false` (Dungeondraft's window) open doors, and
 * windows in Startroid; the picture is kept as the encounter's map picture, lined up at the file's pixels per grid square.
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
const FORMATS = [0.1, 0.2, 0.3];

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

  /** Marks the unit edge from intersection (ax, ay) to its neighbour (bx, by); border edges are dropped. */
  mark(ax: number, ay: number, bx: number, by: number, kind: EdgeKind, override: boolean): void {
    const map = this.encounter.map;
    const W = map.width;
    let layer: Uint8Array;
    let i: number;
    if (ay === by) {
      // Horizontal: the south side of square (min x, y - 1).
      const x = Math.min(ax, bx);
      if (ay < 1 || ay >= map.height || x < 0 || x >= W) return;
      layer = map.edgeSouth;
      i = (ay - 1) * W + x;
    } else {
      const y = Math.min(ay, by);
      if (ax < 1 || ax >= W || y < 0 || y >= map.height) return;
      layer = map.edgeEast;
      i = y * W + ax - 1;
    }
    if (override || layer[i] === Edge.none) layer[i] = kind;
  }

  /**
   * The grid edges nearest a straight line: both ends snap to the nearest intersection, then a
   * staircase walks between them, each step taking whichever neighbour stays closer to the line.
   */
  line(p: { x: number; y: number }, q: { x: number; y: number }, kind: EdgeKind, override: boolean): void {
    const map = this.encounter.map;
    const clampX = (v: number) => Math.min(map.width + 1, Math.max(-1, v));
    const clampY = (v: number) => Math.min(map.height + 1, Math.max(-1, v));
    let ax = clampX(Math.round(p.x));
    let ay = clampY(Math.round(p.y));
    const bx = clampX(Math.round(q.x));
    const by = clampY(Math.round(q.y));
    const lx = q.x - p.x;
    const ly = q.y - p.y;
    const len = Math.hypot(lx, ly) || 1;
    const off = (x: number, y: number) => Math.abs((x - p.x) * ly - (y - p.y) * lx) / len;
    while (ax !== bx || ay !== by) {
      if (++this.steps > this.maxSteps) throw new Refused(`the walls are too long to trace (over ${this.maxSteps} grid edges)`);
      const dx = Math.sign(bx - ax);
      const dy = Math.sign(by - ay);
      let nx = ax;
      let ny = ay;
      if (dx !== 0 && (dy === 0 || off(ax + dx, ay) <= off(ax, ay + dy))) nx += dx;
      else ny += dy;
      this.mark(ax, ay, nx, ny, kind, override);
      ax = nx;
      ay = ny;
    }
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
  if (typeof format !== 'number' || !FORMATS.includes(format)) {
    return { ok: false, error: `format: ${JSON.stringify(format)?.slice(0, 40) ?? 'missing'} is not a Universal VTT format this version reads (0.1, 0.2, 0.3)` };
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

  const encounter = createEncounter({ name: options.name, ruleset: options.ruleset, width, height });
  const notes: string[] = [];
  // Each segment traces at most about width + height edges once clamped to the map.
  const sink = new EdgeSink(encounter, 20_000_000);
  const local = (p: { x: number; y: number }) => ({ x: p.x - origin.x, y: p.y - origin.y });
  for (const { key, lines } of polylines) {
    for (const [i, line] of (lines as unknown[][]).entries()) {
      let prev: { x: number; y: number } | null = null;
      for (const [j, raw] of line.entries()) {
        const p = local(point(raw, `${key}[${i}][${j}]`));
        if (prev) sink.line(prev, p, Edge.wall, false);
        prev = p;
      }
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
    const open = raw['closed'] === false;
    sink.line(a, b, open ? (options.ruleset === 'startroid' ? Edge.window : Edge.doorOpen) : Edge.doorClosed, true);
    doors++;
  }
  if (portals.length !== doors) notes.push(`${portals.length - doors} portals were left out`);

  const image = data['image'];
  if (typeof image === 'string' && image.length > 0) {
    const checked = checkImage(image);
    if (!checked.ok) return { ok: false, error: `image: ${checked.error}` };
    // The image covers the map from its origin at the map's own pixels per grid square.
    encounter.picture = { ...checked.image, pixelsPerSquare: Math.max(1, ppg), offsetX: 0, offsetY: 0, opacity: options.opacity ?? 1 };
  } else if (image !== undefined && image !== '' && image !== null) {
    return { ok: false, error: 'image: expected a base64 PNG, JPEG or WebP' };
  }
  if (Array.isArray(data['lights']) && data['lights'].length) notes.push(`${data['lights'].length} lights have no place in an encounter and were left out`);
  return { ok: true, encounter, notes };
}

/** Whether a file name or its content looks like a Universal VTT map. */
export function looksLikeUvtt(fileName: string, text: string): boolean {
  if (/\.(dd2vtt|uvtt|df2vtt)$/i.test(fileName)) return true;
  const head = text.slice(0, 200000);
  return /^\s*\{/.test(head) && !/"format"\s*:\s*"encounter-builder"/.test(head) && /"line_of_sight"/.test(head) && /"resolution"/.test(head);
}
