import { createSignal } from 'solid-js';
import { DiceFormulaError, missingAttackWords, parseDiceFormula, type AttackProfile, type LogEntry, type PlayAction } from '../../src-shared/play';
import type { PlaySessionState } from './play-session';

/** How many of the GM's latest rolls the Dice roller section lists. */
const RECENT_ROLLS = 5;

/** The fields the GM types for a rolled attack of opportunity (the attacker's rolls, the target's number). */
export interface AttackFields {
  attack: string;
  damage: string;
  against: string;
}

/**
 * Dice and damage in Play mode: the GM's dice roller (each roll a log entry), attacks of opportunity
 * rolled from the creatures' attack profiles, and the last roll worth showing with its distribution
 * (a fall's damage, a dice move) for the fall dialog, cleared when Play mode starts or ends.
 * A typo in an expression is answered here, beside the field, before anything reaches the log.
 */
export function createPlayDice(session: PlaySessionState) {
  const [fallEntry, setFallEntry] = createSignal<LogEntry | null>(null);

  /** An entry that rolled dice (or a fall) and carries its distribution opens the dialog. */
  function acted(entry: LogEntry): void {
    if (entry.distribution && (entry.dice.length > 0 || entry.text.includes('falls'))) setFallEntry(entry);
  }

  /** The GM's latest rolls and rolled damage in effect, newest first (undo takes them back with the log). */
  const recentRolls = (): LogEntry[] =>
    (session.shown()?.entries ?? [])
      .filter((e) => (e.kind === 'roll' || (e.kind === 'damage' && e.dice.length > 0)) && !e.refused)
      .slice(-RECENT_ROLLS)
      .reverse();

  /** Why an expression cannot be rolled (with where), or null when it reads. */
  function diceProblem(text: string): string | null {
    try {
      parseDiceFormula(text);
      return null;
    } catch (e) {
      if (e instanceof DiceFormulaError) return e.message;
      throw e;
    }
  }

  /** Rolls an expression into the log; the answer is the problem to show beside the field, or null. */
  function roll(dice: string, what?: string): string | null {
    const problem = diceProblem(dice);
    if (problem) return problem;
    const action: PlayAction = { kind: 'roll', dice: dice.trim(), ...(what?.trim() ? { what: what.trim() } : {}) };
    return session.act(action) ? null : (session.refusal()?.reason ?? 'The roll was refused.');
  }

  /** Rolls an expression as damage to a creature (its hit points); the answer is the problem to show, or null. */
  function rollDamage(creature: string, dice: string, nonlethal = false): string | null {
    if (!creature) return 'Choose the creature that takes the damage.';
    const problem = diceProblem(dice);
    if (problem) return problem;
    const action: PlayAction = { kind: 'damage', creature, dice: dice.trim(), ...(nonlethal ? { nonlethal } : {}) };
    return session.act(action) ? null : (session.refusal()?.reason ?? 'The damage was refused.');
  }

  /** A creature's kept attack profile now (empty when none was set). */
  const profile = (id: string): AttackProfile => session.state()?.attackProfiles.get(id) ?? {};

  /**
   * Rolls a pending attack of opportunity: the typed fields that differ from the kept profiles are
   * set first (an `attack-profile` entry for the attacker, one for the target), so they are kept for
   * the next time, then the attack is rolled. The answer is the problem to show inline, or null.
   */
  function rollAttack(pending: string, fields: AttackFields): string | null {
    const p = session.state()?.pending.find((k) => k.id === pending);
    if (!p) return missingAttackWords(pending);
    const attack = fields.attack.trim();
    const damage = fields.damage.trim();
    const against = fields.against.trim();
    if (!attack) return `Give ${p.attackerName}'s attack, like 1d20+5.`;
    const problem = diceProblem(attack) ?? (damage ? diceProblem(damage) : null);
    if (problem) return problem;
    if (!/^-?\d+$/.test(against)) return `Give ${p.targetName}'s target number (a whole number), the total an attack must reach to hit.`;
    const mine = profile(p.attacker);
    const theirs = profile(p.target);
    const steps: PlayAction[] = [];
    if (attack !== mine.attack || damage !== (mine.damage ?? '')) {
      steps.push({ kind: 'attack-profile', creature: p.attacker, attack, damage: damage || null });
    }
    if (Number(against) !== theirs.against) steps.push({ kind: 'attack-profile', creature: p.target, against: Number(against) });
    steps.push({ kind: 'resolve', pending, outcome: 'roll' });
    for (const step of steps) if (!session.act(step)) return session.refusal()?.reason ?? 'The roll was refused.';
    return null;
  }

  return { fallEntry, setFallEntry, acted, recentRolls, roll, rollDamage, profile, rollAttack };
}
