import { RULESETS, type RulesetId, type SizeCategory } from '../model';
import { footprintSide, isSubSquare, type SizeRow, type SizeTable } from './engine/sizes';
import { SIZES as D20_30 } from './d20-30/sizes';
import { SIZES as D20_35 } from './d20-35/sizes';
import { SIZES as EPIC_PATH } from './epic-path/sizes';
import { SIZES as SIX_D6 } from './six-d6/sizes';
import { SIZES as STARTROID } from './startroid/sizes';

export const SIZE_TABLES: Readonly<Record<RulesetId, SizeTable>> = {
  'epic-path': EPIC_PATH,
  'd20-35': D20_35,
  'd20-30': D20_30,
  '6d6': SIX_D6,
  startroid: STARTROID,
};

/** The size row a ruleset uses for a category, or undefined when the ruleset lacks the size. */
export function sizeRow(ruleset: RulesetId, size: SizeCategory): SizeRow | undefined {
  return SIZE_TABLES[ruleset][size];
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
  return Object.keys(SIZE_TABLES[ruleset]) as SizeCategory[];
}
