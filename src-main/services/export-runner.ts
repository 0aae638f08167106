import { Worker } from 'node:worker_threads';
import { renderExport, type RenderRequest, type RenderResult } from './export-render';

/** Runs one export's drawing and encoding; the main process passes one that uses a thread. */
export type ExportRenderer = (request: RenderRequest) => Promise<RenderResult>;

/** In this thread: for the CLI and tests, where no event loop serves a window. */
export const renderInProcess: ExportRenderer = (request) => renderExport(request);

/**
 * Each export in a thread of its own running `export-worker` (built to `out/main/export-worker.js`):
 * a thread per export costs a few milliseconds against seconds of PNG encoding, and its memory (up
 * to 64 megapixels, 256 MiB of pixels) goes back when it ends. A thread that dies fails the export
 * with the reason; nothing is written.
 */
export function renderInWorker(script: string | URL): ExportRenderer {
  return (request) =>
    new Promise<RenderResult>((resolve) => {
      const worker = new Worker(script);
      let settled = false;
      const finish = (result: RenderResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
        void worker.terminate();
      };
      worker.once('message', (result: RenderResult) => finish(result));
      worker.once('error', (e) => finish({ ok: false, error: `Not exported: the export stopped (${e.message}).` }));
      worker.once('exit', (code) => finish({ ok: false, error: `Not exported: the export stopped (exit code ${code}).` }));
      worker.postMessage(request);
    });
}
