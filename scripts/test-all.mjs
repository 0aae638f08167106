// `npm test`: every check and every test, for real, then one summary with the counts of each
// flavour. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };

const steps = [];
function step(name, command, args) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  if (!ok) console.error(`\n*** ${name} failed (exit ${r.status ?? r.signal})`);
  return ok;
}

for (const project of ['src-shared', 'src-main', 'src-renderer', 'tests']) {
  step(`type check ${project}`, bin('tsc'), ['-p', `${project}/tsconfig.json`]);
}
step('layering check', process.execPath, ['scripts/check-layers.mjs']);
step('security check (electronegativity over src-main)', process.execPath, ['scripts/check-electron-security.mjs']);
step('unit tests (Vitest, node)', bin('vitest'), ['run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'unit.json')}`]);
step('browser-mode tests (Vitest, Chromium)', bin('vitest'), ['run', '--project', 'browser', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'browser.json')}`]);
const built = step('build (electron-vite: main, preload, renderer)', bin('electron-vite'), ['build']) && step('build CLI', process.execPath, ['scripts/build-cli.mjs']);
if (built) {
  // The `encounter` command as `npx encounter` runs it, on a sample.
  step('CLI smoke test (bin/encounter.cjs)', process.execPath, ['bin/encounter.cjs', 'reach', 'resources/encounters/goblin-ambush.d20-35.encounter', '--creature', 'A', '--json']);
  step('end-to-end tests (Playwright)', bin('playwright'), ['test']);
}
else steps.push({ name: 'end-to-end tests (Playwright)', ok: false, seconds: 0 });

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
}
function playwrightCounts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const byProject = {};
  const reasons = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const p = (byProject[t.projectName] ??= { passed: 0, failed: 0, skipped: 0 });
        if (t.status === 'skipped') {
          p.skipped++;
          const note = t.annotations?.find((a) => a.type === 'skip')?.description;
          if (note) reasons[t.projectName] = note;
        } else if (t.status === 'expected' || t.status === 'flaky') p.passed++;
        else p.failed++;
      }
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of j.suites ?? []) walk(s);
  return { byProject, reasons };
}

const rows = [];
const unit = vitestCounts(path.join(results, 'unit.json'));
const browser = vitestCounts(path.join(results, 'browser.json'));
const e2e = playwrightCounts(path.join(results, 'e2e.json'));
rows.push(['unit (Vitest, node)', unit]);
rows.push(['browser mode (Vitest, Chromium)', browser]);
const labels = {
  'browser-edition': 'e2e browser edition (Chromium)',
  'desktop-bridge': 'e2e desktop edition, real main-process handlers via exposeBinding',
  'desktop-electron': 'e2e desktop edition through _electron',
};
for (const [project, label] of Object.entries(labels)) rows.push([label, e2e?.byProject[project] ?? null]);

console.log('\n=== Summary ===');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds.toFixed(1)} s)`);
console.log('');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [label, c] of rows) {
  if (!c) {
    console.log(`  ${label}: did not run`);
    total.failed++;
    continue;
  }
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  console.log(`  ${label}: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`);
}
for (const [project, reason] of Object.entries(e2e?.reasons ?? {})) console.log(`    ${project} skipped: ${reason}`);
const failedSteps = steps.filter((s) => !s.ok);
if (failedSteps.length && total.failed === 0) total.failed = failedSteps.length;
console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length || total.failed ? 1 : 0);
