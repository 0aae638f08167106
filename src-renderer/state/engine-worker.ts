import type { ReadResult } from '../../src-shared/io';
import type { Encounter } from '../../src-shared/model';
import { WORKER_MIN_SQUARES, type MovementAnswer, type MovementJob } from './movement-answers';
import type { WorkerMessage, WorkerReply } from './movement-worker';

/**
 * The window's one engine worker (`movement-worker.ts`): it reads big files and answers movement
 * questions on big maps. Each document version is sent to it once (or was read there), and known
 * by the object the main thread holds.
 */
function createEngineWorker() {
  const worker = new Worker(new URL('./movement-worker.ts', import.meta.url), { type: 'module', name: 'movement' });
  const versions = new WeakMap<Encounter, number>();
  let nextVersion = 1;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (answer: never) => void; reject: (e: Error) => void }>();
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    waiting.get(e.data.id)?.resolve(e.data.answer as never);
    waiting.delete(e.data.id);
  };
  // A worker that fails (it could not load, or ran out of memory) fails what it was asked; the
  // callers fall back to the main thread.
  const fail = (why: string) => {
    broken = true;
    for (const w of waiting.values()) w.reject(new Error(why));
    waiting.clear();
  };
  let broken = false;
  worker.onerror = (e) => fail(`The engine worker failed: ${e.message || 'it could not start'}`);
  worker.onmessageerror = () => fail('The engine worker sent an answer that could not be read.');
  const post = (m: WorkerMessage) => worker.postMessage(m);
  function ask<T>(make: (id: number) => WorkerMessage): Promise<T> {
    if (broken) return Promise.reject(new Error('The engine worker is not available.'));
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (a: never) => void, reject }));
    post(make(id));
    return answer;
  }
  return {
    get broken() {
      return broken;
    },
    /** A movement question about a document (sent first if the worker does not have it yet). */
    run(doc: Encounter, job: MovementJob): Promise<MovementAnswer> {
      let version = versions.get(doc);
      if (version === undefined) {
        version = nextVersion++;
        versions.set(doc, version);
        post({ type: 'doc', version, doc });
      }
      const v = version;
      return ask((id) => ({ type: 'job', id, version: v, job }));
    },
    /** Reads a file there; the encounter that comes back is the version the worker keeps. */
    async read(text: string, name: string): Promise<ReadResult> {
      const version = nextVersion++;
      const read = await ask<ReadResult>((id) => ({ type: 'read', id, version, text, name }));
      // The worker keeps what it read where it works out that map's movement (movement-worker.ts).
      if (read.ok && read.encounter.map.width * read.encounter.map.height >= WORKER_MIN_SQUARES) versions.set(read.encounter, version);
      return read;
    },
    release: () => post({ type: 'release' }),
    /** Bytes the worker's search buffers hold (what `release` gives back). */
    memoryBytes: () => ask<number>((id) => ({ type: 'memory', id })),
  };
}

export type EngineWorker = ReturnType<typeof createEngineWorker>;
let shared: EngineWorker | null | undefined;

/** The window's engine worker, made on first use; null where workers are not available (or it failed). */
export function engineWorker(): EngineWorker | null {
  if (shared === undefined) {
    try {
      shared = typeof Worker === 'undefined' ? null : createEngineWorker();
    } catch {
      shared = null;
    }
  }
  return shared && !shared.broken ? shared : null;
}

/** The engine worker if it has been made (for giving memory back: no worker is made for that). */
export function existingEngineWorker(): EngineWorker | null {
  return shared && !shared.broken ? shared : null;
}
