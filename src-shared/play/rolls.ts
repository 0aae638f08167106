import type { RandomSource } from '../rules/engine/dice';
import { DiceFormulaError, parseDiceFormula, rollDiceFormula, type DiceFormula } from './dice-roller';
import { creatureOf, entry } from './state';
import { PlayRefused, type AttackProfile, type DiceRoll, type LogEntry, type PlayAction, type PlayState, type PendingAttack } from './types';

/**
 * What the GM rolls (issue 17 › 2), ruleset-neutral: none of the movement texts define attack or
 * damage rolls, so these are tools without citations that never decide what a text decides. Every die
 * comes from the action's own seeded source, so a replay rolls the same.
 */

/** An expression read for an action, or refused with whose it is and where it goes wrong. */
function readDice(text: string, whose: string): DiceFormula {
  try {
    return parseDiceFormula(text);
  } catch (e) {
    if (e instanceof DiceFormulaError) throw new PlayRefused(`${whose}: ${e.message}`);
    throw e;
  }
}

/** `roll`: any expression, in the log with each die's face. */
export function rollAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'roll' }>, random: RandomSource): LogEntry {
  if (typeof action.dice !== 'string') throw new PlayRefused('A roll needs its dice, like 2d6+3.');
  const what = (typeof action.what === 'string' && action.what.trim()) || 'Roll';
  const roll = rollDiceFormula(readDice(action.dice, what), random, what);
  // The faces are in the entry's dice (shown under it), not repeated in its words.
  const e = entry(state, index, action, null, `${what}: ${roll.dice} = ${roll.total} (GM).`);
  e.dice.push(roll);
  return e;
}

/** `attack-profile`: sets (or with null clears) a creature's attack, damage and target number. */
export function setAttackProfile(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'attack-profile' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (action.attack === undefined && action.damage === undefined && action.against === undefined) throw new PlayRefused(`Give ${c.name} an attack, a damage or a target number to keep.`);
  const profile: AttackProfile = { ...state.attackProfiles.get(c.id) };
  const said: string[] = [];
  for (const field of ['attack', 'damage'] as const) {
    const value = action[field];
    if (value === undefined) continue;
    if (value === null || (typeof value === 'string' && value.trim() === '')) {
      delete profile[field];
      said.push(field === 'attack' ? 'no attack roll' : 'no damage roll');
    } else {
      profile[field] = readDice(value, `${c.name}'s ${field}`).text;
      said.push(`${field === 'attack' ? 'attack roll' : 'damage'} ${profile[field]}`);
    }
  }
  if (action.against !== undefined) {
    if (action.against === null) {
      delete profile.against;
      said.push('no target number');
    } else {
      if (!Number.isInteger(action.against) || Math.abs(action.against) > 1000) throw new PlayRefused(`${c.name}'s target number is a whole number from -1000 to 1000.`);
      profile.against = action.against;
      said.push(`hit by an attack of ${action.against} or more`);
    }
  }
  state.attackProfiles.set(c.id, profile);
  return entry(state, index, action, c.id, `${c.name}: ${said.join(', ')} (GM).`);
}

/** A rolled attack of opportunity: whether it hit, the damage rolled (null: none to roll), the dice, in words. */
export interface RolledAttack {
  outcome: 'hit' | 'miss';
  damage: number | null;
  dice: DiceRoll[];
  /** After "<attacker>'s attack of opportunity on <target> ". */
  words: string;
}

/**
 * Rolls the attacker's attack against the target's number (a total equal or higher hits); on a hit,
 * the attacker's damage (below 0 counts as 0). Refused until both profiles have what it needs.
 */
export function rollAttack(state: PlayState, p: PendingAttack, random: RandomSource): RolledAttack {
  const mine = state.attackProfiles.get(p.attacker);
  const theirs = state.attackProfiles.get(p.target);
  const missing = [!mine?.attack && `${p.attackerName}'s attack (like 1d20+5)`, theirs?.against === undefined && `${p.targetName}'s target number`].filter(Boolean);
  if (missing.length) throw new PlayRefused(`To roll this attack, set ${missing.join(' and ')} first.`);
  const attack = rollDiceFormula(readDice(mine!.attack!, `${p.attackerName}'s attack`), random, `${p.attackerName}'s attack on ${p.targetName}`);
  const against = theirs!.against!;
  const toHit = `${attack.total} (${attack.dice}) against ${against}`;
  if (attack.total < against) return { outcome: 'miss', damage: null, dice: [attack], words: `misses: ${toHit} (rolled).` };
  if (!mine!.damage) return { outcome: 'hit', damage: null, dice: [attack], words: `hits: ${toHit}; no damage rolled (${p.attackerName} has no damage set).` };
  const damage = rollDiceFormula(readDice(mine!.damage, `${p.attackerName}'s damage`), random, `${p.attackerName}'s damage to ${p.targetName}`);
  const amount = Math.max(0, damage.total);
  return { outcome: 'hit', damage: amount, dice: [attack, damage], words: `hits: ${toHit}, ${amount} damage (${damage.dice}) (rolled).` };
}

/** A `damage` action's dice rolled, or null when it gives an amount; refused with both or neither. */
export function damageRoll(action: Extract<PlayAction, { kind: 'damage' }>, name: string, random: RandomSource): DiceRoll | null {
  if (action.dice !== undefined && action.amount !== undefined) throw new PlayRefused(`Damage is an amount or dice, not both (${action.amount} and ${action.dice}).`);
  if (action.dice === undefined) return null;
  return rollDiceFormula(readDice(action.dice, `Damage to ${name}`), random, `Damage to ${name}`);
}
