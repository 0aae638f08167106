import type { Creature, Encounter } from '../model';
import { unsupportedInAir } from '../rules';
import { footprintOf } from '../rules/sizes';

/**
 * Where each creature is drawn, in map units (1 = one square), shared by the creatures layer and
 * by hit testing so that what is clicked is what is seen. Creatures that share a square (Tiny and
 * smaller) are laid out as a stack: up to four as quarters of the square, more as a fan of small
 * discs around a count badge. A creature above the ground is drawn lifted over its shadow.
 */
export interface CreatureDisc {
  id: string;
  /** The centre and radius of the disc as drawn (lifted when flying). */
  cx: number;
  cy: number;
  r: number;
  /** The shadow on the ground under a flyer (its own square or space). */
  groundY: number;
  lifted: boolean;
  /** Its place in the stack of its square (0 for creatures that do not share squares). */
  stackIndex: number;
  /** Hidden in a big fan (beyond the discs shown); still selectable by Tab or from the list. */
  hidden: boolean;
  /** Up in the air with no fly speed and nothing under it (flagged on the map). */
  unsupported?: boolean;
}

export interface StackBadge {
  x: number;
  y: number;
  count: number;
}

export interface CreatureLayout {
  discs: CreatureDisc[];
  byId: Map<string, CreatureDisc>;
  /** Sub-square stacks by square index (y * width + x): creature ids in stack order. */
  stacks: Map<number, string[]>;
  badges: StackBadge[];
  /** Square indices some creature stands on (labels drawn over the map leave these clear). */
  occupied: Set<number>;
}

/** At most this many discs of a fan are drawn; the count badge tells how many there are. */
export const FAN_SHOWN = 8;

/** How high a flyer is drawn above its shadow, in squares (the badge gives the altitude). */
function liftFor(side: number): number {
  return Math.min(0.35, 0.18 * side + 0.1);
}

const cache = new WeakMap<readonly Creature[], CreatureLayout>();

export function creatureLayout(d: Encounter): CreatureLayout {
  const known = cache.get(d.creatures);
  if (known) return known;
  const discs: CreatureDisc[] = [];
  const stacks = new Map<number, Creature[]>();
  const occupied = new Set<number>();
  for (const c of d.creatures) {
    const fp = footprintOf(d.ruleset, c.size);
    for (let y = c.y; y < Math.min(d.map.height, c.y + fp.side); y++) for (let x = c.x; x < Math.min(d.map.width, c.x + fp.side); x++) occupied.add(y * d.map.width + x);
    // A flyer's altitude badge sits in the square above it.
    if (c.altitude > 0 && c.y > 0) occupied.add((c.y - 1) * d.map.width + c.x + Math.floor((fp.side - 1) / 2));
    if (fp.perSquare > 1) {
      const key = c.y * d.map.width + c.x;
      const list = stacks.get(key);
      if (list) list.push(c);
      else stacks.set(key, [c]);
      continue;
    }
    const r = fp.side / 2 - Math.min(0.08, 0.04 * fp.side + 0.04);
    const lifted = c.altitude > 0;
    const groundY = c.y + fp.side / 2;
    discs.push({ id: c.id, cx: c.x + fp.side / 2, cy: lifted ? groundY - liftFor(fp.side) : groundY, r: lifted ? r * 0.9 : r, groundY, lifted, stackIndex: 0, hidden: false });
  }
  const badges: StackBadge[] = [];
  const stackIds = new Map<number, string[]>();
  for (const [key, list] of stacks) {
    // Stack order: by slot (the order the user placed them in), then by order in the file.
    const ordered = list.map((c, i) => ({ c, i })).sort((a, b) => (a.c.slot ?? 99) - (b.c.slot ?? 99) || a.i - b.i).map((e) => e.c);
    stackIds.set(key, ordered.map((c) => c.id));
    const x = ordered[0]!.x;
    const y = ordered[0]!.y;
    if (ordered.length <= 4) {
      // Quarters: a creature keeps its slot when it is a free quarter, so the stack does not jump.
      const used = new Set<number>();
      const quarter = new Map<string, number>();
      for (const c of ordered) if (c.slot !== undefined && c.slot < 4 && !used.has(c.slot)) (used.add(c.slot), quarter.set(c.id, c.slot));
      for (const c of ordered) {
        if (quarter.has(c.id)) continue;
        let q = 0;
        while (used.has(q)) q++;
        used.add(q);
        quarter.set(c.id, q);
      }
      ordered.forEach((c, k) => {
        const q = quarter.get(c.id)!;
        const lifted = c.altitude > 0;
        const gy = y + 0.25 + 0.5 * Math.floor(q / 2);
        discs.push({ id: c.id, cx: x + 0.25 + 0.5 * (q % 2), cy: lifted ? gy - 0.12 : gy, r: 0.2, groundY: gy, lifted, stackIndex: k, hidden: false });
      });
    } else {
      // A fan: the first FAN_SHOWN around the centre, the count in the middle.
      const shown = Math.min(FAN_SHOWN, ordered.length);
      ordered.forEach((c, k) => {
        const a = -Math.PI / 2 + (2 * Math.PI * Math.min(k, shown - 1)) / shown;
        const lifted = c.altitude > 0;
        const gy = y + 0.5 + 0.3 * Math.sin(a);
        discs.push({ id: c.id, cx: x + 0.5 + 0.3 * Math.cos(a), cy: lifted ? gy - 0.08 : gy, r: 0.14, groundY: gy, lifted, stackIndex: k, hidden: k >= shown });
      });
      badges.push({ x: x + 0.5, y: y + 0.5, count: ordered.length });
    }
  }
  for (const disc of discs) {
    if (!disc.lifted) continue;
    const c = d.creatures.find((k) => k.id === disc.id)!;
    disc.unsupported = unsupportedInAir(d, c);
  }
  // Bigger creatures first, so smaller ones (and flyers) are drawn over them and hit first.
  discs.sort((a, b) => Number(a.lifted) - Number(b.lifted) || b.r - a.r);
  const layout: CreatureLayout = { discs, byId: new Map(discs.map((k) => [k.id, k])), stacks: stackIds, badges, occupied };
  cache.set(d.creatures, layout);
  return layout;
}

