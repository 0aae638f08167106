import type { Encounter } from '../../model';
import { chanceAtLeast, chanceMarginAtLeast, chanceToCover, diceRange, type DiceExpression } from '../engine/dice';
import { Going, type OccupantRule } from '../engine/ruleset';
import { flightReach } from '../engine/flight';
import { kernelApplies, kernelField, kernelReach } from '../engine/kernel';
import { Arrivals } from '../engine/search';
import { MoveRefused, type MoveRequest, type Reach, type ReachSquare } from '../engine/types';
import { endRule, kernelInput, setup, unwind, walkLine, type Setup } from './setup';

/** Where a creature can go (`reachableSquares`), and the least cost to each square as one array (`costField`). */

function collect(ctx: Setup, encounter: Encounter, into: Arrivals, offset = 0, limit = ctx.plan.budget): void {
  const { search, plan } = ctx;
  const crowded = search.occupants.size > 0;
  for (const s of search.visited) {
    const d = search.dist(s);
    if (d < 0) continue;
    if (!plan.ignoreCost && d > limit) continue;
    if (!crowded) {
      // Nobody else on the map: every square reached is a place to end.
      into.offer(search.rectIndex(s), d + offset, true, s);
      continue;
    }
    const rule = endRule(ctx, s, encounter);
    let cost = d;
    let end = rule !== 'no';
    if (rule === 'squeeze') {
      const e = search.endDist(s);
      if (e <= limit || plan.ignoreCost) cost = e;
      else end = false;
    }
    if (!plan.ignoreCost && cost > limit) end = false;
    into.offer(search.rectIndex(s), cost + offset, end, s);
  }
}

export function reachableSquares(encounter: Encounter, creatureId: string, request: MoveRequest): Reach {
  const ctx = setup(encounter, creatureId, request);
  const { search, plan, creature } = ctx;
  // startroid.txt › Phasing: "you ignore terrain, and you can move through obstacles and other
  // creatures, but you must end your movement in an unoccupied space".
  if (request.phasing) return phasingReach(encounter, ctx);
  // Flight is three-dimensional: every reachable cube, with its altitude.
  if (request.mode === 'fly' && request.action === 'charge') throw new MoveRefused('A dive attack is judged as a flight path: use path --to X,Y,Z or check with cubes.');
  if (request.mode === 'fly' && !plan.straightLine && !plan.singleSquare && plan.phases === 1) {
    return { unit: plan.unit, budget: plan.budget * plan.unitSize, squares: flightReach(encounter, creature, ctx.rules, ctx.rules.flight, plan), notes: plan.notes };
  }
  // The common case (one square, alone, level ground): the fast whole-map kernel, bounded by the move.
  if (kernelApplies(ctx.rules, plan, search.side, search.variants.length, search.others.length, search.flat)) {
    const R = plan.budget;
    const reached = kernelReach(kernelInput(encounter, ctx), plan.budget, Math.max(0, creature.x - R), Math.max(0, creature.y - R), Math.min(search.W - 1, creature.x + R), Math.min(search.H - 1, creature.y + R));
    const squares: ReachSquare[] = reached.map(({ index, cost }) => {
      const x = index % search.W;
      return { x, y: (index - x) / search.W, cost: cost * plan.unitSize, end: true };
    });
    return { unit: plan.unit, budget: plan.budget * plan.unitSize, squares, notes: plan.notes };
  }
  const found = new Arrivals();
  const W = search.W;
  found.offer(creature.y * W + creature.x, 0, true, ctx.start);
  if (plan.straightLine) {
    const R = plan.budget;
    for (let ty = Math.max(0, creature.y - R); ty <= Math.min(search.H - 1, creature.y + R); ty++) {
      for (let tx = Math.max(0, creature.x - R); tx <= Math.min(search.W - 1, creature.x + R); tx++) {
        if (tx === creature.x && ty === creature.y) continue;
        const walked = walkLine(ctx, tx, ty);
        if (!walked || walked.spent > plan.budget) continue;
        const last = walked.states[walked.states.length - 1]!;
        found.offer(ty * W + tx, walked.spent, endRule(ctx, last, encounter) === 'yes', last);
      }
    }
  } else {
    search.run([{ state: ctx.start, cost: 0 }], plan.budget);
    collect(ctx, encounter, found);
    // 6d6 › Movement Types: a second, separate movement from wherever the first may end.
    for (let phase = 2; phase <= plan.phases; phase++) {
      const ends = found.squares.filter((q) => found.end(q)).map((q) => ({ state: found.state(q), cost: found.cost(q) }));
      for (const from of ends) {
        search.newRound();
        search.run([{ state: from.state, cost: 0 }], plan.budget);
        collect(ctx, encounter, found, from.cost, plan.budget);
      }
    }
  }
  // Squares reached only by walking off a ledge: the move ends there, falling.
  const fallen = new Map<number, number>();
  for (const [key, f] of search.falls) {
    if (f.cost > plan.budget) continue;
    const known = found.squares.includes(key) && found.end(key);
    if (known && found.cost(key) <= f.cost) continue;
    found.offer(key, f.cost, true, f.state);
    fallen.set(key, f.height);
  }
  const squares: ReachSquare[] = [];
  const keys = Int32Array.from(found.squares).sort();
  const resisting = plan.unit === 'mr' && search.others.length > 0 && [...search.occupants.values()].some((list) => list.some((o) => o.rule.resistDice));
  for (const key of keys) {
    const x = key % W;
    const cost = found.cost(key);
    const end = found.end(key);
    const sq: ReachSquare = { x, y: (key - x) / W, cost: cost * plan.unitSize, end };
    const state = found.state(key);
    // Standing still needs no score: the start square gets no chance (6d6.txt › Staying Hidden's
    // penalty is on movement).
    const start = key === creature.y * W + creature.x && cost === 0;
    // 6d6: resistance actions still to roll on the way are planned at their least score; the chance
    // counts them as dice (6d6.txt › Occupied Squares), with a staying-hidden penalty.
    const rolls = resisting && plan.phases === 1 && search.dist(state) >= 0 ? resistanceDiceTo(ctx, state) : [];
    if (start) {
      // no p
    } else if (rolls.length) {
      const least = rolls.reduce((n, d) => n + Math.max(1, diceRange(d).min), 0);
      sq.p = end ? chanceToCover(plan.dice ?? plan.fixedScore!, plan.penalty ? [...rolls, plan.penalty] : rolls, cost - least) : 0;
    } else if (plan.penalty && plan.phases === 1) sq.p = end ? chanceMarginAtLeast(plan.dice ?? plan.fixedScore!, plan.penalty, cost) : 0;
    else if (plan.dice) sq.p = end ? chanceAtLeast(plan.dice, cost) : 0;
    const band = search.variants[search.variantOf(state)]!;
    if (band.squeezed) {
      sq.squeezed = true;
      sq.band = { w: band.w, h: band.h };
    }
    const fell = fallen.get(key);
    if (fell !== undefined) sq.fall = fell;
    squares.push(sq);
  }
  return { unit: plan.unit, budget: plan.budget * plan.unitSize, squares, notes: plan.notes };
}

