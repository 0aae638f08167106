import { RULESETS, type Creature, type Encounter } from '../model';
import { DiceError, formatDice, parseDice, roll, type DiceExpression, type RandomSource } from '../rules/engine/dice';
import type { FlightPathAnswer } from '../rules/engine/flight';
import { hostile } from '../rules/engine/relations';
import { footprintSide } from '../rules/engine/sizes';
import { costUnitWords, MoveRefused, type MoveAction, type MoveRequest, type PathAnswer, type Provocation, type Reach } from '../rules/engine/types';
import { cubeThreatened } from '../rules/lines';
import { checkFlightPath, checkPath, reachableSquares } from '../rules/movement';
import { RULESET_IMPLEMENTATIONS } from '../rules/registry';
import { proximityActions, proximityResistance } from '../rules/six-d6';
import { citeOf, PLAY_RULES } from './cite';
import { conditionRefusal } from './conditions';
import { ledgeOnPath, resolveFall, stallFlyer } from './falls';
import { creatureOf, entry, nameOf, perCreature, requireTurn, sq } from './state';
import { noteRoundMovement, roundRefusal, spendTurn, TURN_ECONOMY, turnRefusal } from './turns';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState, type Square } from './types';


/** "1 square", "3 squares", "5 ft": a count in the log's words. */
const count = (n: number, unit: string): string => `${n} ${n === 1 && unit === 'squares' ? 'square' : unit}`;
/** A creature's own movement in play: walks and flights checked by the engine, what they provoke, standing up. */

const MOVE_VERBS: Readonly<Record<MoveAction, string>> = {
  move: 'moves',
  double: 'double-moves',
  run: 'runs',
  step: 'steps',
  withdraw: 'withdraws',
  crawl: 'crawls',
  'full-round': 'moves one square',
  charge: 'charges',
};

/**
 * Whose movement a move is: the creature's own on its turn or out of turn (a reaction), which counts in
 * its round (`roundRefusal`), or the GM's correction, which is no movement of the creature's own.
 */
export type MoveBy = 'turn' | 'reaction' | 'correction';

export function moveAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'move' }>, random: RandomSource, by: MoveBy = 'turn'): LogEntry {
  const e = moveAlongPath(state, index, action, random, by);
  if (by !== 'correction') noteRoundMovement(state, action.creature, action.action, by === 'reaction');
  return e;
}

