import { RULESETS, type Creature, type Encounter } from '../../model';
import { blockedSpaceWords, searchFlight, walkFlightPath, type FlightPathAnswer } from '../engine/flight';
import { footprintSide } from '../engine/sizes';
import type { MoveRequest } from '../engine/types';
import { RULESET_IMPLEMENTATIONS } from '../registry';
import { setup, type Setup } from './setup';

/**
 * Flight paths: a drawn one judged by the flyer's maneuverability (`checkFlightPath`), the cheapest
 * to a cube (`planFlightPath`), a dive and a flying run along the straight line of cubes.
 */

/**
 * Checks a flight path the user drew, cube by cube (top-left square and altitude), with the
 * creature's maneuverability where its ruleset has one (d20-phb-30.txt › Tactical Aerial Movement).
 */
export function checkFlightPath(encounter: Encounter, creatureId: string, path: { x: number; y: number; z: number }[], request: MoveRequest): FlightPathAnswer {
  const ctx = setup(encounter, creatureId, { ...request, mode: 'fly' });
  const answer = walkFlightPath(encounter, ctx.creature, ctx.rules, ctx.rules.flight, ctx.plan, path);
  if (request.action === 'charge') return judgeDive(encounter, ctx, path, answer);
  // A run in the air goes in a straight line too (epic-path.txt › Run; d20-srd-35.txt › Fly: "provided
  // it flies in a straight line"): the same cubes a planned run flies.
  if (ctx.plan.straightLine && path.length) {
    const line = diveLine(encounter, ctx, path[path.length - 1]!);
    const off = path.findIndex((p, i) => !line[i] || line[i]!.x !== p.x || line[i]!.y !== p.y || line[i]!.z !== p.z);
    if (off >= 0 || line.length !== path.length) return { ...answer, legal: false, stalls: false, reason: `a run goes in a straight line (${ctx.rules.info.text} › Run)`, breaksAt: off >= 0 ? off : path.length - 1 };
  }
  return answer;
}

/** Height of the ground under a creature's space (its highest square), in the length unit. */
function groundBelow(encounter: Encounter, x: number, y: number, side: number): number {
  let top = -Infinity;
  const m = encounter.map;
  for (let yy = y; yy < Math.min(y + side, m.height); yy++) for (let xx = x; xx < Math.min(x + side, m.width); xx++) top = Math.max(top, m.elevation[yy * m.width + xx]!);
  return top;
}

/** The cubes of the straight line from where the creature flies to a cube (altitudes above the ground). */
function diveLine(encounter: Encounter, ctx: Setup, to: Cube): Cube[] {
  const square = ctx.rules.info.squareSize;
  const side = ctx.search.side;
  const { x: x0, y: y0 } = ctx.creature;
  const l0 = Math.round((groundBelow(encounter, x0, y0, side) + ctx.creature.altitude) / square);
  const l1 = Math.round((groundBelow(encounter, to.x, to.y, side) + to.z) / square);
  const n = Math.max(Math.abs(to.x - x0), Math.abs(to.y - y0), Math.abs(l1 - l0));
  const out: { x: number; y: number; z: number }[] = [];
  for (let i = 1; i <= n; i++) {
    const x = Math.round(x0 + ((to.x - x0) * i) / n);
    const y = Math.round(y0 + ((to.y - y0) * i) / n);
    const level = Math.round(l0 + ((l1 - l0) * i) / n);
    out.push({ x, y, z: level * square - groundBelow(encounter, x, y, side) });
  }
  return out;
}

/**
 * d20-srd-35.txt › Fly: "A dive attack works just like a charge, but the diving creature must move a
 * minimum of 30 feet and descend at least 10 feet" — a charge in a straight line, at most double speed.
 */
function judgeDive(encounter: Encounter, ctx: Setup, path: { x: number; y: number; z: number }[], answer: FlightPathAnswer): FlightPathAnswer {
  if (!answer.legal || path.length === 0) return answer;
  const last = path[path.length - 1]!;
  const line = diveLine(encounter, ctx, last);
  const straight = line.length === path.length && line.every((p, i) => p.x === path[i]!.x && p.y === path[i]!.y && p.z === path[i]!.z);
  const side = ctx.search.side;
  const descent = groundBelow(encounter, ctx.creature.x, ctx.creature.y, side) + ctx.creature.altitude - (groundBelow(encounter, last.x, last.y, side) + last.z);
  const why = !straight
    ? 'a dive goes in a straight line, like a charge'
    : answer.total < 30
      ? `a dive moves at least 30 ft (this one ${answer.total} ft; d20-srd-35.txt › Fly)`
      : descent < 10
        ? `a dive descends at least 10 ft (this one ${Math.max(0, descent)} ft; d20-srd-35.txt › Fly)`
        : '';
  return why ? { ...answer, legal: false, reason: why, breaksAt: straight ? path.length - 1 : 0 } : answer;
}

/**
 * The cheapest flight to a cube (top-left square and altitude), through `via` cubes in order (the
 * waypoints the GM set, each at its own altitude), then walked step by step from where the flyer is,
 * as a drawn path would be, so the answer also says where the flyer's maneuverability, the budget or
 * the ceiling breaks it. A run or a dive flies one straight line: it takes no waypoints.
 */
