import {
  BYTE_LAYERS,
  LAYER_NAMES,
  MAX_MAP_SIDE,
  type BattleMap,
  type Creature,
  type DrawnGeometry,
  type MapLabel,
  type MapLight,
  type MapPicture,
  type TokenImage,
  type Encounter,
  type LayerName,
  type SavedPlaySession,
  type RulesetSettings,
  type GridStyle,
  GRID_THICKNESS_MAX,
} from '../model';
import { footprintOf } from '../rules/sizes';

/**
 * Every edit to an encounter is one of these plain, serialisable objects, so undo, redo, autosave
 * and replay all come from `applyCommand`. A drag is gathered into one `batch`.
 */
export type Command =
  | { type: 'renameEncounter'; name: string }
  | { type: 'setNotes'; notes: string }
  | { type: 'setSettings'; settings: RulesetSettings }
  /** Paint values into one layer. `values` has one entry per index, or one for all of them. */
  | { type: 'setSquares'; layer: LayerName; indices: ArrayLike<number>; values: number[] }
  | { type: 'addCreature'; creature: Creature; at?: number }
  | { type: 'removeCreature'; id: string }
  | { type: 'updateCreature'; id: string; changes: Partial<Omit<Creature, 'id'>> }
  /**
   * Crops or extends the map: the new map is `width` × `height` and the square that was at (x, y)
   * is now at (x + dx, y + dy). Creatures move with their squares; one whose space falls off the
   * map is removed. The inverse keeps whatever was cropped, so undo puts it all back.
   */
  | { type: 'resizeMap'; width: number; height: number; dx: number; dy: number }
  | { type: 'batch'; label: string; commands: Command[] }
  /** Play mode: the session saved beside the planned layout (null: none). The layout is untouched. */
  | { type: 'setPlay'; play: SavedPlaySession | null }
  /**
   * The map's picture: a new one, a new alignment or opacity, or null to remove it. The inverse puts
   * the old picture back, bytes and all (the bytes are shared, not copied).
   */
  | { type: 'setPicture'; picture: MapPicture | null; label?: string }
  /** The token pictures; creatures name theirs by id. */
  | { type: 'setTokenImages'; tokenImages: TokenImage[] }
  /** Labels and notes, all of them (a few hundred at most on a real map). */
  | { type: 'setLabels'; labels: MapLabel[]; label?: string }
  | { type: 'setLights'; lights: MapLight[] }
  | { type: 'setDrawn'; drawn: DrawnGeometry | null }
  /** The grid's look for this encounter; null: the defaults. */
  | { type: 'setGrid'; grid: GridStyle | null };

export interface Applied {
  doc: Encounter;
  /** The command that undoes this one. */
  inverse: Command;
}

export class CommandError extends Error {}

/** Layers in the players' words, for "Undo paint water depth". */
const LAYER_WORDS: Partial<Record<string, string>> = {
  waterDepth: 'water depth',
  resistance: 'movement resistance',
  blockade: 'blockades',
  hiddenResistance: 'hidden movement resistance',
  edgeEast: 'edges',
  edgeSouth: 'edges',
};

/** A short phrase for menus ("Undo paint terrain"). */
export function describeCommand(cmd: Command): string {
  switch (cmd.type) {
    case 'renameEncounter':
      return 'rename';
    case 'setNotes':
      return 'edit notes';
    case 'setSettings':
      return 'change settings';
    case 'setSquares':
      return `paint ${LAYER_WORDS[cmd.layer] ?? cmd.layer}`;
    case 'addCreature':
      return `add ${cmd.creature.name}`;
    case 'removeCreature':
      return 'remove creature';
    case 'updateCreature':
      return 'edit creature';
    case 'resizeMap':
      return 'resize map';
    case 'batch':
      return cmd.label;
    case 'setPlay':
      return cmd.play ? 'play' : 'reset play';
    case 'setPicture':
      return cmd.label ?? (cmd.picture ? 'change map picture' : 'remove map picture');
    case 'setTokenImages':
      return 'change token pictures';
    case 'setLabels':
      return cmd.label ?? 'edit labels';
    case 'setLights':
      return 'edit lights';
    case 'setDrawn':
      return 'edit drawn walls';
    case 'setGrid':
      return 'change grid';
  }
}

