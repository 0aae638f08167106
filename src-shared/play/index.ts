/**
 * Play mode as a pure model: a session (seed + log + cursor) over the planned encounter, the board
 * derived by replaying the log with seeded dice. See docs/play.md.
 */
export * from './types';
export { cite, citeOf, PLAY_RULES, rulesBesideText, uniqueRules } from './cite';
export { TURN_ECONOMY, turnOptions, turnRefusal, type TurnActionRule, type TurnEconomy, type TurnOption } from './turns';
export { initialState, applyAction, actionRandom, initiativeDice } from './apply';
export { CURRENT_RULES_VERSION } from './state';
export { newSession, replay, timeline, stateAt, perform, undo, redo, canUndo, canRedo, goTo, reset, savedSession, savedPlay, withSession, undoEntry, switchBranch, streamOf, rulesVersionOf, MAX_BRANCHES, type NotReapplied, type UndoEntryResult, moveRequest, previewMove, type MovePreview } from './session';
export { exportLog, type LogFormat } from './export';
export { FORCED_RULES } from './apply';
export { reachByDistance, damageBars } from './charts';
export { ledgeOnPath } from './falls';
export { areaSizeText, coveredText } from './areas';
export { parseDiceFormula, rollDice, rollDiceFormula, formulaRange, diceRollText, DiceFormulaError, DICE_LIMITS, type DiceFormula, type DiceTerm } from './dice-roller';
export { flightProvokes } from './moves';
export { missingAttackWords } from './gm';
export { CONDITIONS, conditionRule, conditionsOf, conditionRefusal, type ConditionId, type ConditionRule } from './conditions';
export { HEALTH_TRACKS, hitPointsLeft, takeDamage, type DamageTaken, type HealthTracks } from './health';
