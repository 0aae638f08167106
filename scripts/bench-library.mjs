// `npm run bench` suite for the library (issue 9): scanning 1,000 files into the cache, opening
// the library browser on 10,000 cached entries, one keystroke's search over them. Each against a
// naive yardstick measured in the same run. Needs Chromium (IndexedDB, the real panel).
// BENCH_PROFILE=1 prints where the time goes; BENCH_SKIP_SCAN=1 leaves out the slow scan case.
import { build as esbuild } from 'esbuild';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright';
import { build as viteBuild } from 'vite';
import solid from 'vite-plugin-solid';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'out/bench/library');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const line = (name, ours, peerName, peer, target) =>
  console.log(`BENCH ${name} ours_ms=${ours.toFixed(ours < 10 ? 3 : 1)} peer=${peerName}:${peer.toFixed(peer < 10 ? 3 : 1)} ratio=${(peer / ours).toFixed(1)} target_ms=${target}`);

// Bundles: the Node side (service, reader thread) with esbuild, the page with Vite and Solid.
await esbuild({ entryPoints: [path.join(root, 'tests/bench/library-node.ts')], outfile: path.join(out, 'library-node.mjs'), bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
await esbuild({ entryPoints: [path.join(root, 'src-main/services/library-worker.ts')], outfile: path.join(out, 'library-worker.mjs'), bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
await viteBuild({
  configFile: false,
  logLevel: 'warn',
  plugins: [solid()],
  define: { __APP_VERSION__: '"bench"' },
  build: { outDir: path.join(out, 'page'), emptyOutDir: true, minify: true, lib: { entry: path.join(root, 'tests/bench/library-page.tsx'), formats: ['iife'], name: 'libraryBench', fileName: () => 'page.js' }, cssCodeSplit: false },
});
const node = await import(pathToFileURL(path.join(out, 'library-node.mjs')).href);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const pageJs = readFileSync(path.join(out, 'page/page.js'), 'utf8');
const cssFile = readdirSync(path.join(out, 'page')).find((f) => f.endsWith('.css'));
const css = cssFile ? readFileSync(path.join(out, 'page', cssFile), 'utf8') : '';
// A page of its own origin (IndexedDB needs one), served from memory.
await page.route('http://bench.invalid/**', (route) => {
  const url = route.request().url();
  if (url.endsWith('/page.js')) return route.fulfill({ contentType: 'text/javascript', body: pageJs });
  if (url.endsWith('/page.css')) return route.fulfill({ contentType: 'text/css', body: css });
  return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><head><link rel="stylesheet" href="/page.css"></head><body style="height:800px"><script src="/page.js"></script></body></html>' });
});
page.on('pageerror', (e) => console.error('page error:', e.message));
await page.goto('http://bench.invalid/');
await page.waitForFunction(() => 'bench' in window);

let failed = 0;
async function suite(name, fn) {
  try {
    await fn();
  } catch (e) {
    failed++;
    console.error(`BENCH ${name} failed: ${e?.stack ?? e}`);
  }
}

// 1,000 files indexed into the cache with thumbnails: listing and reader threads (the real
// LibraryService) and one bulk write, against reading and parsing each file in turn on one
// thread and writing each entry on its own.
if (!process.env.BENCH_SKIP_SCAN) await suite('library-scan-1000', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'eb-bench-library-'));
  try {
    node.makeLibraryFolder(dir, 1000);
    const ours = [];
    const naive = [];
    for (let run = 0; run < 3; run++) {
      const service = new node.LibraryService({ storePath: path.join(dir, '.state', `libraries-${run}.json`), workerScript: path.join(out, 'library-worker.mjs'), trash: { trashItem: async () => {} }, watch: false });
      await service.add(dir);
      let t = performance.now();
      const result = await service.scan(dir, []);
      if (result.entries.length !== 1000 || result.entries.some((e) => !e.thumbnail)) throw new Error(`scan gave ${result.entries.length} entries`);
      const scanned = performance.now() - t;
      // As IPC would hand them over: one serialised message (Playwright's object transfer is slow).
      const ingestMs = await page.evaluate((json) => window.bench.ingest(JSON.parse(json)), JSON.stringify(result.entries));
      ours.push(performance.now() - t);
      if (process.env.BENCH_PROFILE) console.log({ scanned, ingestMs, total: ours.at(-1) });
      await service.close();

      t = performance.now();
      const entries = await node.naiveIndex(dir);
      await page.evaluate((json) => window.bench.ingestOneByOne(JSON.parse(json)), JSON.stringify(entries));
      naive.push(performance.now() - t);
    }
    line('library-scan-1000', median(ours), 'naive-reread-one-thread', median(naive), 5000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

await suite('library-open-10000', async () => {
  await page.evaluate(() => window.bench.seedCache(10000));
  await page.evaluate(() => window.bench.openBrowser()); // warm-up
  if (process.env.BENCH_PROFILE) console.log(await page.evaluate(() => window.bench.profile()));
  const ours = [];
  const naive = [];
  for (let run = 0; run < 5; run++) {
    ours.push(await page.evaluate(() => window.bench.openBrowser()));
    naive.push(await page.evaluate(() => window.bench.openByRereading()));
  }
  line('library-open-10000', median(ours), 'naive-reread-every-file', median(naive), 300);
});

await suite('library-search-10000', async () => {
  const { ours, naive } = await page.evaluate(() => window.bench.searchTimes());
  line('library-search-10000', median(ours), 'linear-scan-no-index', median(naive), 10);
});

await browser.close();
process.exit(failed ? 1 : 0);
