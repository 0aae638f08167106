import type { Encounter } from '../model';
import { MoveRefused, type MoveAction, type MoveRequest, type PathAnswer } from '../rules/engine/types';
import { checkPath } from '../rules/movement';
import { actionRandom, applyAction, initialState } from './apply';
import { CURRENT_RULES_VERSION } from './state';
import { TURN_ECONOMY } from './turns';
import { PlayRefused, type LogEntry, type PlayAction, type PlayActionKind, type PlayBranch, type PlayResult, type PlaySession, type PlayState, type Square } from './types';

/**
 * A play session over a planned encounter: the log of actions, a cursor into it, and the seed. The
 * board is never stored: `replay` derives it from the planned layout, so undo and redo only move the
 * cursor, clicking an entry shows the board at that moment, and a replay ends in the same state.
 */

export function newSession(seed: number): PlaySession {
  if (!Number.isInteger(seed)) throw new PlayRefused('The seed is a whole number.');
  return { seed, log: [], cursor: 0, rulesVersion: CURRENT_RULES_VERSION };
}

/**
 * The state after the first `upTo` actions of the log (default: the cursor). An action that cannot
 * be replayed (a hand-edited file) is kept in the log with an entry saying why, and changes nothing.
 */
export function replay(planned: Encounter, session: PlaySession, upTo: number = session.cursor): PlayState {
  let state = initialState(planned, rulesVersionOf(session));
  // The entries are gathered here and each state in between holds only its own: every action copies
  // the state it starts from, and copying the whole log at each step made a long replay quadratic.
  const entries: LogEntry[] = [];
  const end = Math.max(0, Math.min(upTo, session.log.length));
  for (let i = 0; i < end; i++) {
    const action = session.log[i]!;
    try {
      state = applyAction(state, action, i, actionRandom(session.seed, streamOf(session, i)));
      entries.push(state.entries.pop()!);
    } catch (err) {
      if (!(err instanceof PlayRefused || err instanceof MoveRefused)) throw err;
      const refused: LogEntry = {
        index: i,
        kind: action?.kind ?? 'damage',
        round: state.round,
        actor: null,
        actorName: null,
        text: `Not replayed: ${err.message}`,
        rules: [],
        squares: [],
        dice: [],
        damage: null,
        conditions: [],
        pending: [],
        refused: err.message,
      };
      entries.push(refused);
    }
  }
  return { ...state, entries };
}

/** The edition of Play's rules a session is played by: a session saved before editions were kept is 1. */
export function rulesVersionOf(session: PlaySession): number {
  return session.rulesVersion ?? 1;
}

/**
 * Every moment of the session in one replay: `timeline[k]` is the state after the first k actions
 * (`timeline[0]` the planned layout), up to the whole log — for a log panel that shows any entry's
 * board at once, and for stepping through a replay.
 */
export function timeline(planned: Encounter, session: PlaySession): PlayState[] {
  const out: PlayState[] = [replay(planned, session, 0)];
  for (let k = 1; k <= session.log.length; k++) {
    const action = session.log[k - 1]!;
    const previous = out[k - 1]!;
    try {
      out.push(applyAction(previous, action, k - 1, actionRandom(session.seed, streamOf(session, k - 1))));
    } catch (err) {
      if (!(err instanceof PlayRefused || err instanceof MoveRefused)) throw err;
      out.push(replay(planned, session, k));
    }
  }
  return out;
}

/** The board at one log entry (after it), for "click an entry to see that moment". */
export function stateAt(planned: Encounter, session: PlaySession, entryIndex: number): PlayState {
  return replay(planned, session, entryIndex + 1);
}

/**
 * Does one action: refused (with where and why) when the rules or the turn do not allow it;
 * otherwise the log is cut at the cursor (the redo branch goes), the action appended, the cursor moved.
 * Pass the current state when you have it, to skip replaying the log.
 */
