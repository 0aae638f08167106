import { Terrain, type Creature, type Encounter, type MovementMode, type RulesetId, type RulesetInfo, type TerrainKind } from '../../model';
import type { DiceExpression } from './dice';
import type { DistanceRule } from './distance';
import type { SizeTable } from './sizes';
import type { CostUnit, MoveContext } from './types';
import type { FlightRules } from './flight';

/**
 * How hard a square is to enter, for one mover in one mode. Ordered: a creature spanning several
 * squares moves as the worst of them where its ruleset says so.
 */
export const Going = {
  clear: 0,
  difficult: 1,
  /** epic-path.txt › Impeded Terrain: only a full-round action moves into it. */
  impeded: 2,
  blocked: 3,
} as const;
export type GoingClass = (typeof Going)[keyof typeof Going];

/** What a move may do, worked out from the request before the search runs. */
export interface MovePlan {
  /** The most the move may cost, in cost units (squares; MR for 6d6). */
  budget: number;
  /** Output unit, and how many of it one cost unit is (5 ft per square). */
  unit: CostUnit;
  unitSize: number;
  /** The modes the move may use; several for Epic Path's combined movement. */
  modes: MovementMode[];
  /** Each mode's own limit in cost units (Epic Path: every square is taken off every speed). */
  modeBudgets: number[];
  /** The move is exactly one square (5-foot step, crawl, minimum movement, full-round in impeded). */
  singleSquare: boolean;
  /** Minimum movement: one square whatever it would cost (d20-srd-35.txt › Minimum Movement). */
  ignoreCost: boolean;
  /**
   * A run or charge cannot cross difficult terrain, nor an obstacle between squares: d20-srd-35.txt
   * › Obstacles puts "each obstructed square or obstacle between squares" in one sentence "like
   * difficult terrain"; Epic Path and Startroid count a low obstacle as difficult terrain for its step.
   */
  noDifficult: boolean;
  /** d20 charge: friends' squares cannot be passed (› Moving Through a Square: "unless you are charging"). */
  noPassingFriends: boolean;
  /** d20: an overrun or tumble succeeded: opponents' squares may be passed (not ended in). */
  throughOpponents: boolean;
  /** Epic Path's run and 5-foot step: squares in darkness cannot be entered. */
  noDarkness: boolean;
  /** 6d6: a rolled penalty on the resistance (staying hidden: 2d6+0); the budget assumes its least roll. */
  penalty: DiceExpression | null;
  /** 6d6: the score when it is fixed (mosey, --score), for the chance against a penalty. */
  fixedScore: number | null;
  /** 6d6: price squares with their hidden movement resistance (the move pays the truth). */
  truthResistance: boolean;
  /** Epic Path's run is in a straight line. */
  straightLine: boolean;
  /** May the move enter impeded terrain at all (only a full-round action can). */
  allowImpeded: boolean;
  /** How attacks of opportunity are counted along a path. */
  provokes: 'none' | 'each-square' | 'once-per-enemy' | 'entering-enemy';
  /** Withdraw: the start square is not threatened. */
  startSafe: boolean;
  /** d20: diagonal parity carried in from earlier moves this turn. */
  parity: 0 | 1;
  /** 6d6: the action score is rolled with these dice (budget is then the highest roll). */
  dice: DiceExpression | null;
  /** 6d6: separate movement actions, each with its own score (double = two moseys). */
  phases: number;
  /** 6d6: the largest resistance a hindering occupant can add to one step, for sizing the search's buckets. */
  resist: number;
  /** 6d6: the request's proximity resistance for every occupant, and the scores rolled in play by id. */
  proximity: { override?: number | string; rolled?: Record<string, { enter?: number; leave?: number }> };
  encumbrance: number;
  notes: string[];
}

/** What one step of a footprint looks like, for the ruleset to price. */
export interface StepFacts {
  diagonal: boolean;
  /** d20 diagonal parity before the step. */
  parity: number;
  /** The worst going the ruleset counts (whole footprint or newly entered squares). */
  going: GoingClass;
  /** Entering a squeezed position (narrower than the creature's space). */
  squeezed: boolean;
  /** The step crosses a low obstacle on an edge. */
  crossesLow: boolean;
  /** 6d6: the highest movement resistance among the squares entered, plus occupants' resistance. */
  resistance: number;
  mode: MovementMode;
}

/** How a mover may treat one creature whose space it enters. */
export interface OccupantRule {
  /**
   * 'free' passes; 'squeeze' passes as if difficult (Epic Path); 'rough' is rough terrain to enter
   * (Epic Path's dead creature: no running or 5-foot step into it); 'blocked' cannot enter.
   */
  pass: 'free' | 'squeeze' | 'rough' | 'blocked';
  /** Whether the move may end sharing a square with it. */
  end: 'yes' | 'squeeze' | 'no';
  /** Entering its space provokes an attack of opportunity from it. */
  provokesOnEnter: boolean;
  /** 6d6 resistance added on entering and on leaving its square (the least roll when not rolled yet). */
  resistEnter: number;
  resistLeave: number;
  /** 6d6: the proximity resistance dice behind resistEnter / resistLeave when they are still to roll. */
  resistDice?: DiceExpression | null;
}

