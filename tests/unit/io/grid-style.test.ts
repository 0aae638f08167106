import { describe, expect, it } from 'vitest';
import { applyCommand, describeCommand } from '../../../src-shared/commands';
import { parseEncounter, serializeEncounter } from '../../../src-shared/io';
import { createEncounter } from '../../../src-shared/model';

// Issue 18 › 6: the grid's colour, opacity and thickness per encounter, an optional field of the file.
describe('the grid style of an encounter', () => {
  const base = () => createEncounter({ ruleset: 'd20-35', width: 6, height: 4, name: 'Grid' });

  it('is saved and read back, and a file without it stays without it', () => {
    const plain = serializeEncounter(base());
    expect(JSON.parse(plain)).not.toHaveProperty('grid');
    const read = parseEncounter(plain);
    expect(read.ok && read.encounter.grid).toBeUndefined();
    const styled = { ...base(), grid: { color: '#ff8800', opacity: 0.6, thickness: 2 } };
    const back = parseEncounter(serializeEncounter(styled));
    expect(back.ok && back.encounter.grid).toEqual({ color: '#ff8800', opacity: 0.6, thickness: 2 });
  });

  it('a bad colour, opacity or thickness in a file is refused with a reason', () => {
    const file = JSON.parse(serializeEncounter(base()));
    for (const [grid, words] of [
      [{ color: 'orange' }, '#rrggbb'],
      [{ opacity: 1.5 }, 'grid'],
      [{ thickness: 40 }, 'grid'],
      [{ dashes: true }, 'grid'],
    ] as const) {
      const read = parseEncounter(JSON.stringify({ ...file, grid }));
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.error).toContain(words);
    }
  });

  it('setGrid is one undoable step that checks its values', () => {
    const doc = base();
    const { doc: styled, inverse } = applyCommand(doc, { type: 'setGrid', grid: { color: '#00ff00' } });
    expect(styled.grid).toEqual({ color: '#00ff00' });
    expect(describeCommand({ type: 'setGrid', grid: null })).toBe('change grid');
    expect(applyCommand(styled, inverse).doc).not.toHaveProperty('grid');
    expect(() => applyCommand(doc, { type: 'setGrid', grid: { opacity: -1 } })).toThrow(/opacity/);
    expect(() => applyCommand(doc, { type: 'setGrid', grid: { thickness: 0 } })).toThrow(/thick/);
  });
});
