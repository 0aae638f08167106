import type { Creature, RulesetId } from '../model';
import { citeOf } from './cite';
import { creatureOf, entry } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState, type RuleCite, type TurnAction } from './types';

/**
 * Conditions in play: those each ruleset's text names, what they do to movement, and the `condition`
 * action that sets or clears one. Four are flags the engine already reads on the board's creature
 * (prone, helpless, dead, blinded), so the board stays their one place; the others live in
 * `PlayState.conditions`, keyed by creature id in a Map.
 */

export type ConditionId =
  | 'prone'
  | 'helpless'
  | 'dead'
  | 'unconscious'
  | 'paralyzed'
  | 'stunned'
  | 'blinded'
  | 'fatigued'
  | 'grappling'
  | 'entangled'
  | 'immobilized'
  | 'restrained';

/** The creature flags the engine reads (rules/*): a condition that sets one moves as the engine says. */
type BoardFlag = 'prone' | 'helpless' | 'dead' | 'blinded';

export interface ConditionRule {
  id: ConditionId;
  label: string;
  /** The badge on the token: one or two letters. */
  letter: string;
  /** Where the text names it, or null where the chapter is silent (said in `effect`). */
  rule: RuleCite | null;
  /** What it does to movement, in words (shown as the badge's title and in the panel). */
  effect: string;
  /** The board flag it sets: the engine applies it to every move. */
  board?: BoardFlag;
  /** Also marks the creature helpless on the board (others pass through and may end in its space). */
  helpless?: boolean;
  /** The creature's own movement it stops: every move (and standing up), or the actions listed. */
  stops?: 'all' | 'moves' | readonly TurnAction[];
}

const c = (ruleset: RulesetId, heading: string) => citeOf(ruleset, heading);

/** A dead or unconscious creature does not move itself: no text has to say so (a GM's marker). */
const STILL = 'it does not move itself';

/**
 * The conditions each text names, with the passage. A condition the text names only in an attack or
 * armour table is offered (a GM marks it) with "no movement rule in this text" — never invented.
 */
