// What the benches that drive the built renderer share: the build (made if missing), the editor
// bench's maps, a preview server, Debian's Chromium, the p95 and the printing of milliseconds, and
// the page-side helpers that time a frame. Not a suite itself (`scripts/bench.mjs` runs bench-*.mjs).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { preview } from 'vite';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The built renderer (BENCH_RENDERER_DIR measures another build), served, and Chromium launched;
 * `editorBenchMap` from tests/bench/editor-maps.ts. `close()` stops both.
 */
export async function startRenderer(defaultPort) {
  const outDir = path.resolve(root, process.env.BENCH_RENDERER_DIR ?? 'out/renderer');
  if (!existsSync(path.join(outDir, 'index.html'))) {
    const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(1);
  }
  const mapsFile = path.join(root, 'out/bench/editor-maps.cjs');
  await build({ entryPoints: [path.join(root, 'tests/bench/editor-maps.ts')], outfile: mapsFile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  const { editorBenchMap } = createRequire(import.meta.url)(mapsFile);
  const server = await preview({ configFile: false, root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? defaultPort), strictPort: false, open: false } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    url: server.resolvedUrls.local[0],
    browser,
    editorBenchMap,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export const p95 = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};
export const max = (xs) => (xs.length ? Math.max(...xs) : NaN);
export const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');

/** The map's view as the canvas reports it (zoom, pan) and its box on the page. */
export async function view(page) {
  const d = await page.getByTestId('map-canvas').evaluate((el) => ({ ...el.dataset }));
  const box = await page.getByTestId('map-canvas').boundingBox();
  return { zoom: Number(d.zoom), panX: Number(d.panX), panY: Number(d.panY), box };
}

/** The page point of square (x, y) (by default its middle: fx, fy in squares). */
export async function squarePoint(page, x, y, fx = 0.5, fy = 0.5) {
  const v = await view(page);
  const s = 32 * v.zoom;
  return { x: v.box.x + v.panX + (x + fx) * s, y: v.box.y + v.panY + (y + fy) * s };
}

/** Brings the map's top-left corner into view at 100 %, 40 px in (the Pan tool's drag). */
export async function showCorner(page) {
  await page.keyboard.press('Control+1');
  await page.keyboard.press('h');
  const v = await view(page);
  const from = { x: v.box.x + 300, y: v.box.y + 300 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x - v.panX + 40, from.y - v.panY + 40, { steps: 4 });
  await page.mouse.up();
}
