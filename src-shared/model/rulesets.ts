/**
 * The five rulesets the product implements, one per text in `shared/rules/`.
 * Only identity and units live here (the model needs them to store and draw an encounter);
 * the mechanics live in `rules/<id>/`.
 */
export const RULESET_IDS = ['epic-path', 'd20-35', 'd20-30', '6d6', 'startroid'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export type LengthUnit = 'ft' | 'm';
/** What a creature's speed and a move's budget are counted in. */
export type SpeedUnit = 'ft' | 'squares' | 'mr';

export interface RulesetInfo {
  readonly id: RulesetId;
  readonly name: string;
  /** The rule text this ruleset follows, in `shared/rules/`. */
  readonly text: string;
  /** Side of one grid square in `lengthUnit`. */
  readonly squareSize: number;
  readonly lengthUnit: LengthUnit;
  readonly speedUnit: SpeedUnit;
}

export const RULESETS: Readonly<Record<RulesetId, RulesetInfo>> = {
  // epic-path.txt › General Movement Rules: five feet on a side, and five feet high.
  'epic-path': { id: 'epic-path', name: 'Epic Path', text: 'epic-path.txt', squareSize: 5, lengthUnit: 'ft', speedUnit: 'ft' },
  // d20-srd-35.txt › Movement, Position, and Distance: a 5-foot-by-5-foot area.
  'd20-35': { id: 'd20-35', name: 'd20 SRD 3.5', text: 'd20-srd-35.txt', squareSize: 5, lengthUnit: 'ft', speedUnit: 'ft' },
  // d20-phb-30.txt › Combat: Movement, Position and Distance: a 5-by-5-foot area.
  'd20-30': { id: 'd20-30', name: 'd20 3.0 combat', text: 'd20-phb-30.txt', squareSize: 5, lengthUnit: 'ft', speedUnit: 'ft' },
  // 6d6.txt › Movement Resistance: the terrain is split up into 5' squares.
  '6d6': { id: '6d6', name: '6d6 RPG', text: '6d6.txt', squareSize: 5, lengthUnit: 'ft', speedUnit: 'mr' },
  // startroid.txt › Speed: each square representing a 1.5m square; speed in squares.
  startroid: { id: 'startroid', name: 'Startroid', text: 'startroid.txt', squareSize: 1.5, lengthUnit: 'm', speedUnit: 'squares' },
};

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === 'string' && (RULESET_IDS as readonly string[]).includes(value);
}
