import {
  BYTE_LAYERS,
  LAYER_NAMES,
  createMap,
  type Encounter,
  type BattleMap,
  type DrawnGeometry,
  type LayerName,
} from '../model';
import { tokenImagesInUse } from '../model/token-images';
import { checkImage } from './import/image';
import { LAYER_RANGE, MAX_FILE_BYTES } from './limits';
import { renameReservedCreatures, reservedKeyIn, reservedNameProblem, type RenamedCreature } from './reserved-names';
import { decodeRunsInto, encodeRuns } from './runs';
import {
  CURRENT_FORMAT_VERSION,
  CURRENT_PLAY_SESSION_VERSION,
  EncounterFileReadSchema,
  FILE_FORMAT_ID,
  type EncounterFileV2,
} from './schema';

/** `renamed`: creatures whose reserved ids were changed on opening (reserved-names.ts), to tell the user. */
export type ParseResult = { ok: true; encounter: Encounter; renamed?: RenamedCreature[] } | { ok: false; error: string };

export function encounterToFile(encounter: Encounter): EncounterFileV2 {
  const layers: Record<string, number[]> = {};
  for (const name of LAYER_NAMES) {
    const runs = encodeRuns(encounter.map[name]);
    // Leave out layers that are all zero, except terrain which is always written.
    if (name !== 'terrain' && runs.length === 2 && runs[1] === 0) continue;
    layers[name] = runs;
  }
  const file: EncounterFileV2 = {
    format: FILE_FORMAT_ID,
    formatVersion: CURRENT_FORMAT_VERSION,
    name: encounter.name,
    ruleset: encounter.ruleset,
    map: {
      width: encounter.map.width,
      height: encounter.map.height,
      layers: layers as EncounterFileV2['map']['layers'],
    },
    creatures: encounter.creatures.map((c) => ({ ...c, speed: { ...c.speed } })),
  };
  if (Object.keys(encounter.settings).length > 0) file.settings = { ...encounter.settings };
  if (encounter.notes) file.notes = encounter.notes;
  if (encounter.play) file.play = { version: CURRENT_PLAY_SESSION_VERSION, ...(JSON.parse(JSON.stringify(encounter.play)) as Omit<NonNullable<EncounterFileV2['play']>, 'version'>) };
  if (encounter.picture) file.picture = { ...encounter.picture };
  // A token picture no creature shows any more (its creatures deleted) is not written.
  const tokenImages = tokenImagesInUse(encounter.tokenImages ?? [], encounter.creatures);
  if (tokenImages.length) file.tokenImages = tokenImages.map((t) => ({ ...t }));
  if (encounter.labels?.length) file.labels = encounter.labels.map((l) => ({ ...l }));
  if (encounter.lights?.length) file.lights = encounter.lights.map((l) => ({ ...l }));
  if (encounter.drawn && (encounter.drawn.walls.length || encounter.drawn.portals.length)) file.drawn = structuredCloneDrawn(encounter.drawn);
  if (encounter.tags?.length) file.tags = [...encounter.tags];
  if (encounter.grid && Object.keys(encounter.grid).length) file.grid = { ...encounter.grid };
  if (encounter.stamp) file.stamp = { mask: encodeRuns(encounter.stamp.mask) };
  return file;
}

function structuredCloneDrawn(drawn: DrawnGeometry): DrawnGeometry {
  return {
    walls: drawn.walls.map((wall) => wall.map((p) => ({ x: p.x, y: p.y }))),
    portals: drawn.portals.map((p) => ({ kind: p.kind, a: { ...p.a }, b: { ...p.b } })),
  };
}

/** Stands in for the map while the rest of the file is written; replaced once, at its own key. */
const MAP_MARK = 'encounter-builder:map';

/**
 * The file's text: readable JSON, one field a line, except each layer's runs, which go on one line
 * (a 512 × 512 map has about 100,000 numbers: one a line made the file four times longer and its
 * writing and reading slower). Any JSON reader reads either layout; older files keep opening.
 */
