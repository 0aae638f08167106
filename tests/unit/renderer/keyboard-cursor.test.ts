import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createKeyboardCursor, describeSquare } from '../../../src-renderer/state/keyboard-cursor';
import { createEncounter, makeCreature, Terrain } from '../../../src-shared/model';

const withCursor = (start: { x: number; y: number }, test: (c: ReturnType<typeof createKeyboardCursor>) => void) =>
  createRoot((dispose) => {
    test(createKeyboardCursor({ mapSize: () => ({ width: 5, height: 4 }), startSquare: () => start }));
    dispose();
  });

describe('the keyboard cursor (issue 18 › 4)', () => {
  it('starts on the given square, kept on the map, and stops at the border', () => {
    withCursor({ x: 9, y: -3 }, (c) => {
      expect(c.cursorMode()).toBe(false);
      c.enterCursorMode();
      expect(c.cursorMode()).toBe(true);
      expect(c.cursor()).toEqual({ x: 4, y: 0 });
      c.moveCursor('east', false);
      c.moveCursor('north', false);
      expect(c.cursor()).toEqual({ x: 4, y: 0 });
      expect(c.facing()).toBe('north');
      c.moveCursor('west', false);
      expect(c.cursor()).toEqual({ x: 3, y: 0 });
    });
  });

  it('Shift + arrows anchor a region where the run started; a plain arrow or leaving drops it', () => {
    withCursor({ x: 1, y: 1 }, (c) => {
      c.enterCursorMode();
      c.moveCursor('east', true);
      c.moveCursor('south', true);
      c.moveCursor('east', true);
      expect(c.cursorRegion()).toEqual({ from: { x: 1, y: 1 }, to: { x: 3, y: 2 } });
      c.moveCursor('west', false);
      expect(c.cursorRegion()).toBeNull();
      c.moveCursor('south', true);
      expect(c.cursorRegion()).toEqual({ from: { x: 2, y: 2 }, to: { x: 2, y: 3 } });
      c.leaveCursorMode();
      expect(c.cursorMode()).toBe(false);
      expect(c.cursorRegion()).toBeNull();
    });
  });
});

describe('describeSquare', () => {
  it('says the position, ground, height, water and who stands there, in words', () => {
    const d = createEncounter({ ruleset: 'startroid', width: 4, height: 3 });
    const i = 1 * 4 + 2;
    d.map.terrain[i] = Terrain.water;
    d.map.elevation[i] = 3;
    d.map.waterDepth[i] = 1.5;
    d.creatures.push(makeCreature({ id: 'a', name: 'Ada', x: 2, y: 1 }), makeCreature({ id: 'b', name: '', x: 0, y: 0 }));
    expect(describeSquare(d, { x: 2, y: 1 }, ['a'])).toBe('Square 2, 1: Water, elevation 3 metres, water 1.5 metres deep; Ada (Medium)');
    expect(describeSquare(d, { x: 0, y: 0 }, ['b'])).toBe('Square 0, 0: Normal, elevation 0 metres; b (Medium)');
    expect(describeSquare(d, { x: 3, y: 2 }, [])).toBe('Square 3, 2: Normal, elevation 0 metres; no creature');
    expect(describeSquare(d, { x: 4, y: 0 }, [])).toBe('Square 4, 0: off the map');
  });
});
