import { describe, expect, it } from 'vitest';
import { run } from '../../../src-main/cli/encounter';
import { MOUNTS, overlandTravel, TERRAIN_MULTIPLIERS } from '../../../src-shared/rules/epic-path/travel';

// epic-path.txt › Overland Travel: the tables read back, and the checks the text asks for.
describe('overland travel (epic-path.txt › Overland Travel)', () => {
  it.each([
    [15, 1.5, 12],
    [20, 2, 16],
    [30, 3, 24],
    [40, 4, 32],
    [100, 10, 80],
  ])('Table: Movement and Distance: %i ft walks %f miles an hour, %i a day', (speed, hour, day) => {
    const a = overlandTravel({ speed, terrain: 'plains', way: 'highway' });
    expect(a.milesPerHour).toBe(hour);
    expect(a.milesPerDay).toBe(day);
    expect(overlandTravel({ speed, pace: 'hustle', terrain: 'plains', way: 'highway', hours: 1 }).milesPerHour).toBe(hour * 2);
  });

  it('says when a speed has no column in the table (25 ft is read by the pattern, not looked up)', () => {
    expect(overlandTravel({ speed: 25, terrain: 'plains', way: 'highway' }).notes.join(' ')).toContain('25 ft is not among them');
    expect(overlandTravel({ speed: 30, terrain: 'plains', way: 'highway' }).notes.join(' ')).not.toContain('not among them');
  });

  it('says what it assumes without a terrain or a way, in the answer and in the help', () => {
    const a = overlandTravel({ speed: 30 });
    expect(a.milesPerDay).toBe(18);
    expect(a.notes[0]).toBe('No terrain given: plains, trackless assumed (--terrain, --way).');
    let help = '';
    run(['--help'], (s) => (help += s), (s) => (help += s));
    expect(help).toContain('Without --terrain and --way: plains, trackless');
  });

  it('Table: Terrain and Overland Movement multiplies; a trail is a road, except for vehicles', () => {
    expect(overlandTravel({ speed: 30, terrain: 'jungle', way: 'trackless' })).toMatchObject({ terrainMultiplier: 0.25, milesPerDay: 6 });
    expect(overlandTravel({ speed: 30, terrain: 'hills', way: 'trail' }).terrainMultiplier).toBe(TERRAIN_MULTIPLIERS.hills.road);
    expect(overlandTravel({ speed: 30, terrain: 'mountains', way: 'highway' }).terrainMultiplier).toBe(0.75);
    const wagon = overlandTravel({ mount: 'cart-or-wagon', terrain: 'forest', way: 'trail' });
    expect(wagon.terrainMultiplier).toBe(0.5);
    expect(wagon.notes[0]).toMatch(/does not benefit a party travelling with vehicles/);
  });

  it('Table: Mounts and Vehicles, with the day of 8 hours, 10 rowing and 24 sailing', () => {
    for (const [id, row] of Object.entries(MOUNTS)) {
      const a = overlandTravel({ mount: id, terrain: 'plains', way: 'highway' });
      expect(a.milesPerDay, id).toBe(row.perDay);
    }
  });

  it('hustling: the first hour free, then 1, 2, 4 … nonlethal (a mount: lethal)', () => {
    const a = overlandTravel({ speed: 30, pace: 'hustle', hours: 4 });
    expect(a.checks.map((c) => [c.hour, c.damage, c.kind])).toEqual([
      [2, '1', 'nonlethal'],
      [3, '2', 'nonlethal'],
      [4, '4', 'nonlethal'],
    ]);
    expect(a.fatigued).toMatch(/fatigued/);
    expect(overlandTravel({ mount: 'light-horse', pace: 'hustle', hours: 2 }).checks[0]!.kind).toBe('lethal');
  });

  it('forced march: a Constitution check each hour beyond 8, DC 10 then +2; a mount fails automatically', () => {
    const a = overlandTravel({ speed: 30, hours: 11 });
    expect(a.checks.map((c) => c.dc)).toEqual([10, 12, 14]);
    expect(a.milesPerDay).toBe(33 * 0.75);
    const horse = overlandTravel({ mount: 'pony', hours: 9 });
    expect(horse.checks[0]).toMatchObject({ check: expect.stringContaining('fails automatically'), kind: 'lethal' });
  });

  it('time to cover a distance, and refusals in words', () => {
    expect(overlandTravel({ speed: 30, terrain: 'plains', way: 'road', distance: 60 }).time).toEqual({ days: 2, hours: 4, totalHours: 20 });
    expect(() => overlandTravel({ speed: 30, pace: 'run' })).toThrow(/can't run for an extended period/);
    expect(() => overlandTravel({ mount: 'galley', pace: 'hustle' })).toThrow(/hustling is for walkers and mounts/);
    expect(() => overlandTravel({ mount: 'unicorn' })).toThrow(/mount unicorn/);
  });

  it('encounter travel answers the same in JSON', () => {
    let out = '';
    expect(run(['travel', '--speed', '30', '--terrain', 'forest', '--way', 'trackless', '--hours', '10', '--json'], (s) => (out += s), () => {})).toBe(0);
    expect(JSON.parse(out)).toEqual(overlandTravel({ speed: 30, terrain: 'forest', way: 'trackless', hours: 10 }));
    let err = '';
    expect(run(['travel', '--speed', '30', '--terrain', 'lava'], () => {}, (s) => (err += s))).toBe(2);
    expect(err).toMatch(/--terrain lava: use desert/);
  });
});
