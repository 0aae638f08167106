import { RULESETS, Terrain, type Creature, type Encounter, type SurfaceName as ModelSurface } from '../model';
import { DiceError, formatDice, parseDice, roll, seededRandom, type DiceExpression, type RandomSource } from '../rules/engine/dice';
import { rollDamage, type DiceTerm } from '../rules/engine/damage';
import type { FallAnswer, SurfaceName } from '../rules/engine/falling';
import { footprintSide } from '../rules/engine/sizes';
import { MoveRefused, type MoveAction, type MoveRequest, type PathAnswer, type Provocation } from '../rules/engine/types';
import { hostile } from '../rules/engine/relations';
import { cubeThreatened } from '../rules/lines';
import { fallDamage } from '../rules/falls';
import { forcedMovement, type ForcedAnswer, type ForcedKind, type ForcedStop } from '../rules/forced';
import { teleport, type TeleportAnswer } from '../rules/startroid/teleport';
import { checkFlightPath, checkPath } from '../rules/movement';
import { stall } from '../rules/d20-30/aerial';
import type { FlightPathAnswer } from '../rules/engine/flight';
import { RULESET_IMPLEMENTATIONS } from '../rules/registry';
import { citeOf, PLAY_RULES } from './cite';
import { freshTurn, spendTurn, TURN_ECONOMY, turnRefusal } from './turns';
import {
  PlayRefused,
  type Health,
  type InitiativeEntry,
  type LogEntry,
  type PlayAction,
  type PlayState,
  type Square,
} from './types';

/** The state before anything is played: the planned layout, no initiative yet. */
export function initialState(planned: Encounter): PlayState {
  const health: Record<string, Health> = {};
  for (const c of planned.creatures) health[c.id] = { hitPoints: null, damage: 0, nonlethal: 0 };
  // The board is the planned layout only: a saved session is not part of it.
  const board: Encounter = { ...planned, creatures: planned.creatures.map((c) => ({ ...c })) };
  delete board.play;
  return {
    board,
    round: 0,
    order: [],
    turnIndex: -1,
    current: null,
    turn: freshTurn(null, planned.ruleset),
    health,
    pending: [],
    entries: [],
    ties: [],
    stalled: {},
  };
}

/** A copy safe to change: the map is shared (play never paints), everything else is copied. */
function draft(state: PlayState): PlayState {
  const health: Record<string, Health> = {};
  for (const [id, h] of Object.entries(state.health)) health[id] = { ...h };
  return {
    ...state,
    board: { ...state.board, creatures: state.board.creatures.map((c) => ({ ...c })) },
    order: state.order.map((e) => ({ ...e })),
    turn: { ...state.turn },
    health,
    pending: state.pending.map((p) => ({ ...p })),
    entries: [...state.entries],
    ties: state.ties.map((t) => [...t]),
    stalled: Object.fromEntries(Object.entries(state.stalled).map(([id, v]) => [id, { ...v }])),
  };
}

/**
 * The die initiative is rolled with. None of the five movement chapters gives initiative, so the die
 * is each game's usual one (d20 for the d20 family and Startroid, d6 for 6d6), a choice the GM can
 * change per roll, and ties are left to the GM (`ties`, the `order` action).
 */
export function initiativeDice(ruleset: Encounter['ruleset']): string {
  return ruleset === '6d6' ? '1d6' : '1d20';
}

const SURFACE_NAMES: readonly ModelSurface[] = ['normal', 'jagged', 'stone', 'soft', 'yielding'];

function creatureOf(state: PlayState, id: string): Creature {
  const c = state.board.creatures.find((k) => k.id === id);
  if (!c) throw new PlayRefused(`There is no creature "${id}" in this encounter.`);
  return c;
}

function nameOf(state: PlayState, id: string): string {
  return state.board.creatures.find((k) => k.id === id)?.name ?? id;
}

function entry(state: PlayState, index: number, action: PlayAction, actor: string | null, text: string): LogEntry {
  return {
    index,
    kind: action.kind,
    round: state.round,
    actor,
    actorName: actor ? nameOf(state, actor) : null,
    text,
    rules: [],
    squares: [],
    dice: [],
    damage: null,
    conditions: [],
    pending: [],
  };
}

const sq = (p: Square) => `${p.x},${p.y}`;

