// Serves the built renderer as the browser edition (`npm run web`): the same bundle the desktop
// app loads, with the bridge implemented by browser APIs. Vite's preview server does the serving.
import { preview } from 'vite';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'out/renderer');
if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error('out/renderer is missing: run `npx electron-vite build` first (npm run web does).');
  process.exit(2);
}
const port = Number(process.env.PORT ?? 5174);
const server = await preview({
  configFile: false,
  root,
  logLevel: 'warn',
  build: { outDir },
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
console.log(`Encounter Builder (browser edition) at ${server.resolvedUrls?.local?.[0] ?? `http://127.0.0.1:${port}/`}`);
