import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let built: Promise<string> | null = null;

/** The export thread, bundled from its source as electron-vite bundles it, so tests run the real worker. */
export function exportWorkerScript(): Promise<string> {
  built ??= (async () => {
    const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'eb-export-worker-')), 'export-worker.mjs');
    await build({ entryPoints: [path.join(ROOT, 'src-main/services/export-worker.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
    return outfile;
  })();
  return built;
}
