import { createSignal } from 'solid-js';
import { ENCOUNTER_FILE_EXTENSION } from '../../src-shared/io';
import { answerSaveName, nameRequest } from '../platform/save-as';
import { Dialog } from '../ui/Dialog';

/** Save As in a browser without a save picker: the user names the download. */
export function SaveNameDialog() {
  const [name, setName] = createSignal(nameRequest()?.suggested ?? '');
  const [error, setError] = createSignal('');
  const submit = (e: Event) => {
    e.preventDefault();
    const cleaned = name().replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim();
    if (!cleaned) return setError('Type a name for the file.');
    answerSaveName(/\.(encounter|json)$/i.test(cleaned) ? cleaned : `${cleaned}.${ENCOUNTER_FILE_EXTENSION}`);
  };
  return (
    <Dialog title="Save as" onClose={() => answerSaveName(null)} testId="save-name-dialog">
      <form onSubmit={submit}>
        <label class="field">
          <span>File name (your browser saves it to its downloads folder, or asks where)</span>
          <input type="text" value={name()} onInput={(e) => setName(e.currentTarget.value)} data-testid="save-name-input" />
        </label>
        <p class="error">{error()}</p>
        <div class="dialog-actions">
          <button type="button" onClick={() => answerSaveName(null)}>
            Cancel
          </button>
          <button type="submit" class="primary" data-testid="save-name-ok">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
