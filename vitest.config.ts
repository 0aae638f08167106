import { playwright } from '@vitest/browser-playwright';
import solid from 'vite-plugin-solid';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium.ts';

// Debian's Chromium, started the way this machine needs (no sandbox as root, no network chatter).

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Property tests and the largest-file cases take seconds on a quiet machine and several
          // times that on a loaded one; a timeout is not a speed assertion (speed is npm run bench).
          testTimeout: 60_000,
          include: ['tests/unit/**/*.test.ts', 'tests/golden/**/*.test.ts'],
        },
      },
      {
        extends: true,
        plugins: [solid()],
        test: {
          name: 'browser',
          testTimeout: 30_000,
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          // Fails a test that makes a Solid computation outside a reactive root (see the file).
          setupFiles: ['tests/browser/setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