/**
 * Applies a command without changing `doc`: the result shares every part the command did not
 * touch. Throws `CommandError` for a command that does not fit the encounter.
 */
export function applyCommand(doc: Encounter, cmd: Command): Applied {
  switch (cmd.type) {
    case 'renameEncounter':
      return { doc: { ...doc, name: cmd.name }, inverse: { type: 'renameEncounter', name: doc.name } };
    case 'setNotes':
      return { doc: { ...doc, notes: cmd.notes }, inverse: { type: 'setNotes', notes: doc.notes } };
    case 'setSettings':
      return { doc: { ...doc, settings: { ...cmd.settings } }, inverse: { type: 'setSettings', settings: { ...doc.settings } } };
    case 'setSquares': {
      if (!LAYER_NAMES.includes(cmd.layer)) throw new CommandError(`No map layer called ${cmd.layer}.`);
      if (cmd.values.length !== 1 && cmd.values.length !== cmd.indices.length) {
        throw new CommandError('setSquares needs one value, or one per square.');
      }
      const old = doc.map[cmd.layer];
      const layer = old.slice();
      const { indices, values } = cmd;
      const count = indices.length;
      const first = count > 0 ? old[indices[0]!]! : 0;
      const previous = writeSquares(old, layer, indices, values, BYTE_LAYERS.has(cmd.layer), cmd.layer);
      return {
        doc: { ...doc, map: { ...doc.map, [cmd.layer]: layer } },
        // Commands are never changed once made: the inverse shares the list of squares (a fill's million).
        inverse: { type: 'setSquares', layer: cmd.layer, indices, values: previous ?? (count > 0 ? [first] : []) },
      };
    }
    case 'addCreature': {
      if (doc.creatures.some((c) => c.id === cmd.creature.id)) {
        throw new CommandError(`A creature with id ${cmd.creature.id} is already on the map.`);
      }
      const creatures = doc.creatures.slice();
      creatures.splice(cmd.at ?? creatures.length, 0, cmd.creature);
      return { doc: { ...doc, creatures }, inverse: { type: 'removeCreature', id: cmd.creature.id } };
    }
    case 'removeCreature': {
      const at = doc.creatures.findIndex((c) => c.id === cmd.id);
      if (at < 0) throw new CommandError(`No creature with id ${cmd.id}.`);
      const creatures = doc.creatures.slice();
      const [removed] = creatures.splice(at, 1);
      return { doc: { ...doc, creatures }, inverse: { type: 'addCreature', creature: removed!, at } };
    }
    case 'updateCreature': {
      const at = doc.creatures.findIndex((c) => c.id === cmd.id);
      if (at < 0) throw new CommandError(`No creature with id ${cmd.id}.`);
      const before = doc.creatures[at]!;
      const undo: Partial<Creature> = {};
      for (const key of Object.keys(cmd.changes) as (keyof Creature)[]) {
        (undo as Record<string, unknown>)[key] = before[key];
      }
      const creatures = doc.creatures.slice();
      creatures[at] = { ...before, ...cmd.changes };
      return { doc: { ...doc, creatures }, inverse: { type: 'updateCreature', id: cmd.id, changes: undo } };
    }
    case 'resizeMap':
      return resizeMap(doc, cmd);
    case 'batch': {
      let current = doc;
      const inverses: Command[] = [];
      for (const sub of cmd.commands) {
        const applied = applyCommand(current, sub);
        current = applied.doc;
        inverses.push(applied.inverse);
      }
      return { doc: current, inverse: { type: 'batch', label: cmd.label, commands: inverses.reverse() } };
    }
    case 'setPlay': {
      const before = doc.play ? (JSON.parse(JSON.stringify(doc.play)) as SavedPlaySession) : null;
      const next: Encounter = { ...doc };
      if (cmd.play) next.play = JSON.parse(JSON.stringify(cmd.play)) as SavedPlaySession;
      else delete next.play;
      return { doc: next, inverse: { type: 'setPlay', play: before } };
    }
    case 'setPicture': {
      const next: Encounter = { ...doc };
      if (cmd.picture) {
        const { opacity: o, pixelsPerSquare: pps, offsetX, offsetY } = cmd.picture;
        if (typeof o !== 'number' || !(o >= 0 && o <= 1)) throw new CommandError(`A picture's opacity is 0 to 1 (got ${o}).`);
        if (!(pps >= 1 && Number.isFinite(pps))) throw new CommandError(`A picture has at least 1 pixel to a square (got ${pps}).`);
        if (!Number.isFinite(offsetX) || !Number.isFinite(offsetY)) throw new CommandError('A picture offset is a number of pixels.');
        next.picture = { ...cmd.picture };
      } else delete next.picture;
      return { doc: next, inverse: { type: 'setPicture', picture: doc.picture ?? null, ...(cmd.label ? { label: cmd.label } : {}) } };
    }
    case 'setTokenImages': {
      const ids = new Set(cmd.tokenImages.map((t) => t.id));
      if (ids.size !== cmd.tokenImages.length) throw new CommandError('Two token pictures have the same id.');
      const missing = doc.creatures.find((c) => c.token !== undefined && !ids.has(c.token));
      if (missing) throw new CommandError(`${missing.name} shows token picture ${missing.token}, which would be gone.`);
      return { doc: withList(doc, 'tokenImages', cmd.tokenImages), inverse: { type: 'setTokenImages', tokenImages: doc.tokenImages ?? [] } };
    }
    case 'setLabels': {
      const ids = new Set(cmd.labels.map((l) => l.id));
      if (ids.size !== cmd.labels.length) throw new CommandError('Two labels have the same id.');
      return { doc: withList(doc, 'labels', cmd.labels), inverse: { type: 'setLabels', labels: doc.labels ?? [], ...(cmd.label ? { label: cmd.label } : {}) } };
    }
    case 'setLights':
      return { doc: withList(doc, 'lights', cmd.lights), inverse: { type: 'setLights', lights: doc.lights ?? [] } };
    case 'setGrid': {
      const next: Encounter = { ...doc };
      const g = cmd.grid;
      if (g) {
        if (g.color !== undefined && !/^#[0-9a-fA-F]{6}$/.test(g.color)) throw new CommandError(`A grid colour is #rrggbb (got ${g.color}).`);
        if (g.opacity !== undefined && !(g.opacity >= 0 && g.opacity <= 1)) throw new CommandError(`A grid's opacity is 0 to 1 (got ${g.opacity}).`);
        if (g.thickness !== undefined && !(g.thickness >= 0.5 && g.thickness <= GRID_THICKNESS_MAX)) throw new CommandError(`A grid line is 0.5 to ${GRID_THICKNESS_MAX} pixels thick (got ${g.thickness}).`);
      }
      if (g && Object.keys(g).length) next.grid = { ...g };
      else delete next.grid;
      return { doc: next, inverse: { type: 'setGrid', grid: doc.grid ? { ...doc.grid } : null } };
    }
    case 'setDrawn': {
      const next: Encounter = { ...doc };
      if (cmd.drawn) next.drawn = cmd.drawn;
      else delete next.drawn;
      return { doc: next, inverse: { type: 'setDrawn', drawn: doc.drawn ?? null } };
    }
  }
}

/** The encounter with one of its optional lists set; an empty list is left out, as a file leaves it. */
function withList<K extends 'tokenImages' | 'labels' | 'lights'>(doc: Encounter, key: K, list: NonNullable<Encounter[K]>): Encounter {
  const next: Encounter = { ...doc };
  if (list.length) next[key] = list.slice() as Encounter[K];
  else delete next[key];
  return next;
}

/**
 * What lies on the map by position rather than by square, moved with the squares when the map is
 * resized: the picture stays put under them (its offset moves by whole squares), labels, lights and
 * drawn walls move with them. Nothing is dropped, so the resize's inverse moves it all back.
 */
function shiftedArt(doc: Encounter, dx: number, dy: number): Partial<Encounter> {
  const out: Partial<Encounter> = {};
  if (dx === 0 && dy === 0) return out;
  const move = <P extends { x: number; y: number }>(p: P): P => ({ ...p, x: p.x + dx, y: p.y + dy });
  if (doc.picture) {
    const pps = doc.picture.pixelsPerSquare;
    out.picture = { ...doc.picture, offsetX: doc.picture.offsetX - dx * pps, offsetY: doc.picture.offsetY - dy * pps };
  }
  if (doc.labels) out.labels = doc.labels.map(move);
  if (doc.lights) out.lights = doc.lights.map(move);
  if (doc.drawn) out.drawn = { walls: doc.drawn.walls.map((w) => w.map(move)), portals: doc.drawn.portals.map((p) => ({ ...p, a: move(p.a), b: move(p.b) })) };
  return out;
}

/** The map's per-square arrays, including optional layers a newer model may add. */
function layerArrays(map: BattleMap): [string, Uint8Array | Float32Array][] {
  return Object.entries(map).filter((e): e is [string, Uint8Array | Float32Array] => ArrayBuffer.isView(e[1]));
}

function resizeMap(doc: Encounter, cmd: Extract<Command, { type: 'resizeMap' }>): Applied {
  const { width: W, height: H, dx, dy } = cmd;
  if (![W, H, dx, dy].every(Number.isInteger) || W < 1 || H < 1 || W > MAX_MAP_SIDE || H > MAX_MAP_SIDE) {
    throw new CommandError(`A map is 1 to ${MAX_MAP_SIDE} whole squares on a side (asked for ${W} × ${H}).`);
  }
  const old = doc.map;
  const map = { ...old, width: W, height: H } as BattleMap;
  const restore: Command[] = [];
  for (const [name, before] of layerArrays(old)) {
    const after = new (before.constructor as Uint8ArrayConstructor | Float32ArrayConstructor)(W * H);
    const cropped: number[] = [];
    const values: number[] = [];
    for (let y = 0; y < old.height; y++) {
      for (let x = 0; x < old.width; x++) {
        const i = y * old.width + x;
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < W && ny < H) after[ny * W + nx] = before[i]!;
        else if (before[i] !== 0) {
          cropped.push(i);
          values.push(before[i]!);
        }
      }
    }
    (map as unknown as Record<string, Uint8Array | Float32Array>)[name] = after;
    if (cropped.length && (LAYER_NAMES as readonly string[]).includes(name)) restore.push({ type: 'setSquares', layer: name as LayerName, indices: cropped, values });
  }
  const creatures: Creature[] = [];
  const dropped: Command[] = [];
  doc.creatures.forEach((c, at) => {
    const side = Math.max(1, footprintOf(doc.ruleset, c.size).side);
    const x = c.x + dx;
    const y = c.y + dy;
    if (x >= 0 && y >= 0 && x + side <= W && y + side <= H) creatures.push({ ...c, x, y });
    else dropped.push({ type: 'addCreature', creature: c, at });
  });
  const back: Command = { type: 'resizeMap', width: old.width, height: old.height, dx: -dx, dy: -dy };
  return {
    doc: { ...doc, map, creatures, ...shiftedArt(doc, dx, dy) },
    inverse: dropped.length || restore.length ? { type: 'batch', label: 'resize map', commands: [back, ...dropped, ...restore] } : back,
  };
}

