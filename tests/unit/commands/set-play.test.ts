import { describe, expect, it } from 'vitest';
import { applyCommand, History } from '../../../src-shared/commands';
import { createEncounter } from '../../../src-shared/model';

// Play mode stores its session beside the planned layout with one command, so it undoes like an edit.
describe('setPlay', () => {
  it('stores, replaces and removes the session, never touching the layout, and undoes exactly', () => {
    const doc = createEncounter({ ruleset: 'epic-path', width: 4, height: 3, name: 'P' });
    const history = new History();
    const play = { seed: 7, cursor: 1, log: [{ kind: 'next-turn' }] };
    const stored = history.execute(doc, { type: 'setPlay', play });
    expect(stored.play).toEqual(play);
    expect(stored.play).not.toBe(play);
    expect(stored.creatures).toBe(doc.creatures);
    expect(stored.map).toBe(doc.map);
    expect(history.undoLabel).toBe('play');
    const removed = applyCommand(stored, { type: 'setPlay', play: null });
    expect('play' in removed.doc).toBe(false);
    expect(applyCommand(removed.doc, removed.inverse).doc.play).toEqual(play);
    expect('play' in history.undo(stored)).toBe(false);
  });
});
