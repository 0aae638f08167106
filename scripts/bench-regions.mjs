// `BENCH region-<edit>-1000` (tests/bench/regions.ts): a 1000² region turned, mirrored, moved, pasted,
// cut and deleted on a 2048² map, with the 256² map as the yardstick. Run by `npm run bench`, or alone
// with `node scripts/bench-regions.mjs [turn mirror move paste cut delete]`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/regions.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/regions.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const edits = process.argv.slice(2).filter((a) => a !== 'regions');
const r = spawnSync(process.execPath, ['--max-old-space-size=8192', outfile, ...edits], { stdio: 'inherit' });
process.exit(r.status ?? 1);
