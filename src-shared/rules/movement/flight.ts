import type { Encounter } from '../../model';
import { searchFlight, walkFlightPath, type FlightPathAnswer } from '../engine/flight';
import type { MoveRequest } from '../engine/types';
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
    if (off >= 0 || line.length !== path.length) return { ...answer, legal: false, reason: `a run goes in a straight line (${ctx.rules.info.text} › Run)`, breaksAt: off >= 0 ? off : path.length - 1 };
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
function diveLine(encounter: Encounter, ctx: Setup, to: { x: number; y: number; z: number }): { x: number; y: number; z: number }[] {
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
 * The cheapest flight to a cube (top-left square and altitude), then walked step by step as a drawn
 * path would be, so the answer also says where the flyer's maneuverability breaks it.
 */
export function planFlightPath(encounter: Encounter, creatureId: string, target: { x: number; y: number; z: number }, request: MoveRequest): FlightPathAnswer {
  const ctx = setup(encounter, creatureId, { ...request, mode: 'fly' });
  if (request.action === 'charge' || ctx.plan.straightLine) return checkFlightPath(encounter, creatureId, diveLine(encounter, ctx, target), request);
  const found = searchFlight(encounter, ctx.creature, ctx.rules, ctx.rules.flight, ctx.plan).pathTo(target.x, target.y, target.z);
  if (!found) {
    return { legal: false, reason: `no flight reaches ${target.x},${target.y} at ${target.z} within ${ctx.plan.budget * ctx.plan.unitSize} ${ctx.plan.unit}`, breaksAt: 0, total: 0, steps: [] };
  }
  return walkFlightPath(encounter, ctx.creature, ctx.rules, ctx.rules.flight, ctx.plan, found);
}
