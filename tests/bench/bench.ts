/**
 * `npm run bench`: our movement search against a well-known general graph library searching the
 * same state graph (square × diagonal parity), built before timing, in the same run. Prints
 * `BENCH <name> ours_ms=<median> peer=<library>:<median_ms> ratio=<peer/ours>`.
 *
 * The peer is graphology's indexed Dijkstra (graphology-shortest-path `createDijkstraIndexedBrandes`:
 * a CSR neighbourhood index and a binary heap — the library's fast single-source Dijkstra). Its
 * plain `dijkstra.singleSource` keeps every path as an array and does not finish a 512 × 512 field
 * in memory. The peer has no budget cutoff; ours stops at the move's budget, as a query must.
 */
import Graph from 'graphology';
import createGraph from 'ngraph.graph';
import ngraphPath from 'ngraph.path';
import { createDijkstraIndexedBrandes } from 'graphology-shortest-path/indexed-brandes';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../../src-shared/rules/engine/dice';
import { costField, planPath, reachableSquares } from '../../src-shared/rules';
import { createEncounter, makeCreature, Terrain, type Encounter } from '../../src-shared/model';
import { d20StepCost } from '../../src-shared/rules/engine/d20-core';
import { Going } from '../../src-shared/rules/engine/ruleset';
import { checkStep, StepCheck } from '../../src-shared/rules/engine/grid';

function mixedTerrain(size: number, seed: number, blocked = 0.05, difficult = 0.2): Encounter {
  const e = createEncounter({ ruleset: 'd20-35', width: size, height: size, name: `bench-${size}` });
  const random = seededRandom(seed);
  for (let i = 0; i < size * size; i++) {
    const r = random();
    e.map.terrain[i] = r < blocked ? Terrain.blocked : r < blocked + difficult ? Terrain.difficult : Terrain.normal;
  }
  return e;
}

function clearArea(e: Encounter, x: number, y: number, side: number): void {
  for (let yy = y; yy < y + side; yy++) for (let xx = x; xx < x + side; xx++) e.map.terrain[yy * e.map.width + xx] = Terrain.normal;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * Median of `runs` timings after a warm-up that lets the JIT settle: at least `warmup` calls, and
 * calls for a second and a half when they are cheap (a query runs many times in a session). Wall
 * time, and the process's CPU time: on a machine other work loads, CPU time is the steadier figure.
 */
function time(fn: () => unknown, runs: number, warmup = 5): number {
  const until = performance.now() + 1500;
  for (let i = 0; i < warmup || (performance.now() < until && i < 3000); i++) fn();
  const t: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  lastCpu = median(cpu);
  return median(t);
}
/** CPU-time median of the last `time` call. */
let lastCpu = 0;

/** The CPU figures of a BENCH line: ours, the peer's and their ratio. */
function cpuFields(ours: number, peer: number): string {
  return ` ours_cpu_ms=${ours.toFixed(3)} peer_cpu_ms=${peer.toFixed(3)} cpu_ratio=${(peer / ours).toFixed(1)}`;
}

/**
 * The same state graph our search walks, for a creature of `side` squares: nodes are anchor ×
 * parity, edges the legal steps, weighted by d20 costs (the most difficult occupied square).
 */
function stateGraph(e: Encounter, side: number): Graph {
  const { width: W, height: H, terrain } = e.map;
  const g = new Graph({ type: 'directed', multi: false, allowSelfLoops: false });
  const fits = new Int8Array(W * H).fill(-1);
  for (let y = 0; y + side <= H; y++) {
    for (let x = 0; x + side <= W; x++) {
      let worst = 0;
      for (let yy = y; yy < y + side && worst >= 0; yy++) {
        for (let xx = x; xx < x + side; xx++) {
          const t = terrain[yy * W + xx];
          if (t === Terrain.blocked) {
            worst = -1;
            break;
          }
          if (t === Terrain.difficult) worst = 1;
        }
      }
      fits[y * W + x] = worst;
    }
  }
  for (let i = 0; i < W * H; i++) if (fits[i]! >= 0) for (let p = 0; p < 2; p++) g.addNode(String(i * 2 + p));
  const blocked = (x: number, y: number) => terrain[y * W + x] === Terrain.blocked;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (fits[y * W + x]! < 0) continue;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]] as const) {
        const bx = x + dx;
        const by = y + dy;
        if (bx < 0 || by < 0 || bx >= W || by >= H || fits[by * W + bx]! < 0) continue;
        if (dx && dy) {
          // No corner cutting past a filled square, for each leading square of the footprint.
          let cut = false;
          for (let k = 0; k < side && !cut; k++) {
            const lx = dx > 0 ? x + side - 1 : x;
            const ly = dy > 0 ? y + side - 1 : y;
            if (blocked(lx + dx, dy > 0 ? y + k : y + side - 1 - k) || blocked(dx > 0 ? x + k : x + side - 1 - k, ly + dy)) cut = true;
          }
          if (cut) continue;
        }
        for (let p = 0; p < 2; p++) {
          const priced = d20StepCost({ diagonal: !!(dx && dy), parity: p, going: fits[by * W + bx] === 1 ? Going.difficult : Going.clear, squeezed: false, crossesLow: false, resistance: 0, mode: 'walk' });
          g.addDirectedEdge(String((y * W + x) * 2 + p), String((by * W + bx) * 2 + (priced & 1)), { weight: priced >> 1 });
        }
      }
    }
  }
  return g;
}

