import { parseEncounter } from '../io';
import type { LibraryEntry } from '../ipc';
import { summariseEncounter } from './summary';
import { thumbnailDataUrl } from './thumbnail';

/** The index fields of an entry: everything but where the file is and its disk facts. */
export type IndexFields = Omit<LibraryEntry, 'file' | 'library' | 'modified' | 'bytes'>;

export const NO_SIDES = { party: 0, enemy: 0, neutral: 0 } as const;

export function brokenFields(problem: string): IndexFields {
  return { title: null, ruleset: null, width: null, height: null, problem, tags: [], sides: { ...NO_SIDES }, creatureNames: [], thumbnail: null };
}

/**
 * Reads an encounter file's text into its library fields. Never throws: a file that does not parse
 * comes back broken with the reason, so one bad file never hides the others.
 */
export function indexEncounterText(text: string): IndexFields {
  const parsed = parseEncounter(text);
  if (!parsed.ok) return brokenFields(parsed.error);
  const s = summariseEncounter(parsed.encounter);
  let thumbnail: string | null = null;
  try {
    thumbnail = thumbnailDataUrl(parsed.encounter.map, parsed.encounter.creatures);
  } catch {
    // A picture is a nicety; the entry is listed without one.
  }
  return {
    title: s.name,
    ruleset: s.ruleset,
    width: s.width,
    height: s.height,
    problem: null,
    tags: s.tags,
    sides: s.sides,
    creatureNames: s.creatureNames,
    thumbnail,
  };
}
