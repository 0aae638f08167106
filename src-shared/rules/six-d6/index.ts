import { RULESETS, Terrain, type Creature, type Encounter, type MovementMode, type TerrainKind } from '../../model';
import { DiceError, parseDice, diceRange, type DiceExpression } from '../engine/dice';
import { footprintSide } from '../engine/sizes';
import { hostile } from '../engine/relations';
import { basePlan, Going, packStep, type MovePlan, type OccupantRule, type Ruleset } from '../engine/ruleset';
import { MoveRefused } from '../engine/types';
import { SIZES } from './sizes';

const TEXT = '6d6.txt';

/**
 * Movement resistance of a square. A painted MR (1-7) wins; otherwise it is read from the terrain
 * by › Movement Resistance per 5' square: flat ground 1, "rough, difficult or slippery ground" 2,
 * clambering terrain (the editor's impeded) 3 like a river bank, water 2. Walls and pillars stop
 * movement. › Movement Types: "with some modes of transport such as flying … all squares are treated
 * as having a MR of one".
 */
export function movementResistance(kind: TerrainKind, painted: number, mode: MovementMode): number {
  if (mode === 'fly') return 1;
  if (painted >= 1 && painted <= 7) return painted;
  switch (kind) {
    case Terrain.difficult:
    case Terrain.water:
      return 2;
    case Terrain.impeded:
      return 3;
    default:
      return 1;
  }
}

/**
 * The Razir example in › Movement Resistance: leaping a table, "the first square of movement counts
 * as three and the rest one each". A low obstacle between squares makes the step count as at least 3.
 */
export const LOW_OBSTACLE_RESISTANCE = 3;

/**
 * 6d6.txt › Occupied Squares grants a hindering occupant "a proximity resistance action" but gives no
 * dice for it. A creature's own `resistance` (dice or a score) is used; without one, 1d6+0 — the
 * text's one example of a potential action's dice (› Run: "worth 1d6+0"). Every resistance action
 * scores at least 1 ("all resistance actions score a minimum of one").
 */
export const DEFAULT_PROXIMITY_RESISTANCE = '1d6';

