import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WORKER_ENTRIES, workerScripts } from '../../../src-main/main/worker-scripts';

/**
 * The worker threads in the packaged app. electron-builder cannot run here, so the layout is
 * checked from the configuration: electron-vite builds each worker as an entry of its own in
 * out/main/ (ESM, importing shared chunks from out/main/chunks/ and packages from node_modules), and
 * the main process starts it as `path.join(here, '<entry>.js')` beside its own index.js — inside
 * app.asar (`app.asar/out/main/…`), where Electron's worker_threads read scripts since Electron 18
 * (electron/electron#33216). Unpacking a worker alone (`asarUnpack`) would break it: its relative
 * chunk imports and packages stay in the asar.
 */
const root = path.resolve(__dirname, '../../..');
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as { minimatch(file: string, pattern: string, options?: { dot?: boolean }): boolean };
const config = yaml.load(readFileSync(path.join(root, 'build/electron-builder.yml'), 'utf8')) as { files: string[]; asarUnpack?: string[] | string; asar: boolean };
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };
const viteConfig = readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8');
const mainIndex = readFileSync(path.join(root, 'src-main/main/index.ts'), 'utf8');

/** The main build's worker entries: `'<name>-worker': resolve(__dirname, '<source>')`. */
const workers = [...viteConfig.matchAll(/'([\w-]+-worker)': resolve\(__dirname, '([^']+)'\)/g)].map((m) => ({ name: m[1]!, source: m[2]! }));

/** Whether electron-builder's `files` take a path (patterns in order, `!` excludes). */
function packaged(file: string): boolean {
  let taken = false;
  for (const pattern of config.files) {
    if (pattern.startsWith('!')) {
      if (minimatch(file, pattern.slice(1), { dot: true })) taken = false;
    } else if (minimatch(file, pattern, { dot: true })) taken = true;
  }
  return taken;
}

describe('worker threads in the packaged app', () => {
  it('builds the library reader and the export thread as entries of the main build', () => {
    expect(workers.map((w) => w.name).sort()).toEqual(['export-worker', 'library-worker']);
    for (const w of workers) expect(existsSync(path.join(root, w.source)), w.source).toBe(true);
  });

  it('starts each worker from the built entry beside out/main/index.js', () => {
    expect(pkg.main).toBe('out/main/index.js');
    expect(Object.values(WORKER_ENTRIES).sort()).toEqual(workers.map((w) => `${w.name}.js`).sort());
    expect(mainIndex).toContain('workerScripts(import.meta.url).library');
    expect(mainIndex).toContain('workerScripts(import.meta.url).export');
  });

  it('computes paths inside app.asar that the packaged files hold, decoding the install folder', () => {
    // The main bundle as it runs from an installed app (a space and an accent in the folder names).
    const asar = '/opt/Encounter Builder/résumé/resources/app.asar';
    const mainUrl = pathToFileURL(path.posix.join(asar, pkg.main)).href;
    expect(mainUrl).toContain('Encounter%20Builder');
    const scripts = workerScripts(mainUrl);
    for (const [name, file] of Object.entries(scripts)) {
      expect(file.startsWith(`${asar}/`), `${name}: ${file}`).toBe(true);
      const inAsar = path.posix.relative(asar, file);
      expect(inAsar, name).toBe(`out/main/${WORKER_ENTRIES[name as keyof typeof WORKER_ENTRIES]}`);
      expect(packaged(inAsar), inAsar).toBe(true);
    }
    // And from the development build, beside out/main/index.js in the checkout.
    const dev = workerScripts(pathToFileURL(path.join(root, pkg.main)).href);
    expect(dev.export).toBe(path.join(root, 'out/main/export-worker.js'));
  });

  it('packs the worker entries, their shared chunks and the preload into app.asar, and unpacks none alone', () => {
    expect(config.asar).toBe(true);
    for (const file of [...workers.map((w) => `out/main/${w.name}.js`), 'out/main/chunks/export-render-abc123.js', 'out/main/index.js', 'out/preload/index.cjs']) {
      expect(packaged(file), file).toBe(true);
    }
    const unpack = config.asarUnpack === undefined ? [] : [config.asarUnpack].flat();
    for (const w of workers) expect(unpack.some((p) => minimatch(`out/main/${w.name}.js`, p, { dot: true })), w.name).toBe(false);
  });

  it('needs only packages that are production dependencies (electron-builder packs those, not devDependencies)', async () => {
    for (const w of workers) {
      const result = await build({ entryPoints: [path.join(root, w.source)], bundle: true, platform: 'node', format: 'esm', packages: 'external', write: false, metafile: true, logLevel: 'silent', outdir: '/tmp/unused' });
      const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
      const packages = [...new Set(imports.filter((p) => !p.startsWith('node:')).map((p) => (p.startsWith('@') ? p.split('/').slice(0, 2).join('/') : p.split('/')[0]!)))];
      expect(packages.length, w.name).toBeGreaterThan(0);
      for (const p of packages) expect(pkg.dependencies[p], `${w.name} imports ${p}`).toBeDefined();
    }
  });
});
