import type { Creature } from '../../model';
import { d20PlainFlight, d20Ruleset } from '../engine/d20-core';
import type { Ruleset } from '../engine/ruleset';
import { SIZES } from './sizes';

const TEXT = 'd20-srd-35.txt';

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

export const d20Srd35: Ruleset = d20Ruleset({ id: 'd20-35', text: TEXT, sizes: SIZES, tacticalSpeed, double: true, climbAndDive: true, flight: d20PlainFlight });
