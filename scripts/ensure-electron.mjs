// `npm start` needs the Electron binary. electron@45 downloads it lazily, but electron-vite looks for
// it without triggering that download, so fetch it here on first start, with one clear line when the
// download host cannot be reached (the browser edition, `npm run web`, needs no binary). The
// downloader's own output (a stack trace when offline) goes to out/electron-download.log instead.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('electron/package.json'));
const installed = () => {
  const pathFile = path.join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
};

/** The reason in a few words: "fetch failed: ECONNREFUSED", "HTTP 404", … */
function reasonIn(output) {
  const code = /\b(E[A-Z]{3,}[A-Z_]*)\b/.exec(output)?.[1];
  const status = /\b(?:HTTP|status(?: code)?)\s*:?\s*(\d{3})\b/i.exec(output)?.[1];
  const first = /(?:^|\n)(?:\w*Error: )?([^\n]+)/.exec(output.trim())?.[1]?.trim() ?? 'no reason given';
  if (/fetch failed/i.test(output)) return `fetch failed${code ? `: ${code}` : ''}`;
  if (status) return `HTTP ${status}`;
  return code ?? first.slice(0, 80);
}

if (!installed()) {
  console.log('Downloading the Electron binary (first start only)…');
  const r = spawnSync(process.execPath, [path.join(dir, 'install.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0 || !installed()) {
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
    const log = path.join(root, 'out', 'electron-download.log');
    let where = '';
    try {
      mkdirSync(path.dirname(log), { recursive: true });
      writeFileSync(log, output);
      where = `; details in ${path.relative(process.cwd(), log)}`;
    } catch {
      // Read-only checkout: the one line still says what to do.
    }
    const reason = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' : reasonIn(output);
    console.error(`The Electron binary could not be downloaded (${reason}), so the desktop app cannot start here; run the browser edition instead: npm run web${where}`);
    process.exit(1);
  }
}
