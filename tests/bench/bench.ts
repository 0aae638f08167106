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
import { createDijkstraIndexedBrandes } from 'graphology-shortest-path/indexed-brandes';
import { performance } from 'node:perf_hooks';
import { seededRandom } from '../../src-shared/rules/engine/dice';
import { costField, reachableSquares } from '../../src-shared/rules';
import { createEncounter, makeCreature, Terrain, type Encounter } from '../../src-shared/model';
import { d20StepCost } from '../../src-shared/rules/engine/d20-core';
import { Going } from '../../src-shared/rules/engine/ruleset';

function mixedTerrain(size: number, seed: number): Encounter {
  const e = createEncounter({ ruleset: 'd20-35', width: size, height: size, name: `bench-${size}` });
  const random = seededRandom(seed);
  for (let i = 0; i < size * size; i++) {
    const r = random();
    e.map.terrain[i] = r < 0.05 ? Terrain.blocked : r < 0.25 ? Terrain.difficult : Terrain.normal;
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

function time(fn: () => unknown, runs: number, warmup = 20): number {
  for (let i = 0; i < warmup; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  return median(t);
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
  action: 'run' | 'move';
  field: boolean;
  runs: number;
  target: string;
}

const CASES: Case[] = [
  { name: 'reach-256', size: 256, side: 1, creature: { size: 'medium', speed: 30 }, action: 'run', field: false, runs: 41, target: 'median ≤ 0.5 ms' },
  { name: 'field-512', size: 512, side: 1, creature: { size: 'medium', speed: 5 * 60_000 }, action: 'move', field: true, runs: 9, target: 'median ≤ 15 ms and ≥ 50x the peer' },
  { name: 'reach-512-gargantuan', size: 512, side: 4, creature: { size: 'gargantuan', speed: 30 }, action: 'run', field: false, runs: 41, target: 'median ≤ 1 ms' },
];

const only = process.argv.slice(2);
for (const c of CASES) {
  if (only.length && !only.includes(c.name)) continue;
  const e = mixedTerrain(c.size, 20261121);
  const sx = c.size >> 1;
  clearArea(e, sx, sx, c.side);
  e.creatures.push(makeCreature({ id: 'mover', size: c.creature.size, speed: { walk: c.creature.speed }, x: sx, y: sx }));
  const request = { action: c.action } as const;
  let reached = 0;
  const ours = time(() => {
    if (c.field) {
      const f = costField(e, 'mover', request).field;
      reached = 0;
      for (const v of f) if (v >= 0) reached++;
    } else reached = reachableSquares(e, 'mover', request).squares.length;
  }, c.runs);

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
  console.log(`BENCH ${c.name} ours_ms=${ours.toFixed(3)} peer=graphology:${peer.toFixed(3)} ratio=${(peer / ours).toFixed(1)}`);
  console.log(`  (${c.target}; ours reached ${reached} squares, the peer settled ${peerReached} states; peer graph built in ${(buildMs / 1000).toFixed(1)} s, not timed)`);
}
