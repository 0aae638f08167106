/**
 * `BENCH region-<edit>-1000` (issue 18 › 1 at size): a region of 1000 × 1000 squares turned, mirrored,
 * moved, copied and pasted, cut or deleted on a 2048 × 2048 map with its layers painted in patches,
 * wall runs, creatures, labels and lights; the same edit of a 125 × 125 region on a 256 × 256 map (the
 * same share of the map) is the yardstick in the `_256` fields of the same line. Each time is the
 * median of the runs of: building the edit's one command and applying it to the document (what the
 * editor waits for before drawing); `edit_ms`, `apply_ms` and `undo_ms` say where it goes.
 * Run by `npm run bench` (scripts/bench-regions.mjs), or alone: `node scripts/bench-regions.mjs [turn move …]`.
 */
import { performance } from 'node:perf_hooks';
import { applyCommand } from '../../src-shared/commands';
import { cutRegion, deleteRegion, mirrorRegion, moveRegion, pasteRegion, rotateRegion, type RegionEdit } from '../../src-shared/commands/regions';
import { createEncounter, Edge, makeCreature, Surface, Terrain, type Encounter } from '../../src-shared/model';
import { cutOutTyped, regionOfRect, type SquareRegion } from '../../src-shared/model/map-piece';

/**
 * A seeded 6d6 map of `side` squares with every layer that ruleset reads painted in 8-square patches
 * (terrain, heights, water, movement resistance seen and hidden, surfaces; Startroid blockades and
 * Epic Path light cannot be painted there), walls, creatures and labels.
 */
export function regionBenchMap(side: number, seed = 18): Encounter {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const int = (n: number) => Math.floor(rand() * n);
  const e = createEncounter({ name: `Regions ${side}`, ruleset: '6d6', width: side, height: side });
  const m = e.map;
  const kinds = [Terrain.normal, Terrain.normal, Terrain.difficult, Terrain.water, Terrain.impeded, Terrain.blocked];
  const patch = 8;
  for (let py = 0; py < side; py += patch) {
    for (let px = 0; px < side; px += patch) {
      const kind = kinds[int(kinds.length)]!;
      const height = int(4) * 5 + (rand() < 0.1 ? 2.5 : 0);
      const resistance = rand() < 0.3 ? 1 + int(7) : 0;
      const surface = rand() < 0.3 ? Surface.soft : 0;
      const hidden = rand() < 0.1 ? 1 + int(7) : 0;
      for (let y = py; y < Math.min(side, py + patch); y++) {
        for (let x = px; x < Math.min(side, px + patch); x++) {
          const i = y * side + x;
          m.terrain[i] = kind;
          m.elevation[i] = height;
          if (kind === Terrain.water) m.waterDepth[i] = 5;
          m.resistance[i] = resistance;
          m.surface[i] = surface;
          m.hiddenResistance[i] = hidden;
        }
      }
    }
  }
  // Wall runs with a door in each, about one square in ten bordered by one.
  for (let k = 0; k < (side * side) / 50; k++) {
    const x = int(side - 12);
    const y = int(side - 12);
    const horizontal = rand() < 0.5;
    for (let t = 0; t < 10; t++) {
      if (horizontal) m.edgeSouth[y * side + x + t] = t === 5 ? Edge.doorClosed : Edge.wall;
      else m.edgeEast[(y + t) * side + x] = t === 5 ? Edge.doorOpen : Edge.wall;
    }
  }
  // Medium creatures one to a square (none straddles a region's border), labels and lights.
  const taken = new Set<number>();
  for (let k = 0; k < Math.max(20, (side * side) / 14000); k++) {
    const x = int(side);
    const y = int(side);
    if (taken.has(y * side + x)) continue;
    taken.add(y * side + x);
    e.creatures.push(makeCreature({ id: `C${k + 1}`, name: `Goblin ${k + 1}`, x, y }));
  }
  e.labels = Array.from({ length: 100 }, (_, k) => ({ id: `L${k}`, kind: 'label' as const, text: `Room ${k}`, x: int(side) + 0.5, y: int(side) + 0.5 }));
  e.lights = Array.from({ length: 20 }, () => ({ x: int(side) + 0.5, y: int(side) + 0.5, range: 8, intensity: 1, color: '#ffcc88', shadows: true }));
  return e;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Timing {
  total: number;
  edit: number;
  apply: number;
  undo: number;
}

/** Median times of `make` (the edit) and of applying its command and its inverse, after one warm-up run. */
function timeEdit(doc: Encounter, make: () => RegionEdit | null, runs: number): Timing {
  const total: number[] = [];
  const edit: number[] = [];
  const apply: number[] = [];
  const undo: number[] = [];
  for (let run = -1; run < runs; run++) {
    const t0 = performance.now();
    const made = make();
    if (!made) throw new Error('the edit was refused');
    const t1 = performance.now();
    const applied = applyCommand(doc, made.command);
    const t2 = performance.now();
    applyCommand(applied.doc, applied.inverse);
    const t3 = performance.now();
    if (run < 0) continue;
    total.push(t2 - t0);
    edit.push(t1 - t0);
    apply.push(t2 - t1);
    undo.push(t3 - t2);
  }
  return { total: median(total), edit: median(edit), apply: median(apply), undo: median(undo) };
}

type EditName = 'turn' | 'mirror' | 'move' | 'paste' | 'cut' | 'delete';
const EDITS: Record<EditName, (doc: Encounter, region: SquareRegion) => RegionEdit | null> = {
  turn: (doc, r) => rotateRegion(doc, r, 1),
  mirror: (doc, r) => mirrorRegion(doc, r, 'horizontal'),
  move: (doc, r) => moveRegion(doc, r, 7, 5),
  // A copy of the region put down overlapping itself: Ctrl+C then Ctrl+V, the copy kept in typed arrays as the editor keeps it.
  paste: (doc, r) => pasteRegion(doc, cutOutTyped(doc, r), { x: r.x + 9, y: r.y + 9 }),
  cut: (doc, r) => cutRegion(doc, r),
  delete: (doc, r) => deleteRegion(doc, r),
};

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1);
const asked = process.argv.slice(2).filter((a): a is EditName => a in EDITS);
const big = regionBenchMap(2048);
const small = regionBenchMap(256);
// 1000 of 2048 squares a side, and the same share of 256 (125), a little off the middle.
const bigRegion = regionOfRect({ x: 500, y: 480 }, { x: 1499, y: 1479 });
const smallRegion = regionOfRect({ x: 62, y: 60 }, { x: 186, y: 184 });
const runs = Number(process.env.BENCH_RUNS ?? 5);
for (const name of asked.length ? asked : (Object.keys(EDITS) as EditName[])) {
  const make = EDITS[name];
  const ours = timeEdit(big, () => make(big, bigRegion), runs);
  const yardstick = timeEdit(small, () => make(small, smallRegion), runs * 3);
  console.log(
    `BENCH region-${name}-1000 ours_ms=${fmt(ours.total)} ours_ms_256=${fmt(yardstick.total)} edit_ms=${fmt(ours.edit)} apply_ms=${fmt(ours.apply)} undo_ms=${fmt(ours.undo)} target_ms=100`,
  );
}
