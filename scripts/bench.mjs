// `npm run bench`: bundles tests/bench/bench.ts with esbuild and runs it in plain Node.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/bench.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/bench.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const r = spawnSync(process.execPath, ['--max-old-space-size=12288', outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
