import type { Accessor } from 'solid-js';
import type { ExportRequest, FileRef } from '../../src-shared/ipc';
import type { Encounter } from '../../src-shared/model';
import {
  canRedo as sessionCanRedo,
  canUndo as sessionCanUndo,
  exportLog,
  goTo,
  redo as sessionRedo,
  reset as sessionReset,
  switchBranch,
  undo as sessionUndo,
  undoEntry as sessionUndoEntry,
  type LogEntry,
  type LogFormat,
} from '../../src-shared/play';
import type { PlaySessionState } from './play-session';

export interface PlayLogDeps {
  /** The planned encounter, which an undone entry's later actions are replayed over. */
  planned: Accessor<Encounter | null>;
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

  /**
   * Undoes one entry alone (issue 17 › 6): the later ones are applied again, those no longer legal are
   * named, and the line as it was is set aside to go back to. Returns whether the log changed.
   */
  function undoEntry(index: number): boolean {
    const s = session();
    const p = deps.planned();
    if (!s || !p) return false;
    const r = sessionUndoEntry(p, s, index);
    if (!r.ok) {
      deps.notify('error', r.reason);
      return false;
    }
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(r.session);
    const gone = r.notReapplied.map((n) => `${n.index + 1}`);
    deps.notify(
      'info',
      `Undid entry ${index + 1}: ${shortText(r.undone)}. ` +
        (gone.length
          ? `${gone.length === 1 ? `Entry ${gone[0]} no longer applies` : `Entries ${gone.slice(0, -1).join(', ')} and ${gone.at(-1)} no longer apply`} (the log's "Lines set aside" says why); the line as it was is kept there.`
          : 'Every later entry still applies; the line as it was is kept under "Lines set aside".'),
    );
    return true;
  }

  /** Goes back to a line set aside; the line in play is set aside in its place. */
  function goToBranch(branch: number): void {
    const s = session();
    if (!s?.branches?.[branch]) return;
    play.stopReplay();
    play.setViewAt(null);
    play.recompute(switchBranch(s, branch));
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

  return { undo, redo, canUndo, canRedo, undoLabel, redoLabel, goToEntry, undoEntry, goToBranch, resetPlay, setSeed, exportPlayLog };
}