function moveAlongPath(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'move' }>, random: RandomSource, by: MoveBy): LogEntry {
  const ruleset = state.board.ruleset;
  const mover = creatureOf(state, action.creature);
  requireTurn(state, mover);
  if (state.stalled[mover.id]) throw new PlayRefused(`${mover.name} is stalled: it spends its turn on a DC 20 Reflex save to recover (d20-phb-30.txt › Minimum Forward Speed).`);
  const refusal = turnRefusal(ruleset, state.turn, mover, action.action);
  if (refusal) throw new PlayRefused(refusal, null, TURN_ECONOMY[ruleset].actions[action.action]?.rule ?? null);
  const inRound = by === 'correction' ? null : roundRefusal(state, mover, action.action);
  if (inRound) throw new PlayRefused(inRound.why, null, inRound.rule);
  const stoppedByCondition = conditionRefusal(state, mover, action.action);
  if (stoppedByCondition) throw new PlayRefused(stoppedByCondition.why, null, stoppedByCondition.rule);
  if (!Array.isArray(action.path) || action.path.length === 0) throw new PlayRefused('A move needs at least one square to go to.');
  for (const p of action.path) {
    if (!p || !Number.isInteger(p.x) || !Number.isInteger(p.y)) throw new PlayRefused('Every square of a path is a pair of whole numbers x,y.');
  }
  const economy = TURN_ECONOMY[ruleset];
  const e = entry(state, index, action, mover.id, '');
  const request: MoveRequest = { action: action.action };
  if (action.mode) request.mode = action.mode;
  if (action.score !== undefined) request.score = action.score;
  if (economy.carryParity) request.parity = state.turn.parity;
  // 6d6.txt › Run: "Running using a potential action is worth 1d6+0": the score is rolled now.
  if (ruleset === '6d6' && action.action === 'run' && action.score === undefined) {
    let dice: DiceExpression;
    try {
      dice = parseDice(action.dice ?? '1d6');
    } catch (err) {
      throw new PlayRefused(err instanceof DiceError ? err.message : String(err));
    }
    const faces: number[] = [];
    const total = roll(dice, () => {
      const r = random();
      faces.push(1 + Math.floor(r * dice.sides));
      return r;
    });
    request.score = Math.max(1, total);
    e.dice.push({ what: 'run score', dice: formatDice(dice), rolls: faces, total });
  }
  if (action.mode === 'fly') return flightMove(state, e, mover, action, request, random);
  if (action.phasing) return phasingMove(state, e, mover, action, request, random);
  const runScore = e.dice[0] ?? null;
  if (ruleset === '6d6') rollProximityResistance(state, e, mover, action.path, request, random);
  let fall = ledgeOnPath(state.board, mover, action.path, request);
  if (fall && fall.index < action.path.length - 1) {
    throw new PlayRefused(`the move ends at ${sq(action.path[fall.index]!)}: stepping off the ledge there, ${mover.name} falls ${fall.height} ${RULESETS[ruleset].lengthUnit}`, action.path[fall.index + 1]!);
  }
  let answer: PathAnswer;
  // 6d6.txt › Occupied Squares: "If the square's total resistance prevents the character from entering,
  // the movement ends with the character outside the occupied square" — a roll stops the move, it
  // does not undo it: the squares before the resisted one are moved.
  let stoppedBy: string | null = null;
  try {
    answer = checkPath(state.board, mover.id, action.path, request);
    if (!answer.legal && request.resistRolled) {
      const atLeast = checkPath(state.board, mover.id, action.path, { ...request, resistRolled: {} });
      if ((atLeast.legal || atLeast.breaksAt > answer.breaksAt) && answer.stopsAt) stoppedBy = answer.reason;
    }
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  if (!answer.legal && !stoppedBy) {
    const at = action.path[Math.max(0, answer.breaksAt)] ?? null;
    throw new PlayRefused(`${mover.name} cannot take that path: ${answer.reason}${at ? ` (at ${sq(at)})` : ''}.`, at);
  }
  // The move is legal (or stopped by a resistance roll): carry it out as far as it goes.
  let moved = action.path;
  let cost = answer.total;
  if (stoppedBy) {
    const stop = answer.stopsAt!;
    let k = -1;
    for (let i = 0; i < answer.breaksAt; i++) if (action.path[i]!.x === stop.x && action.path[i]!.y === stop.y) k = i;
    moved = action.path.slice(0, k + 1);
    cost = answer.steps.slice(0, k + 1).reduce((n, st) => n + st.cost, 0);
    if (fall && fall.index >= moved.length) fall = null;
  }
  const from = { x: mover.x, y: mover.y };
  const last = moved[moved.length - 1] ?? from;
  mover.x = last.x;
  mover.y = last.y;
  state.turn.spent += cost;
  state.turn.parity = fall ? 0 : (answer.parity ?? 0);
  spendTurn(ruleset, state.turn, action.action);
  const rule = economy.actions[action.action]!;
  e.rules.push(rule.rule);
  e.squares = [from, ...moved];
  const unit = costUnitWords(answer.unit);
  e.text = moved.length
    ? `${mover.name} ${MOVE_VERBS[action.action]} from ${sq(from)} to ${sq(last)}${moved.length > 1 ? ` via ${moved.slice(0, -1).map(sq).join(' ')}` : ''}: ${count(cost, unit)}, ${rule.label}; ${count(state.turn.spent, unit)} this turn.`
    : `${mover.name} stays at ${sq(from)}: ${rule.label}; ${count(state.turn.spent, unit)} this turn.`;
  if (runScore) e.text += ` Run score: ${runScore.dice} rolled ${runScore.total}.`;
  const resisted = e.dice.filter((d) => d !== runScore);
  if (resisted.length) e.text += ` ${resisted.map((d) => `${d.what}: ${d.dice} rolled ${d.total}`).join('; ')} (${citeOf(ruleset, 'Occupied Squares').display}).`;
  if (stoppedBy) {
    e.rules.push(citeOf(ruleset, 'Occupied Squares'));
    e.text += ` The resistance stops the move short of ${sq(action.path[moved.length]!)}: ${stoppedBy}.`;
  }
  listProvocations(state, e, index, mover, answer.provokes);
  // The ledge is the square walked off (the one before the drop), the landing the one after it.
  if (fall) resolveFall(state, e, mover, fall.height, last, random, `walks off the ledge at ${sq(moved[fall.index - 1] ?? from)}`);
  e.round = state.round;
  return e;
}

/**
 * 6d6.txt › Occupied Squares: entering or leaving the square of an occupant "who wishes to prevent
 * this" grants it a proximity resistance action, added to the movement resistance. Each is rolled now
 * from the seed with the occupant's resistance (its dice, or the default), at least 1, and logged.
 */
function rollProximityResistance(state: PlayState, e: LogEntry, mover: Creature, path: Square[], request: MoveRequest, random: RandomSource): void {
  const met = proximityActions(state.board, mover, path);
  if (!met.length) return;
  // Keyed by creature id: a null-prototype object, so an id like "constructor" is just an id.
  const rolled = perCreature<{ enter?: number; leave?: number }>();
  for (const m of met) {
    let dice: DiceExpression;
    try {
      dice = proximityResistance(m.creature);
    } catch (err) {
      if (err instanceof MoveRefused) throw new PlayRefused(err.message);
      throw err;
    }
    const faces: number[] = [];
    const total = roll(dice, () => {
      const r = random();
      faces.push(1 + Math.floor(r * dice.sides));
      return r;
    });
    const score = Math.max(1, total);
    (rolled[m.creature.id] ??= {})[m.on] = score;
    e.dice.push({ what: `${m.creature.name}'s proximity resistance (${m.on === 'enter' ? 'entering' : 'leaving'} its square)`, dice: formatDice(dice), rolls: faces, total: score });
  }
  request.resistRolled = rolled;
}

/** Attacks of opportunity: listed for the GM to resolve, with the enemy named. */
function listProvocations(state: PlayState, e: LogEntry, index: number, mover: Creature, provokes: readonly Provocation[]): void {
  if (!provokes.length) return;
  const ruleset = state.board.ruleset;
  const provokeRule = citeOf(ruleset, PLAY_RULES[ruleset].provoke);
  e.rules.push(provokeRule);
  for (const [k, p] of provokes.entries()) {
    const id = `${index}:${k}`;
    state.pending.push({ id, attacker: p.by, attackerName: nameOf(state, p.by), target: mover.id, targetName: mover.name, at: { x: p.x, y: p.y }, status: 'open', rule: provokeRule });
    e.pending.push(id);
  }
  e.text += ` Provokes ${provokes.length === 1 ? 'an attack of opportunity' : 'attacks of opportunity'} from ${provokes.map((p) => `${nameOf(state, p.by)} (when ${mover.name} is at ${p.x},${p.y})`).join(', ')} (${provokeRule.display}): the GM resolves ${provokes.length === 1 ? 'it' : 'them'}.`;
}

/**
 * The attacks of opportunity a flight provokes, counted as the engine counts a walk's (leaving a cube an
 * enemy's reach covers, through height; once per enemy for a single-action move where the text says
 * so; a withdraw's first cube safe). The flight answer has none of its own.
 */
function flightProvocations(board: Encounter, mover: Creature, request: MoveRequest, cubes: { x: number; y: number; z: number }[]): Provocation[] {
  const rules = RULESET_IMPLEMENTATIONS[board.ruleset];
  const plan = rules.plan({ encounter: board, creature: mover, request: { ...request, mode: 'fly' } });
  if (plan.provokes === 'none' || plan.provokes === 'entering-enemy') return [];
  const square = RULESETS[board.ruleset].squareSize;
  const side = footprintSide(rules.sizes[mover.size] ?? { space: square, reach: 0 }, square);
  const enemies = board.creatures
    .filter((c) => c.id !== mover.id && hostile(mover, c))
    .map((c) => ({ c, range: rules.threatRange(c, board) }))
    .filter((x): x is { c: Creature; range: number } => x.range !== null);
  const out: Provocation[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < cubes.length; i++) {
    if (i === 1 && plan.startSafe) continue;
    const from = cubes[i - 1]!;
    const level = Math.round(from.z / square);
    for (const { c, range } of enemies) {
      if (plan.provokes === 'once-per-enemy' && seen.has(c.id)) continue;
      let threatened = false;
      for (let y = from.y; y < from.y + side && !threatened; y++) for (let x = from.x; x < from.x + side && !threatened; x++) threatened = cubeThreatened(board, c, range, x, y, level, side);
      if (threatened) {
        out.push({ by: c.id, x: from.x, y: from.y });
        seen.add(c.id);
      }
    }
  }
  return out;
}

/**
 * The attacks of opportunity a flight along `cubes` (after where the creature is) would provoke, as a
 * committed flight lists them: for the panel and the map while the GM draws it.
 */
export function flightProvokes(state: PlayState, creatureId: string, request: MoveRequest, cubes: readonly { x: number; y: number; z: number }[]): Provocation[] {
  const mover = creatureOf(state, creatureId);
  return flightProvocations(state.board, mover, request, [{ x: mover.x, y: mover.y, z: mover.altitude }, ...cubes]);
}

/**
 * A flight along cubes, checked by the flyer's maneuverability. A d20 3.0 flyer that ends in the air
 * under its minimum forward speed stalls and falls (d20-phb-30.txt › Minimum Forward Speed): 150 ft
 * this round, landing with falling damage if that brings it down; otherwise the GM has it save next
 * turn (DC 20 Reflex) or fall 300 ft more.
 */
function flightMove(state: PlayState, e: LogEntry, mover: Creature, action: Extract<PlayAction, { kind: 'move' }>, request: MoveRequest, random: RandomSource): LogEntry {
  const ruleset = state.board.ruleset;
  const unitLength = RULESETS[ruleset].lengthUnit;
  const path = action.path.map((p) => ({ x: p.x, y: p.y, z: p.z ?? mover.altitude }));
  for (const p of path) if (!Number.isFinite(p.z) || p.z < 0) throw new PlayRefused(`A flight's altitude is a length, 0 or more (at ${sq(p)}).`, p);
  let answer: FlightPathAnswer;
  try {
    answer = checkFlightPath(state.board, mover.id, path, request);
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  // A stall is the flight's last check, after every step was priced: the move happens, then the fall
  // (d20-phb-30.txt › Minimum Forward Speed: "it must land at the end of its movement").
  const stalls = !answer.legal && answer.stalls === true && answer.steps.length === path.length;
  if (!answer.legal && !stalls) {
    const at = path[Math.max(0, answer.breaksAt)] ?? null;
    throw new PlayRefused(`${mover.name} cannot fly that way: ${answer.reason}${at ? ` (at ${sq(at)}, ${at.z} ${unitLength} up)` : ''}.`, at);
  }
  const from = { x: mover.x, y: mover.y, z: mover.altitude };
  const provoked = flightProvocations(state.board, mover, request, [from, ...path]);
  const last = path[path.length - 1]!;
  mover.x = last.x;
  mover.y = last.y;
  mover.altitude = last.z;
  state.turn.spent += answer.total;
  // The flight answer does not carry the diagonal parity out: the count starts again after a flight.
  state.turn.parity = 0;
  spendTurn(ruleset, state.turn, action.action);
  const rule = TURN_ECONOMY[ruleset].actions[action.action]!;
  e.rules.push(rule.rule);
  e.squares = [from, ...path];
  const unit = costUnitWords(RULESETS[ruleset].speedUnit);
  e.text = `${mover.name} flies from ${sq(from)} (${from.z} ${unitLength} up) to ${sq(last)} (${last.z} ${unitLength} up): ${count(answer.total, unit)}, ${rule.label}; ${count(state.turn.spent, unit)} this turn.`;
  listProvocations(state, e, e.index, mover, provoked);
  if (stalls) stallFlyer(state, e, mover, random, answer.reason.split(':')[0]!);
  e.round = state.round;
  return e;
}

/**
 * startroid.txt › Phasing: "you ignore terrain, and you can move through obstacles and other creatures,
 * but you must end your movement in an unoccupied space" — one square of movement per step, the end
 * checked by the engine's phasing reach. Entering a non-helpless enemy's space still provokes
 * (› Moving through occupied squares).
 */
function phasingMove(state: PlayState, e: LogEntry, mover: Creature, action: Extract<PlayAction, { kind: 'move' }>, request: MoveRequest, random: RandomSource): LogEntry {
  const board = state.board;
  if (board.ruleset !== 'startroid') throw new PlayRefused(`Phasing is a Startroid rule (startroid.txt › Phasing); ${RULESETS[board.ruleset].name} has none.`);
  let reach: Reach;
  try {
    reach = reachableSquares(board, mover.id, { ...request, phasing: true });
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  const rules = RULESET_IMPLEMENTATIONS[board.ruleset];
  const square = RULESETS[board.ruleset].squareSize;
  const side = footprintSide(rules.sizes[mover.size] ?? { space: square, reach: 0 }, square);
  let x = mover.x;
  let y = mover.y;
  const provokes: Provocation[] = [];
  for (const [i, p] of action.path.entries()) {
    if (Math.max(Math.abs(p.x - x), Math.abs(p.y - y)) !== 1) throw new PlayRefused(`${mover.name} cannot take that path: ${sq(p)} is not next to ${x},${y}.`, p);
    if (p.x < 0 || p.y < 0 || p.x + side > board.map.width || p.y + side > board.map.height) throw new PlayRefused(`${mover.name} would leave the map at ${sq(p)}.`, p);
    if (i + 1 > reach.budget) throw new PlayRefused(`${mover.name} cannot take that path: it costs ${i + 1} squares by ${sq(p)}, more than the ${reach.budget} squares this move allows.`, p);
    for (const o of board.creatures) {
      if (o.id === mover.id || o.helpless || !hostile(mover, o)) continue;
      const os = footprintSide(rules.sizes[o.size] ?? { space: square, reach: 0 }, square);
      const inside = (ax: number, ay: number) => o.x < ax + side && ax < o.x + os && o.y < ay + side && ay < o.y + os;
      if (inside(p.x, p.y) && !inside(x, y)) provokes.push({ by: o.id, x: p.x, y: p.y });
    }
    x = p.x;
    y = p.y;
  }
  const end = reach.squares.find((s) => s.x === x && s.y === y);
  if (!end || !end.end) throw new PlayRefused(`${mover.name} must end its phasing in an unoccupied space it could stand in, and ${x},${y} is not (startroid.txt › Phasing).`, { x, y });
  const fall = ledgeOnPath(board, mover, action.path, request);
  if (fall && fall.index < action.path.length - 1) throw new PlayRefused(`the move ends at ${sq(action.path[fall.index]!)}: stepping off the ledge there, ${mover.name} falls ${fall.height} ${RULESETS[board.ruleset].lengthUnit}`, action.path[fall.index + 1]!);
  const from = { x: mover.x, y: mover.y };
  mover.x = x;
  mover.y = y;
  state.turn.spent += action.path.length;
  spendTurn(board.ruleset, state.turn, action.action);
  const rule = TURN_ECONOMY[board.ruleset].actions[action.action]!;
  e.rules.push(rule.rule, citeOf(board.ruleset, 'Phasing'));
  e.squares = [from, ...action.path];
  e.text = `${mover.name} phases from ${sq(from)} to ${x},${y}${action.path.length > 1 ? ` via ${action.path.slice(0, -1).map(sq).join(' ')}` : ''}, through terrain and creatures: ${count(action.path.length, 'squares')}, ${rule.label}; ${count(state.turn.spent, 'squares')} this turn.`;
  listProvocations(state, e, e.index, mover, provokes);
  if (fall) resolveFall(state, e, mover, fall.height, { x, y }, random, `phases off the ledge at ${sq(action.path[fall.index - 1] ?? from)}`);
  e.round = state.round;
  return e;
}

/** Stands a prone creature up, at the price its ruleset gives (`TURN_ECONOMY`). */
export function standUp(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'stand-up' }>): LogEntry {
  const ruleset = state.board.ruleset;
  const c = creatureOf(state, action.creature);
  requireTurn(state, c);
  const refusal = turnRefusal(ruleset, state.turn, c, 'stand-up');
  if (refusal) throw new PlayRefused(refusal);
  const inRound = roundRefusal(state, c, 'stand-up');
  if (inRound) throw new PlayRefused(inRound.why, null, inRound.rule);
  const stoppedByCondition = conditionRefusal(state, c, 'stand-up');
  if (stoppedByCondition) throw new PlayRefused(stoppedByCondition.why, null, stoppedByCondition.rule);
  c.prone = false;
  spendTurn(ruleset, state.turn, 'stand-up');
  noteRoundMovement(state, c.id, 'stand-up', false);
  const rule = TURN_ECONOMY[ruleset].actions['stand-up']!;
  const e = entry(state, index, action, c.id, `${c.name} stands up: ${rule.label.replace(/^Stand up \(?/, '').replace(/\)$/, '')}.`);
  e.rules.push(rule.rule);
  e.conditions.push('standing');
  e.squares = [{ x: c.x, y: c.y }];
  return e;
}
