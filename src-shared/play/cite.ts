import { RULESETS, type RulesetId } from '../model';
import type { LogEntry, RuleCite } from './types';

const NAME_BY_FILE: Record<string, string> = Object.fromEntries(Object.values(RULESETS).map((r) => [r.text, r.name]));

/** A rule citation: `file › heading` and the display form with the ruleset's name. */
export function cite(file: string, heading: string): RuleCite {
  return { file, heading, ref: `${file} › ${heading}`, display: `${NAME_BY_FILE[file] ?? file} › ${heading}` };
}

/** A heading of the ruleset's own text. */
export function citeOf(ruleset: RulesetId, heading: string): RuleCite {
  return cite(RULESETS[ruleset].text, heading);
}

/**
 * Where each ruleset's text speaks about what play resolves. A heading names the passage the engine
 * follows; where a text is silent the nearest passage is named and the entry says so in words.
 */
export const PLAY_RULES: Readonly<Record<RulesetId, { provoke: string; fall: string; fallNote?: string; noThreat?: string }>> = {
  // epic-path.txt › Walk: "provokes attacks of opportunity … if you leave a space they threaten".
  'epic-path': { provoke: 'Walk', fall: 'Falling' },
  // d20-srd-35.txt names attacks of opportunity in movement (› Very Small Creature) and measures
  // threat by reach (› Big and Little Creatures in Combat); it gives no falling damage: the d20 rule
  // of 1d6 per 10 ft is used (src-shared/rules/engine/d20-falling.ts).
  'd20-35': {
    provoke: 'Big and Little Creatures in Combat',
    fall: 'Movement, Position, and Distance',
    fallNote: 'd20-srd-35.txt gives no falling damage; the d20 rule of 1d6 per 10 feet (at most 20d6) is used.',
  },
  // d20-phb-30.txt › Combat: Movement, Position and Distance: "whether you're vulnerable to attacks
  // of opportunity while you're moving"; › Tactical Aerial Movement names "falling damage".
  'd20-30': {
    provoke: 'Combat: Movement, Position and Distance',
    fall: 'Tactical Aerial Movement',
    fallNote: 'd20-phb-30.txt names falling damage without giving it; the d20 rule of 1d6 per 10 feet (at most 20d6) is used.',
  },
  // 6d6.txt has no attacks of opportunity in movement and no falling damage (the Game Leader decides).
  // The engine finds no threatened squares there: a foe's proximity resistance answers only a move
  // into or out of its own square (› Occupied Squares), never a square beside it.
  '6d6': {
    provoke: 'Occupied Squares',
    fall: 'Moving In Combat',
    fallNote: '6d6.txt gives no falling damage: the Game Leader decides it.',
    noThreat: "6d6.txt has no threatened squares: a foe resists only a move into or out of its own square, with a proximity resistance action (6d6.txt › Occupied Squares).",
  },
  // startroid.txt › Moving through occupied squares: "Moving into a non helpless enemy's space provokes".
  startroid: { provoke: 'Moving through occupied squares', fall: 'Inertia' },
};

/** A rule list with each rule once (an action may cite the same passage for two reasons: Walk moves and provokes). */
export function uniqueRules(rules: readonly RuleCite[]): RuleCite[] {
  const seen = new Set<string>();
  return rules.filter((r) => !seen.has(r.ref) && !!seen.add(r.ref));
}

/**
 * The rules to print beside an entry's text: those its words do not already quote (as
 * "(Epic Path › Walk)" or "(epic-path.txt › Walk)"), so the log, the export and the fall dialog cite each once.
 */
export function rulesBesideText(e: Pick<LogEntry, 'text' | 'rules'>): RuleCite[] {
  return uniqueRules(e.rules).filter((r) => !e.text.includes(r.display) && !e.text.includes(r.ref));
}
