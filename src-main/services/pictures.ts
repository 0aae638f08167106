import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { isPictureBytes, readPictureFile } from '../../src-shared/io/import/picture-file';
import { LIMITS } from '../../src-shared/io/limits';
import type { PictureFile } from '../../src-shared/model';
import { describeFsError, FileProblem } from './files';

const MIB = 1024 * 1024;

/** The picture a chosen file holds, checked against the picture limits, or null when it is not one. */
export function readIfPicture(filePath: string): Promise<PictureFile | null> {
  return withOpenFile(filePath, async (handle, size, isPicture, name) => (isPicture ? readPictureBytes(handle, size, name) : null));
}

/** A file chosen as a picture (File › Import picture…): refused, with the reason, when it is not one. */
export function readChosenPicture(filePath: string): Promise<PictureFile> {
  return withOpenFile(filePath, async (handle, size, isPicture, name) => {
    if (!isPicture) throw new FileProblem(`${name} was not imported: the picture is neither PNG, JPEG nor WebP.`);
    return readPictureBytes(handle, size, name);
  });
}

/** Opens a regular file, looks at its first bytes, and hands it over; file system errors become sentences. */
async function withOpenFile<T>(filePath: string, use: (handle: fs.FileHandle, size: number, isPicture: boolean, name: string) => Promise<T>): Promise<T> {
  const name = path.basename(filePath);
  let handle;
  try {
    // Without blocking: a FIFO swapped in for the file must not hang the read (the type is checked next).
    handle = await fs.open(filePath, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw new FileProblem(`Cannot open ${name}: ${describeFsError(e)}.`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileProblem(`${name} is not a file.`);
    const head = new Uint8Array(12);
    await handle.read(head, 0, 12, 0);
    return await use(handle, stat.size, isPictureBytes(head), name);
  } catch (e) {
    if (e instanceof FileProblem) throw e;
    throw new FileProblem(`Cannot read ${name}: ${describeFsError(e)}.`);
  } finally {
    await handle.close();
  }
}

async function readPictureBytes(handle: fs.FileHandle, size: number, name: string): Promise<PictureFile> {
  // Refused before reading: a 2 GB file named map.png is never loaded into memory.
  if (size > LIMITS.pictureBytes) {
    throw new FileProblem(`${name} was not imported: the picture is ${(size / MIB).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / MIB} MiB limit for a picture.`);
  }
  const bytes = new Uint8Array(await handle.readFile());
  const read = readPictureFile(bytes, name);
  if (!read.ok) throw new FileProblem(read.error);
  return read.picture;
}
