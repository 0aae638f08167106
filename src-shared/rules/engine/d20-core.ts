import { RULESETS, type Creature, type MovementMode, type TerrainKind } from '../../model';
import type { FlightRules } from './flight';
import type { SizeTable } from './sizes';
import { hostile, sharesSquares, sizeGap } from './relations';
import { basePlan, Going, goingFromTable, packStep, type GoingClass, type MovePlan, type OccupantRule, type Ruleset, type StepFacts } from './ruleset';
import { MoveRefused } from './types';

/**
 * Mechanics the two d20 texts state in the same words (d20-srd-35.txt and d20-phb-30.txt, both
 * › Measuring Distance, › Moving Through a Square, › Terrain and Obstacles, › Special Movement
 * Rules). Each d20 ruleset composes these with its own speed table and actions.
 */

/**
 * Going of a square. › Difficult Terrain: "Flying and incorporeal creatures are not hampered by
 * difficult terrain." › Obstacles: an obstacle that "hampers movement but doesn't completely block
 * it" makes an "obstructed square" that counts as 2 squares: that is how the editor's impeded
 * squares read in d20. Water shallower than a square is difficult going for a walker; deeper water
 * needs a swim speed (› Swim) or flight; a swimmer swims only in water.
 */
export function d20Going(kind: TerrainKind, mode: MovementMode, deepWater: boolean): GoingClass {
  return goingFromTable({ difficult: Going.difficult, impeded: Going.difficult }, kind, mode, deepWater);
}

/**
 * One step's cost in squares. › Diagonals: 1, 2, 1, 2… with the parity carried along. › Double
 * Movement Cost: each doubling (difficult terrain, squeezing) multiplies: 2, 4, 8 squares, and a
 * hampered diagonal 3, 6, 12 — "just as two diagonal moves normally do", so it leaves the parity
 * as it was. › Obstacles: crossing an obstacle between squares costs 2 squares more. Flyers "can
 * avoid most obstacles".
 */
export function d20StepCost(step: StepFacts): number {
  const doublings = (step.going >= Going.difficult ? 1 : 0) + (step.squeezed ? 1 : 0);
  let cost: number;
  let parity = step.parity;
  if (!step.diagonal) cost = 1 << doublings;
  else if (doublings === 0) {
    cost = parity ? 2 : 1;
    parity ^= 1;
  } else cost = 3 << (doublings - 1);
  if (step.crossesLow && step.mode !== 'fly') cost += 2;
  return packStep(cost, parity);
}

/**
 * › Moving Through a Square. Friend: through, not to end. Opponent: not through unless helpless
 * (then freely, and may end there). › Very Small Creature: Fine, Diminutive and Tiny creatures move
 * into or through occupied squares and provoke when doing so. › Three Sizes Larger or Smaller:
 * through, not to end. › Ending Your Movement: not in another creature's square unless helpless.
 */
export function d20Occupant(mover: Creature, other: Creature, sizes: SizeTable, squareSize: number, plan?: MovePlan, deadAreHelpless = false): OccupantRule {
  const charging = !!plan?.noPassingFriends;
  const rule: OccupantRule = { pass: 'free', end: 'no', provokesOnEnter: false, resistEnter: 0, resistLeave: 0 };
  // › Moving Through a Square › Friend: "You can move through a square occupied by a friendly
  // character, unless you are charging."
  if (charging && other.side === mover.side && !other.helpless) {
    rule.pass = 'blocked';
    return rule;
  }
  // › Designated Exceptions: "A creature that completely fills the squares it occupies cannot be
  // moved past, even with the Tumble skill or similar special abilities."
  if (other.fillsSpace) {
    rule.pass = 'blocked';
    return rule;
  }
  // d20-phb-30.txt › Moving Trough a Square: "unless the opponent is helpless (dead, unconscious,
  // paralyzed, bound, or the like)" — in that text the dead are helpless.
  if (other.helpless || (deadAreHelpless && other.dead)) {
    rule.end = 'yes';
    return rule;
  }
  if (sharesSquares(sizes, mover, squareSize)) {
    rule.end = 'yes';
    rule.provokesOnEnter = hostile(mover, other);
    return rule;
  }
  // › Overrun, › Tumbling: "you can attempt to move through a square occupied by an opponent"; the
  // check's outcome is the user's: passed, the opponent's square is passed (not ended in).
  if (hostile(mover, other) && Math.abs(sizeGap(mover, other)) < 3 && !plan?.throughOpponents) rule.pass = 'blocked';
  return rule;
}

/** Sub-square creatures share a square while their spaces add up to no more than one square. */
export function d20RoomInSquare(mover: Creature, sharing: readonly Creature[], sizes: SizeTable): boolean {
  let used = 1 / (sizes[mover.size]?.perSquare ?? 1);
  for (const c of sharing) {
    const per = sizes[c.size]?.perSquare;
    if (per) used += 1 / per;
  }
  return used <= 1 + 1e-9;
}

