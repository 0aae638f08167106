import { createSignal } from 'solid-js';

/**
 * The window around the map: dialogs, notices, the confirm prompt and the busy indicator.
 * Nothing here knows about the document; the other concerns call `notify` and `confirm`.
 */
export type DialogId = 'new' | 'about' | 'shortcuts' | null;
export interface Notice {
  id: number;
  /** info and warning (a refused edit) go away by themselves; an error stays until closed. */
  kind: 'error' | 'warning' | 'info';
  text: string;
}
/** How long a notice stays, in ms; errors stay until the user closes them. */
export const NOTICE_MS: Record<Notice['kind'], number | null> = { info: 4000, warning: 8000, error: null };
/** Longest notice text: a message quoting a whole file is cut, not spread over the screen. */
const MAX_NOTICE_CHARS = 240;

/**
 * A notice as the user reads it: control characters and undecodable bytes (a binary file quoted in
 * a parser's message) removed, and a long text cut to one short paragraph.
 */
export function noticeText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]+/g, '').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_NOTICE_CHARS ? `${clean.slice(0, MAX_NOTICE_CHARS - 1).trimEnd()}…` : clean;
}
/** The answer to a confirm prompt: go ahead, cancel, or the prompt's other choice (Save first). */
export type ConfirmAnswer = boolean | 'other';
export interface PendingConfirm {
  text: string;
  confirmLabel: string;
  /** A third button (e.g. "Save"), answered as 'other'. */
  otherLabel?: string;
  resolve: (answer: ConfirmAnswer) => void;
}

export function createChrome() {
  const [dialog, setDialog] = createSignal<DialogId>(null);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const [busy, setBusy] = createSignal<string | null>(null);
  const [confirmState, setConfirmState] = createSignal<PendingConfirm | null>(null);
  let noticeId = 0;
  // The library browser sits above the editor's state (src-renderer/library): it says how it opens,
  // so File › Library… (state/actions.ts) reaches it without an upward import.
  let libraryOpener: (() => void) | null = null;
  const setLibraryOpener = (open: () => void) => {
    libraryOpener = open;
  };
  const openLibrary = () => libraryOpener?.();

  function notify(kind: Notice['kind'], text: string): void {
    const id = ++noticeId;
    const clean = noticeText(text);
    // The same message twice (a refused drag repeated) shows once, refreshed.
    setNotices((list) => [...list.filter((n) => n.text !== clean).slice(-3), { id, kind, text: clean }]);
    const ms = NOTICE_MS[kind];
    if (ms !== null) setTimeout(() => dismiss(id), ms);
  }
  function dismiss(id: number): void {
    setNotices((list) => list.filter((n) => n.id !== id));
  }

  function confirm(text: string, confirmLabel: string): Promise<boolean> {
    return new Promise((resolve) => setConfirmState({ text, confirmLabel, resolve: (a) => resolve(a === true) }));
  }
  /** A confirm prompt with a third choice (answered 'other'). */
  function confirmOr(text: string, confirmLabel: string, otherLabel: string): Promise<ConfirmAnswer> {
    return new Promise((resolve) => setConfirmState({ text, confirmLabel, otherLabel, resolve }));
  }
  function answerConfirm(ok: ConfirmAnswer): void {
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

  return { dialog, setDialog, notices, notify, dismiss, busy, run, confirm, confirmOr, confirmState, answerConfirm, openLibrary, setLibraryOpener };
}

export type Chrome = ReturnType<typeof createChrome>;