/** The proximity resistance dice of an occupant: the request's override, its own, or the default. */
export function proximityResistance(occupant: Pick<Creature, 'resistance' | 'name'>, override?: number | string): DiceExpression {
  const text = override !== undefined ? String(override) : (occupant.resistance ?? DEFAULT_PROXIMITY_RESISTANCE);
  try {
    return parseDice(text);
  } catch (err) {
    if (err instanceof DiceError) throw new MoveRefused(`${override !== undefined ? 'The resistance' : `${occupant.name}'s resistance`} "${text}" is not dice like 1d6+1 or a score like 3.`);
    throw err;
  }
}

/** The least a proximity resistance action scores: its dice's least total, and never below 1. */
export function leastResistance(dice: DiceExpression): number {
  return Math.max(1, diceRange(dice).min);
}

/** Whether an occupant hinders the mover with resistance actions (a hostile one able to act). */
export function resists(mover: Creature, occupant: Creature): boolean {
  return hostile(mover, occupant) && !occupant.helpless && !occupant.dead;
}

/**
 * The proximity resistance actions a path meets, in order: entering the square of each hindering
 * occupant, then leaving it (6d6.txt › Occupied Squares). One of each per occupant per move.
 */
export function proximityActions(encounter: Encounter, mover: Creature, path: { x: number; y: number }[]): { creature: Creature; on: 'enter' | 'leave'; at: { x: number; y: number } }[] {
  const sideOf = (c: Creature) => footprintSide(SIZES[c.size] ?? { space: 5, reach: 5 }, 5);
  const side = sideOf(mover);
  const others = encounter.creatures.filter((c) => c.id !== mover.id && resists(mover, c));
  const overlaps = (c: Creature, x: number, y: number) => {
    const s = sideOf(c);
    return c.x < x + side && x < c.x + s && c.y < y + side && y < c.y + s;
  };
  const out: { creature: Creature; on: 'enter' | 'leave'; at: { x: number; y: number } }[] = [];
  const seen = new Set<string>();
  let from = { x: mover.x, y: mover.y };
  for (const to of path) {
    for (const c of others) {
      const wasIn = overlaps(c, from.x, from.y);
      const isIn = overlaps(c, to.x, to.y);
      const on = !wasIn && isIn ? 'enter' : wasIn && !isIn ? 'leave' : null;
      if (on && !seen.has(`${on} ${c.id}`)) {
        seen.add(`${on} ${c.id}`);
        out.push({ creature: c, on, at: { x: to.x, y: to.y } });
      }
    }
    from = to;
  }
  return out;
}

export const sixD6: Ruleset = {
  id: '6d6',
  info: RULESETS['6d6'],
  sizes: SIZES,
  distance: 'one-one-one',
  diagonalParity: false,
  // The text is silent on big creatures; a step costs the highest MR among the squares it enters.
  bigCreatureGoing: 'entered',
  squeezeWidth: () => null,
  roomInSquare: () => true,
  // Walls, pillars and pits stop a move; everything else costs its MR.
  going: (kind) => (kind === Terrain.blocked || kind === Terrain.obstacle ? Going.blocked : Going.clear),
  resistance: (kind, painted, mode) => movementResistance(kind, painted, mode),

  plan({ request, creature, encounter }): MovePlan {
    const mode: MovementMode = request.mode ?? 'walk';
    const plan = basePlan(3, mode, 'mr', 1);
    plan.provokes = 'none';
    // › Occupied Squares: the most a hindering occupant adds to one step, at its least roll or as rolled.
    plan.resist = 1;
    for (const other of encounter.creatures) {
      if (other.id === creature.id || !resists(creature, other)) continue;
      plan.resist = Math.max(plan.resist, leastResistance(proximityResistance(other, request.resist)));
      const rolled = request.resistRolled && Object.hasOwn(request.resistRolled, other.id) ? request.resistRolled[other.id]! : null;
      plan.resist = Math.max(plan.resist, rolled?.enter ?? 0, rolled?.leave ?? 0);
    }
    if (plan.resist > 1000) throw new MoveRefused('A resistance score above 1000 is beyond any 6d6 action.');
    plan.proximity = { ...(request.resist !== undefined ? { override: request.resist } : {}), ...(request.resistRolled ? { rolled: request.resistRolled } : {}) };
    plan.encumbrance = Math.max(0, request.encumbrance ?? 0);
    const score = (n: number) => {
      plan.budget = n;
      plan.modeBudgets = [n];
    };
    switch (request.action) {
      case 'move':
        // › Mosey: "a predictable amount of movement equivalent to a dice score of three".
        score(request.score ?? 3);
        break;
      case 'run': {
        // › Run: "Running using a potential action is worth 1d6+0"; advantages raise it.
        if (request.score !== undefined) {
          score(request.score);
          break;
        }
        const dice = parseDice(request.dice ?? '1d6');
        plan.dice = dice;
        score(diceRange(dice).max);
        break;
      }
      case 'double':
        // › Movement Types: several movements in a turn "are distinct and separate actions".
        score(request.score ?? 3);
        plan.phases = 2;
        break;
      case 'step':
        // › 5' Step: "to move one 5' square".
        score(1);
        plan.singleSquare = true;
        plan.ignoreCost = true;
        break;
      default:
        throw new MoveRefused(`${TEXT} has no ${request.action} action: it moves by mosey, run and the 5' step.`);
    }
    if (plan.budget < 1) throw new MoveRefused('An action score below 1 moves nowhere.');
    if (!plan.dice) plan.fixedScore = plan.budget;
    if (request.hidden) {
      // › Staying Hidden: "suffers the standard 2d6+0 penalty to the resistance for acting while
      // deceiving": the resistance of the whole movement rises by a 2d6 roll, so at best by 2.
      if (plan.singleSquare) throw new MoveRefused(`${TEXT} › Staying Hidden applies to moseys and runs, not to the 5' step.`);
      plan.penalty = parseDice('2d6');
      plan.budget -= 2;
      plan.modeBudgets = [plan.budget];
      if (plan.budget < 1) throw new MoveRefused(`Staying hidden adds 2d6 to the resistance: a score of ${plan.budget + 2} cannot move at all.`);
      plan.notes.push(`Staying hidden: 2d6+0 more resistance (${TEXT} › Staying Hidden); p is the chance the score still covers it.`);
    }
    // › Hidden Movement Resistance: the player plans with what the character can see; the GM's view
    // (knowsHidden) and the move itself (check) pay the hidden resistance.
    plan.truthResistance = !!request.knowsHidden;
    // › Standing, Sitting & Lying Down: "Standing up … requires a movement action with an MR equal to
    // the MR of the square currently occupied. This may be done as part of a mosey or run."
    if (creature.prone && mode !== 'fly') {
      const i = creature.y * encounter.map.width + creature.x;
      const standing = movementResistance(encounter.map.terrain[i] as TerrainKind, encounter.map.resistance[i]!, mode);
      plan.encumbrance += standing;
      plan.notes.push(`Standing up first costs the MR of its square (${standing}).`);
    }
    return plan;
  },

  // › Movement Resistance: a move succeeds while the score covers the summed MR of the squares.
  stepCost(step) {
    const leap = step.crossesLow && step.mode !== 'fly';
    return packStep(leap ? Math.max(step.resistance, LOW_OBSTACLE_RESISTANCE) : step.resistance, 0);
  },

  occupant(mover, other, plan): OccupantRule {
    const rule: OccupantRule = { pass: 'free', end: 'yes', provokesOnEnter: false, resistEnter: 0, resistLeave: 0 };
    if (!hostile(mover, other)) {
      // › Occupied Squares: "A square occupied by an ally … raises the square's movement resistance by one."
      rule.resistEnter = 1;
      return rule;
    }
    // "If the occupant is unable to act, the minimum resistance score of one is added" — on entering only.
    if (!resists(mover, other)) {
      rule.resistEnter = 1;
      return rule;
    }
    // One who can act makes a proximity resistance action on entering and on leaving: as rolled in
    // play, else at its least score with its dice kept for the chance (`p`).
    const { override, rolled: scores } = plan.proximity;
    const dice = proximityResistance(other, override);
    const least = leastResistance(dice);
    const rolled = scores && Object.hasOwn(scores, other.id) ? scores[other.id]! : null;
    rule.resistEnter = rolled?.enter !== undefined ? Math.max(1, Math.floor(rolled.enter)) : least;
    rule.resistLeave = rolled?.leave !== undefined ? Math.max(1, Math.floor(rolled.leave)) : least;
    rule.resistDice = !rolled && dice.count > 0 ? dice : null;
    return rule;
  },
  threatRange: () => null,
  maxStepCost: (plan) => 16 + 2 * plan.resist + plan.encumbrance,
  // › Movement Types: flying treats every square as MR 1, so each cube costs 1.
  flight: { unitsPerSquare: 1, step: (step) => packStep(1, step.parity) },
};
