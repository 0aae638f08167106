import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEncounter, Edge, makeCreature, squareIndex, Terrain, type Creature, type Encounter, type RulesetId } from '../../../src-shared/model';
import { creatureSpaces, placementProblem, unsupportedInAir } from '../../../src-shared/rules';
import { SIZE_CATEGORIES, type SizeCategory } from '../../../src-shared/model/sizes';
import { sizeName } from '../../../src-shared/rules/sizes';

// Where the map editor may put a creature down: the ruleset's own going, walls and occupant rules.

function encounter(ruleset: RulesetId, creatures: Creature[] = []): Encounter {
  return { ...createEncounter({ name: 'P', ruleset, width: 8, height: 8 }), creatures };
}

describe('placementProblem', () => {
  it('refuses blocked terrain and obstacles, and deep water without a swim speed', () => {
    const e = encounter('d20-35');
    e.map.terrain[squareIndex(e.map, 1, 1)] = Terrain.blocked;
    e.map.terrain[squareIndex(e.map, 2, 1)] = Terrain.obstacle;
    e.map.terrain[squareIndex(e.map, 3, 1)] = Terrain.water;
    e.map.waterDepth[squareIndex(e.map, 3, 1)] = 10;
    const g = makeCreature({ id: 'G' });
    expect(placementProblem(e, g, { x: 1, y: 1 })).toMatchObject({ code: 'blocked', text: '1,1 is blocked terrain' });
    expect(placementProblem(e, g, { x: 2, y: 1 })).toMatchObject({ code: 'blocked', text: '2,1 is an obstacle' });
    expect(placementProblem(e, g, { x: 3, y: 1 })).toMatchObject({ code: 'deep-water' });
    expect(placementProblem(e, { ...g, speed: { walk: 20, swim: 20 } }, { x: 3, y: 1 })).toBeNull();
    // A flyer above deep water is fine; above an obstacle it is not (it fills the square).
    expect(placementProblem(e, { ...g, altitude: 10, speed: { walk: 20, fly: 40 } }, { x: 3, y: 1 })).toBeNull();
    expect(placementProblem(e, g, { x: 7, y: 7 })).toBeNull();
    expect(placementProblem(e, { ...g, size: 'large' }, { x: 7, y: 7 })).toMatchObject({ code: 'off-map' });
  });

  it('refuses a wall through a big creature’s space (the search’s own rectHasInnerWall)', () => {
    const e = encounter('d20-35');
    e.map.edgeEast[squareIndex(e.map, 4, 4)] = Edge.wall;
    const ogre = makeCreature({ id: 'O', size: 'large' });
    expect(placementProblem(e, ogre, { x: 4, y: 4 })).toMatchObject({ code: 'wall' });
    expect(placementProblem(e, ogre, { x: 5, y: 4 })).toBeNull();
  });

  it("d20-srd-35.txt › Ending Your Movement: not in another's square unless helpless; tiny ones share up to a square", () => {
    const ally = makeCreature({ id: 'A', name: 'Ally', x: 2, y: 2 });
    const e = encounter('d20-35', [ally]);
    expect(placementProblem(e, makeCreature({ id: 'G' }), { x: 2, y: 2 })?.text).toBe("it may not end in Ally's space (d20 SRD 3.5 › Ending Your Movement)");
    expect(placementProblem(encounter('d20-35', [{ ...ally, helpless: true }]), makeCreature({ id: 'G' }), { x: 2, y: 2 })).toBeNull();
    const tiny = (id: string, slot: number) => makeCreature({ id, size: 'tiny', x: 5, y: 5, slot });
    const four = encounter('d20-35', [tiny('t1', 0), tiny('t2', 1), tiny('t3', 2)]);
    expect(placementProblem(four, tiny('t4', 3), { x: 5, y: 5 })).toBeNull();
    four.creatures.push(tiny('t4', 3));
    expect(placementProblem(four, tiny('t5', 4), { x: 5, y: 5 })).toMatchObject({ code: 'no-room' });
  });

  it('startroid.txt › Moving through occupied squares: an ally’s square only if it is prone', () => {
    const ally = makeCreature({ id: 'A', name: 'Ally', x: 2, y: 2 });
    const g = makeCreature({ id: 'G' });
    expect(placementProblem(encounter('startroid', [ally]), g, { x: 2, y: 2 })?.text).toMatch(/Startroid › Moving through occupied squares/);
    expect(placementProblem(encounter('startroid', [{ ...ally, prone: true }]), g, { x: 2, y: 2 })).toBeNull();
  });

  it('epic-path.txt › Stepover: two sizes larger may stand over a smaller ally; an enemy’s space is refused', () => {
    const small = makeCreature({ id: 'S', name: 'Sprite', size: 'small', x: 2, y: 2 });
    expect(placementProblem(encounter('epic-path', [small]), makeCreature({ id: 'H', size: 'huge' }), { x: 1, y: 1 })).toBeNull();
    const enemy = { ...small, side: 'enemy' as const, size: 'medium' as const };
    expect(placementProblem(encounter('epic-path', [enemy]), makeCreature({ id: 'G' }), { x: 2, y: 2 })?.text).toMatch(/Sprite is an enemy in that space/);
  });

  it('a group moving together does not stand in its own way', () => {
    const a = makeCreature({ id: 'A', x: 2, y: 2 });
    const b = makeCreature({ id: 'B', x: 3, y: 2 });
    const e = encounter('d20-35', [a, b]);
    expect(placementProblem(e, a, { x: 3, y: 2 })).toMatchObject({ code: 'occupied' });
    expect(placementProblem(e, a, { x: 3, y: 2 }, new Set(['A', 'B']))).toBeNull();
  });
});

