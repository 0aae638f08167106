import type { SizeCategory } from '../../model';

/** One row of a ruleset's size table. Lengths in the ruleset's length unit. */
export interface SizeRow {
  /** The size's name as the ruleset's text writes it ("Titanic Two-Plus"); absent: the category capitalised. */
  name?: string;
  /** Side of the creature's space. */
  space: number;
  /** Natural reach of a tall creature (the default when a creature gives none). */
  reach: number;
  /** Natural reach of a long creature, where the text distinguishes it. */
  reachLong?: number;
  /** For creatures smaller than a square: how many fit in one square. */
  perSquare?: number;
}

export type SizeTable = Partial<Record<SizeCategory, SizeRow>>;

/** The footprint of a size on the grid, in squares per side (at least 1). */
export function footprintSide(row: SizeRow, squareSize: number): number {
  return Math.max(1, Math.round(row.space / squareSize));
}

/** Whether creatures of this size share squares (they take less than one square). */
export function isSubSquare(row: SizeRow, squareSize: number): boolean {
  return row.space < squareSize;
}
