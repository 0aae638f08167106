import fc from 'fast-check';
import { chmodSync, linkSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src-main/services/files';

/**
 * Issue 19 › 10: saves fuzzed over the ways a user's file can be reached. One file with a hard
 * link, a symbolic link to it and a link to that link, mode 0600; random saves of random texts
 * through random names. After every save each name reads the last text, the links stay links, the
 * hard link stays joined, the mode stays, and nothing is left beside them. HARDENING_LONG=1 runs
 * ten times as many sequences.
 */
const RUNS = process.env['HARDENING_LONG'] ? 300 : 30;
const NAMES = ['file.encounter', 'hard.encounter', 'link.encounter', 'link-to-link.encounter'] as const;

describe('hard-linked and symlinked saves, fuzzed (issue 19 › 10)', () => {
  it(`every name sees each save and keeps what it was (${RUNS} sequences)`, { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.string({ maxLength: 3000, unit: 'binary' })), { minLength: 1, maxLength: 8 }),
        async (saves) => {
          const dir = mkdtempSync(path.join(tmpdir(), 'eb-save-fuzz-'));
          try {
            const at = (n: string) => path.join(dir, n);
            writeFileSync(at('file.encounter'), 'first');
            chmodSync(at('file.encounter'), 0o600);
            linkSync(at('file.encounter'), at('hard.encounter'));
            symlinkSync('file.encounter', at('link.encounter'));
            symlinkSync('link.encounter', at('link-to-link.encounter'));
            const inode = statSync(at('file.encounter')).ino;
            for (const [name, text] of saves) {
              await writeFileAtomic(at(name), text);
              for (const n of NAMES) expect(readFileSync(at(n), 'utf8'), n).toBe(Buffer.from(text, 'utf8').toString('utf8'));
              expect(lstatSync(at('link.encounter')).isSymbolicLink()).toBe(true);
              expect(lstatSync(at('link-to-link.encounter')).isSymbolicLink()).toBe(true);
              expect(statSync(at('file.encounter')).ino).toBe(inode);
              expect(statSync(at('hard.encounter')).ino).toBe(inode);
              expect(statSync(at('file.encounter')).mode & 0o777).toBe(0o600);
              expect(readdirSync(dir).sort()).toEqual([...NAMES].sort());
            }
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: RUNS, seed: 20261125 },
    );
  });
});
