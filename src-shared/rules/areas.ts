import { RULESETS, type Encounter, type RulesetId } from '../model';
import { squareDistance, type DistanceRule } from './engine/distance';
import { footprintSide } from './engine/sizes';
import { areaReaches, coverFromPoint, type AreaCover, type Point } from './lines';
import { RULESET_IMPLEMENTATIONS } from './registry';

/**
 * Area templates and the free ruler: GM tools the rule texts do not define (none of the five
 * movement chapters has burst, cone or line rules; d20-srd-35.txt's "Aiming a Spell" is not part of
 * its text here), so the shapes are ruleset-neutral and carry no citation, but every distance in
 * them is the ruleset's own count (`engine/distance.ts`: d20 1-2-1, the others 1-1-1) and what
 * blocks them is the engine's line of effect (`lines.ts`). Where a text does say something, it is
 * followed and cited: Epic Path's cube placement (epic-path.txt › Three Dimensional Movement) and
 * d20 cover from an area's point (d20-phb-30.txt › Cover and Reflex Saves).
 *
 * Points are in square units: square (x, y) spans x..x+1, y..y+1; a grid corner is whole numbers.
 */

export const AREA_SHAPES = ['burst', 'cone', 'line', 'cube'] as const;
export type AreaShape = (typeof AREA_SHAPES)[number];

/**
 * A template as the GM places it. `size` is in squares: the radius of a burst, the length of a cone
 * or line, the side of a cube. `origin` is a grid corner for a burst, cone or line; for a cube, the
 * middle square when its side is odd and the middle corner when it is even (epic-path.txt › Three
 * Dimensional Movement). `toward` (any point) aims a cone or a line.
 */
export interface AreaTemplate {
  shape: AreaShape;
  size: number;
  origin: Point;
  toward?: Point;
}

export interface AreaCreature {
  creature: string;
  name: string;
  /** Cover from the area's point (see `coverFromPoint`); 'total' creatures are not affected. */
  cover: AreaCover;
}

export interface AreaAnswer {
  /** Squares inside the shape that a line of effect from the area's point reaches. */
  squares: Point[];
  /** Squares inside the shape that no line of effect reaches (behind a wall): not covered. */
  shadowed: Point[];
  /** Creatures with a square in the shape, nearest the point first, each with its cover. */
  creatures: AreaCreature[];
  /** Where lines of effect start: the origin corner, or the middle of an odd cube's square. */
  point: Point;
  /** The texts followed (`file › heading`). */
  rules: string[];
}

/** Why an area cannot be placed: the GM's input is refused with this message and nothing changes. */
export class AreaRefused extends Error {}

/** Largest size in squares a template may have (a 500-ft line, a 100-ft burst). */
export const MAX_AREA_SIZE = 100;

/**
 * Squares a square lies from a grid corner, counted the ruleset's way: the four squares touching the
 * corner are 1 away, as a step from the corner into them.
 */
export function distanceFromCorner(ox: number, oy: number, x: number, y: number, rule: DistanceRule): number {
  const ax = x >= ox ? x - ox + 1 : ox - x;
  const ay = y >= oy ? y - oy + 1 : oy - y;
  return squareDistance(ax, ay, rule);
}

function checkTemplate(encounter: Encounter, t: AreaTemplate): void {
  const { width: W, height: H } = encounter.map;
  if (!(AREA_SHAPES as readonly string[]).includes(t.shape)) throw new AreaRefused(`"${String(t.shape)}" is not an area shape: use ${AREA_SHAPES.join(', ')}.`);
  if (!Number.isInteger(t.size) || t.size < 1 || t.size > MAX_AREA_SIZE) throw new AreaRefused(`An area's size is a whole number of squares from 1 to ${MAX_AREA_SIZE}, not ${t.size}.`);
  const { x, y } = t.origin;
  const onSquare = t.shape === 'cube' && t.size % 2 === 1;
  const inside = onSquare ? x >= 0 && y >= 0 && x < W && y < H : x >= 0 && y >= 0 && x <= W && y <= H;
  if (!Number.isInteger(x) || !Number.isInteger(y) || !inside) {
    throw new AreaRefused(`${x},${y} is not ${onSquare ? 'a square' : 'a grid corner'} of the ${W} × ${H} map.`);
  }
  if (t.shape === 'cone' || t.shape === 'line') {
    if (!t.toward || !Number.isFinite(t.toward.x) || !Number.isFinite(t.toward.y)) throw new AreaRefused(`A ${t.shape} needs a direction: the point it is aimed toward.`);
    if (t.toward.x === x && t.toward.y === y) throw new AreaRefused(`A ${t.shape} is aimed toward a point away from its origin, not at ${x},${y} itself.`);
  }
}

