import type { LibraryEntry } from '../../src-shared/ipc';
import { indexEncounterText } from '../../src-shared/library';

/**
 * The starter stamps in resources/stamps/ (built by tests/fixtures/starter-stamps.ts), bundled at
 * build time so the browser and desktop editions both offer them without a library folder.
 */
const files = import.meta.glob('../../resources/stamps/*.encounter', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The library the starter stamps are listed under (not a folder: they ship with the app). */
export const STARTER_LIBRARY = 'starter-stamps';

export interface StarterStamp {
  entry: LibraryEntry;
  text: string;
}

let indexed: StarterStamp[] | null = null;

/** Each starter stamp as a library entry (name, tags, thumbnail) with its text; indexed on first use. */
export function starterStamps(): StarterStamp[] {
  indexed ??= Object.entries(files)
    .map(([path, text]) => {
      const name = path.split('/').pop()!;
      const entry: LibraryEntry = { file: { id: `${STARTER_LIBRARY}/${name}`, name }, library: STARTER_LIBRARY, modified: 0, bytes: text.length, ...indexEncounterText(text) };
      return { entry, text };
    })
    .filter((s) => s.entry.stamp && !s.entry.problem);
  return indexed;
}
