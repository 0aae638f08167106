import { Blockade, RULESETS, type MovementMode } from '../../model';
import { hostile, sharesSquares, sizeGap } from '../engine/relations';
import { basePlan, Going, goingFromTable, packStep, type MovePlan, type OccupantRule, type Ruleset } from '../engine/ruleset';
import { MoveRefused } from '../engine/types';
import { SIZES } from './sizes';

const TEXT = 'startroid.txt';
const SQUARE = 1.5;

export const startroid: Ruleset = {
  id: 'startroid',
  info: RULESETS.startroid,
  sizes: SIZES,
  // › Diagonal Movement: "Moving diagonally works the same as other movement".
  distance: 'one-one-one',
  diagonalParity: false,
  // › Difficult Terrain › Large, Huge and Gargantuan Creatures: "Count only squares it is entering
  // for the first time, not squares it already occupies."
  bigCreatureGoing: 'entered',
  // The text names squeezing only to forbid it (› Clear Path, › Teleportation).
  squeezeWidth: () => null,
  // › Special Rules for Size: "Four individual tiny creatures can fit in a square".
  roomInSquare: (mover, sharing) => sharing.filter((c) => c.size === 'tiny').length + (mover.size === 'tiny' ? 1 : 0) <= 4,
  going(kind, mode, deepWater, blockade) {
    // › Blockades: blocking terrain until cleared, then difficult, then normal.
    if (blockade === Blockade.blocking) return Going.blocked;
    const going = goingFromTable({ difficult: Going.difficult, impeded: Going.difficult }, kind, mode, deepWater);
    return blockade === Blockade.cleared && going === Going.clear && mode !== 'fly' ? Going.difficult : going;
  },
  resistance: () => 1,

  plan({ creature, request }): MovePlan {
    const mode: MovementMode = request.mode ?? 'walk';
    const speed = mode === 'walk' ? creature.speed.walk : (creature.speed[mode] ?? 0);
    if (!speed || speed <= 0) throw new MoveRefused(`${creature.name} has no ${mode} speed.`);
    const plan = basePlan(speed, mode, 'squares', 1);
    // › Moving through occupied squares: "Moving into a non helpless enemy's space provokes".
    plan.provokes = 'entering-enemy';
    switch (request.action) {
      case 'move':
        break;
      case 'double':
        // › Double Move › One Speed: "add the speeds of the two move actions together and then move".
        plan.budget = plan.modeBudgets[0] = speed * 2;
        break;
      case 'step':
        // › Difficult Terrain: "you can't normally shift into a square of difficult terrain" — a shift
        // is one square of movement; it provokes nothing (› No Opportunity Attacks of forced shifts).
        plan.budget = plan.modeBudgets[0] = 1;
        plan.singleSquare = true;
        plan.provokes = 'none';
        break;
      default:
        throw new MoveRefused(`${TEXT} does not define the ${request.action} action here; it gives walking, shifting and the double move.`);
    }
    return plan;
  },

  // › Difficult Terrain: "Each square of difficult terrain you enter costs 1 extra square";
  // a low obstacle between squares is read as difficult going for that step.
  stepCost(step) {
    const hampered = step.going >= Going.difficult || (step.crossesLow && step.mode !== 'fly');
    return packStep(hampered ? 2 : 1, 0);
  },

  occupant(mover, other): OccupantRule {
    const rule: OccupantRule = { pass: 'free', end: 'no', provokesOnEnter: false, resistEnter: 0, resistLeave: 0 };
    // › Special Rules for Size: tiny creatures "can occupy a square with a larger creature";
    // › Ending Movement: "Tiny creatures can end their movement in a larger creature's square."
    const tinyInBigger = mover.size === 'tiny' && other.size !== 'tiny';
    if (!hostile(mover, other)) {
      // › Ally: through; › Ending Movement: "in an ally's square only if the ally is prone".
      rule.end = other.prone || tinyInBigger || (mover.size === 'tiny' && other.size === 'tiny') ? 'yes' : 'no';
      return rule;
    }
    if (other.helpless) {
      rule.end = 'yes';
      return rule;
    }
    // › Enemy: not through "unless that enemy is helpless or two size categories larger or smaller".
    if (Math.abs(sizeGap(mover, other)) >= 2 || (mover.size === 'tiny' && sharesSquares(SIZES, other, SQUARE))) {
      rule.provokesOnEnter = true;
      rule.end = tinyInBigger ? 'yes' : 'no';
      return rule;
    }
    rule.pass = 'blocked';
    return rule;
  },
  // Opportunity attacks come only from entering an enemy's space in this text.
  threatRange: () => null,
  maxStepCost: () => 2,
  // The text moves in squares with diagonals costing 1; height is counted the same way.
  flight: { unitsPerSquare: 1, step: (step) => packStep(1, step.parity) },
};
