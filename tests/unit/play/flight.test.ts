import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter } from '../../../src-shared/model';
import { newSession, perform, type PlayAction } from '../../../src-shared/play';
import { checkFlightPath, flightAlongSquares, planFlightPath } from '../../../src-shared/rules';
import { play } from './play-steps';

// Flight in three dimensions in Play (issue 17 › 1): a path through waypoints at their own heights,
// the ceiling, a path drawn in the air, and the d20 3.0 stall reached through a move. Expectations
// are worked from d20-phb-30.txt › Tactical Aerial Movement first.

// A beholder-like good flyer (d20 3.0: up speed half, down speed double, may hover) and a wyvern
// (poor: minimum forward speed half its fly speed, 45° up and down angles).
const OPEN = parseScenario(`ruleset: d20-30
map:
  . . . . . . . . . . . .
  . G . . . . . . . . . .
  . . . . . . . . . . . .
  . . . . . . . . . . . .
  . W . . . . . . . . . .
  . . . . . . . . . . . .
creatures:
  G: name=Gazer size=medium side=enemy speed=5 fly=40 maneuver=good
  W: name=Wyvern size=medium side=enemy speed=20 fly=60 maneuver=poor alt=20
  F: name=Fighter size=medium side=party speed=30 at=10,5
`);

describe('a flight through waypoints at their own heights', () => {
  it('passes every waypoint at its altitude, one cube a step, priced by the up and down speeds (d20-phb-30.txt › Maneuverability)', () => {
    const answer = planFlightPath(OPEN, 'G', { x: 5, y: 1, z: 0 }, { action: 'move' }, [{ x: 3, y: 1, z: 10 }]);
    expect(answer.legal, answer.reason).toBe(true);
    // Two squares east climbing two levels at half speed (10 ft a square), then two east diving two
    // levels at double speed (2.5 ft a square): 20 + 5 ft.
    expect(answer.total).toBe(25);
    expect(answer.steps.map(({ x, y, z }) => ({ x, y, z }))).toEqual([
      { x: 2, y: 1, z: 5 },
      { x: 3, y: 1, z: 10 },
      { x: 4, y: 1, z: 5 },
      { x: 5, y: 1, z: 0 },
    ]);
    // The same cubes drawn by hand are the same flight.
    const drawn = checkFlightPath(OPEN, 'G', answer.steps, { action: 'move' });
    expect(drawn).toMatchObject({ legal: true, total: 25 });
  });

  it('without the waypoint the cheapest flight stays on the ground: the waypoint is what lifts it', () => {
    const answer = planFlightPath(OPEN, 'G', { x: 5, y: 1, z: 0 }, { action: 'move' });
    expect(answer.steps.every((s) => s.z === 0)).toBe(true);
    expect(answer.total).toBe(20);
  });

  it('a waypoint out of the flight budget is refused, naming it and its height', () => {
    const answer = planFlightPath(OPEN, 'G', { x: 2, y: 1, z: 0 }, { action: 'move' }, [{ x: 1, y: 1, z: 60 }]);
    expect(answer.legal).toBe(false);
    expect(answer.reason).toContain('1,1 at 60 ft');
  });

  it('a target out of reach after a waypoint: the flight to the waypoint still shows, the break after it', () => {
    // 60 ft up is twelve levels: beyond a 40 ft flight from anywhere.
    const answer = planFlightPath(OPEN, 'G', { x: 3, y: 4, z: 60 }, { action: 'move' }, [{ x: 3, y: 1, z: 10 }]);
    expect(answer.legal).toBe(false);
    expect(answer.reason).toContain('no flight reaches 3,4 at 60 ft within 40 ft');
    expect(answer.steps.map(({ x, y, z }) => ({ x, y, z }))).toEqual([
      { x: 2, y: 1, z: 5 },
      { x: 3, y: 1, z: 10 },
    ]);
    expect(answer.breaksAt).toBe(2);
    // Each leg in reach but the whole over the budget: refused where the budget runs out.
    const far = planFlightPath(OPEN, 'G', { x: 11, y: 5, z: 0 }, { action: 'move' }, [{ x: 3, y: 1, z: 10 }]);
    expect(far.legal).toBe(false);
    expect(far.reason).toContain('more than the 40 ft of flight');
  });

  it('a run (a straight line) takes no waypoints', () => {
    const answer = planFlightPath(OPEN, 'G', { x: 5, y: 1, z: 0 }, { action: 'run' }, [{ x: 3, y: 1, z: 10 }]);
    expect(answer.legal).toBe(false);
    expect(answer.reason).toContain('one straight line');
  });
});

