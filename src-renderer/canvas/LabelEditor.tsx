import { createEffect, on, Show } from 'solid-js';
import type { LabelKind } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import { MAX_LABEL_CHARS } from '../state/map-labels';
import { squarePixels } from '../state/view';
import '../styles/tokens-labels.css';

/** The editor's largest size (a note's, with its checkbox), to keep it in view. */
const EDITOR_SIZE = { width: 330, height: 190 };

/**
 * The inline editor of a label or note, under the point it is anchored to: its kind, its text (one
 * line for a label; a paragraph for a note, Ctrl+Enter to finish) and whether a note is shown to
 * players. Enter (or OK) writes it as one undo step, Escape (or Cancel) drops it.
 */
export function LabelEditor(props: { editor: Editor }) {
  const editor = props.editor;
  const draft = () => editor.labelDraft()!;
  const update = (changes: Partial<ReturnType<typeof draft>>) => editor.setLabelDraft({ ...draft(), ...changes });
  const focus = (el: HTMLInputElement | HTMLTextAreaElement) => queueMicrotask(() => (el.focus(), el.select()));
  /** Under its point, or above it near the bottom; kept inside the map's viewport. */
  const place = () => {
    const v = editor.view();
    const vp = editor.viewport();
    const s = squarePixels(v);
    const x = v.panX + draft().x * s;
    const y = v.panY + draft().y * s;
    const left = Math.max(4, Math.min(x - 20, vp.width - EDITOR_SIZE.width - 4));
    const top = y + 14 + EDITOR_SIZE.height <= vp.height ? y + 14 : Math.max(4, y - 14 - EDITOR_SIZE.height);
    return { left: `${Math.round(left)}px`, top: `${Math.round(top)}px` };
  };
  // Another tool chosen while writing keeps what was written; Play mode edits no map, so it drops it.
  createEffect(
    on([editor.tool, editor.playing], () => {
      if (!editor.labelDraft()) return;
      if (editor.playing()) editor.cancelLabelDraft();
      else if (editor.tool() !== 'label') editor.commitLabelDraft();
    }, { defer: true }),
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      editor.cancelLabelDraft();
    } else if (e.key === 'Enter' && (draft().kind === 'label' || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.stopPropagation();
      editor.commitLabelDraft();
    }
  };
  return (
    <Show when={editor.labelDraft()}>
      <form
        class="label-editor"
        data-testid="label-editor"
        style={place()}
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          editor.commitLabelDraft();
        }}
      >
        <select data-testid="label-editor-kind" value={draft().kind} title="A label everyone sees, or a GM note (left out of exports made for players unless shown to them)" onChange={(e) => update({ kind: e.currentTarget.value as LabelKind })}>
          <option value="label">Label</option>
          <option value="note">GM note</option>
        </select>
        <Show
          when={draft().kind === 'note'}
          fallback={<input ref={focus} type="text" data-testid="label-editor-text" maxLength={MAX_LABEL_CHARS} placeholder="Room name, warning…" value={draft().text} onInput={(e) => update({ text: e.currentTarget.value })} />}
        >
          <textarea ref={focus} data-testid="label-editor-text" rows={4} maxLength={MAX_LABEL_CHARS} placeholder="The GM's note (Ctrl+Enter to finish)" value={draft().text} onInput={(e) => update({ text: e.currentTarget.value })} />
          <label class="label-editor-players">
            <input type="checkbox" data-testid="label-editor-players" checked={draft().forPlayers} onChange={(e) => update({ forPlayers: e.currentTarget.checked })} /> shown to players
          </label>
        </Show>
        <div class="label-editor-buttons">
          <button type="submit" data-testid="label-editor-ok">
            OK
          </button>
          <button type="button" data-testid="label-editor-cancel" onClick={() => editor.cancelLabelDraft()}>
            Cancel
          </button>
        </div>
      </form>
    </Show>
  );
}
