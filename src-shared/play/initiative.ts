import { RULESETS, type Creature, type Encounter } from '../model';
import { DiceError, formatDice, parseDice, roll, type DiceExpression, type RandomSource } from '../rules/engine/dice';
import { creatureOf, entry, nameOf, ownEntry, startTurn } from './state';
import { PlayRefused, type InitiativeEntry, type LogEntry, type PlayAction, type PlayState } from './types';

/**
 * Initiative and the turn order. None of the five movement chapters gives initiative or a tie-break:
 * the die is each game's usual one and ties are left to the GM (`ties`, the `order` action).
 */

/**
 * The die initiative is rolled with. None of the five movement chapters gives initiative, so the die
 * is each game's usual one (d20 for the d20 family and Startroid, d6 for 6d6), a choice the GM can
 * change per roll, and ties are left to the GM (`ties`, the `order` action).
 */
export function initiativeDice(ruleset: Encounter['ruleset']): string {
  return ruleset === '6d6' ? '1d6' : '1d20';
}

export function setOrder(state: PlayState, order: InitiativeEntry[]): void {
  state.order = order;
  // Ties: equal scores next to each other, for the GM to break (the texts give no tie-break).
  state.ties = [];
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && order[j]!.score === order[i]!.score) j++;
    if (j - i > 1) state.ties.push(order.slice(i, j).map((e) => e.creature));
    i = j;
  }
  state.round = Math.max(1, state.round);
  startTurn(state, 0);
}

/** Sort by score, highest first; equal scores keep the planned order (the GM breaks ties). */
function byScore(entries: InitiativeEntry[], planned: readonly Creature[]): InitiativeEntry[] {
  const rank = new Map(planned.map((c, i) => [c.id, i]));
  return [...entries].sort((p, q) => q.score - p.score || rank.get(p.creature)! - rank.get(q.creature)!);
}

/** Initiative the GM enters: highest first; equal scores keep the planned order until the GM orders them. */
export function enterInitiative(state: PlayState, before: PlayState, index: number, action: Extract<PlayAction, { kind: 'initiative' }>): LogEntry {
  const entries: InitiativeEntry[] = [];
  for (const [id, score] of Object.entries(action.scores ?? {})) {
    const c = creatureOf(state, id);
    if (!Number.isFinite(score)) throw new PlayRefused(`${c.name}'s initiative is not a number.`);
    entries.push({ creature: id, name: c.name, score });
  }
  if (!entries.length) throw new PlayRefused('Enter an initiative score for at least one creature.');
  setOrder(state, byScore(entries, before.board.creatures));
  const e = entry(state, index, action, null, `Initiative entered: ${state.order.map((o) => `${o.name} ${o.score}`).join(', ')}.`);
  return e;
}

/** Initiative rolled for every creature with the seeded dice: the die plus its modifier. */
export function rollInitiative(state: PlayState, before: PlayState, index: number, action: Extract<PlayAction, { kind: 'roll-initiative' }>, random: RandomSource): LogEntry {
  const ruleset = state.board.ruleset;
  let dice: DiceExpression;
  try {
    dice = parseDice(action.dice ?? initiativeDice(ruleset));
  } catch (err) {
    throw new PlayRefused(err instanceof DiceError ? err.message : String(err));
  }
  const e = entry(state, index, action, null, '');
  const entries: InitiativeEntry[] = [];
  for (const c of state.board.creatures) {
    const modifier = ownEntry(action.modifiers, c.id) ?? 0;
    const faces: number[] = [];
    const rolled = roll(dice, () => {
      const r = random();
      faces.push(1 + Math.floor(r * dice.sides));
      return r;
    });
    entries.push({ creature: c.id, name: c.name, score: rolled + modifier, roll: rolled, modifier });
    e.dice.push({ what: `${c.name}'s initiative`, dice: `${formatDice(dice)}${modifier ? (modifier > 0 ? `+${modifier}` : `${modifier}`) : ''}`, rolls: faces, total: rolled + modifier });
  }
  setOrder(state, byScore(entries, before.board.creatures));
  e.text = `Initiative rolled (${formatDice(dice)} + modifier): ${state.order.map((o) => `${o.name} ${o.score}`).join(', ')}.`;
  if (state.ties.length) e.text += ` Tied: ${state.ties.map((t) => t.map((id) => nameOf(state, id)).join(' and ')).join('; ')} — ${RULESETS[ruleset].text} gives no tie-break, so the GM orders them.`;
  e.round = state.round;
  return e;
}

/** The GM's order: ties broken, or a creature delaying. */
export function setGmOrder(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'order' }>): LogEntry {
  const ids = state.order.map((o) => o.creature);
  const given = action.order ?? [];
  if (given.length !== ids.length || !ids.every((id) => given.includes(id))) {
    throw new PlayRefused(`The order must list every creature in the initiative once: ${ids.map((id) => nameOf(state, id)).join(', ')}.`);
  }
  const current = state.current;
  state.order = given.map((id) => state.order.find((o) => o.creature === id)!);
  state.ties = [];
  // A creature that has already moved this turn keeps its turn; otherwise the turn goes to whoever
  // now stands at this place in the order (a tie broken at the top, a creature delaying).
  if (current && state.turn.moved) state.turnIndex = state.order.findIndex((o) => o.creature === current);
  else startTurn(state, Math.max(0, state.turnIndex));
  const e = entry(state, index, action, null, `The GM sets the order: ${state.order.map((o) => o.name).join(', ')}.`);
  return e;
}

/** Ends the turn; after the last creature in the order a new round starts. */
export function nextTurn(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'next-turn' }>): LogEntry {
  if (state.round === 0 || state.order.length === 0) throw new PlayRefused('Roll or enter initiative first: there is no turn to end.');
  const ended = state.current;
  // The entry belongs to the round the turn ended in (the exported log files it under that round).
  const endedRound = state.round;
  let next = state.turnIndex + 1;
  if (next >= state.order.length) {
    next = 0;
    state.round += 1;
  }
  startTurn(state, next);
  const e = entry(state, index, action, ended, `${ended ? nameOf(state, ended) : 'Nobody'} ends the turn. Round ${state.round}: ${nameOf(state, state.current!)}'s turn.`);
  e.round = endedRound;
  return e;
}
