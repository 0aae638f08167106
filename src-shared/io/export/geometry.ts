import { Edge, RULESETS, type BattleMap, type Creature, type Encounter } from '../../model';
import { blocksSight } from '../../rules/engine/sight';
import { footprintOf } from '../../rules/sizes';

/**
 * What the exports share: our edges and the outline of squares that stop sight, as straight
 * segments on grid lines (grid units, origin at the map's top-left corner), and where each creature
 * stands, in grid units.
 */
export type SegmentKind = 'wall' | 'low' | 'door-closed' | 'door-open' | 'window';

/** Edges that stop movement but not sight: a low obstacle, a Startroid window or force field (startroid.txt: it blocks effect, not sight). */
export const SEE_THROUGH: ReadonlySet<SegmentKind> = new Set(['low', 'window']);

export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  kind: SegmentKind;
  /** True for the outline of filled squares (not a wall the designer drew). */
  outline: boolean;
}

/** Unit edges to leave out (1), laid out as the map's `edgeSouth` and `edgeEast`. */
export interface EdgeMask {
  south: Uint8Array;
  east: Uint8Array;
}

export const KIND_OF_EDGE: Record<number, SegmentKind | undefined> = {
  [Edge.wall]: 'wall',
  [Edge.low]: 'low',
  [Edge.doorClosed]: 'door-closed',
  [Edge.doorOpen]: 'door-open',
  [Edge.window]: 'window',
};

/**
 * Every wall, low obstacle and door, and (with `outline`) the walls around squares that stop sight
 * (filled squares, pillars, blocking blockades: `rules/engine/sight.ts`). Walls and low obstacles
 * along one grid line are merged into one segment; each door stays one square long. Edges on the
 * map's own border are left out: nothing crosses them anyway, and the file format cannot hold the
 * top and left ones.
 */
export function mapSegments(map: BattleMap, options: { outline: boolean; skip?: EdgeMask }): Segment[] {
  const W = map.width;
  const H = map.height;
  const solid = (x: number, y: number) => blocksSight(map, y * W + x);
  // Horizontal unit edges on line y (between rows y-1 and y), vertical ones on line x.
  const out: Segment[] = [];
  const push = (kind: SegmentKind, outline: boolean, x0: number, y0: number, x1: number, y1: number) => {
    const last = out[out.length - 1];
    const mergeable = kind === 'wall' || kind === 'low' || kind === 'window';
    if (mergeable && last && last.kind === kind && last.outline === outline && last.x1 === x0 && last.y1 === y0 && (last.y0 === y1 || last.x0 === x1)) {
      last.x1 = x1;
      last.y1 = y1;
      return;
    }
    out.push({ x0, y0, x1, y1, kind, outline });
  };
  // Horizontal edges: the south side of square (x, y - 1), for lines 1 … H-1.
  for (let y = 1; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const kind = options.skip?.south[(y - 1) * W + x] ? undefined : KIND_OF_EDGE[map.edgeSouth[(y - 1) * W + x]!];
      if (kind) push(kind, false, x, y, x + 1, y);
      else if (options.outline && solid(x, y - 1) !== solid(x, y)) push('wall', true, x, y, x + 1, y);
    }
  }
  // Vertical edges: the east side of square (x - 1, y), for lines 1 … W-1.
  for (let x = 1; x < W; x++) {
    for (let y = 0; y < H; y++) {
      const kind = options.skip?.east[y * W + x - 1] ? undefined : KIND_OF_EDGE[map.edgeEast[y * W + x - 1]!];
      if (kind) push(kind, false, x, y, x, y + 1);
      else if (options.outline && solid(x - 1, y) !== solid(x, y)) push('wall', true, x, y, x, y + 1);
    }
  }
  return out;
}

export interface Placement {
  creature: Creature;
  /** Top-left corner in grid units (fractions for creatures sharing a square). */
  x: number;
  y: number;
  /** Side in squares: a whole number, or 1/k for creatures sharing a square k × k ways. */
  size: number;
  /** Ground height under the creature (the highest under its footprint) plus its altitude. */
  elevation: number;
}

/**
 * Where each creature is drawn. Creatures smaller than a square share it (d20-srd-35.txt › Big and
 * Little Creatures in Combat): a square holding up to n of them is split k × k (k = ⌈√n⌉), each at
 * its slot; creatures without a slot take the free places in the order they are listed.
 */
export function placements(encounter: Encounter): Placement[] {
  const map = encounter.map;
  const taken = new Map<number, Set<number>>();
  const out: Placement[] = [];
  const pending: { p: Placement; k: number }[] = [];
  for (const c of encounter.creatures) {
    const fp = footprintOf(encounter.ruleset, c.size);
    let ground = -Infinity;
    for (let dy = 0; dy < fp.side; dy++) {
      for (let dx = 0; dx < fp.side; dx++) {
        const x = c.x + dx;
        const y = c.y + dy;
        if (x < map.width && y < map.height) ground = Math.max(ground, map.elevation[y * map.width + x]!);
      }
    }
    if (!Number.isFinite(ground)) ground = 0;
    const p: Placement = { creature: c, x: c.x, y: c.y, size: fp.side, elevation: ground + c.altitude };
    out.push(p);
    if (fp.perSquare > 1) {
      const k = Math.ceil(Math.sqrt(fp.perSquare));
      p.size = 1 / k;
      const key = c.y * map.width + c.x;
      const used = taken.get(key) ?? new Set<number>();
      taken.set(key, used);
      if (c.slot !== undefined && c.slot < k * k && !used.has(c.slot)) {
        used.add(c.slot);
        p.x = c.x + (c.slot % k) / k;
        p.y = c.y + Math.floor(c.slot / k) / k;
      } else pending.push({ p, k });
    }
  }
  for (const { p, k } of pending) {
    const c = p.creature;
    const used = taken.get(c.y * map.width + c.x)!;
    let slot = 0;
    while (used.has(slot) && slot < k * k - 1) slot++;
    used.add(slot);
    p.x = c.x + (slot % k) / k;
    p.y = c.y + Math.floor(slot / k) / k;
  }
  return out;
}

export function unitsOf(encounter: Encounter): { squareSize: number; unit: 'ft' | 'm' } {
  const info = RULESETS[encounter.ruleset];
  return { squareSize: info.squareSize, unit: info.lengthUnit };
}
