import { DiceError, formatDice, parseDice, roll, type DiceExpression, type RandomSource } from '../rules/engine/dice';
import { CONDITIONS, conditionRule, conditionsOf, setCondition } from './conditions';
import { damageWords, takeDamage } from './health';
import { creatureOf, entry, nameOf } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayEffect, type PlayState, type TurnEdge } from './types';

/**
 * Effects in play: a named effect with a duration in rounds that ends at the start or the end of a
 * named creature's turn, and effects the GM enters that fire at every round's end (damage, a
 * condition). None of the five movement chapters gives durations or turn boundaries, so these are
 * ruleset-neutral GM tools: no rule is cited for the timing, and nothing a text decides is changed —
 * a condition goes through the `condition` action's own code (conditions.ts), with the text it cites,
 * and damage through the hit points' `takeDamage` (health.ts). Each is logged when it is added, when
 * it fires and when it ends (in the entry of the action that brought the turn's start or end about).
 */

const MAX_ROUNDS = 1000;

function effectName(name: unknown): string {
  const text = typeof name === 'string' ? name.trim() : '';
  if (!text) throw new PlayRefused('Name the effect (e.g. "Bless" or "Burning").');
  if (text.length > 80) throw new PlayRefused('An effect\'s name is 80 characters at most.');
  return text;
}

function requireFight(state: PlayState): void {
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: an effect counts rounds.');
}

/** The condition an effect names, checked against the ruleset's list (the `condition` action's refusal). */
function effectCondition(state: PlayState, condition: unknown): string | null {
  if (condition === undefined || condition === null || String(condition).trim() === '') return null;
  const id = String(condition).trim();
  if (!conditionRule(state.board.ruleset, id)) throw new PlayRefused(`"${id}" is not a condition this ruleset's text names; it has ${CONDITIONS[state.board.ruleset].map((r) => r.id).join(', ')}.`);
  return id;
}

/**
 * Sets or clears a condition through the `condition` action's code, its words and rule added to `e`.
 * Clearing one the GM has already cleared says so and changes nothing. At a turn's start or end or a
 * round's end the turn must still pass: a condition the rules keep (helpless while paralyzed) is said
 * with the reason instead of refusing the action.
 */
function applyCondition(state: PlayState, e: LogEntry, creature: string, condition: string, on: boolean): void {
  const has = conditionsOf(state, creature).some((r) => r.id === condition);
  if (has === on) {
    e.text += ` ${nameOf(state, creature)} is ${on ? 'already' : 'no longer'} ${conditionRule(state.board.ruleset, condition)?.label.toLowerCase() ?? condition}.`;
    return;
  }
  let done: LogEntry;
  try {
    done = setCondition(state, e.index, { kind: 'condition', creature, condition, on });
  } catch (err) {
    if (!(err instanceof PlayRefused)) throw err;
    e.text += ` ${err.message}`;
    if (err.rule) e.rules.push(err.rule);
    return;
  }
  e.text += ` ${done.text.replace(/ \(GM\)\.$/, '.')}`;
  e.rules.push(...done.rules);
  e.conditions.push(...done.conditions);
}

/** A named effect on a creature for `rounds` rounds, ending at the start or end of `turnOf`'s turn. */
export function addEffect(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'effect' }>): LogEntry {
  requireFight(state);
  const on = creatureOf(state, action.on);
  const name = effectName(action.name);
  if (action.ends !== 'start' && action.ends !== 'end') throw new PlayRefused('An effect ends at the start or the end of a turn.');
  if (!Number.isInteger(action.rounds) || action.rounds < 0 || action.rounds > MAX_ROUNDS) throw new PlayRefused(`An effect lasts a whole number of rounds, 0 to ${MAX_ROUNDS}.`);
  const turnOf = creatureOf(state, action.turnOf);
  if (!state.order.some((o) => o.creature === turnOf.id)) throw new PlayRefused(`${turnOf.name} is not in the initiative: its turn never comes, so the effect would never end.`);
  const condition = effectCondition(state, action.condition);
  if (condition && conditionsOf(state, on.id).some((r) => r.id === condition)) {
    throw new PlayRefused(`${on.name} is already ${conditionRule(state.board.ruleset, condition)!.label.toLowerCase()}: the effect would clear a condition it did not set when it ends.`);
  }
  const effect: PlayEffect = { id: `effect-${index}`, kind: 'duration', name, on: on.id, edge: action.ends, turnOf: turnOf.id, round: state.round + action.rounds, condition };
  state.effects.push(effect);
  const e = entry(state, index, action, on.id, `${name} on ${on.name}: ${action.rounds} ${action.rounds === 1 ? 'round' : 'rounds'}, ending at the ${effect.edge} of ${turnOf.name}'s turn in round ${effect.round} (GM).`);
  if (condition) applyCondition(state, e, on.id, condition, true);
  return e;
}