export const CONDITIONS: Readonly<Record<RulesetId, readonly ConditionRule[]>> = {
  'epic-path': [
    { id: 'prone', label: 'Prone', letter: 'P', board: 'prone', rule: c('epic-path', 'Crawling'), effect: 'crawls 5 feet or stands up (a move action) before anything else' },
    // epic-path.txt › Overland Travel: "A fatigued character can't run or charge"; › Run: running to the limit makes a character fatigued.
    { id: 'fatigued', label: 'Fatigued', letter: 'F', rule: c('epic-path', 'Overland Travel'), effect: "can't run or charge", stops: ['run', 'charge'] },
    // epic-path.txt › Run: "may not use the 'run' action if they cannot see"; › Withdraw: not if blinded (the engine reads the flag).
    { id: 'blinded', label: 'Blinded', letter: 'B', board: 'blinded', rule: c('epic-path', 'Run'), effect: "can't run (it cannot see) and can't withdraw (› Withdraw)" },
    // epic-path.txt › Squeezing: "one creature is unable to prevent it (such as being unconscious or stunned)".
    { id: 'stunned', label: 'Stunned', letter: 'St', rule: c('epic-path', 'Squeezing'), effect: 'cannot prevent another creature from squeezing into its space; the text gives it no other movement rule' },
    { id: 'unconscious', label: 'Unconscious', letter: 'U', rule: c('epic-path', 'Squeezing'), effect: `cannot prevent another creature from squeezing into its space; ${STILL}`, stops: 'all' },
    // epic-path.txt › Squeezing: a dead creature's square is rough terrain (the engine reads the flag).
    { id: 'dead', label: 'Dead', letter: '✝', board: 'dead', rule: c('epic-path', 'Squeezing'), effect: `its square is rough terrain; ${STILL}`, stops: 'all' },
  ],
  'd20-35': [
    { id: 'prone', label: 'Prone', letter: 'P', board: 'prone', rule: null, effect: 'stands up as a move action (the chapter does not name prone: falls leave a creature prone by the d20 fall rule)' },
    // d20-srd-35.txt › Moving through a Square: "unless the opponent is helpless"; › Ending Your Movement.
    { id: 'helpless', label: 'Helpless', letter: 'H', board: 'helpless', rule: c('d20-35', 'Moving through a Square'), effect: 'others move through its square and may end their movement there' },
    { id: 'dead', label: 'Dead', letter: '✝', board: 'dead', rule: null, effect: `the chapter gives the dead no movement rule (mark it helpless too if it should not hinder); ${STILL}`, stops: 'all' },
  ],
  'd20-30': [
    // d20-phb-30.txt › Attack Roll Modifiers and › Armor Class Modifiers name prone; standing up as in 3.5.
    { id: 'prone', label: 'Prone', letter: 'P', board: 'prone', rule: c('d20-30', 'Armor Class Modifiers'), effect: 'stands up as a move action (the chapter gives prone only in its modifier tables)' },
    // d20-phb-30.txt › Moving Trough a Square: "helpless (dead, unconscious, paralyzed, bound, or the like)".
    { id: 'helpless', label: 'Helpless', letter: 'H', board: 'helpless', rule: c('d20-30', 'Moving Trough a Square'), effect: 'others move through its square and may end their movement there' },
    { id: 'unconscious', label: 'Unconscious', letter: 'U', helpless: true, rule: c('d20-30', 'Moving Trough a Square'), effect: `helpless: others move through its square; ${STILL}`, stops: 'all' },
    // d20-phb-30.txt › Special Movement Rules: minimum movement is not allowed "when all movement is prohibited, such as while paralyzed".
    { id: 'paralyzed', label: 'Paralyzed', letter: 'Pa', helpless: true, rule: c('d20-30', 'Special Movement Rules'), effect: 'all movement is prohibited, even the minimum movement; helpless: others move through its square', stops: 'all' },
    { id: 'dead', label: 'Dead', letter: '✝', board: 'dead', rule: c('d20-30', 'Moving Trough a Square'), effect: `helpless: others move through its square; ${STILL}`, stops: 'all' },
    // Named only in the modifier tables: no movement rule in this text.
    { id: 'stunned', label: 'Stunned', letter: 'St', rule: c('d20-30', 'Armor Class Modifiers'), effect: 'named in the modifier tables only: no movement rule in this text' },
    { id: 'blinded', label: 'Blinded', letter: 'B', rule: c('d20-30', 'Armor Class Modifiers'), effect: 'named in the modifier tables only: no movement rule in this text' },
    { id: 'grappling', label: 'Grappling', letter: 'G', rule: c('d20-30', 'Armor Class Modifiers'), effect: 'named in the modifier tables only: no movement rule in this text' },
    { id: 'entangled', label: 'Entangled', letter: 'E', rule: c('d20-30', 'Attack Roll Modifiers'), effect: 'named in the modifier tables only: no movement rule in this text' },
  ],
  '6d6': [
    // 6d6.txt › Standing, Sitting & Lying Down: knocked or fallen down, standing up is a movement action against the square's MR.
    { id: 'prone', label: 'Fallen down', letter: 'P', board: 'prone', rule: c('6d6', 'Standing, Sitting & Lying Down'), effect: "standing up takes a movement action against the square's MR" },
    // 6d6.txt › Occupied Squares: only an occupant "who wishes to prevent this" resists; one unconscious cannot wish.
    { id: 'unconscious', label: 'Unconscious', letter: 'U', helpless: true, rule: c('6d6', 'Occupied Squares'), effect: `cannot wish to prevent a move into or out of its square: no proximity resistance; ${STILL}`, stops: 'all' },
    { id: 'dead', label: 'Dead', letter: '✝', board: 'dead', rule: c('6d6', 'Occupied Squares'), effect: `adds only the resistance of an occupant that does not hinder; ${STILL}`, stops: 'all' },
  ],
  startroid: [
    // startroid.txt › Moving through occupied squares: "end your movement in an ally's square only if the ally is prone".
    { id: 'prone', label: 'Prone', letter: 'P', board: 'prone', rule: c('startroid', 'Moving through occupied squares'), effect: "an ally may end its move in its square; stands up (a move action)" },
    { id: 'helpless', label: 'Helpless', letter: 'H', board: 'helpless', rule: c('startroid', 'Moving through occupied squares'), effect: 'enemies move through its space and may end there; moving into it provokes nothing' },
    // startroid.txt › Teleportation: "Being immobilized or restrained doesn't prevent a target from
    // teleporting" — read as: it prevents every other move of its own (the 4e-style conditions are
    // defined in a chapter that is not part of this text).
    { id: 'immobilized', label: 'Immobilized', letter: 'I', rule: c('startroid', 'Teleportation'), effect: 'cannot walk, shift or double move; it may still teleport and stand up', stops: 'moves' },
    { id: 'restrained', label: 'Restrained', letter: 'R', rule: c('startroid', 'Teleportation'), effect: 'cannot walk, shift or double move; it may still teleport and stand up', stops: 'moves' },
    { id: 'dead', label: 'Dead', letter: '✝', board: 'dead', rule: null, effect: `the chapter gives the dead no movement rule (mark it helpless too if it should not hinder); ${STILL}`, stops: 'all' },
  ],
};

