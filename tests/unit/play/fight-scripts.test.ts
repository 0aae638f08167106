import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseEncounter, PlayActionSchema } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';

/**
 * Issue 17 › 9: `encounter play` plays each sample from initiative to the end of a fight, from a
 * script in tests/fixtures/fights/ (the same JSON actions the panel logs). Each script holds a
 * creature dropped to 0 hit points by rolled damage, an area template placed and cleared, a flight
 * with altitude changes where the sample has a flyer, and a few rounds of turns. The expectations
 * below were worked out from the scripts, the sample maps and the rule texts before the scripts
 * were run; a number the seed decides is checked against the dice the log shows and the range the
 * expression allows, so a change in the dice code that breaks a rule still fails.
 */

const samples = path.resolve(__dirname, '../../../resources/encounters');
const scripts = path.resolve(__dirname, '../../fixtures/fights');

interface Roll {
  what: string;
  dice: string;
  rolls: number[];
  total: number;
  dropped?: number[];
}
interface Summary {
  dropped?: { index: number; text: string; notReapplied: { index: number; kind: string; text: string; reason: string }[] };
  session: { log: unknown[]; branches?: { log: unknown[]; at: number }[] };
  round: number;
  current: string | null;
  actions: number;
  creatures: { id: string; x: number; y: number; altitude: number; prone: boolean; damage: number; hitPoints: number | null; conditions: string[] }[];
  log: { index: number; round: number; kind: string; actor?: string; text: string; dice: Roll[]; damage?: { lethal: number; nonlethal: number }; conditions: string[]; rules: string[] }[];
}

