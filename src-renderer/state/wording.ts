import { RULESET_IDS, RULESETS } from '../../src-shared/model';
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
