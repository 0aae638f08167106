import { Light, RULESETS, type BattleMap, type Creature, type Encounter } from '../model';
import { chanceAtLeast, chanceMarginAtLeast, chanceToCover, diceRange, type DiceExpression } from './engine/dice';
import { footprintDistance, squareDistance } from './engine/distance';
import { checkStep, StepCheck } from './engine/grid';
import { hostile, sharesSquares } from './engine/relations';
import { Going, type MovePlan, type OccupantRule, type Ruleset } from './engine/ruleset';
import { flightReach, searchFlight, walkFlightPath, type FlightPathAnswer } from './engine/flight';
import { kernelApplies, kernelField, kernelPath, kernelReach, type KernelInput } from './engine/kernel';
import { Arrivals, MoveSearch, type SearchStart } from './engine/search';
import { footprintSide } from './engine/sizes';
import {
  MoveRefused,
  type MoveRequest,
  type PathAnswer,
  type PathStep,
  type Provocation,
  type Reach,
  type ReachSquare,
} from './engine/types';
import { deadNotes } from './features';
import { RULESET_IMPLEMENTATIONS } from './registry';

/**
 * The movement queries every part of the product asks: where a creature can go (`reachableSquares`),
 * the cheapest way to a square (`planPath`), and what a drawn path costs and where it breaks
 * (`checkPath`), with the attacks of opportunity it provokes.
 */

interface Setup {
  creature: Creature;
  rules: Ruleset;
  plan: MovePlan;
  search: MoveSearch;
  start: number;
}

function setup(encounter: Encounter, creatureId: string, request: MoveRequest, relax = false): Setup {
  const creature = encounter.creatures.find((c) => c.id === creatureId);
  if (!creature) throw new MoveRefused(`There is no creature "${creatureId}" in this encounter.`);
  const rules = RULESET_IMPLEMENTATIONS[encounter.ruleset];
  if (!rules.sizes[creature.size]) {
    throw new MoveRefused(`${rules.info.name} has no ${creature.size} creatures (${rules.info.text}); its sizes are ${Object.keys(rules.sizes).join(', ')}.`);
  }
  const plan = rules.plan({ encounter, creature, request });
  plan.notes.push(...deadNotes(encounter.ruleset, encounter.creatures));
  if (relax) {
    plan.modeBudgets = plan.modeBudgets.map((b) => b + 100000);
    plan.budget += 100000;
  }
  const search = new MoveSearch(encounter, creature, rules, plan);
  const start = search.startState(plan.parity);
  if (start === null) throw new MoveRefused(`${creature.name} does not fit where it stands (${creature.x},${creature.y}).`);
  return { creature, rules, plan, search, start };
}

function kernelInput(encounter: Encounter, ctx: Setup): KernelInput {
  const { rules, plan } = ctx;
  return { map: encounter.map, rules, plan, startX: ctx.creature.x, startY: ctx.creature.y, deepWater: RULESETS[encounter.ruleset].squareSize, blockadeFills: encounter.ruleset === 'startroid' };
}

/** Whether the move may end in a state: 'yes', only by squeezing, or 'no'. */
function endRule(ctx: Setup, state: number, encounter: Encounter): 'yes' | 'squeeze' | 'no' {
  if (ctx.search.squeezedPastCreature(state)) return 'no';
  const r = ctx.search.rectOf(state);
  const occ = ctx.search.occupantsIn(r.x, r.y, r.w, r.h);
  if (!occ.length) return 'yes';
  let result: 'yes' | 'squeeze' = 'yes';
  for (const o of occ) {
    if (o.rule.end === 'no') return 'no';
    if (o.rule.end === 'squeeze') result = 'squeeze';
  }
  if (sharesSquares(ctx.rules.sizes, ctx.creature, ctx.rules.info.squareSize)) {
    if (!ctx.rules.roomInSquare(ctx.creature, occ.map((o) => o.creature), encounter)) return 'no';
  }
  return result;
}

