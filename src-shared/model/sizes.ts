/**
 * Size categories, ordered smallest to largest. The ordinal matters: "three size categories
 * larger" (d20-srd-35.txt › Square Occupied by Creature Three Sizes Larger or Smaller) and
 * "two size categories" (startroid.txt › Moving through occupied squares; epic-path.txt › Stepover)
 * compare positions in this list. Each ruleset says which of these it knows and how much space
 * each takes (`rules/<id>/sizes.ts`).
 */
export const SIZE_CATEGORIES = [
  'fine',
  'diminutive',
  'tiny',
  'small',
  'medium',
  'large',
  'huge',
  'gargantuan',
  'colossal',
  'titanic',
  'titanic-plus',
  'titanic-2-plus',
  'titanic-3-plus',
] as const;
export type SizeCategory = (typeof SIZE_CATEGORIES)[number];

export function sizeRank(size: SizeCategory): number {
  return SIZE_CATEGORIES.indexOf(size);
}

export function isSizeCategory(value: unknown): value is SizeCategory {
  return typeof value === 'string' && (SIZE_CATEGORIES as readonly string[]).includes(value);
}
