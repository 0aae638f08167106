import { describe, expect, it } from 'vitest';
import { applyCommand, CommandError, History } from '../../../src-shared/commands';
import { createEncounter, Edge, makeCreature, squareIndex, Terrain, type Encounter } from '../../../src-shared/model';

// Map › Resize: crop or extend on any side; undo puts back what a crop cut off.

function sample(): Encounter {
  const doc = createEncounter({ ruleset: 'd20-35', width: 6, height: 4, name: 'Resize' });
  const at = (x: number, y: number) => squareIndex(doc.map, x, y);
  doc.map.terrain[at(0, 0)] = Terrain.water;
  doc.map.waterDepth[at(0, 0)] = 5;
  doc.map.terrain[at(5, 3)] = Terrain.blocked;
  doc.map.elevation[at(2, 1)] = 10;
  doc.map.edgeEast[at(2, 1)] = Edge.wall;
  doc.creatures.push(makeCreature({ id: 'A', x: 0, y: 0 }), makeCreature({ id: 'B', x: 2, y: 1 }), makeCreature({ id: 'L', x: 4, y: 2, size: 'large' }));
  return doc;
}

describe('resizeMap', () => {
  it('extends on the west and north: every square and creature moves by the offset, new squares are empty', () => {
    const doc = sample();
    const { doc: next } = applyCommand(doc, { type: 'resizeMap', width: 9, height: 6, dx: 2, dy: 1 });
    expect([next.map.width, next.map.height]).toEqual([9, 6]);
    expect(next.map.terrain).toHaveLength(54);
    expect(next.map.terrain[squareIndex(next.map, 2, 1)]).toBe(Terrain.water);
    expect(next.map.waterDepth[squareIndex(next.map, 2, 1)]).toBe(5);
    expect(next.map.elevation[squareIndex(next.map, 4, 2)]).toBe(10);
    expect(next.map.edgeEast[squareIndex(next.map, 4, 2)]).toBe(Edge.wall);
    expect(next.map.terrain[squareIndex(next.map, 7, 4)]).toBe(Terrain.blocked);
    expect(next.map.terrain[squareIndex(next.map, 0, 0)]).toBe(Terrain.normal);
    expect(next.map.elevation).toBeInstanceOf(Float32Array);
    expect(next.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['A', 2, 1], ['B', 4, 2], ['L', 6, 3]]);
    // The original is untouched.
    expect(doc.map.width).toBe(6);
  });

  it('crops the east and south, dropping creatures that no longer fit; undo restores all of it', () => {
    const doc = sample();
    const history = new History();
    const cropped = history.execute(doc, { type: 'resizeMap', width: 4, height: 3, dx: 0, dy: 0 });
    expect([cropped.map.width, cropped.map.height]).toEqual([4, 3]);
    // The Large creature at 4,2 needs 4..5 × 2..3: off the map now.
    expect(cropped.creatures.map((c) => c.id)).toEqual(['A', 'B']);
    expect(cropped.map.terrain).not.toContain(Terrain.blocked);
    const back = history.undo(cropped);
    expect(back.map.width).toBe(6);
    for (const layer of ['terrain', 'elevation', 'waterDepth', 'edgeEast', 'edgeSouth'] as const) expect([...back.map[layer]]).toEqual([...doc.map[layer]]);
    expect(back.creatures).toEqual(doc.creatures);
    const again = history.redo(back);
    expect(again.creatures.map((c) => c.id)).toEqual(['A', 'B']);
    expect(again.map.width).toBe(4);
  });

  it('crops the west and north (a negative offset) and undoes it', () => {
    const doc = sample();
    const { doc: next, inverse } = applyCommand(doc, { type: 'resizeMap', width: 5, height: 3, dx: -1, dy: -1 });
    expect(next.map.elevation[squareIndex(next.map, 1, 0)]).toBe(10);
    expect(next.creatures.map((c) => [c.id, c.x, c.y])).toEqual([['B', 1, 0], ['L', 3, 1]]);
    const { doc: back } = applyCommand(next, inverse);
    expect([...back.map.terrain]).toEqual([...doc.map.terrain]);
    expect([...back.map.waterDepth]).toEqual([...doc.map.waterDepth]);
    expect(back.creatures).toEqual(doc.creatures);
  });

  it('refuses an impossible size', () => {
    expect(() => applyCommand(sample(), { type: 'resizeMap', width: 0, height: 3, dx: 0, dy: 0 })).toThrow(CommandError);
    expect(() => applyCommand(sample(), { type: 'resizeMap', width: 5000, height: 3, dx: 0, dy: 0 })).toThrow(/2048/);
    expect(() => applyCommand(sample(), { type: 'resizeMap', width: 4.5, height: 3, dx: 0, dy: 0 })).toThrow(CommandError);
  });
});
