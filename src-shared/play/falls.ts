import { RULESETS, Terrain, type Creature, type Encounter, type SurfaceName as ModelSurface } from '../model';
import { rollDamage, type DiceTerm } from '../rules/engine/damage';
import type { RandomSource } from '../rules/engine/dice';
import type { FallAnswer, SurfaceName } from '../rules/engine/falling';
import { footprintSide } from '../rules/engine/sizes';
import type { MoveRequest } from '../rules/engine/types';
import { fallDamage, fallingBody } from '../rules/falls';
import { MANEUVERABILITY, stall } from '../rules/d20-30/aerial';
import { RULESET_IMPLEMENTATIONS } from '../rules/registry';
import { citeOf, PLAY_RULES } from './cite';
import { damageWords, takeDamage } from './health';
import { creatureOf, entry, requireTurn, sq } from './state';
import { TURN_ECONOMY } from './turns';
import { PlayRefused, type LogEntry, type PlayAction, type PlayState, type Square } from './types';

/** Falls in play: off a ledge, over an edge, after a stall — rolled from the seed by the ruleset's own rule. */

const SURFACE_NAMES: readonly ModelSurface[] = ['normal', 'jagged', 'stone', 'soft', 'yielding'];

function diceText(terms: DiceTerm[]): string {
  return terms
    .map((t) => `${t.count}d${t.sides}${t.perDie ? `${t.perDie > 0 ? '+' : ''}${t.perDie} per die` : ''}${t.kind === 'nonlethal' ? ' nonlethal' : ''}`)
    .join(' + ');
}

/** The height a walker drops at each step of a path, and so whether (and where) it falls. */
export function ledgeOnPath(board: Encounter, mover: Creature, path: Square[], request: MoveRequest): { index: number; height: number } | null {
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
export function resolveFall(state: PlayState, e: LogEntry, mover: Creature, height: number, at: Square, random: RandomSource, cause: string): void {
  const ruleset = state.board.ruleset;
  const map = state.board.map;
  const i = at.y * map.width + at.x;
  const fall: FallAnswer = fallDamage(ruleset, {
    height,
    surface: SURFACE_NAMES[map.surface[i]!] as SurfaceName,
    waterDepth: map.terrain[i] === Terrain.water ? map.waterDepth[i]! : 0,
    ...fallingBody(mover),
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
    // 6d6.txt › Standing, Sitting & Lying Down: a character that "falls down" stands up afterwards.
    if (fall.prone === true && !mover.prone) {
      mover.prone = true;
      e.conditions.push('prone');
      parts.push('; it falls down (prone)');
      if (ruleset === '6d6') e.rules.push(citeOf(ruleset, 'Standing, Sitting & Lying Down'));
    }
  } else {
    const rolled = rollDamage(fall, random);
    const dice = diceText(fall.dice);
    e.dice.push({ what: `falling damage (${height} ${unit})`, dice, rolls: rolled.rolls, total: rolled.lethal + rolled.nonlethal });
    e.damage = { lethal: rolled.lethal, nonlethal: rolled.nonlethal };
    // The fall's damage goes to hit points (health.ts), and the entry says what is left.
    const lethal = takeDamage(state, mover.id, rolled.lethal);
    const nonlethal = takeDamage(state, mover.id, rolled.nonlethal, { nonlethal: true });
    const taken = { temporary: lethal.temporary + nonlethal.temporary, lethal: lethal.lethal, nonlethal: nonlethal.nonlethal };
    parts.push(`: ${dice} rolled ${rolled.rolls.join(', ')} = ${rolled.lethal} damage${rolled.nonlethal ? ` and ${rolled.nonlethal} nonlethal` : ''}${damageWords(state, mover.id, taken)}`);
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

/**
 * d20-phb-30.txt › Minimum Forward Speed: a flyer that "fails to maintain its minimum forward speed …
 * must land at the end of its movement. If it is too high above the ground to land, it falls straight
 * down, descending 150 feet in the first round of falling. If this distance brings it to the ground, it
 * takes falling damage. If the fall doesn't bring the creature to the ground, it must spend its next
 * turn recovering from the stall." The one stall path: a flight that ends too slow and a turn spent
 * hovering by a flyer that cannot hover both come here. `cause` says why, for the log.
 */
export function stallFlyer(state: PlayState, e: LogEntry, mover: Creature, random: RandomSource, cause: string): void {
  const unit = RULESETS[state.board.ruleset].lengthUnit;
  const stallRule = citeOf(state.board.ruleset, 'Minimum Forward Speed');
  e.rules.push(stallRule);
  const first = stall(mover.altitude, []);
  const fell = first.rounds[0]!.fell;
  if (first.landed) {
    resolveFall(state, e, mover, fell, { x: mover.x, y: mover.y }, random, `stalls (${cause})`);
    return;
  }
  mover.altitude -= fell;
  state.stalled[mover.id] = { fallen: fell };
  e.conditions.push('stalled');
  e.text += ` It stalls and drops ${fell} ${unit} to ${mover.altitude} ${unit} up; next turn it must succeed on a DC 20 Reflex save or fall 300 ${unit} more (${stallRule.display}; the GM rolls the save).`;
}

/**
 * A turn spent in the air without flying, at its end (from rules edition 2). d20-phb-30.txt ›
 * Maneuverability: only perfect and good flyers "Hover: The ability to stay in one place while
 * airborne"; average, poor and clumsy ones have a "Minimum forward speed" of half their fly speed, and
 * one that "fails to maintain its minimum forward speed" stalls (› Minimum Forward Speed). A flight
 * this turn was judged when it was made (it kept the speed, or it stalled), so what is left is a turn
 * in which the flyer did not move; a turn spent recovering from a stall (`stall-save`) is the text's
 * own use of that turn and does not stall it again, nor does a turn of a flyer still stalled.
 */
export function hoverStall(state: PlayState, e: LogEntry, id: string, random: RandomSource): void {
  if (state.board.ruleset !== 'd20-30' || state.turn.moved || state.stalled[id]) return;
  const flyer = state.board.creatures.find((c) => c.id === id);
  if (!flyer || flyer.altitude <= 0) return;
  const maneuverability = flyer.speed.maneuverability ?? 'average';
  const needed = (flyer.speed.fly ?? 0) * MANEUVERABILITY[maneuverability].minimumForward;
  // Perfect and good flyers hover (no minimum); a creature with no fly speed has no minimum to keep.
  if (needed <= 0) return;
  const unit = RULESETS[state.board.ruleset].lengthUnit;
  e.rules.push(citeOf(state.board.ruleset, 'Maneuverability'));
  e.text += ` ${flyer.name} stayed ${flyer.altitude} ${unit} up without flying, and ${maneuverability} maneuverability cannot hover.`;
  stallFlyer(state, e, flyer, random, `0 ${unit} forward, under its minimum forward speed of ${needed} ${unit}`);
}

/**
 * d20-phb-30.txt › Minimum Forward Speed: "If the fall doesn't bring the creature to the ground, it must
 * spend its next turn recovering from the stall. It must succeed on a DC 20 Reflex save to recover.
 * Otherwise it falls another 300 feet." Landing deals falling damage for the whole height fallen.
 */
export function stallSave(state: PlayState, index: number, action: Extract<PlayAction, { kind: 'stall-save' }>, random: RandomSource): LogEntry {
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