export function serializeEncounter(encounter: Encounter): string {
  const file = encounterToFile(encounter);
  const text = JSON.stringify({ ...file, map: MAP_MARK }, null, 1);
  // Strings are escaped (no raw line breaks), so this line can only be the top-level `map` key.
  const key = `\n "map": ${JSON.stringify(MAP_MARK)}`;
  const at = text.indexOf(key);
  if (at < 0) throw new Error('serializeEncounter: the map key was not written');
  const layers = Object.entries(file.map.layers).map(([name, runs]) => `   ${JSON.stringify(name)}: ${JSON.stringify(runs)}`);
  const map = `{\n  "width": ${file.map.width},\n  "height": ${file.map.height},\n  "layers": {\n${layers.join(',\n')}\n  }\n }`;
  return `${text.slice(0, at)}\n "map": ${map}${text.slice(at + key.length)}\n`;
}

/**
 * Migrations from older format versions, replayed in order: `MIGRATIONS[n]` turns a version-n
 * object into version n+1. Each takes the data as read (not yet checked) and changes only what its
 * version changed; the checks after it find anything wrong.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  /**
   * 1 → 2: the `background` picture was stretched over the whole map; version 2's `picture` is lined
   * up with the grid. A stretched picture has `width / map.width` pixels to a square and its corner
   * on the map's corner. (A picture stretched unevenly, which no importer made, keeps its width's
   * scale.)
   */
  1: (old) => {
    const { background, ...rest } = old;
    const next: Record<string, unknown> = { ...rest, formatVersion: 2 };
    const map = old['map'] as { width?: unknown } | undefined;
    if (background && typeof background === 'object') {
      const b = background as Record<string, unknown>;
      const mapWidth = typeof map?.width === 'number' && map.width > 0 ? map.width : 1;
      const width = typeof b['width'] === 'number' ? b['width'] : mapWidth;
      next['picture'] = { ...b, pixelsPerSquare: Math.max(1, width / mapWidth), offsetX: 0, offsetY: 0 };
    }
    return next;
  },
};

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

/**
 * The play session has a format version of its own (schema.ts), so a session can change without the
 * whole file's format changing: `PLAY_SESSION_MIGRATIONS[n]` turns a version-n session into n+1, in
 * order, as `MIGRATIONS` does for the file. A session without `version` is version 1.
 */
const PLAY_SESSION_MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  /**
   * 1 → 2: version 2 adds dice streams and lines set aside; a version-1 session has neither, which
   * version 2 reads as each action rolling from its position and nothing set aside: the same fight.
   */
  1: (old) => ({ ...old, version: 2 }),
  /**
   * 2 → 3: version 3 adds `rulesVersion`, the edition of Play's rules a fight is played by; a session
   * without it was played by the first edition and is left without it, so it replays as it was played
   * (a hovering d20 3.0 flyer does not stall at its turn's end; a 5-foot step is counted per turn).
   */
  2: (old) => ({ ...old, version: 3 }),
};

function migratePlaySession(data: Record<string, unknown>): { ok: true; data: Record<string, unknown> } | { ok: false; error: string } {
  const play = data['play'];
  // Not an object: the schema's check says what is wrong with it.
  if (!play || typeof play !== 'object' || Array.isArray(play)) return { ok: true, data };
  let version = (play as Record<string, unknown>)['version'] ?? 1;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, error: 'play.version: the play session\'s format version is not a whole number from 1' };
  }
  if (version > CURRENT_PLAY_SESSION_VERSION) {
    return {
      ok: false,
      error: `play.version: the play session is format ${version}, made by a newer version of Encounter Builder; this version reads up to ${CURRENT_PLAY_SESSION_VERSION}`,
    };
  }
  let current = play as Record<string, unknown>;
  while (version < CURRENT_PLAY_SESSION_VERSION) {
    const step = PLAY_SESSION_MIGRATIONS[version];
    if (!step) return { ok: false, error: `play.version: no migration from play session format ${version}` };
    current = step(current);
    version++;
  }
  return { ok: true, data: current === play ? data : { ...data, play: current } };
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || 'the file';
}

