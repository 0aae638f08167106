import type { RulesetId } from '../../src-shared/model';

/**
 * Where each creature field the panel offers only in some rulesets has its rule: the heading, by
 * ruleset (its name is prefixed where shown). A field is shown only for the rulesets listed, the ones
 * whose engine reads it; the text goes into the field's tooltip.
 */
export type RuleField = 'swim' | 'climb' | 'burrow' | 'maneuverability' | 'reach' | 'race' | 'fillsSpace';

// d20 3.0 and Startroid give no swim, climb or burrow speed of their own, but the engine reads them there
// as in every ruleset (docs/rules.md › All rulesets: deep water needs a swim or fly speed; › Height).
const SHARED_MODE_READING = '(the text has no such speed; read as in every ruleset: docs/rules.md › All rulesets)';

export const RULE_FIELDS: Readonly<Record<RuleField, Partial<Record<RulesetId, string>>>> = {
  swim: {
    'epic-path': '› Alternative Movement Types › Swim',
    'd20-35': '› Movement Modes › Swim',
    'd20-30': SHARED_MODE_READING,
    startroid: SHARED_MODE_READING,
  },
  climb: {
    'epic-path': '› Alternative Movement Types › Climb',
    'd20-35': '› Movement Modes › Climb',
    'd20-30': SHARED_MODE_READING,
    startroid: SHARED_MODE_READING,
  },
  burrow: {
    'epic-path': '› Alternative Movement Types › Burrow',
    'd20-35': '› Movement Modes › Burrow',
    'd20-30': SHARED_MODE_READING,
    startroid: SHARED_MODE_READING,
  },
  // Only the 3.0 chapter's engine judges flight by it (src-shared/rules/d20-30/aerial.ts); 3.5 names
  // the classes (› Fly) but gives them no movement rule.
  maneuverability: { 'd20-30': '› Tactical Aerial Movement › Maneuverability' },
  reach: {
    'epic-path': '› Reach',
    'd20-35': '› Big and Little Creatures in Combat',
    'd20-30': "› Flanking (threatened squares read with 3.5's rule, docs/rules.md)",
  },
  // Only 3.5's table keeps a dwarf at 20 ft in armour; in the 3.0 table the dwarf slows too.
  race: { 'd20-35': '› How Far Can Your Character Move? (Table: Tactical Speed)' },
  fillsSpace: { 'd20-35': '› Designated Exceptions', 'd20-30': '› Moving Trough a Square' },
};

/** The rule heading of a field under a ruleset, or null where the ruleset does not read it (the field is hidden). */
export function ruleOf(field: RuleField, ruleset: RulesetId): string | null {
  return RULE_FIELDS[field][ruleset] ?? null;
}
