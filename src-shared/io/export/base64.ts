/** Base64 without Buffer or btoa, so exports and imports stay pure (they run in main, CLI and browser). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;
LOOKUP['-'.charCodeAt(0)] = 62; // the URL-safe alphabet too
LOOKUP['_'.charCodeAt(0)] = 63;

export function encodeBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 3 * 16384;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    let s = '';
    for (let i = start; i < end; i += 3) {
      const a = bytes[i]!;
      const b = i + 1 < end ? bytes[i + 1]! : 0;
      const c = i + 2 < end ? bytes[i + 2]! : 0;
      const n = (a << 16) | (b << 8) | c;
      s += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
      s += i + 1 < end ? ALPHABET[(n >> 6) & 63]! : '=';
      s += i + 2 < end ? ALPHABET[n & 63]! : '=';
    }
    parts.push(s);
  }
  return parts.join('');
}

/** Decodes base64 (whitespace ignored); null when the text is not base64. */
export function decodeBase64(text: string): Uint8Array | null {
  let clean = text.replace(/[\s]/g, '');
  while (clean.endsWith('=')) clean = clean.slice(0, -1);
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const v = code < 128 ? LOOKUP[code]! : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 255;
    }
  }
  return out.subarray(0, o);
}

// Present in every runtime the project targets (Node, Electron, browsers); declared here because
// src-shared compiles without DOM or Node types.
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };
declare const TextDecoder: { new (label?: string, options?: { fatal?: boolean }): { decode(bytes: Uint8Array): string } };

export function encodeUtf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Decodes UTF-8; throws on malformed bytes. */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