/**
 * setSquares' loop: writes `values` (one, or one per square) at `indices` of `layer` (a copy of
 * `old`), and gives the squares' old values, or null when they were all the same as the first's (a
 * flood fill's are, so its undo is as light). A function of typed arrays and numbers alone: what the
 * compiler learns from a warm-up on a scratch map holds on every map.
 */
function writeSquares(old: Uint8Array | Float32Array, layer: Uint8Array | Float32Array, indices: ArrayLike<number>, values: readonly number[], byte: boolean, name: string): number[] | null {
  const n = old.length;
  const count = indices.length;
  const one = values.length === 1;
  const badValue = (v: number) => byte && (!Number.isInteger(v) || v < 0 || v > 255);
  if (one && badValue(values[0]!)) throw new CommandError(`${values[0]} is not a value for ${name}.`);
  const first = count > 0 ? old[indices[0]!]! : 0;
  let previous: number[] | null = null;
  // One pass: old values are read from the array before the command (not the copy being
  // written), so a square listed twice undoes to what it held before, not to the new value.
  const v0 = values[0]!;
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    if (!(i >= 0 && i < n) || i !== Math.floor(i)) throw new CommandError(`Square ${i} is not on the map.`);
    const was = old[i]!;
    if (previous) previous[k] = was;
    else if (was !== first) {
      previous = new Array<number>(count).fill(first, 0, k);
      previous[k] = was;
    }
    if (one) layer[i] = v0;
    else {
      const v = values[k]!;
      if (badValue(v)) throw new CommandError(`${v} is not a value for ${name}.`);
      layer[i] = v;
    }
  }
  return previous;
}