/**
 * The creature drawn at a point of the map (in squares, fractional): the topmost disc under it,
 * else the smallest creature whose space covers the square (in a stack: the nearest disc).
 */
export function creatureAtPoint(d: Encounter, mx: number, my: number): string | null {
  const layout = creatureLayout(d);
  for (let k = layout.discs.length - 1; k >= 0; k--) {
    const disc = layout.discs[k]!;
    if (disc.hidden) continue;
    if ((mx - disc.cx) ** 2 + (my - disc.cy) ** 2 <= disc.r * disc.r) return disc.id;
  }
  const sx = Math.floor(mx);
  const sy = Math.floor(my);
  const stack = layout.stacks.get(sy * d.map.width + sx);
  if (stack) {
    let best: string | null = null;
    let bestD = Infinity;
    for (const id of stack) {
      const disc = layout.byId.get(id)!;
      const dist = disc.hidden ? Infinity : (mx - disc.cx) ** 2 + (my - disc.cy) ** 2;
      if (dist < bestD) (bestD = dist), (best = id);
    }
    if (best) return best;
  }
  return creaturesCovering(d, sx, sy)[0] ?? null;
}

/**
 * The creatures whose space covers a square, as the square's panel lists them and Tab cycles
 * them: the stack of sharing creatures in its order, then bigger ones from the smallest.
 */
export function creaturesCovering(d: Encounter, x: number, y: number): string[] {
  const layout = creatureLayout(d);
  const stack = layout.stacks.get(y * d.map.width + x) ?? [];
  const big: { id: string; side: number }[] = [];
  for (const c of d.creatures) {
    const fp = footprintOf(d.ruleset, c.size);
    if (fp.perSquare > 1) continue;
    if (x >= c.x && x < c.x + fp.side && y >= c.y && y < c.y + fp.side) big.push({ id: c.id, side: fp.side });
  }
  big.sort((a, b) => a.side - b.side);
  return [...stack, ...big.map((b) => b.id)];
}
