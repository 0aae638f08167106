import { RULESETS, type Creature } from '../../model';
import { d20Going, d20Occupant, d20Plan, d20RoomInSquare, d20StepCost, d20ThreatRange } from '../engine/d20-core';
import type { Ruleset } from '../engine/ruleset';
import { SIZES } from './sizes';
import { d20AerialFlight } from './aerial';

const TEXT = 'd20-phb-30.txt';
const SQUARE = 5;

/**
 * d20-phb-30.txt › Tactical Speed: 30 ft becomes 20 ft in medium or heavy armour, and 20 ft
 * (dwarf, halfling, gnome alike — unlike 3.5, the dwarf slows too) becomes 15 ft. Other speeds
 * follow the same progression; a medium or heavy load slows like armour (› Encumbrance gives no
 * numbers), as documented in docs/rules.md.
 */
export function tacticalSpeed(c: Creature): number {
  const base = c.speed.walk;
  const slowed = c.armor === 'medium' || c.armor === 'heavy' || c.load === 'medium' || c.load === 'heavy';
  return slowed ? base - Math.floor(base / 15) * 5 : base;
}

export const d20Phb30: Ruleset = {
  id: 'd20-30',
  info: RULESETS['d20-30'],
  sizes: SIZES,
  distance: 'one-two-one',
  diagonalParity: true,
  // › Difficult Terrain: "the most difficult terrain you occupy" (a giant's space fills several squares).
  bigCreatureGoing: 'occupied',
  // › Squeezing: "an ogre whose space is 10 feet ... can squeeze through a space at least 5 feet wide".
  squeezeWidth: (side) => (side > 1 ? Math.ceil(side / 2) : null),
  roomInSquare: (mover, sharing) => d20RoomInSquare(mover, sharing, SIZES),
  going: (kind, mode, deep) => d20Going(kind, mode, deep),
  resistance: () => 1,
  // › Movement in Combat names a move, a run ("quadruple your speed") and a 5-foot step; › Minimum
  // Movement adds the full-round one-square move. It has no double move.
  plan: ({ creature, request }) => d20Plan(creature, request, tacticalSpeed(creature), { text: TEXT, double: false }),
  stepCost: (step) => d20StepCost(step),
  occupant: (mover, other) => d20Occupant(mover, other, SIZES, SQUARE),
  threatRange: (c) => d20ThreatRange(c, SIZES, SQUARE),
  maxStepCost: () => 32,
  flight: d20AerialFlight,
};
