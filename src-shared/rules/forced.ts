import { RULESETS, Terrain, type Creature, type Encounter, type SurfaceName as ModelSurface } from '../model';
import { footprintDistance } from './engine/distance';
import { checkStep, StepCheck } from './engine/grid';
import { clearLine } from './engine/sight';
import { hostile, sizeGap } from './engine/relations';
import { Going } from './engine/ruleset';
import { footprintSide } from './engine/sizes';
import { MoveRefused } from './engine/types';
import type { FallAnswer, SurfaceName } from './engine/falling';
import { fallDamage, fallingBody } from './falls';
import { RULESET_IMPLEMENTATIONS } from './registry';

export const FORCED_KINDS = ['push', 'pull', 'slide', 'shift'] as const;
export type ForcedKind = (typeof FORCED_KINDS)[number];

export interface ForcedRequest {
  kind: ForcedKind;
  /** The creature moved. */
  target: string;
  /** The creature moving it. */
  by: string;
  squares: number;
  /** The squares (the target's top-left) to move it through, in order; push and pull choose their own when absent. */
  to?: { x: number; y: number }[];
  /** Epic Path: the target drops prone at the start, ending the forced movement. */
  dropProne?: boolean;
  /**
   * Startroid: the effect says the movement may leave the horizontal plane, so an earthbound target
   * can be moved off a ledge (and falls). Off by default (startroid.txt › Pull, Push and Slide).
   */
  threeDimensional?: boolean;
}

export interface ForcedStop {
  code: 'blocked' | 'occupied' | 'wall' | 'edge' | 'direction' | 'no-room' | 'difficult' | 'prone' | 'fell' | 'not-adjacent' | 'no-destination' | 'no-line' | 'ledge';
  text: string;
}

export interface ForcedAnswer {
  x: number;
  y: number;
  /** Altitude above the ground after the movement, in the ruleset's length unit. */
  z: number;
  moved: number;
  stopped: ForcedStop | null;
  fall: (FallAnswer & { height: number }) | null;
  path: { x: number; y: number }[];
}

const SURFACE_NAMES: readonly ModelSurface[] = ['normal', 'jagged', 'stone', 'soft', 'yielding'];

/**
 * Forced movement: push (each square farther from the attacker's squares), pull (each nearer), slide
 * (any path the attacker wishes) and Startroid's shift of an ally (any path the ally chooses).
 * It stops before a blocked or occupied square; a push off a ledge ends in a fall.
 * epic-path.txt › Forced Movement, › Push, › Pull, › Slide, › Forced Movement In 3-D;
 * startroid.txt › Pull, Push and Slide, › Forced Movement.
 */
/** Whether some square of one space has a clear line of effect to some square of another. */
function seesAny(map: Encounter['map'], ax: number, ay: number, aSide: number, bx: number, by: number, bSide: number): boolean {
  for (let y = ay; y < ay + aSide; y++) for (let x = ax; x < ax + aSide; x++) {
    for (let ty = by; ty < by + bSide; ty++) for (let tx = bx; tx < bx + bSide; tx++) if (clearLine(map, x, y, tx, ty, 'effect')) return true;
  }
  return false;
}

/**
 * The creature a target stands on: bigger, under the target's whole footprint, its top (altitude
 * plus its height, a cube as tall as it is wide) at the target's underside.
 */
export function supportUnder(
  encounter: Encounter,
  target: Creature,
  side: number,
  sideOf: (c: Creature) => number,
): { id: string; x: number; y: number; side: number; top: number } | null {
  const square = RULESETS[encounter.ruleset].squareSize;
  for (const c of encounter.creatures) {
    if (c.id === target.id) continue;
    const s = sideOf(c);
    if (s <= side) continue;
    const covers = c.x <= target.x && target.x + side <= c.x + s && c.y <= target.y && target.y + side <= c.y + s;
    if (!covers) continue;
    const top = c.altitude + s * square;
    if (Math.abs(top - target.altitude) < 1e-6) {
      let ground = -Infinity;
      for (let y = c.y; y < c.y + s; y++) for (let x = c.x; x < c.x + s; x++) ground = Math.max(ground, encounter.map.elevation[y * encounter.map.width + x]!);
      return { id: c.id, x: c.x, y: c.y, side: s, top: ground + top };
    }
  }
  return null;
}

