import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isPictureBytes, readPictureFile } from '../../src-shared/io/import/picture-file';
import { LIMITS } from '../../src-shared/io/limits';
import type { PictureFile } from '../../src-shared/model';
import { describeFsError, FileProblem } from './files';

const MIB = 1024 * 1024;

/**
 * A file the user chose to open, read as what it is: an encounter file or scenario as text, or a
 * picture (PNG, JPEG, WebP, known by its first bytes) as its bytes unchanged, checked against the
 * picture limits here, before anything reaches the renderer. `maxTextBytes` bounds a text file.
 */
export function readChosenFile(filePath: string, maxTextBytes: number): Promise<{ text: string } | { picture: PictureFile }> {
  return withOpenFile(filePath, async (handle, size, isPicture, name) => {
    if (isPicture) return { picture: await readPictureBytes(handle, size, name) };
    if (size > maxTextBytes) throw new FileProblem(`${name} is ${(size / MIB).toFixed(1)} MiB, over the ${maxTextBytes / MIB} MiB limit.`);
    return { text: (await handle.readFile()).toString('utf8') };
  });
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
    handle = await fs.open(filePath, 'r');
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
