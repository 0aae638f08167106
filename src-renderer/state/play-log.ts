import type { ExportRequest, FileRef } from '../../src-shared/ipc';
import { canRedo as sessionCanRedo, canUndo as sessionCanUndo, exportLog, goTo, redo as sessionRedo, reset as sessionReset, undo as sessionUndo, type LogEntry, type LogFormat } from '../../src-shared/play';
import type { PlaySessionState } from './play-session';

export interface PlayLogDeps {
  notify: (kind: 'error' | 'info', text: string) => void;
  exportText: (request: ExportRequest) => Promise<FileRef | null | undefined>;
}

/**
 * The Play log: undo and redo step its cursor (with the menu's labels), a clicked entry becomes the
 * cursor, reset empties it, the seed is set before it starts, and it is exported as text or Markdown.
 */
export function createPlayLog(play: PlaySessionState, deps: PlayLogDeps) {
  const { session, current } = play;

  function undo(): void {
    const s = session();
    if (!s || !sessionCanUndo(s)) return;
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(sessionUndo(s));
  }
  function redo(): void {
    const s = session();
    if (!s || !sessionCanRedo(s)) return;
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(sessionRedo(s));
  }
  const canUndo = () => !!session() && sessionCanUndo(session()!);
  const canRedo = () => !!session() && sessionCanRedo(session()!);
  const shortText = (e: LogEntry | undefined) => (e ? (e.text.length > 48 ? `${e.text.slice(0, 46)}…` : e.text) : null);
  const undoLabel = () => (canUndo() ? shortText(current()?.entries[session()!.cursor - 1]) : null);
  const redoLabel = () => (canRedo() ? shortText(play.allEntries()[session()!.cursor]) : null);

  /** Makes the log's cursor this entry (after it): the moves after it can be redone. */
  function goToEntry(index: number): void {
    const s = session();
    if (!s) return;
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(goTo(s, index + 1));
  }

  /** Back to the planned layout, the log emptied (the seed stays): one undo brings nothing back, so ask. */
  function resetPlay(): void {
    const s = session();
    if (!s) return;
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(sessionReset(s));
  }

  /** Sets the seed: only before anything is rolled, so the log stays reproducible. */
  function setSeed(seed: number): boolean {
    const s = session();
    if (!s || !Number.isInteger(seed)) return false;
    if (s.log.length) {
      deps.notify('error', 'The seed can be changed only before the first action (Reset play first).');
      return false;
    }
    play.recompute({ ...s, seed });
    return true;
  }

  async function exportPlayLog(format: LogFormat): Promise<void> {
    const now = current();
    if (!now) return;
    const text = exportLog(now, format);
    const written = await deps.exportText({
      suggestedName: `${now.board.name} play log`,
      typeName: format === 'markdown' ? 'Markdown' : 'Text',
      extensions: [format === 'markdown' ? 'md' : 'txt'],
      text,
      encoding: 'utf8',
    });
    if (written) deps.notify('info', `Exported ${written.name}`);
  }

  return { undo, redo, canUndo, canRedo, undoLabel, redoLabel, goToEntry, resetPlay, setSeed, exportPlayLog };
}
