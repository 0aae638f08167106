// `npm run bench` suite: Play mode's replay (tests/bench/play.ts), bundled with esbuild and run here.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/play.cjs');
await build({ entryPoints: [path.join(root, 'tests/bench/play.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
const r = spawnSync(process.execPath, [outfile], { stdio: 'inherit', cwd: root });
process.exit(r.status ?? 1);
