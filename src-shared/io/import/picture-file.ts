import type { PictureFile } from '../../model';
import { pictureFromBytes } from './image';

/**
 * A file chosen to open or import that turns out to be a picture: told apart from an encounter file
 * or a text scenario by its first bytes (a renamed `map.encounter` that is a JPEG is still a
 * picture), never by its name alone.
 */
export function isPictureBytes(bytes: Uint8Array): boolean {
  const png = bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp = bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP';
  return png || jpeg || webp;
}

/** File names the pickers and drops treat as pictures. */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/**
 * A picture file's bytes, kept unchanged, or the sentence the user reads: the file's name and the
 * limit it broke ("map.jpg was not imported: the picture is 20000 × 900 pixels; at most 16384
 * pixels a side is accepted.").
 */
export function readPictureFile(bytes: Uint8Array, name: string): { ok: true; picture: PictureFile } | { ok: false; error: string } {
  const checked = pictureFromBytes(bytes);
  if (!checked.ok) return { ok: false, error: `${name} was not imported: ${checked.error}.` };
  return { ok: true, picture: checked.image };
}