describe('sizeName', () => {
  it("names sizes as each ruleset's text does", () => {
    expect(sizeName('epic-path', 'titanic-2-plus')).toBe('Titanic Two-Plus');
    expect(sizeName('epic-path', 'titanic-plus')).toBe('Titanic-Plus');
    expect(sizeName('d20-35', 'gargantuan')).toBe('Gargantuan');
  });
});

describe('unsupportedInAir', () => {
  it('flags a creature above the ground with no fly speed, unless it stands on a bigger one’s back (epic-path.txt › Three Dimensional Movement)', () => {
    const rider = makeCreature({ id: 'R', x: 3, y: 3, altitude: 10 });
    expect(unsupportedInAir(encounter('epic-path', [rider]), rider)).toBe(true);
    expect(unsupportedInAir(encounter('epic-path', [rider]), { ...rider, speed: { walk: 30, fly: 30 } })).toBe(false);
    expect(unsupportedInAir(encounter('epic-path', [rider]), { ...rider, altitude: 0 })).toBe(false);
    const elephant = makeCreature({ id: 'E', size: 'large', x: 3, y: 3 });
    expect(unsupportedInAir(encounter('epic-path', [elephant, rider]), rider)).toBe(false);
  });
});

describe('placementProblem with the creatures found by square (creatureSpaces)', () => {
  it('gives the same answer as a walk of the whole list, for any crowd, ruleset and group moving', () => {
    const rulesets: RulesetId[] = ['epic-path', 'd20-35', 'd20-30', '6d6', 'startroid'];
    const sides = ['party', 'enemy'] as const;
    const arbCreature = fc.record({
      x: fc.integer({ min: -1, max: 9 }),
      y: fc.integer({ min: -1, max: 9 }),
      size: fc.constantFrom<SizeCategory>(...SIZE_CATEGORIES),
      side: fc.constantFrom(...sides),
      helpless: fc.boolean(),
      altitude: fc.constantFrom(0, 0, 5, 30),
    });
    fc.assert(
      fc.property(fc.constantFrom(...rulesets), fc.array(arbCreature, { minLength: 1, maxLength: 14 }), arbCreature, fc.array(fc.nat(13)), (ruleset, crowd, mover, moving) => {
        const e = encounter(ruleset, crowd.map((c, k) => makeCreature({ id: `c${k}`, ...c })));
        const who = makeCreature({ id: 'm', ...mover, speed: { walk: 30, fly: 30 } });
        const ignore = new Set(moving.map((k) => `c${k}`));
        const spaces = creatureSpaces(e);
        expect(placementProblem(e, who, who, ignore, spaces)).toEqual(placementProblem(e, who, who, ignore));
      }),
      { numRuns: 600 },
    );
  });

  it('is asked of the encounter it was built for only: another one is walked in full', () => {
    const ally = makeCreature({ id: 'A', name: 'Ally', x: 2, y: 2 });
    const empty = encounter('d20-35');
    const crowded = encounter('d20-35', [ally]);
    expect(placementProblem(crowded, makeCreature({ id: 'B', x: 2, y: 2 }), { x: 2, y: 2 }, new Set(), creatureSpaces(empty))).toMatchObject({ code: 'occupied' });
  });
});