/** The move that must go straight, as the refusal names it: a charge, or a run. */
function straightAction(request: MoveRequest): string {
  return request.action === 'charge' ? 'charge' : 'run';
}

/** Cells of the straight line between two anchors (Bresenham), without the first. */
export function straightLine(x0: number, y0: number, x1: number, y1: number): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0;
  let y = y0;
  while (x !== x1 || y !== y1) {
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
    out.push({ x, y });
  }
  return out;
}

/** Walks a straight line from the start; returns the states and the cost, or null where it stops. */
function walkLine(ctx: Setup, tx: number, ty: number): { states: number[]; costs: number[]; spent: number } | null {
  const { search, creature } = ctx;
  let state = ctx.start;
  let spent = 0;
  let cx = creature.x;
  let cy = creature.y;
  const states: number[] = [];
  const costs: number[] = [];
  for (const p of straightLine(creature.x, creature.y, tx, ty)) {
    if (!search.tryStep(state, spent, p.x - cx, p.y - cy, 0, state === ctx.start)) return null;
    spent += search.outCost;
    state = search.state(p.y * search.W + p.x, 0, search.outParity % search.P);
    states.push(state);
    costs.push(search.outCost);
    cx = p.x;
    cy = p.y;
  }
  return { states, costs, spent };
}

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

// Paths ------------------------------------------------------------------------------------------

interface Walk {
  states: number[];
  stepCosts: number[];
}

function threatenedBy(ctx: Setup, encounter: Encounter) {
  const { rules, creature } = ctx;
  const sq = rules.info.squareSize;
  return encounter.creatures
    .filter((c) => c.id !== creature.id && hostile(creature, c))
    .map((c) => ({ c, range: rules.threatRange(c, encounter), gap: rules.threatGap?.(c) ?? -1, side: footprintSide(rules.sizes[c.size] ?? { space: sq, reach: sq }, sq) }))
    .filter((e): e is { c: Creature; range: number; gap: number; side: number } => e.range !== null);
}

/**
 * Whether an enemy's reach covers a square of the mover's space, counting height too: creatures are
 * cubes (epic-path.txt › Three Dimensional Movement: "Reach now affects all adjacent cubes, including
 * the one above your head"), so the distance is the ruleset's distance over the horizontal gap and
 * the vertical gap between the two cubes.
 */
function threatReaches(
  e: { c: Creature; range: number; gap: number; side: number },
  x: number,
  y: number,
  mover: { level: number; side: number },
  ctx: Setup,
): boolean {
  const square = ctx.rules.info.squareSize;
  const horizontal = footprintDistance(e.c.x, e.c.y, e.side, x, y, 1, 'one-one-one');
  const eLevel = Math.round(e.c.altitude / square);
  const vertical = Math.max(0, mover.level - (eLevel + e.side - 1), eLevel - (mover.level + mover.side - 1));
  const d = vertical === 0 ? footprintDistance(e.c.x, e.c.y, e.side, x, y, 1, ctx.rules.distance) : squareDistance(horizontal, vertical, ctx.rules.distance);
  return d <= e.range && d > e.gap;
}

function provocations(ctx: Setup, encounter: Encounter, walk: Walk): Provocation[] {
  const { plan, search } = ctx;
  if (plan.provokes === 'none') return [];
  const out: Provocation[] = [];
  const seen = new Set<string>();
  const enemies = plan.provokes === 'entering-enemy' ? [] : threatenedBy(ctx, encounter);
  const square = ctx.rules.info.squareSize;
  // The mover's cube: its height in squares above the ground, and how tall it is.
  const mover3d = { level: Math.round(ctx.creature.altitude / square), side: search.side };
  for (let i = 1; i < walk.states.length; i++) {
    const from = search.rectOf(walk.states[i - 1]!);
    const to = search.rectOf(walk.states[i]!);
    if (!(i === 1 && plan.startSafe)) {
      for (const e of enemies) {
        if (plan.provokes === 'once-per-enemy' && seen.has(e.c.id)) continue;
        let threatened = false;
        for (let y = from.y; y < from.y + from.h && !threatened; y++) {
          for (let x = from.x; x < from.x + from.w; x++) {
            if (threatReaches(e, x, y, mover3d, ctx) ) {
              threatened = true;
              break;
            }
          }
        }
        if (threatened) {
          out.push({ by: e.c.id, x: from.x, y: from.y });
          seen.add(e.c.id);
        }
      }
    }
    // Entering a creature's space can provoke it (d20 very small creatures; Startroid enemies).
    for (const o of search.occupantsIn(to.x, to.y, to.w, to.h)) {
      if (!o.rule.provokesOnEnter) continue;
      const before = search.occupantsIn(from.x, from.y, from.w, from.h);
      if (before.includes(o)) continue;
      if (plan.provokes === 'once-per-enemy' && seen.has(o.creature.id)) continue;
      out.push({ by: o.creature.id, x: to.x, y: to.y });
      seen.add(o.creature.id);
    }
  }
  return out;
}

