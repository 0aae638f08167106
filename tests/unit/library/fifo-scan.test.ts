import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextFile } from '../../../src-main/services/files';
import { LibraryService } from '../../../src-main/services/library';
import { LibraryWorkerPool } from '../../../src-main/services/library-pool';
import { readForIndex } from '../../../src-main/services/library-read';

/**
 * Issue 19 › 5: a library file swapped for a FIFO after the listing must not block the reader (and
 * with it the scan, Cancel and closing); no read may go on for ever.
 */
let dir: string;
let fifos: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-fifo-'));
});
afterEach(() => {
  // A reader left blocked on a FIFO holds a thread of the process: a writer that opens and closes
  // it lets that read end, so a failing test does not hang the run.
  for (const f of fifos) {
    try {
      closeSync(openSync(f, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader left: nothing to release.
    }
  }
  fifos = [];
  rmSync(dir, { recursive: true, force: true });
});

function fifo(name: string): string {
  const p = path.join(dir, name);
  expect(spawnSync('mkfifo', [p]).status).toBe(0);
  fifos.push(p);
  return p;
}
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms))]);

describe('a FIFO in a library (issue 19 › 5)', () => {
  it('readForIndex answers at once that it is not the listed file, instead of blocking', async () => {
    const listedAs = path.join(dir, 'listed.encounter');
    writeFileSync(listedAs, '{}');
    const st = statSync(listedAs);
    const swapped = fifo('map.encounter');
    const answer = await within(readForIndex({ path: swapped, dev: st.dev, ino: st.ino, bytes: 2, modified: st.mtimeMs }, 1 << 20), 3000);
    expect(answer).not.toBe('hung');
    expect(answer).toMatchObject({ problem: expect.stringMatching(/replaced by another file/) });
  });

  it('Open refuses a FIFO at once', async () => {
    const p = fifo('open.encounter');
    const answer = await within(readTextFile(p, 1 << 20).catch((e: Error) => e.message), 3000);
    expect(answer).toMatch(/open\.encounter is not a file/);
  });

  it('the reader threads give every read a time limit: a stuck read fails with a reason and the next read is served', async () => {
    const script = path.join(dir, 'stuck-worker.cjs');
    // A reader that never answers for one file: what a read blocked in the kernel looks like.
    writeFileSync(
      script,
      `const { parentPort } = require('node:worker_threads');
       parentPort.on('message', (t) => { if (t.file.path !== 'stuck') parentPort.postMessage({ id: t.id, ok: true, value: { ok: true, path: t.file.path } }); });`,
    );
    const pool = new LibraryWorkerPool(script, 1, 300);
    try {
      const file = (p: string) => ({ path: p, dev: 0, ino: 0, bytes: 0, modified: 0 });
      const stuck = await within(pool.index(file('stuck')).then(() => 'read', (e: Error) => e.message), 3000);
      expect(stuck).toMatch(/took longer than 0\.3 s/);
      expect(await within(pool.index(file('fine')), 3000)).toEqual({ ok: true, path: 'fine' });
    } finally {
      await pool.close();
    }
  });

  it('Cancel ends a scan at once even while a read is stuck, and closing does not wait for it', async () => {
    const script = path.join(dir, 'silent-worker.cjs');
    writeFileSync(script, `require('node:worker_threads').parentPort.on('message', () => {});`);
    const lib = path.join(dir, 'lib');
    mkdirSync(lib);
    writeFileSync(path.join(lib, 'a.encounter'), '{}');
    const service = new LibraryService({ storePath: path.join(dir, 'data', 'libraries.json'), workerScript: script, trash: { trashItem: async () => {} }, watch: false });
    try {
      await service.add(lib);
      const scan = service.scan(lib, []);
      await new Promise((r) => setTimeout(r, 200));
      service.cancel(lib);
      const answer = await within(scan, 2000);
      expect(answer).toMatchObject({ cancelled: true });
    } finally {
      expect(await within(service.close(), 2000)).not.toBe('hung');
    }
  });
});