export function perform(planned: Encounter, session: PlaySession, action: PlayAction, current?: PlayState): PlayResult {
  const before = current ?? replay(planned, session);
  try {
    const stream = nextStream(session);
    const state = applyAction(before, action, session.cursor, actionRandom(session.seed, stream));
    const log = [...session.log.slice(0, session.cursor), JSON.parse(JSON.stringify(action)) as PlayAction];
    const next: PlaySession = { ...session, log, cursor: log.length };
    if (session.streams) next.streams = [...session.streams.slice(0, session.cursor), stream];
    return { ok: true, session: next, state, entry: state.entries[state.entries.length - 1]! };
  } catch (err) {
    if (err instanceof PlayRefused) return { ok: false, reason: err.message, at: err.at, rule: err.rule };
    if (err instanceof MoveRefused) return { ok: false, reason: err.message, at: null, rule: null };
    throw err;
  }
}

export function canUndo(session: PlaySession): boolean {
  return session.cursor > 0;
}

export function canRedo(session: PlaySession): boolean {
  return session.cursor < session.log.length;
}

/** One step back: the last action stops counting but stays in the log for redo. */
export function undo(session: PlaySession): PlaySession {
  return { ...session, cursor: Math.max(0, session.cursor - 1) };
}

export function redo(session: PlaySession): PlaySession {
  return { ...session, cursor: Math.min(session.log.length, session.cursor + 1) };
}

/** Moves the cursor to any point of the log (0: the planned layout). */
export function goTo(session: PlaySession, cursor: number): PlaySession {
  return { ...session, cursor: Math.max(0, Math.min(session.log.length, Math.floor(cursor))) };
}

/** Back to the planned layout, the log emptied (Reset); the seed and the lines set aside stay. */
export function reset(session: PlaySession): PlaySession {
  const { streams: _streams, ...rest } = session;
  return { ...rest, log: [], cursor: 0 };
}

/** The dice stream the action at `position` rolls from: its own, kept when an earlier entry is undone. */
export function streamOf(session: PlaySession, position: number): number {
  return session.streams?.[position] ?? position;
}

/**
 * The stream for an action done at the cursor: its position while no entry was ever undone (as
 * before streams existed), else one no action of the line in effect uses.
 */
function nextStream(session: PlaySession): number {
  if (!session.streams) return session.cursor;
  let max = -1;
  for (let i = 0; i < session.cursor; i++) max = Math.max(max, session.streams[i]!);
  return Math.max(max + 1, session.cursor);
}

/** The most lines a session keeps set aside (the file format's limit). */
export const MAX_BRANCHES = 1000;

/** A later action that did not apply once an earlier entry was undone. */
export interface NotReapplied {
  /** Its position in the line it was in (0-based; shown from 1). */
  index: number;
  kind: PlayActionKind;
  /** Its entry as it read before. */
  text: string;
  reason: string;
}

export type UndoEntryResult =
  | {
      ok: true;
      session: PlaySession;
      /** The board at the new cursor. */
      state: PlayState;
      /** The entry taken out, as it read. */
      undone: LogEntry;
      /** The later actions that no longer apply: left out of the line in play, kept in the branch. */
      notReapplied: NotReapplied[];
    }
  | { ok: false; reason: string };

/**
 * Undoes one earlier action without losing what came after: the entry is taken out, every later
 * action is applied again (with the dice it rolled before), and those that are no longer legal are
 * named and left out. The line as it was is set aside as a branch (`session.branches`), so the GM can
 * go back to it (`switchBranch`). Entries after the cursor (undone, waiting for redo) are re-applied
 * too and stay after the cursor.
 */