const MOVE_VERBS: Readonly<Record<MoveAction, string>> = {
  move: 'moves',
  double: 'double-moves',
  run: 'runs',
  step: 'steps',
  withdraw: 'withdraws',
  crawl: 'crawls',
  'full-round': 'moves one square',
};

function setOrder(state: PlayState, order: InitiativeEntry[]): void {
  state.order = order;
  // Ties: equal scores next to each other, for the GM to break (the texts give no tie-break).
  state.ties = [];
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && order[j]!.score === order[i]!.score) j++;
    if (j - i > 1) state.ties.push(order.slice(i, j).map((e) => e.creature));
    i = j;
  }
  state.round = Math.max(1, state.round);
  startTurn(state, 0);
}

function startTurn(state: PlayState, index: number): void {
  state.turnIndex = index;
  state.current = state.order[index]?.creature ?? null;
  state.turn = freshTurn(state.current, state.board.ruleset);
}

/** Sort by score, highest first; equal scores keep the planned order (the GM breaks ties). */
function byScore(entries: InitiativeEntry[], planned: readonly Creature[]): InitiativeEntry[] {
  const rank = new Map(planned.map((c, i) => [c.id, i]));
  return [...entries].sort((p, q) => q.score - p.score || rank.get(p.creature)! - rank.get(q.creature)!);
}

function diceText(terms: DiceTerm[]): string {
  return terms
    .map((t) => `${t.count}d${t.sides}${t.perDie ? `${t.perDie > 0 ? '+' : ''}${t.perDie} per die` : ''}${t.kind === 'nonlethal' ? ' nonlethal' : ''}`)
    .join(' + ');
}

/** The height a walker drops at each step of a path, and so whether (and where) it falls. */
function ledgeOnPath(board: Encounter, mover: Creature, path: Square[], request: MoveRequest): { index: number; height: number } | null {
  const rules = RULESET_IMPLEMENTATIONS[board.ruleset];
  const square = RULESETS[board.ruleset].squareSize;
  // engine/search.ts › ledge: a flyer does not touch the ground and a climber climbs down: only a
  // creature moving by none of these falls (Epic Path combines every mode it has when none is named).
  const modes = request.mode ? [request.mode] : board.ruleset === 'epic-path' ? (['walk', 'fly', 'swim', 'climb', 'burrow'] as const).filter((m) => (m === 'walk' ? mover.speed.walk > 0 : (mover.speed[m] ?? 0) > 0)) : ['walk'];
  if (modes.includes('fly') || modes.includes('climb')) return null;
  const side = footprintSide(rules.sizes[mover.size] ?? { space: square, reach: 0 }, square);
  const map = board.map;
  const ground = (x: number, y: number) => {
    let top = -Infinity;
    for (let yy = y; yy < y + side; yy++) for (let xx = x; xx < x + side; xx++) {
      if (xx < 0 || yy < 0 || xx >= map.width || yy >= map.height) return NaN;
      top = Math.max(top, map.elevation[yy * map.width + xx]!);
    }
    return top;
  };
  let here = ground(mover.x, mover.y);
  for (const [i, p] of path.entries()) {
    const there = ground(p.x, p.y);
    if (Number.isNaN(there)) return null;
    if (here - there >= square) return { index: i, height: here - there + mover.altitude };
    here = there;
  }
  return null;
}

