// `BENCH picture-export-foundry` (tests/bench/picture-export.ts): run by `npm run bench`, or alone
// with `node scripts/bench-picture-export.mjs`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/picture-export.cjs');
// sharp is a native module: loaded from node_modules, not bundled.
await build({ entryPoints: [path.join(root, 'tests/bench/picture-export.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', external: ['sharp'] });
const r = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(r.status ?? 1);
