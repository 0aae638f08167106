import { RULESETS, type Encounter } from '../model';
import type { RandomSource } from '../rules/engine/dice';
import { MoveRefused } from '../rules/engine/types';
import { forcedMovement, type ForcedAnswer, type ForcedKind, type ForcedStop } from '../rules/forced';
import { teleport, type TeleportAnswer } from '../rules/startroid/teleport';
import { citeOf } from './cite';
import { conditionsOf } from './conditions';
import { resolveFall } from './falls';
import { creatureOf, entry, sq } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

/** Forced movement and teleport as play actions, by the engine's `forcedMovement` and `teleport`. */

/** Which forced movements each text has, and the heading each is under. */
export const FORCED_RULES: Readonly<Record<Encounter['ruleset'], Partial<Record<ForcedKind, string>>>> = {
  'epic-path': { push: 'Push', pull: 'Pull', slide: 'Slide' },
  startroid: { push: 'Pull, Push and Slide', pull: 'Pull, Push and Slide', slide: 'Pull, Push and Slide', shift: 'Pull, Push and Slide' },
  'd20-35': {},
  'd20-30': {},
  '6d6': {},
};

const FORCED_VERBS: Readonly<Record<ForcedKind, string>> = { push: 'pushes', pull: 'pulls', slide: 'slides', shift: 'shifts' };

export function forcedAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'forced' }>, random: RandomSource): LogEntry {
  const ruleset = state.board.ruleset;
  const info = RULESETS[ruleset];
  const heading = FORCED_RULES[ruleset][action.effect];
  if (!heading) {
    const has = Object.keys(FORCED_RULES[ruleset]);
    throw new PlayRefused(has.length ? `${info.name} has no ${action.effect} (${info.text}); it has ${has.join(', ')}.` : `${info.text} has no forced movement in its movement chapter.`);
  }
  const target = creatureOf(state, action.target);
  const by = creatureOf(state, action.by);
  const to = action.to?.length ? action.to : undefined;
  let answer: ForcedAnswer;
  try {
    answer = forcedMovement(state.board, { kind: action.effect, target: target.id, by: by.id, squares: action.squares, ...(to ? { to } : {}), ...(action.dropProne ? { dropProne: true } : {}), ...(action.threeDimensional ? { threeDimensional: true } : {}) });
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  const rule = citeOf(ruleset, heading);
  // Squares the GM chose that the movement cannot reach are refused, with the rule's reason.
  const endings: ForcedStop['code'][] = ['fell', 'prone'];
  if (to && answer.stopped && !endings.includes(answer.stopped.code) && answer.moved < Math.min(to.length, action.squares)) {
    const at = to[answer.moved]!;
    throw new PlayRefused(`${target.name} cannot be moved to ${sq(at)}: ${answer.stopped.text.replace(/^stopped(: | before )/, '')} (${rule.ref}).`, at, rule);
  }
  const from = { x: target.x, y: target.y };
  target.x = answer.x;
  target.y = answer.y;
  target.altitude = answer.z;
  const e = entry(state, index, action, by.id, '');
  e.rules.push(rule, citeOf(ruleset, 'Forced Movement'));
  e.squares = [from, ...answer.path];
  const unit = info.lengthUnit;
  if (answer.stopped?.code === 'prone') {
    target.prone = true;
    e.conditions.push('prone');
    e.text = `${by.name} tries to ${action.effect} ${target.name}: ${answer.stopped.text}`;
  } else {
    e.text = `${by.name} ${FORCED_VERBS[action.effect]} ${target.name} ${answer.moved} square${answer.moved === 1 ? '' : 's'} from ${sq(from)} to ${sq(answer)}.`;
    if (answer.stopped && answer.stopped.code !== 'fell') e.text += ` It ${answer.stopped.text.replace(/^stopped/, 'stops')}.`;
    e.text += ' Forced movement provokes no attacks of opportunity.';
  }
  if (answer.fall) {
    target.altitude = 0;
    resolveFall(state, e, target, answer.fall.height, { x: answer.x, y: answer.y }, random, 'goes over the edge');
  } else if (answer.z !== 0 && ruleset === 'epic-path') e.text += ` It is ${answer.z} ${unit} up (epic-path.txt › Forced Movement In 3-D).`;
  return e;
}

export function teleportAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'teleport' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (!action.to || !Number.isInteger(action.to.x) || !Number.isInteger(action.to.y)) throw new PlayRefused('A teleport needs a destination square x,y.');
  const rule = citeOf(state.board.ruleset, 'Teleportation');
  // startroid.txt › Teleportation: "to move instantly from one point to another" — the square it
  // already stands on is no other point, and a log line "teleports from 5,3 to 5,3" would be nonsense.
  if (action.to.x === c.x && action.to.y === c.y) {
    throw new PlayRefused(`${c.name} cannot teleport to ${sq(action.to)}: it already stands there; a teleport moves it "from one point to another" (${rule.ref}).`, action.to, rule);
  }
  let answer: TeleportAnswer;
  try {
    answer = teleport(state.board, c.id, action.to, action.range);
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  if (!answer.legal) throw new PlayRefused(`${c.name} cannot teleport to ${sq(action.to)}: ${answer.reason}${answer.reason.includes(rule.file) ? '' : ` (${rule.ref})`}.`, action.to, rule);
  const from = { x: c.x, y: c.y };
  c.x = action.to.x;
  c.y = action.to.y;
  c.altitude = 0;
  const e = entry(state, index, action, c.id, `${c.name} teleports from ${sq(from)} to ${sq(action.to)}, a square it can see; no attacks of opportunity.`);
  e.rules.push(rule);
  // startroid.txt › Teleportation: away from a restraint "located in a specific space" it is free;
  // "Otherwise" it is still held — which one the text leaves to the GM (a `condition` action).
  const held = conditionsOf(state, c.id).filter((r) => r.id === 'immobilized' || r.id === 'restrained');
  if (held.length) e.text += ` It is still ${held.map((r) => r.label.toLowerCase()).join(' and ')} unless what held it was in the space it left (the GM clears it then).`;
  e.squares = [from, { x: action.to.x, y: action.to.y }];
  return e;
}