export interface Ruleset {
  id: RulesetId;
  info: RulesetInfo;
  sizes: SizeTable;
  distance: DistanceRule;
  /** d20 counts diagonals 1-2-1 and carries the parity along the path. */
  diagonalParity: boolean;
  /** Which squares decide a big creature's going: all it occupies, or only those newly entered. */
  bigCreatureGoing: 'occupied' | 'entered';
  /** Width in squares a creature of `side` squares may squeeze into, or null if it cannot. */
  squeezeWidth(side: number): number | null;
  /** Sub-square creatures: may the mover end in a square already holding these fractions? */
  roomInSquare(mover: Creature, sharing: readonly Creature[], encounter: Encounter): boolean;
  /** How hard a square of this kind is in a mode, or blocked. */
  going(kind: TerrainKind, mode: MovementMode, deepWater: boolean, blockade: number): GoingClass;
  /** 6d6 movement resistance of a square (1 elsewhere). */
  resistance(kind: TerrainKind, painted: number, mode: MovementMode): number;
  /** Works out budget and limits, or throws MoveRefused naming the rule. */
  plan(ctx: MoveContext): MovePlan;
  /**
   * Cost of one step in cost units and the parity after it, packed as `cost * 2 + parity` (see
   * `packStep`), or -1 when it cannot be made. Packed so the search allocates nothing per step.
   */
  stepCost(step: StepFacts, plan: MovePlan): number;
  occupant(mover: Creature, occupant: Creature, plan: MovePlan): OccupantRule;
  /** Squares of reach with which a creature threatens, or null if it threatens nothing. */
  threatRange(creature: Creature, encounter: Encounter): number | null;
  /** Squares this close or closer it does not threaten (a reach weapon); -1 or absent: none. */
  threatGap?(creature: Creature): number;
  /** The largest single step cost, for sizing the search's buckets. */
  maxStepCost(plan: MovePlan): number;
  /** How flight in three dimensions is counted. */
  flight: FlightRules;
}

export function baseUnitSize(info: RulesetInfo): number {
  return info.speedUnit === 'ft' ? info.squareSize : 1;
}

/** How a ruleset reads the painted terrain kinds for walkers (data, not code). */
export interface GoingTable {
  difficult: GoingClass;
  impeded: GoingClass;
}

/**
 * The going of a square from a ruleset's table, the same reading for every ruleset: blocked and
 * obstacle squares stop everyone; a flyer is not hampered by the ground; a swimmer moves only in
 * water; a burrower tunnels under the ground's going; water as deep as a square needs a swim speed and
 * shallower water is difficult going.
 */
export function goingFromTable(table: GoingTable, kind: TerrainKind, mode: MovementMode, deepWater: boolean): GoingClass {
  if (kind === Terrain.blocked || kind === Terrain.obstacle) return Going.blocked;
  if (mode === 'fly') return Going.clear;
  if (mode === 'swim') return kind === Terrain.water ? Going.clear : Going.blocked;
  // d20-srd-35.txt › Burrow: "tunnel through dirt, but not through rock": under the ground its going
  // does not matter; rock (blocked squares) and water stop it.
  if (mode === 'burrow') return kind === Terrain.water ? Going.blocked : Going.clear;
  switch (kind) {
    case Terrain.difficult:
      return table.difficult;
    case Terrain.impeded:
      return table.impeded;
    case Terrain.water:
      return deepWater ? Going.blocked : Going.difficult;
    default:
      return Going.clear;
  }
}

/** A move plan with every field at its plain default; rulesets change what their text changes. */
export function basePlan(budget: number, mode: MovementMode, unit: CostUnit, unitSize: number): MovePlan {
  return {
    budget,
    unit,
    unitSize,
    modes: [mode],
    modeBudgets: [budget],
    singleSquare: false,
    ignoreCost: false,
    noDifficult: false,
    noPassingFriends: false,
    throughOpponents: false,
    noDarkness: false,
    penalty: null,
    fixedScore: null,
    truthResistance: false,
    straightLine: false,
    allowImpeded: true,
    provokes: 'each-square',
    startSafe: false,
    parity: 0,
    dice: null,
    phases: 1,
    resist: 0,
    proximity: {},
    encumbrance: 0,
    notes: [],
  };
}

/** Packs a step's cost and the diagonal parity after it into one number. */
export function packStep(cost: number, parity: number): number {
  return cost * 2 + parity;
}