type Checked = { ok: true; file: EncounterFileV2; map: BattleMap | null; renamed: RenamedCreature[]; stampMask: Uint8Array | null } | { ok: false; error: string };

/**
 * Every check of an encounter file, in one place: the format and version, zod for the structure
 * and every field, typed code for the layers' runs, then what zod cannot see (ids, squares on the
 * map, the pictures). With `build` the layers are decoded into a map as they are checked.
 */
function checkFile(data: unknown, build: boolean): Checked {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, error: 'the file is not a JSON object describing an encounter' };
  }
  const record = data as Record<string, unknown>;
  if (record['format'] !== FILE_FORMAT_ID) {
    return { ok: false, error: `format: expected "${FILE_FORMAT_ID}"; this is not an Encounter Builder file` };
  }
  const migratedFile = migrate(record);
  if (!migratedFile.ok) return migratedFile;
  const migrated = migratePlaySession(migratedFile.data as Record<string, unknown>);
  if (!migrated.ok) return migrated;
  // Opening renames a creature with a reserved id (nothing lost); a save check refuses it instead.
  const { data: renamedData, renamed } = build
    ? renameReservedCreatures(migrated.data as Record<string, unknown>)
    : { data: migrated.data, renamed: [] as RenamedCreature[] };
  const reservedKey = reservedKeyIn((renamedData as Record<string, unknown>)['play'], 'play');
  if (reservedKey) return { ok: false, error: `${reservedKey}: ${reservedNameProblem(reservedKey.slice(reservedKey.lastIndexOf('.') + 1))}` };
  // Zod checks the structure and every field but the layers' numbers, which decodeRunsInto checks below.
  const parsed = EncounterFileReadSchema.safeParse(renamedData);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `${fieldPath(issue.path)}: ${issue.message}` };
  }
  const file = parsed.data;
  const { width, height } = file.map;
  const map = build ? createMap(width, height) : null;
  for (const name of LAYER_NAMES) {
    const runs = file.map.layers[name];
    if (!runs) continue;
    const problem = decodeRunsInto(runs, map ? map[name] : null, LAYER_RANGE[name], width * height);
    if (problem) return { ok: false, error: `map.layers.${name}: ${problem}` };
  }
  let stampMask: Uint8Array | null = null;
  if (file.stamp) {
    stampMask = new Uint8Array(width * height);
    const problem = decodeRunsInto(file.stamp.mask, stampMask, (v) => v === 0 || v === 1, width * height);
    if (problem) return { ok: false, error: `stamp.mask: ${problem}` };
    if (!stampMask.includes(1)) return { ok: false, error: 'stamp.mask: no square belongs to the stamp' };
  }
  const ids = new Set<string>();
  for (const [i, c] of file.creatures.entries()) {
    if (ids.has(c.id)) return { ok: false, error: `creatures[${i}].id: "${c.id}" is used by another creature` };
    ids.add(c.id);
    if (c.x >= width || c.y >= height) {
      return { ok: false, error: `creatures[${i}]: square ${c.x},${c.y} is outside the ${width} × ${height} map` };
    }
  }
  if (file.picture) {
    // The picture must be what it says it is: a whole image of the stated kind and size.
    const problem = checkPictureData(file.picture);
    if (problem) return { ok: false, error: `picture: ${problem}` };
  }
  const tokens = new Set<string>();
  for (const [i, t] of (file.tokenImages ?? []).entries()) {
    if (tokens.has(t.id)) return { ok: false, error: `tokenImages[${i}].id: "${t.id}" is used by another token picture` };
    tokens.add(t.id);
    const problem = checkPictureData(t);
    if (problem) return { ok: false, error: `tokenImages[${i}]: ${problem}` };
  }
  for (const [i, c] of file.creatures.entries()) {
    if (c.token !== undefined && !tokens.has(c.token)) return { ok: false, error: `creatures[${i}].token: no token picture has the id "${c.token}"` };
  }
  const labels = new Set<string>();
  for (const [i, l] of (file.labels ?? []).entries()) {
    if (labels.has(l.id)) return { ok: false, error: `labels[${i}].id: "${l.id}" is used by another label` };
    labels.add(l.id);
  }
  return { ok: true, file, map, renamed, stampMask };
}

