import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_HOST,
  APP_SCHEME,
  appSchemePrivileges,
  contentTypeFor,
  resolveAppRequest,
  serveAppRequest,
} from '../../../src-main/main/app-protocol';

const root = mkdtempSync(path.join(tmpdir(), 'eb-app-protocol-'));
const renderer = path.join(root, 'renderer');
mkdirSync(path.join(renderer, 'assets'), { recursive: true });
writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(renderer, 'assets', 'main-1a2b.js'), 'console.log(1)');
writeFileSync(path.join(renderer, 'assets', 'style.css'), 'body{}');
writeFileSync(path.join(root, 'secret.txt'), 'outside the renderer');
symlinkSync(path.join(root, 'secret.txt'), path.join(renderer, 'assets', 'link.txt'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the app:// scheme serves the built renderer and nothing else', () => {
  it('is registered as a standard, secure scheme with fetch support (so the CSP\'s \'self\' is the app)', () => {
    expect(APP_SCHEME).toBe('app');
    expect(APP_ENTRY_URL).toBe(`app://${APP_HOST}/index.html`);
    const [entry] = appSchemePrivileges();
    expect(entry!.scheme).toBe('app');
    expect(entry!.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true });
    expect(entry!.privileges).not.toHaveProperty('bypassCSP');
  });

  it('maps app paths into the renderer folder', () => {
    expect(resolveAppRequest(renderer, 'app://bundle/index.html')).toBe(path.join(renderer, 'index.html'));
    expect(resolveAppRequest(renderer, 'app://bundle/')).toBe(path.join(renderer, 'index.html'));
    expect(resolveAppRequest(renderer, 'app://bundle/assets/main-1a2b.js?v=1#x')).toBe(path.join(renderer, 'assets', 'main-1a2b.js'));
    expect(resolveAppRequest(renderer, 'app://bundle/assets/a%20b.js')).toBe(path.join(renderer, 'assets', 'a b.js'));
  });

  it.each([
    'app://bundle/../secret.txt',
    'app://bundle/assets/../../secret.txt',
    'app://bundle/%2e%2e/secret.txt',
    'app://bundle/%2E%2E%2Fsecret.txt',
    'app://bundle/assets%2F..%2F..%2Fsecret.txt',
    'app://bundle/..%5Csecret.txt',
    'app://bundle/assets/..\\..\\secret.txt',
    'app://bundle/%252e%252e/secret.txt',
    'app://bundle/index.html%00.js',
    'app://bundle//etc/passwd',
    'app://bundle/C:/Windows/win.ini',
    'app://bundle/%ZZ',
    'app://other/index.html',
    'app://bundle:8080/index.html',
    'file:///etc/passwd',
    'http://bundle/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppRequest(renderer, url)).toBeNull();
  });

  it('names the content types the renderer uses', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.mjs')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeFor('a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('a.png')).toBe('image/png');
    expect(contentTypeFor('a.woff2')).toBe('font/woff2');
    expect(contentTypeFor('a.json')).toBe('application/json');
    expect(contentTypeFor('a.wasm')).toBe('application/wasm');
    expect(contentTypeFor('README')).toBe('application/octet-stream');
  });

  it('answers files with their type, the CSP and nosniff; 404 for anything refused or missing', async () => {
    const ok = await serveAppRequest(renderer, 'app://bundle/assets/main-1a2b.js');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await ok.text()).toBe('console.log(1)');
    for (const url of ['app://bundle/../secret.txt', 'app://bundle/missing.js', 'app://bundle/assets', 'app://bundle/assets/link.txt']) {
      const r = await serveAppRequest(renderer, url);
      expect(r.status, url).toBe(404);
      expect(await r.text()).not.toContain('outside the renderer');
    }
  });
});
