/**
 * Edits of a region of squares with everything on it (issue 18 › 1): paste, delete, move, rotate and
 * mirror, each one `batch` command, so one undo step with its own name. Built on `model/map-piece.ts`:
 * a region is cut out as a piece, turned or flipped there, and put down again.
 */
import type { Encounter } from '../model';
import {
  clipRegion,
  creaturesInRegion,
  cutOutTyped,
  layerWrites,
  mirrorTyped,
  pieceRegion,
  placedThings,
  regionHas,
  regionSize,
  rotateTyped,
  type LayerWrite,
  type MapPiece,
  type PlaceOptions,
  type Square,
  type SquareRegion,
  type TypedPiece,
} from '../model/map-piece';
import type { MapPoint } from '../model/picture';
import { footprintOf } from '../rules/sizes';
import { applyCommand, type Command } from './commands';

/** A region edit: the one command, and where the region is afterwards (the selection follows it). */
export interface RegionEdit {
  command: Command;
  region: SquareRegion;
  /** The creatures put down (pasted or moved), for the selection. */
  creatureIds: string[];
  /** A turn or mirror that would not fit where it was asked (off the map, or onto a creature): the top-left it was asked for. */
  wanted?: Square;
}

/** Whether a point (in squares) lies on a square of the region, its border included (as `cutOut` reads it). */
function onRegion(region: SquareRegion, p: MapPoint): boolean {
  for (const dy of Number.isInteger(p.y) ? [0, -1] : [0]) {
    for (const dx of Number.isInteger(p.x) ? [0, -1] : [0]) if (regionHas(region, Math.floor(p.x) + dx, Math.floor(p.y) + dy)) return true;
  }
  return false;
}

const setSquares = (writes: LayerWrite[]): Command[] => writes.map(({ layer, indices, values }) => ({ type: 'setSquares', layer, indices, values }));

/**
 * The commands that take away what `cutOut` would take from a region (creatures wholly in it, labels,
 * lights and drawn shapes on it); its squares are cleared by `layerWrites`.
 */
function clearThings(doc: Encounter, region: SquareRegion): Command[] {
  const out: Command[] = [];
  for (const c of creaturesInRegion(doc, region)) out.push({ type: 'removeCreature', id: c.id });
  const on = (p: MapPoint) => onRegion(region, p);
  const labels = (doc.labels ?? []).filter((l) => !on(l));
  if (labels.length !== (doc.labels ?? []).length) out.push({ type: 'setLabels', labels });
  const lights = (doc.lights ?? []).filter((l) => !on(l));
  if (lights.length !== (doc.lights ?? []).length) out.push({ type: 'setLights', lights });
  const walls = (doc.drawn?.walls ?? []).filter((w) => !w.every(on));
  const portals = (doc.drawn?.portals ?? []).filter((p) => !(on(p.a) && on(p.b)));
  if (walls.length !== (doc.drawn?.walls ?? []).length || portals.length !== (doc.drawn?.portals ?? []).length) {
    out.push({ type: 'setDrawn', drawn: walls.length || portals.length ? { walls, portals } : null });
  }
  return out;
}

/** The commands that clear a region to the map's default (normal ground, height 0, dry, no edges on it or its border) with everything on it. */
function clearCommands(doc: Encounter, whole: SquareRegion): Command[] {
  const region = clipRegion(whole, doc.map);
  return [...setSquares(layerWrites(doc.map, region, null)), ...clearThings(doc, region)];
}

/** The commands that put the things on a piece down at `at` on `doc` (see `placedThings`), and the creatures placed. */
function placeThings(doc: Encounter, piece: MapPiece | TypedPiece, at: Square, options: PlaceOptions): { commands: Command[]; creatureIds: string[] } {
  const p = placedThings(doc, piece, at, options);
  const commands: Command[] = [];
  for (const creature of p.creatures) commands.push({ type: 'addCreature', creature });
  if (p.labels.length) commands.push({ type: 'setLabels', labels: [...(doc.labels ?? []), ...p.labels] });
  if (p.lights.length) commands.push({ type: 'setLights', lights: [...(doc.lights ?? []), ...p.lights] });
  if (p.drawn.walls.length || p.drawn.portals.length) {
    commands.push({ type: 'setDrawn', drawn: { walls: [...(doc.drawn?.walls ?? []), ...p.drawn.walls], portals: [...(doc.drawn?.portals ?? []), ...p.drawn.portals] } });
  }
  return { commands, creatureIds: p.creatures.map((c) => c.id) };
}

