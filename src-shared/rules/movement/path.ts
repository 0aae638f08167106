import type { Encounter } from '../../model';
import { kernelApplies, kernelPath } from '../engine/kernel';
import type { SearchStart } from '../engine/search';
import { MoveRefused, type MoveRequest, type PathAnswer } from '../engine/types';
import { endRule, kernelInput, setup, straightAction, straightLine, unwind, walkLine } from './setup';
import { answer, emptyAnswer, repriceWalk } from './answer';
import { explainFirstBreak, explainUnreachable } from './explain';

/** The cheapest path to a square (`planPath`). */

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