describe('the flight ceiling', () => {
  const LOW = { ...OPEN, settings: { ...OPEN.settings, flightCeiling: 10 } };
  it('a drawn path that climbs above the ceiling is refused at the cube that breaks it', () => {
    const path = [
      { x: 2, y: 1, z: 5 },
      { x: 3, y: 1, z: 10 },
      { x: 4, y: 1, z: 15 },
    ];
    const answer = checkFlightPath(LOW, 'G', path, { action: 'move' });
    expect(answer.legal).toBe(false);
    expect(answer.breaksAt).toBe(2);
    expect(answer.reason).toContain('above the flight ceiling of 10 ft');
    // Under it, the same climb is fine; without a ceiling, the whole of it.
    expect(checkFlightPath(LOW, 'G', path.slice(0, 2), { action: 'move' }).legal).toBe(true);
    expect(checkFlightPath(OPEN, 'G', path, { action: 'move' }).legal).toBe(true);
  });

  it('Play refuses the move and keeps the flyer where it was', () => {
    const start = play(LOW, newSession(3), { kind: 'initiative', scores: { G: 20, W: 10, F: 1 } });
    const r = perform(LOW, start.session, { kind: 'move', creature: 'G', action: 'move', mode: 'fly', path: [{ x: 2, y: 1, z: 5 }, { x: 3, y: 1, z: 10 }, { x: 4, y: 1, z: 15 }] }, start.state);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toContain('above the flight ceiling');
      expect(r.at).toEqual({ x: 4, y: 1, z: 15 });
    }
  });
});

describe('a path drawn in the air', () => {
  it('climbs one level a square toward the height wanted, then holds it', () => {
    const squares = [2, 3, 4, 5].map((x) => ({ x, y: 1, z: 10 }));
    expect(flightAlongSquares(OPEN, 'G', squares).map((q) => q.z)).toEqual([5, 10, 10, 10]);
    // The wyvern starts 20 ft up: lowered to 5 ft, it sinks a level a square.
    const down = [2, 3, 4, 5].map((x) => ({ x, y: 4, z: 5 }));
    expect(flightAlongSquares(OPEN, 'W', down).map((q) => q.z)).toEqual([15, 10, 5, 5]);
  });

  it('keeps its height above the ground over a rise, a level a square at most, and never goes under the ground', () => {
    const HILL = parseScenario(`ruleset: d20-30
map:
  . . . . . .
creatures:
  G: name=Gazer size=medium side=enemy speed=5 fly=40 maneuver=good at=0,0 alt=10
elevation:
  0 0 5 15 0 0
`);
    const path = flightAlongSquares(HILL, 'G', [1, 2, 3, 4].map((x) => ({ x, y: 0, z: 10 })));
    // Levels 2, 3, 4, 3: 10 ft over the low ground and the 5 ft rise; over the 15 ft rise it can
    // only climb one level (5 ft above it); past it, it sinks one level (15 ft over the low ground).
    expect(path.map((q) => q.z)).toEqual([10, 10, 5, 15]);
    expect(checkFlightPath(HILL, 'G', path, { action: 'move' }).legal).toBe(true);
    // Wanting to skim the ground over the rise, it stays on top of it rather than under it.
    expect(flightAlongSquares(HILL, 'G', [1, 2, 3].map((x) => ({ x, y: 0, z: 0 }))).map((q) => q.z)).toEqual([5, 0, 0]);
  });
});

