// The export thread: draws and PNG-encodes an export (seconds for a 512 × 512 map) away from the
// main process's event loop, so the window keeps answering. One message in, one reply out, with the
// files' bytes transferred rather than copied. See `export-runner.ts`.
import { parentPort } from 'node:worker_threads';
import { renderExport, type RenderRequest } from './export-render';

parentPort!.once('message', async (request: RenderRequest) => {
  const result = await renderExport(request);
  const transfer = result.ok ? result.files.map((f) => f.bytes.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(result, [...new Set(transfer)]);
});
