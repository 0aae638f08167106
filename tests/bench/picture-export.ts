/**
 * `BENCH picture-export-foundry`: a 512 × 512 encounter (terrain patches, rooms with doors, 500
 * creatures) over an 8192 × 8192 JPEG picture at 16 px a square, exported to Foundry as the app's
 * export thread does it (`renderExport`: the encounter file parsed and checked, the scene built, the
 * picture's original bytes made the companion; no disk), against the yardstick of the same case with
 * a 1024 × 1024 picture (2 px a square) in the same run. Budget: 1,000 ms (issue 15 › Benchmarks).
 * Prints `BENCH picture-export-foundry ours_ms=<median> yardstick=picture-1024:<median> ratio=<ours/yardstick> picture_bytes=<n> cpu_ms=<median>`.
 */
import sharp from 'sharp';
import { renderExport } from '../../src-main/services/export-render';
import { serializeEncounter } from '../../src-shared/io';
import { pictureFromBytes } from '../../src-shared/io/import/image';
import { createEncounter, Edge, makeCreature, SIDES, Terrain, type Encounter } from '../../src-shared/model';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function bigEncounter(): Encounter {
  const rand = seeded(512);
  const W = 512;
  const e = createEncounter({ name: 'Bench 512 picture', ruleset: 'd20-35', width: W, height: W });
  const m = e.map;
  const kinds = [Terrain.difficult, Terrain.impeded, Terrain.blocked, Terrain.obstacle, Terrain.hazardous, Terrain.water];
  for (let k = 0; k < 1500; k++) {
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    const x0 = Math.floor(rand() * W);
    const y0 = Math.floor(rand() * W);
    for (let y = y0; y < Math.min(W, y0 + 2 + Math.floor(rand() * 14)); y++) for (let x = x0; x < Math.min(W, x0 + 2 + Math.floor(rand() * 14)); x++) m.terrain[y * W + x] = kind;
  }
  for (let k = 0; k < 400; k++) {
    const x0 = Math.floor(rand() * (W - 20));
    const y0 = Math.floor(rand() * (W - 20));
    const len = 4 + Math.floor(rand() * 16);
    for (let d = 0; d < len; d++) {
      m.edgeSouth[y0 * W + x0 + d] = d === 2 ? Edge.doorClosed : Edge.wall;
      m.edgeEast[(y0 + d) * W + x0] = Edge.wall;
    }
  }
  for (let k = 0; k < 500; k++) e.creatures.push(makeCreature({ id: `c${k}`, name: `Creature ${k}`, side: SIDES[k % 3]!, x: Math.floor(rand() * W), y: Math.floor(rand() * W) }));
  return e;
}

/** A battle-map-like JPEG: soft noise over a gradient, so it compresses as painted art does, not as a flat fill. */
async function pictureJpeg(side: number): Promise<Uint8Array> {
  const noise = await sharp({ create: { width: side, height: side, channels: 3, background: '#777777', noise: { type: 'gaussian', mean: 120, sigma: 28 } } })
    .blur(1.2)
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(noise);
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(runs: number, fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < 2; i++) await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

async function caseFor(side: number) {
  const bytes = await pictureJpeg(side);
  const picture = pictureFromBytes(bytes);
  if (!picture.ok) throw new Error(picture.error);
  const e = bigEncounter();
  e.picture = { ...picture.image, pixelsPerSquare: side / 512, offsetX: 0, offsetY: 0, opacity: 1 };
  const encounterText = serializeEncounter(e);
  const run = async () => {
    const result = await renderExport({ encounterText, format: 'foundry', fileName: 'bench.foundry.json', options: {} });
    if (!result.ok) throw new Error(result.error);
    // The companion is the picture itself, not drawn again.
    if (result.files[1]!.bytes.length !== bytes.length) throw new Error('the picture was not written unchanged');
  };
  return { bytes: bytes.length, run };
}

/** `BENCH_PROFILE=1`: where the big case's time goes, each part alone (medians). */
async function profile() {
  const { parseEncounter } = await import('../../src-shared/io');
  const { exportEncounter, pictureBytes } = await import('../../src-shared/io/export');
  const bytes = await pictureJpeg(8192);
  const picture = pictureFromBytes(bytes);
  if (!picture.ok) throw new Error(picture.error);
  const e = bigEncounter();
  e.picture = { ...picture.image, pixelsPerSquare: 16, offsetX: 0, offsetY: 0, opacity: 1 };
  const text = serializeEncounter(e);
  const parts = {
    parse: (await measure(5, async () => void parseEncounter(text))).wall,
    export: (await measure(5, async () => void exportEncounter(e, 'foundry', 'x'))).wall,
    pictureBytes: (await measure(5, async () => void pictureBytes(e.picture!))).wall,
  };
  console.log('profile', Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, +v.toFixed(1)])));
}

async function main() {
  const big = await caseFor(8192);
  const small = await caseFor(1024);
  const runs = Number(process.env['BENCH_RUNS'] ?? 7);
  if (process.env['BENCH_PROFILE']) await profile();
  const ours = await measure(runs, big.run);
  const yardstick = await measure(runs, small.run);
  console.log(
    `BENCH picture-export-foundry ours_ms=${ours.wall.toFixed(1)} yardstick=picture-1024:${yardstick.wall.toFixed(1)} ratio=${(ours.wall / yardstick.wall).toFixed(2)} picture_bytes=${big.bytes} cpu_ms=${ours.cpu.toFixed(1)}`,
  );
}

void main();
