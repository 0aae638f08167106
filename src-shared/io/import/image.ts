import type { BackgroundImage } from '../../model';
import { decodeBase64 } from '../export/base64';
import { MAX_BACKGROUND_CHARS, MAX_BACKGROUND_SIDE } from '../schema';

/**
 * Checks an embedded image before it is kept: base64, a PNG, JPEG or WebP by its signature, its
 * size read from the header (a hostile header claiming a billion pixels is refused without
 * decoding), and for PNG a whole, untruncated chunk list. Returns a sentence naming the problem.
 */
export type ImageCheck = { ok: true; image: Omit<BackgroundImage, 'opacity'> } | { ok: false; error: string };

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

export function checkImage(base64: string): ImageCheck {
  if (base64.length > MAX_BACKGROUND_CHARS) {
    return { ok: false, error: `the image is ${(base64.length / 1048576).toFixed(1)} MiB of base64, over the ${MAX_BACKGROUND_CHARS / 1048576} MiB limit` };
  }
  const clean = base64.replace(/^data:image\/[a-z]+;base64,/, '').replace(/\s+/g, '');
  const bytes = decodeBase64(clean);
  if (!bytes) return { ok: false, error: 'the image is not base64' };
  let mime: BackgroundImage['mime'];
  let size: { width: number; height: number } | string;
  if (PNG_SIGNATURE.every((v, i) => bytes[i] === v)) {
    mime = 'image/png';
    size = pngSize(bytes);
  } else if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    mime = 'image/jpeg';
    size = jpegSize(bytes);
  } else if (String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    mime = 'image/webp';
    size = webpSize(bytes);
  } else return { ok: false, error: 'the image is neither PNG, JPEG nor WebP' };
  if (typeof size === 'string') return { ok: false, error: size };
  if (size.width < 1 || size.height < 1 || size.width > MAX_BACKGROUND_SIDE || size.height > MAX_BACKGROUND_SIDE) {
    return { ok: false, error: `the image claims ${size.width} × ${size.height} pixels; at most ${MAX_BACKGROUND_SIDE} a side is accepted` };
  }
  // Stored in the standard alphabet with padding, which the file format's schema expects.
  let data = clean.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  data += '='.repeat((4 - (data.length % 4)) % 4);
  return { ok: true, image: { mime, data, width: size.width, height: size.height } };
}