/** Rolls a fall, applies its damage and prone, and writes it into the entry. */
function resolveFall(state: PlayState, e: LogEntry, mover: Creature, height: number, at: Square, random: RandomSource, cause: string): void {
  const ruleset = state.board.ruleset;
  const map = state.board.map;
  const i = at.y * map.width + at.x;
  const fall: FallAnswer = fallDamage(ruleset, {
    height,
    surface: SURFACE_NAMES[map.surface[i]!] as SurfaceName,
    waterDepth: map.terrain[i] === Terrain.water ? map.waterDepth[i]! : 0,
    settings: state.board.settings,
  });
  const unit = RULESETS[ruleset].lengthUnit;
  const rules = PLAY_RULES[ruleset];
  e.rules.push(citeOf(ruleset, rules.fall));
  e.distribution = fall.distribution;
  mover.altitude = 0;
  const parts = [`${mover.name} ${cause} and falls ${height} ${unit} to ${sq(at)}`];
  if (fall.gmDecides || fall.dice.length === 0) {
    parts.push(fall.gmDecides ? `: ${(rules.fallNote ?? 'the text leaves the damage to the GM').replace(/\.$/, '')}` : ': too short a fall to hurt');
    e.damage = { lethal: 0, nonlethal: 0 };
  } else {
    const rolled = rollDamage(fall, random);
    const dice = diceText(fall.dice);
    e.dice.push({ what: `falling damage (${height} ${unit})`, dice, rolls: rolled.rolls, total: rolled.lethal + rolled.nonlethal });
    e.damage = { lethal: rolled.lethal, nonlethal: rolled.nonlethal };
    const h = state.health[mover.id] ?? (state.health[mover.id] = { hitPoints: null, damage: 0, nonlethal: 0 });
    h.damage += rolled.lethal;
    h.nonlethal += rolled.nonlethal;
    parts.push(`: ${dice} rolled ${rolled.rolls.join(', ')} = ${rolled.lethal} damage${rolled.nonlethal ? ` and ${rolled.nonlethal} nonlethal` : ''}`);
    if (rules.fallNote && ruleset !== '6d6') parts.push(` (${rules.fallNote.replace(/\.$/, '')})`);
    const total = rolled.lethal + rolled.nonlethal;
    const prone = fall.prone === true || (fall.prone === 'if-lethal' && rolled.lethal > 0) || (fall.prone === 'if-more-than-1' && total > 1);
    if (prone && !mover.prone) {
      mover.prone = true;
      e.conditions.push('prone');
      parts.push('; it lands prone');
    } else if (prone) parts.push('; it stays prone');
  }
  e.text += ` ${parts.join('')}.`;
}

function checkMoveAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'move' }>, random: RandomSource): LogEntry {
  const ruleset = state.board.ruleset;
  const mover = creatureOf(state, action.creature);
  requireTurn(state, mover);
  if (state.stalled[mover.id]) throw new PlayRefused(`${mover.name} is stalled: it spends its turn on a DC 20 Reflex save to recover (d20-phb-30.txt › Minimum Forward Speed).`);
  const refusal = turnRefusal(ruleset, state.turn, mover, action.action);
  if (refusal) throw new PlayRefused(refusal, null, TURN_ECONOMY[ruleset].actions[action.action]?.rule ?? null);
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
  const fall = ledgeOnPath(state.board, mover, action.path, request);
  if (fall && fall.index < action.path.length - 1) {
    throw new PlayRefused(`the move ends at ${sq(action.path[fall.index]!)}: stepping off the ledge there, ${mover.name} falls ${fall.height} ${RULESETS[ruleset].lengthUnit}`, action.path[fall.index + 1]!);
  }
  let answer: PathAnswer;
  try {
    answer = checkPath(state.board, mover.id, action.path, request);
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  if (!answer.legal) {
    const at = action.path[Math.max(0, answer.breaksAt)] ?? null;
    throw new PlayRefused(`${mover.name} cannot take that path: ${answer.reason}${at ? ` (at ${sq(at)})` : ''}.`, at);
  }
  // The move is legal: carry it out.
  const from = { x: mover.x, y: mover.y };
  const last = action.path[action.path.length - 1]!;
  mover.x = last.x;
  mover.y = last.y;
  state.turn.spent += answer.total;
  state.turn.parity = fall ? 0 : (answer.parity ?? 0);
  spendTurn(ruleset, state.turn, action.action);
  const rule = economy.actions[action.action]!;
  e.rules.push(rule.rule);
  e.squares = [from, ...action.path];
  const unit = answer.unit;
  e.text = `${mover.name} ${MOVE_VERBS[action.action]} from ${sq(from)} to ${sq(last)}${action.path.length > 1 ? ` via ${action.path.slice(0, -1).map(sq).join(' ')}` : ''}: ${answer.total} ${unit}, ${rule.label}; ${state.turn.spent} ${unit} this turn.`;
  if (e.dice.length) e.text += ` Run score: ${e.dice[0]!.dice} rolled ${e.dice[0]!.total}.`;
  listProvocations(state, e, index, mover, answer.provokes);
  if (fall) resolveFall(state, e, mover, fall.height, last, random, `walks off the ledge at ${sq(last)}`);
  e.round = state.round;
  return e;
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
  e.text += ` Provokes ${provokes.length === 1 ? 'an attack of opportunity' : 'attacks of opportunity'} from ${provokes.map((p) => `${nameOf(state, p.by)} at ${p.x},${p.y}`).join(', ')} (${provokeRule.display}): the GM resolves ${provokes.length === 1 ? 'it' : 'them'}.`;
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
  // A stall is the flight's last check, after every step was priced: the move happens, then the fall.
  const stalls = !answer.legal && answer.breaksAt === path.length - 1 && answer.steps.length === path.length && /stalls/.test(answer.reason);
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
  const unit = RULESETS[ruleset].speedUnit;
  e.text = `${mover.name} flies from ${sq(from)} (${from.z} ${unitLength} up) to ${sq(last)} (${last.z} ${unitLength} up): ${answer.total} ${unit}, ${rule.label}; ${state.turn.spent} ${unit} this turn.`;
  listProvocations(state, e, e.index, mover, provoked);
  if (stalls) {
    const stallRule = citeOf(ruleset, 'Minimum Forward Speed');
    e.rules.push(stallRule);
    const first = stall(last.z, []);
    const fell = first.rounds[0]!.fell;
    if (first.landed) resolveFall(state, e, mover, fell, last, random, `stalls (${answer.reason.split(':')[0]})`);
    else {
      mover.altitude = last.z - fell;
      state.stalled[mover.id] = { fallen: fell };
      e.conditions.push('stalled');
      e.text += ` It stalls and drops ${fell} ${unitLength} to ${mover.altitude} ${unitLength} up; next turn it must succeed on a DC 20 Reflex save or fall 300 ${unitLength} more (${stallRule.display}; the GM rolls the save).`;
    }
  }
  e.round = state.round;
  return e;
}

/** Which forced movements each text has, and the heading each is under. */
export const FORCED_RULES: Readonly<Record<Encounter['ruleset'], Partial<Record<ForcedKind, string>>>> = {
  'epic-path': { push: 'Push', pull: 'Pull', slide: 'Slide' },
  startroid: { push: 'Pull, Push and Slide', pull: 'Pull, Push and Slide', slide: 'Pull, Push and Slide', shift: 'Pull, Push and Slide' },
  'd20-35': {},
  'd20-30': {},
  '6d6': {},
};

const FORCED_VERBS: Readonly<Record<ForcedKind, string>> = { push: 'pushes', pull: 'pulls', slide: 'slides', shift: 'shifts' };

function forcedAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'forced' }>, random: RandomSource): LogEntry {
  const ruleset = state.board.ruleset;
  const info = RULESETS[ruleset];
  const heading = FORCED_RULES[ruleset][action.effect];
  if (!heading) {
    const has = Object.keys(FORCED_RULES[ruleset]);
    throw new PlayRefused(has.length ? `${info.name} has no ${action.effect} (${info.text}); it has ${has.join(', ')}.` : `${info.text} has no forced movement in its movement chapter.`);
  }
  const target = creatureOf(state, action.target);
  const by = creatureOf(state, action.by);
  const to = action.to?.length ? action.to : undefined;
  let answer: ForcedAnswer;
  try {
    answer = forcedMovement(state.board, { kind: action.effect, target: target.id, by: by.id, squares: action.squares, ...(to ? { to } : {}), ...(action.dropProne ? { dropProne: true } : {}) });
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  const rule = citeOf(ruleset, heading);
  // Squares the GM chose that the movement cannot reach are refused, with the rule's reason.
  const endings: ForcedStop['code'][] = ['fell', 'prone'];
  if (to && answer.stopped && !endings.includes(answer.stopped.code) && answer.moved < Math.min(to.length, action.squares)) {
    const at = to[answer.moved]!;
    throw new PlayRefused(`${target.name} cannot be moved to ${sq(at)}: ${answer.stopped.text.replace(/^stopped(: | before )/, '')} (${rule.ref}).`, at, rule);
  }
  const from = { x: target.x, y: target.y };
  target.x = answer.x;
  target.y = answer.y;
  target.altitude = answer.z;
  const e = entry(state, index, action, by.id, '');
  e.rules.push(rule, citeOf(ruleset, 'Forced Movement'));
  e.squares = [from, ...answer.path];
  const unit = info.lengthUnit;
  if (answer.stopped?.code === 'prone') {
    target.prone = true;
    e.conditions.push('prone');
    e.text = `${by.name} tries to ${action.effect} ${target.name}: ${answer.stopped.text}`;
  } else {
    e.text = `${by.name} ${FORCED_VERBS[action.effect]} ${target.name} ${answer.moved} square${answer.moved === 1 ? '' : 's'} from ${sq(from)} to ${sq(answer)}.`;
    if (answer.stopped && answer.stopped.code !== 'fell') e.text += ` It ${answer.stopped.text.replace(/^stopped/, 'stops')}.`;
    e.text += ' Forced movement provokes no attacks of opportunity.';
  }
  if (answer.fall) {
    target.altitude = 0;
    resolveFall(state, e, target, answer.fall.height, { x: answer.x, y: answer.y }, random, 'goes over the edge');
  } else if (answer.z !== 0 && ruleset === 'epic-path') e.text += ` It is ${answer.z} ${unit} up (epic-path.txt › Forced Movement In 3-D).`;
  return e;
}

function teleportAction(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'teleport' }>): LogEntry {
  const c = creatureOf(state, action.creature);
  if (!action.to || !Number.isInteger(action.to.x) || !Number.isInteger(action.to.y)) throw new PlayRefused('A teleport needs a destination square x,y.');
  let answer: TeleportAnswer;
  try {
    answer = teleport(state.board, c.id, action.to, action.range);
  } catch (err) {
    if (err instanceof MoveRefused) throw new PlayRefused(err.message);
    throw err;
  }
  const rule = citeOf(state.board.ruleset, 'Teleportation');
  if (!answer.legal) throw new PlayRefused(`${c.name} cannot teleport to ${sq(action.to)}: ${answer.reason}${answer.reason.includes(rule.file) ? '' : ` (${rule.ref})`}.`, action.to, rule);
  const from = { x: c.x, y: c.y };
  c.x = action.to.x;
  c.y = action.to.y;
  c.altitude = 0;
  const e = entry(state, index, action, c.id, `${c.name} teleports from ${sq(from)} to ${sq(action.to)}, a square it can see; no attacks of opportunity.`);
  e.rules.push(rule);
  e.squares = [from, { x: action.to.x, y: action.to.y }];
  return e;
}

