import { RULESETS, type Creature, type RulesetId } from '../model';
import type { MoveAction } from '../rules/engine/types';
import { citeOf } from './cite';
import { conditionRefusal } from './conditions';
import type { PlayState, RoundMovement, RuleCite, TurnAction, TurnState } from './types';

/**
 * What a turn's movement may be in each ruleset, read from its text. `cost` says what the action
 * uses up: one move action, the whole turn's movement, or (d20, Epic Path) the round's 5-foot step.
 */
export interface TurnActionRule {
  label: string;
  cost: 'move' | 'turn' | 'step';
  rule: RuleCite;
}

export interface TurnEconomy {
  /** Move actions a turn may spend on movement. */
  moveActions: number;
  actions: Partial<Record<TurnAction, TurnActionRule>>;
  /** A 5-foot step only in a round with no other movement, and no other movement after it. */
  stepAlone: boolean;
  /** d20 1-2-1: the diagonal parity carries from one move to the next within the turn. */
  carryParity: boolean;
  /** Why there is no charge action, when the economy has none. */
  noCharge: string;
}

const a = (ruleset: RulesetId, label: string, cost: TurnActionRule['cost'], heading: string): TurnActionRule => ({ label, cost, rule: citeOf(ruleset, heading) });

export const TURN_ECONOMY: Readonly<Record<RulesetId, TurnEconomy>> = {
  // epic-path.txt › Walk is a move action; › Double Move a full attack action; › Run a full-round
  // action; › 5-Foot Step "in any round in which it doesn't perform any other kind of movement";
  // › Withdraw; › Crawling a move action; › Impeded Terrain a full-round action per 5 feet;
  // › Part of a Move Action: standing up from prone takes a move action. A turn's standard action may
  // be taken as a move action instead (› Overrun: "degraded your standard action to a move action";
  // › Collisions: "converting your standard action to a move action"): two move actions a turn, so a
  // creature that stands up may still walk.
  'epic-path': {
    moveActions: 2,
    actions: {
      move: a('epic-path', 'Walk (move action)', 'move', 'Walk'),
      double: a('epic-path', 'Double move (full attack action)', 'turn', 'Double Move'),
      run: a('epic-path', 'Run (full-round action)', 'turn', 'Run'),
      step: a('epic-path', '5-foot step', 'step', '5-Foot Step'),
      withdraw: a('epic-path', 'Withdraw (full-round action)', 'turn', 'Withdraw'),
      crawl: a('epic-path', 'Crawl 5 feet (move action)', 'move', 'Crawling'),
      'full-round': a('epic-path', '5 feet through impeded terrain (full-round action)', 'turn', 'Impeded Terrain'),
      'stand-up': a('epic-path', 'Stand up (move action)', 'move', 'Part of a Move Action'),
    },
    stepAlone: true,
    carryParity: false,
    noCharge: 'epic-path.txt names the charge (› Overrun, › Collisions) but its movement chapter gives no charge move.',
  },
  // d20-srd-35.txt › Movement in Combat: "take a move action and a standard action"; "use both of
  // your actions in a round to move … double your speed"; "the entire round running … quadruple";
  // "something that requires a full round … only take a 5-foot step"; › Minimum Movement.
  'd20-35': {
    moveActions: 2,
    actions: {
      move: a('d20-35', 'Move (move action)', 'move', 'Movement in Combat'),
      double: a('d20-35', 'Double move (both actions)', 'turn', 'Movement in Combat'),
      run: a('d20-35', 'Run (full round)', 'turn', 'Movement in Combat'),
      step: a('d20-35', '5-foot step', 'step', 'Movement in Combat'),
      'full-round': a('d20-35', 'Minimum movement, 1 square (full round)', 'turn', 'Minimum Movement'),
      // Named, not defined, by the text: read as the SRD's charge (docs/rules.md), its stated limits
      // from › Difficult Terrain and › Moving Through a Square.
      charge: a('d20-35', 'Charge (full round: up to double speed, straight line)', 'turn', 'Difficult Terrain'),
      // The chapter does not give standing up; it is read as a move action.
      'stand-up': a('d20-35', 'Stand up (move action; the chapter is silent)', 'move', 'Movement in Combat'),
    },
    stepAlone: true,
    carryParity: true,
    noCharge: 'd20-srd-35.txt names the charge (› Difficult Terrain: no charging across it) but gives no charge action.',
  },
  // d20-phb-30.txt › How Far Can Your Character Move? gives one move (no double move), a run and
  // › Minimum Movement; the 5-foot step is named in › Diagonals ("even by taking a 5-foot step").
  'd20-30': {
    moveActions: 1,
    actions: {
      move: a('d20-30', 'Move (move action)', 'move', 'How Far Can Your Character Move?'),
      run: a('d20-30', 'Run (full round)', 'turn', 'How Far Can Your Character Move?'),
      step: a('d20-30', '5-foot step', 'step', 'Measuring Distance'),
      'full-round': a('d20-30', 'Minimum movement, 1 square (full round)', 'turn', 'Special Movement Rules'),
      charge: a('d20-30', 'Charge (full round: up to double speed, straight line)', 'turn', 'Difficult Terrain'),
      'stand-up': a('d20-30', 'Stand up (move action; the chapter is silent)', 'move', 'How Far Can Your Character Move?'),
    },
    stepAlone: true,
    carryParity: true,
    noCharge: 'd20-phb-30.txt mentions creatures that "charge" only in passing; it gives no charge action.',
  },
  // 6d6.txt › Movement Types: a potential action moves once (› Mosey, › Run); several movements are
  // "distinct and separate actions" (the double); › 5' Step; › Standing, Sitting & Lying Down.
  '6d6': {
    moveActions: 1,
    actions: {
      move: a('6d6', 'Mosey (score 3)', 'move', 'Mosey'),
      run: a('6d6', 'Run (1d6+0, rolled)', 'move', 'Run'),
      double: a('6d6', 'Two moseys', 'turn', 'Movement Types'),
      step: a('6d6', "5' step", 'move', "5' Step"),
      'stand-up': a('6d6', 'Stand up (movement action)', 'move', 'Standing, Sitting & Lying Down'),
    },
    stepAlone: false,
    carryParity: false,
    noCharge: '6d6.txt has no charge.',
  },
  // startroid.txt › Double Move: "you can move twice if you take a move action instead of a standard
  // action"; the double move adds the two speeds; the shift is a move action (› Difficult Terrain);
  // › Occupied Squares points to "Stand Up" for standing.
  startroid: {
    moveActions: 2,
    actions: {
      move: a('startroid', 'Walk (move action)', 'move', 'Tactical Movement'),
      double: a('startroid', 'Double move (two walks, speeds added)', 'turn', 'Double Move'),
      step: a('startroid', 'Shift 1 square (move action)', 'move', 'Terrain and Obstacles'),
      'stand-up': a('startroid', 'Stand up (move action)', 'move', 'Occupied Squares'),
    },
    stepAlone: false,
    carryParity: false,
    noCharge: 'startroid.txt gives no charge in its movement chapter.',
  },
};

