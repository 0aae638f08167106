import { createSignal } from 'solid-js';

/**
 * The window around the map: dialogs, notices, the confirm prompt and the busy indicator.
 * Nothing here knows about the document; the other concerns call `notify` and `confirm`.
 */
export type DialogId = 'new' | 'about' | 'shortcuts' | null;
export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}
export interface PendingConfirm {
  text: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

export function createChrome() {
  const [dialog, setDialog] = createSignal<DialogId>(null);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const [busy, setBusy] = createSignal<string | null>(null);
  const [confirmState, setConfirmState] = createSignal<PendingConfirm | null>(null);
  let noticeId = 0;

  function notify(kind: Notice['kind'], text: string): void {
    const id = ++noticeId;
    setNotices((list) => [...list.slice(-4), { id, kind, text }]);
    if (kind === 'info') setTimeout(() => dismiss(id), 4000);
  }
  function dismiss(id: number): void {
    setNotices((list) => list.filter((n) => n.id !== id));
  }

  function confirm(text: string, confirmLabel: string): Promise<boolean> {
    return new Promise((resolve) => setConfirmState({ text, confirmLabel, resolve }));
  }
  function answerConfirm(ok: boolean): void {
    const pending = confirmState();
    setConfirmState(null);
    pending?.resolve(ok);
  }

  /** Runs slow work with the busy indicator on; a failure becomes an error notice. */
  async function run<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(label);
    try {
      return await work();
    } catch (e) {
      notify('error', (e as Error).message);
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  return { dialog, setDialog, notices, notify, dismiss, busy, run, confirm, confirmState, answerConfirm };
}

export type Chrome = ReturnType<typeof createChrome>;
