import type { Creature, Encounter, MovementMode } from '../../model';

export const ACTIONS = ['move', 'double', 'run', 'step', 'withdraw', 'crawl', 'full-round', 'charge'] as const;
export type MoveAction = (typeof ACTIONS)[number];

export interface MoveRequest {
  action: MoveAction;
  /** Absent: the creature's walk, or for Epic Path all its modes combined. */
  mode?: MovementMode;
  /** 6d6: a run's dice (default 1d6+0). */
  dice?: string;
  /** 6d6: a fixed action score instead of mosey or dice. */
  score?: number;
  /** d20: diagonals already counted this turn are odd (the next diagonal costs 2). */
  parity?: 0 | 1;
  /**
   * 6d6: every hindering occupant's proximity resistance action, a score or dice (`1d6+1`), instead of
   * each creature's own (6d6.txt › Occupied Squares). Planned at the least roll; dice give `p`.
   */
  resist?: number | string;
  /**
   * 6d6: what each occupant's proximity resistance actions scored, by creature id, on the mover
   * entering and leaving its square (rolled in play); a score below 1 counts as 1.
   */
  resistRolled?: Record<string, { enter?: number; leave?: number }>;
  /** 6d6: the encumbrance roll added to the first square. */
  encumbrance?: number;
  /** Startroid: the creature is phasing (ignores terrain, obstacles and creatures; ends unoccupied). */
  phasing?: boolean;
  /** d20 3.5: an accelerated climb (double the climb speed, at most the land speed). */
  accelerated?: boolean;
  /**
   * d20 3.5: the outcome of an overrun or a tumble through opponents' squares (› Moving Through a
   * Square › Overrun, › Tumbling): 'pass' lets the mover through every opponent's square it tries,
   * 'fail' stops it before the first. Absent: no attempt (opponents block).
   */
  overrun?: 'pass' | 'fail';
  tumble?: 'pass' | 'fail';
  /** 6d6: the mover stays hidden while moving (› Staying Hidden: a 2d6+0 penalty to the resistance). */
  hidden?: boolean;
  /** 6d6: plan with the squares' hidden movement resistance known (the GM's view; › Hidden Movement Resistance). */
  knowsHidden?: boolean;
}

/** Output unit of costs: feet, squares (Startroid) or movement resistance (6d6). */
export type CostUnit = 'ft' | 'squares' | 'mr';

/** A cost unit as players say it: "ft", "squares", "movement resistance" (6d6.txt › Movement Resistance). */
export function costUnitWords(unit: CostUnit | string): string {
  return unit === 'mr' ? 'movement resistance' : unit;
}

/** Thrown for a request the ruleset's text does not allow; the message says why. */
export class MoveRefused extends Error {}

export interface ReachSquare {
  /** Top-left square of the creature at the end of the move. */
  x: number;
  y: number;
  /** Least cost to get there, in `unit`. */
  cost: number;
  /** Whether the move may end there (false: it may only pass through). */
  end: boolean;
  /** Dice movement: the probability of reaching the square with an end allowed. */
  p?: number;
  /** The creature squeezes to be there (d20-srd-35.txt › Squeezing), filling only `band`. */
  squeezed?: boolean;
  /** Squeezed: the squares it fills from (x, y), in squares. */
  band?: { w: number; h: number };
  /** The creature gets there by walking off a ledge: it falls this far, and its move ends. */
  fall?: number;
  /** Flight: altitude of the creature's underside above the ground there, in the length unit. */
  z?: number;
  /** Flight: ending here in the air breaks the minimum forward speed: the creature stalls. */
  stall?: boolean;
}

export interface Reach {
  unit: CostUnit;
  /** The move's budget in `unit` (the largest possible score for dice movement). */
  budget: number;
  squares: ReachSquare[];
  /** Sentences worth telling the user about the reading of the rules used. */
  notes: string[];
}

export interface PathStep {
  x: number;
  y: number;
  /** What this step cost, in the reach's unit. */
  cost: number;
  /** The creature is squeezed after this step, filling only `band` from (x, y). */
  squeezed?: boolean;
  band?: { w: number; h: number };
}

export interface Provocation {
  /** The enemy who may make the attack of opportunity. */
  by: string;
  /** Top-left square of the mover when it provokes (the square it leaves, or enters). */
  x: number;
  y: number;
}

export interface PathAnswer {
  legal: boolean;
  /** Why the path is not legal, or '' when it is. */
  reason: string;
  /** Index in `steps` of the first illegal step, or -1. */
  breaksAt: number;
  total: number;
  unit: CostUnit;
  steps: PathStep[];
  provokes: Provocation[];
  /** Where the creature ends up by the last-legal-square rule when the path is not legal. */
  stopsAt: { x: number; y: number } | null;
  /** The path ends by walking off a ledge: the height fallen. */
  fall?: number;
  /**
   * d20 1-2-1 counting: the diagonal parity after the last legal step (1: the next diagonal costs 2),
   * to carry into the turn's next move (d20-srd-35.txt › Diagonals). Absent in other rulesets.
   */
  parity?: 0 | 1;
}

export interface MoveContext {
  encounter: Encounter;
  creature: Creature;
  request: MoveRequest;
}