export function forcedMovement(encounter: Encounter, req: ForcedRequest): ForcedAnswer {
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  const info = RULESETS[encounter.ruleset];
  const target = encounter.creatures.find((c) => c.id === req.target);
  const by = encounter.creatures.find((c) => c.id === req.by);
  if (!target) throw new MoveRefused(`There is no creature "${req.target}" in this encounter.`);
  if (!by) throw new MoveRefused(`There is no creature "${req.by}" in this encounter.`);
  if (!Number.isInteger(req.squares) || req.squares < 0) throw new MoveRefused('--squares is a whole number of squares, 0 or more.');
  if (req.kind === 'shift') {
    if (encounter.ruleset !== 'startroid') throw new MoveRefused(`Shifting an ally is Startroid's (startroid.txt › Pull, Push and Slide); ${info.name} has push, pull and slide.`);
    if (hostile(target, by)) throw new MoveRefused(`${target.name} is not ${by.name}'s ally: only allies are shifted.`);
  }
  if (req.dropProne && encounter.ruleset !== 'epic-path') throw new MoveRefused(`Dropping prone to stop forced movement is an Epic Path rule (epic-path.txt › Forced Movement).`);

  const map = encounter.map;
  const W = map.width;
  const sideOf = (c: Creature) => footprintSide(rules.sizes[c.size] ?? { space: info.squareSize, reach: 0 }, info.squareSize);
  const side = sideOf(target);
  const bySide = sideOf(by);
  const answer: ForcedAnswer = { x: target.x, y: target.y, z: target.altitude, moved: 0, stopped: null, fall: null, path: [] };
  const stop = (code: ForcedStop['code'], text: string) => {
    answer.stopped = { code, text };
    return answer;
  };
  if (req.dropProne) return stop('prone', `${target.name} drops prone, ending the forced movement (epic-path.txt › Forced Movement).`);
  if (req.squares === 0) return answer;

  // epic-path.txt › Three Dimensional Movement: a creature standing on a bigger one (the elephant's
  // back) stands at that one's height; it is not in the air.
  const support = supportUnder(encounter, target, side, sideOf);

  // epic-path.txt › Forced Movement In 3-D: a creature in the air is moved straight down, or up when
  // the movement could not be downward (pushed from below).
  if (encounter.ruleset === 'epic-path' && target.altitude > 0 && !support) {
    const byTop = by.altitude + bySide * info.squareSize;
    const downIsAway = by.altitude > target.altitude;
    // A push from below cannot be downward, so it goes up; everything else goes down.
    const up = req.kind === 'push' && !downIsAway && byTop <= target.altitude + 1e-9;
    const distance = req.squares * info.squareSize;
    answer.moved = req.squares;
    answer.z = up ? target.altitude + distance : Math.max(0, target.altitude - distance);
    if (!up && answer.z === 0) {
      answer.moved = Math.ceil(target.altitude / info.squareSize);
      return stop('blocked', `${target.name} is forced down to the ground.`);
    }
    return answer;
  }

  const distanceFrom = (x: number, y: number) => footprintDistance(x, y, side, by.x, by.y, bySide, rules.distance);
  // What the target stands on: the ground, or the back of the creature it stands on.
  const groundAt = (x: number, y: number) => {
    let top = -Infinity;
    for (let yy = y; yy < y + side; yy++) for (let xx = x; xx < x + side; xx++) top = Math.max(top, map.elevation[yy * W + xx]!);
    if (support && support.x <= x && x + side <= support.x + support.side && support.y <= y && y + side <= support.y + support.side) top = Math.max(top, support.top);
    return top;
  };
  const others = encounter.creatures.filter((c) => c.id !== target.id && c.id !== support?.id);

  /** Why the target cannot be moved from (fx, fy) into (tx, ty), or null. */
  const problem = (fx: number, fy: number, tx: number, ty: number, left: number): ForcedStop | null => {
    if (tx < 0 || ty < 0 || tx + side > map.width || ty + side > map.height) return { code: 'edge', text: `the edge of the map at ${tx},${ty}` };
    const dx = tx - fx;
    const dy = ty - fy;
    let difficult = false;
    for (let y = ty; y < ty + side; y++) {
      for (let x = tx; x < tx + side; x++) {
        const inside = x >= fx && x < fx + side && y >= fy && y < fy + side;
        const i = y * W + x;
        if (!inside) {
          const check = checkStep(map, x - dx, y - dy, dx, dy, encounter.ruleset === 'startroid');
          if (check === StepCheck.blocked) return { code: 'wall', text: `a wall or corner between ${x - dx},${y - dy} and ${x},${y}` };
        }
        // epic-path.txt › Forced Movement: never "into blocked terrain"; startroid.txt › Clear Path:
        // not "into a space it couldn't enter by walking".
        const going = rules.going(map.terrain[i] as never, 'walk', map.terrain[i] === Terrain.water && map.waterDepth[i]! >= info.squareSize && !target.speed.swim, map.blockade[i]!);
        if (going === Going.blocked) return { code: 'blocked', text: `blocked terrain at ${x},${y}` };
        if (going >= Going.difficult) difficult = true;
      }
    }
    for (const o of others) {
      const os = sideOf(o);
      const overlaps = o.x < tx + side && tx < o.x + os && o.y < ty + side && ty < o.y + os;
      if (!overlaps) continue;
      // epic-path.txt › Stepover: a larger creature may be made to step over legally sized ones.
      if (encounter.ruleset === 'epic-path' && sizeGap(target, o) >= 2) continue;
      return { code: 'occupied', text: `${o.name} occupies ${tx},${ty}` };
    }
    // startroid.txt › Forced Movement › Difficult Terrain: most powers do not ignore terrain, so a
    // difficult square takes 2 of the squares moved; Epic Path's forced movement "ignores the
    // penalties to movement for rough terrain".
    if (encounter.ruleset === 'startroid' && difficult && left < 2) return { code: 'difficult', text: `not enough forced movement left to enter the difficult terrain at ${tx},${ty}` };
    return null;
  };
  const stepCost = (tx: number, ty: number) => {
    if (encounter.ruleset !== 'startroid') return 1;
    for (let y = ty; y < ty + side; y++) for (let x = tx; x < tx + side; x++) {
      if (rules.going(map.terrain[y * W + x] as never, 'walk', false, map.blockade[y * W + x]!) >= Going.difficult) return 2;
    }
    return 1;
  };

  let x = target.x;
  let y = target.y;
  let left = req.squares;
  const given = req.to ?? [];
  if ((req.kind === 'slide' || req.kind === 'shift') && given.length === 0) return stop('no-destination', `a ${req.kind} needs the squares to move ${target.name} through (--to X,Y)`);
  for (let k = 0; left > 0; k++) {
    let next: { x: number; y: number } | null = given[k] ?? null;
    if (!next && given.length > 0) break;
    if (!next) {
      // Push and pull choose the square that moves straightest away from (or towards) the attacker.
      const here = distanceFrom(x, y);
      const ax = by.x + bySide / 2;
      const ay = by.y + bySide / 2;
      const vx = x + side / 2 - ax;
      const vy = y + side / 2 - ay;
      let best: { x: number; y: number; score: number } | null = null;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]] as const) {
        const d = distanceFrom(x + dx, y + dy);
        if (req.kind === 'push' ? d <= here : d >= here) continue;
        const along = (dx * vx + dy * vy) / Math.hypot(dx, dy) / (Math.hypot(vx, vy) || 1);
        const score = (req.kind === 'push' ? along : -along) * 10 - Math.hypot(dx, dy) * 0.01;
        if (!best || score > best.score) best = { x: x + dx, y: y + dy, score };
      }
      if (!best) return stop('no-room', `no square is ${req.kind === 'push' ? 'farther from' : 'nearer to'} ${by.name}`);
      next = best;
    }
    if (Math.max(Math.abs(next.x - x), Math.abs(next.y - y)) !== 1) return stop('not-adjacent', `${next.x},${next.y} is not next to ${x},${y}`);
    const before = distanceFrom(x, y);
    const after = distanceFrom(next.x, next.y);
    if (req.kind === 'push' && after <= before) return stop('direction', `${next.x},${next.y} is not farther from ${by.name} (epic-path.txt › Push)`);
    if (req.kind === 'pull' && after >= before) return stop('direction', `${next.x},${next.y} is not nearer to ${by.name} (epic-path.txt › Pull)`);
    const why = problem(x, y, next.x, next.y, left);
    if (why) return stop(why.code, `stopped before ${why.text}`);
    // startroid.txt › Forced Movement › Line of Effect: "You must have line of effect to any square you
    // pull, push, or slide a creature into" (to shift an ally, line of effect to the ally).
    if (encounter.ruleset === 'startroid' && req.kind !== 'shift' && !seesAny(map, by.x, by.y, bySide, next.x, next.y, side)) {
      return stop('no-line', `stopped: ${by.name} has no line of effect to ${next.x},${next.y} (startroid.txt › Forced Movement)`);
    }
    let drop = groundAt(x, y) - groundAt(next.x, next.y);
    const heightAbove = support ? 0 : target.altitude;
    if (encounter.ruleset === 'startroid' && Math.abs(drop) >= info.squareSize) {
      // startroid.txt › Pull, Push and Slide: "Forced movement is normally two-dimensional; all the
      // squares of the movement must be on the same horizontal plane … an earthbound target cannot
      // normally be pushed to a square in the air, but a hovering target can be." A ledge up or down
      // (a square's height or more, as for walking) ends it, unless the effect says otherwise; a
      // hovering target keeps its height over the lower ground.
      const hovering = target.altitude > 0 && !support;
      if (hovering && heightAbove + drop >= 0) {
        answer.z = heightAbove + drop;
        drop = 0;
      } else if (drop < 0 || !req.threeDimensional) {
        return stop('ledge', `stopped before the ${drop < 0 ? 'rise' : 'drop'} of ${Math.abs(drop)} ${info.lengthUnit} at ${next.x},${next.y}: forced movement stays on one horizontal plane (startroid.txt › Pull, Push and Slide)`);
      }
    } else if (drop <= -info.squareSize && !(target.altitude > 0 && !support)) {
      // A rise the target could not walk up is a wall to it (epic-path.txt › Forced Movement In 3-D:
      // "along the ground"; never "into blocked terrain").
      return stop('ledge', `stopped before the rise of ${-drop} ${info.lengthUnit} at ${next.x},${next.y}`);
    }
    left -= stepCost(next.x, next.y);
    x = next.x;
    y = next.y;
    answer.x = x;
    answer.y = y;
    answer.moved++;
    answer.path.push({ x, y });
    // A push over a ledge or into a pit ends in a fall from the ground it left.
    if (drop >= info.squareSize) {
      const i = y * W + x;
      const fall = fallDamage(encounter.ruleset, {
        height: drop + heightAbove,
        surface: SURFACE_NAMES[map.surface[i]!] as SurfaceName,
        waterDepth: map.terrain[i] === Terrain.water ? map.waterDepth[i]! : 0,
        ...fallingBody(target),
        settings: encounter.settings,
      });
      answer.fall = { ...fall, height: drop + heightAbove };
      answer.z = 0;
      return stop('fell', `${target.name} goes over the edge and falls ${drop + heightAbove} ${info.lengthUnit}`);
    }
  }
  return answer;
}
