import { decode } from 'fast-png';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src-main/cli/encounter';
import { parseEncounter } from '../../src-shared/io';
import { mapStyleOptions, pixelAt, renderMapStyle } from '../../src-shared/render/map-style';

const dir = mkdtempSync(path.join(tmpdir(), 'eb-cli-export-'));
const sample = path.resolve(__dirname, '../../resources/encounters/tower-gate.d20-30.encounter');

async function cli(...args: string[]) {
  let out = '';
  let err = '';
  // A Promise for the commands that write files.
  const code = await run(args, (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

describe('encounter info, export, import', () => {
  it('info --json counts creatures by side, terrain, walls and doors', async () => {
    const r = await cli('info', sample, '--json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s).toMatchObject({ name: 'The tower gate', ruleset: 'd20-30', width: 14, height: 10, creatures: 3, bySide: { party: 2, enemy: 1, neutral: 0 }, doors: 1 });
    expect(s.terrain.blocked).toBe(39);
  });

  it('export --to each format writes the main file and its companions', async () => {
    const expected: Record<string, string[]> = {
      foundry: ['gate-foundry.json', 'gate-foundry-map.png'],
      'foundry-v12': ['gate-foundry-v12.json', 'gate-foundry-v12-map.png'],
      uvtt: ['gate-uvtt.dd2vtt'],
      tiled: ['gate-tiled.tmj', 'gate-tiled-tiles.png'],
      png: ['gate-png.png'],
    };
    for (const [format, names] of Object.entries(expected)) {
      const r = await cli('export', sample, '--to', format, '-o', path.join(dir, names[0]!));
      expect(r.code, r.err).toBe(0);
      for (const n of names) expect(existsSync(path.join(dir, n)), n).toBe(true);
    }
    const scene = JSON.parse(readFileSync(path.join(dir, 'gate-foundry.json'), 'utf8'));
    expect(scene.background.src).toBe('gate-foundry-map.png');
    expect(scene.tokens).toHaveLength(3);
    expect(JSON.parse(readFileSync(path.join(dir, 'gate-foundry-v12.json'), 'utf8')).regions).toEqual([]);
    const png = decode(readFileSync(path.join(dir, 'gate-png.png')));
    expect([png.width, png.height]).toEqual([14 * 40, 10 * 40]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('export --style map draws the map image in the map style; a wrong style is refused with the choices', async () => {
    const e = parseEncounter(readFileSync(sample, 'utf8'));
    if (!e.ok) throw new Error(e.error);
    const r = await cli('export', sample, '--to', 'png', '--style', 'map', '--pixels', '10', '--no-grid', '--no-creatures', '-o', path.join(dir, 'styled.png'));
    expect(r.code, r.err).toBe(0);
    const png = decode(readFileSync(path.join(dir, 'styled.png')));
    const expected = renderMapStyle(e.encounter.map, mapStyleOptions(e.encounter, 10));
    const at = (x: number, y: number) => [...png.data.slice((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3)];
    for (const [x, y] of [
      [5, 5],
      [73, 41],
      [120, 88],
    ]) expect(at(x!, y!)).toEqual(pixelAt(expected, x!, y!));
    const bad = await cli('export', sample, '--to', 'png', '--style', 'pretty', '-o', path.join(dir, 'bad.png'));
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--style is one of rules, map \(got "pretty"\)/);
    expect(existsSync(path.join(dir, 'bad.png'))).toBe(false);
  });

  it('export honours --pixels and adds the extension when -o lacks it', async () => {
    const r = await cli('export', sample, '--to', 'png', '-o', path.join(dir, 'small'), '--pixels', '5', '--no-grid', '--no-creatures');
    expect(r.code, r.err).toBe(0);
    const png = decode(readFileSync(path.join(dir, 'small.png')));
    expect([png.width, png.height]).toEqual([70, 50]);
  });

  it('import turns a Universal VTT export back into an encounter with the same doors', async () => {
    const uvtt = path.join(dir, 'round.dd2vtt');
    expect((await cli('export', sample, '--to', 'uvtt', '-o', uvtt)).code).toBe(0);
    const r = await cli('import', uvtt, '-o', path.join(dir, 'round'), '--ruleset', 'd20-30');
    expect(r.code, r.err).toBe(0);
    const back = parseEncounter(readFileSync(path.join(dir, 'round.encounter'), 'utf8'));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.encounter.ruleset).toBe('d20-30');
    expect(back.encounter.picture?.mime).toBe('image/png');
    const info = JSON.parse((await cli('info', path.join(dir, 'round.encounter'), '--json')).out);
    expect(info.doors).toBe(1);
  });

  it('import keeps a .dd2vtt\'s walls, doors, windows and lights as drawn, and says so; export --to png decodes its picture (the answer a promise)', async () => {
    const crypt = path.resolve(__dirname, '../fixtures/pictures/exports-crypt.dd2vtt');
    const r = await cli('import', crypt, '-o', path.join(dir, 'crypt'));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/kept as drawn: 8 walls, 4 doors and windows, 2 lights/);
    let out = '';
    let err = '';
    const answer = run(['export', path.join(dir, 'crypt.encounter'), '--to', 'png', '-o', path.join(dir, 'crypt.png'), '--pixels', '10', '--no-grid'], (s) => (out += s), (s) => (err += s));
    expect(typeof answer).not.toBe('number');
    expect(await answer, err).toBe(0);
    expect(out).toMatch(/note: 2 lights were left out/);
    const png = decode(readFileSync(path.join(dir, 'crypt.png')));
    expect([png.width, png.height]).toEqual([200, 150]);
    // The red rug of the dungeon picture at square (3, 2).
    const o = (25 * 200 + 35) * png.channels;
    expect(png.data[o]! > 130 && png.data[o + 1]! < 90).toBe(true);
    // A Foundry export needs no decoding: answered at once, the picture beside the scene unchanged.
    const foundry = await cli('export', path.join(dir, 'crypt.encounter'), '--to', 'foundry', '-o', path.join(dir, 'crypt.foundry.json'));
    expect(foundry.code, foundry.err).toBe(0);
    expect(readdirSync(dir)).toContain('crypt.foundry-map.jpg');
  });

  it('import reads a text scenario too', async () => {
    const txt = path.join(dir, 'tiny.txt');
    writeFileSync(txt, 'ruleset: 6d6\nmap:\n  A .\ncreatures:\n  A: side=enemy\n');
    expect((await cli('import', txt, '-o', path.join(dir, 'tiny.encounter'))).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'tiny.encounter'), 'utf8')).ruleset).toBe('6d6');
  });

  const bad: [string, string[], RegExp][] = [
    ['an unknown format', ['export', sample, '--to', 'svg', '-o', 'x'], /--to is one of foundry, foundry-v12, uvtt, tiled, png/],
    ['no output', ['export', sample, '--to', 'png'], /-o <output file> is required/],
    ['a missing file', ['info', path.join(dir, 'nope.encounter')], /no such file/],
    ['too many pixels per square', ['export', sample, '--to', 'png', '-o', path.join(dir, 'huge.png'), '--pixels', '1000'], /pixels per square must be a whole number from 1 to 400/],
    ['a bad ruleset', ['import', sample, '-o', path.join(dir, 'x.encounter'), '--ruleset', 'gurps'], /--ruleset is one of/],
  ];
  for (const [what, args, message] of bad) {
    it(`${what}: exit 2 and one line on stderr`, async () => {
      const r = await cli(...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    });
  }

  it('a hostile Universal VTT map is refused with its problem named, and nothing is written', async () => {
    const hostile = path.join(dir, 'hostile.dd2vtt');
    writeFileSync(hostile, JSON.stringify({ format: 0.3, resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 1e9, y: 1e9 }, pixels_per_grid: 70 }, line_of_sight: [], portals: [] }));
    const r = await cli('import', hostile, '-o', path.join(dir, 'hostile.encounter'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/map_size: 1000000000 × 1000000000 squares; a map is 1 to 2048 squares a side/);
    expect(existsSync(path.join(dir, 'hostile.encounter'))).toBe(false);
  });
});
