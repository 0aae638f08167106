import { describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { toolForKey } from '../../src-renderer/canvas/tools';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';

// The Labels tool (issue 15, item 7), driven as the canvas drives it: place, move, edit and delete
// labels and notes, each one undo step with a name that says what it undoes.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;

async function setUp() {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Labels' });
  editor.setTool('label');
  return { editor, t: createToolDriver(editor) };
}

describe('Labels tool', () => {
  it('is the T key', () => {
    expect(toolForKey('t')?.id).toBe('label');
  });

  it('a click opens the editor at the point; Enter adds the label as one step, undo takes it away', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 }).expectToBeIn('label.editing');
    expect(editor.labelDraft()).toMatchObject({ kind: 'label', x: 3.5, y: 2.5, text: '' });
    expect(editor.doc()!.labels).toBeUndefined();
    expect(editor.commitLabelDraft({ text: '  Throne room ' })).toBe(true);
    t.expectToBeIn('label.idle');
    expect(editor.doc()!.labels).toEqual([{ id: 'L1', kind: 'label', text: 'Throne room', x: 3.5, y: 2.5 }]);
    expect(editor.selectedLabel()).toBe('L1');
    expect(editor.undoLabel()).toBe('add label');
    editor.undo();
    expect(editor.doc()!.labels).toBeUndefined();
  });

  it('Escape drops a new label, and empty text adds nothing', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    expect(t.key('Escape')).toBe(true);
    expect(editor.labelDraft()).toBeNull();
    t.click({ x: 4, y: 2 });
    expect(editor.commitLabelDraft({ text: '   ' })).toBe(false);
    expect(editor.doc()!.labels).toBeUndefined();
    expect(editor.canUndo()).toBe(false);
  });

  it('a note keeps its paragraph and whether players see it', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 6, y: 6 });
    editor.commitLabelDraft({ kind: 'note', text: 'Trap: DC 15 Reflex\nor fall 20 ft.', forPlayers: false });
    expect(editor.doc()!.labels![0]).toEqual({ id: 'L1', kind: 'note', text: 'Trap: DC 15 Reflex\nor fall 20 ft.', x: 6.5, y: 6.5 });
    expect(editor.undoLabel()).toBe('add note');
  });

  it('dragging a label moves it as one undo step; a short wobble is a click, not a move', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    editor.commitLabelDraft({ text: 'Crypt' });
    t.pointerDown({ x: 3, y: 2 }).expectToBeIn('label.pointing');
    t.pointerMove({ x: 3.51, y: 2.5 }).expectToBeIn('label.pointing');
    t.pointerMove({ x: 5, y: 4 }).expectToBeIn('label.dragging');
    // Drawn where it would land; the model moves on release.
    expect(editor.labelDrag()).toMatchObject({ id: 'L1', x: 5.5, y: 4.5 });
    expect(editor.doc()!.labels![0]).toMatchObject({ x: 3.5, y: 2.5 });
    t.pointerUp().expectToBeIn('label.idle');
    expect(editor.doc()!.labels![0]).toMatchObject({ x: 5.5, y: 4.5 });
    expect(editor.labelDrag()).toBeNull();
    expect(editor.undoLabel()).toBe('move label');
    editor.undo();
    expect(editor.doc()!.labels![0]).toMatchObject({ x: 3.5, y: 2.5 });
  });

  it('Escape during a drag leaves the label where it was', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    editor.commitLabelDraft({ text: 'Crypt' });
    t.pointerDown({ x: 3, y: 2 }).pointerMove({ x: 7, y: 5 }).expectToBeIn('label.dragging');
    expect(t.key('Escape')).toBe(true);
    t.pointerUp();
    expect(editor.doc()!.labels![0]).toMatchObject({ x: 3.5, y: 2.5 });
    expect(editor.undoLabel()).toBe('add label');
  });

  it('a double-click edits a note; the change is one "edit note" step', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 2, y: 5 });
    editor.commitLabelDraft({ kind: 'note', text: 'Secret door' });
    // A note is hit on its pin, which stands on its anchor (the centre of the square here).
    t.click({ x: 2, y: 5 }, { at: { x: 0.5, y: 0.4 } });
    expect(editor.labelDraft()).toBeNull();
    t.click({ x: 2, y: 5 }, { at: { x: 0.5, y: 0.4 } }).expectToBeIn('label.editing');
    expect(editor.labelDraft()).toMatchObject({ id: 'L1', kind: 'note', text: 'Secret door' });
    editor.commitLabelDraft({ text: 'Secret door, opened by the lever', forPlayers: true });
    expect(editor.doc()!.labels![0]).toMatchObject({ text: 'Secret door, opened by the lever', forPlayers: true });
    expect(editor.undoLabel()).toBe('edit note');
    editor.undo();
    expect(editor.doc()!.labels![0]).toEqual({ id: 'L1', kind: 'note', text: 'Secret door', x: 2.5, y: 5.5 });
  });

  it('Delete removes the selected label as one step; undo brings it back', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    editor.commitLabelDraft({ text: 'Crypt' });
    t.click({ x: 8, y: 2 });
    editor.commitLabelDraft({ text: 'Well' });
    t.click({ x: 3, y: 2 });
    expect(editor.selectedLabel()).toBe('L1');
    expect(t.key('Delete')).toBe(true);
    expect(editor.doc()!.labels!.map((l) => l.text)).toEqual(['Well']);
    expect(editor.undoLabel()).toBe('delete label');
    editor.undo();
    expect(editor.doc()!.labels!.map((l) => l.text)).toEqual(['Crypt', 'Well']);
  });

  it('a locked Labels layer refuses the edit with a notice', async () => {
    const { editor, t } = await setUp();
    editor.setLocked('labels', true);
    t.click({ x: 3, y: 2 });
    expect(editor.commitLabelDraft({ text: 'Crypt' })).toBe(false);
    expect(editor.doc()!.labels).toBeUndefined();
    expect(editor.notices().at(-1)!.text).toContain('Labels and notes is locked');
  });

  it('labels move with their squares when the map grows on the left', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    editor.commitLabelDraft({ text: 'Crypt' });
    editor.execute({ type: 'resizeMap', width: 14, height: 8, dx: 2, dy: 0 });
    expect(editor.doc()!.labels![0]).toMatchObject({ x: 5.5, y: 2.5 });
  });
});

describe('Labels tool with the layer hidden or left', () => {
  it('writes nothing while Labels and notes are hidden, and says why', async () => {
    const { editor, t } = await setUp();
    editor.setLayers({ ...editor.layers(), labels: false });
    t.click({ x: 3, y: 2 }).expectToBeIn('label.idle');
    expect(editor.labelDraft()).toBeNull();
    expect(editor.notices().at(-1)!.text).toBe('Labels and notes are hidden: show them in the Layers panel to write or move one.');
  });

  it('another tool drops the label selection', async () => {
    const { editor, t } = await setUp();
    t.click({ x: 3, y: 2 });
    editor.commitLabelDraft({ text: 'Crypt' });
    expect(editor.selectedLabel()).toBe('L1');
    editor.setTool('select');
    t.state();
    expect(editor.selectedLabel()).toBeNull();
  });
});
