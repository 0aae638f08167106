import { createSignal } from 'solid-js';
import { decodeBase64 } from '../../../src-shared/io/export/base64';
import type { TokenImage } from '../../../src-shared/model';

/**
 * Token pictures ready to draw: each decoded once (the browser's own decoder, cropped to the
 * centred square of the picture so it covers the disc, and scaled to at most `BASE` pixels as it
 * decodes, so a 4,000-pixel portrait does not sit in memory whole), then cut to a circle at a few
 * sizes with the ring in the side's colour drawn in, each made the first time a token is drawn
 * that big. Drawing a frame is then one `drawImage` a token, so 500 tokens draw as fast as 500
 * discs (a disc is a fill, a stroke and its label).
 */

/** The largest size kept, in device pixels across: a Titanic token at 800 % is scaled up from it. */
const BASE = 512;
/** The sizes cut, in device pixels across; a token takes the smallest at least as big as it is drawn. */
const LEVELS = [24, 48, 96, 192, 384, BASE] as const;

interface Decoded {
  state: 'decoding' | 'ready' | 'failed';
  base?: ImageBitmap;
  /** Cut circles by size and ring colour (`96|#d23c3c`). */
  levels: Map<string, CanvasImageSource>;
  done: Promise<void>;
}

const decoded = new WeakMap<TokenImage, Decoded>();
/** Bumped when a picture finishes decoding, so the creatures layer draws it. */
const [version, setVersion] = createSignal(0);
export const tokenArtVersion = version;

function decode(image: TokenImage): Decoded {
  const entry: Decoded = { state: 'decoding', levels: new Map(), done: Promise.resolve() };
  entry.done = (async () => {
    try {
      const bytes = decodeBase64(image.data);
      if (!bytes) throw new Error('not base64');
      const side = Math.min(image.width, image.height);
      const size = Math.min(BASE, side);
      // Cover fit: the centred square of the picture.
      entry.base = await createImageBitmap(new Blob([bytes as BlobPart], { type: image.mime }), Math.floor((image.width - side) / 2), Math.floor((image.height - side) / 2), side, side, {
        resizeWidth: size,
        resizeHeight: size,
        resizeQuality: 'high',
      });
      entry.state = 'ready';
    } catch {
      // A picture the browser cannot decode (checked bytes, but a broken body): the disc is drawn.
      entry.state = 'failed';
    }
    setVersion((v) => v + 1);
  })();
  return entry;
}

function entryFor(image: TokenImage): Decoded {
  let entry = decoded.get(image);
  if (!entry) {
    entry = decode(image);
    decoded.set(image, entry);
  }
  return entry;
}

/** Resolves once the picture is decoded (or has failed to be); tests and the PNG export wait on it. */
export function tokenArtDecoded(image: TokenImage): Promise<void> {
  return entryFor(image).done;
}

/**
 * The token picture cut to a circle inside a ring of `ring` colour, at least `pixels` across (device
 * pixels), or null while it is decoding (the decode is started; the layer redraws when it is done)
 * or when it cannot be decoded.
 */
export function tokenArt(image: TokenImage, pixels: number, ring: string): CanvasImageSource | null {
  const entry = entryFor(image);
  if (entry.state !== 'ready' || !entry.base) return null;
  const level = LEVELS.find((l) => l >= pixels) ?? BASE;
  const key = `${level}|${ring}`;
  let cut = entry.levels.get(key);
  if (!cut) {
    const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(level, level) : Object.assign(document.createElement('canvas'), { width: level, height: level });
    const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
    const half = level / 2;
    // The ring: about an eighth of the radius, thin on a small token, never a band on a Titanic one.
    const width = Math.min(8, Math.max(2, level * 0.06));
    ctx.imageSmoothingQuality = 'high';
    ctx.save();
    ctx.beginPath();
    ctx.arc(half, half, half, 0, Math.PI * 2);
    ctx.clip();
    ctx.drawImage(entry.base, 0, 0, level, level);
    ctx.restore();
    ctx.beginPath();
    ctx.arc(half, half, half - width / 2, 0, Math.PI * 2);
    ctx.strokeStyle = ring;
    ctx.lineWidth = width;
    ctx.stroke();
    cut = canvas;
    entry.levels.set(key, cut);
  }
  return cut;
}
