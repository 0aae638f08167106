import { CURRENT_RULES_VERSION, type Creature, type Encounter } from '../model';
import { freshHealth } from './health';
import { freshTurn } from './turns';
import { PlayRefused, type Health, type LogEntry, type PendingAttack, type PlayAction, type PlayState, type Square } from './types';

/** The play state's bookkeeping: the first state, safe copies, and the helpers every action uses. */

/**
 * A record keyed by creature id with no prototype: an id like "constructor" or "__proto__" is only an
 * id (no inherited function reads as a creature's entry, no write reaches Object.prototype).
 */
export function perCreature<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The entry an action's own data gives a creature (a JSON object from a saved log), never an inherited one. */
export function ownEntry<T>(record: Readonly<Record<string, T>> | undefined, id: string): T | undefined {
  return record && Object.hasOwn(record, id) ? record[id] : undefined;
}

export { CURRENT_RULES_VERSION };

/** Whether a fight follows the rules of `edition` or later. */
export function rulesFrom(state: PlayState, edition: number): boolean {
  return state.rulesVersion >= edition;
}

/** The state before anything is played: the planned layout, no initiative yet. */
export function initialState(planned: Encounter, rulesVersion: number = CURRENT_RULES_VERSION): PlayState {
  const health = new Map<string, Health>();
  for (const c of planned.creatures) health.set(c.id, freshHealth());
  // The board is the planned layout only: a saved session is not part of it.
  const board: Encounter = { ...planned, creatures: planned.creatures.map((c) => ({ ...c })) };
  delete board.play;
  return {
    board,
    round: 0,
    order: [],
    turnIndex: -1,
    current: null,
    turn: freshTurn(null, planned.ruleset),
    health,
    pending: [],
    entries: [],
    ties: [],
    stalled: perCreature<{ fallen: number }>(),
    areas: [],
    attackProfiles: new Map(),
    conditions: new Map(),
    effects: [],
    rulesVersion,
    roundMovement: new Map(),
  };
}

/**
 * A copy safe to change: the map is shared (play never paints), everything else is copied, except the
 * attacks of opportunity: they pile up over a fight (a 2,000-action replay copied each one at every
 * action, two thirds of its time), so they are shared frozen and one is changed through
 * `pendingToChange`, which puts a copy in its place.
 */
export function draft(state: PlayState): PlayState {
  const health = new Map<string, Health>();
  for (const [id, h] of state.health) health.set(id, { ...h });
  const stalled = perCreature<{ fallen: number }>();
  for (const [id, v] of Object.entries(state.stalled)) stalled[id] = { ...v };
  return {
    ...state,
    board: { ...state.board, creatures: state.board.creatures.map((c) => ({ ...c })) },
    order: state.order.map((e) => ({ ...e })),
    turn: { ...state.turn },
    health,
    pending: sharedPending(state.pending),
    entries: [...state.entries],
    ties: state.ties.map((t) => [...t]),
    stalled,
    areas: [...state.areas],
    attackProfiles: new Map(state.attackProfiles),
    conditions: new Map([...state.conditions].map(([id, list]) => [id, [...list]])),
    effects: state.effects.map((f) => ({ ...f })),
    // Shared: a move replaces the Map (turns.ts › noteRoundMovement), never changes it in place.
    roundMovement: state.roundMovement,
  };
}

/**
 * How many of a list's first attacks are frozen already, so a draft freezes only those added or
 * replaced since (checking each one at every action was still a quarter of a 2,000-action replay).
 */
const frozenUpTo = new WeakMap<PendingAttack[], number>();

function sharedPending(before: PendingAttack[]): PendingAttack[] {
  const pending = before.slice();
  for (let i = frozenUpTo.get(before) ?? 0; i < pending.length; i++) Object.freeze(pending[i]);
  frozenUpTo.set(pending, pending.length);
  return pending;
}

/** The pending attack `id` of a draft, as a copy it may change (the one before stays as it was), or undefined. */
export function pendingToChange(state: PlayState, id: string): PendingAttack | undefined {
  const i = state.pending.findIndex((k) => k.id === id);
  if (i < 0) return undefined;
  const copy = { ...state.pending[i]!, at: { ...state.pending[i]!.at } };
  state.pending[i] = copy;
  frozenUpTo.set(state.pending, Math.min(frozenUpTo.get(state.pending) ?? 0, i));
  return copy;
}

export function creatureOf(state: PlayState, id: string): Creature {
  const c = state.board.creatures.find((k) => k.id === id);
  if (!c) throw new PlayRefused(`There is no creature "${id}" in this encounter.`);
  return c;
}

export function nameOf(state: PlayState, id: string): string {
  return state.board.creatures.find((k) => k.id === id)?.name ?? id;
}

export function entry(state: PlayState, index: number, action: PlayAction, actor: string | null, text: string): LogEntry {
  return {
    index,
    kind: action.kind,
    round: state.round,
    actor,
    actorName: actor ? nameOf(state, actor) : null,
    text,
    rules: [],
    squares: [],
    dice: [],
    damage: null,
    conditions: [],
    pending: [],
  };
}

export const sq = (p: Square) => `${p.x},${p.y}`;

export function requireTurn(state: PlayState, c: Creature): void {
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: play goes turn by turn.');
  if (state.current !== c.id) throw new PlayRefused(`It is ${state.current ? nameOf(state, state.current) : 'nobody'}'s turn, not ${c.name}'s.`);
}

export function startTurn(state: PlayState, index: number): void {
  state.turnIndex = index;
  state.current = state.order[index]?.creature ?? null;
  state.turn = freshTurn(state.current, state.board.ruleset);
}
