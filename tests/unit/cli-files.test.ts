import { chmodSync, linkSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src-main/cli/encounter';
import { LIMITS } from '../../src-shared/io';

/** Issue 19 › 7: the CLI reads within the limits and writes every file through the app's own save. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-cli-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = await run(args, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}
function scenario(): string {
  const file = path.join(dir, 'fight.txt');
  writeFileSync(file, 'ruleset: d20-35\nname: Fight\nmap:\n  A . . .\ncreatures:\n  A: side=party\n');
  return file;
}

describe('encounter play --script reads within the limits', () => {
  it('refuses /dev/zero at once, as not a file', async () => {
    const r = await cli('play', scenario(), '--script', '/dev/zero');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/\/dev\/zero is not a file/);
  });

  it('refuses a script over the file size limit before reading it', async () => {
    const big = path.join(dir, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, LIMITS.fileBytes + 1); // sparse: no disk used, nothing read
    const r = await cli('play', scenario(), '--script', big);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`big.json is ${(LIMITS.fileBytes / 1048576).toFixed(1)} MiB, over the ${LIMITS.fileBytes / 1048576} MiB limit for a script`);
  });
});

describe('CLI writes keep what the user had', () => {
  it('import through a symbolic link writes its target, the link stays, 0600 stays 0600', async () => {
    const real = path.join(dir, 'real.encounter');
    const link = path.join(dir, 'link.encounter');
    writeFileSync(real, 'old');
    chmodSync(real, 0o600);
    symlinkSync(real, link);
    const r = await cli('import', scenario(), '-o', link);
    expect(r.code, r.err).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toMatch(/"name": "Fight"/);
    expect(statSync(real).mode & 0o777).toBe(0o600);
  });

  it('play --save over a hard-linked file keeps the links joined', async () => {
    const script = path.join(dir, 'moves.json');
    writeFileSync(script, '[]');
    const a = path.join(dir, 'a.encounter');
    const b = path.join(dir, 'b.encounter');
    writeFileSync(a, 'old');
    linkSync(a, b);
    const r = await cli('play', scenario(), '--script', script, '--save', a);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(b, 'utf8')).toMatch(/"play"/);
    expect(statSync(a).nlink).toBe(2);
  });

  it('a link planted at the old predictable temporary name is never followed', async () => {
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    const out = path.join(dir, 'map.dd2vtt');
    // The name the CLI's own writer used: `.<name>.<pid>.tmp`, opened without O_EXCL.
    symlinkSync(victim, path.join(dir, `.map.dd2vtt.${process.pid}.tmp`));
    const r = await cli('export', scenario(), '--to', 'uvtt', '-o', out);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBeDefined();
  });

  it('a write that fails says so in one line, exit 2', async () => {
    const r = await cli('import', scenario(), '-o', path.join(dir, 'no-such-folder', 'x.encounter'));
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/x\.encounter/);
  });
});
