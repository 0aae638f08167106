import { describe, expect, it } from 'vitest';
import { applyCommand, CommandError, describeCommand, History } from '../../../src-shared/commands';
import { createEncounter, squaresInPicture, type MapPicture } from '../../../src-shared/model';

// The map's picture: its alignment, opacity and removal are undoable edits, and it stays under its
// squares when the map is resized.
describe('setPicture', () => {
  const picture: MapPicture = { mime: 'image/png', data: 'iVBORw0KGgo=', width: 140, height: 70, pixelsPerSquare: 70, offsetX: 0, offsetY: 0, opacity: 1 };
  const withPicture = () => ({ ...createEncounter({ ruleset: 'd20-35', width: 2, height: 1, name: 'B' }), picture });

  it('changes the opacity and undo restores it, touching nothing else', () => {
    const doc = withPicture();
    const history = new History();
    const faded = history.execute(doc, { type: 'setPicture', picture: { ...picture, opacity: 0.4 }, label: 'change picture opacity' });
    expect(faded.picture!.opacity).toBe(0.4);
    expect(faded.picture!.data).toBe(picture.data);
    expect(faded.map).toBe(doc.map);
    expect(doc.picture.opacity).toBe(1);
    expect(history.undoLabel).toBe('change picture opacity');
    expect(history.undo(faded).picture).toEqual(picture);
  });

  it('removes the picture, and undo brings back its bytes', () => {
    const doc = withPicture();
    const removed = applyCommand(doc, { type: 'setPicture', picture: null });
    expect('picture' in removed.doc).toBe(false);
    expect(describeCommand({ type: 'setPicture', picture: null })).toBe('remove map picture');
    expect(applyCommand(removed.doc, removed.inverse).doc.picture).toEqual(picture);
  });

  it('refuses an opacity outside 0 to 1, or fewer than one pixel a square, and leaves the document alone', () => {
    const doc = withPicture();
    for (const opacity of [-0.1, 1.5, Number.NaN]) {
      expect(() => applyCommand(doc, { type: 'setPicture', picture: { ...picture, opacity } })).toThrow(CommandError);
    }
    expect(() => applyCommand(doc, { type: 'setPicture', picture: { ...picture, pixelsPerSquare: 0.5 } })).toThrow(CommandError);
    expect(() => applyCommand(doc, { type: 'setPicture', picture: { ...picture, offsetX: Number.POSITIVE_INFINITY } })).toThrow(CommandError);
    expect(doc.picture.opacity).toBe(1);
  });

  it('a resize that adds 2 columns on the left and 1 row on top keeps the picture under its squares; undo puts it back', () => {
    const doc = { ...withPicture(), labels: [{ id: 'l1', kind: 'label' as const, text: 'Crypt', x: 1.5, y: 0.5 }] };
    const resized = applyCommand(doc, { type: 'resizeMap', width: 4, height: 2, dx: 2, dy: 1 });
    // The picture pixel that was on the map's corner is now two squares right and one down.
    expect(resized.doc.picture).toMatchObject({ offsetX: -140, offsetY: -70, pixelsPerSquare: 70 });
    expect(resized.doc.labels![0]).toMatchObject({ x: 3.5, y: 1.5 });
    const back = applyCommand(resized.doc, resized.inverse).doc;
    expect(back.picture).toEqual(picture);
    expect(back.labels![0]).toMatchObject({ x: 1.5, y: 0.5 });
  });
});

describe('squaresInPicture: the map a picture fills', () => {
  it('counts whole squares from the first grid line inside the picture', () => {
    // 1000 × 800 at 100 px a square from the corner: 10 × 8.
    expect(squaresInPicture({ width: 1000, height: 800 }, { pixelsPerSquare: 100, offsetX: 0, offsetY: 0 })).toEqual({ width: 10, height: 8 });
    // Grid lines at x = 30, 130, … 930: 9 whole squares; at y = 50 … 750: 7.
    expect(squaresInPicture({ width: 1000, height: 800 }, { pixelsPerSquare: 100, offsetX: 30, offsetY: 50 })).toEqual({ width: 9, height: 7 });
    // An offset of -70 puts the first line at 30 too.
    expect(squaresInPicture({ width: 1000, height: 800 }, { pixelsPerSquare: 100, offsetX: -70, offsetY: 0 })).toEqual({ width: 9, height: 8 });
  });
});

describe('setLabels and setTokenImages', () => {
  it('refuse duplicate ids and a token picture still shown by a creature', () => {
    const doc = createEncounter({ ruleset: 'd20-35', width: 2, height: 1 });
    expect(() => applyCommand(doc, { type: 'setLabels', labels: [{ id: 'a', kind: 'label', text: 'x', x: 0, y: 0 }, { id: 'a', kind: 'note', text: 'y', x: 1, y: 0 }] })).toThrow(CommandError);
    const withToken = {
      ...doc,
      tokenImages: [{ id: 'goblin', mime: 'image/png' as const, data: 'iVBORw0KGgo=', width: 1, height: 1 }],
      creatures: [{ id: 'G', name: 'Goblin', size: 'small' as const, side: 'enemy' as const, speed: { walk: 30 }, armor: 'none' as const, load: 'light' as const, helpless: false, prone: false, x: 0, y: 0, altitude: 0, token: 'goblin' }],
    };
    expect(() => applyCommand(withToken, { type: 'setTokenImages', tokenImages: [] })).toThrow(/Goblin shows token picture goblin/);
    const cleared = applyCommand({ ...withToken, creatures: [] }, { type: 'setTokenImages', tokenImages: [] });
    expect('tokenImages' in cleared.doc).toBe(false);
    expect(applyCommand(cleared.doc, cleared.inverse).doc.tokenImages).toHaveLength(1);
  });
});
