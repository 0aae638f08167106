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
  // A picture's base64 is tens of megabytes: no copy without white space, and four characters a step.
  let clean = /\s/.test(text) ? text.replace(/\s/g, '') : text;
  let end = clean.length;
  while (end > 0 && clean.charCodeAt(end - 1) === 61 /* = */) end--;
  if (end !== clean.length) clean = clean.slice(0, end);
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  const value = (i: number) => {
    const code = clean.charCodeAt(i);
    return code < 128 ? LOOKUP[code]! : -1;
  };
  let o = 0;
  const whole = clean.length - (clean.length % 4);
  for (let i = 0; i < whole; i += 4) {
    const a = value(i);
    const b = value(i + 1);
    const c = value(i + 2);
    const d = value(i + 3);
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = clean.length - whole;
  if (rest > 0) {
    const a = value(whole);
    const b = value(whole + 1);
    const c = rest === 3 ? value(whole + 2) : 0;
    if ((a | b | c) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6);
    out[o++] = n >> 16;
    if (rest === 3) out[o++] = (n >> 8) & 255;
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
