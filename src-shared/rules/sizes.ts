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

/** A size as the ruleset's text names it ("Titanic Two-Plus", "Large"), never the id. */
export function sizeName(ruleset: RulesetId, size: SizeCategory): string {
  const named = sizeRow(ruleset, size)?.name;
  if (named) return named;
  return size
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** What a size takes on the grid, in words: "2 × 2 squares", "4 share a square". */
export function sizeSpaceText(ruleset: RulesetId, size: SizeCategory): string {
  const fp = footprintOf(ruleset, size);
  if (fp.perSquare > 1) return `${fp.perSquare} share a square`;
  return fp.side === 1 ? '1 square' : `${fp.side} × ${fp.side} squares`;
}