export function conditionRule(ruleset: RulesetId, id: string): ConditionRule | undefined {
  return CONDITIONS[ruleset].find((k) => k.id === id);
}

/** The conditions a creature has now, in the order its ruleset lists them (board flags included). */
export function conditionsOf(state: PlayState, id: string): ConditionRule[] {
  const creature = state.board.creatures.find((k) => k.id === id);
  if (!creature) return [];
  const kept = state.conditions.get(id) ?? [];
  return CONDITIONS[state.board.ruleset].filter((r) => (r.board ? !!creature[r.board] : kept.includes(r.id)));
}

/**
 * Why a condition stops this creature's own movement (a move, or standing up), with the rule, or
 * null. Moves refused by a board flag are the engine's to refuse (prone, blinded) and are not here.
 */
export function conditionRefusal(state: PlayState, creature: Creature, action: TurnAction): { why: string; rule: RuleCite | null } | null {
  for (const r of conditionsOf(state, creature.id)) {
    if (!r.stops) continue;
    const stopped = r.stops === 'all' || (r.stops === 'moves' ? action !== 'stand-up' : r.stops.includes(action));
    if (!stopped) continue;
    const where = r.rule ? ` (${r.rule.ref})` : '';
    return { why: `${creature.name} is ${r.label.toLowerCase()}: ${r.effect}${where}.`, rule: r.rule };
  }
  return null;
}

/** Sets or clears a condition the creature's ruleset names; the log says what it does to movement. */
export function setCondition(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'condition' }>): LogEntry {
  const creature = creatureOf(state, action.creature);
  const ruleset = state.board.ruleset;
  const rule = conditionRule(ruleset, action.condition);
  if (!rule) {
    const names = CONDITIONS[ruleset].map((r) => r.id).join(', ');
    throw new PlayRefused(`"${action.condition}" is not a condition this ruleset's text names; it has ${names}.`);
  }
  if (typeof action.on !== 'boolean') throw new PlayRefused('A condition is set (on: true) or cleared (on: false).');
  const has = conditionsOf(state, creature.id).some((r) => r.id === rule.id);
  if (has === action.on) throw new PlayRefused(`${creature.name} is ${action.on ? 'already' : 'not'} ${rule.label.toLowerCase()}.`);
  const makesHelpless = conditionsOf(state, creature.id).filter((r) => r.helpless && r.id !== rule.id);
  if (rule.board === 'helpless' && !action.on && makesHelpless.length) {
    const by = makesHelpless[0]!;
    throw new PlayRefused(`${creature.name} is ${by.label.toLowerCase()}, and so helpless while it lasts${by.rule ? ` (${by.rule.ref})` : ''}.`);
  }
  let kept = (state.conditions.get(creature.id) ?? []).filter((k) => k !== rule.id);
  if (rule.board) creature[rule.board] = action.on;
  else if (action.on) kept.push(rule.id);
  // Helpless by another condition (d20 3.0's unconscious and paralyzed): helpless while any such
  // remains, and afterwards only if it was helpless on its own before ('helpless' kept as a marker).
  if (rule.helpless && action.on && !makesHelpless.length && creature.helpless) kept.push('helpless');
  if (rule.helpless) {
    const still = action.on || makesHelpless.length > 0;
    creature.helpless = still || kept.includes('helpless');
    if (!still) kept = kept.filter((k) => k !== 'helpless');
  }
  if (kept.length) state.conditions.set(creature.id, kept);
  else state.conditions.delete(creature.id);
  const e = entry(state, index, action, creature.id, action.on ? `${creature.name} is ${rule.label.toLowerCase()}: ${rule.effect} (GM).` : `${creature.name} is no longer ${rule.label.toLowerCase()} (GM).`);
  if (rule.rule) e.rules.push(rule.rule);
  e.conditions.push(action.on ? rule.id : `not ${rule.id}`);
  return e;
}