/**
 * d20-phb-30.txt › Minimum Forward Speed: "If the fall doesn't bring the creature to the ground, it must
 * spend its next turn recovering from the stall. It must succeed on a DC 20 Reflex save to recover.
 * Otherwise it falls another 300 feet." Landing deals falling damage for the whole height fallen.
 */
function stallSave(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'stall-save' }>, random: RandomSource): LogEntry {
  const c = creatureOf(state, action.creature);
  const stalled = state.stalled[c.id];
  if (!stalled) throw new PlayRefused(`${c.name} has not stalled.`);
  requireTurn(state, c);
  if (state.turn.moved || state.turn.moveActions > 0) throw new PlayRefused(`${c.name} must spend its whole turn recovering from the stall.`);
  const rule = citeOf(state.board.ruleset, 'Minimum Forward Speed');
  const e = entry(state, index, action, c.id, '');
  e.rules.push(rule);
  let success = action.success;
  if (success === undefined) {
    const modifier = Math.floor(action.modifier ?? 0);
    const face = 1 + Math.floor(random() * 20);
    success = face + modifier >= 20;
    e.dice.push({ what: `${c.name}'s Reflex save (DC 20)`, dice: `1d20${modifier ? (modifier > 0 ? `+${modifier}` : `${modifier}`) : ''}`, rolls: [face], total: face + modifier });
  }
  // The recovery takes the turn.
  state.turn.fullRound = true;
  state.turn.moved = true;
  state.turn.moveActions = TURN_ECONOMY[state.board.ruleset].moveActions;
  if (success) {
    delete state.stalled[c.id];
    e.text = `${c.name} recovers from the stall ${c.altitude} ${RULESETS[state.board.ruleset].lengthUnit} up (DC 20 Reflex save${e.dice.length ? `: rolled ${e.dice[0]!.total}` : ''}; ${rule.display}).`;
    e.conditions.push('recovered');
    return e;
  }
  const fell = Math.min(300, c.altitude);
  stalled.fallen += fell;
  const unit = RULESETS[state.board.ruleset].lengthUnit;
  e.text = `${c.name} fails the DC 20 Reflex save${e.dice.length ? ` (rolled ${e.dice[0]!.total})` : ''} and falls ${fell} ${unit} more (${rule.display}).`;
  if (fell < c.altitude) {
    c.altitude -= fell;
    e.text += ` It is ${c.altitude} ${unit} up, still stalled.`;
    e.conditions.push('stalled');
    return e;
  }
  delete state.stalled[c.id];
  resolveFall(state, e, c, stalled.fallen, { x: c.x, y: c.y }, random, 'hits the ground after its stall');
  return e;
}

