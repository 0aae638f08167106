// `npm run bench`: bundles tests/bench/bench.ts with esbuild and runs each case in its own Node
// process, so one case's peer graph (gigabytes for the 512 × 512 field) cannot slow the next.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/bench.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/bench.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const all = ['reach-256', 'field-512', 'reach-512-gargantuan', 'reach-3d'];
const cases = process.argv.slice(2).length ? process.argv.slice(2) : all;
let failed = 0;
for (const name of cases) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=12288', outfile, name], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