export function freshTurn(creature: string | null, ruleset: RulesetId): TurnState {
  const unit = RULESETS[ruleset].speedUnit;
  return { creature, moveActions: 0, fullRound: false, stepped: false, moved: false, spent: 0, unit, parity: 0 };
}

/** Why the turn does not allow an action now, or null when it does. */
export function turnRefusal(ruleset: RulesetId, turn: TurnState, creature: Creature, action: TurnAction): string | null {
  const economy = TURN_ECONOMY[ruleset];
  if (action === 'charge' && !economy.actions.charge) return economy.noCharge;
  const rule = economy.actions[action];
  const text = RULESETS[ruleset].text;
  if (!rule) return `${RULESETS[ruleset].name} has no ${action} action (${text}).`;
  if (turn.fullRound) return `${creature.name} has already used the whole turn's movement.`;
  if (economy.stepAlone && turn.stepped) return `${creature.name} took a 5-foot step: no other movement this round (${rule.rule.ref.split(' › ')[0]} › ${economy.actions.step!.rule.heading}).`;
  if (action === 'crawl' && !creature.prone) return `Only a prone creature crawls (${rule.rule.ref}).`;
  // epic-path.txt › Crawling: "While Prone, you can crawl 5 feet as a move action" — a prone creature
  // crawls or stands up (› Part of a Move Action) before it walks.
  if (ruleset === 'epic-path' && creature.prone && action !== 'crawl' && action !== 'stand-up') {
    return `${creature.name} is prone: it crawls 5 feet or stands up first (epic-path.txt › Crawling).`;
  }
  if (action === 'stand-up' && !creature.prone) return `${creature.name} is not prone.`;
  switch (rule.cost) {
    case 'step':
      if (economy.stepAlone && turn.moved) return `${creature.name} has already moved this round: no 5-foot step (${rule.rule.ref}).`;
      return null;
    case 'turn':
      if (turn.moveActions > 0 || turn.moved) return `${rule.label} takes the whole turn's movement, and ${creature.name} has already moved or acted.`;
      return null;
    case 'move':
      if (turn.moveActions >= economy.moveActions) {
        return `${creature.name} has no move action left this turn (${economy.moveActions} a turn in ${RULESETS[ruleset].name}).`;
      }
      return null;
  }
}

/** What an action uses of the turn, once done. */
export function spendTurn(ruleset: RulesetId, turn: TurnState, action: TurnAction): void {
  const rule = TURN_ECONOMY[ruleset].actions[action];
  if (!rule) return;
  if (rule.cost === 'move') turn.moveActions += 1;
  if (rule.cost === 'turn') {
    turn.fullRound = true;
    turn.moveActions = TURN_ECONOMY[ruleset].moveActions;
  }
  if (rule.cost === 'step') turn.stepped = true;
  turn.moved = true;
}

