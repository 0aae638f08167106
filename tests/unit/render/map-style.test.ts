import { createHash } from 'node:crypto';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { exportEncounter, EDGE_STYLE, hexRgb, TERRAIN_RGB } from '../../../src-shared/io/export';
import { createEncounter, Edge, Surface, Terrain, TERRAIN_NAMES, type BattleMap, type Encounter, type EdgeKind } from '../../../src-shared/model';
import { contrastRatio, luminance } from '../../../src-shared/render/contrast';
import {
  EDGE_INKS,
  Material,
  MATERIAL_NAMES,
  MATERIAL_RGB,
  materialOf,
  mapStyleOptions,
  mapStyleSeed,
  pixelAt,
  renderMapStyle,
  waterRgb,
  type MapStyleOptions,
  type RgbaImage,
} from '../../../src-shared/render/map-style';

const opts = (pps = 16, seed = 1234): MapStyleOptions => ({ pixelsPerSquare: pps, seed, ledgeHeight: 5 });

/** A map of `w` × `h` squares all of one terrain kind. */
function filled(kind: number, w = 3, h = 3, depth = 0): BattleMap {
  const e = createEncounter({ ruleset: 'd20-35', width: w, height: h });
  e.map.terrain.fill(kind);
  if (kind === Terrain.water) e.map.waterDepth.fill(depth);
  return e.map;
}

const sha = (img: RgbaImage) => createHash('sha256').update(img.data).digest('hex').slice(0, 16);

/** Mean colour and spread (standard deviation of luminance) of the pixels of square (x, y). */
function squareStats(img: RgbaImage, pps: number, x: number, y: number) {
  let r = 0;
  let g = 0;
  let b = 0;
  const lums: number[] = [];
  for (let py = y * pps; py < (y + 1) * pps; py++) {
    for (let px = x * pps; px < (x + 1) * pps; px++) {
      const c = pixelAt(img, px, py);
      r += c[0];
      g += c[1];
      b += c[2];
      lums.push(luminance(c));
    }
  }
  const n = pps * pps;
  const mean = lums.reduce((a, v) => a + v, 0) / n;
  const sd = Math.sqrt(lums.reduce((a, v) => a + (v - mean) ** 2, 0) / n);
  return { rgb: [r / n, g / n, b / n] as [number, number, number], lum: mean, sd };
}

