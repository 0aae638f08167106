import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const require = createRequire(import.meta.url);
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const setUp = readme.slice(readme.indexOf('## Set-up'), readme.indexOf('## Using it'));

describe('set-up that tells the truth', () => {
  it('the README names the Node version the toolchain requires, and why', () => {
    // What electron and electron-builder (and their helpers) declare is what npm checks at install.
    const minimum = ['electron', 'electron-builder', '@electron/get', '@electron/rebuild', 'node-abi'].map((name) => {
      const range = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).engines?.node as string;
      const m = /^>=\s*(\d+)\.(\d+)/.exec(range)!;
      expect(m, `${name} declares node ${range}`).not.toBeNull();
      return [Number(m[1]), Number(m[2])] as const;
    });
    const [major, minor] = minimum.sort((a, b) => b[0] - a[0] || b[1] - a[1])[0]!;
    expect(setUp).toContain(`Node ${major}.${minor} or newer`);
    expect(setUp).toMatch(/EBADENGINE/);
    expect(setUp).toMatch(/Node 20\.19/);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'eb-ensure-electron-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const electronDir = path.dirname(require.resolve('electron/package.json', { paths: [root] }));
  const installed = existsSync(path.join(electronDir, 'path.txt'));

  it('npm start says in one line that Electron could not be fetched, without the raw stack trace', { timeout: 60_000 }, (ctx) => {
    if (installed) {
      console.log('skipped: the Electron binary is installed here, so npm start has nothing to download');
      ctx.skip();
    }
    const env: Record<string, string> = { ...(process.env as Record<string, string>), ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: dir };
    delete env['ELECTRON_SKIP_BINARY_DOWNLOAD'];
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-electron.mjs')], { cwd: root, env, encoding: 'utf8', timeout: 50_000 });
    expect(r.status).toBe(1);
    const said = (r.stdout + r.stderr).trim().split('\n').filter(Boolean);
    expect(r.stderr).not.toMatch(/\n\s+at |TypeError/);
    expect(said).toHaveLength(2); // "Downloading …" and the one line that says what happened
    expect(said[1]).toMatch(/^The Electron binary could not be downloaded \(.+\), so the desktop app cannot start here; run the browser edition instead: npm run web/);
  });
});
