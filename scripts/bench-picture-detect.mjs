// `BENCH picture-detect` (tests/bench/picture-detect.ts): run by `npm run bench`, or alone with
// `node scripts/bench-picture-detect.mjs` (or `npm run bench picture-detect`).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/picture-detect.cjs');
// sharp loads its native libvips from node_modules: it stays outside the bundle.
await build({ entryPoints: [path.join(root, 'tests/bench/picture-detect.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['sharp'], logLevel: 'warning' });
const r = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(r.status ?? 1);
