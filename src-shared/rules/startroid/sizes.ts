import type { SizeTable } from '../engine/sizes';

/**
 * startroid.txt › Creature Size and Space: six categories. › Special Rules for Size: "Four
 * individual tiny creatures can fit in a square"; Small occupies the same space as Medium; a
 * Large creature "takes up 2 squares by 2 squares"; Huge 3x3 and Gargantuan 4x4 (README table).
 * Lengths in metres (1.5 m squares). Tiny creatures attack in their own square (reach 0); others
 * reach adjacent squares unless a creature lists more.
 */
export const SIZES: SizeTable = {
  tiny: { space: 0.75, reach: 0, perSquare: 4 },
  small: { space: 1.5, reach: 1.5 },
  medium: { space: 1.5, reach: 1.5 },
  large: { space: 3, reach: 1.5 },
  huge: { space: 4.5, reach: 1.5 },
  gargantuan: { space: 6, reach: 1.5 },
};
