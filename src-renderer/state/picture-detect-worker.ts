/// <reference lib="webworker" />
import { detectGrid } from '../../src-shared/picture/grid-detect';
import type { GridAnswer } from './picture-detect';
import { bytesOf, scaledDecode } from './picture-bytes';

/**
 * Grid detection off the main thread (docs/pictures.md): the picture decoded natively at about
 * `longSide` pixels on the long side, its pixels read from an OffscreenCanvas, then `detectGrid`
 * (src-shared/picture/grid-detect.ts), which answers in the picture's own pixels.
 */
export type DetectMessage = { id: number; mime: string; data: string; width: number; height: number; longSide: number };
export type DetectReply = { id: number; type: 'grid'; answer: GridAnswer } | { id: number; type: 'failed'; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

/** Grid detection on the picture decoded at reduced size; the answer is in the picture's own pixels. */
async function detect(m: DetectMessage): Promise<void> {
  const bytes = bytesOf(m.data);
  const blob = new Blob([bytes], { type: m.mime });
  const k = Math.min(1, m.longSide / Math.max(m.width, m.height));
  const width = Math.max(1, Math.round(m.width * k));
  const height = Math.max(1, Math.round(m.height * k));
  // A JPEG is decoded straight at the reduced size where the browser can (see picture-bytes.ts).
  const scaled = k < 1 && m.mime === 'image/jpeg' ? await scaledDecode(bytes, m.mime, { width, height }) : null;
  const bitmap = scaled ?? (await createImageBitmap(blob, k < 1 ? { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' } : {}));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const result = detectGrid({ width: pixels.width, height: pixels.height, data: pixels.data, channels: 4 }, { scale: Math.min(1, pixels.width / m.width) });
  const answer: GridAnswer = result.ok ? { ok: true, grid: result.grid, confidence: result.confidence, squares: result.squares } : { ok: false, reason: result.reason };
  scope.postMessage({ id: m.id, type: 'grid', answer } satisfies DetectReply);
}

scope.onmessage = (e: MessageEvent<DetectMessage>) => {
  detect(e.data).catch((err: unknown) => {
    scope.postMessage({ id: e.data.id, type: 'failed', error: (err as Error)?.message || 'the browser could not decode it' } satisfies DetectReply);
  });
};
