import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src-main/cli/encounter';
import { parseEncounter } from '../../src-shared/io';
import { decodeBase64 } from '../../src-shared/io/export/base64';
import { LIMITS } from '../../src-shared/io/limits';
import { squaresInPicture } from '../../src-shared/model';
import { dungeonSvg, texture } from './picture/pictures';

// issue 15 › Pictures in, › Grid alignment: `encounter import map.jpg` keeps the picture's bytes,
// `--detect-grid --json` answers the grid or null, exit 2 with -o and no grid.

const root = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'eb-cli-picture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const truth = { width: 1400, height: 1000, pixelsPerSquare: 100, offsetX: 37, offsetY: 62 };
const files: Record<'jpg' | 'png' | 'webp' | 'plain', string> = { jpg: '', png: '', webp: '', plain: '' };

beforeAll(async () => {
  const svg = Buffer.from(dungeonSvg(truth));
  files.jpg = path.join(dir, 'crypt.jpg');
  files.png = path.join(dir, 'crypt.png');
  files.webp = path.join(dir, 'crypt.webp');
  await sharp(svg).jpeg({ quality: 80 }).toFile(files.jpg);
  await sharp(svg).png().toFile(files.png);
  await sharp(svg).webp({ quality: 80 }).toFile(files.webp);
  // A photo-like picture with no grid at all.
  const t = texture(900, 700, 3);
  files.plain = path.join(dir, 'clouds.jpg');
  await sharp(Buffer.from(t.data), { raw: { width: t.width, height: t.height, channels: 4 } }).jpeg({ quality: 70 }).toFile(files.plain);
});

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  const code = await run(args, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

function offsetError(found: number, want: number, perSquare: number): number {
  const d = Math.abs((((found - want) % perSquare) + perSquare) % perSquare);
  return Math.min(d, perSquare - d);
}

describe('encounter import <picture> --detect-grid --json', () => {
  for (const kind of ['jpg', 'png', 'webp'] as const) {
    it(`prints exactly the grid, its confidence and the squares (${kind})`, async () => {
      const r = await cli('import', files[kind], '--detect-grid', '--json');
      expect(r.code, r.err).toBe(0);
      const answer = JSON.parse(r.out);
      expect(Object.keys(answer)).toEqual(['grid', 'confidence', 'squares']);
      expect(Object.keys(answer.grid)).toEqual(['pixelsPerSquare', 'offsetX', 'offsetY']);
      expect(Object.keys(answer.squares)).toEqual(['width', 'height']);
      expect(answer.grid.pixelsPerSquare).toBe(100);
      expect(offsetError(answer.grid.offsetX, truth.offsetX, 100)).toBeLessThanOrEqual(1);
      expect(offsetError(answer.grid.offsetY, truth.offsetY, 100)).toBeLessThanOrEqual(1);
      expect(answer.grid.offsetX).toBeGreaterThanOrEqual(0);
      expect(answer.grid.offsetX).toBeLessThan(100);
      expect(answer.confidence).toBeGreaterThanOrEqual(0.5);
      expect(answer.confidence).toBeLessThanOrEqual(1);
      expect(answer.squares).toEqual(squaresInPicture(truth, answer.grid));
      expect(r.out.endsWith('}\n')).toBe(true);
    });
  }

  it('reads a picture over 2048 px from a reduced copy and answers in its own pixels', async () => {
    const big = { width: 3100, height: 2300, pixelsPerSquare: 100, offsetX: 37, offsetY: 62 };
    const file = path.join(dir, 'hall.jpg');
    await sharp(Buffer.from(dungeonSvg({ ...big, line: 3 }))).jpeg({ quality: 80 }).toFile(file);
    const r = await cli('import', file, '--detect-grid', '--json');
    expect(r.code, r.err).toBe(0);
    const answer = JSON.parse(r.out);
    expect(answer.grid.pixelsPerSquare).toBe(100);
    // Decoded at 2048 / 3100 of its size: a decoded pixel is 1.5 picture pixels.
    expect(offsetError(answer.grid.offsetX, big.offsetX, 100)).toBeLessThanOrEqual(1.5);
    expect(offsetError(answer.grid.offsetY, big.offsetY, 100)).toBeLessThanOrEqual(1.5);
    expect(answer.squares).toEqual(squaresInPicture(big, answer.grid));
  });

  it('prints {"grid": null, "reason"} for a picture without a grid, and exits 0', async () => {
    const r = await cli('import', files.plain, '--detect-grid', '--json');
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.out);
    expect(Object.keys(answer)).toEqual(['grid', 'reason']);
    expect(answer.grid).toBeNull();
    expect(answer.reason).toMatch(/^no grid found/);
  });
});