/** Runs commands one after another on a document (what a batch would do), for the next step's reading. */
function after(doc: Encounter, commands: readonly Command[]): Encounter {
  let d = doc;
  for (const c of commands) d = applyCommand(d, c).doc;
  return d;
}

const words = (region: SquareRegion) => {
  const n = regionSize(region);
  return `${n} square${n === 1 ? '' : 's'}`;
};

/** Pastes a piece with its top-left at `at`: new creatures (new ids, names numbered), labels and shapes added. */
export function pasteRegion(doc: Encounter, piece: MapPiece | TypedPiece, at: Square): RegionEdit {
  const placed = placeThings(doc, piece, at, {});
  const region = pieceRegion(piece, at);
  const commands = [...setSquares(layerWrites(doc.map, null, { piece, at })), ...placed.commands];
  return { command: { type: 'batch', label: `paste ${words(region)}`, commands }, region, creatureIds: placed.creatureIds };
}

/** Clears a region to the map's default, with everything on it. */
export function deleteRegion(doc: Encounter, region: SquareRegion): RegionEdit {
  return { command: { type: 'batch', label: `delete ${words(region)}`, commands: clearCommands(doc, region) }, region, creatureIds: [] };
}

/** Cut: the same edit as delete, named as a cut (the piece is copied by the caller first). */
export function cutRegion(doc: Encounter, region: SquareRegion): RegionEdit {
  return { command: { type: 'batch', label: `cut ${words(region)}`, commands: clearCommands(doc, region) }, region, creatureIds: [] };
}

/**
 * Puts a region's piece, turned or flipped (`piece`), down with its top-left at `to`: the squares it
 * leaves are cleared, creatures keep their ids and names. One step named `label`; each layer's squares
 * written once, with their values after both the clear and the placing.
 */
function relocate(doc: Encounter, region: SquareRegion, to: Square, piece: TypedPiece, label: string): RegionEdit {
  const options: PlaceOptions = { creatureIds: piece.creatures.map((c) => c.id), keepNames: true };
  const clear = clearThings(doc, region);
  // The things are placed on the encounter as the clear leaves it (no squares change there: cheap).
  const placed = placeThings(after(doc, clear), piece, to, options);
  const squares = setSquares(layerWrites(doc.map, region, { piece, at: to, options }));
  return { command: { type: 'batch', label: `${label} ${words(region)}`, commands: [...squares, ...clear, ...placed.commands] }, region: pieceRegion(piece, to), creatureIds: placed.creatureIds };
}

/** Moves a region by (dx, dy) squares with everything on it. */
export function moveRegion(doc: Encounter, region: SquareRegion, dx: number, dy: number): RegionEdit {
  const r = clipRegion(region, doc.map);
  return relocate(doc, r, { x: r.x + dx, y: r.y + dy }, cutOutTyped(doc, r), 'move');
}

/**
 * Where a turned piece goes so that it turns about the middle of its box. Half squares are rounded
 * toward the old corner (`Math.trunc`), so a turn and the turn back land where they started.
 */
function turnedCorner(region: SquareRegion, turned: { width: number; height: number }): Square {
  return { x: region.x + Math.trunc((region.width - turned.width) / 2), y: region.y + Math.trunc((region.height - turned.height) / 2) };
}

/** How far a turned or mirrored piece may be shifted to fit, in squares (as far as a paste looks). */
const TURN_SHIFT_REACH = 64;

/**
 * Turns or flips a region and puts it down at `wanted`, or, when the changed piece would run off the
 * map or land on a creature there, at the nearest place where it fits (as a move does), so nothing
 * on it is lost; null when there is no such place (the map is too small for the turned piece).
 */
