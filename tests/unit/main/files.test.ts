import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { chmodSync, linkSync, mkdirSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanStaleSaveFiles, FileProblem, isSaveTempName, writeFileAtomic } from '../../../src-main/services/files';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'eb-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const leftovers = () => readdirSync(dir).filter((f) => isSaveTempName(f) || f.endsWith('.tmp'));

describe('saving keeps what the user had', () => {
  it('writes through a symbolic link to its target and keeps the link', async () => {
    mkdirp('real');
    const target = path.join(dir, 'real', 'map.encounter');
    writeFileSync(target, 'old');
    const link = path.join(dir, 'map.encounter');
    symlinkSync(path.relative(dir, target), link);
    await writeFileAtomic(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(path.join('real', 'map.encounter'));
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(leftovers()).toEqual([]);
    expect(readdirSync(path.join(dir, 'real'))).toEqual(['map.encounter']);
  });

  it('follows a chain of links', async () => {
    const target = path.join(dir, 'final.encounter');
    writeFileSync(target, 'old');
    symlinkSync(target, path.join(dir, 'middle.encounter'));
    symlinkSync(path.join(dir, 'middle.encounter'), path.join(dir, 'first.encounter'));
    await writeFileAtomic(path.join(dir, 'first.encounter'), 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(lstatSync(path.join(dir, 'first.encounter')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(dir, 'middle.encounter')).isSymbolicLink()).toBe(true);
  });

  it('refuses with a message to save through a link to a missing file', async () => {
    symlinkSync(path.join(dir, 'gone.encounter'), path.join(dir, 'dangling.encounter'));
    await expect(writeFileAtomic(path.join(dir, 'dangling.encounter'), 'new')).rejects.toThrow(/link to .*gone\.encounter, which does not exist/);
    expect(lstatSync(path.join(dir, 'dangling.encounter')).isSymbolicLink()).toBe(true);
  });

  it('keeps a hard link joined: every name sees the new text', async () => {
    const a = path.join(dir, 'a.encounter');
    const b = path.join(dir, 'b.encounter');
    writeFileSync(a, 'old text that is longer than the new');
    linkSync(a, b);
    const inode = statSync(a).ino;
    await writeFileAtomic(a, 'new');
    expect(readFileSync(b, 'utf8')).toBe('new');
    expect(statSync(a).ino).toBe(inode);
    expect(statSync(a).nlink).toBe(2);
    expect(leftovers()).toEqual([]);
  });

  it('keeps the permission bits (0600 stays 0600, 0640 stays 0640)', async () => {
    for (const mode of [0o600, 0o640]) {
      const file = path.join(dir, `p${mode.toString(8)}.encounter`);
      writeFileSync(file, 'old');
      chmodSync(file, mode);
      await writeFileAtomic(file, 'new');
      expect((statSync(file).mode & 0o7777).toString(8)).toBe(mode.toString(8));
      expect(readFileSync(file, 'utf8')).toBe('new');
    }
  });

  it('saves a long file name whose temporary name would not fit, and refuses a name over the limit with a message', async () => {
    const long = path.join(dir, `${'a'.repeat(240)}.encounter`);
    await writeFileAtomic(long, 'new');
    expect(readFileSync(long, 'utf8')).toBe('new');
    const tooLong = path.join(dir, `${'b'.repeat(250)}.encounter`);
    const error = await writeFileAtomic(tooLong, 'new').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileProblem);
    expect((error as Error).message).toMatch(/name is 260 bytes long; file names can have at most 255/);
    expect(readdirSync(dir).filter((f) => f.startsWith('b'))).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('names its temporary files recognisably', () => {
    expect(isSaveTempName('.encounter-builder-save-1234-0a1b2c3d.tmp')).toBe(true);
    expect(isSaveTempName('.map.encounter.swp')).toBe(false);
    expect(isSaveTempName('notes.tmp')).toBe(false);
  });

  it('removes temporary files left by a killed save on the next save, and only those', async () => {
    const stale = path.join(dir, '.encounter-builder-save-999999999-0a1b2c3d.tmp'); // no such process
    const old = path.join(dir, `.encounter-builder-save-${process.pid}-0a1b2c3e.tmp`);
    const live = path.join(dir, `.encounter-builder-save-${process.pid}-0a1b2c3f.tmp`); // a save in progress
    for (const f of [stale, old, live, path.join(dir, 'notes.tmp'), path.join(dir, '.hidden')]) writeFileSync(f, 'x');
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(old, hourAgo, hourAgo);
    await writeFileAtomic(path.join(dir, 'map.encounter'), 'new');
    expect(readdirSync(dir).sort()).toEqual(['.encounter-builder-save-' + process.pid + '-0a1b2c3f.tmp', '.hidden', 'map.encounter', 'notes.tmp'].sort());
    // At start the app sweeps the folders of its recent files the same way.
    rmSync(live);
    writeFileSync(stale, 'x');
    expect(await cleanStaleSaveFiles(dir)).toBe(1);
    expect(readdirSync(dir).sort()).toEqual(['.hidden', 'map.encounter', 'notes.tmp']);
  });

  it('a save killed at any moment leaves the old or the new text, and the next save cleans up', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'kill.encounter');
    writeFileSync(file, 'old');
    const big = 'n'.repeat(4 * 1000 * 1000);
    const filesModule = path.join(dir, 'files.cjs');
    await build({ entryPoints: [path.resolve(__dirname, '../../../src-main/services/files.ts')], outfile: filesModule, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
    for (let i = 0; i < 3; i++) {
      const child = spawn(process.execPath, ['-e', `Promise.resolve(require(${JSON.stringify(filesModule)})).then(async (m) => { for (;;) await m.writeFileAtomic(${JSON.stringify(file)}, ${JSON.stringify(big.slice(0, 10))}.repeat(${big.length / 10})); })`], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const exited = new Promise((r) => child.once('exit', r));
      await new Promise((r) => setTimeout(r, 150 + i * 120));
      expect(child.exitCode, stderr).toBeNull();
      child.kill('SIGKILL');
      await exited;
      const text = readFileSync(file, 'utf8');
      expect(text === 'old' || text === big).toBe(true);
    }
    await writeFileAtomic(file, 'final');
    expect(readFileSync(file, 'utf8')).toBe('final');
    expect(leftovers()).toEqual([]);
  });
});

function mkdirp(name: string) {
  mkdirSync(path.join(dir, name), { recursive: true });
}
