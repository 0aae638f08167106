import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, ftruncateSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../src-shared/io';

const dir = mkdtempSync(path.join(tmpdir(), 'eb-cli-limits-'));
const cli = path.join(dir, 'encounter.cjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  // The command as `npx encounter` runs it, bundled from the current source.
  await build({
    entryPoints: [path.resolve(__dirname, '../../src-main/cli/encounter.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
  });
});

/** A sparse file: its size on paper, no disk space. */
function sparse(name: string, bytes: number): string {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return file;
}

describe('the encounter command and files too big to open', () => {
  it('exits 2 with one line for a 450 MB text, without reading it', () => {
    const file = sparse('huge.txt', 450 * 1024 * 1024);
    // A 256 MB heap: reading the file first would run out of memory instead of answering.
    const r = spawnSync(
      process.execPath,
      ['--max-old-space-size=256', '-e', `process.exitCode = require(${JSON.stringify(cli)}).run(['validate', ${JSON.stringify(file)}], (s) => process.stdout.write(s), (s) => process.stderr.write(s))`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr.slice(0, 500)).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`huge.txt is 450.0 MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit`);
  });

  it('exits 2 naming the limit for a file just over it', () => {
    const file = sparse('big.encounter', MAX_FILE_BYTES + 1);
    const r = spawnSync(process.execPath, ['-e', `process.exitCode = require(${JSON.stringify(cli)}).run(['validate', ${JSON.stringify(file)}], (s) => process.stdout.write(s), (s) => process.stderr.write(s))`], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`big.encounter is ${(MAX_FILE_BYTES / 1048576).toFixed(1)} MiB, over the ${MAX_FILE_BYTES / 1048576} MiB limit`);
  });
});