function answer(ctx: Setup, encounter: Encounter, walk: Walk, problem: { reason: string; at: number } | null): PathAnswer {
  const { plan, search } = ctx;
  const steps: PathStep[] = [];
  let total = 0;
  let breaksAt = problem ? problem.at : -1;
  let reason = problem ? problem.reason : '';
  let lastLegal = 0;
  for (let i = 1; i < walk.states.length; i++) {
    const r = search.rectOf(walk.states[i]!);
    const cost = walk.stepCosts[i - 1]!;
    total += cost;
    const step: PathStep = { x: r.x, y: r.y, cost: cost * plan.unitSize };
    if (search.variants[search.variantOf(walk.states[i]!)]!.squeezed) {
      step.squeezed = true;
      step.band = { w: r.w, h: r.h };
    }
    steps.push(step);
    const within = plan.ignoreCost || total <= plan.budget;
    if (!within && breaksAt < 0) {
      breaksAt = i - 1;
      reason = `it costs ${total * plan.unitSize} ${plan.unit} by ${r.x},${r.y}, more than the ${plan.budget * plan.unitSize} ${plan.unit} this move allows`;
    }
    if ((breaksAt < 0 || i - 1 < breaksAt) && within && endRule(ctx, walk.states[i]!, encounter) === 'yes') lastLegal = i;
  }
  if (plan.singleSquare && steps.length > 1 && breaksAt < 0) {
    breaksAt = 1;
    reason = 'this action moves one square only';
  }
  const lastState = walk.states[walk.states.length - 1]!;
  if (breaksAt < 0 && steps.length > 0) {
    const rule = endRule(ctx, lastState, encounter);
    if (rule === 'no') {
      breaksAt = steps.length - 1;
      reason = 'the move may pass through but not end in that space (another creature is there)';
    } else if (rule === 'squeeze' && walk.states.length > 1) {
      // Ending squeezed counts the last step as difficult terrain (Epic Path › Squeezing).
      const prevState = walk.states[walk.states.length - 2]!;
      const lastCost = walk.stepCosts[walk.stepCosts.length - 1]!;
      const a = search.anchorOf(prevState);
      const b = search.anchorOf(lastState);
      const dx = (b % search.W) - (a % search.W);
      const dy = Math.floor(b / search.W) - Math.floor(a / search.W);
      const relaxed = plan.modeBudgets;
      plan.modeBudgets = relaxed.map((m) => m + 100000);
      const ok = search.tryStep(prevState, total - lastCost, dx, dy, search.variantOf(lastState), walk.states.length === 2);
      plan.modeBudgets = relaxed;
      if (ok && search.outEndCost > lastCost) {
        steps[steps.length - 1]!.cost += (search.outEndCost - lastCost) * plan.unitSize;
        total += search.outEndCost - lastCost;
      }
      if (!plan.ignoreCost && total > plan.budget) {
        breaksAt = steps.length - 1;
        reason = `ending squeezed beside another creature costs ${total * plan.unitSize} ${plan.unit}, more than the ${plan.budget * plan.unitSize} ${plan.unit} this move allows`;
      }
    }
  }
  const legal = breaksAt < 0;
  const stopState = walk.states[legal ? walk.states.length - 1 : lastLegal]!;
  const stop = search.rectOf(stopState);
  const parity = search.P === 2 ? { parity: (stopState % 2) as 0 | 1 } : {};
  return {
    ...parity,
    legal,
    reason,
    breaksAt,
    total: total * plan.unitSize,
    unit: plan.unit,
    steps,
    provokes: provocations(ctx, encounter, { states: walk.states.slice(0, legal ? undefined : Math.max(1, breaksAt + 1)), stepCosts: walk.stepCosts }),
    stopsAt: legal ? null : { x: stop.x, y: stop.y },
  };
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

function unwind(search: MoveSearch, state: number, useEnd: boolean): number[] {
  const out = [state];
  let s = useEnd ? search.endPrev(state) : search.prev(state);
  while (s >= 0) {
    out.push(s);
    s = search.prev(s);
  }
  return out.reverse();
}

/** The cheapest path to `target` (the creature's top-left square at the end), through `via`. */
export function planPath(
  encounter: Encounter,
  creatureId: string,
  target: { x: number; y: number },
  request: MoveRequest,
  via: { x: number; y: number }[] = [],
): PathAnswer {
  const probe = setup(encounter, creatureId, request);
  const map = encounter.map;
  for (const p of [...via, target]) {
    if (p.x < 0 || p.y < 0 || p.x >= map.width || p.y >= map.height) throw new MoveRefused(`${p.x},${p.y} is not on the ${map.width} × ${map.height} map.`);
  }
  if (probe.plan.straightLine) {
    if (via.length) return { ...emptyAnswer(probe), reason: `a ${straightAction(request)} goes in one straight line: no via squares` };
    const walked = walkLine(probe, target.x, target.y);
    if (!walked) return { ...emptyAnswer(probe), reason: explainFirstBreak(probe, encounter, straightLine(probe.creature.x, probe.creature.y, target.x, target.y)) };
    return answer(probe, encounter, { states: [probe.start, ...walked.states], stepCosts: walked.costs }, null);
  }
  // The common case (one square, alone, level ground): A* in the fast kernel, the cost unbounded so an
  // answer over budget still shows how far over the cheapest way is.
  if (!via.length && kernelApplies(probe.rules, probe.plan, probe.search.side, probe.search.variants.length, probe.search.others.length, probe.search.flat)) {
    const walked = kernelPath(kernelInput(encounter, probe), probe.plan.budget + 100000, target.x, target.y);
    if (!walked) return { ...emptyAnswer(probe), reason: `no way to ${target.x},${target.y}: ${explainUnreachable(probe, encounter, target)}` };
    const ctx = setup(encounter, creatureId, request, true);
    const { search } = ctx;
    const states = walked.map((p) => search.state(p.y * search.W + p.x, 0, search.P === 2 ? p.key & 1 : 0));
    const priced = repriceWalk(ctx, states);
    if (!priced) throw new Error('planPath: the kernel answered a step the search refuses');
    return answer(probe, encounter, { states, stepCosts: priced }, null);
  }
  // Search within the budget first; if the target is out of reach, again without it, to show how
  // far over the cheapest way is.
  for (const relax of [false, true]) {
    const ctx = relax ? setup(encounter, creatureId, request, true) : probe;
    const { search } = ctx;
    let starts: SearchStart[] = [{ state: ctx.start, cost: 0 }];
    const states: number[] = [ctx.start];
    let ok = true;
    let fellFrom = 0;
    const points = [...via, target];
    for (const [k, p] of points.entries()) {
      search.newRound();
      const from = search.rectOf(starts[0]!.state);
      search.run(starts, ctx.plan.budget, -1, { x0: from.x, y0: from.y, dx: p.x - from.x, dy: p.y - from.y });
      const final = k === points.length - 1;
      let best = -1;
      let bestCost = Infinity;
      let bestUsesEnd = false;
      let bestEnds = false;
      for (const s of search.visited) {
        const r = search.rectOf(s);
        if (r.x !== p.x || r.y !== p.y) continue;
        let cost = search.dist(s);
        let usesEnd = false;
        let ends = true;
        if (final) {
          const rule = endRule(ctx, s, encounter);
          ends = rule !== 'no';
          if (rule === 'squeeze' && search.endDist(s) < 0x3fffffff) {
            cost = search.endDist(s);
            usesEnd = true;
          }
        }
        if (ends !== bestEnds ? ends : cost < bestCost) {
          best = s;
          bestCost = cost;
          bestUsesEnd = usesEnd;
          bestEnds = ends;
        }
      }
      if (best < 0) {
        // The square may be reached only by walking off a ledge: the path ends there, falling.
        const fall = final ? search.falls.get(p.y * search.W + p.x) : undefined;
        if (fall) {
          states.push(...unwind(search, fall.from, false).slice(1), fall.state);
          fellFrom = fall.height;
          break;
        }
        ok = false;
        break;
      }
      const segment = unwind(search, best, bestUsesEnd);
      states.push(...segment.slice(1));
      starts = [{ state: best, cost: search.dist(best) }];
    }
    if (!ok) continue;
    const stepCosts: number[] = [];
    for (let i = 1; i < states.length; i++) stepCosts.push(search.dist(states[i]!) - search.dist(states[i - 1]!));
    // Costs from the last round only cover its own segment; recompute every step in order.
    const priced = repriceWalk(ctx, states);
    const result = answer(probe, encounter, { states, stepCosts: priced ?? stepCosts }, null);
    if (fellFrom > 0) result.fall = fellFrom;
    return result;
  }
  return { ...emptyAnswer(probe), reason: `no way to ${target.x},${target.y}: ${explainUnreachable(probe, encounter, target)}` };
}

/** Prices a sequence of states step by step (as `checkPath` does). */
function repriceWalk(ctx: Setup, states: number[]): number[] | null {
  const { search } = ctx;
  const out: number[] = [];
  let spent = 0;
  for (let i = 1; i < states.length; i++) {
    const a = search.anchorOf(states[i - 1]!);
    const b = search.anchorOf(states[i]!);
    const dx = (b % search.W) - (a % search.W);
    const dy = Math.floor(b / search.W) - Math.floor(a / search.W);
    if (!search.tryStep(states[i - 1]!, spent, dx, dy, search.variantOf(states[i]!), i === 1)) return null;
    spent += search.outCost;
    out.push(search.outCost);
  }
  return out;
}

function emptyAnswer(ctx: Setup): PathAnswer {
  return { legal: false, reason: '', breaksAt: 0, total: 0, unit: ctx.plan.unit, steps: [], provokes: [], stopsAt: { x: ctx.creature.x, y: ctx.creature.y } };
}

/** Checks a path the user drew: top-left squares after the start, one step each. */
export function checkPath(encounter: Encounter, creatureId: string, path: { x: number; y: number }[], request: MoveRequest): PathAnswer {
  const answered = checkPathWith(encounter, creatureId, path, request);
  // 6d6.txt › Hidden Movement Resistance: the move pays the hidden resistance; say where it showed.
  const at = answered.steps[answered.breaksAt];
  const hidden = at ? encounter.map.hiddenResistance[at.y * encounter.map.width + at.x]! : 0;
  if (!answered.legal && hidden > 0) answered.reason += ` (hidden resistance ${hidden} found at ${at!.x},${at!.y}: 6d6.txt › Hidden Movement Resistance)`;
  return answered;
}

function checkPathWith(encounter: Encounter, creatureId: string, path: { x: number; y: number }[], request: MoveRequest): PathAnswer {
  const probe = setup(encounter, creatureId, request);
  const ctx = setup(encounter, creatureId, request, true);
  // The move itself meets whatever resistance is hidden on its way.
  probe.plan.truthResistance = ctx.plan.truthResistance = true;
  const { search } = ctx;
  const states = [ctx.start];
  const costs: number[] = [];
  let cx = ctx.creature.x;
  let cy = ctx.creature.y;
  if (probe.plan.straightLine && path.length) {
    const last = path[path.length - 1]!;
    const line = straightLine(cx, cy, last.x, last.y);
    const same = line.length === path.length && line.every((p, i) => p.x === path[i]!.x && p.y === path[i]!.y);
    if (!same) {
      return answer(probe, encounter, { states, stepCosts: costs }, { reason: `a ${straightAction(request)} goes in a straight line`, at: 0 });
    }
  }
  // A creature standing squeezed is where its band is.
  ({ x: cx, y: cy } = search.rectOf(ctx.start));
  // Each drawn square may be stood on in more than one way (whole, or squeezed across or along, and
  // with either diagonal parity): keep the cheapest way to each, step by step, and walk back from the
  // cheapest at the end, so a path `planPath` answers always passes here.
  let layer = new Map<number, { cost: number; from: number }>([[ctx.start, { cost: 0, from: -1 }]]);
  const layers: Map<number, { cost: number; from: number }>[] = [layer];
  for (const [i, p] of path.entries()) {
    const dx = p.x - cx;
    const dy = p.y - cy;
    // The same square twice: a squeezed creature turning where it stands.
    if (Math.max(Math.abs(dx), Math.abs(dy)) > 1 || (dx === 0 && dy === 0 && search.variants.length === 1)) {
      return answer(probe, encounter, walkBack(layers, states, costs), { reason: `${p.x},${p.y} is not next to ${cx},${cy}`, at: i });
    }
    const next = new Map<number, { cost: number; from: number }>();
    for (const [from, at] of layer) {
      for (let v = 0; v < search.variants.length; v++) {
        if (!search.tryStep(from, at.cost, dx, dy, v, i === 0)) continue;
        const to = search.state(p.y * search.W + p.x, v, search.outParity % search.P);
        const cost = at.cost + search.outCost;
        const known = next.get(to);
        if (!known || cost < known.cost) next.set(to, { cost, from });
      }
    }
    if (next.size === 0) {
      return answer(probe, encounter, walkBack(layers, states, costs), { reason: explainStep(ctx, encounter, cx, cy, p.x, p.y), at: i });
    }
    layer = next;
    layers.push(layer);
    cx = p.x;
    cy = p.y;
  }
  walkBack(layers, states, costs);
  // Prices use the search's parity; the real search state carries it, so the walk is exact.
  const walkCtx: Setup = { ...probe, search: ctx.search, start: ctx.start };
  return answer(walkCtx, encounter, { states, stepCosts: costs }, null);
}

/** Fills `states` and `costs` with the cheapest walk through the layers of `checkPath`. */
function walkBack(layers: Map<number, { cost: number; from: number }>[], states: number[], costs: number[]): Walk {
  let best = -1;
  let bestCost = Infinity;
  for (const [s, at] of layers[layers.length - 1]!) if (at.cost < bestCost) [best, bestCost] = [s, at.cost];
  const walk: number[] = [best];
  const spent: number[] = [bestCost];
  for (let i = layers.length - 1; i > 0; i--) {
    const at = layers[i]!.get(walk[0]!)!;
    walk.unshift(at.from);
    spent.unshift(layers[i - 1]!.get(at.from)!.cost);
  }
  states.length = 0;
  costs.length = 0;
  states.push(...walk);
  for (let i = 1; i < spent.length; i++) costs.push(spent[i]! - spent[i - 1]!);
  return { states, stepCosts: costs };
}

// Explanations ------------------------------------------------------------------------------------

function explainFirstBreak(ctx: Setup, encounter: Encounter, line: { x: number; y: number }[]): string {
  let cx = ctx.creature.x;
  let cy = ctx.creature.y;
  for (const p of line) {
    const why = explainStep(ctx, encounter, cx, cy, p.x, p.y, true);
    if (why) return why;
    cx = p.x;
    cy = p.y;
  }
  return 'the straight line is blocked';
}

function explainUnreachable(ctx: Setup, encounter: Encounter, target: { x: number; y: number }): string {
  const side = ctx.search.side;
  for (let y = target.y; y < target.y + side; y++) {
    for (let x = target.x; x < target.x + side; x++) {
      if (x >= encounter.map.width || y >= encounter.map.height) return `${ctx.creature.name} does not fit at ${target.x},${target.y}`;
      const why = squareProblem(ctx, encounter.map, x, y);
      if (why) return why;
    }
  }
  return 'every way there is blocked';
}

function squareProblem(ctx: Setup, map: BattleMap, x: number, y: number): string | null {
  const { search, plan, rules } = ctx;
  const i = y * map.width + x;
  const goings = plan.modes.map((_, m) => search.squareGoing(i, m));
  const best = Math.min(...goings);
  const text = rules.info.text;
  if (best === Going.blocked) return `${x},${y} is blocked for ${plan.modes.join(' or ')} movement`;
  if (best === Going.impeded && !plan.allowImpeded) return `${x},${y} is impeded terrain, which takes a full-round action per square (${text} › Impeded Terrain)`;
  if (plan.noDarkness && map.light[i] === Light.darkness) return `${x},${y} is in darkness, where a run or a 5-foot step cannot go (${text} › Run, › 5-Foot Step)`;
  if (best >= Going.difficult && plan.noDifficult) return `a ${plan.noPassingFriends ? 'charge' : 'run'} cannot cross the difficult terrain at ${x},${y} (${text} › Difficult Terrain)`;
  return null;
}

/** Why one step (of the creature's top-left square) cannot be made; '' when it can. */
function explainStep(ctx: Setup, encounter: Encounter, fx: number, fy: number, tx: number, ty: number, allowOk = false): string {
  const map = encounter.map;
  const side = ctx.search.side;
  if (tx < 0 || ty < 0 || tx + side > map.width || ty + side > map.height) return `${ctx.creature.name} would leave the map at ${tx},${ty}`;
  const dx = tx - fx;
  const dy = ty - fy;
  for (let y = ty; y < ty + side; y++) {
    for (let x = tx; x < tx + side; x++) {
      const inside = x >= fx && x < fx + side && y >= fy && y < fy + side;
      if (inside) continue;
      const why = squareProblem(ctx, map, x, y);
      if (why) return why;
      const check = checkStep(map, x - dx, y - dy, dx, dy, encounter.ruleset === 'startroid');
      if (check === StepCheck.crossesLow && ctx.plan.noDifficult && !ctx.plan.modes.includes('fly')) {
        return `a ${ctx.plan.noPassingFriends ? 'charge' : 'run'} cannot cross the obstacle between ${x - dx},${y - dy} and ${x},${y}: obstacles hamper movement like difficult terrain (${ctx.rules.info.text} › ${ctx.rules.info.text.startsWith('d20') ? 'Obstacles' : 'Difficult Terrain'})`;
      }
      if (check === StepCheck.blocked) {
        return dx !== 0 && dy !== 0
          ? `cannot cut the corner between ${x - dx},${y - dy} and ${x},${y} (${ctx.rules.info.text}: no diagonal past a wall or filled corner)`
          : `a wall or closed door stands between ${x - dx},${y - dy} and ${x},${y}`;
      }
    }
  }
  const occ = ctx.search.occupantsIn(tx, ty, side, side).filter((o) => o.rule.pass === 'blocked');
  if (occ.length && ctx.plan.noPassingFriends && occ[0]!.creature.side === ctx.creature.side) return `a charge cannot pass through ${occ[0]!.creature.name}, a friend, at ${tx},${ty} (${ctx.rules.info.text} › Moving Through a Square)`;
  if (occ.length) return `${occ[0]!.creature.name} (${occ[0]!.creature.side}) stands in the way at ${tx},${ty}`;
  if (allowOk) return '';
  return `cannot move from ${fx},${fy} to ${tx},${ty}`;
}

export function unitLabel(encounter: Encounter): string {
  return RULESETS[encounter.ruleset].speedUnit;
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