/** Whether a stored picture is what its record says: a whole image of the stated kind and size. */
function checkPictureData(p: { data: string; mime: string; width: number; height: number }): string | null {
  const image = checkImage(p.data);
  if (!image.ok) return image.error;
  const { mime, width, height } = image.image;
  if (mime !== p.mime || width !== p.width || height !== p.height) {
    return `the file says ${p.mime} ${p.width} × ${p.height} but the image is ${mime} ${width} × ${height}`;
  }
  return null;
}

/** Builds an encounter from already-parsed JSON, validating every field. */
export function encounterFromFile(data: unknown): ParseResult {
  const checked = checkFile(data, true);
  if (!checked.ok) return checked;
  const { file, map, renamed, stampMask } = checked;
  return {
    ok: true,
    ...(renamed.length ? { renamed } : {}),
    encounter: {
      name: file.name,
      ruleset: file.ruleset,
      map: map!,
      creatures: file.creatures.map((c) => ({ ...c, speed: { ...c.speed } })),
      settings: { ...(file.settings ?? {}) },
      notes: file.notes ?? '',
      ...(file.play ? { play: savedPlayOf(file.play) } : {}),
      ...(file.picture ? { picture: { ...file.picture } } : {}),
      ...(file.tokenImages?.length ? { tokenImages: file.tokenImages.map((t) => ({ ...t })) } : {}),
      ...(file.labels?.length ? { labels: file.labels.map((l) => ({ ...l })) } : {}),
      ...(file.lights?.length ? { lights: file.lights.map((l) => ({ ...l })) } : {}),
      ...(file.drawn && (file.drawn.walls.length || file.drawn.portals.length) ? { drawn: structuredCloneDrawn(file.drawn) } : {}),
      ...(file.tags?.length ? { tags: [...file.tags] } : {}),
      ...(file.grid && Object.keys(file.grid).length ? { grid: { ...file.grid } } : {}),
      ...(stampMask ? { stamp: { mask: stampMask } } : {}),
    },
  };
}

/** The session as the model keeps it: no format version (it is always the current one), the cursor on the log. */
function savedPlayOf(play: NonNullable<EncounterFileV2['play']>): NonNullable<Encounter['play']> {
  const { version: _version, ...rest } = play;
  return { ...rest, cursor: Math.min(play.cursor, play.log.length) };
}

function parseJson(text: string): { ok: true; data: unknown } | { ok: false; error: string } {
  if (text.length > MAX_FILE_BYTES) {
    return { ok: false, error: `the file's ${text.length} characters are over the ${MAX_FILE_BYTES / 1024 / 1024} MiB limit for an encounter file` };
  }
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (e) {
    return { ok: false, error: `the file is not valid JSON (${(e as Error).message})` };
  }
}

/** Parses the text of an encounter file. Never throws: bad input comes back as a message. */
export function parseEncounter(text: string): ParseResult {
  const json = parseJson(text);
  return json.ok ? encounterFromFile(json.data) : json;
}

/**
 * Whether `text` is an encounter file that `parseEncounter` opens, with the same checks and the
 * same message, but without building the map: what the main process asks before it writes a save.
 */
export function checkEncounterText(text: string): { ok: true } | { ok: false; error: string } {
  const json = parseJson(text);
  if (!json.ok) return json;
  const checked = checkFile(json.data, false);
  return checked.ok ? { ok: true } : checked;
}

export function isByteLayer(name: LayerName): boolean {
  return BYTE_LAYERS.has(name);
}
