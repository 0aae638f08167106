import type { SizeTable } from '../engine/sizes';

/**
 * epic-path.txt › Space and Reach › Space: Fine 1/2 ft, Diminutive 1 ft, Tiny 2 1/2 ft, Small and
 * Medium 5 ft, Large 10, Huge 15, Gargantuan 20, Colossal 25, Titanic 30, Titanic-Plus 60,
 * Two-Plus 120, Three-Plus 240 (names as › Space writes them: "Titanic-Plus", "Titanic Two-Plus",
 * "Titanic Three-Plus"). "4 tiny creatures fit into a five foot square, 25 Diminutive,
 * and 100 Fine" (the recommended cap of four per square is the `perSquareCap` of the ruleset).
 * › Reach: Small and Medium 5 ft, Tiny and smaller none, and "as a rule of thumb, creatures have
 * a reach equal to the side of their space".
 */
export const SIZES: SizeTable = {
  fine: { space: 0.5, reach: 0, perSquare: 100 },
  diminutive: { space: 1, reach: 0, perSquare: 25 },
  tiny: { space: 2.5, reach: 0, perSquare: 4 },
  small: { space: 5, reach: 5 },
  medium: { space: 5, reach: 5 },
  large: { space: 10, reach: 10 },
  huge: { space: 15, reach: 15 },
  gargantuan: { space: 20, reach: 20 },
  colossal: { space: 25, reach: 25 },
  titanic: { space: 30, reach: 30 },
  'titanic-plus': { name: 'Titanic-Plus', space: 60, reach: 60 },
  'titanic-2-plus': { name: 'Titanic Two-Plus', space: 120, reach: 120 },
  'titanic-3-plus': { name: 'Titanic Three-Plus', space: 240, reach: 240 },
};

/** epic-path.txt › Space: "it is recommended that no more than four creatures be allowed into one space". */
export const RECOMMENDED_PER_SQUARE_CAP = 4;
