import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_CONTENT_SECURITY_POLICY } from '../../src-main/main/security';

// The browser edition's server (`npm run web`, and the e2e suite's web server), started for real on
// a stand-in for the built renderer.
const root = path.resolve(__dirname, '../..');
const web = mkdtempSync(path.join(tmpdir(), 'eb-serve-web-'));
mkdirSync(path.join(web, 'assets'));
writeFileSync(
  path.join(web, 'index.html'),
  `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${META_CONTENT_SECURITY_POLICY.replace(/'/g, "&#39;")}"><title>app</title></head><body></body></html>`,
);
writeFileSync(path.join(web, 'assets', 'main.js'), 'console.log(1)');
const port = Number(process.env['E2E_PORT'] ?? 5175) + 1000;
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;

beforeAll(async () => {
  server = spawn(process.execPath, [path.join(root, 'scripts/serve-web.mjs')], {
    env: { ...process.env, PORT: String(port), WEB_ROOT: web },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 30_000);
    const seen = (d: Buffer) => {
      output += d;
      if (output.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout!.on('data', seen);
    server.stderr!.on('data', seen);
    server.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}, 40_000);
afterAll(() => {
  server?.kill();
  rmSync(web, { recursive: true, force: true });
});

function expectHardened(r: Response): void {
  const csp = r.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
}

describe('the browser edition server', () => {
  it('serves the page with the CSP as a header (frame-ancestors included) and the hardening headers', async () => {
    const r = await fetch(`${base}/`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<title>app</title>');
    expectHardened(r);
    // The header is the page's own policy plus what a meta tag cannot say.
    expect(r.headers.get('content-security-policy')).toBe(`${META_CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });

  it('serves assets with the same headers', async () => {
    const r = await fetch(`${base}/assets/main.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expectHardened(r);
  });

  it.each(['/nope', '/nope.html', '/assets/missing.js', '/deep/path/', '/%2e%2e/%2e%2e/etc/passwd'])('answers 404 for %s instead of the page', async (p) => {
    const r = await fetch(`${base}${p}`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('<title>app</title>');
    expectHardened(r);
  });
});