/**
 * › Tiny, Diminutive, and Fine Creatures: with no natural reach "they do not threaten the squares
 * around them"; › Large … Creatures: reach measured like any distance.
 */
export function d20ThreatRange(c: Creature, sizes: SizeTable, squareSize: number): number | null {
  if (c.helpless || c.dead) return null;
  const reach = c.reach ?? sizes[c.size]?.reach ?? squareSize;
  if (reach <= 0) return null;
  // d20-srd-35.txt › Big and Little Creatures in Combat: "creatures using reach weapons can strike
  // up to double their natural reach but can't strike at their natural reach or less".
  return Math.floor(((c.reachWeapon ? 2 : 1) * reach) / squareSize);
}

/** With a reach weapon, the squares within natural reach are not threatened (see above). */
export function d20ThreatGap(c: Creature, sizes: SizeTable, squareSize: number): number {
  if (!c.reachWeapon) return -1;
  return Math.floor((c.reach ?? sizes[c.size]?.reach ?? squareSize) / squareSize);
}

export interface D20Actions {
  /** The text's name, for refusals. */
  text: string;
  double: boolean;
  /** d20-srd-35.txt › Climb, › Fly: the accelerated climb and the dive attack. */
  acceleratedClimb?: boolean;
  dive?: boolean;
}

/** The budget of a d20 move in squares, from a speed in feet. */
export function d20Plan(
  creature: Creature,
  request: { action: string; mode?: MovementMode; parity?: 0 | 1; accelerated?: boolean; overrun?: 'pass' | 'fail'; tumble?: 'pass' | 'fail' },
  walkSpeed: number,
  actions: D20Actions,
): MovePlan {
  const mode: MovementMode = request.mode ?? 'walk';
  let speed = mode === 'walk' ? walkSpeed : creature.speed[mode];
  if (!speed || speed <= 0) throw new MoveRefused(`${creature.name} has no ${mode} speed.`);
  if (request.accelerated) {
    // d20-srd-35.txt › Climb: "If it chooses an accelerated climb it moves at double the given climb
    // speed (or its base land speed, whichever is lower)".
    if (!actions.acceleratedClimb) throw new MoveRefused(`${actions.text} has no accelerated climb.`);
    if (mode !== 'climb') throw new MoveRefused('An accelerated climb is a climb: use --mode climb.');
    speed = Math.min(2 * speed, walkSpeed);
  }
  // d20-srd-35.txt › Fly: "if carrying no more than a light load".
  if (mode === 'fly' && creature.load !== 'light') throw new MoveRefused(`${creature.name} cannot fly with a ${creature.load} load (${actions.text} › Fly).`);
  // › Tumbling says only "see the Tumble skill", which is not in the text: the SRD's skill is read from
  // outside it (docs/rules.md): a tumble moves at half speed; passed, it goes through the opponents'
  // squares and provokes no attack of opportunity from the enemies tumbled past; failed, opponents
  // block and leaving threatened squares provokes as usual. The outcome is the user's input.
  if (request.tumble) {
    if (request.overrun) throw new MoveRefused(`A move through opponents is a tumble or an overrun, not both (${actions.text} › Moving Through a Square): give one outcome.`);
    if (request.action === 'step') throw new MoveRefused(`A 5-foot step provokes no attack of opportunity already: there is nothing to tumble for (${actions.text} › Tumbling; the SRD's Tumble skill).`);
    if (request.action !== 'move' && request.action !== 'double') throw new MoveRefused(`Tumbling is movement at half speed (the SRD's Tumble skill, which ${actions.text} › Tumbling points to): not a ${request.action}.`);
  }
  const squares = Math.floor(speed / 5);
  const plan = basePlan(squares, mode, 'ft', 5);
  plan.parity = request.parity ?? 0;
  plan.throughOpponents = request.overrun === 'pass' || request.tumble === 'pass';
  if (request.overrun === 'fail' || request.tumble === 'fail') plan.notes.push(`The ${request.overrun === 'fail' ? 'overrun' : 'tumble'} failed: opponents' squares stop the move (${actions.text} › Moving Through a Square).`);
  switch (request.action) {
    case 'move':
      break;
    case 'double':
      if (!actions.double) throw new MoveRefused(`${actions.text} has no double move: it gives a move, a run, a 5-foot step and minimum movement.`);
      plan.budget = plan.modeBudgets[0] = squares * 2;
      break;
    case 'run':
      // › Movement in Combat: "quadruple your speed"; › Difficult Terrain: no running across it;
      // › Climb, › Burrow: no running; › Fly, › Swim: only in a straight line.
      if (mode === 'climb' || mode === 'burrow') throw new MoveRefused(`Creatures cannot run while ${mode === 'climb' ? 'climbing' : 'burrowing'} (${actions.text} › Movement Modes).`);
      plan.budget = plan.modeBudgets[0] = squares * 4;
      plan.noDifficult = true;
      plan.straightLine = mode === 'fly' || mode === 'swim';
      break;
    case 'step':
      // A 5-foot step moves one square for 5 feet of movement and provokes no attack.
      plan.budget = plan.modeBudgets[0] = 1;
      plan.singleSquare = true;
      plan.provokes = 'none';
      break;
    case 'full-round':
      // › Minimum Movement: one square in any direction, even diagonally, whatever the penalties.
      plan.budget = plan.modeBudgets[0] = 1;
      plan.singleSquare = true;
      plan.ignoreCost = true;
      break;
    case 'charge':
      // The texts name the charge without giving its distance or shape; it is read as the SRD's
      // charge: up to double speed, in a straight line (docs/rules.md). What they do state: › Difficult
      // Terrain "You can't run or charge across difficult terrain"; › Moving Through a Square › Friend
      // "unless you are charging"; › Burrow "Creatures cannot charge or run while burrowing".
      if (mode === 'burrow') throw new MoveRefused(`Creatures cannot charge while burrowing (${actions.text} › Burrow).`);
      if (mode === 'climb') throw new MoveRefused(`A charge is a run at the foe; ${creature.name} cannot charge while climbing.`);
      // d20-srd-35.txt › Fly: "A dive attack works just like a charge" — a flying charge is a dive.
      if (mode === 'fly' && !actions.dive) throw new MoveRefused(`${actions.text} has no dive attack (d20-srd-35.txt › Fly has).`);
      plan.budget = plan.modeBudgets[0] = squares * 2;
      plan.noDifficult = true;
      plan.straightLine = true;
      plan.noPassingFriends = true;
      break;
    default:
      throw new MoveRefused(`${actions.text} has no ${request.action} action.`);
  }
  if (request.tumble) {
    plan.budget = plan.modeBudgets[0] = Math.floor(plan.budget / 2);
    if (request.tumble === 'pass') plan.provokes = 'none';
    plan.notes.push(`Tumbling at half speed (the SRD's Tumble skill, read from outside ${actions.text}): ${request.tumble === 'pass' ? 'through opponents, provoking no attack of opportunity from the enemies tumbled past' : 'failed, so opponents block and threatened squares provoke as usual'}.`);
  }
  return plan;
}

