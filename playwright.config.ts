import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

/**
 * End-to-end tests of the built renderer bundle (`out/renderer`, built by electron-vite):
 * - browser-edition: the page as `npm run web` serves it, with the browser bridge;
 * - desktop-bridge: the same page with the preload's API answered by the real main-process
 *   handlers through `page.exposeBinding` (only the IPC transport is stood in for);
 * - desktop-electron: the same specs through Playwright's `_electron`, where an Electron binary
 *   exists (each test is skipped with the reason where it does not).
 */
const PORT = Number(process.env['E2E_PORT'] ?? 5175);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node scripts/serve-web.mjs',
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
  projects: [
    { name: 'browser-edition', metadata: { edition: 'browser' } },
    { name: 'desktop-bridge', metadata: { edition: 'desktop-bridge' } },
    { name: 'desktop-electron', metadata: { edition: 'desktop-electron' } },
  ],
});
