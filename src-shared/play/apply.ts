import type { RandomSource } from '../rules/engine/dice';
import { seededRandom } from '../rules/engine/dice';
import { clearArea, placeArea } from './areas';
import { uniqueRules } from './cite';
import { setCondition } from './conditions';
import { stallSave } from './falls';
import { forcedAction, teleportAction } from './forced';
import { enterDamage, resolveAttack, setHitPoints } from './gm';
import { addEffect, addRoundEndEffect, endEffect } from './effects';
import { heal, setTemporaryHitPoints } from './health';
import { actNow, delayTurn, enterInitiative, joinInitiative, leaveInitiative, nextTurn, readyAction, rollInitiative, setGmOrder } from './initiative';
import { moveAction, standUp } from './moves';
import { rollAction, setAttackProfile } from './rolls';
import { outOfTurnMove } from './out-of-turn';
import { draft } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

export { initialState } from './state';
export { initiativeDice } from './initiative';
export { FORCED_RULES } from './forced';

/**
 * Applies one action to a state, returning the new state with its log entry; refuses (PlayRefused)
 * with the reason when the rules or the turn do not allow it. Pure: `before` is not changed.
 */
export function applyAction(before: PlayState, action: PlayAction, index: number, random: RandomSource): PlayState {
  const state = draft(before);
  let e: LogEntry;
  switch (action.kind) {
    case 'initiative':
      e = enterInitiative(state, before, index, action);
      break;
    case 'roll-initiative':
      e = rollInitiative(state, before, index, action, random);
      break;
    case 'order':
      e = setGmOrder(state, index, action);
      break;
    case 'next-turn':
      e = nextTurn(state, index, action, random);
      break;
    case 'move':
      e = moveAction(state, index, action, random);
      break;
    case 'stand-up':
      e = standUp(state, index, action);
      break;
    case 'resolve':
      e = resolveAttack(state, index, action, random);
      break;
    case 'damage':
      e = enterDamage(state, index, action, random);
      break;
    case 'hit-points':
      e = setHitPoints(state, index, action);
      break;
    case 'forced':
      e = forcedAction(state, index, action, random);
      break;
    case 'stall-save':
      e = stallSave(state, index, action, random);
      break;
    case 'teleport':
      e = teleportAction(state, index, action);
      break;
    // Areas and the ruler (issue 17 › 5).
    case 'area':
      e = placeArea(state, index, action);
      break;
    case 'clear-area':
      e = clearArea(state, index, action);
      break;
    // Dice roller and rolled attacks (issue 17 › 2).
    case 'roll':
      e = rollAction(state, index, action, random);
      break;
    case 'attack-profile':
      e = setAttackProfile(state, index, action);
      break;
    // play-health: conditions, healing and temporary hit points
    case 'condition':
      e = setCondition(state, index, action);
      break;
    case 'heal':
      e = heal(state, index, action);
      break;
    case 'temporary-hit-points':
      e = setTemporaryHitPoints(state, index, action);
      break;
    // Turn control (issue 17 › 4): moves out of turn, delay and ready, the order mid-fight, effects.
    case 'move-out-of-turn':
      e = outOfTurnMove(state, index, action, random);
      break;
    case 'delay':
      e = delayTurn(state, index, action, random);
      break;
    case 'ready':
      e = readyAction(state, index, action);
      break;
    case 'act-now':
      e = actNow(state, index, action);
      break;
    case 'join-initiative':
      e = joinInitiative(state, index, action);
      break;
    case 'leave-initiative':
      e = leaveInitiative(state, index, action, random);
      break;
    case 'effect':
      e = addEffect(state, index, action);
      break;
    case 'round-end-effect':
      e = addRoundEndEffect(state, index, action);
      break;
    case 'end-effect':
      e = endEffect(state, index, action);
      break;
    default:
      throw new PlayRefused(`"${(action as { kind?: unknown }).kind}" is not a play action.`);
  }
  e.rules = uniqueRules(e.rules);
  state.entries.push(e);
  return state;
}

/** Each action rolls from its own stream, so undoing or cutting the log never shifts later dice. */
export function actionRandom(seed: number, index: number): RandomSource {
  return seededRandom((Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) | 0);
}
