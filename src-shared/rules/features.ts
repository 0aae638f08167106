import { RULESETS, type Creature, type RulesetId } from '../model';

/**
 * What a creature field or map layer does under each ruleset's own text. A scenario that sets one
 * whose text gives it no effect is refused with the reason (an option accepted and then ignored
 * misleads: a GM marks a d20 fighter blind and sees it run as before). `dead` is not here: Play tracks
 * it in every ruleset, and where the text gives the dead no movement rule the answers say so.
 */
export type RuleFeature = 'blind' | 'reach-weapon' | 'fills' | 'resist' | 'mass' | 'light';

/** The rulesets whose text gives each feature an effect, and where. */
const HAS_EFFECT: Readonly<Record<RuleFeature, Partial<Record<RulesetId, string>>>> = {
  // epic-path.txt › Run: "may not use the 'run' action if they cannot see"; › 5-Foot Step; › Withdraw.
  blind: { 'epic-path': '› Run, › 5-Foot Step, › Withdraw' },
  // d20-srd-35.txt › Large, Huge, Gargantuan, and Colossal Creatures; the 3.0 chapter names reach
  // weapons (› Cover) and is read with 3.5's threat rule (docs/rules.md).
  'reach-weapon': { 'd20-35': '› Large, Huge, Gargantuan, and Colossal Creatures', 'd20-30': '› Cover (3.5\'s threat rule, docs/rules.md)' },
  // d20-srd-35.txt › Designated Exceptions; d20-phb-30.txt › Moving Trough a Square (the gelatinous cube).
  fills: { 'd20-35': '› Designated Exceptions', 'd20-30': '› Moving Trough a Square' },
  // 6d6.txt › Occupied Squares: the proximity resistance action.
  resist: { '6d6': '› Occupied Squares' },
  // startroid.txt › Inertia: momentum is mass times speed.
  mass: { startroid: '› Inertia' },
  // epic-path.txt › Run, › 5-Foot Step: darkness stops both.
  light: { 'epic-path': '› Run, › 5-Foot Step' },
};

const WORDS: Readonly<Record<RuleFeature, string>> = {
  blind: 'blindness',
  'reach-weapon': 'reach weapons',
  fills: 'a creature that fills its squares',
  resist: 'a proximity resistance',
  mass: 'a creature\'s mass',
  light: 'light and darkness',
};

/** Why a feature does nothing under a ruleset (to refuse it with), or null when its text uses it. */
export function featureWithoutEffect(ruleset: RulesetId, feature: RuleFeature): string | null {
  const where = HAS_EFFECT[feature];
  if (Object.hasOwn(where, ruleset)) return null;
  const uses = Object.entries(where).map(([id, heading]) => `${RULESETS[id as RulesetId].text} ${heading}`);
  return `${RULESETS[ruleset].text} gives ${WORDS[feature]} no effect on movement (only ${uses.join('; ')})`;
}

/** The first flag or field of a creature its ruleset's text gives no effect, with the reason. */
export function creatureFeatureWithoutEffect(ruleset: RulesetId, c: Creature): string | null {
  const set: [RuleFeature, boolean][] = [
    ['blind', !!c.blinded],
    ['reach-weapon', !!c.reachWeapon],
    ['fills', !!c.fillsSpace],
    ['resist', c.resistance !== undefined],
    ['mass', c.mass !== undefined],
  ];
  for (const [feature, on] of set) {
    if (!on) continue;
    const why = featureWithoutEffect(ruleset, feature);
    if (why) return `${feature === 'resist' ? `resist=${c.resistance}` : feature === 'mass' ? `mass=${c.mass}` : feature}: ${why}`;
  }
  return null;
}

/**
 * Where a text says what the dead do in movement: Epic Path's dead are rough terrain (› Squeezing);
 * d20 3.0 counts them among the helpless (› Moving Trough a Square); 6d6's occupant "unable to act"
 * adds only the minimum resistance of one (› Occupied Squares). Elsewhere the text is silent.
 */
const DEAD_RULE: Partial<Record<RulesetId, string>> = {
  'epic-path': '› Squeezing',
  'd20-30': '› Moving Trough a Square',
  '6d6': '› Occupied Squares',
};

/** A note for each dead creature whose ruleset's text gives the dead no movement rule. */
export function deadNotes(ruleset: RulesetId, creatures: readonly Creature[]): string[] {
  if (Object.hasOwn(DEAD_RULE, ruleset)) return [];
  return creatures
    .filter((c) => c.dead)
    .map((c) => `${c.name} is marked dead, but ${RULESETS[ruleset].text} gives the dead no movement rule: its space counts as any creature's (mark it helpless if it should not hinder).`);
}
