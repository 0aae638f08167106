import type { RandomSource } from '../rules/engine/dice';
import type { DiceRoll } from './types';

/**
 * The GM's dice roller: expressions like `2d6+3`, `4d6kh3`, `2d20kl1`, `1d20+5+1d4` — sums and
 * differences of dice terms and whole numbers, a dice term optionally keeping its highest (`kh`) or
 * lowest (`kl`) few dice. A ruleset-neutral tool: none of the movement texts define attack or damage
 * rolls, so nothing here cites or changes them.
 *
 * Written here rather than taken from a library: the roll20-style parsers read `2x6` as 2 with a label
 * and `2d6+` as 2d6 without a word, and the best kept one rolls from a module-wide generator (seeding it
 * would leak between calls); a GM's typo must be refused, saying where, and every die must come from
 * the action's own seeded source so a replay rolls the same.
 */

/** One term of an expression: `±NdS`, keeping some of them, or a whole number. */
export type DiceTerm =
  | { sign: 1 | -1; count: number; sides: number; keep?: { which: 'highest' | 'lowest'; n: number } }
  | { sign: 1 | -1; number: number };

export interface DiceFormula {
  /** The expression as the GM typed it, trimmed. */
  text: string;
  terms: DiceTerm[];
}

/** A refused expression: what is wrong and where (`at`, 0-based, into the text as typed). */
export class DiceFormulaError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

/** Limits that keep a typo (`1000d1000`) from hanging the panel or filling the log. */
export const DICE_LIMITS = { dicePerTerm: 100, sides: 1000, terms: 20, number: 100000, chars: 100 } as const;

const EXAMPLE = 'dice look like 2d6+3, 4d6kh3 or 1d20+5';

/** Reads an expression, or refuses it with the reason and the character where it goes wrong. */
export function parseDiceFormula(input: string): DiceFormula {
  // A hand-written script is not checked by the file format: a number or null here is a refusal too.
  if (typeof input !== 'string') throw new DiceFormulaError(`Write a dice expression as text: ${EXAMPLE}.`, 0);
  const text = input.trim();
  const lead = input.length - input.trimStart().length;
  if (text === '') throw new DiceFormulaError(`Write a dice expression: ${EXAMPLE}.`, 0);
  if (text.length > DICE_LIMITS.chars) throw new DiceFormulaError(`"${text.slice(0, 24)}…" is longer than ${DICE_LIMITS.chars} characters.`, lead + DICE_LIMITS.chars);
  let i = 0;
  const where = (at: number) => `at character ${at + 1}`;
  const fail = (message: string, at: number): never => {
    throw new DiceFormulaError(`"${text}": ${message}`, lead + at);
  };
  const spaces = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const number = (): number | null => {
    const start = i;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    return i > start ? Number(text.slice(start, i)) : null;
  };
  const found = () => (i < text.length ? `"${text[i]}" ${where(i)}` : 'the end');

  const terms: DiceTerm[] = [];
  let sign: 1 | -1 = 1;
  spaces();
  if (text[i] === '-' || text[i] === '+') {
    sign = text[i] === '-' ? -1 : 1;
    i++;
    spaces();
  }
  for (;;) {
    const start = i;
    const count = number();
    if (text[i] === 'd' || text[i] === 'D') {
      i++;
      const sidesAt = i;
      const sides = number();
      if (sides === null) fail(`a die needs its number of sides after "d" (${found()}); ${EXAMPLE}.`, i);
      const n = count ?? 1;
      if (n < 1 || n > DICE_LIMITS.dicePerTerm) fail(`roll 1 to ${DICE_LIMITS.dicePerTerm} dice in a term, not ${n} (${where(start)}).`, start);
      if (sides! < 1 || sides! > DICE_LIMITS.sides) fail(`a die has 1 to ${DICE_LIMITS.sides} sides, not ${sides} (${where(sidesAt)}).`, sidesAt);
      let keep: { which: 'highest' | 'lowest'; n: number } | undefined;
      if ((text[i] === 'k' || text[i] === 'K') && /[hlHL]/.test(text[i + 1] ?? '')) {
        const keepAt = i;
        const which = text[i + 1]!.toLowerCase() === 'h' ? 'highest' : 'lowest';
        i += 2;
        const k = number();
        if (k === null) fail(`"k${which[0]}" needs how many dice to keep (${found()}), as in 4d6kh3.`, i);
        if (k! < 1 || k! > n) fail(`keeps ${k} of ${n} ${n === 1 ? 'die' : 'dice'}: keep 1 to ${n} (${where(keepAt)}).`, keepAt);
        keep = { which, n: k! };
      }
      terms.push(keep ? { sign, count: n, sides: sides!, keep } : { sign, count: n, sides: sides! });
    } else if (count !== null) {
      if (count > DICE_LIMITS.number) fail(`${count} is more than ${DICE_LIMITS.number} (${where(start)}).`, start);
      terms.push({ sign, number: count });
    } else {
      fail(`expected dice or a number but found ${found()}; ${EXAMPLE}.`, i);
    }
    if (terms.length > DICE_LIMITS.terms) fail(`at most ${DICE_LIMITS.terms} terms (${where(start)}).`, start);
    spaces();
    if (i >= text.length) break;
    const op = text[i];
    if (op !== '+' && op !== '-') fail(`expected "+", "-" or the end but found ${found()}; ${EXAMPLE}.`, i);
    sign = op === '-' ? -1 : 1;
    i++;
    spaces();
    if (i >= text.length) fail(`"${op}" ${where(i - 1)} needs dice or a number after it.`, i - 1);
  }
  return { text, terms };
}

