// Bundles the `encounter` command line tool to one CommonJS file (out/cli/encounter.cjs), so
// `npx encounter` starts fast with plain Node. Runs on `npm install` (prepare) and `npm run build`.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [path.join(root, 'src-main/cli/encounter.ts')],
  outfile: path.join(root, 'out/cli/encounter.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: false,
  // sharp loads its native libvips from node_modules at run time: it cannot be bundled.
  external: ['sharp'],
  logLevel: 'warning',
  // A native module: loaded from node_modules at run time, never bundled.
  external: ['sharp'],
});
