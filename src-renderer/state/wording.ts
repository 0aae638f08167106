import { RULESET_IDS, RULESETS } from '../../src-shared/model';
import type { FileRef } from '../../src-shared/ipc';
import { costUnitWords, type CostUnit } from '../../src-shared/rules';

/**
 * Engine messages as the user reads them: a rule is cited by the ruleset's name and heading
 * ("d20 SRD 3.5 › Squeezing"), not by the text's file name, and units are words.
 */
export function readableRules(text: string): string {
  let out = text;
  for (const id of RULESET_IDS) out = out.split(`${RULESETS[id].text} ›`).join(`${RULESETS[id].name} ›`).split(`(${RULESETS[id].text})`).join(`(${RULESETS[id].name})`);
  // "3 mr", "MR 4": 6d6's movement resistance, spelt out.
  return out.replace(/(\d)\s*mr\b/g, '$1 movement resistance').replace(/\bMR\b/g, 'movement resistance');
}

/** A cost unit in words: "ft", "squares", "movement resistance" (one place: src-shared's costUnitWords). */
export const unitWords: (unit: CostUnit | string) => string = costUnitWords;

/**
 * The info notice after an export, naming what was written: on the desktop the main file's path
 * (a desktop `FileRef.id` is the path written) and its companions beside it; in the browser the
 * downloads' names, which is all a page knows.
 */
export function exportNotice(edition: 'desktop' | 'browser', written: readonly FileRef[]): string {
  const [main, ...beside] = written;
  if (!main) return 'Nothing was exported.';
  const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
  if (edition === 'browser') return `Downloaded ${list(written.map((f) => f.name))}.`;
  return `Exported ${main.id}${beside.length ? `, with ${list(beside.map((f) => f.name))} beside it` : ''}.`;
}

/**
 * " (at x,y)" after a refusal, unless its reason already names that square: "it costs 25 ft by
 * 4,9 … (at 4,9)" said it twice (the Play review's shot 05).
 */
export function whereUnsaid(reason: string, at: { x: number; y: number } | null | undefined): string {
  if (!at) return '';
  const square = `${at.x},${at.y}`;
  return new RegExp(`(^|[^\\d,])${square}(?!\\d|,\\d)`).test(reason) ? '' : ` (at ${square})`;
}
