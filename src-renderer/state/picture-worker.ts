/// <reference lib="webworker" />
import type { PictureMime } from '../../src-shared/model';
import { bytesOf, scaledDecode } from './picture-bytes';

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
 * The picture at its full size and at halves down to about `smallest` pixels on the long side,
 * smallest first: what a whole map in view needs, so the map shows its art soon. A JPEG's smallest
 * level is decoded straight at that size (`ImageDecoder` with a desired size: the JPEG decoder
 * scales while it decodes, ~300 ms for 8192² where the full decode takes 600-1,100 ms here); other
 * formats are decoded once, at full size, and every level is made from that. The full size goes last.
 */
async function levels(m: PictureWorkerMessage): Promise<void> {
  const bytes = bytesOf(m.data);
  const blob = new Blob([bytes], { type: m.mime });
  const send = (bitmap: ImageBitmap, last: boolean) => scope.postMessage({ id: m.id, type: 'level', bitmap, last } satisfies PictureWorkerReply, [bitmap]);
  const long = Math.max(m.width, m.height);
  const sizes: { width: number; height: number }[] = [];
  for (let k = 2; long / k >= 1; k *= 2) {
    sizes.push({ width: Math.max(1, Math.round(m.width / k)), height: Math.max(1, Math.round(m.height / k)) });
    if (long / k <= m.smallest) break;
  }
  sizes.reverse();
  const resized = (size: { width: number; height: number }) => ({ resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' as const });
  let rest = sizes;
  if (sizes[0] && m.mime === 'image/jpeg') {
    const first = await scaledDecode(bytes, m.mime, sizes[0]);
    if (first) {
      send(first, false);
      rest = sizes.slice(1);
    }
  }
  const full = await createImageBitmap(blob);
  for (const size of rest) send(await createImageBitmap(full, resized(size)), false);
  send(full, true);
}

scope.onmessage = (e: MessageEvent<PictureWorkerMessage>) => {
  const m = e.data;
  levels(m).catch((err: unknown) => {
    scope.postMessage({ id: m.id, type: 'failed', error: (err as Error)?.message || 'the browser could not decode it' } satisfies PictureWorkerReply);
  });
};