export function undoEntry(planned: Encounter, session: PlaySession, index: number): UndoEntryResult {
  const n = session.log.length;
  if (!Number.isInteger(index) || index < 0 || index >= n) {
    return { ok: false, reason: n ? `There is no entry ${index + 1}: the log has ${n} ${n === 1 ? 'entry' : 'entries'}.` : 'The log is empty: there is nothing to undo.' };
  }
  if ((session.branches?.length ?? 0) >= MAX_BRANCHES) return { ok: false, reason: `${MAX_BRANCHES} lines are set aside already, the most a session keeps: Undo and Redo still step through the log.` };
  const before = replay(planned, session, n).entries;
  let state = replay(planned, session, index);
  const log: PlayAction[] = session.log.slice(0, index);
  const streams: number[] = session.log.slice(0, index).map((_, i) => streamOf(session, i));
  // Old position → new position of every action kept, for the attacks of opportunity named by the entry that raised them.
  const moved = new Map<number, number>(log.map((_, i) => [i, i]));
  const notReapplied: NotReapplied[] = [];
  let cursor = Math.min(index, session.cursor);
  for (let i = index + 1; i < n; i++) {
    const original = session.log[i]!;
    const renumbered = renumberPending(original, moved, index);
    let reason: string | null = typeof renumbered === 'string' ? renumbered : null;
    if (typeof renumbered !== 'string') {
      try {
        state = applyAction(state, renumbered, log.length, actionRandom(session.seed, streamOf(session, i)));
      } catch (err) {
        if (!(err instanceof PlayRefused || err instanceof MoveRefused)) throw err;
        reason = err.message;
      }
    }
    if (reason !== null) {
      notReapplied.push({ index: i, kind: original.kind, text: before[i]?.text ?? original.kind, reason });
      continue;
    }
    moved.set(i, log.length);
    log.push(renumbered as PlayAction);
    streams.push(streamOf(session, i));
    if (i < session.cursor) cursor = log.length;
  }
  const branch: PlayBranch = {
    ...lineOf(session),
    at: index,
    note: `Before entry ${index + 1} (${before[index]?.text ?? session.log[index]!.kind}) was undone`,
    left: notReapplied.map((r) => ({ index: r.index, reason: r.reason })),
  };
  const next: PlaySession = { seed: session.seed, log, cursor, branches: [...(session.branches ?? []), branch], ...rulesOf(session) };
  if (streams.some((s, i) => s !== i)) next.streams = streams;
  return { ok: true, session: next, state: cursor === log.length ? state : replay(planned, next), undone: before[index]!, notReapplied };
}

/** The session's rules edition as a field to copy, absent when it was absent (edition 1). */
function rulesOf(session: PlaySession): Pick<PlaySession, 'rulesVersion'> {
  return session.rulesVersion !== undefined ? { rulesVersion: session.rulesVersion } : {};
}

/** A line's own data: its log, its dice streams (when not the positions) and its cursor. */
function lineOf(session: PlaySession): Pick<PlayBranch, 'log' | 'streams' | 'cursor'> {
  return { log: session.log, cursor: session.cursor, ...(session.streams ? { streams: session.streams } : {}) };
}

/**
 * Later actions name things by the entry that made them: an attack of opportunity by the position of
 * the entry that raised it (`<entry>:<n>`, 0-based), an area template by the number of the entry that
 * placed it (from 1, as the log prints it), an effect by `effect-<entry>` (0-based). Once an earlier
 * entry is gone the name follows its entry; an action about a thing its entry no longer makes cannot
 * apply (the reason, in words).
 */
function renumberPending(action: PlayAction, moved: ReadonlyMap<number, number>, undone: number): PlayAction | string {
  /** The new position of the entry at `at`, or why the thing it made is gone. */
  const follow = (at: number, what: string): number | string => {
    const now = moved.get(at);
    if (now !== undefined) return now;
    return at >= undone ? `its ${what} was made by entry ${at + 1}, which ${at === undone ? 'is undone' : 'no longer applies'}` : at;
  };
  if (action.kind === 'clear-area' && action.area !== undefined && /^\d+$/.test(action.area)) {
    const now = follow(Number(action.area) - 1, 'area template');
    return typeof now === 'string' ? now : { ...action, area: String(now + 1) };
  }
  if (action.kind === 'end-effect') {
    const m = /^effect-(\d+)$/.exec(action.effect);
    if (!m) return action;
    const now = follow(Number(m[1]), 'effect');
    return typeof now === 'string' ? now : { ...action, effect: `effect-${now}` };
  }
  const pending = (action as { pending?: unknown }).pending;
  const m = typeof pending === 'string' ? /^(\d+):(\d+)$/.exec(pending) : null;
  if (!m) return action;
  const raisedBy = Number(m[1]);
  const now = moved.get(raisedBy);
  if (now === undefined) {
    if (raisedBy >= undone) return `its attack of opportunity was raised by entry ${raisedBy + 1}, which ${raisedBy === undone ? 'is undone' : 'no longer applies'}`;
    return action;
  }
  return now === raisedBy ? action : ({ ...action, pending: `${now}:${m[2]}` } as PlayAction);
}

