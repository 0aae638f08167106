// `npm run bench` suite: opening a text scenario of 50,000 creatures (about 1 MB), which took 8 s
// when each creature was checked against every earlier one. The yardstick, timed in the same run
// on the same encounter, is the encounter file loader (JSON.parse and the schema) opening its saved
// form. Prints `BENCH scenario-open-50k ours_ms=<median> peer=file-loader:<median> ratio=<peer/ours>`.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'out/bench/scenario-io.mjs');
await build({ entryPoints: [path.join(root, 'src-shared/io/index.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
const io = await import(pathToFileURL(outfile).href);

const side = 256;
const creatures = 50_000;
const lines = ['ruleset: d20-35', 'name: Crowd', 'map:'];
const row = '  ' + Array(side).fill('.').join(' ');
for (let y = 0; y < side; y++) lines.push(row);
lines.push('creatures:');
for (let i = 0; i < creatures; i++) lines.push(`  c${i}: at=${i % side},${Math.floor(i / side) % side}`);
const text = lines.join('\n') + '\n';
const saved = io.serializeEncounter(io.parseScenario(text));

function median(run, times = 9) {
  for (let i = 0; i < 2; i++) run(); // warm-up
  const samples = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const ours = median(() => {
  const read = io.readEncounterText(text, 'crowd.txt');
  if (!read.ok || read.encounter.creatures.length !== creatures) throw new Error(`scenario did not open: ${read.error}`);
});
const peer = median(() => {
  const read = io.parseEncounter(saved);
  if (!read.ok || read.encounter.creatures.length !== creatures) throw new Error(`file did not open: ${read.error}`);
});
console.log(
  `BENCH scenario-open-50k ours_ms=${ours.toFixed(1)} peer=file-loader:${peer.toFixed(1)} ratio=${(peer / ours).toFixed(2)} bytes=${text.length} target_ms=300`,
);
