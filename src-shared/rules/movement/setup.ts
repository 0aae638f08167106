import { RULESETS, type Creature, type Encounter } from '../../model';
import { sharesSquares } from '../engine/relations';
import type { MovePlan, Ruleset } from '../engine/ruleset';
import type { KernelInput } from '../engine/kernel';
import { MoveSearch } from '../engine/search';
import { MoveRefused, type MoveRequest } from '../engine/types';
import { deadNotes } from '../features';
import { RULESET_IMPLEMENTATIONS } from '../registry';

/**
 * What every movement question starts from: the creature, its ruleset's plan for the move and the
 * search over its states (`setup`), and the pieces the questions share — where a move may end, the
 * straight line a run or charge takes, a path's states walked back.
 */

export interface Setup {
  creature: Creature;
  rules: Ruleset;
  plan: MovePlan;
  search: MoveSearch;
  start: number;
}

export function setup(encounter: Encounter, creatureId: string, request: MoveRequest, relax = false): Setup {
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

export function kernelInput(encounter: Encounter, ctx: Setup): KernelInput {
  const { rules, plan } = ctx;
  return { map: encounter.map, rules, plan, startX: ctx.creature.x, startY: ctx.creature.y, deepWater: RULESETS[encounter.ruleset].squareSize, blockadeFills: encounter.ruleset === 'startroid' };
}

/** Whether the move may end in a state: 'yes', only by squeezing, or 'no'. */
export function endRule(ctx: Setup, state: number, encounter: Encounter): 'yes' | 'squeeze' | 'no' {
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
export function straightAction(request: MoveRequest): string {
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
export function walkLine(ctx: Setup, tx: number, ty: number): { states: number[]; costs: number[]; spent: number } | null {
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

export function unwind(search: MoveSearch, state: number, useEnd: boolean): number[] {
  const out = [state];
  let s = useEnd ? search.endPrev(state) : search.prev(state);
  while (s >= 0) {
    out.push(s);
    s = search.prev(s);
  }
  return out.reverse();
}

export function unitLabel(encounter: Encounter): string {
  return RULESETS[encounter.ruleset].speedUnit;
}