/**
 * 6d6: the proximity resistance dice still to roll along the cheapest way found to a state, priced as
 * `MoveSearch.tryStep` prices them (the most resistant occupant entered, and the one left, per step).
 */
function resistanceDiceTo(ctx: Setup, state: number): DiceExpression[] {
  const { search } = ctx;
  const chain = unwind(search, state, false);
  const out: DiceExpression[] = [];
  const inside = (r: { x: number; y: number; w: number; h: number }, x: number, y: number) => x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
  for (let i = 1; i < chain.length; i++) {
    const from = search.rectOf(chain[i - 1]!);
    const to = search.rectOf(chain[i]!);
    let enter: OccupantRule | null = null;
    let leave: OccupantRule | null = null;
    for (let y = to.y; y < to.y + to.h; y++) {
      for (let x = to.x; x < to.x + to.w; x++) {
        if (inside(from, x, y)) continue;
        for (const o of search.occupants.get(y * search.W + x) ?? []) if (!enter || o.rule.resistEnter > enter.resistEnter) enter = o.rule;
      }
    }
    for (let y = from.y; y < from.y + from.h; y++) {
      for (let x = from.x; x < from.x + from.w; x++) {
        for (const o of search.occupants.get(y * search.W + x) ?? []) if (o.rule.resistLeave > (leave?.resistLeave ?? 0)) leave = o.rule;
      }
    }
    if (enter?.resistDice && enter.resistEnter > 0) out.push(enter.resistDice);
    if (leave?.resistDice && leave.resistLeave > 0) out.push(leave.resistDice);
  }
  return out;
}

function phasingReach(encounter: Encounter, ctx: Setup): Reach {
  if (encounter.ruleset !== 'startroid') throw new MoveRefused('Phasing is a Startroid rule (startroid.txt › Phasing).');
  const { creature, plan, search, rules } = ctx;
  const side = search.side;
  const map = encounter.map;
  const R = plan.budget;
  const squares: ReachSquare[] = [];
  for (let y = Math.max(0, creature.y - R); y <= Math.min(map.height - side, creature.y + R); y++) {
    for (let x = Math.max(0, creature.x - R); x <= Math.min(map.width - side, creature.x + R); x++) {
      const cost = Math.max(Math.abs(x - creature.x), Math.abs(y - creature.y));
      let end = true;
      for (let yy = y; yy < y + side && end; yy++) {
        for (let xx = x; xx < x + side; xx++) {
          const i = yy * map.width + xx;
          if (rules.going(map.terrain[i] as never, 'walk', false, map.blockade[i]!) === Going.blocked) end = false;
        }
      }
      if (end && (x !== creature.x || y !== creature.y) && search.occupantsIn(x, y, side, side).length > 0) end = false;
      squares.push({ x, y, cost: cost * plan.unitSize, end });
    }
  }
  return { unit: plan.unit, budget: plan.budget * plan.unitSize, squares, notes: ['Phasing: terrain, obstacles and creatures are ignored; the move ends in an unoccupied space.'] };
}

/**
 * The least cost to stand on each square (as the creature's top-left square), in cost units, or -1
 * where it cannot get within the budget: one typed array for overlays and large maps.
 */
export function costField(
  encounter: Encounter,
  creatureId: string,
  request: MoveRequest,
  options: { general?: boolean } = {},
): { unit: Reach['unit']; unitSize: number; field: Int32Array } {
  const ctx = setup(encounter, creatureId, request);
  const { search, plan, rules } = ctx;
  // The kernel writes every square (-1 where out of reach); the general search only those it reaches.
  const field = new Int32Array(search.nSq);
  if (!options.general && kernelApplies(rules, plan, search.side, search.variants.length, search.others.length, search.flat)) {
    kernelField(kernelInput(encounter, ctx), plan.budget, field);
    return { unit: plan.unit, unitSize: plan.unitSize, field };
  }
  field.fill(-1);
  search.run([{ state: ctx.start, cost: 0 }], plan.budget);
  for (const s of search.visited) {
    const d = search.dist(s);
    if (d > plan.budget && !plan.ignoreCost) continue;
    const r = search.rectOf(s);
    const i = r.y * search.W + r.x;
    if (field[i] === -1 || d < field[i]!) field[i] = d;
  }
  return { unit: plan.unit, unitSize: plan.unitSize, field };
}
