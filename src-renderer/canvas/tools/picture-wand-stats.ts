import type { MapPicture } from '../../../src-shared/model';
import type { SquareStats } from '../../../src-shared/picture/square-stats';
import type { WandWorkerMessage, WandWorkerReply } from './picture-wand-worker';

/**
 * The picture wand's per-square reading of the map picture, made once per picture in a worker
 * (`picture-wand-worker.ts`: decoding and reading a big picture are long tasks the window should
 * not wait on). The picture is sent once (the same data string, the same picture); the squares are
 * read again only when the grid or the map size changes.
 */

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (s: SquareStats) => void; reject: (e: Error) => void }>();

/** The picture last sent and its number (strings are compared by reference first, so this is quick). */
let sentData: string | null = null;
let pictureNumber = 0;
let statsKey = '';
let stats: SquareStats | null = null;
let statsPending: Promise<SquareStats> | null = null;

function wandWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./picture-wand-worker.ts', import.meta.url), { type: 'module', name: 'picture-wand' });
  w.onmessage = (e: MessageEvent<WandWorkerReply>) => {
    const reply = e.data;
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (!job) return;
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.stats);
  };
  w.onerror = () => {
    for (const job of waiting.values()) job.reject(new Error('the picture reader stopped'));
    waiting.clear();
    worker = null;
    sentData = null;
  };
  worker = w;
  return w;
}

const keyOf = (picture: MapPicture, map: { width: number; height: number }) => `${picture.pixelsPerSquare},${picture.offsetX},${picture.offsetY},${map.width},${map.height}`;

/** The squares' reading if it is ready for this picture, grid and map size; null while it is made. */
export function readySquareStats(picture: MapPicture, map: { width: number; height: number }): SquareStats | null {
  return sentData === picture.data && statsKey === keyOf(picture, map) ? stats : null;
}

/** The squares' reading for this picture, grid and map size, sending the picture if it is new. */
export function loadSquareStats(picture: MapPicture, map: { width: number; height: number }): Promise<SquareStats> {
  const key = keyOf(picture, map);
  const same = sentData === picture.data;
  if (same && statsKey === key && stats) return Promise.resolve(stats);
  if (same && statsKey === key && statsPending) return statsPending;
  if (!same) {
    sentData = picture.data;
    pictureNumber++;
  }
  statsKey = key;
  stats = null;
  const id = ++nextId;
  const message: WandWorkerMessage = {
    id,
    picture: pictureNumber,
    ...(same ? {} : { data: picture.data }),
    mime: picture.mime,
    width: picture.width,
    height: picture.height,
    grid: { pixelsPerSquare: picture.pixelsPerSquare, offsetX: picture.offsetX, offsetY: picture.offsetY },
    map: { width: map.width, height: map.height },
  };
  const forData = picture.data;
  const pending = new Promise<SquareStats>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    wandWorker().postMessage(message);
  }).then((read) => {
    // Kept only if nothing newer was asked for meanwhile.
    if (sentData === forData && statsKey === key) stats = read;
    return read;
  });
  statsPending = pending;
  // A picture the worker could not read is sent again next time, not remembered as failed.
  pending.catch(() => {
    if (statsPending === pending) {
      sentData = null;
      statsKey = '';
    }
  });
  return pending;
}
