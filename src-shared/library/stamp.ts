import { createEncounter, layerReadBy, RULESETS, type Creature, type Encounter, type RulesetId } from '../model';
import { cutOut, PIECE_SQUARE_LAYERS, placePiece, regionOfSquares, type MapPiece, type SquareLayerName } from '../model/map-piece';
import { creatureFeatureWithoutEffect } from '../rules/features';
import { sizeName, sizesOf } from '../rules/sizes';
import { normaliseTags } from './summary';

/**
 * Stamps (issue 18 › 2): a piece of a map kept to be dropped on other maps — stairs, a pillar hall, a
 * bridge. A stamp is an encounter file like any other, small, with `stamp.mask` saying which of its
 * squares belong: so it is saved atomically, validated on opening, listed, searched and tagged by the
 * library in both editions like an encounter, and can be opened and edited as a map of its own. Its
 * first row and column are a margin outside the mask: the map stores a square's west and north walls
 * on its neighbours, and the margin is where a stamp keeps them.
 */

export const STAMP_MARGIN = 1;

/** A stamp's encounter from a piece (`model/map-piece.ts`), named and tagged for the library. */
export function stampFromPiece(piece: MapPiece, name: string, tags: readonly string[] = []): Encounter {
  const width = piece.width + STAMP_MARGIN;
  const height = piece.height + STAMP_MARGIN;
  const base = createEncounter({ name, ruleset: piece.ruleset, width, height });
  const placed = placePiece(base, piece, { x: STAMP_MARGIN, y: STAMP_MARGIN }, { creatureIds: piece.creatures.map((c) => c.id), keepNames: true });
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < piece.height; y++) {
    for (let x = 0; x < piece.width; x++) if (piece.mask[y * piece.width + x]) mask[(y + STAMP_MARGIN) * width + x + STAMP_MARGIN] = 1;
  }
  const clean = normaliseTags(tags);
  return { ...placed, stamp: { mask }, ...(clean.length ? { tags: clean } : {}) };
}

/** The piece a stamp holds, ready to drop (its creatures keep their ids until a paste gives new ones). */
export function pieceFromStamp(stamp: Encounter): MapPiece {
  if (!stamp.stamp) throw new Error(`“${stamp.name}” is an encounter, not a stamp.`);
  const { mask } = stamp.stamp;
  const W = stamp.map.width;
  const squares: { x: number; y: number }[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) squares.push({ x: i % W, y: Math.floor(i / W) });
  return cutOut(stamp, regionOfSquares(squares));
}

const LAYER_WORDS: Partial<Record<SquareLayerName, string>> = {
  resistance: 'movement resistance',
  hiddenResistance: 'hidden movement resistance',
  blockade: 'blockades',
  light: 'light and darkness',
};

const LENGTH_LAYERS: readonly SquareLayerName[] = ['elevation', 'waterDepth'];

export type StampForRuleset = { ok: true; piece: MapPiece; notes: string[] } | { ok: false; reason: string };

/**
 * A stamp's piece as it drops on a map of `target`'s ruleset: as it is in its own ruleset; in another,
 * only where its layers and creatures mean the same there — a layer only its own text reads
 * (6d6 movement resistance, Startroid blockades, Epic Path light), creatures whose speeds are counted
 * in another unit, a size or a creature flag the target's text does not have are refused with the
 * reason. Heights follow the squares: a stamp made where a square is 5 ft drops where a square is
 * 1.5 m with its heights scaled to match (said in `notes`).
 */
export function stampForRuleset(piece: MapPiece, target: RulesetId): StampForRuleset {
  if (piece.ruleset === target) return { ok: true, piece, notes: [] };
  const from = RULESETS[piece.ruleset];
  const to = RULESETS[target];
  const refuse = (why: string): StampForRuleset => ({ ok: false, reason: `This stamp was made for ${from.name} and cannot be dropped on a ${to.name} map: ${why}.` });
  for (const name of PIECE_SQUARE_LAYERS) {
    if (layerReadBy(name, target)) continue;
    if (piece.squares[name].some((v, i) => v !== 0 && piece.mask[i] === 1)) return refuse(`its ${LAYER_WORDS[name] ?? name} means nothing in ${to.name} (only ${from.name} reads it)`);
  }
  if (piece.creatures.length && from.speedUnit !== to.speedUnit) {
    return refuse(`its creatures' speeds are counted in ${unitWords(from.speedUnit)}, and ${to.name} counts movement in ${unitWords(to.speedUnit)}`);
  }
  const sizes = new Set(sizesOf(target));
  for (const c of piece.creatures) {
    if (!sizes.has(c.size)) return refuse(`${c.name} is ${sizeName(piece.ruleset, c.size)}, a size ${to.name} does not have`);
    const feature = creatureFeatureWithoutEffect(target, c);
    if (feature) return refuse(`${c.name} has ${feature}`);
  }
  const notes: string[] = [];
  const scale = to.squareSize / from.squareSize;
  const next: MapPiece = { ...piece, ruleset: target, squares: { ...piece.squares } };
  if (scale !== 1 || from.lengthUnit !== to.lengthUnit) {
    const scaled = (v: number) => Math.round(v * scale * 100) / 100;
    let any = false;
    for (const name of LENGTH_LAYERS) {
      next.squares[name] = piece.squares[name].map((v) => {
        if (v !== 0) any = true;
        return scaled(v);
      });
    }
    next.creatures = piece.creatures.map((c): Creature => {
      if (c.altitude !== 0) any = true;
      return { ...c, altitude: scaled(c.altitude) };
    });
    if (any) notes.push(`Heights scaled from ${from.lengthUnit} to ${to.lengthUnit}: a square is ${from.squareSize} ${from.lengthUnit} in ${from.name} and ${to.squareSize} ${to.lengthUnit} in ${to.name}.`);
  }
  return { ok: true, piece: next, notes };
}

function unitWords(unit: string): string {
  return unit === 'ft' ? 'feet' : unit === 'mr' ? 'movement resistance (no speeds)' : unit;
}

/** Whether an encounter is a stamp. */
export const isStamp = (e: Encounter): boolean => e.stamp !== undefined;
