/**
 * The paths of the files last dropped on the window, seen by the preload alone. Only a drop the
 * user really made counts (`isTrusted`: a page script cannot fake one), and only files with a path
 * on disk (`getPath` is `webUtils.getPathForFile`, which answers '' for a file the page built).
 * Kept out of the page's reach; the page asks for a dropped file by its place in the drop.
 */
export interface DropTracker {
  /** To be installed as a capturing `drop` listener on the window, so it runs before the page's. */
  onDrop(event: { isTrusted: boolean; dataTransfer: { files: ArrayLike<unknown> } | null }): void;
  pathAt(index: number): string | null;
}

/** Enough for any real drop; more are ignored. */
const MAX_DROPPED = 100;

export function createDropTracker(getPath: (file: never) => string): DropTracker {
  let paths: string[] = [];
  return {
    onDrop(event) {
      // Every drop replaces the last one, trusted or not: an old path never answers a new drop.
      paths = [];
      if (!event.isTrusted || !event.dataTransfer) return;
      const files = event.dataTransfer.files;
      for (let i = 0; i < Math.min(files.length, MAX_DROPPED); i++) {
        let p = '';
        try {
          p = getPath(files[i] as never);
        } catch {
          p = '';
        }
        paths.push(typeof p === 'string' ? p : '');
      }
    },
    pathAt(index) {
      if (!Number.isInteger(index) || index < 0 || index >= paths.length) return null;
      return paths[index] || null;
    },
  };
}