/** An effect the GM enters that fires at every round's end: damage (dice or a number) to the creature it is on. */
export function addRoundEndEffect(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'round-end-effect' }>): LogEntry {
  requireFight(state);
  const on = creatureOf(state, action.on);
  const name = effectName(action.name);
  let damage: string | null = null;
  if (action.damage !== undefined && String(action.damage).trim() !== '') {
    try {
      damage = formatDice(parseDice(String(action.damage)));
    } catch (err) {
      throw new PlayRefused(err instanceof DiceError ? `The damage ${err.message}.` : String(err));
    }
  }
  const rounds = action.rounds ?? null;
  if (rounds !== null && (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS)) throw new PlayRefused(`A round's-end effect fires a whole number of times, 1 to ${MAX_ROUNDS}, or until the GM ends it.`);
  const condition = effectCondition(state, action.condition);
  const effect: PlayEffect = { id: `effect-${index}`, kind: 'round-end', name, on: on.id, damage, nonlethal: action.nonlethal === true, condition, left: rounds };
  state.effects.push(effect);
  const label = condition ? conditionRule(state.board.ruleset, condition)!.label.toLowerCase() : null;
  const what = [damage && `${on.name} takes ${damage}${effect.nonlethal ? ' nonlethal' : ''} damage`, label && `${on.name} becomes ${label}`].filter(Boolean).join(' and ') || `it fires on ${on.name}`;
  const howLong = rounds === null ? 'until the GM ends it' : `${rounds} ${rounds === 1 ? 'time' : 'times'}`;
  return entry(state, index, action, on.id, `${name}: at each round's end ${what}, ${howLong} (GM).`);
}

/** The GM ends an effect early. */
export function endEffect(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'end-effect' }>): LogEntry {
  const k = state.effects.findIndex((f) => f.id === action.effect);
  if (k < 0) throw new PlayRefused(`There is no effect "${action.effect}" in play.`);
  const [f] = state.effects.splice(k, 1);
  const e = entry(state, index, action, f!.on, `${f!.name} on ${nameOf(state, f!.on)} ends (GM).`);
  if (f!.kind === 'duration' && f!.condition) applyCondition(state, e, f!.on, f!.condition, false);
  return e;
}

/**
 * A turn's start or end: the duration effects that end there (their round reached) end, each said in
 * the entry. Called by everything that starts or ends a turn (next turn, delay, act now, leaving).
 */
export function turnEdge(state: PlayState, e: LogEntry, creature: string, edge: TurnEdge): void {
  const ending = state.effects.filter((f) => f.kind === 'duration' && f.turnOf === creature && f.edge === edge && state.round >= f.round);
  if (!ending.length) return;
  state.effects = state.effects.filter((f) => !ending.includes(f));
  const whose = nameOf(state, creature);
  for (const f of ending) {
    e.text += ` ${f.name} on ${nameOf(state, f.on)} ends (${edge} of ${whose}'s turn).`;
    if (f.kind === 'duration' && f.condition) applyCondition(state, e, f.on, f.condition, false);
  }
}

/**
 * A creature leaves the initiative: the duration effects waiting for its turn would never end, so
 * they end now, said in the entry.
 */
export function endEffectsTimedBy(state: PlayState, e: LogEntry, creature: string): void {
  const ending = state.effects.filter((f) => f.kind === 'duration' && f.turnOf === creature);
  if (!ending.length) return;
  state.effects = state.effects.filter((f) => !ending.includes(f));
  const whose = nameOf(state, creature);
  for (const f of ending) {
    e.text += ` ${f.name} on ${nameOf(state, f.on)} ends (it was timed by ${whose}'s turn).`;
    if (f.kind === 'duration' && f.condition) applyCondition(state, e, f.on, f.condition, false);
  }
}

/**
 * The round's end: every round's-end effect fires in the order it was added, its damage rolled from
 * the action's seeded dice and logged; one that has fired its last time ends.
 */
export function roundEnd(state: PlayState, e: LogEntry, random: RandomSource): void {
  const firing = state.effects.filter((f): f is Extract<PlayEffect, { kind: 'round-end' }> => f.kind === 'round-end');
  if (!firing.length) return;
  e.text += ` End of round ${state.round}:`;
  for (const f of firing) {
    const on = nameOf(state, f.on);
    if (f.damage) {
      const dice: DiceExpression = parseDice(f.damage);
      const faces: number[] = [];
      const total = Math.max(
        0,
        roll(dice, () => {
          const r = random();
          faces.push(1 + Math.floor(r * dice.sides));
          return r;
        }),
      );
      const taken = takeDamage(state, f.on, total, { nonlethal: f.nonlethal });
      e.dice.push({ what: `${f.name} on ${on}`, dice: f.damage, rolls: faces, total });
      e.text += ` ${f.name}: ${on} takes ${total}${f.nonlethal ? ' nonlethal' : ''} damage${dice.count ? ` (${f.damage})` : ''}${damageWords(state, f.on, taken)}.`;
    }
    if (f.condition) {
      e.text += f.damage ? '' : ` ${f.name}:`;
      applyCondition(state, e, f.on, f.condition, true);
    }
    if (!f.damage && !f.condition) e.text += ` ${f.name} fires on ${on}.`;
    if (f.left !== null) {
      f.left -= 1;
      if (f.left <= 0) {
        state.effects = state.effects.filter((k) => k !== f);
        e.text += ` ${f.name} on ${on} ends.`;
      }
    }
  }
}