interface Case {
  name: string;
  size: number;
  side: number;
  creature: { size: 'medium' | 'gargantuan'; speed: number };
  action: 'run' | 'move' | 'double';
  /** Share of blocked and difficult squares (default 5 % and 20 %). */
  terrain?: { blocked: number; difficult: number };
  /** Fewest positions the case must reach to measure something. */
  atLeast?: number;
  field: boolean;
  runs: number;
  target: string;
}

const CASES: Case[] = [
  { name: 'reach-256', size: 256, side: 1, creature: { size: 'medium', speed: 30 }, action: 'run', field: false, runs: 41, target: 'median ≤ 0.5 ms' },
  { name: 'field-512', size: 512, side: 1, creature: { size: 'medium', speed: 5 * 60_000 }, action: 'move', field: true, runs: 9, target: 'median ≤ 15 ms and ≥ 50x the peer' },
  // A Gargantuan creature's double move over 10 % difficult terrain: the general search (4 × 4
  // footprint, squeezing, 1-2-1 parity), reaching some thousands of positions.
  { name: 'reach-512-gargantuan', size: 512, side: 4, creature: { size: 'gargantuan', speed: 80 }, action: 'double', terrain: { blocked: 0, difficult: 0.1 }, atLeast: 1000, field: false, runs: 41, target: 'median ≤ 2 ms, ≥ 1,000 positions' },
];

/**
 * reach-3d: an Epic Path flyer (120 ft of fly speed, cubes with 26 neighbours, 1-for-1) over
 * 128 × 128 squares and 32 levels (a 160-ft ceiling) with blocked squares and walls. The peer walks
 * the same cube graph, limited to the cubes within the flyer's budget (the whole 128 × 128 × 32
 * graph has 13 million edges, more than graphology holds comfortably).
 */