export function planFlightPath(encounter: Encounter, creatureId: string, target: Cube, request: MoveRequest, via: Cube[] = []): FlightPathAnswer {
  const ctx = setup(encounter, creatureId, { ...request, mode: 'fly' });
  if (request.action === 'charge' || ctx.plan.straightLine) {
    if (via.length) return { legal: false, reason: `a ${request.action === 'charge' ? 'dive' : 'run'} flies one straight line: no waypoints`, breaksAt: 0, total: 0, steps: [] };
    return checkFlightPath(encounter, creatureId, diveLine(encounter, ctx, target), request);
  }
  const cubes: Cube[] = [];
  let from: Cube = { x: ctx.creature.x, y: ctx.creature.y, z: ctx.creature.altitude };
  for (const to of [...via, target]) {
    if (to.x === from.x && to.y === from.y && to.z === from.z) continue;
    // Each leg is searched from the cube the last one ended in: the flyer placed there on a copy.
    const at = from;
    const board = cubes.length ? { ...encounter, creatures: encounter.creatures.map((c) => (c.id === creatureId ? { ...c, x: at.x, y: at.y, altitude: at.z } : c)) } : encounter;
    const leg = cubes.length ? setup(board, creatureId, { ...request, mode: 'fly' }) : ctx;
    const found = searchFlight(board, leg.creature, leg.rules, leg.rules.flight, leg.plan).pathTo(to.x, to.y, to.z);
    if (!found) {
      // The legs before still show, as far as they go (and where they break, if they do first).
      const before = walkFlightPath(encounter, ctx.creature, ctx.rules, ctx.rules.flight, ctx.plan, cubes);
      if (!before.legal && !before.stalls) return before;
      const { stalls: _end, ...walked } = before;
      // A space the flyer cannot be in at any height is named with the squares that block it, not as
      // a distance too far (a 3×3 drake over one blocked row was told "no flight reaches" it).
      const blocked = blockedSpaceWords(encounter.map, ctx.creature, ctx.search.side, to.x, to.y);
      return { ...walked, legal: false, reason: blocked ?? `no flight reaches ${to.x},${to.y} at ${to.z} ${RULESETS[encounter.ruleset].lengthUnit} within ${ctx.plan.budget * ctx.plan.unitSize} ${ctx.plan.unit}`, breaksAt: cubes.length };
    }
    cubes.push(...found);
    from = cubes[cubes.length - 1]!;
  }
  return walkFlightPath(encounter, ctx.creature, ctx.rules, ctx.rules.flight, ctx.plan, cubes);
}

/** A flyer's place: its top-left square and the altitude of its underside above the ground there. */
export interface Cube {
  x: number;
  y: number;
  z: number;
}

/**
 * A path drawn square by square in the air: each square with the altitude the GM wanted there (the
 * next waypoint's height while it was drawn). A flyer rises or sinks one cube a step (epic-path.txt ›
 * Three Dimensional Movement: 26 neighbouring cubes), so the drawn path climbs or dives toward each
 * wanted height (above the ground there, as `z` always is) one level per square.
 */
export function flightAlongSquares(encounter: Encounter, creatureId: string, squares: Cube[]): Cube[] {
  const creature = encounter.creatures.find((c) => c.id === creatureId);
  if (!creature) return [];
  const { square, side } = spaceOf(encounter, creature);
  // The ground as the flight engine counts it: whole levels, a part-level rise rounded up.
  const floorOf = (x: number, y: number) => Math.ceil(groundBelow(encounter, x, y, side) / square - 1e-9);
  let level = floorOf(creature.x, creature.y) + Math.round(creature.altitude / square);
  return squares.map((q) => {
    const floor = floorOf(q.x, q.y);
    const ground = floor * square;
    const wanted = floor + Math.round(Math.max(0, q.z) / square);
    level += Math.sign(wanted - level);
    // Never under the ground: a drawn flight over a rise follows it up.
    if (level < floor) level = floor;
    return { x: q.x, y: q.y, z: Math.round((level * square - ground) * 1000) / 1000 };
  });
}

/** One point of a flight seen from the side: where, how high above the ground, and the ground's height. */
export interface FlightProfilePoint extends Cube {
  /** Height of the ground under the flyer's space, as the flight engine counts it (whole levels). */
  ground: number;
}

/**
 * A flight seen from the side, from where the flyer is now along `cubes`: the ground under each cube
 * and the flyer's height above it, for a side view to draw both in one scale (the creature's space:
 * its highest square, as the engine counts the floor).
 */
export function flightProfile(encounter: Encounter, creatureId: string, cubes: readonly Cube[]): FlightProfilePoint[] {
  const creature = encounter.creatures.find((c) => c.id === creatureId);
  if (!creature) return [];
  const { square, side } = spaceOf(encounter, creature);
  const groundAt = (x: number, y: number) => Math.ceil(groundBelow(encounter, x, y, side) / square - 1e-9) * square;
  return [{ x: creature.x, y: creature.y, z: creature.altitude }, ...cubes].map((q) => ({ x: q.x, y: q.y, z: q.z, ground: groundAt(q.x, q.y) }));
}

/** A creature's square size and side in squares, without a movement search's setup (cheap on any map). */
function spaceOf(encounter: Encounter, creature: Creature): { square: number; side: number } {
  const square = RULESETS[encounter.ruleset].squareSize;
  return { square, side: footprintSide(RULESET_IMPLEMENTATIONS[encounter.ruleset].sizes[creature.size] ?? { space: square, reach: 0 }, square) };
}
