import { decodeBase64 } from '../../../src-shared/io/export/base64';
import type { MapPicture } from '../../../src-shared/model';
import type { PicturePixels } from '../../../src-shared/picture/grid-detect';
import { squareStats, type SquareStats } from '../../../src-shared/picture/square-stats';

/**
 * The picture wand's per-square reading of the map picture (`src-shared/picture/square-stats.ts`),
 * made once per picture: the picture is decoded by the browser at a reduced size (at most 16 px a
 * square and 2048 px a side, plenty for a mean colour) and kept while the picture is the same
 * (the same data string); the squares are read again only when the grid or the map size changes.
 */

interface Decoded {
  image: PicturePixels;
  /** Decoded width / picture width. */
  scale: number;
}

let decodedFor: string | null = null;
let decoding: Promise<Decoded> | null = null;
let statsKey = '';
let stats: SquareStats | null = null;
let statsPending: Promise<SquareStats> | null = null;

async function decode(picture: MapPicture): Promise<Decoded> {
  const bytes = decodeBase64(picture.data);
  if (!bytes) throw new Error('the map picture is not base64');
  const fit = Math.min(1, 16 / picture.pixelsPerSquare, 2048 / Math.max(picture.width, picture.height));
  const width = Math.max(1, Math.round(picture.width * fit));
  const height = Math.max(1, Math.round(picture.height * fit));
  const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: picture.mime }), { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' });
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data } = context.getImageData(0, 0, width, height);
  return { image: { width, height, data, channels: 4 }, scale: width / picture.width };
}

const keyOf = (picture: MapPicture, map: { width: number; height: number }) => `${picture.pixelsPerSquare},${picture.offsetX},${picture.offsetY},${map.width},${map.height}`;

/** The squares' reading if it is ready for this picture, grid and map size; null while it is made. */
export function readySquareStats(picture: MapPicture, map: { width: number; height: number }): SquareStats | null {
  return decodedFor === picture.data && statsKey === keyOf(picture, map) ? stats : null;
}

/** The squares' reading for this picture, grid and map size, decoding the picture if it is new. */
export function loadSquareStats(picture: MapPicture, map: { width: number; height: number }): Promise<SquareStats> {
  const key = keyOf(picture, map);
  if (decodedFor !== picture.data || !decoding) {
    decodedFor = picture.data;
    decoding = decode(picture);
    statsKey = '';
    stats = null;
    statsPending = null;
  }
  if (statsKey === key && stats) return Promise.resolve(stats);
  if (statsKey === key && statsPending) return statsPending;
  statsKey = key;
  stats = null;
  const forData = picture.data;
  const pending = decoding.then((d) => {
    const read = squareStats(d.image, d.scale, picture, map);
    // Kept only if nothing newer was asked for meanwhile.
    if (decodedFor === forData && statsKey === key) stats = read;
    return read;
  });
  statsPending = pending;
  // A picture the browser cannot decode is asked again next time, not remembered as failed.
  pending.catch(() => {
    if (statsPending === pending) {
      decodedFor = null;
      decoding = null;
      statsKey = '';
    }
  });
  return pending;
}
