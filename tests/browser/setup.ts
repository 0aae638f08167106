import { afterEach, beforeEach, expect } from 'vitest';

/**
 * Every browser test fails if Solid warns that a memo or effect was made outside a reactive root
 * (it would never be disposed: a leak in the app, and in the tests thousands of warnings that hide
 * real ones). The warning is Solid's dev build's `console.warn`; the stack of each one is kept so the
 * failure names the code that made the computation.
 *
 * Vitest loads this file as the setup and again when a test imports it, so the record lives on
 * `globalThis` and console.warn is wrapped once.
 */
export const SOLID_ROOT_WARNING = 'computations created outside a `createRoot` or `render` will never be disposed';

const KEY = Symbol.for('encounter-builder.solid-root-warnings');
type Record_ = { leaks: string[] };
const store = ((globalThis as Record<symbol, Record_ | undefined>)[KEY] ??= (() => {
  const record: Record_ = { leaks: [] };
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes(SOLID_ROOT_WARNING)) record.leaks.push(new Error('made here').stack ?? '');
    warn(...args);
  };
  return record;
})());

/** The warnings seen so far in this test, taken (so a test that provokes one on purpose can check it). */
export function takeSolidRootWarnings(): string[] {
  const taken = store.leaks;
  store.leaks = [];
  return taken;
}

beforeEach(() => {
  store.leaks = [];
});

afterEach(() => {
  const seen = takeSolidRootWarnings();
  expect(seen.length, `${seen.length} computation(s) made outside a reactive root; the first:\n${seen[0] ?? ''}`).toBe(0);
});