/**
 * d20-srd-35.txt gives flight no vertical rules of its own: height is one more axis counted like the
 * others, a move along two or three axes being a diagonal (1-2-1 with the parity carried).
 */
export const d20PlainFlight: FlightRules = {
  unitsPerSquare: 1,
  step(step) {
    const axes = (step.horizontal === 2 ? 2 : step.horizontal) + (step.vertical !== 0 ? 1 : 0);
    if (axes <= 1) return packStep(1, step.parity);
    return step.parity ? packStep(2, 0) : packStep(1, 1);
  },
};

/** What tells the two d20 rulesets apart; everything else they share (see the top of this file). */
export interface D20Variant {
  id: 'd20-35' | 'd20-30';
  text: string;
  sizes: SizeTable;
  /** The text's Tactical Speed table. */
  tacticalSpeed(c: Creature): number;
  /** Whether the text has a double move. */
  double: boolean;
  /** Whether the text has the accelerated climb and the dive attack (d20-srd-35.txt › Climb, › Fly). */
  climbAndDive?: boolean;
  /** Whether the text counts the dead among the helpless (d20-phb-30.txt › Moving Trough a Square). */
  deadAreHelpless?: boolean;
  flight: FlightRules;
}

/**
 * A d20 ruleset from its variant: › Diagonals 1-2-1 with parity; › Difficult Terrain "the most
 * difficult terrain you occupy"; › Squeezing into "a space that is at least half as wide as your
 * normal space"; › Moving Through a Square; › Very Small Creature.
 */
export function d20Ruleset(v: D20Variant): Ruleset {
  const square = 5;
  return {
    id: v.id,
    info: RULESETS[v.id],
    sizes: v.sizes,
    distance: 'one-two-one',
    diagonalParity: true,
    bigCreatureGoing: 'occupied',
    squeezeWidth: (side) => (side > 1 ? Math.ceil(side / 2) : null),
    roomInSquare: (mover, sharing) => d20RoomInSquare(mover, sharing, v.sizes),
    going: (kind, mode, deep) => d20Going(kind, mode, deep),
    resistance: () => 1,
    plan: ({ creature, request }) => d20Plan(creature, request, v.tacticalSpeed(creature), { text: v.text, double: v.double, acceleratedClimb: v.climbAndDive, dive: v.climbAndDive }),
    stepCost: (step) => d20StepCost(step),
    occupant: (mover, other, plan) => d20Occupant(mover, other, v.sizes, square, plan, !!v.deadAreHelpless),
    threatRange: (c) => d20ThreatRange(c, v.sizes, square),
    threatGap: (c) => d20ThreatGap(c, v.sizes, square),
    maxStepCost: () => 32,
    flight: v.flight,
  };
}
