// The library's reader thread: parses encounter files for the index (and rewrites their tags), so
// the main process's event loop never holds a 50 MB JSON.parse. Messages: see `library-pool.ts`.
import { parentPort } from 'node:worker_threads';
import { MAX_FILE_BYTES } from '../../src-shared/io';
import { readForIndex } from './library-read';
import { retagFile } from './library-retag';
import type { WorkerReply, WorkerTask } from './library-pool';

parentPort!.on('message', async (task: WorkerTask) => {
  let reply: WorkerReply;
  try {
    if (task.kind === 'index') reply = { id: task.id, ok: true, value: await readForIndex(task.file, task.maxBytes ?? MAX_FILE_BYTES) };
    else reply = { id: task.id, ok: true, value: await retagFile(task.file, task.tags) };
  } catch (e) {
    reply = { id: task.id, ok: false, error: (e as Error)?.message ?? String(e) };
  }
  parentPort!.postMessage(reply);
});
