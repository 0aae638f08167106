import { RULESETS, type Creature, type Encounter } from '../model';
import { DiceError, formatDice, parseDice, roll, type DiceExpression, type RandomSource } from '../rules/engine/dice';
import { endEffectsTimedBy, roundEnd, turnEdge } from './effects';
import { hoverStall } from './falls';
import { creatureOf, entry, nameOf, ownEntry, rulesFrom, startTurn } from './state';
import { freshTurn } from './turns';
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
export function nextTurn(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'next-turn' }>, random: RandomSource): LogEntry {
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: there is no turn to end.');
  if (state.order.length === 0) throw new PlayRefused('Nobody is left in the initiative: add a creature to it (or enter initiative again) to go on.');
  const ended = state.current;
  // The entry belongs to the round the turn ended in (the exported log files it under that round).
  const endedRound = state.round;
  const e = entry(state, index, action, ended, `${ended ? nameOf(state, ended) : 'Nobody'} ends the turn.`);
  // The turn's movement is over: a flyer that cannot hover and did not fly stalls now, before the
  // effects that end with the turn (its fall rolls first from this action's dice).
  if (ended && rulesFrom(state, 2)) hoverStall(state, e, ended, random);
  if (ended) turnEdge(state, e, ended, 'end');
  passTurn(state, e, state.turnIndex + 1, random);
  e.round = endedRound;
  return e;
}

/**
 * The turn goes to the creature at `next` in the order; past the last one the round ends (its
 * round's-end effects fire) and a new round starts with the first. The creature whose turn starts
 * stops waiting (a delay or a readied action not taken lapses: its own turn has come), and the effects
 * that end at the start of its turn end.
 */
function passTurn(state: PlayState, e: LogEntry, next: number, random: RandomSource): void {
  if (!state.order.length) {
    state.turnIndex = -1;
    state.current = null;
    state.turn = freshTurn(null, state.board.ruleset);
    e.text += ' Nobody is left in the initiative.';
    return;
  }
  if (next >= state.order.length) {
    roundEnd(state, e, random);
    next = 0;
    state.round += 1;
  }
  startTurn(state, next);
  const starting = state.order[next]!;
  e.text += ` Round ${state.round}: ${starting.name}'s turn.`;
  if (starting.waiting) {
    e.text += starting.waiting.how === 'delay' ? ` ${starting.name} delayed without acting: its turn comes as usual.` : ` ${starting.name}'s readied action (${starting.waiting.trigger}) was not taken and lapses.`;
    delete starting.waiting;
  }
  turnEdge(state, e, starting.creature, 'start');
}

/** The current creature, asked for by an action only the current creature may take. */
function currentOf(state: PlayState, id: string, what: string): InitiativeEntry {
  const c = creatureOf(state, id);
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: play goes turn by turn.');
  if (state.current !== c.id) throw new PlayRefused(`Only the creature whose turn it is ${what}, and it is ${state.current ? nameOf(state, state.current) : 'nobody'}'s turn.`);
  return state.order[state.turnIndex]!;
}

/** Whether the current creature has done anything this turn (moved, stood up, spent an action). */
function hasActed(state: PlayState): boolean {
  return state.turn.moved || state.turn.moveActions > 0 || state.turn.fullRound || state.turn.stepped;
}

/**
 * The current creature delays: it does nothing now, the turn passes on, and it takes its turn later
 * when the GM says (`act-now`), its place in the order moving there. A delay, like the ready below, is
 * a ruleset-neutral GM tool: none of the five movement chapters has delay or ready.
 */
export function delayTurn(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'delay' }>, random: RandomSource): LogEntry {
  const own = currentOf(state, action.creature, 'delays');
  if (hasActed(state)) throw new PlayRefused(`${own.name} has already acted this turn: it can only delay before doing anything.`);
  if (own.waiting?.how === 'ready') throw new PlayRefused(`${own.name} has readied an action (${own.waiting.trigger}): it waits for that, or ends its turn.`);
  const e = entry(state, index, action, own.creature, `${own.name} delays: it will act later this round, when the GM says.`);
  turnEdge(state, e, own.creature, 'end');
  own.waiting = { how: 'delay' };
  passTurn(state, e, state.turnIndex + 1, random);
  return e;
}

