import type { GridAlignment, PictureFile } from '../../src-shared/model';
import type { DetectMessage, DetectReply } from './picture-detect-worker';

/** What grid detection says of a picture (`detectGrid`, src-shared/picture/grid-detect.ts). */
export type GridAnswer = { ok: true; grid: GridAlignment; confidence: number; squares: { width: number; height: number } } | { ok: false; reason: string };

/** The long side a picture is decoded at for detection: enough for squares of 20 px and more. */
export const DETECT_LONG_SIDE = 2048;

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (a: GridAnswer) => void; reject: (e: Error) => void }>();

function detectWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./picture-detect-worker.ts', import.meta.url), { type: 'module', name: 'picture-detect' });
  w.onmessage = (e: MessageEvent<DetectReply>) => {
    const r = e.data;
    const wait = waiting.get(r.id);
    if (!wait) return;
    waiting.delete(r.id);
    if (r.type === 'grid') wait.resolve(r.answer);
    else if (r.type === 'failed') wait.reject(new Error(`the picture could not be decoded (${r.error})`));
  };
  w.onerror = (e) => {
    for (const wait of waiting.values()) wait.reject(new Error(e.message || 'the detection could not start'));
    waiting.clear();
    worker = null;
  };
  worker = w;
  return w;
}

/**
 * Finds the picture's grid off the main thread: decoded natively at about 2048 px on the long side,
 * then `detectGrid`, whose answer comes back in the picture's own pixels.
 */
export function detectPictureGrid(picture: PictureFile): Promise<GridAnswer> {
  const id = nextId++;
  const answer = new Promise<GridAnswer>((resolve, reject) => waiting.set(id, { resolve, reject }));
  detectWorker().postMessage({ id, mime: picture.mime, data: picture.data, width: picture.width, height: picture.height, longSide: DETECT_LONG_SIDE } satisfies DetectMessage);
  return answer;
}
