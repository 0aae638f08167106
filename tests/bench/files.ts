/**
 * `BENCH file-save-512` and `BENCH file-open-512`: a 512 × 512 encounter with mixed terrain,
 * elevation, water, walls and 500 creatures, saved and opened through the real main-process
 * handlers (validation, atomic write with fsync and rename; the read with its size check) plus
 * the renderer's serialise/parse, against a naive yardstick in the same run: the layers as plain
 * JSON arrays written with writeFileSync, and read back with JSON.parse into typed arrays.
 * Prints `BENCH <name> ours_ms=<median> yardstick=naive-json:<median> ratio=<naive/ours> bytes=<ours>/<naive> cpu_ms=<median>`
 * (cpu_ms: this process's CPU time for ours; `BENCH_PROFILE=1` adds where a save's time goes).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHandlers } from '../../src-main/services/handlers';
import { writeFileAtomic } from '../../src-main/services/files';
import { RecentFiles } from '../../src-main/services/recent';
import { parseEncounter, serializeEncounter } from '../../src-shared/io';
import { CHANNELS, type FileRef } from '../../src-shared/ipc';
import { createEncounter, Edge, LAYER_NAMES, makeCreature, SIDES, Terrain, type Encounter } from '../../src-shared/model';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function bigEncounter(): Encounter {
  const rand = seeded(512);
  const e = createEncounter({ name: 'Bench 512', ruleset: 'd20-35', width: 512, height: 512 });
  const m = e.map;
  const W = 512;
  // Patches of terrain, hills and ponds, as a designer paints them.
  const kinds = [Terrain.difficult, Terrain.impeded, Terrain.blocked, Terrain.obstacle, Terrain.hazardous, Terrain.water];
  for (let k = 0; k < 1500; k++) {
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    const x0 = Math.floor(rand() * W);
    const y0 = Math.floor(rand() * W);
    const w = 2 + Math.floor(rand() * 14);
    const h = 2 + Math.floor(rand() * 14);
    const height = Math.floor(rand() * 6) * 5;
    for (let y = y0; y < Math.min(W, y0 + h); y++) {
      for (let x = x0; x < Math.min(W, x0 + w); x++) {
        const i = y * W + x;
        m.terrain[i] = kind;
        m.elevation[i] = height;
        if (kind === Terrain.water) m.waterDepth[i] = 5 + Math.floor(rand() * 3) * 5;
      }
    }
  }
  // Rooms: wall runs with a door in each.
  for (let k = 0; k < 400; k++) {
    const x0 = Math.floor(rand() * (W - 20));
    const y0 = Math.floor(rand() * (W - 20));
    const len = 4 + Math.floor(rand() * 16);
    for (let d = 0; d < len; d++) {
      m.edgeSouth[y0 * W + x0 + d] = d === 2 ? Edge.doorClosed : Edge.wall;
      m.edgeEast[(y0 + d) * W + x0] = d === 3 ? Edge.low : Edge.wall;
    }
  }
  for (let k = 0; k < 500; k++) {
    e.creatures.push(
      makeCreature({ id: `c${k}`, name: `Creature ${k}`, side: SIDES[k % 3]!, x: Math.floor(rand() * W), y: Math.floor(rand() * W), altitude: k % 10 === 0 ? 20 : 0, speed: { walk: 30, ...(k % 10 === 0 ? { fly: 60, maneuverability: 'average' as const } : {}) } }),
    );
  }
  return e;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Medians of wall time and of this process's CPU time (user + system): on a shared machine the CPU time varies less. */
async function measure(runs: number, fn: () => Promise<void> | void): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < 5; i++) await fn();
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

async function time(runs: number, fn: () => Promise<void> | void): Promise<number> {
  return (await measure(runs, fn)).wall;
}

function naiveText(e: Encounter): string {
  const layers: Record<string, number[]> = {};
  for (const name of LAYER_NAMES) layers[name] = Array.from(e.map[name]);
  return JSON.stringify({ name: e.name, ruleset: e.ruleset, map: { width: e.map.width, height: e.map.height, layers }, creatures: e.creatures });
}

function naiveRead(text: string): Encounter {
  const data = JSON.parse(text) as { name: string; ruleset: Encounter['ruleset']; map: { width: number; height: number; layers: Record<string, number[]> }; creatures: Encounter['creatures'] };
  const e = createEncounter({ name: data.name, ruleset: data.ruleset, width: data.map.width, height: data.map.height });
  for (const name of LAYER_NAMES) e.map[name].set(data.map.layers[name]!);
  e.creatures = data.creatures;
  return e;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'eb-bench-files-'));
  const target = path.join(dir, 'bench.encounter');
  const handlers = createHandlers({
    dialogs: { openFile: async () => target, saveFile: async () => target, openFolder: async () => null },
    recent: new RecentFiles(path.join(dir, 'recent.json')),
  });
  const e = bigEncounter();
  const first = (await handlers[CHANNELS.saveEncounter]([{ file: null, suggestedName: 'bench', text: serializeEncounter(e) }])) as { ok: boolean; value: FileRef; error?: string };
  if (!first.ok) throw new Error(first.error);
  const ref = first.value;

  const save = await measure(21, async () => {
    const r = await handlers[CHANNELS.saveEncounter]([{ file: ref, suggestedName: 'bench', text: serializeEncounter(e) }]);
    if (!r.ok) throw new Error(r.error);
  });
  const naivePath = path.join(dir, 'naive.json');
  const naiveSave = await time(21, () => writeFileSync(naivePath, naiveText(e)));

  const open = await measure(21, async () => {
    const r = (await handlers[CHANNELS.readEncounter]([ref])) as { ok: boolean; value: { text: string }; error?: string };
    if (!r.ok) throw new Error(r.error);
    const parsed = parseEncounter(r.value.text);
    if (!parsed.ok || parsed.encounter.creatures.length !== 500) throw new Error('did not open');
  });
  const naiveOpen = await time(21, () => {
    if (naiveRead(readFileSync(naivePath, 'utf8')).creatures.length !== 500) throw new Error('did not open');
  });

  if (process.env.BENCH_PROFILE) {
    // Where a save's time goes, each part alone (medians).
    const text = serializeEncounter(e);
    const parts = {
      serialize: await time(11, () => void serializeEncounter(e)),
      jsonParse: await time(11, () => void JSON.parse(text)),
      parseEncounter: await time(11, () => void parseEncounter(text)),
      atomicWrite: await time(11, async () => void (await writeFileAtomic(path.join(dir, 'profile.encounter'), text))),
    };
    console.log('profile', Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, +v.toFixed(2)])));
  }
  const bytes = `${statSync(target).size}/${statSync(naivePath).size}`;
  console.log(`BENCH file-save-512 ours_ms=${save.wall.toFixed(2)} yardstick=naive-json:${naiveSave.toFixed(2)} ratio=${(naiveSave / save.wall).toFixed(2)} bytes=${bytes} cpu_ms=${save.cpu.toFixed(2)}`);
  console.log(`BENCH file-open-512 ours_ms=${open.wall.toFixed(2)} yardstick=naive-json:${naiveOpen.toFixed(2)} ratio=${(naiveOpen / open.wall).toFixed(2)} bytes=${bytes} cpu_ms=${open.cpu.toFixed(2)}`);
  rmSync(dir, { recursive: true, force: true });
}

void main();
