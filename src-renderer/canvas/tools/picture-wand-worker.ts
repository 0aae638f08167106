/// <reference lib="webworker" />
import { decodeBase64 } from '../../../src-shared/io/export/base64';
import type { GridAlignment, PictureMime } from '../../../src-shared/model';
import type { PicturePixels } from '../../../src-shared/picture/grid-detect';
import { squareStats, type SquareStats } from '../../../src-shared/picture/square-stats';

/**
 * The picture wand's reading of the map picture, off the main thread: the picture decoded at a
 * reduced size (at most 16 px a square and 2048 px a side) and each square's look read from it
 * (`src-shared/picture/square-stats.ts`). The decoded copy is kept for the last picture sent, so a
 * new grid or map size reads the squares again without decoding.
 */
export type WandWorkerMessage = {
  id: number;
  /** Which picture: the same number, the same picture (its data is then left out). */
  picture: number;
  data?: string;
  mime: PictureMime;
  width: number;
  height: number;
  grid: GridAlignment;
  map: { width: number; height: number };
};

export type WandWorkerReply = { id: number; stats: SquareStats } | { id: number; error: string };

let kept: { picture: number; image: Promise<{ image: PicturePixels; scale: number }> } | null = null;

async function decode(m: WandWorkerMessage): Promise<{ image: PicturePixels; scale: number }> {
  const bytes = m.data === undefined ? null : decodeBase64(m.data);
  if (!bytes) throw new Error('the map picture is not base64');
  const fit = Math.min(1, 16 / m.grid.pixelsPerSquare, 2048 / Math.max(m.width, m.height));
  const width = Math.max(1, Math.round(m.width * fit));
  const height = Math.max(1, Math.round(m.height * fit));
  const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: m.mime }), { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' });
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { image: { width, height, data: context.getImageData(0, 0, width, height).data, channels: 4 }, scale: width / m.width };
}

self.onmessage = async (e: MessageEvent<WandWorkerMessage>) => {
  const m = e.data;
  const post = (reply: WandWorkerReply, transfer: Transferable[] = []) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, transfer);
  try {
    if (!kept || kept.picture !== m.picture) kept = { picture: m.picture, image: decode(m) };
    const { image, scale } = await kept.image;
    const stats = squareStats(image, scale, m.grid, m.map);
    post({ id: m.id, stats }, [stats.lab.buffer, stats.texture.buffer, stats.covered.buffer]);
  } catch (error) {
    kept = null;
    post({ id: m.id, error: (error as Error).message });
  }
};
