/**
 * `BENCH picture-detect` (issue 15 › Benchmarks): from an 8192 × 8192 JPEG battle map's bytes to its
 * grid, decoding included, off the main thread: a worker thread decodes a copy at most 2048 px a
 * side with sharp (a JPEG shrinks by 4 while it loads) and runs detectGrid, as the CLI does. The
 * yardstick is the same on a 1024 × 1024 JPEG in the same run. The goal is 500 ms.
 * Prints `BENCH picture-detect ours_ms=<median> yardstick_ms=<median> ratio=<ours/yardstick> goal_ms=500
 * cpu_ms=<median CPU time, all threads> yardstick_cpu_ms=… grid=<N,X,Y> main_thread_max_ms=<longest stall>`.
 * The pictures are made once into the temporary directory and reused.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { detectGridInPicture } from '../../src-main/cli/picture';
import { dungeonSvg } from '../unit/picture/pictures';

const RUNS = 7;
const cache = path.join(tmpdir(), 'eb-bench-picture-detect');

async function picture(side: number): Promise<string> {
  const file = path.join(cache, `dungeon-${side}.jpg`);
  if (existsSync(file)) return file;
  mkdirSync(cache, { recursive: true });
  const svg = dungeonSvg({ width: side, height: side, pixelsPerSquare: 100, offsetX: 37, offsetY: 62, line: 3, seed: side });
  await sharp(Buffer.from(svg), { limitInputPixels: false }).jpeg({ quality: 85 }).toFile(file);
  return file;
}

type Reply = { grid: string };

async function measure(worker: Worker, bytes: Uint8Array, size: number): Promise<{ ms: number; cpu: number; grid: string; stall: number }> {
  // The main thread's longest stall while the worker works: it must stay free for the UI.
  let last = performance.now();
  let stall = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 5);
    last = now;
  }, 5);
  // CPU time of the whole process (the worker and libvips' threads): on a machine shared with
  // other work the wall time waits for a core, this does not.
  const cpu = process.cpuUsage();
  const start = performance.now();
  const reply = await new Promise<Reply>((resolve) => {
    worker.once('message', resolve);
    const copy = bytes.slice();
    worker.postMessage({ bytes: copy, width: size, height: size }, [copy.buffer]);
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  clearInterval(tick);
  return { ms, cpu: (used.user + used.system) / 1000, grid: reply.grid, stall: Math.max(0, stall) };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main() {
  const big = new Uint8Array(readFileSync(await picture(8192)));
  const small = new Uint8Array(readFileSync(await picture(1024)));
  const worker = new Worker(__filename);
  // One warm-up each: sharp's library and the code loaded before the clock starts.
  await measure(worker, small, 1024);
  await measure(worker, big, 8192);
  const ours: number[] = [];
  const oursCpu: number[] = [];
  const yardstick: number[] = [];
  const yardstickCpu: number[] = [];
  let grid = '';
  let stall = 0;
  for (let i = 0; i < RUNS; i++) {
    const b = await measure(worker, big, 8192);
    ours.push(b.ms);
    oursCpu.push(b.cpu);
    stall = Math.max(stall, b.stall);
    grid = b.grid;
    const y = await measure(worker, small, 1024);
    yardstick.push(y.ms);
    yardstickCpu.push(y.cpu);
  }
  await worker.terminate();
  const o = median(ours);
  const y = median(yardstick);
  console.log(`BENCH picture-detect ours_ms=${o.toFixed(1)} yardstick_ms=${y.toFixed(1)} ratio=${(o / y).toFixed(2)} goal_ms=500 cpu_ms=${median(oursCpu).toFixed(1)} yardstick_cpu_ms=${median(yardstickCpu).toFixed(1)} grid=${grid} main_thread_max_ms=${stall.toFixed(1)} bytes=${big.length}/${small.length}`);
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  parentPort!.on('message', async (m: { bytes: Uint8Array; width: number; height: number }) => {
    const found = await detectGridInPicture(m.bytes, { width: m.width, height: m.height });
    parentPort!.postMessage({ grid: found.ok ? `${found.grid.pixelsPerSquare},${found.grid.offsetX},${found.grid.offsetY}` : `none(${found.reason})` });
  });
}