describe('map style renderer (src-shared/render/map-style.ts)', () => {
  it('is deterministic: the same map and seed give the same pixels, another seed other pixels', () => {
    for (const name of TERRAIN_NAMES) {
      const m = filled(Terrain[name]);
      const a = renderMapStyle(m, opts());
      const b = renderMapStyle(m, opts());
      expect(sha(a)).toBe(sha(b));
      expect(sha(renderMapStyle(m, opts(16, 99)))).not.toBe(sha(a));
    }
  });

  it('draws each terrain kind as it drew it before (golden hashes at 16 px a square, seed 1234)', () => {
    const hashes = Object.fromEntries(TERRAIN_NAMES.map((n) => [n, sha(renderMapStyle(filled(Terrain[n]), opts()))]));
    // Regenerate only for a deliberate change of the look (and say so in the commit).
    expect(hashes).toEqual(GOLDEN);
  });

  it('gives each terrain kind its own look: distinct colours, and a texture (not a flat fill)', () => {
    const stats = TERRAIN_NAMES.map((n) => ({ n, ...squareStats(renderMapStyle(filled(Terrain[n]), opts(32)), 32, 1, 1) }));
    for (const s of stats) expect(s.sd, `${s.n} has a texture`).toBeGreaterThan(0.004);
    for (let i = 0; i < stats.length; i++) {
      for (let j = i + 1; j < stats.length; j++) {
        const [a, b] = [stats[i]!, stats[j]!];
        const d = Math.hypot(a.rgb[0] - b.rgb[0], a.rgb[1] - b.rgb[1], a.rgb[2] - b.rgb[2]);
        // Normal ground and an obstacle share the floor; the pillar on it makes the difference.
        expect(d, `${a.n} vs ${b.n}`).toBeGreaterThan(a.n === 'normal' && b.n === 'obstacle' ? 8 : 20);
      }
    }
  });

  it('draws soft ground as grass and other normal ground as flagstones', () => {
    const m = filled(Terrain.normal, 2, 1);
    m.surface[1] = Surface.soft;
    expect(materialOf(m, 0)).toBe(Material.flagstone);
    expect(materialOf(m, 1)).toBe(Material.grass);
    const img = renderMapStyle(m, opts(32));
    const [stone, grass] = [squareStats(img, 32, 0, 0).rgb, squareStats(img, 32, 1, 0).rgb];
    expect(grass[1]).toBeGreaterThan(grass[0]); // green over red
    expect(stone[0]).toBeGreaterThan(grass[0] + 40);
  });

  it('shades water darker the deeper it is', () => {
    const depths = [0, 2, 5, 10, 20, 40];
    const lums = depths.map((d) => squareStats(renderMapStyle(filled(Terrain.water, 3, 3, d), opts(24)), 24, 1, 1).lum);
    for (let k = 1; k < lums.length; k++) expect(lums[k], `depth ${depths[k]} darker than ${depths[k - 1]}`).toBeLessThan(lums[k - 1]!);
    expect(luminance(waterRgb(40, 5))).toBeLessThan(luminance(waterRgb(0, 5)) / 2);
  });

  it('draws a tile exactly as the same squares of the whole map (tiles join without seams)', () => {
    const e = createEncounter({ ruleset: 'd20-35', width: 9, height: 7 });
    const m = e.map;
    for (let i = 0; i < m.terrain.length; i++) m.terrain[i] = i % 7;
    m.waterDepth.fill(5);
    m.elevation[3 * 9 + 4] = 15;
    m.edgeEast[2 * 9 + 3] = Edge.wall;
    m.edgeSouth[2 * 9 + 3] = Edge.doorClosed;
    m.edgeEast[4 * 9 + 4] = Edge.doorOpen;
    m.edgeSouth[5 * 9 + 1] = Edge.window;
    m.edgeSouth[5 * 9 + 2] = Edge.low;
    const pps = 12;
    const whole = renderMapStyle(m, opts(pps));
    const rect = { x: 3, y: 2, width: 4, height: 3 };
    const tile = renderMapStyle(m, opts(pps), rect);
    for (let y = 0; y < tile.height; y++) {
      for (let x = 0; x < tile.width; x++) expect(pixelAt(tile, x, y)).toEqual(pixelAt(whole, rect.x * pps + x, rect.y * pps + y));
    }
  });

  it('draws a cliff: a dark line on the high side and the low ground in shadow beside it', () => {
    const m = filled(Terrain.normal, 1, 3);
    m.elevation[0] = 10; // the top square is 10 ft above the two below
    const pps = 40;
    // The same ground with a step under a square's height (no cliff), so heights shade alike.
    const step = filled(Terrain.normal, 1, 3);
    step.elevation[0] = 4.9;
    const flat = renderMapStyle(step, opts(pps));
    const img = renderMapStyle(m, opts(pps));
    const lumRow = (im: RgbaImage, y: number) => {
      let sum = 0;
      for (let x = 0; x < pps; x++) sum += luminance(pixelAt(im, x, y));
      return sum / pps;
    };
    // Just below the drop (square 1's top rows) is darker than the same rows with no cliff…
    expect(lumRow(img, pps + 1)).toBeLessThan(lumRow(flat, pps + 1) * 0.8);
    // …the edge line on the high square's last row is darker still…
    expect(lumRow(img, pps - 1)).toBeLessThan(lumRow(flat, pps - 1) * 0.5);
    // …and the shadow fades: the middle of the low square is untouched.
    expect(lumRow(img, pps + pps / 2)).toBeCloseTo(lumRow(flat, pps + pps / 2), 5);
  });

  it('draws walls, low walls, doors and windows on their grid lines in their inks', () => {
    const pps = 40;
    for (const kind of [Edge.wall, Edge.low, Edge.doorClosed, Edge.window] as EdgeKind[]) {
      const m = filled(Terrain.normal, 2, 1);
      m.edgeEast[0] = kind;
      const img = renderMapStyle(m, opts(pps));
      // On the line x = 40 at the middle of the edge: the body's ink (a window's pane line is pale, so
      // look just beside it); a few pixels out, beyond the rim, the floor again.
      // (A wall's body has joints between its blocks, so look down a column of it.)
      const column = Array.from({ length: pps }, (_, y) => pixelAt(img, kind === Edge.window ? pps - 2 : pps + 1, y));
      expect(column, `body of ${kind}`).toContainEqual([...EDGE_INKS[kind]!.body]);
      const out = pixelAt(img, pps + 8, pps / 2 + 1);
      expect(contrastRatio(out, EDGE_INKS[kind]!.body)).toBeGreaterThan(3);
    }
    // An open door leaves its opening as floor, with the leaf swung into the square east of it.
    const m = filled(Terrain.normal, 2, 1);
    m.edgeEast[0] = Edge.doorOpen;
    const img = renderMapStyle(m, opts(pps));
    expect(contrastRatio(pixelAt(img, pps, pps / 2 + 6), EDGE_INKS[Edge.doorOpen]!.body)).toBeGreaterThan(3);
    expect(pixelAt(img, pps + 10, 6)).toEqual([...EDGE_INKS[Edge.doorOpen]!.body]);
  });

  it('seeds from the encounter: the same name, the same seed', () => {
    const a = createEncounter({ ruleset: 'epic-path', width: 2, height: 2, name: 'Drake lair' });
    const b = createEncounter({ ruleset: 'epic-path', width: 2, height: 2, name: 'Drake lair' });
    expect(mapStyleSeed(a)).toBe(mapStyleSeed(b));
    expect(mapStyleSeed(a)).not.toBe(mapStyleSeed({ name: 'Goblin ambush' }));
    expect(mapStyleOptions(a, 10)).toEqual({ pixelsPerSquare: 10, seed: mapStyleSeed(a), ledgeHeight: 5 });
  });

  it('refuses a pixels per square it cannot draw, with the reason', () => {
    expect(() => renderMapStyle(filled(0), opts(0))).toThrow(/whole number from 1 to 400/);
    expect(() => renderMapStyle(filled(0), opts(2.5))).toThrow(/got 2.5/);
  });
});

