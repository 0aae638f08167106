import { describe, expect, it } from 'vitest';
import { applyCommand, describeCommand } from '../../../src-shared/commands';
import { deleteRegion, mirrorRegion, moveRegion, nearestOffset, pasteRegion, pieceFits, rotateRegion } from '../../../src-shared/commands/regions';
import { createEncounter, Edge, makeCreature, Terrain, type Encounter } from '../../../src-shared/model';
import { cutOut, regionOfRect, regionOfSquares } from '../../../src-shared/model/map-piece';

// Region edits (issue 18 › 1): each one batch command, so one undo step that puts everything back.

const CHAR: Record<string, number> = { '.': Terrain.normal, d: Terrain.difficult, '#': Terrain.blocked, '~': Terrain.water };
const CHAR_OF = Object.fromEntries(Object.entries(CHAR).map(([k, v]) => [v, k]));
function mapOf(rows: string[]): Encounter {
  const e = createEncounter({ ruleset: 'd20-35', width: rows[0]!.length, height: rows.length });
  rows.forEach((row, y) => [...row].forEach((ch, x) => (e.map.terrain[y * e.map.width + x] = CHAR[ch]!)));
  return e;
}
const rowsOf = (e: Encounter) => Array.from({ length: e.map.height }, (_, y) => Array.from({ length: e.map.width }, (_, x) => CHAR_OF[e.map.terrain[y * e.map.width + x]!]).join(''));

/** Applies an edit, checks its undo puts the encounter back exactly, and returns the edited encounter. */
function applyAndUndo(e: Encounter, cmd: Parameters<typeof applyCommand>[1]): Encounter {
  const done = applyCommand(e, cmd);
  const undone = applyCommand(done.doc, done.inverse).doc;
  expect(rowsOf(undone)).toEqual(rowsOf(e));
  expect(undone.map.edgeEast).toEqual(e.map.edgeEast);
  expect(undone.map.edgeSouth).toEqual(e.map.edgeSouth);
  expect(undone.creatures).toEqual(e.creatures);
  expect(undone.labels ?? []).toEqual(e.labels ?? []);
  return done.doc;
}

describe('moveRegion', () => {
  it('moves the squares, their walls and the creatures on them; what it leaves is normal ground', () => {
    const e = mapOf(['d#....', '~d....']);
    e.map.edgeEast[0] = Edge.wall; // between (0,0) and (1,0)
    e.creatures = [makeCreature({ id: 'g', name: 'Goblin', x: 1, y: 1 })];
    e.labels = [{ id: 'a', kind: 'label', text: 'Pool', x: 0.5, y: 1.5 }];
    const edit = moveRegion(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 1 }), 3, 0);
    expect(describeCommand(edit.command)).toBe('move 4 squares');
    const moved = applyAndUndo(e, edit.command);
    expect(rowsOf(moved)).toEqual(['...d#.', '...~d.']);
    expect(moved.map.edgeEast[0]).toBe(Edge.none);
    expect(moved.map.edgeEast[3]).toBe(Edge.wall);
    expect(moved.creatures).toEqual([{ ...e.creatures[0], x: 4, y: 1 }]); // same id, same name
    expect(moved.labels).toEqual([{ id: 'a', kind: 'label', text: 'Pool', x: 3.5, y: 1.5 }]);
    expect([edit.region.x, edit.region.y]).toEqual([3, 0]);
  });

  it('moves onto part of itself', () => {
    const e = mapOf(['dd#.']);
    const moved = applyAndUndo(e, moveRegion(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 0 }), 1, 0).command);
    expect(rowsOf(moved)).toEqual(['.dd#']);
  });
});

