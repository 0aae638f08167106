import { D20_SIZES } from '../engine/d20-sizes';

/**
 * d20-phb-30.txt has no size table of its own. What it does say fixes the same spaces as the
 * common d20 table: › Squeezing "an ogre whose space is 10 feet, or 2 squares, wide" and "a
 * Large creature (which normally takes up to four squares)"; › Very Small Creature lets Fine,
 * Diminutive and Tiny creatures share squares. The rest is the d20 table.
 */
export const SIZES = D20_SIZES;
