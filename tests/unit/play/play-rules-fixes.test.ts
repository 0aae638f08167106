import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { Terrain, type Encounter } from '../../../src-shared/model';
import { newSession, perform, replay, type PlayAction } from '../../../src-shared/play';
import { checkFlightPath, planFlightPath } from '../../../src-shared/rules';

// Wrong answers a UI review of Play found (the stall's fall, the refusals of big flyers). Each
// expectation is worked from the rule text first: d20-phb-30.txt › Minimum Forward Speed for the
// stall, the flight engine's own rule for blocked squares (they stop a flyer at every height).

function refusalOf(planned: Encounter, ...actions: PlayAction[]): string {
  let s = newSession(3);
  let state = replay(planned, s);
  for (const [i, a] of actions.entries()) {
    const r = perform(planned, s, a, state);
    if (!r.ok) {
      if (i === actions.length - 1) return r.reason;
      throw new Error(`refused ${JSON.stringify(a)}: ${r.reason}`);
    }
    s = r.session;
    state = r.state;
  }
  throw new Error('the last action was not refused');
}

describe('d20 3.0 stall: the preview says the fall the log carries out', () => {
  // A wyvern (poor: minimum forward speed half its 60 ft fly speed) 5 ft up.
  const LOW = parseScenario(`ruleset: d20-30
map:
  . . . . . . . .
  . . . . . . . .
  . W . . . . . .
  . . . . . . . .
creatures:
  W: name=Wyvern size=medium side=enemy speed=20 fly=60 maneuver=poor alt=5
  F: name=Fighter size=medium side=party speed=30 at=7,3
`);
  const shortFlight = [{ x: 2, y: 2, z: 5 }, { x: 3, y: 2, z: 5 }];

  it('5 ft up it falls 5 ft, not 150: "descending 150 feet in the first round" stops at the ground', () => {
    const answer = checkFlightPath(LOW, 'W', shortFlight, { action: 'move' });
    expect(answer.stalls).toBe(true);
    expect(answer.reason).toContain('stalls and falls 5 ft to the ground');
    expect(answer.reason).not.toContain('150 ft');
    // 1d6 per 10 ft (the d20 rule the text's "falling damage" is read as): 5 ft is no die.
    expect(answer.reason).toContain('too short a fall to hurt');
  });

  it('the log says the same fall, with no dice', () => {
    let s = newSession(3);
    let state = replay(LOW, s);
    for (const a of [{ kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: shortFlight }] as PlayAction[]) {
      const r = perform(LOW, s, a, state);
      if (!r.ok) throw new Error(r.reason);
      s = r.session;
      state = r.state;
    }
    const e = state.entries.at(-1)!;
    expect(e.text).toContain('falls 5 ft to 3,2: too short a fall to hurt');
    expect(e.dice).toEqual([]);
    expect(state.board.creatures.find((c) => c.id === 'W')!.altitude).toBe(0);
  });

  it('200 ft up it falls 150 ft and is still in the air, in the preview as in the log', () => {
    const HIGH = { ...LOW, creatures: LOW.creatures.map((c) => (c.id === 'W' ? { ...c, altitude: 200 } : c)) };
    const path = shortFlight.map((q) => ({ ...q, z: 200 }));
    expect(checkFlightPath(HIGH, 'W', path, { action: 'move' }).reason).toContain('stalls and falls 150 ft, to 50 ft up');
    let s = newSession(3);
    let state = replay(HIGH, s);
    for (const a of [{ kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path }] as PlayAction[]) {
      const r = perform(HIGH, s, a, state);
      if (!r.ok) throw new Error(r.reason);
      s = r.session;
      state = r.state;
    }
    expect(state.entries.at(-1)!.text).toContain('drops 150 ft to 50 ft up');
  });

  it('20 ft up the preview names the dice the landing rolls', () => {
    const MID = { ...LOW, creatures: LOW.creatures.map((c) => (c.id === 'W' ? { ...c, altitude: 20 } : c)) };
    const answer = checkFlightPath(MID, 'W', shortFlight.map((q) => ({ ...q, z: 20 })), { action: 'move' });
    expect(answer.reason).toContain('falls 20 ft to the ground (falling damage 2d6)');
  });
});

