import { describe, expect, it } from 'vitest';
import { applyCommand, CommandError, describeCommand, History } from '../../../src-shared/commands';
import { createEncounter, type BackgroundImage } from '../../../src-shared/model';

// The background picture from a Universal VTT import: its opacity and its removal are undoable edits.
describe('setBackground', () => {
  const picture: BackgroundImage = { mime: 'image/png', data: 'iVBORw0KGgo=', width: 140, height: 70, opacity: 1 };
  const withPicture = () => ({ ...createEncounter({ ruleset: 'd20-35', width: 2, height: 1, name: 'B' }), background: picture });

  it('changes the opacity and undo restores it, touching nothing else', () => {
    const doc = withPicture();
    const history = new History();
    const faded = history.execute(doc, { type: 'setBackground', background: { ...picture, opacity: 0.4 } });
    expect(faded.background!.opacity).toBe(0.4);
    expect(faded.background!.data).toBe(picture.data);
    expect(faded.map).toBe(doc.map);
    expect(doc.background.opacity).toBe(1);
    expect(history.undoLabel).toBe('change background opacity');
    expect(history.undo(faded).background).toEqual(picture);
  });

  it('removes the picture, and undo brings back its bytes', () => {
    const doc = withPicture();
    const removed = applyCommand(doc, { type: 'setBackground', background: null });
    expect('background' in removed.doc).toBe(false);
    expect(describeCommand({ type: 'setBackground', background: null })).toBe('remove background picture');
    expect(applyCommand(removed.doc, removed.inverse).doc.background).toEqual(picture);
  });

  it('refuses an opacity outside 0 to 1 and leaves the document alone', () => {
    const doc = withPicture();
    for (const opacity of [-0.1, 1.5, Number.NaN]) {
      expect(() => applyCommand(doc, { type: 'setBackground', background: { ...picture, opacity } })).toThrow(CommandError);
    }
    expect(doc.background.opacity).toBe(1);
  });
});