describe('encounter import <picture> -o', () => {
  for (const kind of ['jpg', 'png', 'webp'] as const) {
    it(`keeps the ${kind} byte for byte under a map sized from the picture`, async () => {
      const out = path.join(dir, `from-${kind}.encounter`);
      const r = await cli('import', files[kind], '-o', out, '--ruleset', 'epic-path');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/^grid: 100 px a square/);
      const parsed = parseEncounter(readFileSync(out, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.error);
      const e = parsed.encounter;
      const picture = e.picture!;
      expect(Buffer.from(decodeBase64(picture.data)!).equals(readFileSync(files[kind]))).toBe(true);
      expect(picture.mime).toBe({ jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[kind]);
      expect([picture.width, picture.height]).toEqual([truth.width, truth.height]);
      expect(picture.pixelsPerSquare).toBe(100);
      expect(offsetError(picture.offsetX, truth.offsetX, 100)).toBeLessThanOrEqual(1);
      expect({ width: e.map.width, height: e.map.height }).toEqual(squaresInPicture(picture, picture));
      // 1400 px from x = 37: squares 37–1337, 13 of them; 1000 px from y = 62: 9.
      expect([e.map.width, e.map.height]).toEqual([13, 9]);
      expect(e.ruleset).toBe('epic-path');
      expect(e.name).toBe('crypt');
    });
  }

  it('--pixels-per-square N --offset X,Y sets the grid by hand, without detection', async () => {
    const out = path.join(dir, 'by-hand.encounter');
    const r = await cli('import', files.plain, '-o', out, '--pixels-per-square', '70', '--offset', '10,20');
    expect(r.code, r.err).toBe(0);
    const parsed = parseEncounter(readFileSync(out, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.encounter.picture).toMatchObject({ pixelsPerSquare: 70, offsetX: 10, offsetY: 20 });
    // (900 − 10) / 70 = 12.7, (700 − 20) / 70 = 9.7.
    expect([parsed.encounter.map.width, parsed.encounter.map.height]).toEqual([12, 9]);
  });

  it('no grid found: nothing written, exit 2 asking for --pixels-per-square', async () => {
    const out = path.join(dir, 'none.encounter');
    const r = await cli('import', files.plain, '-o', out);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(r.err).toMatch(/^encounter: no grid found in .*clouds\.jpg .*nothing written: give --pixels-per-square N \[--offset X,Y\]\n$/);
    // With --json the answer is still printed on stdout.
    const j = await cli('import', files.plain, '-o', out, '--detect-grid', '--json');
    expect(j.code).toBe(2);
    expect(JSON.parse(j.out).grid).toBeNull();
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a picture over the limits with the limit in the message, writing nothing', async () => {
    const out = path.join(dir, 'big.encounter');
    // A PNG header claiming 16,385 px a side.
    const wide = path.join(dir, 'wide.png');
    await sharp({ create: { width: LIMITS.pictureSide + 1, height: 1, channels: 3, background: '#777' } }).png().toFile(wide);
    const r = await cli('import', wide, '-o', out);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`wide.png: the picture is ${LIMITS.pictureSide + 1} × 1 pixels; at most ${LIMITS.pictureSide} pixels a side is accepted`);
    // 49 MiB of file that starts as a PNG (sparse: no disk used), refused before it is read.
    const heavy = path.join(dir, 'heavy.png');
    const fd = openSync(heavy, 'w');
    writeSync(fd, Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    ftruncateSync(fd, 49 * 1024 * 1024);
    closeSync(fd);
    const h = await cli('import', heavy, '-o', out);
    expect(h.code).toBe(2);
    expect(h.err).toContain('heavy.png: the picture is 49.0 MiB, over the 48 MiB limit for a picture');
    expect(existsSync(out)).toBe(false);
  });

  it('a corrupt picture is refused with a message, not a crash', async () => {
    const broken = path.join(dir, 'broken.jpg');
    const bytes = readFileSync(files.jpg);
    writeFileSync(broken, bytes.subarray(0, 2000));
    const r = await cli('import', broken, '--detect-grid', '--json');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^encounter: .*broken\.jpg: the picture cannot be decoded/);
  });

  it('refuses options that do not fit together or a file that is no picture', async () => {
    expect((await cli('import', files.jpg, '--detect-grid', '--pixels-per-square', '50')).err).toMatch(/sets the grid by hand/);
    expect((await cli('import', files.jpg, '-o', path.join(dir, 'x.encounter'), '--offset', '1,2')).err).toMatch(/--offset X,Y goes with --pixels-per-square/);
    expect((await cli('import', files.jpg, '-o', path.join(dir, 'x.encounter'), '--pixels-per-square', 'ten')).err).toMatch(/--pixels-per-square "ten"/);
    expect((await cli('import', files.jpg)).err).toMatch(/-o <out.encounter> is required/);
    const text = path.join(dir, 'scenario.txt');
    writeFileSync(text, 'ruleset: d20-35\nmap:\n  . .\n');
    const r = await cli('import', text, '--detect-grid');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--detect-grid applies to importing a picture/);
  });
});

describe('the built encounter command', () => {
  it('lists both picture imports in help, and answers through bin/encounter.cjs with its exit codes', () => {
    const built = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const help = spawnSync(process.execPath, ['bin/encounter.cjs', 'help'], { cwd: root, encoding: 'utf8' });
    expect(help.stdout).toContain('import <map.jpg|.png|.webp> -o <out.encounter>');
    expect(help.stdout).toContain('--pixels-per-square N [--offset X,Y]');
    expect(help.stdout).toContain('import <map.jpg|.png|.webp> --detect-grid [--json]');
    const found = spawnSync(process.execPath, ['bin/encounter.cjs', 'import', files.jpg, '--detect-grid', '--json'], { cwd: root, encoding: 'utf8' });
    expect(found.status, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).grid.pixelsPerSquare).toBe(100);
    const none = spawnSync(process.execPath, ['bin/encounter.cjs', 'import', files.plain, '-o', path.join(dir, 'n.encounter')], { cwd: root, encoding: 'utf8' });
    expect(none.status).toBe(2);
  });
});
