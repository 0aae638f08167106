import Dexie, { type Table } from 'dexie';

export interface StoredFile {
  id: string;
  name: string;
  text: string;
  lastUsed: number;
}
export interface StoredLibrary {
  id: string;
  name: string;
  added: number;
}
export interface StoredLibraryFile {
  id: string;
  library: string;
  name: string;
  text: string;
  modified: number;
}

/**
 * What the browser edition keeps in IndexedDB: the files it opened or saved (its "recent" list and
 * their contents, since a page cannot reopen a file from disk by itself) and imported libraries.
 * Schema versions are replayed in order; add a new `version(n)` for every change, never edit one.
 */
export class BrowserStore extends Dexie {
  files!: Table<StoredFile, string>;
  libraries!: Table<StoredLibrary, string>;
  libraryFiles!: Table<StoredLibraryFile, string>;

  constructor(name = 'encounter-builder') {
    super(name);
    this.version(1).stores({
      files: '&id, lastUsed',
      libraries: '&id, name',
      libraryFiles: '&id, library, name',
    });
  }
}
