import { describe, expect, it } from 'vitest';
import { applyCommand, CommandError, History } from '../../../src-shared/commands';
import { createEncounter, makeCreature, Terrain } from '../../../src-shared/model';

const fresh = () => createEncounter({ name: 'A', ruleset: 'd20-35', width: 4, height: 3 });

describe('commands', () => {
  it('paint leaves the original document untouched and its inverse restores it', () => {
    const doc = fresh();
    const { doc: painted, inverse } = applyCommand(doc, { type: 'setSquares', layer: 'terrain', indices: [0, 5], values: [Terrain.difficult] });
    expect(painted.map.terrain[5]).toBe(Terrain.difficult);
    expect(doc.map.terrain[5]).toBe(Terrain.normal);
    expect(painted.map.elevation).toBe(doc.map.elevation); // untouched layers are shared
    const back = applyCommand(painted, inverse).doc;
    expect(Array.from(back.map.terrain)).toEqual(Array.from(doc.map.terrain));
  });

  it("keeps one old value in the inverse when the painted squares all held it, else one per square", () => {
    const doc = fresh();
    const same = applyCommand(doc, { type: 'setSquares', layer: 'terrain', indices: [1, 2, 6], values: [Terrain.water] });
    expect(same.inverse).toEqual({ type: 'setSquares', layer: 'terrain', indices: [1, 2, 6], values: [Terrain.normal] });
    const mixed = applyCommand(same.doc, { type: 'setSquares', layer: 'terrain', indices: [0, 1, 2, 3], values: [Terrain.difficult] });
    expect(mixed.inverse).toEqual({ type: 'setSquares', layer: 'terrain', indices: [0, 1, 2, 3], values: [Terrain.normal, Terrain.water, Terrain.water, Terrain.normal] });
    expect(Array.from(applyCommand(mixed.doc, mixed.inverse).doc.map.terrain)).toEqual(Array.from(same.doc.map.terrain));
    // A square listed twice with one value: undo gives back what it held before, not the new value.
    const twice = applyCommand(doc, { type: 'setSquares', layer: 'terrain', indices: [4, 4], values: [Terrain.difficult] });
    expect(applyCommand(twice.doc, twice.inverse).doc.map.terrain[4]).toBe(Terrain.normal);
    // One value per square: each square gets its own, and the inverse lists what each held.
    const each = applyCommand(same.doc, { type: 'setSquares', layer: 'terrain', indices: [2, 3], values: [Terrain.difficult, Terrain.obstacle] });
    expect([each.doc.map.terrain[2], each.doc.map.terrain[3]]).toEqual([Terrain.difficult, Terrain.obstacle]);
    expect(each.inverse).toMatchObject({ values: [Terrain.water, Terrain.normal] });
    // A square listed twice with a value each: undo still gives back what it held before either.
    const both = applyCommand(doc, { type: 'setSquares', layer: 'terrain', indices: [5, 5], values: [Terrain.difficult, Terrain.obstacle] });
    expect(both.doc.map.terrain[5]).toBe(Terrain.obstacle);
    expect(applyCommand(both.doc, both.inverse).doc.map.terrain[5]).toBe(Terrain.normal);
  });

  it('refuses a square off the map or a value a byte layer cannot hold', () => {
    expect(() => applyCommand(fresh(), { type: 'setSquares', layer: 'terrain', indices: [12], values: [1] })).toThrow(CommandError);
    expect(() => applyCommand(fresh(), { type: 'setSquares', layer: 'terrain', indices: [0], values: [300] })).toThrow(CommandError);
    expect(() => applyCommand(fresh(), { type: 'setSquares', layer: 'terrain', indices: [0, 1], values: [1, 256] })).toThrow(CommandError);
    expect(() => applyCommand(fresh(), { type: 'setSquares', layer: 'terrain', indices: [0, 1.5], values: [1] })).toThrow(CommandError);
  });

  it('adds, edits and removes creatures with exact inverses', () => {
    const doc = fresh();
    const add = applyCommand(doc, { type: 'addCreature', creature: makeCreature({ id: 'a' }) });
    const edit = applyCommand(add.doc, { type: 'updateCreature', id: 'a', changes: { x: 2, prone: true } });
    expect(edit.doc.creatures[0]).toMatchObject({ x: 2, prone: true });
    expect(applyCommand(edit.doc, edit.inverse).doc.creatures[0]).toMatchObject({ x: 0, prone: false });
    const removed = applyCommand(edit.doc, { type: 'removeCreature', id: 'a' });
    expect(removed.doc.creatures).toHaveLength(0);
    expect(applyCommand(removed.doc, removed.inverse).doc.creatures[0]).toMatchObject({ id: 'a', x: 2 });
    expect(() => applyCommand(add.doc, { type: 'addCreature', creature: makeCreature({ id: 'a' }) })).toThrow(/already/);
  });
});

describe('History', () => {
  it('undoes and redoes in order, and a new edit drops the redo branch', () => {
    const h = new History();
    let doc = fresh();
    doc = h.execute(doc, { type: 'renameEncounter', name: 'B' });
    doc = h.execute(doc, { type: 'renameEncounter', name: 'C' });
    expect(h.undoLabel).toBe('rename');
    doc = h.undo(doc);
    expect(doc.name).toBe('B');
    doc = h.undo(doc);
    expect(doc.name).toBe('A');
    expect(h.canUndo).toBe(false);
    doc = h.redo(doc);
    expect(doc.name).toBe('B');
    doc = h.execute(doc, { type: 'renameEncounter', name: 'D' });
    expect(h.canRedo).toBe(false);
    expect(h.undo(doc).name).toBe('B');
  });

  it('a batch is one step', () => {
    const h = new History();
    let doc = fresh();
    doc = h.execute(doc, {
      type: 'batch',
      label: 'paint terrain',
      commands: [
        { type: 'setSquares', layer: 'terrain', indices: [0], values: [1] },
        { type: 'setSquares', layer: 'terrain', indices: [1], values: [2] },
      ],
    });
    expect(Array.from(doc.map.terrain.slice(0, 2))).toEqual([1, 2]);
    doc = h.undo(doc);
    expect(Array.from(doc.map.terrain.slice(0, 2))).toEqual([0, 0]);
  });

  it('its marker tells whether the document is back at the saved state', () => {
    const h = new History();
    let doc = fresh();
    const saved = h.marker;
    doc = h.execute(doc, { type: 'renameEncounter', name: 'B' });
    expect(h.marker).not.toBe(saved);
    doc = h.undo(doc);
    expect(h.marker).toBe(saved);
  });
});