function load(sample: string): Encounter {
  const parsed = parseEncounter(readFileSync(path.join(samples, `${sample}.encounter`), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.encounter;
}

/** Runs tests/fixtures/fights/<sample>.json through the CLI's own function, as `encounter play --script … --json`. */
async function fight(sample: string, more: Record<string, string> = {}): Promise<Summary> {
  const options = new Map<string, string>([['script', path.join(scripts, `${sample}.json`)], ['json', ''], ...Object.entries(more)]);
  return JSON.parse(await playCommand(load(sample), { get: (k) => options.get(k), has: (k) => options.has(k) })) as Summary;
}

function scriptLength(sample: string): number {
  return (JSON.parse(readFileSync(path.join(scripts, `${sample}.json`), 'utf8')) as { actions: unknown[] }).actions.length;
}

function creature(s: Summary, id: string) {
  const c = s.creatures.find((k) => k.id === id);
  if (!c) throw new Error(`no creature ${id}`);
  return c;
}

/** The entry numbered `n` (from 1, as the CLI prints it). */
function entry(s: Summary, n: number) {
  const e = s.log.find((k) => k.index === n);
  if (!e) throw new Error(`no entry ${n}`);
  return e;
}

/**
 * A roll of `count`d`sides`+`plus` (all dice kept) is `count` faces of 1..sides summing, with the
 * modifier, to its total: what any seed must give.
 */
function expectRoll(roll: Roll, dice: string, count: number, sides: number, plus = 0): void {
  expect(roll.dice).toBe(dice);
  expect(roll.rolls).toHaveLength(count);
  for (const face of roll.rolls) {
    expect(face).toBeGreaterThanOrEqual(1);
    expect(face).toBeLessThanOrEqual(sides);
  }
  expect(roll.total).toBe(roll.rolls.reduce((a, b) => a + b, 0) + plus);
}

/**
 * The GM marks the creature dropped at 0 hit points with a condition its ruleset's text names; the
 * entry cites the passage (none where the chapter is silent) and the creature carries it at the end.
 */
function expectMarked(s: Summary, n: number, id: string, conditions: string[], rule: string | null): void {
  const e = entry(s, n);
  expect(e.kind).toBe('condition');
  expect(e.rules).toEqual(rule ? [rule] : []);
  expect(creature(s, id).conditions).toEqual(conditions);
}

/**
 * Turn control, the same pattern in every script (ruleset-neutral GM tools: no rule of their own;
 * an effect's condition cites what the condition action cites, docs/play.md › Turn control): an
 * effect with a condition for one round, ending at a named creature's turn edge; a creature that
 * delays and acts now before another; a readied action fired during another's turn, the readier
 * moving out of turn as a reaction.
 */
interface TurnControl {
  effect: { at: number; text: string; rule: string; endsAt: number; ends: string; on: string };
  delay: { at: number; who: string; actsAt: number; before: string };
  ready: { at: number; who: string; trigger: string; firesAt: number; during: string; move: string };
}
function expectTurnControl(s: Summary, t: TurnControl): void {
  expect(entry(s, t.effect.at).text).toContain(t.effect.text);
  expect(entry(s, t.effect.at).rules).toEqual([t.effect.rule]);
  expect(entry(s, t.effect.endsAt).text).toContain(t.effect.ends);
  expect(entry(s, t.delay.at).text).toContain(`${t.delay.who} delays`);
  expect(entry(s, t.delay.actsAt).text).toContain(`${t.delay.who} stops delaying and acts now, before ${t.delay.before}`);
  expect(entry(s, t.ready.at).text).toContain(`${t.ready.who} readies an action: ${t.ready.trigger}`);
  expect(entry(s, t.ready.firesAt).text).toContain(`${t.ready.who}'s readied action fires (${t.ready.trigger}), during ${t.ready.during}'s turn`);
  expect(entry(s, t.ready.firesAt + 1).text).toContain(`Out of turn (reaction): ${t.ready.who} ${t.ready.move}`);
  for (const k of ['effect', 'delay', 'ready', 'act-now', 'move-out-of-turn']) expect(s.log.some((e) => e.kind === k)).toBe(true);
}

/** Every action of the script is one entry, numbered from 1, none refused. */
function expectWholeScript(s: Summary, sample: string): void {
  const n = scriptLength(sample);
  expect(s.actions).toBe(n);
  expect(s.log.map((e) => e.index)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
}

describe('encounter play: a whole fight from each sample, from a script', () => {
  it('d20 SRD 3.5, the goblin ambush: the wolf drops Bree with a rolled attack of opportunity; a burst covers both', async () => {
    const s = await fight('goblin-ambush.d20-35');
    expectWholeScript(s, 'goblin-ambush.d20-35');
    // Initiative as entered: Wolf 20 first. Round 1 is entries 5–14 (six next-turns pass W, A, B,
    // G, H, O); round 2 runs to entry 31, which starts round 3 at the wolf; entry 32 ends its turn.
    expect(s.round).toBe(3);
    expect(s.current).toBe('A');
    // The wolf's double move ends where the path does (d20-srd-35.txt › Movement in Combat: two
    // move actions), Bree's single step west to 1,3; nobody else moves.
    expect(creature(s, 'W')).toMatchObject({ x: 3, y: 3 });
    // Bree's own step took her to 1,3 (entry 9); her readied reaction (entry 29) to 0,3. Aldric,
    // acting after his delay, walks 1,1 → 3,1 along the bluff (entry 25).
    expect(creature(s, 'B')).toMatchObject({ x: 0, y: 3 });
    expect(creature(s, 'A')).toMatchObject({ x: 3, y: 1, damage: 0 });
    // Bree leaves 2,3, a square the wolf at 3,3 threatens: one attack of opportunity, from the wolf.
    const step = entry(s, 9);
    expect(step.text).toContain('Provokes an attack of opportunity from Wolf');
    // Rolled: 1d20+20 is 21 at least, so it always reaches Bree's 15; damage 1d4+6 is 7 to 10,
    // more than her 6 hit points: she is at 0 or below whatever the seed.
    const resolve = entry(s, 10);
    expect(resolve.kind).toBe('resolve');
    expectRoll(resolve.dice[0]!, '1d20+20', 1, 20, 20);
    expectRoll(resolve.dice[1]!, '1d4+6', 1, 4, 6);
    expect(resolve.text).toContain(`hits: ${resolve.dice[0]!.total} (1d20+20) against 15, ${resolve.dice[1]!.total} damage (1d4+6) (rolled)`);
    const bree = creature(s, 'B');
    expect(bree.hitPoints).toBe(6);
    expect(bree.damage).toBe(resolve.dice[1]!.total);
    expect(bree.hitPoints! - bree.damage).toBeLessThanOrEqual(0);
    // A 2-square burst from the corner 4,4 counts d20's 1-2-1: the wolf at 3,3 touches the corner
    // (1), Bree at 2,3 is 2 across and 1 down (2 + 1 diagonal at the odd count = 2); Aldric at 1,1 is
    // 3 + 3 diagonals away. The burst was entry 7; entry 15 clears it by that number.
    expect(entry(s, 7).text).toMatch(/covers Wolf, Bree/);
    expect(entry(s, 7).text).not.toContain('Aldric');
    expect(entry(s, 15).text).toContain('Cleared the area Fireball');
    // The dice roller: 4d6kh3 keeps three of four faces and drops the lowest.
    const morale = entry(s, 16).dice[0]!;
    expect(morale.rolls).toHaveLength(4);
    expect(morale.dropped).toHaveLength(1);
    expect(morale.total).toBe(morale.rolls.reduce((a, b) => a + b, 0) - morale.dropped![0]!);
    expect(Math.min(...morale.rolls)).toBe(morale.dropped![0]);
    // Rolled damage onto the hobgoblin's 11 hit points: 2d6 is 2 to 12, all of it taken.
    const hurt = entry(s, 18);
    expectRoll(hurt.dice[0]!, '2d6', 2, 6);
    expect(creature(s, 'H')).toMatchObject({ hitPoints: 11, damage: hurt.dice[0]!.total });
    // Bree, down, is marked helpless: others pass through her square (d20-srd-35.txt › Moving through a Square).
    // Hold person, added on the wolf's turn in round 2 for 1 round to the start of the wolf's turn:
    // it ends as round 3 begins (entry 31), the hobgoblin no longer helpless. Aldric delays on his
    // turn and acts before the goblin archer; Bree's readied action fires on the hobgoblin's turn.
    expectTurnControl(s, {
      effect: { at: 20, text: "Hold person on Hobgoblin: 1 round, ending at the start of Wolf's turn in round 3", rule: 'd20-srd-35.txt › Moving through a Square', endsAt: 31, ends: 'Hold person on Hobgoblin ends (start of Wolf\'s turn). Hobgoblin is no longer helpless.', on: 'H' },
      delay: { at: 21, who: 'Aldric', actsAt: 24, before: 'Goblin archer' },
      ready: { at: 22, who: 'Bree', trigger: 'the hobgoblin comes near', firesAt: 28, during: 'Hobgoblin', move: 'moves from 1,3 to 0,3' },
    });
    expect(creature(s, 'H').conditions).toEqual([]);
    // Acting now moves Aldric before the archer, and the fired readied action Bree before the hobgoblin.
    expect((s as unknown as { order: { creature: string }[] }).order.map((o) => o.creature)).toEqual(['W', 'A', 'G', 'B', 'H', 'O']);
    expectMarked(s, 33, 'B', ['helpless'], 'd20-srd-35.txt › Moving through a Square');
  });

  it('Epic Path, the drake lair: the kobold drops Ardent, the drake climbs and dives, the familiar flies up', async () => {
    const s = await fight('drake-lair.epic-path');
    expectWholeScript(s, 'drake-lair.epic-path');
    // Order A, K, D, T; the script ends in round 4 on the familiar's turn.
    expect(s.round).toBe(4);
    expect(s.current).toBe('T');
    // Ardent's double move to the shelf's edge passes the kobold and the drake
    // (epic-path.txt › Double Move, › Walk): two attacks of opportunity, entry 5's pending 4:0 and 4:1.
    expect(entry(s, 5).text).toContain('Provokes attacks of opportunity from Drake');
    expect(entry(s, 5).text).toContain('Kobold');
    // The kobold's 1d20+20 (21+) beats Ardent's 18; its 1d6+8 (9–14) is more than his 8 hit points.
    const kobold = entry(s, 6);
    expectRoll(kobold.dice[0]!, '1d20+20', 1, 20, 20);
    expectRoll(kobold.dice[1]!, '1d6+8', 1, 6, 8);
    expect(entry(s, 7).text).toBe("Drake's attack of opportunity on Ardent misses (GM).");
    const ardent = creature(s, 'A');
    expect(ardent).toMatchObject({ x: 7, y: 2, hitPoints: 8, damage: kobold.dice[1]!.total });
    expect(ardent.hitPoints! - ardent.damage).toBeLessThan(0);
    // A 1-square burst from the corner 8,3 is the four squares touching it (7,2 8,2 7,3 8,3):
    // Ardent at 7,2 only; the drake's nearest square (9,2) is 2 away.
    expect(entry(s, 9).text).toMatch(/covers Ardent \(GM\)\.$/);
    expect(entry(s, 16).text).toContain('Cleared the area Flask of fire');
    // Flights with altitude: up 5 ft a square, 15 ft in three cubes; the familiar 10 ft in two; the
    // drake back down to 5 ft two squares on (epic-path.txt counts each cube 1 for 1: 10 ft).
    expect(entry(s, 11).text).toContain('Drake flies from 9,2 (0 ft up) to 11,5 (15 ft up): 15 ft');
    expect(entry(s, 13).text).toContain('Tiny familiar flies from 2,4 (0 ft up) to 4,4 (10 ft up): 10 ft');
    expect(entry(s, 20).text).toContain('Drake flies from 11,5 (15 ft up) to 9,4 (5 ft up): 10 ft');
    expect(creature(s, 'D')).toMatchObject({ x: 9, y: 4, altitude: 5, damage: 0 });
    expect(creature(s, 'T')).toMatchObject({ x: 4, y: 4, altitude: 10 });
    // Rolled damage 1d8 (1–8) on the kobold's 7 hit points.
    const hurt = entry(s, 18);
    expectRoll(hurt.dice[0]!, '1d8', 1, 8);
    expect(creature(s, 'K')).toMatchObject({ x: 7, y: 1, hitPoints: 7, damage: hurt.dice[0]!.total });
    // Ardent, down, is unconscious: he cannot stop a creature squeezing into his space (epic-path.txt › Squeezing).
    // Exhausting poison makes the kobold fatigued ("can't run or charge", epic-path.txt › Overland
    // Travel) from round 3 to the end of its turn in round 4 (entry 34). Its readied reaction walks
    // 6,1 → 7,1, out of Ardent's reach: an attack of opportunity left open (epic-path.txt › Walk).
    expectTurnControl(s, {
      effect: { at: 23, text: "Exhausting poison on Kobold: 1 round, ending at the end of Kobold's turn in round 4", rule: 'epic-path.txt › Overland Travel', endsAt: 34, ends: 'Kobold is no longer fatigued', on: 'K' },
      delay: { at: 24, who: 'Ardent', actsAt: 27, before: 'Drake' },
      ready: { at: 25, who: 'Kobold', trigger: 'the drake lands', firesAt: 29, during: 'Drake', move: 'moves from 6,1 to 7,1' },
    });
    expect(entry(s, 23).text).toContain("Kobold is fatigued: can't run or charge");
    expect(creature(s, 'K').conditions).toEqual([]);
    expect(entry(s, 30).text).toContain('Provokes an attack of opportunity from Ardent');
    expectMarked(s, 36, 'A', ['unconscious'], 'epic-path.txt › Squeezing');
  });

  it('d20 3.0, the tower gate: the mage provokes and falls, the wyvern stalls climbing, a line covers the dwarf', async () => {
    const s = await fight('tower-gate.d20-30');
    expectWholeScript(s, 'tower-gate.d20-30');
    // W, M, D; the Mage's delay carries into round 4, so the script ends in round 6 on her turn.
    expect(s.round).toBe(6);
    expect(s.current).toBe('M');
    // The mage walks 2,2 → 2,7 past the wyvern (at 3,1 after its run) and off the tower's 10 ft
    // edge: a fall of 1d6 (d20 rule of 1d6 per 10 feet, as the log cites), then the wyvern's rolled
    // attack: 1d20+20 beats 12, 2d6+4 (6–16) is more than her 4 hit points.
    const walk = entry(s, 7);
    expect(walk.text).toContain('falls 10 ft to 2,7');
    const fall = walk.dice[0]!;
    expectRoll(fall, '1d6', 1, 6);
    const bite = entry(s, 8);
    expectRoll(bite.dice[0]!, '1d20+20', 1, 20, 20);
    expectRoll(bite.dice[1]!, '2d6+4', 2, 6, 4);
    const mage = creature(s, 'M');
    expect(mage).toMatchObject({ x: 2, y: 7, hitPoints: 4, damage: fall.total + bite.dice[1]!.total });
    expect(mage.hitPoints! - mage.damage).toBeLessThan(0);
    // A 4-square line east from the corner 1,8 along the grid takes the row on its right (south):
    // 1,8 to 4,8, where the dwarf stands after its step to 2,8.
    expect(entry(s, 13).text).toMatch(/covers Dwarf guard \(GM\)\.$/);
    expect(entry(s, 18).text).toContain('Cleared the area: Lightning');
    // The wyvern (fly 60, poor) climbs 10 ft while flying 20 ft forward: under its minimum forward
    // speed of half its fly speed, 30 ft (d20-phb-30.txt › Minimum Forward Speed), so it stalls and
    // falls the 10 ft to the tower top at 7,1, 1d6.
    const flight = entry(s, 15);
    expect(flight.text).toContain('Wyvern flies from 3,1 (0 ft up) to 7,1 (10 ft up)');
    expect(flight.text).toContain('under its minimum forward speed of 30 ft');
    expectRoll(flight.dice[0]!, '1d6', 1, 6);
    expect(creature(s, 'E')).toMatchObject({ x: 7, y: 1, altitude: 0, damage: flight.dice[0]!.total });
    // The dwarf's 5-foot step (d20-phb-30.txt › Measuring Distance, as the turn cites it) to 2,9, then another as its readied
    // reaction to 1,9 (3,9 would be difficult terrain, 10 ft).
    expect(creature(s, 'D')).toMatchObject({ x: 1, y: 9, damage: 0 });
    // The mage, down, is unconscious, and so helpless (d20-phb-30.txt › Moving Trough a Square, the text's spelling).
    // Web entangles the dwarf (named in d20-phb-30.txt's modifier tables only: no movement rule)
    // until the end of its turn in round 4 — round 5 in the order, as its turn in round 4 came
    // before the web's round ended: the web ends at entry 32.
    expectTurnControl(s, {
      effect: { at: 22, text: "Web on Dwarf guard: 1 round, ending at the end of Dwarf guard's turn in round 4", rule: 'd20-phb-30.txt › Attack Roll Modifiers', endsAt: 32, ends: 'Dwarf guard is no longer entangled', on: 'D' },
      delay: { at: 23, who: 'Mage', actsAt: 26, before: 'Wyvern' },
      ready: { at: 24, who: 'Dwarf guard', trigger: 'the wyvern dives', firesAt: 28, during: 'Wyvern', move: 'steps from 2,9 to 1,9' },
    });
    expectMarked(s, 34, 'M', ['helpless', 'unconscious'], 'd20-phb-30.txt › Moving Trough a Square');
  });

  it('6d6, the Dead Pony getaway: the Game Leader enters a fall, a cube of smoke, the guard shot down', async () => {
    const s = await fight('ambush-alley.6d6');
    expectWholeScript(s, 'ambush-alley.6d6');
    expect(s.round).toBe(4);
    expect(s.current).toBe('R');
    // Razir steps off the 10 ft dock: 6d6.txt gives no falling damage, so it is entered (3); he
    // "falls down" (prone).
    expect(entry(s, 3).text).toContain('6d6.txt gives no falling damage: the Game Leader decides it');
    expect(creature(s, 'R')).toMatchObject({ x: 9, y: 3, prone: true, damage: 3 });
    // The guard moseys 3 squares (6d6.txt › Mosey: score 3) to 8,4.
    expect(creature(s, 'G')).toMatchObject({ x: 8, y: 4 });
    // A 3-square cube centred on 8,4 is 7..9 × 3..5: the guard and Razir (9,3), not Boban (2,2).
    expect(entry(s, 8).text).toMatch(/covers Guard, Razir \(GM\)\.$/);
    // 3d6+7 is 10 to 25: the guard's 10 hit points are gone whatever the dice.
    const shot = entry(s, 9);
    expectRoll(shot.dice[0]!, '3d6+7', 3, 6, 7);
    const guard = creature(s, 'G');
    expect(guard).toMatchObject({ hitPoints: 10, damage: shot.dice[0]!.total });
    expect(guard.hitPoints! - guard.damage).toBeLessThanOrEqual(0);
    expectRoll(entry(s, 11).dice[0]!, '2d6', 2, 6);
    expect(entry(s, 13).text).toContain('Cleared the area: Smoke bomb');
    // The guard is dead: it adds only the resistance of an occupant that does not hinder (6d6.txt › Occupied Squares);
    // Razir is still fallen down from the dock (prone).
    // Knocked out: the guard unconscious from round 3 to the start of Razir's turn in round 4. Boban's
    // reaction is a 5' step ("usable in initiative and opportunity actions", 6d6.txt › 5' Step).
    expectTurnControl(s, {
      effect: { at: 16, text: "Knocked out on Guard: 1 round, ending at the start of Razir's turn in round 4", rule: '6d6.txt › Occupied Squares', endsAt: 25, ends: 'Guard is no longer unconscious', on: 'G' },
      delay: { at: 17, who: 'Razir', actsAt: 19, before: 'Boban' },
      ready: { at: 21, who: 'Boban', trigger: 'the guard wakes', firesAt: 23, during: 'Guard', move: 'steps from 2,2 to 3,2' },
    });
    expect(creature(s, 'B')).toMatchObject({ x: 3, y: 2 });
    expectMarked(s, 26, 'G', ['dead'], '6d6.txt › Occupied Squares');
    expect(creature(s, 'R').conditions).toEqual(['prone']);
  });

  it('Startroid, the hive breach: through the drone (provokes), the medic stands, the zergling shot down', async () => {
    const s = await fight('hive-breach.startroid');
    expectWholeScript(s, 'hive-breach.startroid');
    expect(s.round).toBe(4);
    expect(s.current).toBe('Z');
    // Entering the drone's square provokes (startroid.txt › Moving through occupied squares); its
    // 1d20+20 beats 14 and 1d4+5 (6–9) is more than the sniper's 5 hit points.
    expect(entry(s, 5).text).toContain('Provokes an attack of opportunity from Drone');
    const sting = entry(s, 6);
    expectRoll(sting.dice[0]!, '1d20+20', 1, 20, 20);
    expectRoll(sting.dice[1]!, '1d4+5', 1, 4, 5);
    const sniper = creature(s, 'S');
    expect(sniper).toMatchObject({ x: 5, y: 3, hitPoints: 5, damage: sting.dice[1]!.total });
    expect(sniper.hitPoints! - sniper.damage).toBeLessThan(0);
    // A 2-square burst from the corner 6,3 counts 1 for 1: 4..7 × 1..4, the sniper (5,3) and the
    // drone (6,4); the zergling at 11,3 is far off.
    expect(entry(s, 8).text).toMatch(/covers Sniper, Drone \(GM\)\.$/);
    expect(entry(s, 17).text).toContain('Cleared the area Acid spray');
    // The medic, prone in the plan, stands up (startroid.txt: a move action).
    expect(entry(s, 12).text).toContain('Medic stands up');
    expect(creature(s, 'M')).toMatchObject({ x: 2, y: 4, prone: false });
    // 2d6+4 (6–16) on the zergling's 6 hit points after its walk to 8,3.
    const rifle = entry(s, 16);
    expectRoll(rifle.dice[0]!, '2d6+4', 2, 6, 4);
    const zergling = creature(s, 'Z');
    expect(zergling).toMatchObject({ x: 8, y: 3, hitPoints: 6, damage: rifle.dice[0]!.total });
    expect(zergling.hitPoints! - zergling.damage).toBeLessThanOrEqual(0);
    // The zergling is dead: startroid.txt gives the dead no movement rule, so nothing is cited.
    // The stasis net immobilizes the zergling ("cannot walk, shift or double move",
    // startroid.txt › Teleportation) to the start of its turn in round 4; the medic's readied
    // reaction is a one-square walk.
    expectTurnControl(s, {
      effect: { at: 23, text: "Stasis net on Zergling: 1 round, ending at the start of Zergling's turn in round 4", rule: 'startroid.txt › Teleportation', endsAt: 35, ends: 'Zergling is no longer immobilized', on: 'Z' },
      delay: { at: 24, who: 'Sniper', actsAt: 25, before: 'Drone' },
      ready: { at: 29, who: 'Medic', trigger: 'the roach moves', firesAt: 31, during: 'Roach', move: 'moves from 1,4 to 2,4' },
    });
    expectMarked(s, 36, 'Z', ['dead'], null);
  });
});

describe('encounter play --drop: one earlier entry undone, the later ones kept (issue 17 › 6)', () => {
  const sample = 'goblin-ambush.d20-35';

  it("drops the hobgoblin's rolled damage: every later entry still applies, with the dice it rolled", async () => {
    const whole = await fight(sample);
    const s = await fight(sample, { drop: '18' });
    // Entry 18 is the 2d6 on the hobgoblin (see above); nothing after it depends on it.
    expect(s.dropped).toMatchObject({ index: 18, notReapplied: [] });
    expect(s.dropped!.text).toMatch(/^Hobgoblin takes \d+ damage \(2d6\)/);
    expect(s.actions).toBe(whole.actions - 1);
    expect(s.log.map((e) => e.text)).toEqual(whole.log.filter((e) => e.index !== 18).map((e) => e.text));
    // The hobgoblin keeps its 11 hit points and has taken nothing; everybody else is as before.
    expect(creature(s, 'H')).toMatchObject({ hitPoints: 11, damage: 0 });
    expect(s.creatures.filter((c) => c.id !== 'H')).toEqual(whole.creatures.filter((c) => c.id !== 'H'));
    expect(s.round).toBe(whole.round);
    expect(s.current).toBe(whole.current);
    // The line as it was is set aside in the session, whole.
    expect(s.session.branches).toHaveLength(1);
    expect(s.session.branches![0]!.log).toHaveLength(whole.actions);
  });

  // One entry each other script can lose without anything after it changing: a damage (the
  // creature then has taken none of it) or a typed miss (the attack stays open).
  const lighter: [string, number, RegExp, (s: Summary) => void][] = [
    ['drake-lair.epic-path', 18, /^Kobold takes \d+ damage \(1d8\)/, (s) => expect(creature(s, 'K')).toMatchObject({ x: 7, y: 1, damage: 0 })],
    ['tower-gate.d20-30', 10, /^Wyvern's attack of opportunity on Mage misses/, (s) => expect((s as unknown as { pending: { attacker: string; target: string }[] }).pending).toContainEqual(expect.objectContaining({ attacker: 'E', target: 'M' }))],
    ['ambush-alley.6d6', 4, /^Razir takes 3 damage \(fall, as the Game Leader rules\)/, (s) => expect(creature(s, 'R')).toMatchObject({ x: 9, y: 3, damage: 0 })],
    ['hive-breach.startroid', 16, /^Zergling takes \d+ damage \(2d6\+4\)/, (s) => expect(creature(s, 'Z')).toMatchObject({ x: 8, y: 3, damage: 0 })],
  ];
  for (const [other, n, text, changed] of lighter) {
    it(`${other}: drops entry ${n}, the later entries all kept`, async () => {
      const whole = await fight(other);
      const s = await fight(other, { drop: String(n) });
      expect(s.dropped).toMatchObject({ index: n, notReapplied: [] });
      expect(s.dropped!.text).toMatch(text);
      expect(s.log.map((e) => e.text)).toEqual(whole.log.filter((e) => e.index !== n).map((e) => e.text));
      expect(s.creatures.map(({ id, x, y, altitude }) => ({ id, x, y, altitude }))).toEqual(whole.creatures.map(({ id, x, y, altitude }) => ({ id, x, y, altitude })));
      expect([s.round, s.current]).toEqual([whole.round, whole.current]);
      changed(s);
    });
  }

  it("drops the wolf's double move: Bree's step no longer provokes, so the rolled bite is named as no longer applying", async () => {
    const s = await fight(sample, { drop: '5' });
    expect(s.dropped!.text).toMatch(/^Wolf double-moves from 1,8 to 3,3/);
    // The wolf stays in its den at 1,8: Bree's step from 2,3 leaves no square it threatens (the
    // engine's count, cited in the log as d20-srd-35.txt › Big and Little Creatures in Combat), so entry 10's roll
    // on "the wolf's attack" has nothing to resolve; Bree takes no damage. The burst, placed again,
    // covers Bree alone.
    expect(s.dropped!.notReapplied.map((n) => [n.index, n.kind])).toContainEqual([10, 'resolve']);
    expect(creature(s, 'W')).toMatchObject({ x: 1, y: 8 });
    expect(creature(s, 'B')).toMatchObject({ x: 0, y: 3, damage: 0 });
    expect(s.log.find((e) => e.kind === 'area')!.text).toMatch(/covers Bree \(GM\)\.$/);
    expect(s.log.find((e) => e.kind === 'move' && e.actor === 'B')!.text).not.toContain('Provokes');
  });

  // Found here (undoEntry renumbered only attacks of opportunity): the Fireball placed at entry 7
  // is entry 6 once entry 5 is gone, and its clearing must name it so, not "There is no area 7".
  it('drops an entry before an area is placed: the area\'s clearing follows it', async () => {
    const s = await fight(sample, { drop: '5' });
    expect(s.dropped!.notReapplied.map((n) => n.kind)).toEqual(['resolve']);
    expect(s.log.some((e) => e.kind === 'clear-area')).toBe(true);
  });
});

describe('docs/play.md lists every play action kind', () => {
  it('one table row per kind the file format accepts, and no row for a kind it does not', () => {
    const kinds = PlayActionSchema.options.map((o) => o.shape.kind.value as string).sort();
    const doc = readFileSync(path.resolve(__dirname, '../../../docs/play.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## Play actions'), doc.indexOf('\n## ', doc.indexOf('## Play actions') + 1));
    // Rows under the header's separator (the header's own first cell is `kind`).
    const body = table.slice(table.indexOf('|---'));
    const rows = [...body.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]!).sort();
    expect(rows).toEqual(kinds);
    // The scripts above use only kinds the table documents.
    for (const sample of ['goblin-ambush.d20-35', 'drake-lair.epic-path', 'tower-gate.d20-30', 'ambush-alley.6d6', 'hive-breach.startroid']) {
      const actions = (JSON.parse(readFileSync(path.join(scripts, `${sample}.json`), 'utf8')) as { actions: { kind: string }[] }).actions;
      for (const a of actions) expect(rows).toContain(a.kind);
    }
  });
});
