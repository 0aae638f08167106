import type { PictureFile, PictureMime } from '../../model';
import { decodeBase64, encodeBase64 } from '../export/base64';
import { LIMITS } from '../limits';

/**
 * Checks a picture before it is kept, on every way in (an imported picture, a `.dd2vtt`'s image, a
 * token, a file's picture): a PNG, JPEG or WebP by its signature, its size read from the header (a
 * hostile header claiming a billion pixels is refused without decoding), within the one set of
 * picture limits, and for PNG a whole, untruncated chunk list. Returns a sentence naming the problem.
 */
export type ImageCheck = { ok: true; image: PictureFile } | { ok: false; error: string };
export type PictureBytesCheck = { ok: true; mime: PictureMime; width: number; height: number } | { ok: false; error: string };

const MIB = 1024 * 1024;
/** The longest base64 text a picture at the byte limit takes. */
export const MAX_PICTURE_BASE64_CHARS = Math.ceil(LIMITS.pictureBytes / 3) * 4;

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function u32(b: Uint8Array, o: number): number {
  return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
}

function pngSize(b: Uint8Array): { width: number; height: number } | string {
  if (b.length < 33) return 'the PNG is truncated (no header)';
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return 'the PNG has no IHDR header';
  const width = u32(b, 16);
  const height = u32(b, 20);
  // Walk the chunks: a truncated or corrupt file ends before IEND.
  let o = 8;
  let chunks = 0;
  while (o + 12 <= b.length) {
    const length = u32(b, o);
    const type = String.fromCharCode(b[o + 4]!, b[o + 5]!, b[o + 6]!, b[o + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) return `the PNG is corrupt (chunk ${chunks + 1} has no valid type)`;
    if (o + 12 + length > b.length) return `the PNG is truncated (chunk ${type} runs past the end)`;
    if (type === 'IEND') return { width, height };
    o += 12 + length;
    chunks++;
  }
  return 'the PNG is truncated (no IEND chunk)';
}

function jpegSize(b: Uint8Array): { width: number; height: number } | string {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) return 'the JPEG is corrupt (a segment does not start with a marker)';
    const marker = b[o + 1]!;
    if (marker === 0xff) {
      o++;
      continue;
    }
    const length = (b[o + 2]! << 8) | b[o + 3]!;
    // Start-of-frame markers C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[o + 5]! << 8) | b[o + 6]!, width: (b[o + 7]! << 8) | b[o + 8]! };
    }
    if (length < 2) return 'the JPEG is corrupt (a segment has no length)';
    o += 2 + length;
  }
  return 'the JPEG is truncated (no frame header)';
}

function webpSize(b: Uint8Array): { width: number; height: number } | string {
  if (b.length < 30) return 'the WebP is truncated';
  const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  if (chunk === 'VP8X') return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  return `the WebP has an unknown chunk "${chunk}"`;
}

/** The kind and size of a picture file's bytes, within the picture limits, or why not. */
export function checkPictureBytes(bytes: Uint8Array): PictureBytesCheck {
  if (bytes.length > LIMITS.pictureBytes) {
    return { ok: false, error: `the picture is ${(bytes.length / MIB).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / MIB} MiB limit for a picture` };
  }
  let mime: PictureMime;
  let size: { width: number; height: number } | string;
  if (PNG_SIGNATURE.every((v, i) => bytes[i] === v)) {
    mime = 'image/png';
    size = pngSize(bytes);
  } else if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    mime = 'image/jpeg';
    size = jpegSize(bytes);
  } else if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    mime = 'image/webp';
    size = webpSize(bytes);
  } else return { ok: false, error: 'the picture is neither PNG, JPEG nor WebP' };
  if (typeof size === 'string') return { ok: false, error: size };
  const { width, height } = size;
  if (width < 1 || height < 1 || width > LIMITS.pictureSide || height > LIMITS.pictureSide) {
    return { ok: false, error: `the picture is ${width} × ${height} pixels; at most ${LIMITS.pictureSide} pixels a side is accepted` };
  }
  if (width * height > LIMITS.picturePixels) {
    return { ok: false, error: `the picture is ${width} × ${height} pixels (${((width * height) / 1e6).toFixed(0)} megapixels); at most ${LIMITS.picturePixels / 1e6} megapixels are accepted` };
  }
  return { ok: true, mime, width, height };
}

/** A picture file from its bytes, kept unchanged, or why it cannot be kept. */
export function pictureFromBytes(bytes: Uint8Array): ImageCheck {
  const checked = checkPictureBytes(bytes);
  if (!checked.ok) return checked;
  return { ok: true, image: { mime: checked.mime, width: checked.width, height: checked.height, data: encodeBase64(bytes) } };
}

/** The same check for a picture held as base64 (a data URL's prefix and white space allowed). */
export function checkImage(base64: string): ImageCheck {
  if (base64.length > MAX_PICTURE_BASE64_CHARS + 64) {
    return { ok: false, error: `the picture is about ${((base64.length * 3) / 4 / MIB).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / MIB} MiB limit for a picture` };
  }
  const clean = base64.replace(/^data:image\/[a-z]+;base64,/, '').replace(/\s+/g, '');
  const bytes = decodeBase64(clean);
  if (!bytes) return { ok: false, error: 'the picture is not base64' };
  const checked = checkPictureBytes(bytes);
  if (!checked.ok) return checked;
  // Stored in the standard alphabet with padding, which the file format's schema expects.
  let data = clean.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  data += '='.repeat((4 - (data.length % 4)) % 4);
  return { ok: true, image: { mime: checked.mime, data, width: checked.width, height: checked.height } };
}
