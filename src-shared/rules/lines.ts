import { Edge, RULESETS, Terrain, type Creature, type Encounter, type RulesetId } from '../model';
import { footprintDistance, squareDistance } from './engine/distance';
import { hostile } from './engine/relations';
import { clearLine, clearLineFromCorner } from './engine/sight';
import { footprintSide } from './engine/sizes';
import { MoveRefused } from './engine/types';
import { RULESET_IMPLEMENTATIONS } from './registry';

/**
 * Lines between two creatures (or a creature and a square), threatened squares and flanking, from the
 * same grid geometry the engine moves on, each as its ruleset's text defines it:
 * - d20-phb-30.txt › Cover, › Concealment: corner-to-corner lines, soft cover from creatures, low
 *   obstacles within 30 feet, big creatures choosing their best square, total cover without line of
 *   effect; › Flanking.
 * - startroid.txt › Forced Movement (line of effect) and › Teleportation (line of sight): the
 *   square-to-square sight lines of `engine/sight.ts`, which forced movement and teleport already use.
 * - epic-path.txt › Flanking; its movement chapter gives no cover.
 * Points are in square units: square (x, y) spans x..x+1, y..y+1; corners are whole numbers.
 */

export interface Point {
  x: number;
  y: number;
}

export interface RuleLine {
  from: Point;
  to: Point;
  /** Whether the line is clear, or what it crosses (in words). */
  clear: boolean;
  crosses: string[];
}

export interface LinesAnswer {
  ruleset: RulesetId;
  lineOfEffect: boolean;
  lineOfSight: boolean;
  cover: 'none' | 'cover' | 'soft' | 'total' | 'not-in-text';
  concealment: 'none' | 'total' | 'not-in-text';
  /** The lines the rule draws (the attacker's best corner to every target corner, for d20 cover). */
  lines: RuleLine[];
  /** Everything in plain words, with the rule cited. */
  verdict: string[];
  rules: string[];
}

export type LineTarget = { creature: string } | { square: Point };

interface Space {
  name: string;
  x: number;
  y: number;
  side: number;
  id: string | null;
}

function sideOf(encounter: Encounter, c: Creature): number {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const sq = RULESETS[encounter.ruleset].squareSize;
  return footprintSide(rules.sizes[c.size] ?? { space: sq, reach: sq }, sq);
}

function spaceOf(encounter: Encounter, t: LineTarget): Space {
  if ('creature' in t) {
    const c = encounter.creatures.find((k) => k.id === t.creature);
    if (!c) throw new MoveRefused(`There is no creature "${t.creature}" in this encounter.`);
    return { name: c.name, x: c.x, y: c.y, side: sideOf(encounter, c), id: c.id };
  }
  const { x, y } = t.square;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= encounter.map.width || y >= encounter.map.height) {
    throw new MoveRefused(`${x},${y} is not a square of the ${encounter.map.width} × ${encounter.map.height} map.`);
  }
  return { name: `square ${x},${y}`, x, y, side: 1, id: null };
}

/** Square (x, y) stops lines of effect: walls filling it, pillars, blocking blockades. */
function solid(encounter: Encounter, x: number, y: number): boolean {
  const map = encounter.map;
  const i = y * map.width + x;
  const t = map.terrain[i];
  return t === Terrain.blocked || t === Terrain.obstacle || map.blockade[i] === 1;
}

/** The parameter interval in which segment P→Q lies strictly inside the open box, or null. */
function clip(p: Point, q: Point, x0: number, y0: number, x1: number, y1: number): [number, number] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const edges: [number, number][] = [
    [-dx, p.x - x0],
    [dx, x1 - p.x],
    [-dy, p.y - y0],
    [dy, y1 - p.y],
  ];
  for (const [pp, qq] of edges) {
    if (pp === 0) {
      if (qq <= 0) return null; // parallel and on or outside the boundary: not strictly inside
      continue;
    }
    const r = qq / pp;
    if (pp < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
  }
  return t1 - t0 > 1e-9 ? [t0, t1] : null;
}

