import {
  ARMOR_CATEGORIES,
  Blockade,
  Edge,
  LAYER_NAMES,
  LOAD_CATEGORIES,
  MANEUVERABILITIES,
  RULESETS,
  SIDES,
  Terrain,
  createEncounter,
  isRulesetId,
  isSizeCategory,
  makeCreature,
  type ArmorCategory,
  type Creature,
  type Encounter,
  type LoadCategory,
  type Maneuverability,
  type RulesetId,
  type Side,
  type TerrainKind,
} from '../model';
import { serializeEncounter } from './encounter-file';
import { LAYER_RANGE, LIMITS } from './limits';
import { isReservedName } from './reserved-names';
import { creatureFeatureWithoutEffect, featureWithoutEffect } from '../rules/features';

/**
 * The text scenario: a readable encounter for tests, bug reports and forum posts (docs/scenarios.md).
 *
 *   ruleset: d20-35
 *   map:
 *     . . , , #
 *     . A . , #
 *   creatures:
 *     A: size=medium side=party speed=30
 *   walls:
 *     wall 2,0 2,1
 */
export class ScenarioError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Map symbols. Digits 1-7 are 6d6 movement resistance painted on normal ground. */
export const TERRAIN_SYMBOLS: Readonly<Record<string, TerrainKind>> = {
  '.': Terrain.normal,
  ',': Terrain.difficult,
  ';': Terrain.impeded,
  '#': Terrain.blocked,
  o: Terrain.obstacle,
  '^': Terrain.hazardous,
  '~': Terrain.water,
};
/** Extension: Startroid blockades on the map: `X` blocking, `x` cleared once. */
const BLOCKADE_SYMBOLS: Readonly<Record<string, number>> = { X: Blockade.blocking, x: Blockade.cleared };
const EDGE_WORDS: Readonly<Record<string, number>> = {
  wall: Edge.wall,
  low: Edge.low,
  door: Edge.doorClosed,
  'closed-door': Edge.doorClosed,
  'open-door': Edge.doorOpen,
  open: Edge.doorOpen,
  window: Edge.window,
};
const GRID_SECTIONS = ['map', 'elevation', 'water', 'resistance', 'surface', 'light', 'hidden'] as const;
type GridSection = (typeof GRID_SECTIONS)[number];
const LIST_SECTIONS = ['creatures', 'walls'] as const;

interface Line {
  n: number;
  text: string;
}

function parseSquare(token: string, line: number): { x: number; y: number } {
  const m = /^(-?\d+),(-?\d+)$/.exec(token);
  if (!m) throw new ScenarioError(line, `"${token}" is not a square; write X,Y`);
  return { x: Number(m[1]), y: Number(m[2]) };
}

/** Decimal only (an exponent is decimal too): `Number` alone would read 0x1e and 0b11110 as 30. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(value: string, key: string, line: number): number {
  const n = Number(value);
  if (!DECIMAL.test(value) || !Number.isFinite(n)) throw new ScenarioError(line, `${key}=${value} is not a decimal number`);
  return n;
}

/** A number within the encounter file's limits (src-shared/io/limits.ts), so the result can be saved. */
function parseBounded(value: string, key: string, line: number, min: number, max: number, whole = false): number {
  const n = parseNumber(value, key, line);
  if (whole && !Number.isInteger(n)) throw new ScenarioError(line, `${key}=${value} is not a whole number`);
  if (n < min || n > max) throw new ScenarioError(line, `${key}=${value} is outside ${min} to ${max}`);
  return n;
}

function refuseReserved(word: string, what: string, line: number): void {
  if (isReservedName(word)) throw new ScenarioError(line, `"${word}" is a reserved word and cannot be used as ${what}`);
}

function checkLength(value: string, what: string, max: number, line: number): void {
  if (value.length > max) throw new ScenarioError(line, `${what} is ${value.length} characters long; the limit is ${max}`);
}

/**
 * An upper bound on the length of `serializeEncounter(encounter)`, in one pass without building it:
 * a creature's fields, keys and indentation take under 1,000 characters besides its strings, a
 * string at most 6 per character (JSON escapes), a run-length number at most 30 with its line.
 */
