export { RULESET_IMPLEMENTATIONS } from './registry';
export * from './engine/types';
export * from './engine/dice';
export type { Ruleset, MovePlan } from './engine/ruleset';
export { reachableSquares, planPath, checkPath, straightLine, costField } from './movement';
