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

// › Movement in Combat names a move, a run ("quadruple your speed") and a 5-foot step; › Minimum
// Movement adds the full-round one-square move. It has no double move.
export const d20Phb30: Ruleset = d20Ruleset({ id: 'd20-30', text: TEXT, sizes: SIZES, tacticalSpeed, double: false, flight: d20AerialFlight });
