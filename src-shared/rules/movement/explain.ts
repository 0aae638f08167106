import { Light, type BattleMap, type Encounter } from '../../model';
import { checkStep, StepCheck } from '../engine/grid';
import { Going } from '../engine/ruleset';
import type { Setup } from './setup';

/** Why a step, a square or a straight line cannot be taken, in words with the rule. */

export function explainFirstBreak(ctx: Setup, encounter: Encounter, line: { x: number; y: number }[]): string {
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

export function explainUnreachable(ctx: Setup, encounter: Encounter, target: { x: number; y: number }): string {
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
export function explainStep(ctx: Setup, encounter: Encounter, fx: number, fy: number, tx: number, ty: number, allowOk = false): string {
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
