import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  hardenContents,
  hardenSession,
  isTrustedSender,
  mainWindowOptions,
  META_CONTENT_SECURITY_POLICY,
} from '../../../src-main/main/security';

const root = path.resolve(__dirname, '../../..');

describe('desktop security baseline', () => {
  it('the main window is isolated, sandboxed and has no Node', () => {
    const prefs = mainWindowOptions('/app/preload/index.cjs').webPreferences!;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.preload).toBe('/app/preload/index.cjs');
  });

  it('the main process really uses these options and hardening for its window, contents and session', () => {
    const source = readFileSync(path.join(root, 'src-main/main/index.ts'), 'utf8');
    expect(source).toMatch(/new BrowserWindow\(mainWindowOptions\(/);
    expect(source).toMatch(/hardenContents\(win\.webContents\)/);
    expect(source).toMatch(/app\.on\('web-contents-created', \(_event, contents\) => hardenContents\(contents\)\)/);
    expect(source).toMatch(/hardenSession\(session\.defaultSession/);
    expect(source).toMatch(/app\.enableSandbox\(\)/);
    expect(source).toMatch(/isTrustedSender\(event\.senderFrame, appUrl\)/);
    // The built renderer comes from app://, registered as privileged before ready, never file://.
    expect(source).not.toMatch(/loadFile|file:/);
    expect(source).toMatch(/appUrl = APP_ENTRY_URL;\s+await win\.loadURL\(APP_ENTRY_URL\)/);
    expect(source.indexOf('protocol.registerSchemesAsPrivileged(appSchemePrivileges())')).toBeGreaterThan(-1);
    expect(source.indexOf('protocol.registerSchemesAsPrivileged')).toBeLessThan(source.indexOf('app.whenReady()'));
    expect(source).toMatch(/protocol\.handle\(APP_SCHEME, \(request\) => serveAppRequest\(rendererRoot, request\.url\)\)/);
    // The preload is built as CommonJS, which is what a sandboxed preload must be.
    expect(source).toMatch(/preload\/index\.cjs/);
    const config = readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8');
    expect(config).toMatch(/format: 'cjs', entryFileNames: '\[name\]\.cjs'/);
  });

  it('denies new windows and blocks navigation, redirects and webviews', () => {
    const listeners = new Map<string, (e: { preventDefault(): void }) => void>();
    let openHandler: ((d: { url: string }) => { action: string }) | null = null;
    hardenContents({
      setWindowOpenHandler: (h) => {
        openHandler = h;
      },
      on: (event, listener) => listeners.set(event, listener as never),
    });
    expect(openHandler!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const e = { preventDefault: vi.fn() };
      listeners.get(event)!(e);
      expect(e.preventDefault).toHaveBeenCalledOnce();
    }
  });

  it('denies permissions and sends a strict CSP', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | null = null;
    let check: ((c: unknown, p: string) => boolean) | null = null;
    let headers: ((d: { responseHeaders?: Record<string, string[]> }, cb: (r: { responseHeaders: Record<string, string[]> }) => void) => void) | null = null;
    hardenSession({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
      webRequest: { onHeadersReceived: (l) => (headers = l) },
    });
    const granted = vi.fn();
    request!(null, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(check!(null, 'notifications')).toBe(false);
    let sent: Record<string, string[]> = {};
    headers!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (sent = r.responseHeaders));
    expect(sent['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(sent['X-Other']).toEqual(['1']);
  });

  it('the CSP allows only the app itself to run code', () => {
    for (const policy of [CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY]) {
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
    }
    const html = readFileSync(path.join(root, 'electron.vite.config.ts'), 'utf8');
    expect(html).toMatch(/http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY/);
  });

  it('trusts IPC only from the app page in its top frame', () => {
    const file = 'file:///opt/app/resources/app.asar/out/renderer/index.html';
    expect(isTrustedSender({ url: file, parent: null }, file)).toBe(true);
    expect(isTrustedSender({ url: 'file:///tmp/evil.html', parent: null }, file)).toBe(false);
    expect(isTrustedSender({ url: file, parent: {} }, file)).toBe(false);
    expect(isTrustedSender(null, file)).toBe(false);
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, 'http://localhost:5173/')).toBe(true);
    expect(isTrustedSender({ url: 'http://evil.test/', parent: null }, 'http://localhost:5173/')).toBe(false);
  });

  it('compares the scheme, host and path of the sender frame exactly', () => {
    const app = 'app://bundle/index.html';
    expect(isTrustedSender({ url: app, parent: null }, app)).toBe(true);
    // A query or fragment does not change which page it is.
    expect(isTrustedSender({ url: `${app}#/map`, parent: null }, app)).toBe(true);
    for (const url of [
      'app://bundle/assets/evil.html',
      'app://other/index.html',
      'evil://bundle/index.html',
      'file:///opt/app/index.html',
      'app://bundle/index.html/..',
      'APP://bundle/other.html',
      'data:text/html,<script>1</script>',
      'about:blank',
    ]) {
      expect(isTrustedSender({ url, parent: null }, app), url).toBe(false);
    }
    // The dev server (electron-vite's ELECTRON_RENDERER_URL): same scheme, host, port and path.
    const dev = 'http://localhost:5173/';
    expect(isTrustedSender({ url: 'http://localhost:5173/', parent: null }, dev)).toBe(true);
    expect(isTrustedSender({ url: 'http://localhost:5173/other.html', parent: null }, dev)).toBe(false);
    expect(isTrustedSender({ url: 'http://localhost:5174/', parent: null }, dev)).toBe(false);
    expect(isTrustedSender({ url: 'https://localhost:5173/', parent: null }, dev)).toBe(false);
  });
});

describe('the sender check against credentials and look-alikes (issue 19 › 9)', () => {
  const app = 'app://bundle/index.html';
  it.each([
    'app://user:pw@bundle/index.html',
    'app://user@bundle/index.html',
    'app://:pw@bundle/index.html',
    'app://bundle:80/index.html',
    'APP://bundle/index.html/..',
    'app://bundle/index.html/',
    'app://bundle.evil/index.html',
  ])('refuses %s', (url) => {
    expect(isTrustedSender({ url, parent: null }, app)).toBe(false);
  });
  it('still trusts the page itself', () => {
    expect(isTrustedSender({ url: app, parent: null }, app)).toBe(true);
  });
});
