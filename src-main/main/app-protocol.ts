import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security';

/**
 * The renderer is served from `app://bundle/…` rather than `file://`: with its own privileged
 * scheme the CSP's `'self'` means the built renderer and nothing else on disk, and the IPC sender
 * check has one exact address to compare. The resolution is a pure function so a test can try
 * every traversal form against it; Electron types only, so this module runs without the binary.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** For `protocol.registerSchemesAsPrivileged`, which must run before the app is ready. */
export function appSchemePrivileges(): { scheme: string; privileges: { standard: boolean; secure: boolean; supportFetchAPI: boolean; codeCache: boolean } }[] {
  // standard: relative URLs and module scripts resolve as on the web; secure: a secure context
  // (workers, crypto.subtle). No bypassCSP, no CORS exemptions.
  return [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }];
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that `url` names, or null when it names anything else. Checked on the raw
 * text, segment by segment, before any normalisation could fold a `..` away: no empty, `.` or `..`
 * segments (also percent-encoded), no encoded or back slashes, no drive letters, no NUL or control
 * characters, no hidden files, and no second level of encoding.
 */
export function resolveAppRequest(root: string, url: string): string | null {
  const prefix = `${APP_SCHEME}://${APP_HOST}/`;
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length).split(/[?#]/, 1)[0]!;
  if (rest === '') return path.join(root, 'index.html');
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex
    if (segment === '' || segment.startsWith('.') || /[\\/:%\u0000-\u001f\u007f]/.test(segment)) return null;
    segments.push(segment);
  }
  const resolved = path.resolve(root, ...segments);
  const relative = path.relative(root, resolved);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return resolved;
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}

/**
 * The answer to one `app://` request: the file with its type, the CSP and nosniff, or 404. A file
 * whose real path leaves the renderer folder (a symbolic link) is refused too.
 */
export async function serveAppRequest(root: string, url: string): Promise<Response> {
  const file = resolveAppRequest(root, url);
  if (!file) return notFound();
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    const relative = path.relative(realRoot, realFile);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return notFound();
    const stat = await fs.stat(realFile);
    if (!stat.isFile()) return notFound();
    const body = await fs.readFile(realFile);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(file),
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  } catch {
    return notFound();
  }
}