export function savedSizeBound(encounter: Encounter): number {
  let bound = 5000 + 6 * (encounter.name.length + encounter.notes.length);
  for (const c of encounter.creatures) bound += 1000 + 6 * (c.id.length + c.name.length + (c.race?.length ?? 0));
  const m = encounter.map;
  for (const name of LAYER_NAMES) {
    const layer = m[name];
    let runs = 1;
    for (let i = 1; i < layer.length; i++) if (layer[i] !== layer[i - 1]) runs++;
    bound += 100 + 2 * runs * 30;
  }
  return bound;
}

/**
 * Reads a text scenario in time linear in its length. The file size, the map's rows and columns
 * and the number of creatures are checked before any of them is built, and every value against
 * the encounter file's own limits, so whatever opens here can be saved as an encounter file.
 */
export function parseScenario(text: string): Encounter {
  if (text.length > LIMITS.fileBytes) {
    throw new ScenarioError(1, `the text is ${(text.length / 1048576).toFixed(1)} MiB, over the ${LIMITS.fileBytes / 1048576} MiB limit`);
  }
  const lines = text.split(/\r?\n/);
  let ruleset: RulesetId | null = null;
  let name = 'Scenario';
  const settings = new Map<string, string>();
  // Grid rows are kept as text and split only once their count is known to be within the limit.
  const grids = new Map<GridSection, { rows: string[]; line: number }>();
  const lists = new Map<string, Line[]>();
  let section: string | null = null;
  let creatureLines = 0;

  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const raw = lines[i]!;
    if (raw.trim() === '' || raw.trim().startsWith('//')) continue;
    const indented = /^\s/.test(raw);
    if (!indented) {
      refuseReserved(/^([^:\s]*)/.exec(raw)![1]!, 'a section name', n);
      const m = /^([a-z-]+):\s*(.*)$/.exec(raw.trimEnd());
      if (!m) throw new ScenarioError(n, `expected "section:" but found "${raw.trim()}"`);
      const [, key, rest] = m as unknown as [string, string, string];
      section = key;
      if (key === 'ruleset') {
        if (!isRulesetId(rest.trim())) throw new ScenarioError(n, `unknown ruleset "${rest.trim()}"; use one of ${Object.keys(RULESETS).join(', ')}`);
        ruleset = rest.trim() as RulesetId;
        section = null;
      } else if (key === 'name') {
        checkLength(rest.trim(), 'the name', LIMITS.nameChars, n);
        name = rest.trim() || name;
        section = null;
      } else if (key === 'settings') {
        for (const pair of rest.trim().split(/\s+/).filter(Boolean)) {
          const [k, v] = pair.split('=');
          if (!k || v === undefined) throw new ScenarioError(n, `settings take key=value pairs, not "${pair}"`);
          refuseReserved(k, 'a setting', n);
          settings.set(k, v);
        }
        section = null;
      } else if ((GRID_SECTIONS as readonly string[]).includes(key)) {
        if (grids.has(key as GridSection)) throw new ScenarioError(n, `"${key}:" appears twice`);
        grids.set(key as GridSection, { rows: [], line: n + 1 });
      } else if ((LIST_SECTIONS as readonly string[]).includes(key)) {
        lists.set(key, lists.get(key) ?? []);
      } else throw new ScenarioError(n, `unknown section "${key}:"`);
      continue;
    }
    if (!section) throw new ScenarioError(n, 'an indented line must belong to a section such as map: or creatures:');
    const grid = grids.get(section as GridSection);
    if (grid && (GRID_SECTIONS as readonly string[]).includes(section)) {
      if (grid.rows.length === LIMITS.mapSide) throw new ScenarioError(n, `${section}: has more than ${LIMITS.mapSide} rows, the largest map`);
      grid.rows.push(raw);
    } else {
      if (section === 'creatures' && ++creatureLines > LIMITS.creatures) {
        throw new ScenarioError(n, `more than the ${LIMITS.creatures.toLocaleString('en')} creatures an encounter can hold`);
      }
      lists.get(section)!.push({ n, text: raw.trim() });
    }
  }
  // Splitting stops one past the largest width, so a single huge row costs no more than a legal one.
  const cells = (raw: string): string[] => raw.trim().split(/\s+/, LIMITS.mapSide + 1);

  if (!ruleset) throw new ScenarioError(1, 'the scenario needs a "ruleset:" line');
  const map = grids.get('map');
  if (!map || map.rows.length === 0) throw new ScenarioError(lines.length, 'the scenario needs a "map:" section with at least one row');
  const height = map.rows.length;
  const mapRows = map.rows.map(cells);
  const width = mapRows[0]!.length;
  for (const [k, row] of mapRows.entries()) {
    if (row.length > LIMITS.mapSide) throw new ScenarioError(map.line + k, `map row ${k} has more than ${LIMITS.mapSide} squares, the largest map`);
    if (row.length !== width) throw new ScenarioError(map.line + k, `map row ${k} has ${row.length} squares; the first row has ${width}`);
  }
  const encounter = createEncounter({ name, ruleset, width, height });
  const m = encounter.map;
  const letters = new Map<string, { x: number; y: number }>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const token = mapRows[y]![x]!;
      const i = y * width + x;
      // Own keys only: an inherited name such as "constructor" is not a symbol.
      if (Object.hasOwn(TERRAIN_SYMBOLS, token)) m.terrain[i] = TERRAIN_SYMBOLS[token]!;
      else if (/^[1-7]$/.test(token)) m.resistance[i] = Number(token);
      else if (Object.hasOwn(BLOCKADE_SYMBOLS, token)) m.blockade[i] = BLOCKADE_SYMBOLS[token]!;
      else if (/^[A-Za-z]$/.test(token)) {
        if (letters.has(token)) throw new ScenarioError(map.line + y, `creature ${token} stands on the map twice`);
        letters.set(token, { x, y });
      } else {
        refuseReserved(token, 'a map symbol', map.line + y);
        throw new ScenarioError(map.line + y, `"${token}" at ${x},${y} is not a map symbol (. , ; # o ^ ~ 1-7, a creature letter)`);
      }
    }
  }

  for (const section of ['elevation', 'water', 'resistance', 'surface', 'light', 'hidden'] as const) {
    const grid = grids.get(section);
    if (!grid) continue;
    const unused = section === 'light' ? featureWithoutEffect(ruleset, 'light') : null;
    if (unused) throw new ScenarioError(grid.line, `light: ${unused}`);
    if (grid.rows.length !== height) throw new ScenarioError(grid.line, `${section}: has ${grid.rows.length} rows; the map has ${height}`);
    const target = section === 'elevation' ? m.elevation : section === 'water' ? m.waterDepth : section === 'resistance' ? m.resistance : section === 'light' ? m.light : section === 'hidden' ? m.hiddenResistance : m.surface;
    const fits = LAYER_RANGE[section === 'water' ? 'waterDepth' : section === 'hidden' ? 'hiddenResistance' : section];
    for (let y = 0; y < height; y++) {
      const row = cells(grid.rows[y]!);
      if (row.length !== width) throw new ScenarioError(grid.line + y, `${section}: row ${y} has ${row.length} values; the map has ${width}`);
      for (let x = 0; x < width; x++) {
        const v = parseNumber(row[x]!, section, grid.line + y);
        if ((section === 'resistance' || section === 'hidden') && (!Number.isInteger(v) || v < 0 || v > 7)) throw new ScenarioError(grid.line + y, `resistance ${v} at ${x},${y} is not 0-7`);
        if (section === 'light' && (!Number.isInteger(v) || v < 0 || v > 2)) throw new ScenarioError(grid.line + y, `light ${v} at ${x},${y} is not 0 (bright), 1 (dim) or 2 (darkness)`);
        if (section === 'water' && v < 0) throw new ScenarioError(grid.line + y, `water depth ${v} at ${x},${y} is negative`);
        target[y * width + x] = v;
        // Checked as stored (elevation and depth are 32-bit floats), exactly as the file loader checks it.
        if (!fits(target[y * width + x]!) || target[y * width + x] !== Math.fround(v)) {
          throw new ScenarioError(grid.line + y, `${section} ${row[x]} at ${x},${y} is outside what an encounter file holds`);
        }
      }
    }
  }
  // Water squares without a water: grid are 10 ft deep (3 m for Startroid's metres).
  if (!grids.has('water')) {
    const deep = ruleset === 'startroid' ? 3 : 10;
    for (let i = 0; i < m.terrain.length; i++) if (m.terrain[i] === Terrain.water) m.waterDepth[i] = deep;
  }

  for (const { n, text: line } of lists.get('walls') ?? []) {
    const parts = line.split(/\s+/);
    refuseReserved(parts[0]!, 'an edge word', n);
    if (parts.length !== 3 || !Object.hasOwn(EDGE_WORDS, parts[0]!)) throw new ScenarioError(n, `write "wall|low|door|open-door|window X,Y X,Y", not "${line}"`);
    const a = parseSquare(parts[1]!, n);
    const b = parseSquare(parts[2]!, n);
    for (const p of [a, b]) if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) throw new ScenarioError(n, `${p.x},${p.y} is off the ${width} × ${height} map`);
    const kind = EDGE_WORDS[parts[0]!]!;
    if (a.y === b.y && Math.abs(a.x - b.x) === 1) m.edgeEast[a.y * width + Math.min(a.x, b.x)] = kind;
    else if (a.x === b.x && Math.abs(a.y - b.y) === 1) m.edgeSouth[Math.min(a.y, b.y) * width + a.x] = kind;
    else throw new ScenarioError(n, `${parts[1]} and ${parts[2]} are not side by side: an edge lies between two neighbouring squares`);
  }

  const defaultSpeed = ruleset === 'startroid' ? 6 : 30;
  const ids = new Set<string>();
  for (const { n, text: line } of lists.get('creatures') ?? []) {
    refuseReserved(/^([^:\s]*)/.exec(line)![1]!, 'a creature id', n);
    const cm = /^([A-Za-z][A-Za-z0-9_.-]*)\s*:\s*(.*)$/.exec(line);
    if (!cm) throw new ScenarioError(n, `write "A: size=medium side=party speed=30", not "${line}"`);
    const id = cm[1]!;
    checkLength(id, `creature id ${id.slice(0, 16)}…`, LIMITS.idChars, n);
    if (ids.has(id)) throw new ScenarioError(n, `creature ${id} is described twice`);
    ids.add(id);
    const c: Creature = makeCreature({ id, name: id, speed: { walk: defaultSpeed } });
    let at = letters.get(id) ?? null;
    for (const token of cm[2]!.split(/\s+/).filter(Boolean)) {
      const [key, value] = token.includes('=') ? (token.split('=', 2) as [string, string]) : [token, ''];
      refuseReserved(key, 'a creature key', n);
      switch (key) {
        case 'size':
          if (!isSizeCategory(value)) throw new ScenarioError(n, `size=${value} is not a size category`);
          c.size = value;
          break;
        case 'side':
          if (!(SIDES as readonly string[]).includes(value)) throw new ScenarioError(n, `side=${value}: use party, enemy or neutral`);
          c.side = value as Side;
          break;
        case 'speed':
          c.speed.walk = parseBounded(value, key, n, 0, LIMITS.speed);
          break;
        case 'fly':
        case 'swim':
        case 'climb':
        case 'burrow':
          c.speed[key] = parseBounded(value, key, n, 0, LIMITS.speed);
          break;
        case 'maneuver':
          if (!(MANEUVERABILITIES as readonly string[]).includes(value)) throw new ScenarioError(n, `maneuver=${value}: use ${MANEUVERABILITIES.join(', ')}`);
          c.speed.maneuverability = value as Maneuverability;
          break;
        case 'reach':
          c.reach = parseBounded(value, key, n, 0, LIMITS.speed);
          break;
        case 'alt':
          c.altitude = parseBounded(value, key, n, -LIMITS.length, LIMITS.length);
          break;
        case 'armor':
        case 'armour':
          if (!(ARMOR_CATEGORIES as readonly string[]).includes(value)) throw new ScenarioError(n, `armor=${value}: use ${ARMOR_CATEGORIES.join(', ')}`);
          c.armor = value as ArmorCategory;
          break;
        case 'load':
          if (!(LOAD_CATEGORIES as readonly string[]).includes(value)) throw new ScenarioError(n, `load=${value}: use ${LOAD_CATEGORIES.join(', ')}`);
          c.load = value as LoadCategory;
          break;
        case 'race':
          checkLength(value, 'race', LIMITS.idChars, n);
          c.race = value;
          break;
        case 'name':
          checkLength(value, 'name', LIMITS.nameChars, n);
          c.name = value.replace(/_/g, ' ');
          break;
        case 'slot':
          c.slot = parseBounded(value, key, n, 0, LIMITS.slot, true);
          break;
        case 'at':
          at = parseSquare(value, n);
          break;
        case 'helpless':
          c.helpless = true;
          break;
        case 'prone':
          c.prone = true;
          break;
        case 'fills':
          c.fillsSpace = true;
          break;
        case 'reach-weapon':
          c.reachWeapon = true;
          break;
        case 'dead':
          c.dead = true;
          break;
        case 'blind':
          c.blinded = true;
          break;
        case 'resist':
          if (!/^(\d*[dD]\d+([+-]\d+)?|\d+)$/.test(value) || value.length > 16) throw new ScenarioError(n, `resist=${value}: write dice like 1d6+1 or a score like 3`);
          c.resistance = value;
          break;
        case 'mass':
          c.mass = parseBounded(value, key, n, 0, LIMITS.mass);
          if (c.mass === 0) throw new ScenarioError(n, 'mass=0: a mass is more than 0 kg');
          break;
        default:
          throw new ScenarioError(n, `unknown creature key "${key}"`);
      }
    }
    // A flag its ruleset's text gives no effect is refused, not accepted and ignored.
    const unused = creatureFeatureWithoutEffect(ruleset, c);
    if (unused) throw new ScenarioError(n, `creature ${id}: ${unused}`);
    if (!at) throw new ScenarioError(n, `creature ${id} is not on the map: put its letter on the map or give at=X,Y`);
    if (at.x < 0 || at.y < 0 || at.x >= width || at.y >= height) throw new ScenarioError(n, `creature ${id} at ${at.x},${at.y} is off the ${width} × ${height} map`);
    c.x = at.x;
    c.y = at.y;
    encounter.creatures.push(c);
  }
  for (const [letter, p] of letters) {
    if (!ids.has(letter)) throw new ScenarioError(map.line + p.y, `creature ${letter} is on the map but not described under creatures:`);
  }
  // Sub-square creatures sharing a square take the next free places, unless given a slot.
  const used = new Map<string, Set<number>>();
  for (const c of encounter.creatures) if (c.slot !== undefined) (used.get(`${c.x},${c.y}`) ?? used.set(`${c.x},${c.y}`, new Set()).get(`${c.x},${c.y}`)!).add(c.slot);
  for (const c of encounter.creatures) {
    if (c.slot !== undefined || !['fine', 'diminutive', 'tiny'].includes(c.size)) continue;
    const key = `${c.x},${c.y}`;
    const taken = used.get(key) ?? used.set(key, new Set()).get(key)!;
    let s = 0;
    while (taken.has(s)) s++;
    taken.add(s);
    c.slot = s;
  }

  for (const [k, v] of settings) {
    if (k === 'epicPathRun') {
      if (v !== 'run' && v !== 'encumbrance') throw new ScenarioError(1, `settings: epicPathRun is run or encumbrance`);
      encounter.settings.epicPathRun = v;
    } else if (k === 'fallDiceCap') encounter.settings.fallDiceCap = parseBounded(v, k, 1, 0, LIMITS.fallDiceCap, true);
    else if (k === 'gravity') encounter.settings.gravity = parseBounded(v, k, 1, 0, LIMITS.gravity);
    else if (k === 'flightCeiling') encounter.settings.flightCeiling = parseBounded(v, k, 1, 0, LIMITS.length);
    else throw new ScenarioError(1, `unknown setting "${k}"`);
  }
  // The saved form lists runs of squares and every creature field: a scenario within every other
  // limit can still make a file too big to open again, so it is refused here instead. Serialising
  // is only needed when a cheap upper bound does not already show that it fits.
  const saved = savedSizeBound(encounter) <= LIMITS.fileBytes ? 0 : serializeEncounter(encounter).length;
  if (saved > LIMITS.fileBytes) {
    throw new ScenarioError(1, `saved as an encounter file this would be ${(saved / 1048576).toFixed(1)} MiB, over the ${LIMITS.fileBytes / 1048576} MiB limit; use a smaller map or fewer changes between squares`);
  }
  return encounter;
}

