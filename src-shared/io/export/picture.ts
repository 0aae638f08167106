import type { Encounter, MapPicture, PictureFile, PictureMime } from '../../model';
import { decodeBase64 } from './base64';
import type { RgbImage } from './raster';

/**
 * What an export does with the map's picture. `original`: the picture file itself, bytes unchanged,
 * lined up with the grid (drawn under the map where the format is an image); `none`: the map as
 * coloured squares, as before pictures. One union, so a further choice (a drawn map style) is one
 * more member here and one more branch where the exports choose their background.
 */
export const PICTURE_CHOICES = ['original', 'none'] as const;
export type PictureChoice = (typeof PICTURE_CHOICES)[number];

/**
 * Decodes a picture to pixels, for the exports that must draw on it (burning the rules in, a PNG
 * with the picture under the map, a re-encoded Universal VTT image). src-shared stays pure, so each
 * edition brings its own: sharp in the main process and the CLI, the browser's own decoder in the
 * browser edition.
 */
export type PictureDecoder = (picture: PictureFile) => Promise<RgbImage>;

/** Text to burn into an exported image: centred on (x, y), in the image's pixels, `size` pixels high. */
export interface TextToDraw {
  text: string;
  x: number;
  y: number;
  size: number;
}

/** Pixels with an alpha channel: four bytes per pixel, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Draws text on a transparent image of the given size (white with a dark outline, legible on any
 * art): what burning labels into a PNG or Universal VTT picture needs. Text needs fonts, which pure
 * code has not, so each edition brings its own, as for decoding.
 */
export type TextPainter = (width: number, height: number, texts: readonly TextToDraw[]) => Promise<RgbaImage>;

/** What an edition gives the exports that draw on pictures. */
export interface PictureCodec {
  decode: PictureDecoder;
  paintText: TextPainter;
}

const EXTENSION: Record<PictureMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The file extension a picture is written with (its own kind: a JPEG stays `.jpg`). */
export function pictureExtension(mime: PictureMime): string {
  return EXTENSION[mime];
}

/** The picture file's bytes, exactly as they were imported. */
export function pictureBytes(picture: PictureFile): Uint8Array {
  const bytes = decodeBase64(picture.data);
  // The file format checked the base64 on the way in; a failure here is a bug, not a user's problem.
  if (!bytes) throw new Error('the picture is not base64');
  return bytes;
}

/** The picture an export carries: none when the user chose none or the map has none. */
export function exportedPicture(encounter: Encounter, choice: PictureChoice | undefined): MapPicture | undefined {
  return choice === 'none' ? undefined : encounter.picture;
}

/** Whether a number is whole, allowing for the fraction a decimal file format leaves. */
export function isWhole(v: number): boolean {
  return Math.abs(v - Math.round(v)) < 1e-6;
}

/**
 * Where the picture's grid lines fall on whole picture pixels, with the map's top-left square
 * starting on a grid line of the picture at or after its top-left pixel: the picture can go out
 * unchanged as an image whose pixel (0, 0) is a grid corner and the map's squares whole squares
 * into it. `shift` is how many squares into the picture the map starts.
 */
export function pictureGridFits(picture: MapPicture, map: { width: number; height: number }): { shiftX: number; shiftY: number } | null {
  const s = picture.pixelsPerSquare;
  if (!isWhole(s)) return null;
  const shiftX = picture.offsetX / s;
  const shiftY = picture.offsetY / s;
  if (!isWhole(shiftX) || !isWhole(shiftY) || shiftX < -1e-6 || shiftY < -1e-6) return null;
  const wide = picture.width / s - Math.round(shiftX) >= map.width - 1e-6;
  const tall = picture.height / s - Math.round(shiftY) >= map.height - 1e-6;
  return wide && tall ? { shiftX: Math.round(shiftX), shiftY: Math.round(shiftY) } : null;
}
