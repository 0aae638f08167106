import { creatureOf, entry, pendingToChange } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

/** What the GM decides: attacks of opportunity hit or miss, damage, hit points (no combat maths). */

/** The GM resolves a pending attack of opportunity; a hit's damage goes into the tracker. */
export function resolveAttack(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'resolve' }>): LogEntry {
  const p = pendingToChange(state, action.pending);
  if (!p) throw new PlayRefused(`There is no pending attack "${action.pending}".`);
  if (p.status !== 'open') throw new PlayRefused(`${p.attackerName}'s attack on ${p.targetName} is already resolved (${p.status}).`);
  if (action.outcome !== 'hit' && action.outcome !== 'miss') throw new PlayRefused('An attack is resolved as a hit or a miss.');
  const damage = action.outcome === 'hit' ? Math.max(0, Math.floor(action.damage ?? 0)) : 0;
  // A hit with no damage entered is said in words, not recorded as if it did nothing.
  const hitText = action.damage === undefined ? '; no damage entered' : ` for ${damage} damage`;
  p.status = action.outcome;
  if (damage) p.damage = damage;
  const e = entry(state, index, action, p.attacker, `${p.attackerName}'s attack of opportunity on ${p.targetName} ${action.outcome === 'hit' ? `hits${hitText}` : 'misses'} (GM).`);
  e.rules.push(p.rule);
  e.squares = [p.at];
  if (damage) {
    state.health[p.target]!.damage += damage;
    e.damage = { lethal: damage, nonlethal: 0 };
  }
  return e;
}

/** Damage the GM enters. */
export function enterDamage(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'damage' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  const amount = Math.floor(action.amount);
  if (!Number.isFinite(amount) || amount < 0) throw new PlayRefused('Damage is a whole number, 0 or more.');
  const h = state.health[c.id]!;
  if (action.nonlethal) h.nonlethal += amount;
  else h.damage += amount;
  const e = entry(state, index, action, c.id, `${c.name} takes ${amount}${action.nonlethal ? ' nonlethal' : ''} damage${action.note ? ` (${action.note})` : ''} (GM).`);
  e.damage = action.nonlethal ? { lethal: 0, nonlethal: amount } : { lethal: amount, nonlethal: 0 };
  return e;
}

/** Hit points for the tracker. */
export function setHitPoints(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'hit-points' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (!Number.isInteger(action.hitPoints) || action.hitPoints < 0) throw new PlayRefused('Hit points are a whole number, 0 or more.');
  state.health[c.id]!.hitPoints = action.hitPoints;
  const e = entry(state, index, action, c.id, `${c.name} has ${action.hitPoints} hit points (GM).`);
  return e;
}