function requireTurn(state: PlayState, c: Creature): void {
  if (state.round === 0) throw new PlayRefused('Roll or enter initiative first: play goes turn by turn.');
  if (state.current !== c.id) throw new PlayRefused(`It is ${state.current ? nameOf(state, state.current) : 'nobody'}'s turn, not ${c.name}'s.`);
}

/**
 * Applies one action to a state, returning the new state and its log entry; refuses (PlayRefused)
 * with the reason when the rules or the turn do not allow it. Pure: `state` is not changed.
 */
export function applyAction(before: PlayState, action: PlayAction, index: number, random: RandomSource): PlayState {
  const state = draft(before);
  const ruleset = state.board.ruleset;
  let e: LogEntry;
  switch (action.kind) {
    case 'initiative': {
      const entries: InitiativeEntry[] = [];
      for (const [id, score] of Object.entries(action.scores ?? {})) {
        const c = creatureOf(state, id);
        if (!Number.isFinite(score)) throw new PlayRefused(`${c.name}'s initiative is not a number.`);
        entries.push({ creature: id, name: c.name, score });
      }
      if (!entries.length) throw new PlayRefused('Enter an initiative score for at least one creature.');
      setOrder(state, byScore(entries, before.board.creatures));
      e = entry(state, index, action, null, `Initiative entered: ${state.order.map((o) => `${o.name} ${o.score}`).join(', ')}.`);
      break;
    }
    case 'roll-initiative': {
      let dice: DiceExpression;
      try {
        dice = parseDice(action.dice ?? initiativeDice(ruleset));
      } catch (err) {
        throw new PlayRefused(err instanceof DiceError ? err.message : String(err));
      }
      e = entry(state, index, action, null, '');
      const entries: InitiativeEntry[] = [];
      for (const c of state.board.creatures) {
        const modifier = action.modifiers?.[c.id] ?? 0;
        const faces: number[] = [];
        const rolled = roll(dice, () => {
          const r = random();
          faces.push(1 + Math.floor(r * dice.sides));
          return r;
        });
        entries.push({ creature: c.id, name: c.name, score: rolled + modifier, roll: rolled, modifier });
        e.dice.push({ what: `${c.name}'s initiative`, dice: `${formatDice(dice)}${modifier ? (modifier > 0 ? `+${modifier}` : `${modifier}`) : ''}`, rolls: faces, total: rolled + modifier });
      }
      setOrder(state, byScore(entries, before.board.creatures));
      e.text = `Initiative rolled (${formatDice(dice)} + modifier): ${state.order.map((o) => `${o.name} ${o.score}`).join(', ')}.`;
      if (state.ties.length) e.text += ` Tied: ${state.ties.map((t) => t.map((id) => nameOf(state, id)).join(' and ')).join('; ')} — ${RULESETS[ruleset].text} gives no tie-break, so the GM orders them.`;
      e.round = state.round;
      break;
    }
    case 'order': {
      const ids = state.order.map((o) => o.creature);
      const given = action.order ?? [];
      if (given.length !== ids.length || !ids.every((id) => given.includes(id))) {
        throw new PlayRefused(`The order must list every creature in the initiative once: ${ids.map((id) => nameOf(state, id)).join(', ')}.`);
      }
      const current = state.current;
      state.order = given.map((id) => state.order.find((o) => o.creature === id)!);
      state.ties = [];
      // A creature that has already moved this turn keeps its turn; otherwise the turn goes to whoever
      // now stands at this place in the order (a tie broken at the top, a creature delaying).
      if (current && state.turn.moved) state.turnIndex = state.order.findIndex((o) => o.creature === current);
      else startTurn(state, Math.max(0, state.turnIndex));
      e = entry(state, index, action, null, `The GM sets the order: ${state.order.map((o) => o.name).join(', ')}.`);
      break;
    }
    case 'next-turn': {
      if (state.round === 0 || state.order.length === 0) throw new PlayRefused('Roll or enter initiative first: there is no turn to end.');
      const ended = state.current;
      let next = state.turnIndex + 1;
      if (next >= state.order.length) {
        next = 0;
        state.round += 1;
      }
      startTurn(state, next);
      e = entry(state, index, action, ended, `${ended ? nameOf(state, ended) : 'Nobody'} ends the turn. Round ${state.round}: ${nameOf(state, state.current!)}'s turn.`);
      break;
    }
    case 'move':
      e = checkMoveAction(state, index, action, random);
      break;
    case 'stand-up': {
      const c = creatureOf(state, action.creature);
      requireTurn(state, c);
      const refusal = turnRefusal(ruleset, state.turn, c, 'stand-up');
      if (refusal) throw new PlayRefused(refusal);
      c.prone = false;
      spendTurn(ruleset, state.turn, 'stand-up');
      const rule = TURN_ECONOMY[ruleset].actions['stand-up']!;
      e = entry(state, index, action, c.id, `${c.name} stands up: ${rule.label.replace(/^Stand up \(?/, '').replace(/\)$/, '')}.`);
      e.rules.push(rule.rule);
      e.conditions.push('standing');
      e.squares = [{ x: c.x, y: c.y }];
      break;
    }
    case 'resolve': {
      const p = state.pending.find((k) => k.id === action.pending);
      if (!p) throw new PlayRefused(`There is no pending attack "${action.pending}".`);
      if (p.status !== 'open') throw new PlayRefused(`${p.attackerName}'s attack on ${p.targetName} is already resolved (${p.status}).`);
      if (action.outcome !== 'hit' && action.outcome !== 'miss') throw new PlayRefused('An attack is resolved as a hit or a miss.');
      const damage = action.outcome === 'hit' ? Math.max(0, Math.floor(action.damage ?? 0)) : 0;
      p.status = action.outcome;
      if (damage) p.damage = damage;
      e = entry(state, index, action, p.attacker, `${p.attackerName}'s attack of opportunity on ${p.targetName} ${action.outcome === 'hit' ? `hits${damage ? ` for ${damage} damage` : ''}` : 'misses'} (GM).`);
      e.rules.push(p.rule);
      e.squares = [p.at];
      if (damage) {
        state.health[p.target]!.damage += damage;
        e.damage = { lethal: damage, nonlethal: 0 };
      }
      break;
    }
    case 'damage': {
      const c = creatureOf(state, action.creature);
      const amount = Math.floor(action.amount);
      if (!Number.isFinite(amount) || amount < 0) throw new PlayRefused('Damage is a whole number, 0 or more.');
      const h = state.health[c.id]!;
      if (action.nonlethal) h.nonlethal += amount;
      else h.damage += amount;
      e = entry(state, index, action, c.id, `${c.name} takes ${amount}${action.nonlethal ? ' nonlethal' : ''} damage${action.note ? ` (${action.note})` : ''} (GM).`);
      e.damage = action.nonlethal ? { lethal: 0, nonlethal: amount } : { lethal: amount, nonlethal: 0 };
      break;
    }
    case 'hit-points': {
      const c = creatureOf(state, action.creature);
      if (!Number.isInteger(action.hitPoints) || action.hitPoints < 0) throw new PlayRefused('Hit points are a whole number, 0 or more.');
      state.health[c.id]!.hitPoints = action.hitPoints;
      e = entry(state, index, action, c.id, `${c.name} has ${action.hitPoints} hit points (GM).`);
      break;
    }
    case 'forced':
      e = forcedAction(state, index, action, random);
      break;
    case 'stall-save':
      e = stallSave(state, index, action, random);
      break;
    case 'teleport':
      e = teleportAction(state, index, action);
      break;
    default:
      throw new PlayRefused(`"${(action as { kind?: unknown }).kind}" is not a play action.`);
  }
  state.entries.push(e);
  return state;
}

/** Each action rolls from its own stream, so undoing or cutting the log never shifts later dice. */
export function actionRandom(seed: number, index: number): RandomSource {
  return seededRandom((Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) | 0);
}
