import type { SizeTable } from '../engine/sizes';

/**
 * d20-phb-30.txt has no size table of its own. What it does say fixes the same spaces as the
 * common d20 table: › Squeezing "an ogre whose space is 10 feet, or 2 squares, wide" and "a
 * Large creature (which normally takes up to four squares)"; › Very Small Creature lets Fine,
 * Diminutive and Tiny creatures share squares. The remaining rows (space, natural reach, how
 * many fit in a square) are the d20 size table's, stated here so this ruleset stands alone.
 */
export const SIZES: SizeTable = {
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