/**
 * Goes back to a line set aside (`session.branches[branch]`): it becomes the line in play, and the
 * line in play is set aside in its place, so nothing is lost either way.
 */
export function switchBranch(session: PlaySession, branch: number): PlaySession {
  const b = session.branches?.[branch];
  if (!b) throw new PlayRefused(`There is no line set aside numbered ${branch + 1}.`);
  const setAside: PlayBranch = { ...lineOf(session), at: b.at, note: `The line played after entry ${b.at + 1} was undone`, left: [] };
  const branches = [...session.branches!];
  branches[branch] = setAside;
  const next: PlaySession = { seed: session.seed, log: b.log, cursor: Math.max(0, Math.min(b.cursor, b.log.length)), branches, ...rulesOf(session) };
  if (b.streams) next.streams = b.streams;
  return next;
}

/**
 * The engine request for the current creature's move this turn: the action, and in d20 the diagonal
 * parity carried from its earlier moves (d20-srd-35.txt › Diagonals). For the reach overlay:
 * `reachableSquares(state.board, id, moveRequest(state, 'move'))`.
 */
export function moveRequest(state: PlayState, action: MoveAction, extra: Omit<MoveRequest, 'action' | 'parity'> = {}): MoveRequest {
  const request: MoveRequest = { ...extra, action };
  if (TURN_ECONOMY[state.board.ruleset].carryParity) request.parity = state.turn.parity;
  return request;
}

export interface MovePreview {
  answer: PathAnswer;
  /** The attacks of opportunity it would provoke, the enemies named. */
  provokedBy: { creature: string; name: string; at: Square }[];
}

/** What a drawn path would cost and provoke for the current creature, before committing it. */
export function previewMove(state: PlayState, action: MoveAction, path: Square[], extra: Omit<MoveRequest, 'action' | 'parity'> = {}): MovePreview {
  if (!state.current) throw new PlayRefused('Roll or enter initiative first: play goes turn by turn.');
  const answer = checkPath(state.board, state.current, path, moveRequest(state, action, extra));
  const name = (id: string) => state.board.creatures.find((c) => c.id === id)?.name ?? id;
  return { answer, provokedBy: answer.provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } })) };
}

/** The session saved with an encounter (Play mode resumes where it was left), or null. */
export function savedSession(encounter: Encounter): PlaySession | null {
  const saved = encounter.play;
  if (!saved) return null;
  // The file format checked the shape; each action is checked again as it is replayed.
  const session: PlaySession = { seed: saved.seed, cursor: Math.max(0, Math.min(saved.cursor, saved.log.length)), log: saved.log as unknown as PlayAction[] };
  if (saved.streams) session.streams = [...saved.streams];
  if (saved.branches?.length) session.branches = saved.branches as unknown as PlayBranch[];
  if (saved.rulesVersion !== undefined) session.rulesVersion = saved.rulesVersion;
  return session;
}

/**
 * The session as the encounter stores it (a copy), or null when there is nothing to keep: no entry
 * and no line set aside.
 */
export function savedPlay(session: PlaySession | null): NonNullable<Encounter['play']> | null {
  if (!session || (!session.log.length && !session.branches?.length)) return null;
  const out: PlaySession = { seed: session.seed, cursor: session.cursor, log: session.log };
  if (session.streams) out.streams = session.streams;
  if (session.branches?.length) out.branches = session.branches;
  if (session.rulesVersion !== undefined) out.rulesVersion = session.rulesVersion;
  return JSON.parse(JSON.stringify(out)) as NonNullable<Encounter['play']>;
}

/** The encounter with the session stored beside its planned layout (null: none), ready to save. */
export function withSession(encounter: Encounter, session: PlaySession | null): Encounter {
  const out: Encounter = { ...encounter };
  // A session with an empty log is still stored when asked for (its seed); `savedPlay` leaves it out.
  if (session) out.play = savedPlay(session) ?? { seed: session.seed, cursor: 0, log: [], ...rulesOf(session) };
  else delete out.play;
  return out;
}