describe('rotateRegion and mirrorRegion', () => {
  it('turn a room about its middle, walls and a Large creature with it, as one undo step', () => {
    const e = mapOf(['....', '....', '....', '....']);
    // A 3 × 2 room at (0,1)-(2,2) with a wall on its east side at (2,1) and an ogre at (0,1).
    e.map.terrain[1 * 4 + 2] = Terrain.difficult;
    e.map.edgeEast[1 * 4 + 2] = Edge.wall;
    e.creatures = [makeCreature({ id: 'ogre', size: 'large', x: 0, y: 1 })];
    const edit = rotateRegion(e, regionOfRect({ x: 0, y: 1 }, { x: 2, y: 2 }), 1)!;
    expect(describeCommand(edit.command)).toBe('rotate 6 squares');
    const turned = applyAndUndo(e, edit.command);
    // The 3 × 2 box turns into 2 × 3 about its middle, half squares toward the old corner:
    // top-left (0 + trunc((3 − 2)/2), 1 + trunc((2 − 3)/2)) = (0, 1).
    expect([edit.region.x, edit.region.y, edit.region.width, edit.region.height]).toEqual([0, 1, 2, 3]);
    // Square (2,0) of the piece goes to (1 − 0, 2) = (1,2) of the turned piece: map (1,3); its east side is now its south side.
    expect(rowsOf(turned)).toEqual(['....', '....', '....', '.d..']);
    expect(turned.map.edgeEast[1 * 4 + 2]).toBe(Edge.none);
    expect(turned.map.edgeSouth[3 * 4 + 1]).toBe(Edge.wall);
    // The ogre's space (0..1, 0..1 of the piece) goes to (2 − 0 − 2, 0) of the turned piece: map (0,1).
    expect(turned.creatures[0]).toMatchObject({ id: 'ogre', x: 0, y: 1 });
    // Turned back, everything is where it was.
    const back = applyCommand(turned, rotateRegion(turned, edit.region, -1)!.command).doc;
    expect(rowsOf(back)).toEqual(rowsOf(e));
    expect(back.map.edgeEast).toEqual(e.map.edgeEast);
    expect(back.map.edgeSouth).toEqual(e.map.edgeSouth);
    expect(back.creatures).toEqual(e.creatures);
  });

  it('mirror left to right: the east wall ends on the west side', () => {
    const e = mapOf(['d..', '...']);
    e.map.edgeEast[0] = Edge.doorClosed; // east of (0,0)
    e.creatures = [makeCreature({ id: 'a', x: 0, y: 1 })];
    const edit = mirrorRegion(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 }), 'horizontal')!;
    expect(describeCommand(edit.command)).toBe('mirror left to right 6 squares');
    const flipped = applyAndUndo(e, edit.command);
    expect(rowsOf(flipped)).toEqual(['..d', '...']);
    expect(Array.from(flipped.map.edgeEast)).toEqual([0, Edge.doorClosed, 0, 0, 0, 0]); // east of (1,0) = west of (2,0)
    expect(flipped.creatures[0]).toMatchObject({ id: 'a', x: 2, y: 1 });
  });
});

describe('a turn or mirror at the map’s edge keeps everything', () => {
  it('a 4 × 3 region on the bottom row turned clockwise is shifted up onto the map, its creature and ground with it', () => {
    const e = mapOf(['......', '......', '......', '......']);
    // The region (1,1)-(4,3) touches the bottom row. Turned, it is 3 × 4 at (1 + trunc(1/2), 1 + trunc(−1/2)) = (1,1):
    // rows 1–4, one row off the map. Its square (x,y) goes to (2 − y, x) of the turned piece.
    e.map.terrain[3 * 6 + 4] = Terrain.difficult; // piece (3,2) → turned (0,3): off the map at (1,4)
    e.creatures = [makeCreature({ id: 'hob', name: 'Hobgoblin', x: 4, y: 1 })]; // piece (3,0) → turned (2,3): (3,4), off the map
    const edit = rotateRegion(e, regionOfRect({ x: 1, y: 1 }, { x: 4, y: 3 }), 1)!;
    // The nearest place where the 3 × 4 fits is one row up, (1,0); the edit says where it was asked to go.
    expect(edit.wanted).toEqual({ x: 1, y: 1 });
    expect([edit.region.x, edit.region.y, edit.region.width, edit.region.height]).toEqual([1, 0, 3, 4]);
    const turned = applyAndUndo(e, edit.command);
    expect(turned.creatures).toEqual([{ ...e.creatures[0], x: 3, y: 3 }]);
    expect(rowsOf(turned)).toEqual(['......', '......', '......', '.d....']);
  });

  it('a turn that fits where it is asked has no `wanted`', () => {
    const e = mapOf(['......', '......', '......', '......', '......']);
    const edit = rotateRegion(e, regionOfRect({ x: 1, y: 1 }, { x: 4, y: 3 }), 1)!;
    expect(edit.wanted).toBeUndefined();
    expect([edit.region.x, edit.region.y]).toEqual([1, 1]);
  });

  it('a turned piece that cannot fit on the map at all is refused (null), so nothing is dropped', () => {
    const e = mapOf(['d...', '....', '....']);
    expect(rotateRegion(e, regionOfRect({ x: 0, y: 0 }, { x: 3, y: 2 }), 1)).toBeNull(); // 4 × 3 turns to 3 × 4 on a map 3 high
  });

  it('a mirror does not land on a creature that stands partly on the region: it is shifted clear of it', () => {
    const e = mapOf(['d.......', '........', '........']);
    // A Large creature at (2,1) covers (2..3, 1..2): partly on the region (0,0)-(2,1), so not taken with it.
    // Every 3 × 2 box with x ≤ 3 covers (2,1) or (3,1); the nearest clear of it is (4,0), four squares east.
    e.creatures = [makeCreature({ id: 'ogre', size: 'large', x: 2, y: 1 })];
    const edit = mirrorRegion(e, regionOfRect({ x: 0, y: 0 }, { x: 2, y: 1 }), 'horizontal')!;
    expect(edit.wanted).toEqual({ x: 0, y: 0 });
    expect([edit.region.x, edit.region.y]).toEqual([4, 0]);
    const flipped = applyAndUndo(e, edit.command);
    expect(flipped.creatures).toEqual(e.creatures);
    expect(rowsOf(flipped)).toEqual(['......d.', '........', '........']); // piece (0,0) → mirrored (2,0) → map (6,0)
  });
});