function bench3d(): void {
  const size = 128;
  const e = createEncounter({ ruleset: 'epic-path', width: size, height: size, name: 'bench-3d' });
  const random = seededRandom(3030);
  for (let i = 0; i < size * size; i++) {
    const r = random();
    e.map.terrain[i] = r < 0.05 ? Terrain.blocked : r < 0.25 ? Terrain.difficult : Terrain.normal;
    if (random() < 0.03) e.map.edgeEast[i] = 1;
    if (random() < 0.03) e.map.edgeSouth[i] = 1;
  }
  e.settings.flightCeiling = 155;
  const c = size >> 1;
  e.map.terrain[c * size + c] = Terrain.normal;
  e.creatures.push(makeCreature({ id: 'flyer', speed: { walk: 30, fly: 120 }, x: c, y: c }));
  let reached = 0;
  const ours = time(() => {
    reached = reachableSquares(e, 'flyer', { action: 'move', mode: 'fly' }).squares.length;
  }, 21);
  const oursCpu = lastCpu;

  const t0 = performance.now();
  const g = new Graph({ type: 'directed', multi: false, allowSelfLoops: false });
  const R = 24;
  const L = 32;
  const inBox = (x: number, y: number) => Math.abs(x - c) <= R && Math.abs(y - c) <= R;
  const open = (x: number, y: number) => x >= 0 && y >= 0 && x < size && y < size && e.map.terrain[y * size + x] !== Terrain.blocked;
  const key = (x: number, y: number, z: number) => String((z * size + y) * size + x);
  for (let z = 0; z < L; z++) for (let y = c - R; y <= c + R; y++) for (let x = c - R; x <= c + R; x++) if (open(x, y)) g.addNode(key(x, y, z));
  for (let z = 0; z < L; z++) {
    for (let y = c - R; y <= c + R; y++) {
      for (let x = c - R; x <= c + R; x++) {
        if (!open(x, y)) continue;
        for (let dz = -1; dz <= 1; dz++) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy && !dz) continue;
          const tx = x + dx;
          const ty = y + dy;
          const tz = z + dz;
          if (tz < 0 || tz >= L || !inBox(tx, ty) || !open(tx, ty)) continue;
          if ((dx || dy) && checkStep(e.map, x, y, dx, dy, false) === StepCheck.blocked) continue;
          g.addDirectedEdge(key(x, y, z), key(tx, ty, tz), { weight: 1 });
        }
      }
    }
  }
  const dijkstra = createDijkstraIndexedBrandes(g, 'weight');
  const buildMs = performance.now() - t0;
  const index = (dijkstra as unknown as { index: { nodes: string[] } }).index;
  const source = index.nodes.indexOf(key(c, c, 0));
  let settled = 0;
  const peer = time(
    () => {
      const [S] = dijkstra(source) as unknown as [{ size: number; clear(): void }];
      settled = S.size;
      S.clear();
    },
    3,
    1,
  );
  console.log(`BENCH reach-3d ours_ms=${ours.toFixed(3)} peer=graphology:${peer.toFixed(3)} ratio=${(peer / ours).toFixed(1)}${cpuFields(oursCpu, lastCpu)}`);
  console.log(`  (median ≤ 10 ms; ours reached ${reached} cubes, the peer settled ${settled}; peer graph built in ${(buildMs / 1000).toFixed(1)} s, not timed)`);
}

