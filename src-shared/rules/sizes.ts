import { RULESETS, type RulesetId, type SizeCategory } from '../model';
import { footprintSide, isSubSquare, type SizeRow, type SizeTable } from './engine/sizes';
import { RULESET_IMPLEMENTATIONS } from './registry';

/** Each ruleset's size table (space, reach, how many share a square), from its own folder. */
export function sizeTable(ruleset: RulesetId): SizeTable {
  return RULESET_IMPLEMENTATIONS[ruleset].sizes;
}

/** The size row a ruleset uses for a category, or undefined when the ruleset lacks the size. */
export function sizeRow(ruleset: RulesetId, size: SizeCategory): SizeRow | undefined {
  return sizeTable(ruleset)[size];
}

export interface Footprint {
  /** Squares per side (1 for creatures that share squares). */
  side: number;
  /** How many of this size share one square (1 for a square or more). */
  perSquare: number;
}

export function footprintOf(ruleset: RulesetId, size: SizeCategory): Footprint {
  const row = sizeRow(ruleset, size);
  if (!row) return { side: 1, perSquare: 1 };
  const squareSize = RULESETS[ruleset].squareSize;
  return {
    side: footprintSide(row, squareSize),
    perSquare: isSubSquare(row, squareSize) ? (row.perSquare ?? 1) : 1,
  };
}

export function sizesOf(ruleset: RulesetId): SizeCategory[] {
  return Object.keys(sizeTable(ruleset)) as SizeCategory[];
}
