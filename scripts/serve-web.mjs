// Serves the built renderer as the browser edition (`npm run web`, and the e2e suite's web server):
// the same bundle the desktop app loads, with the bridge implemented by browser APIs. Vite's preview
// server does the serving; every answer carries the page's CSP as a header (plus frame-ancestors,
// which a meta tag cannot say) and the usual hardening headers, and unknown paths answer 404 rather
// than the page. WEB_ROOT serves another folder (the server's own test).
import { preview } from 'vite';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.env.WEB_ROOT ?? path.join(root, 'out/renderer'));
const index = path.join(outDir, 'index.html');
if (!existsSync(index)) {
  console.error('out/renderer is missing: run `npx electron-vite build` first (npm run web does).');
  process.exit(2);
}
// The policy is the one built into the page (src-main/main/security.ts), so the two cannot drift.
const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/i.exec(readFileSync(index, 'utf8'));
if (!meta) {
  console.error(`${index} has no Content-Security-Policy meta tag: rebuild it with npx electron-vite build.`);
  process.exit(2);
}
const HEADERS = {
  'Content-Security-Policy': `${meta[1].replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')}; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Sets the headers on every answer, the 404s included, before Vite's own middlewares run. */
function hardening() {
  return {
    name: 'encounter-web-headers',
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(HEADERS)) res.setHeader(name, value);
        next();
      });
    },
  };
}

const port = Number(process.env.PORT ?? 5174);
const server = await preview({
  configFile: false,
  root,
  logLevel: 'warn',
  // 'mpa': no fallback to index.html, so a mistyped or probing path is a 404.
  appType: 'mpa',
  plugins: [hardening()],
  build: { outDir },
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
console.log(`Encounter Builder (browser edition) at ${server.resolvedUrls?.local?.[0] ?? `http://127.0.0.1:${port}/`}`);
