import { parseEncounter } from '../io';
import type { LibraryEntry } from '../ipc';
import { summariseEncounter } from './summary';
import { thumbnailDataUrl } from './thumbnail';

/** The index fields of an entry: everything but where the file is and its disk facts. */
export type IndexFields = Omit<LibraryEntry, 'file' | 'library' | 'modified' | 'bytes'>;

export const NO_SIDES = { party: 0, enemy: 0, neutral: 0 } as const;

/** Longest problem shown in the library: the sentence and a little of the file, never all of it. */
const MAX_PROBLEM_CHARS = 500;

/**
 * A problem as the library shows it: control and text-direction characters (a parse error quotes
 * the file's own bytes) written as \u escapes, so a hostile file cannot reorder or hide the message
 * (issue 19 › 9); shortened to a readable length.
 */
export function displayableProblem(problem: string): string {
  const escaped = problem.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > MAX_PROBLEM_CHARS ? `${escaped.slice(0, MAX_PROBLEM_CHARS)}…` : escaped;
}

export function brokenFields(problem: string): IndexFields {
  return { title: null, ruleset: null, width: null, height: null, problem: displayableProblem(problem), tags: [], sides: { ...NO_SIDES }, creatureNames: [], thumbnail: null };
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
    ...(parsed.encounter.stamp ? { stamp: true } : {}),
  };
}
