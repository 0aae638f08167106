import type { RulesetId } from '../model';
import { creatureOf, entry } from './state';
import { PlayRefused, type Health, type LogEntry, type PlayAction, type PlayState } from './types';

/**
 * Hit points in play: a ruleset-neutral GM tracker (none of the five movement chapters defines hit
 * points), so nothing here cites a text or changes what a text decides. Every damage in play — an
 * attack the GM resolves, a fall, a push over an edge, damage the GM enters — goes through
 * `takeDamage`, the one place that says how damage meets hit points.
 */

/** Which tracks a ruleset's game has beside hit points. */
export interface HealthTracks {
  nonlethal: boolean;
  temporary: boolean;
}

/**
 * The d20 games (3.5, 3.0 and Epic Path) keep nonlethal damage and temporary hit points apart; of the
 * movement chapters only epic-path.txt names nonlethal damage (› Overland Travel: hustling), and
 * the d20 fall rule deals it for a deliberate jump. 6d6 and Startroid have neither here.
 */
export const HEALTH_TRACKS: Readonly<Record<RulesetId, HealthTracks>> = {
  'epic-path': { nonlethal: true, temporary: true },
  'd20-35': { nonlethal: true, temporary: true },
  'd20-30': { nonlethal: true, temporary: true },
  '6d6': { nonlethal: false, temporary: false },
  startroid: { nonlethal: false, temporary: false },
};

export function freshHealth(): Health {
  return { hitPoints: null, damage: 0, nonlethal: 0, temporary: 0 };
}

/** A creature's health, made when first needed (a creature added to the board mid-fight). */
export function healthOf(state: PlayState, id: string): Health {
  let h = state.health.get(id);
  if (!h) state.health.set(id, (h = freshHealth()));
  return h;
}

/** Hit points left (maximum less lethal damage), or null when the GM has not entered a maximum. */
export function hitPointsLeft(h: Health): number | null {
  return h.hitPoints === null ? null : h.hitPoints - h.damage;
}

/** What one hit did: how much the temporary hit points took, and the damage left over. */
export interface DamageTaken {
  temporary: number;
  lethal: number;
  nonlethal: number;
}

/**
 * Damage to a creature's hit points: temporary hit points take it first (the GM's convention in the
 * d20 games), then lethal damage adds to `damage` and nonlethal to `nonlethal`.
 */
export function takeDamage(state: PlayState, creature: string, amount: number, options: { nonlethal?: boolean } = {}): DamageTaken {
  const h = healthOf(state, creature);
  const whole = Math.max(0, Math.floor(amount));
  const temporary = Math.min(h.temporary, whole);
  h.temporary -= temporary;
  const rest = whole - temporary;
  if (options.nonlethal) h.nonlethal += rest;
  else h.damage += rest;
  return { temporary, lethal: options.nonlethal ? 0 : rest, nonlethal: options.nonlethal ? rest : 0 };
}

/**
 * The words a log entry adds after damage: what the temporary hit points took and the hit points left
 * ("; 4 of 12 hit points left", "; at 0 hit points", "; at -3 hit points"). Empty when untracked.
 */
export function damageWords(state: PlayState, creature: string, taken: DamageTaken): string {
  const h = healthOf(state, creature);
  const parts: string[] = [];
  if (taken.temporary) parts.push(`${taken.temporary} taken by temporary hit points`);
  const left = hitPointsLeft(h);
  if (left !== null) parts.push(left > 0 ? `${left} of ${h.hitPoints} hit points left` : `at ${left} hit points`);
  return parts.length ? `; ${parts.join(', ')}` : '';
}

function whole(n: unknown, what: string): number {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new PlayRefused(`${what} is a whole number, 0 or more.`);
  return n;
}

/** Hit points healed: lethal damage (or nonlethal damage) comes off, never below none. */
export function heal(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'heal' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  const amount = whole(action.amount, 'Healing');
  if (action.nonlethal && !HEALTH_TRACKS[state.board.ruleset].nonlethal) throw new PlayRefused('This ruleset keeps no nonlethal damage.');
  const h = healthOf(state, c.id);
  const key = action.nonlethal ? 'nonlethal' : 'damage';
  const healed = Math.min(h[key], amount);
  h[key] -= healed;
  const left = hitPointsLeft(h);
  const tail = action.nonlethal ? `; ${h.nonlethal} nonlethal left` : left !== null ? `; ${left} of ${h.hitPoints} hit points left` : '';
  return entry(state, index, action, c.id, `${c.name} heals ${healed}${action.nonlethal ? ' nonlethal' : ''} damage${healed < amount ? ` (${amount} given, ${healed} taken)` : ''}${tail} (GM).`);
}

/** Temporary hit points: the new amount replaces what is left of the old (0 clears them). */
export function setTemporaryHitPoints(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'temporary-hit-points' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  const amount = whole(action.amount, 'Temporary hit points');
  if (!HEALTH_TRACKS[state.board.ruleset].temporary) throw new PlayRefused('This ruleset keeps no temporary hit points.');
  healthOf(state, c.id).temporary = amount;
  return entry(state, index, action, c.id, amount ? `${c.name} has ${amount} temporary hit points (GM).` : `${c.name} has no temporary hit points (GM).`);
}