describe('deleteRegion', () => {
  it('clears to the map’s default: ground, heights, edges on and around it, creatures and labels', () => {
    const e = mapOf(['.....', '.d~..', '.....']);
    e.map.waterDepth[1 * 5 + 2] = 10;
    e.map.edgeEast[1 * 5 + 0] = Edge.wall; // the west border of (1,1)
    e.map.edgeEast[1 * 5 + 3] = Edge.wall; // east of (3,1): not the region's
    e.creatures = [makeCreature({ id: 'in', x: 2, y: 1 }), makeCreature({ id: 'out', x: 4, y: 2 })];
    e.labels = [{ id: 'l', kind: 'note', text: 'x', x: 1.5, y: 1.5 }];
    const edit = deleteRegion(e, regionOfSquares([{ x: 1, y: 1 }, { x: 2, y: 1 }]));
    expect(describeCommand(edit.command)).toBe('delete 2 squares');
    const cleared = applyAndUndo(e, edit.command);
    expect(rowsOf(cleared)).toEqual(['.....', '.....', '.....']);
    expect(cleared.map.waterDepth[7]).toBe(0);
    expect(cleared.map.edgeEast[5]).toBe(Edge.none);
    expect(cleared.map.edgeEast[8]).toBe(Edge.wall);
    expect(cleared.creatures.map((c) => c.id)).toEqual(['out']);
    expect(cleared.labels).toBeUndefined();
  });
});

describe('pasteRegion and the nearest free place', () => {
  it('pastes with new creatures, and finds the nearest place where no creature stands under it', () => {
    const e = mapOf(['d.....', '......', '......']);
    e.creatures = [makeCreature({ id: 'C1', name: 'Goblin', x: 0, y: 0 })];
    const piece = cutOut(e, regionOfRect({ x: 0, y: 0 }, { x: 1, y: 0 })); // the goblin on difficult ground, and (1,0)
    const fits = pieceFits(e, piece);
    expect(fits({ x: 0, y: 0 })).toBe(false); // over the goblin
    expect(fits({ x: 5, y: 0 })).toBe(false); // off the map's east side
    // One square away, (0,−1) and (−1,0) come first (by row, then column) but are off the map; then (1,0).
    expect(nearestOffset({ x: 0, y: 0 }, fits)).toEqual({ x: 1, y: 0 });
    const edit = pasteRegion(e, piece, { x: 1, y: 0 });
    const pasted = applyAndUndo(e, edit.command);
    expect(rowsOf(pasted)[0]).toBe('dd....');
    expect(pasted.creatures.map((c) => [c.id, c.name, c.x, c.y])).toEqual([['C1', 'Goblin', 0, 0], ['C2', 'Goblin 2', 1, 0]]);
    expect(edit.creatureIds).toEqual(['C2']);
  });

  it('nearestOffset: the offset itself when it fits, else the ring nearest, else null', () => {
    expect(nearestOffset({ x: 5, y: 5 }, () => true)).toEqual({ x: 5, y: 5 });
    // Only offsets with x ≥ 8 fit: the nearest is (8,5), three squares straight east.
    expect(nearestOffset({ x: 5, y: 5 }, (q) => q.x >= 8)).toEqual({ x: 8, y: 5 });
    expect(nearestOffset({ x: 5, y: 5 }, () => false, 3)).toBeNull();
  });
});
