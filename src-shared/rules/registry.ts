import type { RulesetId } from '../model';
import { d20Phb30 } from './d20-30';
import { d20Srd35 } from './d20-35';
import type { Ruleset } from './engine/ruleset';
import { epicPath } from './epic-path';
import { sixD6 } from './six-d6';
import { startroid } from './startroid';

export const RULESET_IMPLEMENTATIONS: Readonly<Record<RulesetId, Ruleset>> = {
  'epic-path': epicPath,
  'd20-35': d20Srd35,
  'd20-30': d20Phb30,
  '6d6': sixD6,
  startroid,
};
