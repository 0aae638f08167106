import type { SizeTable } from '../engine/sizes';

/**
 * 6d6.txt says nothing of creature sizes: it tracks movement in 5' squares and lets several
 * characters share a square at a movement-resistance cost (› Occupied Squares). The editor still
 * needs a footprint to draw, so sizes use plain 5-ft spaces: anything up to Medium takes one
 * square, and bigger creatures the usual d20 spaces.
 */
export const SIZES: SizeTable = {
  tiny: { space: 5, reach: 5 },
  small: { space: 5, reach: 5 },
  medium: { space: 5, reach: 5 },
  large: { space: 10, reach: 5 },
  huge: { space: 15, reach: 5 },
  gargantuan: { space: 20, reach: 5 },
  colossal: { space: 30, reach: 5 },
};