/** Whether segment P→Q crosses the open border segment A→B (from one side to the other). */
function crossesBorder(p: Point, q: Point, a: Point, b: Point): boolean {
  const cross = (o: Point, u: Point, v: Point) => (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x);
  const d1 = cross(a, b, p);
  const d2 = cross(a, b, q);
  const d3 = cross(p, q, a);
  const d4 = cross(p, q, b);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

interface LineFacts {
  blocked: string[];
  low: { x: number; y: number }[];
  creatures: string[];
}

/** What one corner-to-corner line passes through: solid squares, walls, low walls, creatures. */
function traceLine(encounter: Encounter, p: Point, q: Point, skip: Set<string>): LineFacts {
  const map = encounter.map;
  const facts: LineFacts = { blocked: [], low: [], creatures: [] };
  const x0 = Math.max(0, Math.floor(Math.min(p.x, q.x)) - 1);
  const x1 = Math.min(map.width - 1, Math.ceil(Math.max(p.x, q.x)));
  const y0 = Math.max(0, Math.floor(Math.min(p.y, q.y)) - 1);
  const y1 = Math.min(map.height - 1, Math.ceil(Math.max(p.y, q.y)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (solid(encounter, x, y) && clip(p, q, x, y, x + 1, y + 1)) facts.blocked.push(`the blocked square ${x},${y}`);
      const i = y * map.width + x;
      const east = map.edgeEast[i]!;
      if (east !== Edge.none && east !== Edge.doorOpen && crossesBorder(p, q, { x: x + 1, y }, { x: x + 1, y: y + 1 })) {
        if (east === Edge.low) facts.low.push({ x: x + 1, y: y + 0.5 });
        else facts.blocked.push(`the ${east === Edge.wall ? 'wall' : 'closed door'} east of ${x},${y}`);
      }
      const south = map.edgeSouth[i]!;
      if (south !== Edge.none && south !== Edge.doorOpen && crossesBorder(p, q, { x, y: y + 1 }, { x: x + 1, y: y + 1 })) {
        if (south === Edge.low) facts.low.push({ x: x + 0.5, y: y + 1 });
        else facts.blocked.push(`the ${south === Edge.wall ? 'wall' : 'closed door'} south of ${x},${y}`);
      }
    }
  }
  // A line running along a border, or through a corner point, passes between squares rather than
  // through them: it is stopped only when the squares on both sides of it block.
  const solidAt = (x: number, y: number) => x >= 0 && y >= 0 && x < map.width && y < map.height && solid(encounter, x, y);
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  if ((dx === 0 && Number.isInteger(p.x)) || (dy === 0 && Number.isInteger(p.y))) {
    const n = Math.abs(dx + dy);
    for (let k = 0; k < n; k++) {
      const x = dx === 0 ? p.x : Math.min(p.x, q.x) + k;
      const y = dy === 0 ? p.y : Math.min(p.y, q.y) + k;
      const [s1, s2] = dx === 0 ? [solidAt(x - 1, y), solidAt(x, y)] : [solidAt(x, y - 1), solidAt(x, y)];
      if (s1 && s2) {
        facts.blocked.push(`the blocked squares on both sides of the border at ${dx === 0 ? `${x},${y}-${x},${y + 1}` : `${x},${y}-${x + 1},${y}`}`);
        break;
      }
    }
  } else if (dx !== 0 && dy !== 0 && [p.x, p.y, q.x, q.y].every(Number.isInteger)) {
    const g = gcd(Math.abs(dx), Math.abs(dy));
    for (let k = 1; k < g; k++) {
      const vx = p.x + (dx / g) * k;
      const vy = p.y + (dy / g) * k;
      const [a, b] = dx * dy > 0 ? [solidAt(vx, vy - 1), solidAt(vx - 1, vy)] : [solidAt(vx - 1, vy - 1), solidAt(vx, vy)];
      if (a && b) facts.blocked.push(`the corner between two blocked squares at ${vx},${vy}`);
    }
  }
  for (const c of encounter.creatures) {
    if (skip.has(c.id)) continue;
    const s = sideOf(encounter, c);
    if (clip(p, q, c.x, c.y, c.x + s, c.y + s)) facts.creatures.push(c.name);
  }
  return facts;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

const corners = (x: number, y: number): Point[] => [
  { x, y },
  { x: x + 1, y },
  { x, y: y + 1 },
  { x: x + 1, y: y + 1 },
];

function squaresOf(s: Space): Point[] {
  const out: Point[] = [];
  for (let y = s.y; y < s.y + s.side; y++) for (let x = s.x; x < s.x + s.side; x++) out.push({ x, y });
  return out;
}

/** Any square of one space sees any square of the other (the engine's sight line, centre to centre). */
function anyClearLine(encounter: Encounter, a: Space, b: Space): { from: Point; to: Point } | null {
  for (const p of squaresOf(a)) for (const q of squaresOf(b)) if (clearLine(encounter.map, p.x, p.y, q.x, q.y)) return { from: p, to: q };
  return null;
}

/**
 * Line of effect, line of sight, cover and concealment from `from` (a creature) to `to` (a creature
 * or a square), as the ruleset's text defines them. `melee` asks about a melee attack (d20: an
 * adjacent target has cover only behind a wall, low walls included).
 */
export function linesBetween(encounter: Encounter, from: string, to: LineTarget, options: { melee?: boolean } = {}): LinesAnswer {
  const ruleset = encounter.ruleset;
  const a = spaceOf(encounter, { creature: from });
  const b = spaceOf(encounter, to);
  const text = RULESETS[ruleset].text;
  const seen = anyClearLine(encounter, a, b);
  const answer: LinesAnswer = {
    ruleset,
    lineOfEffect: seen !== null,
    lineOfSight: seen !== null,
    cover: 'not-in-text',
    concealment: 'not-in-text',
    lines: [],
    verdict: [],
    rules: [],
  };
  if (ruleset === 'd20-30' || ruleset === 'd20-35') return d20Cover(encounter, a, b, answer, options.melee ?? false);
  // Startroid, Epic Path and 6d6: the same sight line for line of sight and line of effect.
  const centre = (p: Point) => ({ x: p.x + 0.5, y: p.y + 0.5 });
  if (seen) answer.lines.push({ from: centre(seen.from), to: centre(seen.to), clear: true, crosses: [] });
  else answer.lines.push({ from: centre(a), to: centre(b), clear: false, crosses: ['a wall, closed door or blocked square'] });
  if (ruleset === 'startroid') {
    answer.rules.push('startroid.txt › Teleportation', 'startroid.txt › Forced Movement');
    answer.verdict.push(
      seen
        ? `${a.name} has line of sight to ${b.name} (it may teleport there, startroid.txt › Teleportation) and line of effect (it may pull, push or slide a creature there, startroid.txt › Forced Movement).`
        : `${a.name} has neither line of sight nor line of effect to ${b.name}: a wall, closed door or blocking square stands between every pair of their squares (startroid.txt › Teleportation, › Forced Movement).`,
    );
    answer.verdict.push('startroid.txt points to "Cover and Concealment" elsewhere; this chapter gives no cover rules.');
  } else {
    answer.verdict.push(`${seen ? 'A clear line joins' : 'No clear line joins'} ${a.name} and ${b.name}; ${text} gives no cover or concealment rules in its movement chapter.`);
  }
  return answer;
}

function d20Cover(encounter: Encounter, a: Space, b: Space, answer: LinesAnswer, melee: boolean): LinesAnswer {
  const text = RULESETS[encounter.ruleset].text;
  // d20-phb-30.txt gives cover; d20-srd-35.txt's movement chapter only says a friend you move through
  // gives no cover (› Moving through a Square), so 3.5 uses the 3.0 text's reading of the same geometry.
  const cite = 'd20-phb-30.txt › Cover';
  answer.rules.push(cite, 'd20-phb-30.txt › Concealment');
  if (encounter.ruleset === 'd20-35') answer.verdict.push('d20-srd-35.txt gives no cover rules in its movement chapter: d20-phb-30.txt › Cover is used.');
  const skip = new Set([a.id, b.id].filter((v): v is string => v !== null));
  const adjacent = footprintDistance(a.x, a.y, a.side, b.x, b.y, b.side, 'one-one-one') <= 1;
  const meleeAdjacent = melee && adjacent;
  // › Big Creatures and Cover: the attacker picks any square it occupies, and any square of a big
  // target; › Cover: from a corner of that square to every corner of the target's square.
  type Option = { cover: 'none' | 'cover' | 'soft' | 'total'; lines: RuleLine[]; why: string[] };
  let best: Option | null = null;
  const rank = { none: 0, soft: 1, cover: 2, total: 3 } as const;
  const lowCounts = (low: Point, attacker: Point, target: Point) => {
    // › Low Obstacles and Cover: cover only to creatures within 30 feet (6 squares) of it, and the
    // attacker ignores it when closer to the obstacle than the target is.
    const dist = (p: Point) => Math.max(Math.abs(p.x - low.x), Math.abs(p.y - low.y));
    return dist(target) <= 6 && !(dist(attacker) < dist(target));
  };
  for (const as of squaresOf(a)) {
    for (const bs of squaresOf(b)) {
      for (const pc of corners(as.x, as.y)) {
        const lines: RuleLine[] = [];
        let blockedAll = true;
        let hard = false;
        let soft = false;
        const why = new Set<string>();
        for (const qc of corners(bs.x, bs.y)) {
          const f = traceLine(encounter, pc, qc, skip);
          const centreA = { x: as.x + 0.5, y: as.y + 0.5 };
          const centreB = { x: bs.x + 0.5, y: bs.y + 0.5 };
          const lowHere = f.low.filter((l) => lowCounts(l, centreA, centreB));
          const crosses = [...f.blocked, ...lowHere.map((l) => `the low obstacle at ${l.x},${l.y}`), ...(meleeAdjacent ? [] : f.creatures.map((n) => `${n} (soft cover)`))];
          if (!f.blocked.length) blockedAll = false;
          if (meleeAdjacent) {
            // › Cover: adjacent melee — cover if any line goes through a wall, low walls included.
            if (f.blocked.length || f.low.length) hard = true;
          } else {
            if (f.blocked.length || lowHere.length) hard = true;
            else if (f.creatures.length) soft = true;
          }
          for (const c of crosses) why.add(c);
          lines.push({ from: pc, to: qc, clear: crosses.length === 0, crosses });
        }
        if (meleeAdjacent) {
          // › Cover: adjacent melee — "any line from your square to the target's square": the centres too.
          const f = traceLine(encounter, { x: as.x + 0.5, y: as.y + 0.5 }, { x: bs.x + 0.5, y: bs.y + 0.5 }, skip);
          const crosses = [...f.blocked, ...f.low.map((l) => `the low obstacle at ${l.x},${l.y}`)];
          if (crosses.length) hard = true;
          for (const c of crosses) why.add(c);
          lines.push({ from: { x: as.x + 0.5, y: as.y + 0.5 }, to: { x: bs.x + 0.5, y: bs.y + 0.5 }, clear: crosses.length === 0, crosses });
        }
        const cover: Option['cover'] = blockedAll ? 'total' : hard ? 'cover' : soft ? 'soft' : 'none';
        if (!best || rank[cover] < rank[best.cover]) best = { cover, lines, why: [...why] };
      }
    }
  }
  const chosen = best!;
  answer.lines = chosen.lines;
  answer.lineOfEffect = chosen.cover !== 'total';
  // No darkness, fog or foliage is painted on the map: sight is line of effect here.
  answer.lineOfSight = answer.lineOfEffect;
  answer.cover = chosen.cover;
  answer.concealment = 'none';
  const target = b.name;
  switch (chosen.cover) {
    case 'total':
      answer.verdict.push(`${target} has total cover from ${a.name}: no line of effect, so it cannot be attacked (${cite} › Total Cover).`);
      break;
    case 'cover':
      answer.verdict.push(`${target} has cover from ${a.name} (+4 AC, +2 Reflex; no attack of opportunity against it): even from ${a.name}'s best corner a line passes ${chosen.why.join(', ')} (${cite}${meleeAdjacent ? ': adjacent melee, a wall or low wall' : ''}).`);
      break;
    case 'soft':
      answer.verdict.push(`${target} has soft cover from ${a.name} against ranged attacks (+4 AC; no Reflex bonus, no Hide): a line passes ${chosen.why.join(', ')} (${cite} › Soft Cover).`);
      break;
    case 'none':
      answer.verdict.push(`${target} has no cover from ${a.name}: from ${a.name}'s best corner every line to ${target} is clear (${cite}).`);
  }
  answer.verdict.push(`No concealment: the map marks no fog, smoke, darkness or foliage (d20-phb-30.txt › Concealment).`);
  if (text === 'd20-srd-35.txt') answer.rules.push('d20-srd-35.txt › Moving through a Square');
  return answer;
}

// Threat ------------------------------------------------------------------------------------------

/**
 * The squares a creature threatens, as the engine counts attacks of opportunity: its reach by the
 * ruleset's distance (d20 1-2-1; Epic Path 1-1-1), through height for a creature in the air
 * (epic-path.txt › Three Dimensional Movement: reach covers every adjacent cube), and its own space
 * (epic-path.txt › Threatened Area). Empty when the ruleset says it threatens nothing.
 */
export function threatenedSquares(encounter: Encounter, creatureId: string): { range: number | null; squares: Point[] } {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const c = encounter.creatures.find((k) => k.id === creatureId);
  if (!c) throw new MoveRefused(`There is no creature "${creatureId}" in this encounter.`);
  const range = rules.threatRange(c, encounter);
  if (range === null) return { range, squares: [] };
  const side = sideOf(encounter, c);
  const out: Point[] = [];
  const map = encounter.map;
  for (let y = Math.max(0, c.y - range); y <= Math.min(map.height - 1, c.y + side - 1 + range); y++) {
    for (let x = Math.max(0, c.x - range); x <= Math.min(map.width - 1, c.x + side - 1 + range); x++) {
      if (cubeThreatened(encounter, c, range, x, y, 0)) out.push({ x, y });
    }
  }
  return { range, squares: out };
}

/**
 * Whether `enemy` (threatening `range` squares) reaches the one-square cube at (x, y), `level` squares
 * above the ground: the count the engine uses for attacks of opportunity (movement.ts › threatReaches):
 * the ruleset's distance on the level, and over the horizontal and vertical gaps between the cubes when
 * they are at different heights (epic-path.txt › Three Dimensional Movement).
 */
export function cubeThreatened(encounter: Encounter, enemy: Creature, range: number, x: number, y: number, level: number, moverSide = 1): boolean {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const side = sideOf(encounter, enemy);
  const square = RULESETS[encounter.ruleset].squareSize;
  const eLevel = Math.round(enemy.altitude / square);
  const vertical = Math.max(0, level - (eLevel + side - 1), eLevel - (level + moverSide - 1));
  if (vertical === 0) return footprintDistance(enemy.x, enemy.y, side, x, y, 1, rules.distance) <= range;
  return squareDistance(footprintDistance(enemy.x, enemy.y, side, x, y, 1, 'one-one-one'), vertical, rules.distance) <= range;
}

function threatens(encounter: Encounter, c: Creature, target: Space): boolean {
  const t = threatenedSquares(encounter, c.id);
  return t.squares.some((p) => p.x >= target.x && p.x < target.x + target.side && p.y >= target.y && p.y < target.y + target.side);
}

// Flanking ----------------------------------------------------------------------------------------

/** Which ruleset texts have flanking, and where. */
export const FLANKING_RULE: Readonly<Partial<Record<RulesetId, string>>> = {
  'epic-path': 'epic-path.txt › Flanking',
  'd20-30': 'd20-phb-30.txt › Flanking',
};

type Side = 'W' | 'E' | 'N' | 'S';
const OPPOSITE: Record<Side, Side> = { W: 'E', E: 'W', N: 'S', S: 'N' };

function sidesAt(p: Point, x0: number, y0: number, x1: number, y1: number): Side[] {
  const out: Side[] = [];
  const eps = 1e-9;
  if (Math.abs(p.x - x0) < eps) out.push('W');
  if (Math.abs(p.x - x1) < eps) out.push('E');
  if (Math.abs(p.y - y0) < eps) out.push('N');
  if (Math.abs(p.y - y1) < eps) out.push('S');
  return out;
}

/**
 * Whether a line from one flanker to the other passes through opposite borders of the target's space.
 * d20-phb-30.txt › Flanking: "opposite borders … (including corners of those borders)". Epic Path
 * › Flanking: corners flank only with the opposite corner, adjacent sides and lines along a border do
 * not flank, and against Large or larger targets any portion of the opposite side will do.
 */
function lineFlanks(p: Point, q: Point, t: Space, ruleset: RulesetId): boolean {
  const x0 = t.x;
  const y0 = t.y;
  const x1 = t.x + t.side;
  const y1 = t.y + t.side;
  const span = clip(p, q, x0, y0, x1, y1);
  if (!span) return false; // misses the space or runs along its border
  const at = (k: number) => ({ x: p.x + (q.x - p.x) * k, y: p.y + (q.y - p.y) * k });
  const enter = sidesAt(at(span[0]), x0, y0, x1, y1);
  const exit = sidesAt(at(span[1]), x0, y0, x1, y1);
  const opposite = enter.some((s) => exit.includes(OPPOSITE[s]));
  if (!opposite) return false;
  if (ruleset === 'epic-path' && t.side === 1 && (enter.length === 2) !== (exit.length === 2)) return false;
  return true;
}

export interface Flank {
  target: string;
  flankers: [string, string];
  line: { from: Point; to: Point };
}

/** Pairs of allies flanking each enemy they both threaten, with the line that makes the flank. */
export function flanks(encounter: Encounter, targetId: string): { rule: string | null; flanks: Flank[]; note: string } {
  const ruleset = encounter.ruleset;
  const rule = FLANKING_RULE[ruleset] ?? null;
  if (!rule) return { rule, flanks: [], note: `${RULESETS[ruleset].text} has no flanking in its movement chapter.` };
  const target = encounter.creatures.find((c) => c.id === targetId);
  if (!target) throw new MoveRefused(`There is no creature "${targetId}" in this encounter.`);
  const t = spaceOf(encounter, { creature: targetId });
  const foes = encounter.creatures.filter((c) => c.id !== targetId && hostile(c, target) && threatens(encounter, c, t));
  const out: Flank[] = [];
  for (let i = 0; i < foes.length; i++) {
    for (let j = i + 1; j < foes.length; j++) {
      const line = flankLine(encounter, foes[i]!, foes[j]!, t);
      if (line) out.push({ target: targetId, flankers: [foes[i]!.id, foes[j]!.id], line });
    }
  }
  return { rule, flanks: out, note: `Only creatures that threaten ${target.name} count (${rule}).` };
}

function flankLine(encounter: Encounter, a: Creature, b: Creature, t: Space): { from: Point; to: Point } | null {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const pointsOf = (c: Creature): Point[] => {
    const s = spaceOf(encounter, { creature: c.id });
    // Epic Path › Reach and Flanking: a creature with reach may use any corner of its space.
    const reach = rules.threatRange(c, encounter) ?? 0;
    const pts: Point[] = [];
    for (const p of squaresOf(s)) {
      pts.push({ x: p.x + 0.5, y: p.y + 0.5 });
      if (encounter.ruleset === 'epic-path' && reach > 1) pts.push(...corners(p.x, p.y));
    }
    return pts;
  };
  for (const p of pointsOf(a)) for (const q of pointsOf(b)) if (lineFlanks(p, q, t, encounter.ruleset)) return { from: p, to: q };
  return null;
}

/**
 * Squares where one more ally of `withAlly` (a Medium creature, one square) would flank `targetId`
 * together with `withAlly`: for the Play mode display of flanking positions.
 */
export function flankingSquares(encounter: Encounter, targetId: string, withAlly: string): Point[] {
  const rule = FLANKING_RULE[encounter.ruleset];
  if (!rule) return [];
  const target = encounter.creatures.find((c) => c.id === targetId);
  const ally = encounter.creatures.find((c) => c.id === withAlly);
  if (!target || !ally) throw new MoveRefused(`There is no creature "${!target ? targetId : withAlly}" in this encounter.`);
  const t = spaceOf(encounter, { creature: targetId });
  if (!threatens(encounter, ally, t)) return [];
  const out: Point[] = [];
  // A Medium creature threatens the squares next to it (reach 5 ft / 1.5 m): the candidates ring the target.
  for (let y = t.y - 1; y <= t.y + t.side; y++) {
    for (let x = t.x - 1; x <= t.x + t.side; x++) {
      if (x < 0 || y < 0 || x >= encounter.map.width || y >= encounter.map.height) continue;
      if (x >= t.x && x < t.x + t.side && y >= t.y && y < t.y + t.side) continue;
      if (solid(encounter, x, y)) continue;
      const probe: Creature = { id: '\u0000probe', name: 'an ally', size: 'medium', side: ally.side, speed: { walk: 30 }, armor: 'none', load: 'light', helpless: false, prone: false, x, y, altitude: 0 };
      const with2 = { ...encounter, creatures: [...encounter.creatures, probe] };
      if (flankLine(with2, ally, probe, t)) out.push({ x, y });
    }
  }
  return out;
}

// Areas -------------------------------------------------------------------------------------------

/** Cover of a creature inside an area from the point the area starts or bursts from. */
export type AreaCover = 'none' | 'soft' | 'cover' | 'total';

/**
 * Whether a line of effect runs from a point (a grid corner, or a square's centre) to the centre of
 * square (x, y), by the engine's sight walk (`engine/sight.ts`): one pass along the line, so a whole
 * area is quick to check. A square that blocks is not reached.
 */
export function effectReaches(encounter: Encounter, from: Point, x: number, y: number): boolean {
  const map = encounter.map;
  if (Number.isInteger(from.x) && Number.isInteger(from.y)) return clearLineFromCorner(map, from.x, from.y, x, y, 'effect');
  const fx = Math.floor(from.x);
  const fy = Math.floor(from.y);
  return !solid(encounter, x, y) && !solid(encounter, fx, fy) && clearLine(map, fx, fy, x, y, 'effect');
}

/**
 * Whether an area's effect reaches square (x, y) from the point it starts or bursts from. d20: by the
 * cover rule's lines, the ones `coverFromPoint` draws (d20-phb-30.txt › Cover: lines from the point to
 * the square's corners; › Total Cover: with no line of effect, total cover, and an area affects no one
 * there), so the squares shown as reached and the creatures listed as affected agree — a square is
 * reached when a line to one of its corners is clear. The other texts give no such rule: the line to
 * the square's centre (`effectReaches`).
 */
export function areaReaches(encounter: Encounter, from: Point, x: number, y: number): boolean {
  if (encounter.ruleset !== 'd20-30' && encounter.ruleset !== 'd20-35') return effectReaches(encounter, from, x, y);
  if (solid(encounter, x, y)) return false;
  const none = new Set<string>();
  return corners(x, y).some((c) => !traceLine(encounter, from, c, none).blocked.length);
}

/**
 * Cover from a point an area starts or bursts from, for some of a creature's squares (those the area
 * covers). d20: the area's point is the corner every line starts from (d20-phb-30.txt › Cover: "any
 * line from this corner to any corner of the target's square"; › Cover and Reflex Saves: cover
 * against effects that "originate or burst out from a point on the other side of the cover"; › Total
 * Cover; › Soft Cover; › Low Obstacles and Cover), the best of the creature's squares counting. The
 * other texts give no cover: 'total' when no line of effect reaches any of the squares, else 'none'.
 */
export function coverFromPoint(encounter: Encounter, from: Point, squares: readonly Point[], creatureId: string): AreaCover {
  const skip = new Set([creatureId]);
  if (encounter.ruleset !== 'd20-30' && encounter.ruleset !== 'd20-35') {
    return squares.some((q) => effectReaches(encounter, from, q.x, q.y)) ? 'none' : 'total';
  }
  const rank = { none: 0, soft: 1, cover: 2, total: 3 } as const;
  let best: AreaCover = 'total';
  for (const q of squares) {
    const centre = { x: q.x + 0.5, y: q.y + 0.5 };
    let blockedAll = true;
    let hard = false;
    let soft = false;
    for (const corner of corners(q.x, q.y)) {
      const f = traceLine(encounter, from, corner, skip);
      if (!f.blocked.length) blockedAll = false;
      if (f.blocked.length || f.low.some((l) => lowObstacleCounts(l, from, centre))) hard = true;
      else if (f.creatures.length) soft = true;
    }
    const cover: AreaCover = blockedAll ? 'total' : hard ? 'cover' : soft ? 'soft' : 'none';
    if (rank[cover] < rank[best]) best = cover;
  }
  return best;
}

/**
 * d20-phb-30.txt › Low Obstacles and Cover: a low obstacle covers only creatures within 30 feet (6
 * squares) of it, and not against an attacker closer to it than the target is.
 */
function lowObstacleCounts(low: Point, attacker: Point, target: Point): boolean {
  const dist = (p: Point) => Math.max(Math.abs(p.x - low.x), Math.abs(p.y - low.y));
  return dist(target) <= 6 && !(dist(attacker) < dist(target));
}
