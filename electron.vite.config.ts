import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import solid from 'vite-plugin-solid';
import { META_CONTENT_SECURITY_POLICY } from './src-main/main/security';

/** The built page carries the strict CSP as a meta tag (the dev server gets a looser header). */
function cspMeta(): Plugin {
  return {
    name: 'encounter-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}

const version = (JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string }).version;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src-main/main/index.ts'),
          // The library's reader thread (`new Worker(…/library-worker.js)`), its own entry.
          'library-worker': resolve(__dirname, 'src-main/services/library-worker.ts'),
          // The export thread (`new Worker(…/export-worker.js)`): PNG encoding off the event loop.
          'export-worker': resolve(__dirname, 'src-main/services/export-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be one CommonJS file that requires nothing but `electron`.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    base: './',
    plugins: [solid(), cspMeta()],
    define: { __APP_VERSION__: JSON.stringify(version) },
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
