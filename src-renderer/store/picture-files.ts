import { isPictureBytes, PICTURE_EXTENSIONS, readPictureFile } from '../../src-shared/io/import/picture-file';
import { LIMITS } from '../../src-shared/io/limits';
import type { PictureFile } from '../../src-shared/model';

/**
 * Picture files in the page (the browser edition's picker, and any edition's drop): told apart by
 * their first bytes, read unchanged within the one set of picture limits (io/import/image.ts).
 */

/** What the browser's file picker offers for a picture. */
export const PICTURE_ACCEPT = `${PICTURE_EXTENSIONS.map((e) => `.${e}`).join(',')},image/png,image/jpeg,image/webp`;

/** Whether a chosen or dropped file is a picture, by its first bytes (as the desktop's main process tells). */
export async function fileIsPicture(file: Blob): Promise<boolean> {
  return isPictureBytes(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
}

/** A picture file's bytes, unchanged, within the picture limits (refused before reading when too big). */
export async function readPicture(file: File): Promise<PictureFile> {
  if (file.size > LIMITS.pictureBytes) {
    throw new Error(`${file.name} was not imported: the picture is ${(file.size / 1048576).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / 1048576} MiB limit for a picture.`);
  }
  const read = readPictureFile(new Uint8Array(await file.arrayBuffer()), file.name);
  if (!read.ok) throw new Error(read.error);
  return read.picture;
}

