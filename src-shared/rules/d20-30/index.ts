import type { Creature } from '../../model';
import { d20Ruleset } from '../engine/d20-core';
import type { Ruleset } from '../engine/ruleset';
import { d20AerialFlight } from './aerial';
import { SIZES } from './sizes';

const TEXT = 'd20-phb-30.txt';

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

// › Movement in Combat: "you can move your speed in a round and still do something" — a move is one of
// the round's actions, so a round of nothing but moving moves twice (shared/rules/README.md: the same
// core as 3.5, whose text says so); a run is "quadruple your speed"; a 5-foot step; › Minimum Movement.
export const d20Phb30: Ruleset = d20Ruleset({ id: 'd20-30', text: TEXT, sizes: SIZES, tacticalSpeed, double: true, flight: d20AerialFlight });
