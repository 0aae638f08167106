// `npm run bench`: bundles tests/bench/bench.ts with esbuild and runs each case in its own Node
// process, so one case's peer graph (gigabytes for the 512 × 512 field) cannot slow the next.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/bench.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/bench.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const all = ['reach-256', 'field-512', 'reach-512-gargantuan', 'reach-3d', 'path-512'];
// Further suites (the editor in Chromium, files, libraries…) are scripts of their own,
// `scripts/bench-<suite>.mjs`, each run in its own process after the engine's cases.
const suites = readdirSync(path.join(root, 'scripts'))
  .filter((f) => /^bench-[\w-]+\.mjs$/.test(f))
  .sort();
const asked = process.argv.slice(2);
const cases = asked.length ? all.filter((c) => asked.includes(c)) : all;
let failed = 0;
for (const name of cases) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=12288', outfile, name], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
for (const file of suites) {
  const suite = file.slice('bench-'.length, -'.mjs'.length);
  if (asked.length && !asked.includes(suite)) continue;
  const r = spawnSync(process.execPath, ['--max-old-space-size=12288', path.join(root, 'scripts', file)], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
