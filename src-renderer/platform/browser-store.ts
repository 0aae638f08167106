// The browser edition's IndexedDB store is the library database (`src-renderer/store/db.ts`),
// whose numbered migrations start with this store's first schema.
export { LibraryDb as BrowserStore, type StoredFile, type StoredLibrary, type StoredLibraryFile } from '../store/db';
