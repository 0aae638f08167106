import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The worker threads' built entries (electron.vite.config.ts), beside the main process's own bundle
 * `out/main/index.js`. In the packaged app that folder is inside `app.asar`, which Electron's
 * worker_threads read (electron/electron#33216), with the shared chunks the entries import.
 */
export const WORKER_ENTRIES = { library: 'library-worker.js', export: 'export-worker.js' } as const;

/**
 * Where each worker's script is, from the main bundle's own `import.meta.url`. `fileURLToPath`, not
 * the URL's pathname: an install folder with a space or an accent (`Encounter%20Builder`) must be
 * decoded, or the worker is looked for in a folder that does not exist.
 */
export function workerScripts(mainModuleUrl: string): Record<keyof typeof WORKER_ENTRIES, string> {
  const here = path.dirname(fileURLToPath(mainModuleUrl));
  return { library: path.join(here, WORKER_ENTRIES.library), export: path.join(here, WORKER_ENTRIES.export) };
}