describe('a big flyer refused at a blocked square is told which square blocks it', () => {
  // Ground 10 ft high everywhere (the tower gate's wall-walk): a blocked square's height used to be
  // read as 0, so a Large wyvern was told "… is not a cube next to …".
  const WALL_WALK = parseScenario(`ruleset: d20-30
map:
  . . . . . .
  . . . . . .
  . . # . . .
  . . . . . .
creatures:
  W: name=Wyvern size=large side=enemy speed=20 fly=60 maneuver=poor at=3,0
  F: name=Fighter size=medium side=party speed=30 at=0,3
elevation:
  10 10 10 10 10 10
  10 10 10 10 10 10
  10 10 10 10 10 10
  10 10 10 10 10 10
`);

  it('a drawn flight: the blocked square under its 2×2 space at that step', () => {
    const answer = checkFlightPath(WALL_WALK, 'W', [{ x: 2, y: 1, z: 0 }], { action: 'move' });
    expect(answer.legal).toBe(false);
    expect(answer.breaksAt).toBe(0);
    expect(answer.reason).toBe("Wyvern's 2×2 space at 2,1 would take in the blocked square 2,2: no flight passes there at any height");
  });

  it('Play refuses the move with the same cause', () => {
    const reason = refusalOf(WALL_WALK, { kind: 'initiative', scores: { W: 20, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 1, z: 0 }] });
    expect(reason).toContain('the blocked square 2,2');
    expect(reason).not.toContain('not a cube next to');
  });

  it('a Medium flyer there is told its square is blocked', () => {
    const small = { ...WALL_WALK, creatures: WALL_WALK.creatures.map((c) => (c.id === 'W' ? { ...c, size: 'medium' as const, x: 3, y: 2 } : c)) };
    expect(checkFlightPath(small, 'W', [{ x: 2, y: 2, z: 0 }], { action: 'move' }).reason).toBe('2,2 is blocked at every height');
  });

  it('a planned flight whose end would overlap a blocked row names the squares, not a distance', () => {
    const LAIR = parseScenario(`ruleset: epic-path
map:
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  # # . . . . . .
creatures:
  D: name=Drake size=huge side=enemy speed=30 fly=80 at=5,0
`);
    const answer = planFlightPath(LAIR, 'D', { x: 0, y: 2, z: 0 }, { action: 'move' });
    expect(answer.legal).toBe(false);
    expect(answer.reason).toBe("Drake's 3×3 space at 0,2 would take in the blocked squares 0,4 and 1,4: no flight passes there at any height");
    // Through a waypoint, the legs before still show, and the cause is the same.
    const via = planFlightPath(LAIR, 'D', { x: 0, y: 2, z: 0 }, { action: 'move' }, [{ x: 3, y: 1, z: 0 }]);
    expect(via.reason).toContain('the blocked squares 0,4 and 1,4');
    // Out of reach in open air is still said as a distance.
    expect(planFlightPath(LAIR, 'D', { x: 0, y: 0, z: 200 }, { action: 'move' }).reason).toContain('no flight reaches 0,0 at 200 ft');
  });
});

describe('an attack of opportunity that is not pending any more is named by the entry that raised it', () => {
  // Aric walks past the orc: leaving 2,2 (next to the orc at 3,3) provokes (d20-srd-35.txt ›
  // Attacks of Opportunity); the GM resolves it.
  const OPEN_GROUND = parseScenario(`ruleset: d20-35
map:
  . . . . . .
  . A . . . .
  . . . . . .
  . . . O . .
  . . . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
`);
  const walk: PlayAction = { kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 2 }, { x: 3, y: 1 }] };

  it('an id no entry raised: the entry by its number in the log (from 1), not the internal "5:0"', () => {
    const reason = refusalOf(OPEN_GROUND, { kind: 'initiative', scores: { A: 15, O: 10 } }, { kind: 'resolve', pending: '5:0', outcome: 'miss' });
    expect(reason).toBe('The attack of opportunity entry 6 raised is not there any more (that entry no longer raises it, or is not in effect).');
    expect(reason).not.toContain('"5:0"');
    expect(refusalOf(OPEN_GROUND, { kind: 'initiative', scores: { A: 15, O: 10 } }, { kind: 'resolve', pending: '5:1', outcome: 'miss' })).toContain('The second attack of opportunity entry 6 raised');
  });

  it('after the map changed under the move that raised it, the resolution replays as "Not replayed" in those words', () => {
    let s = newSession(2);
    let state = replay(OPEN_GROUND, s);
    for (const a of [{ kind: 'initiative', scores: { A: 15, O: 10 } }, walk] as PlayAction[]) {
      const r = perform(OPEN_GROUND, s, a, state);
      if (!r.ok) throw new Error(r.reason);
      s = r.session;
      state = r.state;
    }
    expect(state.pending.map((p) => p.id)).toEqual(['1:0']);
    const resolved = perform(OPEN_GROUND, s, { kind: 'resolve', pending: '1:0', outcome: 'miss' }, state);
    if (!resolved.ok) throw new Error(resolved.reason);
    // Edit mode: 2,2 becomes a blocked square, so the walk no longer replays.
    const terrain = OPEN_GROUND.map.terrain.slice();
    terrain[2 * OPEN_GROUND.map.width + 2] = Terrain.blocked;
    const edited: Encounter = { ...OPEN_GROUND, map: { ...OPEN_GROUND.map, terrain } };
    const entries = replay(edited, resolved.session).entries;
    expect(entries[1]!.refused).toBeDefined();
    expect(entries[2]!.text).toBe('Not replayed: The attack of opportunity entry 2 raised is not there any more (that entry no longer raises it, or is not in effect).');
  });
});
