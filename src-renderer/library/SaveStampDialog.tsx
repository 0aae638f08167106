import { createSignal } from 'solid-js';
import { parseTagList } from '../../src-shared/library';
import type { Editor } from '../state/editor';
import { Dialog } from '../ui/Dialog';
import type { Library } from './library-state';

/** Edit › Save region as stamp…: the stamp's name and tags (comma separated). */
export function SaveStampDialog(props: { editor: Editor; library: Library }) {
  const editor = props.editor;
  const [name, setName] = createSignal('');
  const [tags, setTags] = createSignal('');
  const [error, setError] = createSignal('');
  const [saving, setSaving] = createSignal(false);
  const close = () => editor.setSaveStampOpen(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const cleaned = name().trim();
    if (!cleaned) return setError('Type a name for the stamp.');
    setSaving(true);
    const file = await editor.saveRegionAsStamp(cleaned, parseTagList(tags()));
    setSaving(false);
    if (!file) return;
    close();
    // The browser's library "Stamps" was written just now: read it, so the palette shows the new stamp.
    if (editor.platform.saveStamp) void props.library.refresh();
  };
  return (
    <Dialog title="Save region as stamp" onClose={close} testId="save-stamp-dialog">
      <form onSubmit={(e) => void submit(e)}>
        <label class="field">
          <span>Name</span>
          <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} data-testid="stamp-name" />
        </label>
        <label class="field">
          <span>Tags (comma separated: stairs, room, water…)</span>
          <input type="text" value={tags()} onInput={(e) => setTags(e.currentTarget.value)} data-testid="stamp-tags" />
        </label>
        <p class="hint">
          {editor.platform.saveStamp
            ? 'Kept in this browser, in the library “Stamps”.'
            : 'Save it in one of your library folders (File › Library…) to see it in the Stamps palette.'}
        </p>
        <p class="error">{error()}</p>
        <div class="dialog-actions">
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={saving()} data-testid="stamp-save">
            Save stamp
          </button>
        </div>
      </form>
    </Dialog>
  );
}