/** Where the area's lines of effect start. */
export function areaPoint(t: AreaTemplate): Point {
  return t.shape === 'cube' && t.size % 2 === 1 ? { x: t.origin.x + 0.5, y: t.origin.y + 0.5 } : { x: t.origin.x, y: t.origin.y };
}

/** The squares of the map inside the shape (before line of effect), in rows. */
export function shapeSquares(encounter: Encounter, t: AreaTemplate): Point[] {
  checkTemplate(encounter, t);
  const { width: W, height: H } = encounter.map;
  const rule = RULESET_IMPLEMENTATIONS[encounter.ruleset].distance;
  const { x: ox, y: oy } = t.origin;
  const n = t.size;
  const out: Point[] = [];
  const box = (x0: number, y0: number, x1: number, y1: number, keep: (x: number, y: number) => boolean) => {
    for (let y = Math.max(0, y0); y <= Math.min(H - 1, y1); y++) for (let x = Math.max(0, x0); x <= Math.min(W - 1, x1); x++) if (keep(x, y)) out.push({ x, y });
  };
  const near = (x: number, y: number) => distanceFromCorner(ox, oy, x, y, rule) <= n;
  switch (t.shape) {
    case 'burst':
      box(ox - n, oy - n, ox + n - 1, oy + n - 1, near);
      break;
    case 'cone': {
      // A quarter circle: the squares within reach whose centres lie within 45° of the aim.
      const ax = t.toward!.x - ox;
      const ay = t.toward!.y - oy;
      const length = Math.hypot(ax, ay);
      box(ox - n, oy - n, ox + n - 1, oy + n - 1, (x, y) => {
        const cx = x + 0.5 - ox;
        const cy = y + 0.5 - oy;
        return near(x, y) && (cx * ax + cy * ay) / (Math.hypot(cx, cy) * length) >= Math.SQRT1_2 - 1e-9;
      });
      break;
    }
    case 'line': {
      // One square wide: the squares the ray from the corner passes through, within reach. A ray
      // running along a grid line passes between two rows; it takes the row on its right.
      let ax = t.toward!.x - ox;
      let ay = t.toward!.y - oy;
      const length = Math.hypot(ax, ay);
      ax /= length;
      ay /= length;
      const start = ax === 0 || ay === 0 ? { x: ox - ay * 0.5, y: oy + ax * 0.5 } : { x: ox, y: oy };
      const reach = (n + 1) * Math.SQRT2;
      const end = { x: start.x + ax * reach, y: start.y + ay * reach };
      box(ox - n - 1, oy - n - 1, ox + n, oy + n, (x, y) => near(x, y) && crossesSquare(start, end, x, y));
      break;
    }
    case 'cube': {
      // epic-path.txt › Three Dimensional Movement: "Odd-sized cubes are centered upon a target
      // cube, even-sized cubes are targeted upon the three-axis intersection of eight cubes."
      const x0 = n % 2 === 1 ? ox - (n - 1) / 2 : ox - n / 2;
      const y0 = n % 2 === 1 ? oy - (n - 1) / 2 : oy - n / 2;
      box(x0, y0, x0 + n - 1, y0 + n - 1, () => true);
      break;
    }
  }
  return out;
}

