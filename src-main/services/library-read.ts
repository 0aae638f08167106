import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { brokenFields, indexEncounterText, type IndexFields } from '../../src-shared/library';
import { describeFsError } from './files';

/** A file as the folder listing saw it; reading checks it is still the same file. */
export interface ListedFile {
  path: string;
  dev: number;
  ino: number;
  bytes: number;
  modified: number;
}

/**
 * Reads one library file for the index. Runs in the library worker, never on the main process's
 * event loop. The file is opened without following a symbolic link and checked (device and inode)
 * against the listing, so a link or another file swapped in after the listing is not read.
 */
export async function readForIndex(file: ListedFile, maxBytes: number): Promise<IndexFields> {
  let handle: fs.FileHandle;
  try {
    // O_NOFOLLOW: opening a symbolic link fails (ELOOP) instead of reading its target. O_NONBLOCK:
    // opening a FIFO swapped in returns at once (the type check below refuses it) instead of
    // waiting for a writer that never comes (issue 19 › 5); it changes nothing for a regular file.
    handle = await fs.open(file.path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return brokenFields('it was replaced by a link while the library was read; not read');
    return brokenFields(`cannot be read: ${describeFsError(e)}`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.dev !== file.dev || stat.ino !== file.ino) {
      return brokenFields('it was replaced by another file while the library was read; scan again');
    }
    if (stat.size > maxBytes) {
      return brokenFields(`${(stat.size / 1048576).toFixed(1)} MiB is over the ${maxBytes / 1048576} MiB limit for an encounter file`);
    }
    const text = await handle.readFile('utf8');
    return indexEncounterText(text);
  } catch (e) {
    return brokenFields(`cannot be read: ${describeFsError(e)}`);
  } finally {
    await handle.close().catch(() => {});
  }
}

export function fileLabel(p: string): string {
  return path.basename(p);
}
