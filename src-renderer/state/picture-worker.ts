/// <reference lib="webworker" />
import type { PictureMime } from '../../src-shared/model';
import { bytesOf } from './picture-bytes';

/**
 * The map picture's decoding, off the main thread: its base64 turned into bytes and decoded by the
 * browser's own decoder (`createImageBitmap`) at the sizes the canvas draws from; the bitmaps are
 * handed over, not copied. Grid detection has a worker of its own (`picture-detect-worker.ts`), so
 * a slow detection never holds the map's picture back.
 */
export type PictureWorkerMessage = { type: 'levels'; id: number; mime: PictureMime; data: string; width: number; height: number; smallest: number };

export type PictureWorkerReply = { id: number; type: 'level'; bitmap: ImageBitmap; last: boolean } | { id: number; type: 'failed'; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

/**
 * The picture at its full size and at halves down to about `smallest` pixels on the long side. The
 * smallest comes first, decoded straight at that size (the decoder can skip most of the work for
 * a JPEG), so a whole map in view shows its art soon; then the full decode, the middle levels made
 * from it, and the full size last.
 */
async function levels(m: PictureWorkerMessage): Promise<void> {
  const blob = new Blob([bytesOf(m.data)], { type: m.mime });
  const send = (bitmap: ImageBitmap, last: boolean) => scope.postMessage({ id: m.id, type: 'level', bitmap, last } satisfies PictureWorkerReply, [bitmap]);
  const long = Math.max(m.width, m.height);
  const sizes: { width: number; height: number }[] = [];
  for (let k = 2; long / k >= 1; k *= 2) {
    sizes.push({ width: Math.max(1, Math.round(m.width / k)), height: Math.max(1, Math.round(m.height / k)) });
    if (long / k <= m.smallest) break;
  }
  sizes.reverse();
  const resized = (size: { width: number; height: number }) => ({ resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' as const });
  if (sizes[0]) send(await createImageBitmap(blob, resized(sizes[0])), false);
  const full = await createImageBitmap(blob);
  for (const size of sizes.slice(1)) send(await createImageBitmap(full, resized(size)), false);
  send(full, true);
}

scope.onmessage = (e: MessageEvent<PictureWorkerMessage>) => {
  const m = e.data;
  levels(m).catch((err: unknown) => {
    scope.postMessage({ id: m.id, type: 'failed', error: (err as Error)?.message || 'the browser could not decode it' } satisfies PictureWorkerReply);
  });
};
