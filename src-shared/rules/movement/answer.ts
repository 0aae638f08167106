import type { Creature, Encounter } from '../../model';
import { footprintDistance, squareDistance } from '../engine/distance';
import { hostile } from '../engine/relations';
import { footprintSide } from '../engine/sizes';
import type { PathAnswer, PathStep, Provocation } from '../engine/types';
import { endRule, type Setup } from './setup';

/** A path's answer, shared by `planPath` and `checkPath`: its steps and total, where it breaks, what it provokes. */

export interface Walk {
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

export function answer(ctx: Setup, encounter: Encounter, walk: Walk, problem: { reason: string; at: number } | null): PathAnswer {
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

/** Prices a sequence of states step by step (as `checkPath` does). */
export function repriceWalk(ctx: Setup, states: number[]): number[] | null {
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

export function emptyAnswer(ctx: Setup): PathAnswer {
  return { legal: false, reason: '', breaksAt: 0, total: 0, unit: ctx.plan.unit, steps: [], provokes: [], stopsAt: { x: ctx.creature.x, y: ctx.creature.y } };
}
