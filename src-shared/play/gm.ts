import type { RandomSource } from '../rules/engine/dice';
import { damageRoll, rollAttack } from './rolls';
import { damageWords, HEALTH_TRACKS, healthOf, takeDamage } from './health';
import { creatureOf, entry, pendingToChange } from './state';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState } from './types';

/** What the GM decides: attacks of opportunity hit or miss, damage, hit points (no combat maths). */

/**
 * The GM resolves a pending attack of opportunity, typed (hit or miss) or rolled from the creatures'
 * attack profiles (rolls.ts); a hit's damage goes into the tracker.
 */
export function resolveAttack(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'resolve' }>, random: RandomSource): LogEntry {
  const p = pendingToChange(state, action.pending);
  if (!p) throw new PlayRefused(missingAttackWords(action.pending));
  if (p.status !== 'open') throw new PlayRefused(`${p.attackerName}'s attack on ${p.targetName} is already resolved (${p.status}).`);
  if (action.outcome !== 'hit' && action.outcome !== 'miss' && action.outcome !== 'roll') throw new PlayRefused('An attack is resolved as a hit, a miss or a roll.');
  if (action.outcome === 'roll' && action.damage !== undefined) throw new PlayRefused("A rolled attack rolls its damage from the attacker's profile: leave the damage out.");
  const rolled = action.outcome === 'roll' ? rollAttack(state, p, random) : null;
  const outcome = rolled ? rolled.outcome : (action.outcome as 'hit' | 'miss');
  const damage = outcome === 'hit' ? Math.max(0, Math.floor((rolled ? rolled.damage : action.damage) ?? 0)) : 0;
  // A hit with no damage entered is said in words, not recorded as if it did nothing.
  const hitText = action.damage === undefined ? '; no damage entered' : ` for ${damage} damage`;
  p.status = outcome;
  if (damage) p.damage = damage;
  const said = rolled ? rolled.words : `${outcome === 'hit' ? `hits${hitText}` : 'misses'} (GM).`;
  const e = entry(state, index, action, p.attacker, `${p.attackerName}'s attack of opportunity on ${p.targetName} ${said}`);
  if (rolled) e.dice.push(...rolled.dice);
  e.rules.push(p.rule);
  e.squares = [p.at];
  if (damage) {
    const taken = takeDamage(state, p.target, damage);
    e.damage = { lethal: taken.lethal, nonlethal: 0 };
    e.text = e.text.replace(/ \(GM\)\.$/, `${damageWords(state, p.target, taken)} (GM).`);
  }
  return e;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * Why an attack of opportunity cannot be resolved because it is not pending, in a GM's words: its id
 * (`<entry index>:<n>`, moves.ts) is named by the log entry that raised it, numbered from 1 as the log
 * prints it ("5:0" read as `There is no pending attack "5:0"` after the map changed).
 */
export function missingAttackWords(pending: string): string {
  const m = typeof pending === 'string' ? /^(\d+):(\d+)$/.exec(pending) : null;
  if (!m) return `There is no attack of opportunity "${String(pending)}" waiting to be resolved.`;
  const n = Number(m[2]);
  const which = n === 0 ? 'The attack of opportunity' : `The ${ORDINALS[n] ?? `${n + 1}th`} attack of opportunity`;
  return `${which} entry ${Number(m[1]) + 1} raised is not there any more (that entry no longer raises it, or is not in effect).`;
}

/** Damage the GM enters. */
export function enterDamage(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'damage' }>, random: RandomSource): LogEntry {
  const c = creatureOf(state, action.creature);
  // Dice (`2d6+3`) are rolled here; a roll below 0 counts as 0.
  const rolled = damageRoll(action, c.name, random);
  const amount = rolled ? Math.max(0, rolled.total) : Math.floor(action.amount ?? Number.NaN);
  if (!Number.isFinite(amount) || amount < 0) throw new PlayRefused(action.amount === undefined ? 'Damage needs an amount or dice, like 2d6+3.' : 'Damage is a whole number, 0 or more.');
  if (action.nonlethal && !HEALTH_TRACKS[state.board.ruleset].nonlethal) throw new PlayRefused('This ruleset keeps no nonlethal damage: enter it as damage.');
  const taken = takeDamage(state, c.id, amount, { nonlethal: !!action.nonlethal });
  const e = entry(state, index, action, c.id, `${c.name} takes ${amount}${action.nonlethal ? ' nonlethal' : ''} damage${rolled ? ` (${rolled.dice})` : ''}${action.note ? ` (${action.note})` : ''}${damageWords(state, c.id, taken)} (GM).`);
  if (rolled) e.dice.push(rolled);
  e.damage = { lethal: taken.lethal, nonlethal: taken.nonlethal };
  return e;
}

/** Hit points for the tracker. */
export function setHitPoints(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'hit-points' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (!Number.isInteger(action.hitPoints) || action.hitPoints < 0) throw new PlayRefused('Hit points are a whole number, 0 or more.');
  healthOf(state, c.id).hitPoints = action.hitPoints;
  const e = entry(state, index, action, c.id, `${c.name} has ${action.hitPoints} hit points (GM).`);
  return e;
}