/** The least and the greatest total an expression can roll. */
export function formulaRange(formula: DiceFormula): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const t of formula.terms) {
    const [lo, hi] = 'number' in t ? [t.number, t.number] : [t.keep?.n ?? t.count, (t.keep?.n ?? t.count) * t.sides];
    if (t.sign > 0) (min += lo, max += hi);
    else (min -= hi, max -= lo);
  }
  return { min, max };
}

/**
 * Rolls an expression with the caller's source (a play action's own stream, so a replay rolls the
 * same): every die's face in the order rolled, which of them a keep left out, and the total.
 */
export function rollDiceFormula(formula: DiceFormula, random: RandomSource, what: string): DiceRoll {
  const rolls: number[] = [];
  const dropped: number[] = [];
  let total = 0;
  for (const t of formula.terms) {
    if ('number' in t) {
      total += t.sign * t.number;
      continue;
    }
    const first = rolls.length;
    // The same face as every other die in play (src-shared/rules/engine/dice.ts › roll).
    for (let k = 0; k < t.count; k++) rolls.push(1 + Math.floor(random() * t.sides));
    const order = rolls.slice(first).map((face, k) => ({ face, at: first + k }));
    if (t.keep) {
      // Ties keep the earlier die, so the dropped ones are the same however the faces repeat.
      order.sort((a, b) => (t.keep!.which === 'highest' ? b.face - a.face : a.face - b.face) || a.at - b.at);
      for (const d of order.slice(t.keep.n)) dropped.push(d.at);
    }
    for (const d of t.keep ? order.slice(0, t.keep.n) : order) total += t.sign * d.face;
  }
  const roll: DiceRoll = { what, dice: formula.text, rolls, total };
  if (dropped.length) roll.dropped = dropped.sort((a, b) => a - b);
  return roll;
}

/** Parses and rolls in one step (the refusal, if any, is the parser's). */
export function rollDice(text: string, random: RandomSource, what: string): DiceRoll {
  return rollDiceFormula(parseDiceFormula(text), random, what);
}

/** A roll in words for the log and the panel: `4d6kh3 → 5, 4, (2), 3 = 12`, dropped dice in brackets. */
export function diceRollText(d: DiceRoll): string {
  const dropped = new Set(d.dropped ?? []);
  const faces = d.rolls.map((f, k) => (dropped.has(k) ? `(${f})` : String(f)));
  return `${d.dice} → ${faces.length ? faces.join(', ') : 'no dice'} = ${d.total}`;
}
