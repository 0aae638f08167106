import type { RandomSource } from '../rules/engine/dice';
import { citeOf } from './cite';
import { moveAction } from './moves';
import { creatureOf } from './state';
import { freshTurn } from './turns';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

const WHY: Readonly<Record<string, string>> = { correction: 'GM correction', reaction: 'reaction' };

/**
 * A creature moves when it is not its turn: a GM correction (putting right where a creature should
 * be) or a reaction (a readied action fired, or any move the GM allows out of turn). The path is
 * checked exactly as a move on its own turn — the engine's path rules, what it provokes, ledges and
 * falls — against a turn of its own, so the current creature's movement this turn is untouched.
 * Moving out of turn is a ruleset-neutral GM tool, with one text's word on it followed below.
 */
export function outOfTurnMove(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'move-out-of-turn' }>, random: RandomSource): LogEntry {
  const why = WHY[action.outOfTurn];
  if (!why || !Object.hasOwn(WHY, action.outOfTurn)) throw new PlayRefused('A move out of turn is a GM correction or a reaction.');
  const mover = creatureOf(state, action.creature);
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: a move out of turn happens during the fight.');
  const ruleset = state.board.ruleset;
  // 6d6.txt › Mosey: "Mosey can only be performed during an initiative action and not as part of an
  // opportunity action" — a reaction is an opportunity action, so it runs (or takes a 5' step, which
  // › 5' Step allows in opportunity actions). A GM correction is no action of the creature's.
  if (ruleset === '6d6' && action.outOfTurn === 'reaction' && (action.action === 'move' || action.action === 'double')) {
    throw new PlayRefused(`${mover.name} cannot mosey as a reaction: a mosey is only performed during an initiative action, not an opportunity action (6d6.txt › Mosey). It may run or take a 5' step.`, null, citeOf('6d6', 'Mosey'));
  }
  const own = { current: state.current, turnIndex: state.turnIndex, turn: state.turn };
  state.current = mover.id;
  state.turn = freshTurn(mover.id, ruleset);
  let e: LogEntry;
  try {
    const { outOfTurn: _why, kind: _kind, ...move } = action;
    // A reaction is the creature's own movement and counts in its round (turns.ts › roundRefusal);
    // a GM correction puts right where it should be and is none of its own.
    e = moveAction(state, index, { ...move, kind: 'move' }, random, action.outOfTurn);
  } finally {
    state.current = own.current;
    state.turnIndex = own.turnIndex;
    state.turn = own.turn;
  }
  e.kind = action.kind;
  e.text = `Out of turn (${why}): ${e.text.replace(/; [^;]* this turn\./, '.')}`;
  if (ruleset === '6d6' && action.outOfTurn === 'reaction') e.rules.push(citeOf('6d6', action.action === 'step' ? "5' Step" : 'Mosey'));
  return e;
}
