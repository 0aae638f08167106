import type { Encounter } from '../../model';
import type { MoveRequest, PathAnswer } from '../engine/types';
import { setup, straightAction, straightLine, type Setup } from './setup';
import { answer, type Walk } from './answer';
import { explainStep } from './explain';

/** What a drawn path costs and where it breaks (`checkPath`). */

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