/** Whether segment P→Q passes through the inside of square (x, y) (not only along its border or a corner). */
function crossesSquare(p: Point, q: Point, x: number, y: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  for (const [pp, qq] of [
    [-dx, p.x - x],
    [dx, x + 1 - p.x],
    [-dy, p.y - y],
    [dy, y + 1 - p.y],
  ] as const) {
    if (pp === 0) {
      if (qq <= 0) return false;
      continue;
    }
    const r = qq / pp;
    if (pp < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  return t1 - t0 > 1e-9;
}

/**
 * What an area covers on the board: the squares a line of effect from its point reaches, and the
 * creatures standing in them with their cover. Throws AreaRefused on a template that cannot be placed.
 */
export function areaCovers(encounter: Encounter, t: AreaTemplate): AreaAnswer {
  const inShape = shapeSquares(encounter, t);
  const point = areaPoint(t);
  const squares: Point[] = [];
  const shadowed: Point[] = [];
  for (const q of inShape) (areaReaches(encounter, point, q.x, q.y) ? squares : shadowed).push(q);
  const rules: string[] = [];
  if (t.shape === 'cube' && encounter.ruleset === 'epic-path') rules.push('epic-path.txt › Three Dimensional Movement');
  const d20 = encounter.ruleset === 'd20-30' || encounter.ruleset === 'd20-35';
  if (d20) rules.push('d20-phb-30.txt › Cover');
  const inside = new Set(inShape.map((q) => `${q.x},${q.y}`));
  const sq = RULESETS[encounter.ruleset].squareSize;
  const sizes = RULESET_IMPLEMENTATIONS[encounter.ruleset].sizes;
  const found: (AreaCreature & { d: number })[] = [];
  for (const c of encounter.creatures) {
    const side = Math.max(1, footprintSide(sizes[c.size] ?? { space: sq, reach: sq }, sq));
    const mine: Point[] = [];
    for (let y = c.y; y < c.y + side; y++) for (let x = c.x; x < c.x + side; x++) if (inside.has(`${x},${y}`)) mine.push({ x, y });
    if (!mine.length) continue;
    const d = Math.min(...mine.map((q) => Math.hypot(q.x + 0.5 - point.x, q.y + 0.5 - point.y)));
    found.push({ creature: c.id, name: c.name, cover: coverFromPoint(encounter, point, mine, c.id), d });
  }
  found.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  return { squares, shadowed, creatures: found.map(({ d: _d, ...c }) => c), point, rules };
}

// The free ruler ----------------------------------------------------------------------------------

/** A point the ruler passes: a square, and optionally a height above the ground in the ruleset's length unit. */
export interface RulerPoint {
  x: number;
  y: number;
  z?: number;
}

export interface RulerAnswer {
  /** Squares from the first point to the last, through every point, counted the ruleset's way. */
  squares: number;
  /** The same in the ruleset's length unit (`ft` or `m`). */
  length: number;
  unit: string;
  /** Running total at each point after the first. */
  legs: number[];
  /** How the count was made, with the text cited where it has a rule. */
  counting: string;
}

/** How each ruleset counts squares, in words with its text (the ruler only reports it). */
const COUNTING: Record<RulesetId, string> = {
  'd20-35': 'the first diagonal counts 1, the second 2 (d20-srd-35.txt › Diagonals); a change of height counts as one more axis the same way',
  'd20-30': 'the first diagonal counts 1, the second 2 (d20-phb-30.txt › Diagonals); a change of height counts as one more axis the same way',
  'epic-path': 'every square 1 for 1, diagonals and height alike (epic-path.txt › General Movement Rules, › Three Dimensional Movement)',
  startroid: 'diagonals count as straight squares (startroid.txt › Diagonal Movement); height the same',
  '6d6': '6d6.txt counts movement resistance, not distance: squares are counted 1 for 1, diagonals and height alike',
};

/**
 * Measures a path through the points with the ruleset's own count. d20's 1-2-1 carries from one leg
 * to the next (the second diagonal of the whole path costs 2, as a move's would); height is counted
 * in whole squares (the engine's `altitude / square size`), as one more axis.
 */
export function measure(encounter: Encounter, points: readonly RulerPoint[]): RulerAnswer {
  const rule = RULESET_IMPLEMENTATIONS[encounter.ruleset].distance;
  const info = RULESETS[encounter.ruleset];
  let total = 0;
  let diagonals = 0;
  const legs: number[] = [];
  // Counts `straight` squares and `diag` diagonals after the `diagonals` already made.
  const count = (a: number, b: number) => {
    const diag = Math.min(a, b);
    const straight = Math.max(a, b) - diag;
    if (rule === 'one-one-one') return straight + diag;
    const cost = straight + diag + Math.floor((diagonals + diag) / 2) - Math.floor(diagonals / 2);
    diagonals += diag;
    return cost;
  };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const level = (p: RulerPoint) => Math.round((p.z ?? 0) / info.squareSize);
    const flat = count(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
    const dz = Math.abs(level(b) - level(a));
    total += dz === 0 ? flat : count(flat, dz);
    legs.push(total);
  }
  return { squares: total, length: total * info.squareSize, unit: info.lengthUnit, legs, counting: COUNTING[encounter.ruleset] };
}