describe('d20 3.0 minimum forward speed', () => {
  it('a poor flyer that flies under half its fly speed and ends in the air: the answer says it stalls, and only that', () => {
    // 10 ft forward, under its 30 ft minimum (fly 60, "Half").
    const short = checkFlightPath(OPEN, 'W', [{ x: 2, y: 4, z: 20 }, { x: 3, y: 4, z: 20 }], { action: 'move' });
    expect(short).toMatchObject({ legal: false, stalls: true, breaksAt: 1 });
    expect(short.reason).toContain('d20-phb-30.txt › Minimum Forward Speed');
    // "it must land at the end of its movement": a short flight that lands is no stall.
    const landed = checkFlightPath(OPEN, 'W', [{ x: 2, y: 4, z: 15 }, { x: 3, y: 4, z: 10 }, { x: 4, y: 4, z: 5 }, { x: 5, y: 4, z: 0 }], { action: 'move' });
    expect(landed.legal, landed.reason).toBe(true);
    expect(landed.stalls).toBeUndefined();
    // A broken turn is no stall: it is refused.
    const turned = checkFlightPath(OPEN, 'W', [{ x: 2, y: 4, z: 20 }, { x: 2, y: 5, z: 20 }, { x: 1, y: 5, z: 20 }], { action: 'move' });
    expect(turned.legal).toBe(false);
    expect(turned.stalls).toBeFalsy();
  });

  it('Play carries the stalled move out and drops the flyer 150 ft (to the ground from 20 ft), with falling damage', () => {
    const { state } = play(OPEN, newSession(5), { kind: 'initiative', scores: { W: 20, G: 10, F: 1 } }, { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 4, z: 20 }, { x: 3, y: 4, z: 20 }] });
    const w = state.board.creatures.find((c) => c.id === 'W')!;
    expect({ x: w.x, y: w.y, altitude: w.altitude }).toEqual({ x: 3, y: 4, altitude: 0 });
    const e = state.entries.at(-1)!;
    expect(e.text).toContain('stalls');
    // 20 ft: 2d6 (1d6 per 10 ft).
    expect(e.dice[0]!.rolls).toHaveLength(2);
    expect(state.health.get('W')!.damage).toBe(e.dice[0]!.total);
  });
});

describe('encounter play --script', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flight-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = async (encounter: Encounter, actions: PlayAction[]) => {
    const script = join(dir, 'moves.json');
    writeFileSync(script, JSON.stringify({ seed: 4, actions }));
    return JSON.parse(await playCommand(encounter, { get: (k) => (k === 'script' ? script : undefined), has: (k) => k === 'json' })) as {
      creatures: { id: string; x: number; y: number; altitude: number }[];
      log: { kind: string; text: string; squares: { x: number; y: number; z?: number }[] }[];
    };
  };

  it('plays a flight with its heights per square, then a stall and its save, as the panel does', async () => {
    const HIGH = { ...OPEN, creatures: OPEN.creatures.map((c) => (c.id === 'W' ? { ...c, altitude: 400 } : c)) };
    const climb = planFlightPath(HIGH, 'G', { x: 5, y: 1, z: 0 }, { action: 'move' }, [{ x: 3, y: 1, z: 10 }]).steps.map(({ x, y, z }) => ({ x, y, z }));
    const answer = await run(HIGH, [
      { kind: 'initiative', scores: { G: 20, W: 10, F: 1 } },
      { kind: 'move', creature: 'G', action: 'move', mode: 'fly', path: climb },
      { kind: 'next-turn' },
      { kind: 'move', creature: 'W', action: 'move', mode: 'fly', path: [{ x: 2, y: 4, z: 400 }] },
      { kind: 'next-turn' },
      { kind: 'next-turn' },
      { kind: 'next-turn' },
      { kind: 'stall-save', creature: 'W', success: false },
    ]);
    expect(answer.log[1]!.squares.slice(1)).toEqual(climb);
    expect(answer.log[1]!.text).toContain('25 ft');
    // 400 ft up: 150 ft the first round (250 ft up), then a failed save: 300 ft more, to the ground.
    expect(answer.log[3]!.text).toContain('drops 150 ft to 250 ft up');
    expect(answer.log[7]!.kind).toBe('stall-save');
    expect(answer.creatures.find((c) => c.id === 'W')).toMatchObject({ x: 2, y: 4, altitude: 0 });
  });
});
