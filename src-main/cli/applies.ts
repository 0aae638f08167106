import type { RulesetId } from '../../src-shared/model';

/**
 * Which options apply to which command, action and ruleset. An option that does not apply would be
 * silently ignored (`--dice` without `--action run` answered a mosey), so the CLI refuses it with
 * one line naming it. Commands not listed here (added by other parts of the product) are not checked.
 */

const MOVE = ['creature', 'action', 'mode', 'parity', 'dice', 'score', 'resist', 'encumbrance', 'phasing', 'accelerated', 'overrun', 'tumble', 'hidden', 'knows-hidden'];
const FORCED = ['creature', 'by', 'squares', 'to', 'drop-prone', 'three-dimensional'];

export const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  reach: MOVE,
  path: [...MOVE, 'to', 'via', 'z'],
  check: [...MOVE, 'path'],
  fall: ['ruleset', 'height', 'surface', 'water-depth', 'deliberate', 'acrobatics', 'mass', 'gravity', 'seed'],
  push: FORCED,
  pull: FORCED,
  slide: FORCED,
  shift: FORCED,
  stall: ['altitude', 'saves'],
  teleport: ['creature', 'to', 'range'],
  collision: ['speed', 'cautious'],
  'falling-object': ['size', 'height'],
  validate: [],
  schema: [],
};

/** Options every command takes. */
const ANYWHERE = new Set(['json', 'help']);

/** The actions an option applies to (6d6 › Mosey, › Run: dice only for a run; a score for a mosey or run). */
const ACTION_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  dice: ['run'],
  score: ['move', 'run', 'double'],
  hidden: ['move', 'run', 'double'],
};

/** The rulesets an option applies to. */
const RULESET_OPTIONS: Readonly<Record<string, readonly RulesetId[]>> = {
  dice: ['6d6'],
  score: ['6d6'],
  resist: ['6d6'],
  encumbrance: ['6d6'],
  parity: ['d20-35', 'd20-30'],
  phasing: ['startroid'],
  'drop-prone': ['epic-path'],
  'three-dimensional': ['startroid'],
  accelerated: ['d20-35'],
  hidden: ['6d6'],
  'knows-hidden': ['6d6'],
  overrun: ['d20-35', 'd20-30', 'epic-path'],
  tumble: ['d20-35', 'd20-30'],
};

/** Why an option does not apply to this command and action, or null when all apply. */
export function optionProblem(command: string | undefined, options: ReadonlyMap<string, string[]>): string | null {
  const allowed = command === undefined ? undefined : COMMAND_OPTIONS[command];
  if (!allowed) return null;
  for (const key of options.keys()) {
    if (ANYWHERE.has(key)) continue;
    if (!allowed.includes(key)) return `--${key} does not apply to ${command}${allowed.length ? ` (it takes ${allowed.map((k) => `--${k}`).join(', ')})` : ''}`;
  }
  const action = options.get('action')?.at(-1) ?? 'move';
  for (const [key, actions] of Object.entries(ACTION_OPTIONS)) {
    if (options.has(key) && !actions.includes(action)) return `--${key} does not apply to --action ${action} (only to ${actions.map((a) => `--action ${a}`).join(', ')})`;
  }
  if (options.has('dice') && options.has('score')) return '--dice and --score exclude each other: the score is either rolled or given';
  if (options.has('z') && options.get('mode')?.at(-1) !== 'fly') return '--z applies only to --mode fly';
  if (options.has('accelerated') && options.get('mode')?.at(-1) !== 'climb') return '--accelerated applies only to --mode climb';
  return null;
}

/** Why an option does not apply to the encounter's ruleset, or null. */
export function rulesetOptionProblem(options: ReadonlyMap<string, string[]>, ruleset: RulesetId): string | null {
  for (const [key, rulesets] of Object.entries(RULESET_OPTIONS)) {
    if (options.has(key) && !rulesets.includes(ruleset)) return `--${key} does not apply to ${ruleset} (only to ${rulesets.join(', ')})`;
  }
  return null;
}
