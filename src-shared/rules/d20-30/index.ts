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

// › How Far Can Your Character Move?: "you can move your speed in a round and still do something"; "If you
// spend the entire round running, you can move quadruple your speed"; "If you do something that requires
// a full round … you can only take a 5-foot step". A move, a run, a 5-foot step and › Minimum Movement —
// the chapter gives no double move (3.5's "use both of your actions in a round to move" is not in it).
export const d20Phb30: Ruleset = d20Ruleset({ id: 'd20-30', text: TEXT, sizes: SIZES, tacticalSpeed, double: false, deadAreHelpless: true, flight: d20AerialFlight });
