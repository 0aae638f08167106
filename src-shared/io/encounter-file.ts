import {
  BLOCKADE_COUNT,
  BYTE_LAYERS,
  EDGE_COUNT,
  LAYER_NAMES,
  LIGHT_COUNT,
  SURFACE_NAMES,
  TERRAIN_COUNT,
  createMap,
  type Encounter,
  type LayerName,
} from '../model';
import { decodeRunsInto, encodeRuns } from './runs';
import {
  CURRENT_FORMAT_VERSION,
  EncounterFileSchema,
  FILE_FORMAT_ID,
  type EncounterFileV1,
} from './schema';

/** Larger files are refused before parsing: a hostile file must not exhaust memory. */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export type ParseResult = { ok: true; encounter: Encounter } | { ok: false; error: string };

const LAYER_RANGE: Record<LayerName, (v: number) => boolean> = {
  terrain: (v) => Number.isInteger(v) && v >= 0 && v < TERRAIN_COUNT,
  elevation: (v) => Number.isFinite(v) && Math.abs(v) <= 100000,
  waterDepth: (v) => Number.isFinite(v) && v >= 0 && v <= 100000,
  resistance: (v) => Number.isInteger(v) && v >= 0 && v <= 7,
  blockade: (v) => Number.isInteger(v) && v >= 0 && v < BLOCKADE_COUNT,
  surface: (v) => Number.isInteger(v) && v >= 0 && v < SURFACE_NAMES.length,
  light: (v) => Number.isInteger(v) && v >= 0 && v < LIGHT_COUNT,
  hiddenResistance: (v) => Number.isInteger(v) && v >= 0 && v <= 7,
  edgeEast: (v) => Number.isInteger(v) && v >= 0 && v < EDGE_COUNT,
  edgeSouth: (v) => Number.isInteger(v) && v >= 0 && v < EDGE_COUNT,
};

export function encounterToFile(encounter: Encounter): EncounterFileV1 {
  const layers: Record<string, number[]> = {};
  for (const name of LAYER_NAMES) {
    const runs = encodeRuns(encounter.map[name]);
    // Leave out layers that are all zero, except terrain which is always written.
    if (name !== 'terrain' && runs.length === 2 && runs[1] === 0) continue;
    layers[name] = runs;
  }
  const file: EncounterFileV1 = {
    format: FILE_FORMAT_ID,
    formatVersion: CURRENT_FORMAT_VERSION,
    name: encounter.name,
    ruleset: encounter.ruleset,
    map: {
      width: encounter.map.width,
      height: encounter.map.height,
      layers: layers as EncounterFileV1['map']['layers'],
    },
    creatures: encounter.creatures.map((c) => ({ ...c, speed: { ...c.speed } })),
  };
  if (Object.keys(encounter.settings).length > 0) file.settings = { ...encounter.settings };
  if (encounter.notes) file.notes = encounter.notes;
  return file;
}

export function serializeEncounter(encounter: Encounter): string {
  return JSON.stringify(encounterToFile(encounter), null, 1) + '\n';
}

/**
 * Migrations from older format versions, replayed in order: `MIGRATIONS[n]` turns a version-n
 * object into version n+1. Version 1 is the first, so the table is empty for now.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

function migrate(data: Record<string, unknown>): { ok: true; data: unknown } | { ok: false; error: string } {
  let version = data['formatVersion'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, error: 'formatVersion: missing or not a whole number; this does not look like an encounter file' };
  }
  if (version > CURRENT_FORMAT_VERSION) {
    return {
      ok: false,
      error: `formatVersion: the file is format ${version}, made by a newer version of Encounter Builder; this version reads up to format ${CURRENT_FORMAT_VERSION}`,
    };
  }
  let current = data;
  while (version < CURRENT_FORMAT_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) return { ok: false, error: `formatVersion: no migration from format ${version}` };
    current = step(current);
    version++;
  }
  return { ok: true, data: current };
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(file)';
}

/** Builds an encounter from already-parsed JSON, validating every field. */
export function encounterFromFile(data: unknown): ParseResult {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: '(file): expected a JSON object describing an encounter' };
  }
  const record = data as Record<string, unknown>;
  if (record['format'] !== FILE_FORMAT_ID) {
    return { ok: false, error: `format: expected "${FILE_FORMAT_ID}"; this is not an Encounter Builder file` };
  }
  const migrated = migrate(record);
  if (!migrated.ok) return migrated;
  const parsed = EncounterFileSchema.safeParse(migrated.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${fieldPath(issue.path)}: ${issue.message}` };
  }
  const file = parsed.data;
  const map = createMap(file.map.width, file.map.height);
  for (const name of LAYER_NAMES) {
    const runs = file.map.layers[name];
    if (!runs) continue;
    const problem = decodeRunsInto(runs, map[name], LAYER_RANGE[name]);
    if (problem) return { ok: false, error: `map.layers.${name}: ${problem}` };
  }
  const ids = new Set<string>();
  for (const [i, c] of file.creatures.entries()) {
    if (ids.has(c.id)) return { ok: false, error: `creatures[${i}].id: "${c.id}" is used by another creature` };
    ids.add(c.id);
    if (c.x >= map.width || c.y >= map.height) {
      return { ok: false, error: `creatures[${i}]: square ${c.x},${c.y} is outside the ${map.width} × ${map.height} map` };
    }
  }
  return {
    ok: true,
    encounter: {
      name: file.name,
      ruleset: file.ruleset,
      map,
      creatures: file.creatures.map((c) => ({ ...c, speed: { ...c.speed } })),
      settings: { ...(file.settings ?? {}) },
      notes: file.notes ?? '',
    },
  };
}

/** Parses the text of an encounter file. Never throws: bad input comes back as a message. */
export function parseEncounter(text: string): ParseResult {
  if (text.length > MAX_FILE_BYTES) {
    return { ok: false, error: `(file): ${text.length} characters is over the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit for an encounter file` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `(file): not valid JSON (${(e as Error).message})` };
  }
  return encounterFromFile(data);
}

export function isByteLayer(name: LayerName): boolean {
  return BYTE_LAYERS.has(name);
}
