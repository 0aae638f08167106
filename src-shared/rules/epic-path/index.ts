import { Light, MOVEMENT_MODES, RULESETS, type Creature, type Encounter, type MovementMode, type RulesetSettings } from '../../model';
import { hostile, sharesSquares, sizeGap } from '../engine/relations';
import { basePlan, Going, goingFromTable, packStep, type MovePlan, type OccupantRule, type Ruleset } from '../engine/ruleset';
import { MoveRefused } from '../engine/types';
import { RECOMMENDED_PER_SQUARE_CAP, SIZES } from './sizes';

const TEXT = 'epic-path.txt';
const SQUARE = 5;

/**
 * epic-path.txt › Encumbrance: "Medium encumbrance reduces your movement by five feet if your base
 * move is above 20 feet, and Heavy encumbrance reduces your movement by ten feet if your Walk speed
 * is above 20 feet and five feet otherwise … [armour works] exactly as the … same name category …
 * these movement penalties stack". Its worked example (heavy armour and medium encumbrance: 15 ft
 * above 20 ft, 10 ft at or below) needs medium to take 5 ft at any speed: that is what is used.
 */
function penalty(category: string, walk: number): number {
  if (category === 'medium') return 5;
  if (category === 'heavy') return walk > 20 ? 10 : 5;
  return 0;
}

export function adjustedWalk(c: Creature): number {
  return Math.max(0, c.speed.walk - penalty(c.armor, c.speed.walk) - penalty(c.load, c.speed.walk));
}

/**
 * The run multiplier. Two sections disagree (shared/rules/README.md): › Run says x4, x3 in heavy
 * armour; › Encumbrance says "a normal Run action is made at 5x", one less for medium and two less
 * for heavy armour or load, stacking, never below x1. Default `run` takes › Run's x4 / x3 and the
 * load reductions › Encumbrance adds; the setting `encumbrance` takes › Encumbrance whole.
 */
export function runMultiplier(c: Creature, settings: RulesetSettings): number {
  const step = (category: string) => (category === 'medium' ? 1 : category === 'heavy' ? 2 : 0);
  const base = settings.epicPathRun === 'encumbrance' ? 5 - step(c.armor) : c.armor === 'heavy' ? 3 : 4;
  return Math.max(1, base - step(c.load));
}

function speedOf(c: Creature, mode: MovementMode): number {
  return mode === 'walk' ? adjustedWalk(c) : (c.speed[mode] ?? 0);
}

