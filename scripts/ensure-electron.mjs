// `npm start` needs the Electron binary. electron@45 downloads it lazily, but electron-vite looks for
// it without triggering that download, so fetch it here on first start, with a clear message when the
// download host cannot be reached (the browser edition, `npm run web`, needs no binary).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('electron/package.json'));
const installed = () => {
  const pathFile = path.join(dir, 'path.txt');
  return existsSync(pathFile) && existsSync(path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()));
};
if (!installed()) {
  console.log('Downloading the Electron binary (first start only)…');
  const r = spawnSync(process.execPath, [path.join(dir, 'install.js')], { stdio: 'inherit' });
  if (r.status !== 0 || !installed()) {
    console.error('\nThe Electron binary could not be downloaded, so the desktop app cannot start here.');
    console.error('Run the browser edition instead: npm run web');
    process.exit(1);
  }
}
