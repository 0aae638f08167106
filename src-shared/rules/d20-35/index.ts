import { RULESETS, type Creature } from '../../model';
import { d20Going, d20Occupant, d20Plan, d20PlainFlight, d20RoomInSquare, d20StepCost, d20ThreatRange } from '../engine/d20-core';
import type { Ruleset } from '../engine/ruleset';
import { SIZES } from './sizes';

const TEXT = 'd20-srd-35.txt';
const SQUARE = 5;

/**
 * d20-srd-35.txt › How Far Can Your Character Move? (Table: Tactical Speed): 30 ft becomes 20 ft
 * in medium or heavy armour; 20 ft becomes 15 ft, except a dwarf's, which stays 20 ft. Speeds the
 * table does not list follow the same progression (a third off, to 5 ft), as documented in
 * docs/rules.md. › Encumbrance gives no numbers beyond "may move slower": a medium or heavy load
 * slows like medium or heavy armour (not stacking with it).
 */
export function tacticalSpeed(c: Creature): number {
  const base = c.speed.walk;
  const slowed = c.armor === 'medium' || c.armor === 'heavy' || c.load === 'medium' || c.load === 'heavy';
  if (!slowed) return base;
  if (base === 20 && (c.race ?? '').toLowerCase() === 'dwarf') return 20;
  return base - Math.floor(base / 15) * 5;
}

export const d20Srd35: Ruleset = {
  id: 'd20-35',
  info: RULESETS['d20-35'],
  sizes: SIZES,
  distance: 'one-two-one',
  diagonalParity: true,
  // › Difficult Terrain: "you can move only as fast as the most difficult terrain you occupy".
  bigCreatureGoing: 'occupied',
  // › Squeezing: "at least half as wide as your normal space".
  squeezeWidth: (side) => (side > 1 ? Math.ceil(side / 2) : null),
  roomInSquare: (mover, sharing) => d20RoomInSquare(mover, sharing, SIZES),
  going: (kind, mode, deep) => d20Going(kind, mode, deep),
  resistance: () => 1,
  plan: ({ creature, request }) => d20Plan(creature, request, tacticalSpeed(creature), { text: TEXT, double: true }),
  stepCost: (step) => d20StepCost(step),
  occupant: (mover, other) => d20Occupant(mover, other, SIZES, SQUARE),
  threatRange: (c) => d20ThreatRange(c, SIZES, SQUARE),
  maxStepCost: () => 32,
  flight: d20PlainFlight,
};
