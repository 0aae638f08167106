import type { SizeTable } from './sizes';

/**
 * The d20 size table: d20-srd-35.txt › Big and Little Creatures in Combat (Space, Natural Reach
 * tall/long) and › Tiny, Diminutive, and Fine Creatures ("four can fit into a single square.
 * Twenty-five Diminutive creatures or 100 Fine creatures"). "Colossal and Colossal+" share a row.
 */
export const D20_SIZES: SizeTable = {
  fine: { space: 0.5, reach: 0, reachLong: 0, perSquare: 100 },
  diminutive: { space: 1, reach: 0, reachLong: 0, perSquare: 25 },
  tiny: { space: 2.5, reach: 0, reachLong: 0, perSquare: 4 },
  small: { space: 5, reach: 5, reachLong: 5 },
  medium: { space: 5, reach: 5, reachLong: 5 },
  large: { space: 10, reach: 10, reachLong: 5 },
  huge: { space: 15, reach: 15, reachLong: 10 },
  gargantuan: { space: 20, reach: 20, reachLong: 15 },
  colossal: { space: 30, reach: 30, reachLong: 20 },
};