/**
 * Where a text counts the 5-foot step's limit by the round, not the turn (from rules edition 2): then a
 * creature's own moves out of turn in the round count with its turn's.
 * - epic-path.txt › 5-Foot Step: "in any round in which it doesn't perform any other kind of movement.
 *   Creatures cannot take more than one 5-foot step in a round, and cannot take a 5-foot step in the
 *   same round in which it moved any distance through its own actions"; standing up "is also
 *   considered movement".
 * - d20-srd-35.txt › Movement in Combat and d20-phb-30.txt › Movement in Combat: "you can move your
 *   speed in a round …"; "If you do something that requires a full round you can only take a 5-foot
 *   step": the step is the round's movement, alone in it.
 * 6d6.txt › 5' Step limits it by the kind of action ("only usable in initiative and opportunity
 * actions"), not by the round; startroid.txt's shift is a move action of "your turn" (› Double Move):
 * neither counts moves out of turn together, so neither is here.
 */
export const STEP_ROUND_RULE: Partial<Readonly<Record<RulesetId, RuleCite>>> = {
  'epic-path': citeOf('epic-path', '5-Foot Step'),
  'd20-35': citeOf('d20-35', 'Movement in Combat'),
  'd20-30': citeOf('d20-30', 'Movement in Combat'),
};

/** The rules edition from which the step's round counts moves out of turn (session.ts › rulesVersion). */
const STEP_ROUND_EDITION = 2;

/** Whether this fight counts the creature's own movement by the round (its text and edition say so). */
function countsByRound(state: PlayState): boolean {
  return state.rulesVersion >= STEP_ROUND_EDITION && STEP_ROUND_RULE[state.board.ruleset] !== undefined;
}

/**
 * Why the round does not allow a creature's own movement now, or null: a 5-foot step taken this round
 * (on its turn or out of turn) allows no other movement, and any movement this round allows no step.
 * The turn's own limits are `turnRefusal`'s; this adds the moves made out of turn.
 */
export function roundRefusal(state: PlayState, creature: Creature, action: TurnAction): { why: string; rule: RuleCite } | null {
  if (!countsByRound(state)) return null;
  const rule = STEP_ROUND_RULE[state.board.ruleset]!;
  const done = state.roundMovement.get(creature.id);
  if (!done || done.round !== state.round) return null;
  if (done.stepped) return { why: `${creature.name} took a 5-foot step in round ${state.round}${done.outOfTurn ? ' (out of turn)' : ''}: no other movement in the round (${rule.ref}).`, rule };
  if (action === 'step') return { why: `${creature.name} has already moved in round ${state.round}${done.outOfTurn ? ' (out of turn)' : ''}: no 5-foot step in the round (${rule.ref}).`, rule };
  return null;
}

/**
 * Notes a creature's own movement in the round, for `roundRefusal`. The Map is replaced, never changed
 * in place: the states before share it (state.ts › draft does not copy it at every action).
 */
export function noteRoundMovement(state: PlayState, creature: string, action: TurnAction, outOfTurn: boolean): void {
  if (!countsByRound(state)) return;
  const before = state.roundMovement.get(creature);
  const same = before && before.round === state.round ? before : null;
  const next: RoundMovement = { round: state.round, stepped: (same?.stepped ?? false) || action === 'step', outOfTurn: (same?.outOfTurn ?? false) || outOfTurn };
  state.roundMovement = new Map(state.roundMovement).set(creature, next);
}

export interface TurnOption {
  action: TurnAction;
  label: string;
  allowed: boolean;
  /** Why not, when not allowed. */
  why: string;
  rule: RuleCite | null;
}

/**
 * The movement the current creature may still take this turn, per its ruleset: every action the
 * text has (allowed or not, with why), and the charge with the reason it is absent.
 */
export function turnOptions(state: PlayState): TurnOption[] {
  const ruleset = state.board.ruleset;
  const creature = state.board.creatures.find((c) => c.id === state.current);
  if (!creature) return [];
  const economy = TURN_ECONOMY[ruleset];
  const out: TurnOption[] = [];
  const stalled = state.stalled[creature.id] ? `${creature.name} is stalled: it spends its turn on a DC 20 Reflex save (d20-phb-30.txt › Minimum Forward Speed).` : null;
  for (const [action, rule] of Object.entries(economy.actions) as [TurnAction, TurnActionRule][]) {
    const why = stalled ?? turnRefusal(ruleset, state.turn, creature, action) ?? roundRefusal(state, creature, action)?.why ?? conditionRefusal(state, creature, action)?.why ?? null;
    out.push({ action, label: rule.label, allowed: why === null, why: why ?? '', rule: rule.rule });
  }
  if (!economy.actions.charge) out.push({ action: 'charge', label: 'Charge', allowed: false, why: economy.noCharge, rule: null });
  return out;
}

export function isMoveAction(action: TurnAction): action is MoveAction {
  return action !== 'stand-up';
}