function turnInPlace(doc: Encounter, region: SquareRegion, wanted: Square, change: (p: TypedPiece) => TypedPiece, label: string): RegionEdit | null {
  const piece = change(cutOutTyped(doc, region));
  const at = nearestOffset(wanted, pieceFits(doc, piece, new Set(piece.creatures.map((c) => c.id))), TURN_SHIFT_REACH);
  if (!at) return null;
  const edit = relocate(doc, region, at, piece, label);
  return at.x === wanted.x && at.y === wanted.y ? edit : { ...edit, wanted };
}

/** Turns a region in place, clockwise by quarter turns (negative: anticlockwise); shifted to fit on the map, null when it cannot. */
export function rotateRegion(doc: Encounter, whole: SquareRegion, quarterTurns: number): RegionEdit | null {
  const region = clipRegion(whole, doc.map);
  const turned = quarterTurns % 2 === 0 ? region : { width: region.height, height: region.width };
  return turnInPlace(doc, region, turnedCorner(region, turned), (p) => rotateTyped(p, quarterTurns), quarterTurns < 0 ? 'rotate anticlockwise' : 'rotate');
}

/** Mirrors a region in place: `'horizontal'` left to right, `'vertical'` top to bottom; shifted to fit, null when it cannot. */
export function mirrorRegion(doc: Encounter, whole: SquareRegion, axis: 'horizontal' | 'vertical'): RegionEdit | null {
  const region = clipRegion(whole, doc.map);
  return turnInPlace(doc, region, { x: region.x, y: region.y }, (p) => mirrorTyped(p, axis), axis === 'horizontal' ? 'mirror left to right' : 'mirror top to bottom');
}

/**
 * The offset nearest to `from` (by squares, counting a diagonal step as one; ties by straight-line
 * distance, then top to bottom, left to right) for which `fits` says yes, at most `maxDistance` away;
 * null when none does.
 */
export function nearestOffset(from: Square, fits: (at: Square) => boolean, maxDistance = 64): Square | null {
  if (fits(from)) return from;
  for (let d = 1; d <= maxDistance; d++) {
    const ring: Square[] = [];
    for (let dy = -d; dy <= d; dy++) {
      for (let dx = -d; dx <= d; dx++) if (Math.max(Math.abs(dx), Math.abs(dy)) === d) ring.push({ x: from.x + dx, y: from.y + dy });
    }
    ring.sort((a, b) => (a.x - from.x) ** 2 + (a.y - from.y) ** 2 - ((b.x - from.x) ** 2 + (b.y - from.y) ** 2) || a.y - b.y || a.x - b.x);
    for (const q of ring) if (fits(q)) return q;
  }
  return null;
}

/**
 * Where a piece may be put down with its top-left at `at`: its whole box on the map, and no creature
 * already there (other than those in `ignore`, moving with it) standing on a square of its mask, so
 * nothing ends up buried under the pasted squares or sharing a space with the pasted creatures.
 * Returns a function for `nearestOffset` (the map's creatures are read once).
 */
export function pieceFits(doc: Encounter, piece: Pick<MapPiece, 'width' | 'height'> & { mask: ArrayLike<number> }, ignore: ReadonlySet<string> = new Set()): (at: Square) => boolean {
  const { width: W, height: H } = doc.map;
  // The squares creatures stand on, listed once: a place is checked against them, not against every
  // square of the piece (a room of a million squares, a few hundred creatures).
  const standing: number[] = [];
  for (const c of doc.creatures) {
    if (ignore.has(c.id)) continue;
    const side = Math.max(1, footprintOf(doc.ruleset, c.size).side);
    for (let y = Math.max(0, c.y); y < Math.min(H, c.y + side); y++) for (let x = Math.max(0, c.x); x < Math.min(W, c.x + side); x++) standing.push(x, y);
  }
  return (at) => {
    if (at.x < 0 || at.y < 0 || at.x + piece.width > W || at.y + piece.height > H) return false;
    for (let k = 0; k < standing.length; k += 2) {
      const x = standing[k]! - at.x;
      const y = standing[k + 1]! - at.y;
      if (x >= 0 && y >= 0 && x < piece.width && y < piece.height && piece.mask[y * piece.width + x]) return false;
    }
    return true;
  };
}