/**
 * Legibility (issue 15 item 5): every edge mark reads on every ground. WCAG's 3 : 1 for graphical
 * objects, from the palettes: a mark's dark body or its pale rim (rules view: core or casing) must
 * stand 3 : 1 from the square's colour, and body and rim 3 : 1 from each other, so the mark is one
 * shape and not two blurs. Grounds include the shading extremes (height, water depth).
 */
describe('edges are legible on every terrain kind', () => {
  const edgeKinds = [Edge.wall, Edge.low, Edge.doorClosed, Edge.doorOpen, Edge.window] as const;

  it('in the rules view (core over casing, against every terrain colour and its shading)', () => {
    for (const name of TERRAIN_NAMES) {
      // squareRgb shades by height (±17.5 %) and water by depth (down to 45 %).
      for (const k of [0.825, 1, 1.175, ...(name === 'water' ? [0.45 * 0.825] : [])]) {
        const ground = TERRAIN_RGB[Terrain[name]].map((v) => Math.min(255, v * k));
        for (const edge of edgeKinds) {
          const style = EDGE_STYLE[edge]!;
          const [core, casing] = [hexRgb(style.color), hexRgb(style.casing)];
          const best = Math.max(contrastRatio(core, ground), contrastRatio(casing, ground));
          expect(best, `${name} ×${k} / edge ${edge}`).toBeGreaterThanOrEqual(3);
          expect(contrastRatio(core, casing)).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('in the map style (body and rim, against every material, its height tones and water depths)', () => {
    const grounds: [string, readonly number[]][] = [];
    for (const name of MATERIAL_NAMES) {
      const base = name === 'water' ? [waterRgb(0, 5), waterRgb(5, 5), waterRgb(20, 5), waterRgb(200, 5)] : [MATERIAL_RGB[Material[name]]];
      // heightTone (±8 %) times the per-square tone (0.96-1.04).
      for (const c of base) for (const k of [0.92 * 0.96, 1, 1.08 * 1.04]) grounds.push([`${name} ×${k.toFixed(2)}`, c.map((v) => Math.min(255, v * k))]);
    }
    for (const [label, ground] of grounds) {
      for (const edge of edgeKinds) {
        const ink = EDGE_INKS[edge]!;
        expect(Math.max(contrastRatio(ink.body, ground), contrastRatio(ink.rim, ground)), `${label} / edge ${edge}`).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(ink.body, ink.rim)).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('a low obstacle on impeded ground, drawn by the rules PNG export, keeps its casing and core', () => {
    const e = createEncounter({ ruleset: 'epic-path', width: 2, height: 1 });
    e.map.terrain.fill(Terrain.impeded);
    e.map.edgeEast[0] = Edge.low;
    const png = decode(exportEncounter(e, 'png', 'x', { pixelsPerSquare: 35, grid: false, creatures: false })[0]!.bytes);
    const px = (x: number, y: number) => [...png.data.slice((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3)];
    const ground = px(10, 17);
    // Across the line x = 35 at a dash (y = 2): casing, core, casing.
    const across = [31, 32, 33, 34, 35, 36, 37, 38].map((x) => px(x, 2));
    expect(across.some((c) => contrastRatio(c, ground) >= 3)).toBe(true);
    expect(across).toContainEqual(hexRgb(EDGE_STYLE[Edge.low]!.casing));
    expect(across).toContainEqual(hexRgb(EDGE_STYLE[Edge.low]!.color));
  });
});

describe('exports in the map style', () => {
  const encounter = (): Encounter => {
    const e = createEncounter({ ruleset: 'd20-35', width: 6, height: 4, name: 'Style test' });
    e.map.terrain[1 * 6 + 1] = Terrain.water;
    e.map.waterDepth[1 * 6 + 1] = 10;
    e.map.terrain[2 * 6 + 4] = Terrain.difficult;
    e.map.edgeEast[0] = Edge.wall;
    return e;
  };

  it('a PNG export with style map has the map style at known squares (the same pixels as the renderer)', () => {
    const e = encounter();
    const pps = 20;
    const png = decode(exportEncounter(e, 'png', 'x', { pixelsPerSquare: pps, grid: false, creatures: false, style: 'map' })[0]!.bytes);
    const ref = renderMapStyle(e.map, mapStyleOptions(e, pps));
    expect(png.width).toBe(6 * pps);
    const px = (x: number, y: number) => [...png.data.slice((y * png.width + x) * png.channels, (y * png.width + x) * png.channels + 3)];
    // The water square, the rubble square, a floor square, and the wall's line: texture, not flat colour.
    for (const [sx, sy] of [
      [1, 1],
      [4, 2],
      [3, 3],
    ]) {
      const seen = new Set<string>();
      for (let k = 0; k < pps; k++) {
        const x = sx! * pps + k;
        const y = sy! * pps + ((k * 7) % pps);
        expect(px(x, y)).toEqual(pixelAt(ref, x, y));
        seen.add(px(x, y).join());
      }
      expect(seen.size, `square ${sx},${sy} is textured`).toBeGreaterThan(3);
    }
    expect(Array.from({ length: pps }, (_, y) => px(pps + 1, y))).toContainEqual([...EDGE_INKS[Edge.wall]!.body]);
    // Water is blue; the rules export at the same square is the rules' flat colour.
    const water = px(pps + pps / 2, pps + pps / 2);
    expect(water[2]).toBeGreaterThan(water[0]!);
    const rules = decode(exportEncounter(e, 'png', 'x', { pixelsPerSquare: pps, grid: false, creatures: false })[0]!.bytes);
    const flat = [...rules.data.slice(((pps * 3 + 10) * rules.width + 10) * rules.channels, ((pps * 3 + 10) * rules.width + 10) * rules.channels + 3)];
    expect(flat).toEqual([...TERRAIN_RGB[Terrain.normal]]);
  });

  it('Foundry and Universal VTT carry the map style as their image when asked', () => {
    const e = encounter();
    const foundry = exportEncounter(e, 'foundry', 'x', { pixelsPerSquare: 20, style: 'map' });
    const image = decode(foundry[1]!.bytes);
    const ref = renderMapStyle(e.map, mapStyleOptions(e, 20));
    expect([...image.data.slice(((30 * image.width + 30) * image.channels), (30 * image.width + 30) * image.channels + 3)]).toEqual(pixelAt(ref, 30, 30));
    const uvtt = JSON.parse(new TextDecoder().decode(exportEncounter(e, 'uvtt', 'x', { pixelsPerSquare: 20, style: 'map' })[0]!.bytes));
    const uimg = decode(Uint8Array.from(Buffer.from(uvtt.image, 'base64')));
    expect([...uimg.data.slice(((30 * uimg.width + 30) * uimg.channels), (30 * uimg.width + 30) * uimg.channels + 3)]).toEqual(pixelAt(ref, 30, 30));
  });
});

// Taken from the renderer when the look was settled; see the test above.
const GOLDEN: Record<string, string> = {
  blocked: 'b0393e3adf298d78',
  difficult: '0d1c1e89bb0c5b6f',
  hazardous: 'ad5606d13437cdd2',
  impeded: '4d7bf8c0107eca94',
  normal: '0ecbd6a0f4840315',
  obstacle: 'eb06635f6a907a53',
  water: 'bf33419c9ef97b83',
};