/** The current creature readies an action for a trigger the GM writes; its turn goes on as usual. */
export function readyAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'ready' }>): LogEntry {
  const own = currentOf(state, action.creature, 'readies an action');
  const trigger = typeof action.trigger === 'string' ? action.trigger.trim() : '';
  if (!trigger) throw new PlayRefused('Write the trigger: what the readied action waits for.');
  if (trigger.length > 200) throw new PlayRefused('A trigger is 200 characters at most.');
  if (own.waiting?.how === 'ready') throw new PlayRefused(`${own.name} has already readied an action (${own.waiting.trigger}).`);
  own.waiting = { how: 'ready', trigger };
  return entry(state, index, action, own.creature, `${own.name} readies an action: ${trigger}.`);
}

/**
 * A waiting creature acts now. A delaying one takes its turn before the current creature, which has
 * not acted yet (its turn follows, whole); its place in the order moves there. A readied action fires
 * out of turn, during the current creature's turn, and the readier's place in the order moves to just
 * before the current creature (it acted at that point); its movement, if any, is a `move-out-of-turn`
 * reaction.
 */
export function actNow(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'act-now' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (state.round === 0 || state.current === null) throw new PlayRefused('Roll or enter initiative first: play goes turn by turn.');
  const own = state.order.find((o) => o.creature === c.id);
  if (!own) throw new PlayRefused(`${c.name} is not in the initiative.`);
  const waiting = own.waiting;
  if (!waiting) throw new PlayRefused(`${c.name} is neither delaying nor holding a readied action.`);
  const current = state.order[state.turnIndex]!;
  if (current.creature === c.id) throw new PlayRefused(`It is ${c.name}'s own turn: its readied action waits for another creature's turn.`);
  if (waiting.how === 'delay' && hasActed(state)) {
    throw new PlayRefused(`${current.name} has already acted this turn: end its turn, then ${c.name} acts before the next creature.`);
  }
  delete own.waiting;
  // The waiting creature's place moves to just before the current creature.
  state.order = state.order.filter((o) => o !== own);
  const before = state.order.indexOf(current);
  state.order.splice(before, 0, own);
  if (waiting.how === 'delay') {
    startTurn(state, before);
    const e = entry(state, index, action, c.id, `${c.name} stops delaying and acts now, before ${current.name}: round ${state.round}, ${c.name}'s turn; ${current.name}'s follows.`);
    turnEdge(state, e, c.id, 'start');
    return e;
  }
  state.turnIndex = before + 1;
  return entry(state, index, action, c.id, `${c.name}'s readied action fires (${waiting.trigger}), during ${current.name}'s turn; ${c.name} now acts just before ${current.name} in the order.`);
}

/**
 * A creature already on the map joins the initiative with a score: after every creature with a higher
 * or equal score (so it never takes a turn from one already there). The current turn stays as it is.
 */
export function joinInitiative(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'join-initiative' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: a creature joins an initiative that has started.');
  if (state.order.some((o) => o.creature === c.id)) throw new PlayRefused(`${c.name} is already in the initiative.`);
  if (typeof action.score !== 'number' || !Number.isFinite(action.score)) throw new PlayRefused(`${c.name}'s initiative is not a number.`);
  const current = state.order[state.turnIndex] ?? null;
  let at = state.order.findIndex((o) => o.score < action.score);
  if (at < 0) at = state.order.length;
  state.order.splice(at, 0, { creature: c.id, name: c.name, score: action.score });
  if (current) state.turnIndex = state.order.indexOf(current);
  else startTurn(state, at);
  const neighbour = state.order[at - 1];
  return entry(state, index, action, c.id, `${c.name} joins the initiative with ${action.score}, ${neighbour ? `after ${neighbour.name}` : 'first in the order'}.`);
}

/**
 * A creature leaves the initiative (it stays on the map). If it was its turn, the turn passes on as
 * after Next turn; the effects timed by its turn end, as its turn will not come again.
 */
export function leaveInitiative(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'leave-initiative' }>, random: RandomSource): LogEntry {
  const c = creatureOf(state, action.creature);
  const k = state.order.findIndex((o) => o.creature === c.id);
  if (k < 0) throw new PlayRefused(`${c.name} is not in the initiative.`);
  const e = entry(state, index, action, c.id, `${c.name} leaves the initiative.`);
  const wasCurrent = state.current === c.id;
  const current = state.order[state.turnIndex] ?? null;
  state.order.splice(k, 1);
  state.ties = state.ties.map((t) => t.filter((id) => id !== c.id)).filter((t) => t.length > 1);
  endEffectsTimedBy(state, e, c.id);
  if (wasCurrent) passTurn(state, e, k, random);
  else if (current) state.turnIndex = state.order.indexOf(current);
  return e;
}