const only = process.argv.slice(2);
for (const c of CASES) {
  if (only.length && !only.includes(c.name)) continue;
  const e = mixedTerrain(c.size, 20261121, c.terrain?.blocked, c.terrain?.difficult);
  const sx = c.size >> 1;
  clearArea(e, sx, sx, c.side);
  e.creatures.push(makeCreature({ id: 'mover', size: c.creature.size, speed: { walk: c.creature.speed }, x: sx, y: sx }));
  const request = { action: c.action } as const;
  let reached = 0;
  let field: Int32Array = new Int32Array(0);
  const ours = time(() => {
    if (c.field) field = costField(e, 'mover', request).field;
    else reached = reachableSquares(e, 'mover', request).squares.length;
  }, c.runs);
  const oursCpu = lastCpu;
  // Counted after timing: the count is the report's, not the query's.
  if (c.field) for (const v of field) if (v >= 0) reached++;

  const built0 = performance.now();
  const graph = stateGraph(e, c.side);
  const dijkstra = createDijkstraIndexedBrandes(graph, 'weight');
  const buildMs = performance.now() - built0;
  // The routine keeps its neighbourhood index (node keys by position) on `.index`.
  const index = (dijkstra as unknown as { index: { nodes: string[] } }).index;
  const source = index.nodes.indexOf(String((sx * c.size + sx) * 2));
  let peerReached = 0;
  const peer = time(
    () => {
      const [S] = dijkstra(source) as unknown as [{ size: number; clear(): void }];
      peerReached = S.size;
      S.clear();
    },
    3,
    1,
  );
  console.log(`BENCH ${c.name} ours_ms=${ours.toFixed(3)} peer=graphology:${peer.toFixed(3)} ratio=${(peer / ours).toFixed(1)}${cpuFields(oursCpu, lastCpu)}`);
  console.log(`  (${c.target}; ours reached ${reached} squares, the peer settled ${peerReached} states; peer graph built in ${(buildMs / 1000).toFixed(1)} s, not timed)`);
  if (c.atLeast && reached < c.atLeast) {
    console.log(`  the case reached ${reached} positions, fewer than the ${c.atLeast} it must measure`);
    process.exitCode = 1;
  }
}
if (!only.length || only.includes('reach-3d')) bench3d();
if (!only.length || only.includes('path-512')) benchPath();

/**
 * path-512: planPath corner to corner on 512² mixed terrain with no budget to speak of, against
 * ngraph.path's A* on the same state graph (square × diagonal parity, d20 costs), with a 1-2-1
 * lower bound as its heuristic, in the same run.
 */
function benchPath(): void {
  const size = 512;
  const e = mixedTerrain(size, 20261121);
  clearArea(e, 0, 0, 1);
  clearArea(e, size - 1, size - 1, 1);
  e.creatures.push(makeCreature({ id: 'mover', speed: { walk: 5 * 60_000 }, x: 0, y: 0 }));
  let total = 0;
  const ours = time(() => {
    total = planPath(e, 'mover', { x: size - 1, y: size - 1 }, { action: 'move' }).total;
  }, 15);
  const oursCpu = lastCpu;

  const t0 = performance.now();
  const g = createGraph<{ x: number; y: number }, { weight: number }>();
  const ref = stateGraph(e, 1);
  ref.forEachNode((key) => {
    const i = Number(key) >> 1;
    g.addNode(key, { x: i % size, y: Math.floor(i / size) });
  });
  ref.forEachEdge((_edge, attr, source, target) => {
    g.addLink(source, target, { weight: (attr as { weight: number }).weight });
  });
  // Either parity of the far corner will do: both lead to one goal at no cost.
  const goal = 'goal';
  g.addNode(goal, { x: size - 1, y: size - 1 });
  const corner = (size - 1) * size + (size - 1);
  for (const p of [0, 1]) if (g.hasNode(String(corner * 2 + p))) g.addLink(String(corner * 2 + p), goal, { weight: 0 });
  const finder = ngraphPath.aStar(g, {
    oriented: true,
    distance: (_a, _b, link) => link.data.weight,
    heuristic: (a, b) => {
      const dx = Math.abs(a.data.x - b.data.x);
      const dy = Math.abs(a.data.y - b.data.y);
      return Math.max(dx, dy) + Math.floor(Math.min(dx, dy) / 2);
    },
  });
  const buildMs = performance.now() - t0;
  let length = 0;
  const peer = time(
    () => {
      length = finder.find('0', goal).length;
    },
    3,
    1,
  );
  console.log(`BENCH path-512 ours_ms=${ours.toFixed(3)} peer=ngraph.path:${peer.toFixed(3)} ratio=${(peer / ours).toFixed(1)}${cpuFields(oursCpu, lastCpu)}`);
  console.log(`  (median ≤ 10 ms and ≥ 50x the peer; ours ${total} ft, the peer's path ${length - 1} nodes; peer graph built in ${(buildMs / 1000).toFixed(1)} s, not timed)`);
}
