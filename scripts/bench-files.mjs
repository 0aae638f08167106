// `BENCH file-save-512` and `BENCH file-open-512` (tests/bench/files.ts): run by `npm run bench`,
// or alone with `node scripts/bench-files.mjs`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/files.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/files.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const r = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
process.exit(r.status ?? 1);