export const epicPath: Ruleset = {
  id: 'epic-path',
  info: RULESETS['epic-path'],
  sizes: SIZES,
  // › General Movement Rules: "Diagonal moves are the same as straight moves".
  distance: 'one-one-one',
  diagonalParity: false,
  // The text has no rule for a big creature on mixed terrain; the reading (and the d20
  // family's) is used: it moves as the most difficult terrain it occupies.
  bigCreatureGoing: 'occupied',
  // › Squeezing: a space "designed for creatures one size category smaller".
  squeezeWidth: (side) => (side > 1 ? side - 1 : null),
  // › Space: "no more than four creatures be allowed into one space, no matter how tiny".
  roomInSquare: (_mover, sharing) => sharing.length + 1 <= RECOMMENDED_PER_SQUARE_CAP,
  // › Difficult Terrain counts two squares; › Impeded Terrain takes a full-round action per square.
  // Flight never touches the ground it crosses: its footing does not matter.
  going: (kind, mode, deepWater) => goingFromTable({ difficult: Going.difficult, impeded: Going.impeded }, kind, mode, deepWater),
  resistance: () => 1,

  plan({ creature, request, encounter }): MovePlan {
    const own = (mode: MovementMode) => speedOf(creature, mode) > 0 || (mode === 'walk' && creature.speed.walk > 0);
    // › Combining Movement Types: with no mode named, every mode the creature has, each square
    // taken off every speed.
    const modes = request.mode ? [request.mode] : MOVEMENT_MODES.filter(own);
    for (const m of modes) if (!own(m)) throw new MoveRefused(`${creature.name} has no ${m} speed (${TEXT} › Alternative Movement Types).`);
    if (modes.length === 0) throw new MoveRefused(`${creature.name} has no speed at all.`);
    const squaresOf = (m: MovementMode, mult: number) => Math.floor((speedOf(creature, m) * mult) / SQUARE);
    // › Walk: "provokes attacks of opportunity … if you leave a space they threaten". › Double Move:
    // "because it is a single action, you can only be the target of one attack of opportunity per
    // enemy creature you provoke" — a walk, run, withdraw or crawl is one action too: once per enemy.
    const plan = basePlan(0, modes[0]!, 'ft', SQUARE);
    plan.provokes = 'once-per-enemy';
    plan.modes = modes;
    plan.modeBudgets = modes.map((m) => squaresOf(m, 1));
    plan.allowImpeded = false;
    const single = () => {
      plan.singleSquare = true;
      plan.modeBudgets = modes.map(() => 1);
    };
    // › Encumbrance: "If these penalties reduce your base move to zero … you must now use a
    // standard action to move five feet".
    const walkStopped = modes.length === 1 && modes[0] === 'walk' && adjustedWalk(creature) === 0;
    // › Run: "Characters may not use the 'run' action if they cannot see"; › 5-Foot Step: only "if its
    // movement isn't hampered by … darkness". Blinded, or standing where all is dark, it cannot see;
    // either move also stops before a square in darkness (plan.noDarkness).
    // › Overrun: "a Standard Action, or during the movement portion of a Charge, or as Part of a Move
    // Action" — the maneuver's outcome is the user's input (the text's check is a combat maneuver).
    // There is no charge in this text (docs/rules.md), so an overrun goes with a walk.
    if (request.overrun && request.action !== 'move') throw new MoveRefused(`An overrun is a standard action or part of a move action, up to its speed (${TEXT} › Overrun): not a ${request.action}.`);
    if (request.tumble) throw new MoveRefused(`Tumbling past enemies is the Tumbling feature of Acrobatics, a skill this chapter does not give (${TEXT} › Stepover names it): move the creature as the GM rules.`);
    plan.throughOpponents = request.overrun === 'pass';
    if (request.overrun === 'fail') plan.notes.push(`The overrun failed: it stops in the space in front of the opponent (${TEXT} › Overrun).`);
    const unseeing = creature.blinded ? `${creature.name} cannot see` : inDarkness(encounter, creature) ? `${creature.name} stands in darkness` : '';
    switch (request.action) {
      case 'move':
        if (walkStopped) {
          single();
          plan.notes.push(`${TEXT} › Encumbrance: with its speed reduced to 0, ${creature.name} moves only five feet, as a standard action.`);
        }
        break;
      case 'double':
        // › Double Move: twice its speed; one action, so one attack of opportunity per enemy.
        if (walkStopped) single();
        else plan.modeBudgets = modes.map((m) => squaresOf(m, 2));
        break;
      case 'run': {
        // › Run: "four times its listed speed in a straight line"; no difficult terrain; › Impeded
        // Terrain: no running through it either.
        if (walkStopped) throw new MoveRefused(`${creature.name} cannot run with its speed reduced to 0 (${TEXT} › Encumbrance).`);
        if (unseeing) throw new MoveRefused(`${unseeing}: characters may not run if they cannot see (${TEXT} › Run).`);
        plan.noDarkness = true;
        const mult = runMultiplier(creature, encounter.settings);
        plan.modeBudgets = modes.map((m) => squaresOf(m, mult));
        plan.noDifficult = true;
        plan.straightLine = true;
        plan.notes.push(`Run multiplier x${mult} (${encounter.settings.epicPathRun === 'encumbrance' ? '› Encumbrance' : '› Run'}).`);
        break;
      }
      case 'step': {
        // › 5-Foot Step: not with a speed of 5 feet or less, not into difficult terrain, only in a
        // mode with a listed speed; it provokes nothing.
        const mode = request.mode ?? 'walk';
        if (speedOf(creature, mode) <= 5) throw new MoveRefused(`A creature with a speed of 5 feet or less can't take a 5-foot step (${TEXT} › 5-Foot Step).`);
        if (unseeing) throw new MoveRefused(`${unseeing}: a 5-foot step is only for movement not hampered by darkness (${TEXT} › 5-Foot Step).`);
        plan.noDarkness = true;
        plan.modes = [mode];
        plan.modeBudgets = [1];
        plan.singleSquare = true;
        plan.noDifficult = true;
        plan.provokes = 'none';
        break;
      }
      case 'withdraw':
        // › Withdraw: double speed; the start square is not threatened; "you can't withdraw from combat
        // if you're blinded" (darkness alone is not named: only blindness refuses it).
        if (creature.blinded) throw new MoveRefused(`${creature.name} is blinded: you can't withdraw from combat if you're blinded (${TEXT} › Withdraw).`);
        plan.modeBudgets = modes.map((m) => squaresOf(m, 2));
        plan.startSafe = true;
        break;
      case 'crawl':
        // › Crawling: "While Prone, you can crawl 5 feet as a move action."
        if (!creature.prone) throw new MoveRefused(`Only a prone creature crawls (${TEXT} › Crawling).`);
        plan.modes = ['walk'];
        single();
        break;
      case 'full-round':
        // › Impeded Terrain: "a full-round action to move 5 feet"; it does provoke.
        single();
        plan.allowImpeded = true;
        plan.ignoreCost = true;
        break;
      default:
        throw new MoveRefused(`${TEXT} has no ${request.action} action.`);
    }
    plan.budget = Math.max(...plan.modeBudgets);
    return plan;
  },

  // › Difficult Terrain: "each square moved into counts as two squares"; › Squeezing: entering a
  // square that needs a squeeze "counts as difficult terrain"; low obstacles between squares are
  // obstacles, which › Difficult Terrain counts among difficult terrain.
  stepCost(step) {
    const hampered = step.going >= Going.difficult || step.squeezed || (step.crossesLow && step.mode !== 'fly');
    const cost = step.going === Going.impeded ? 1 : hampered ? 2 : 1;
    return packStep(cost, 0);
  },

  occupant(mover, other, plan): OccupantRule {
    const rule: OccupantRule = { pass: 'free', end: 'yes', provokesOnEnter: false, resistEnter: 0, resistLeave: 0 };
    // › Stepover: two size categories or larger ignores the smaller creature, ending on or past it.
    if (sizeGap(mover, other) >= 2) return rule;
    // › Squeezing: "if one of the creatures is dead, the squeezing rules do not apply. Instead, the
    // dead creature is treated as rough terrain."
    if (other.dead) {
      rule.pass = 'rough';
      return rule;
    }
    if (hostile(mover, other)) {
      // › Walk: "only … through unoccupied spaces or spaces occupied by allies"; › Reach: entering a
      // hostile space takes a Might roll. › Squeezing: one "unable to prevent it" may be shared.
      if (other.helpless) {
        rule.pass = 'squeeze';
        rule.end = 'squeeze';
      } else if (plan.throughOpponents && sizeGap(other, mover) <= 1) {
        // › Overrun, passed: through the target's square ("no greater than one size category larger
        // than you"), ending "in an open space"; initiating it provokes an attack from the target.
        rule.end = 'no';
        rule.provokesOnEnter = true;
      } else rule.pass = 'blocked';
      return rule;
    }
    // › Squeezing: ending in the same space, when both normally fill it, is squeezing.
    const sub = sharesSquares(SIZES, mover, SQUARE) || sharesSquares(SIZES, other, SQUARE);
    rule.end = sub ? 'yes' : 'squeeze';
    return rule;
  },

  // › Threatened Area: all spaces within reach and all spaces occupied; › Reach: tiny and smaller
  // threaten only their own space.
  threatRange(c) {
    if (c.helpless || c.dead) return null;
    const reach = c.reach ?? SIZES[c.size]?.reach ?? SQUARE;
    return Math.floor(reach / SQUARE);
  },
  maxStepCost: () => 4,
  // › Three Dimensional Movement: cubes, 26 neighbours, "All moves and ranges are counted as 1 for 1".
  flight: { unitsPerSquare: 1, step: (step) => packStep(1, step.parity) },
};

/** Every square of the creature's space is in darkness (the `light` layer). */
function inDarkness(encounter: Encounter, c: Creature): boolean {
  const map = encounter.map;
  const side = Math.max(1, Math.floor((SIZES[c.size]?.space ?? SQUARE) / SQUARE));
  for (let y = c.y; y < Math.min(c.y + side, map.height); y++) {
    for (let x = c.x; x < Math.min(c.x + side, map.width); x++) if (map.light[y * map.width + x] !== Light.darkness) return false;
  }
  return true;
}
