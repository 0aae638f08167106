import { SIDES, type Encounter, type RulesetId, type Side } from '../model';

/** Creatures on each side of an encounter, as the library shows them. */
export type SideCounts = Record<Side, number>;

/**
 * What a library needs to know about one encounter file to list, search and sort it without
 * opening it: read once (off the main thread on the desktop) and cached.
 */
export interface LibrarySummary {
  name: string;
  tags: string[];
  ruleset: RulesetId;
  width: number;
  height: number;
  sides: SideCounts;
  /** Distinct creature names, for "find the map with the owlbear"; capped so a horde stays small. */
  creatureNames: string[];
}

export const MAX_INDEXED_CREATURE_NAMES = 100;

export function summariseEncounter(encounter: Encounter): LibrarySummary {
  const sides = Object.fromEntries(SIDES.map((s) => [s, 0])) as SideCounts;
  const names = new Set<string>();
  for (const c of encounter.creatures) {
    sides[c.side]++;
    if (names.size < MAX_INDEXED_CREATURE_NAMES && c.name.trim()) names.add(c.name.trim());
  }
  return {
    name: encounter.name,
    tags: normaliseTags(encounter.tags ?? []),
    ruleset: encounter.ruleset,
    width: encounter.map.width,
    height: encounter.map.height,
    sides,
    creatureNames: [...names],
  };
}

/** Tags as the library keeps them: trimmed, lower case, no duplicates, in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tags) {
    const tag = t.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 40);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 50);
}

/** "forest, boss,  night" → ["forest", "boss", "night"]. */
export function parseTagList(text: string): string[] {
  return normaliseTags(text.split(','));
}
