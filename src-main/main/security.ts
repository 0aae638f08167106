import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The security baseline of the desktop edition, in one place so a test can read exactly what the
 * main process uses. Electron types only: this module runs without the Electron binary.
 */

/** The Content-Security-Policy for every page the app shows (also in `index.html` as a meta tag). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The same policy for the page's meta tag, where `frame-ancestors` is not allowed. */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((d) => !d.startsWith('frame-ancestors'))
  .join('; ');

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Encounter Builder',
    backgroundColor: '#1e2127',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** What the hardening code needs from a `WebContents`. */
export interface ContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (event: { preventDefault(): void }, ...args: unknown[]) => void): unknown;
}

/** No new windows, no navigation away from the app, no webviews. */
export function hardenContents(contents: ContentsLike): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

type HeadersCallback = (response: { responseHeaders: Record<string, string[]> }) => void;

/** What the hardening code needs from a `Session`. */
export interface SessionLike {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  webRequest: {
    onHeadersReceived(listener: (details: { responseHeaders?: Record<string, string[]> }, callback: HeadersCallback) => void): void;
  };
}

/**
 * The development server injects styles and talks over a websocket for hot reload; only then is
 * the policy loosened, and only for those two things.
 */
export const DEV_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
  "connect-src 'self'",
  "connect-src 'self' ws://localhost:*",
);

/** Deny every permission (camera, notifications, …) and send the CSP with every response. */
export function hardenSession(session: SessionLike, options: { devServer: boolean } = { devServer: false }): void {
  const policy = options.devServer ? DEV_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...(details.responseHeaders ?? {}), 'Content-Security-Policy': [policy] },
    });
  });
}

/**
 * Whether an IPC message comes from the app's own page in its own top frame. `appUrl` is the
 * address the main window loaded (`app://bundle/index.html`, or the dev server). Scheme, host (with
 * port) and path must all match exactly: comparing origins is not enough, since every URL of a
 * non-special scheme such as `app:` has the opaque origin "null".
 */
export function isTrustedSender(
  frame: { url: string; parent: unknown } | null | undefined,
  appUrl: string,
): boolean {
  if (!frame || frame.parent) return false;
  let sender: URL;
  let app: URL;
  try {
    sender = new URL(frame.url);
    app = new URL(appUrl);
  } catch {
    return false;
  }
  // Node's URL.origin is "null" for every app: URL, so each part is compared itself; a URL carrying
  // a user name or password is never the app's own page (issue 19 › 9).
  if (sender.username || sender.password) return false;
  return sender.protocol === app.protocol && sender.host === app.host && sender.pathname === app.pathname;
}
