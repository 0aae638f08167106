import { Worker } from 'node:worker_threads';
import type { IndexFields } from '../../src-shared/library';
import type { ListedFile } from './library-read';

export type WorkerTask =
  | { id: number; kind: 'index'; file: ListedFile; maxBytes?: number }
  | { id: number; kind: 'retag'; file: string; tags: string[] };
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

type TaskBody = WorkerTask extends infer T ? (T extends WorkerTask ? Omit<T, 'id'> : never) : never;

interface Pending {
  task: WorkerTask;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The longest one read may take: far beyond parsing the largest encounter file on a slow machine,
 * short enough that a read stuck in the kernel (a device, a hung network share) frees its scan.
 */
export const READ_TIME_LIMIT_MS = 60_000;

/**
 * A few reader threads running `library-worker` (its built file is passed in: `out/main/library-worker.js`
 * in the app). Tasks queue and go to whichever thread is free; a thread that dies is replaced and
 * its task fails with the reason, so one hostile file cannot stop a scan.
 */
export class LibraryWorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private size = 0;
  private closed = false;

  constructor(
    private readonly script: string | URL,
    private readonly maxThreads = 2,
    private readonly timeLimitMs = READ_TIME_LIMIT_MS,
  ) {}

  index(file: ListedFile, maxBytes?: number): Promise<IndexFields> {
    return this.run({ kind: 'index', file, ...(maxBytes !== undefined ? { maxBytes } : {}) }) as Promise<IndexFields>;
  }

  retag(file: string, tags: string[]): Promise<void> {
    return this.run({ kind: 'retag', file, tags }) as Promise<void>;
  }

  private run(body: TaskBody): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The library reader has stopped.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ task: { ...body, id: this.nextId++ } as WorkerTask, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(this.script);
    this.size++;
    worker.on('message', (reply: WorkerReply) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (pending) {
        clearTimeout(pending.timer);
        if (reply.ok) pending.resolve(reply.value);
        else pending.reject(new Error(reply.error));
      }
      worker.unref();
      this.idle.push(worker);
      this.pump();
    });
    const fail = (why: string) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (pending) clearTimeout(pending.timer);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.size--;
      pending?.reject(new Error(`The library reader stopped while reading: ${why}`));
      if (!this.closed) this.pump();
    };
    worker.on('error', (e) => fail(e.message));
    worker.on('exit', (code) => {
      if (this.busy.has(worker) || this.idle.includes(worker)) fail(`exit code ${code}`);
    });
    return worker;
  }

  private pump(): void {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.size < this.maxThreads ? this.spawn() : null);
      if (!worker) return;
      const pending = this.queue.shift()!;
      this.busy.set(worker, pending);
      // Only a thread at work keeps the process alive; idle ones are unreferenced.
      worker.ref();
      worker.postMessage(pending.task);
      // A read that does not end fails with the reason; its thread is replaced (issue 19 › 5).
      pending.timer = setTimeout(() => {
        if (this.busy.get(worker) !== pending) return;
        this.busy.delete(worker);
        this.size--;
        pending.reject(new Error(`reading it took longer than ${this.timeLimitMs / 1000} s; it was given up (is it a device or a stalled network file?)`));
        void worker.terminate();
        if (!this.closed) this.pump();
      }, this.timeLimitMs);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('The library reader has stopped.'));
    for (const p of this.busy.values()) clearTimeout(p.timer);
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }
}
