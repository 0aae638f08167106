import { answerRecovery, pendingRecovery } from '../state/autosave';
import { Dialog } from '../ui/Dialog';

/** When the copy was made, in words; a damaged record's time is not shown as "Invalid Date". */
function autosavedAt(saved: number): string {
  const when = new Date(saved);
  return Number.isNaN(when.getTime()) ? 'at a time the record no longer shows' : `at ${when.toLocaleString()}`;
}

/** At start, after a crash: the autosaved work, offered back. */
export function RecoveryDialog() {
  const data = () => pendingRecovery()!.data;
  return (
    <Dialog title="Recover unsaved work?" onClose={() => answerRecovery(false)} testId="recovery-dialog">
      <p>
        “{data().name}”{data().fileName ? ` (from ${data().fileName})` : ''} had changes that were never saved when Encounter Builder last closed. They were
        autosaved {autosavedAt(data().saved)}.
      </p>
      <p class="hint">Recover opens them as an unsaved encounter; save it to keep it. Discard deletes the autosaved copy.</p>
      <div class="dialog-actions">
        <button type="button" class="danger" data-testid="recovery-discard" onClick={() => answerRecovery(false)}>
          Discard
        </button>
        <button type="button" class="primary" data-testid="recovery-recover" onClick={() => answerRecovery(true)}>
          Recover
        </button>
      </div>
    </Dialog>
  );
}
