import type { Encounter } from '../model';
import { MoveRefused, type MoveAction, type MoveRequest, type PathAnswer } from '../rules/engine/types';
import { checkPath } from '../rules/movement';
import { actionRandom, applyAction, initialState } from './apply';
import { TURN_ECONOMY } from './turns';
import { PlayRefused, type LogEntry, type PlayAction, type PlayResult, type PlaySession, type PlayState, type Square } from './types';

/**
 * A play session over a planned encounter: the log of actions, a cursor into it, and the seed. The
 * board is never stored: `replay` derives it from the planned layout, so undo and redo only move the
 * cursor, clicking an entry shows the board at that moment, and a replay ends in the same state.
 */

export function newSession(seed: number): PlaySession {
  if (!Number.isInteger(seed)) throw new PlayRefused('The seed is a whole number.');
  return { seed, log: [], cursor: 0 };
}

/**
 * The state after the first `upTo` actions of the log (default: the cursor). An action that cannot
 * be replayed (a hand-edited file) is kept in the log with an entry saying why, and changes nothing.
 */
export function replay(planned: Encounter, session: PlaySession, upTo: number = session.cursor): PlayState {
  let state = initialState(planned);
  const end = Math.max(0, Math.min(upTo, session.log.length));
  for (let i = 0; i < end; i++) {
    const action = session.log[i]!;
    try {
      state = applyAction(state, action, i, actionRandom(session.seed, i));
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
      state = { ...state, entries: [...state.entries, refused] };
    }
  }
  return state;
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
      out.push(applyAction(previous, action, k - 1, actionRandom(session.seed, k - 1)));
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
    const state = applyAction(before, action, session.cursor, actionRandom(session.seed, session.cursor));
    const log = [...session.log.slice(0, session.cursor), JSON.parse(JSON.stringify(action)) as PlayAction];
    return { ok: true, session: { ...session, log, cursor: log.length }, state, entry: state.entries[state.entries.length - 1]! };
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

/** Back to the planned layout, the log emptied (Reset); the seed stays. */
export function reset(session: PlaySession): PlaySession {
  return { ...session, log: [], cursor: 0 };
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
  return { seed: saved.seed, cursor: Math.max(0, Math.min(saved.cursor, saved.log.length)), log: saved.log as unknown as PlayAction[] };
}

/** The encounter with the session stored beside its planned layout (null: none), ready to save. */
export function withSession(encounter: Encounter, session: PlaySession | null): Encounter {
  const out: Encounter = { ...encounter };
  if (session) out.play = { seed: session.seed, cursor: session.cursor, log: JSON.parse(JSON.stringify(session.log)) as NonNullable<Encounter['play']>['log'] };
  else delete out.play;
  return out;
}