/** Writes an encounter as a text scenario (creatures placed with at=, so every id fits). */
export function formatScenario(encounter: Encounter): string {
  const m = encounter.map;
  const symbol: Record<number, string> = Object.fromEntries(Object.entries(TERRAIN_SYMBOLS).map(([s, k]) => [k, s]));
  const out: string[] = [`ruleset: ${encounter.ruleset}`, `name: ${encounter.name}`];
  const settings = Object.entries(encounter.settings).filter(([, v]) => v !== undefined);
  if (settings.length) out.push(`settings: ${settings.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  out.push('map:');
  const grid = (values: ArrayLike<number>) => {
    for (let y = 0; y < m.height; y++) {
      const row: string[] = [];
      for (let x = 0; x < m.width; x++) row.push(String(values[y * m.width + x]));
      out.push(`  ${row.join(' ')}`);
    }
  };
  for (let y = 0; y < m.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < m.width; x++) {
      const i = y * m.width + x;
      if (m.blockade[i] === Blockade.blocking) row.push('X');
      else if (m.blockade[i] === Blockade.cleared) row.push('x');
      else if (m.terrain[i] === Terrain.normal && m.resistance[i]! >= 1) row.push(String(m.resistance[i]));
      else row.push(symbol[m.terrain[i]!] ?? '.');
    }
    out.push(`  ${row.join(' ')}`);
  }
  if (encounter.creatures.length) {
    out.push('creatures:');
    for (const c of encounter.creatures) {
      const parts = [`size=${c.size}`, `side=${c.side}`, `speed=${c.speed.walk}`];
      for (const mode of ['fly', 'swim', 'climb', 'burrow'] as const) if (c.speed[mode] !== undefined) parts.push(`${mode}=${c.speed[mode]}`);
      if (c.speed.maneuverability) parts.push(`maneuver=${c.speed.maneuverability}`);
      if (c.reach !== undefined) parts.push(`reach=${c.reach}`);
      if (c.altitude) parts.push(`alt=${c.altitude}`);
      if (c.armor !== 'none') parts.push(`armor=${c.armor}`);
      if (c.load !== 'light') parts.push(`load=${c.load}`);
      if (c.race) parts.push(`race=${c.race}`);
      if (c.name !== c.id) parts.push(`name=${c.name.replace(/\s/g, '_')}`);
      if (c.slot !== undefined) parts.push(`slot=${c.slot}`);
      if (c.helpless) parts.push('helpless');
      if (c.prone) parts.push('prone');
      if (c.fillsSpace) parts.push('fills');
      if (c.reachWeapon) parts.push('reach-weapon');
      if (c.dead) parts.push('dead');
      if (c.blinded) parts.push('blind');
      if (c.resistance !== undefined) parts.push(`resist=${c.resistance}`);
      if (c.mass !== undefined) parts.push(`mass=${c.mass}`);
      parts.push(`at=${c.x},${c.y}`);
      out.push(`  ${c.id}: ${parts.join(' ')}`);
    }
  }
  const any = (a: ArrayLike<number>) => Array.prototype.some.call(a, (v: number) => v !== 0);
  if (any(m.elevation)) {
    out.push('elevation:');
    grid(m.elevation);
  }
  if (any(m.waterDepth)) {
    out.push('water:');
    grid(m.waterDepth);
  }
  if (any(m.surface)) {
    out.push('surface:');
    grid(m.surface);
  }
  if (any(m.light)) {
    out.push('light:');
    grid(m.light);
  }
  if (any(m.hiddenResistance)) {
    out.push('hidden:');
    grid(m.hiddenResistance);
  }
  const edges: string[] = [];
  const word: Record<number, string> = { [Edge.wall]: 'wall', [Edge.low]: 'low', [Edge.doorClosed]: 'door', [Edge.doorOpen]: 'open-door', [Edge.window]: 'window' };
  for (let y = 0; y < m.height; y++) {
    for (let x = 0; x < m.width; x++) {
      const i = y * m.width + x;
      if (m.edgeEast[i] && x + 1 < m.width) edges.push(`  ${word[m.edgeEast[i]!]} ${x},${y} ${x + 1},${y}`);
      if (m.edgeSouth[i] && y + 1 < m.height) edges.push(`  ${word[m.edgeSouth[i]!]} ${x},${y} ${x},${y + 1}`);
    }
  }
  if (edges.length) out.push('walls:', ...edges);
  return out.join('\n') + '\n';
}
