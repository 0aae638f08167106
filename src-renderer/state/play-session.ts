import { batch, createMemo, createSignal, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { Encounter } from '../../src-shared/model';
import { newSession, perform as performAction, replay, savedPlay, savedSession, stateAt, timeline, type LogEntry, type PlayAction, type PlaySession, type PlayState, type Square } from '../../src-shared/play';

/** Which Play tool is in use (the palette in Play mode; the panel shows its controls first). */
export type PlayToolId = 'play-move' | 'play-forced' | 'play-lines' | 'play-area' | 'play-ruler';

/** What the other Play modules reset when the session moves on (wired in state/play.ts). */
export interface PlaySessionHooks {
  /** A new creature's turn: its movement and the forced movement's attacker go back to their defaults. */
  newTurn(): void;
  /** What the GM was drawing (waypoints, a drawn path, forced squares) is dropped. */
  clearDrawing(): void;
  /** Play mode was entered. */
  started(): void;
  /** Play mode was left or closed. */
  stopped(): void;
  /** An action went into the log. */
  acted(entry: LogEntry): void;
}

export interface PlaySessionDeps {
  /** The planned encounter (the document itself, not the board shown). */
  planned: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  notify: (kind: 'error' | 'info', text: string) => void;
}

/**
 * JSON with every Map and Set written out as its entries (sorted by key): plain `JSON.stringify`
 * writes a Map as `{}`, so two play states with different hit points or conditions would compare equal.
 */
function mapAwareJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (v instanceof Map) return { map: [...v.entries()].sort(([p], [q]) => (String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0)) };
    if (v instanceof Set) return { set: [...v].sort() };
    return v;
  });
}

/** Whether two values (a session, a play state) are the same, Maps and Sets compared by their contents. */
export const sameJson = (a: unknown, b: unknown) => mapAwareJson(a) === mapAwareJson(b);

/** At most this many entries are named in the notice (a notice is cut at 240 characters); the rest are counted. */
const NAMED_AT_MOST = 3;

/**
 * The notice for entries that no longer replay (the map or the creatures were edited since they were
 * played, or a hand-edited file), named by their number in the log and what they were — the log says
 * why beside each: "Play mode: 2 of 9 log entries no longer apply after the encounter changed: entry
 * 2 (Wyvern: move), entry 9 (resolve)." Null when every entry in effect replays.
 */
export function notReplayedNotice(entries: readonly LogEntry[], log: readonly PlayAction[], inEffect: number, nameOf: (id: string) => string): string | null {
  const gone = entries.filter((e) => e.index < inEffect && e.refused !== undefined);
  if (!gone.length) return null;
  const what = (e: LogEntry) => {
    const creature = (log[e.index] as { creature?: unknown } | undefined)?.creature;
    return typeof creature === 'string' ? `${nameOf(creature)}: ${e.kind}` : e.kind;
  };
  const named = gone.slice(0, NAMED_AT_MOST).map((e) => `entry ${e.index + 1} (${what(e)})`);
  const more = gone.length > NAMED_AT_MOST ? ` and ${gone.length - NAMED_AT_MOST} more` : '';
  return `Play mode: ${gone.length} of ${inEffect} log ${inEffect === 1 ? 'entry' : 'entries'} no longer ${gone.length === 1 ? 'applies' : 'apply'} after the encounter changed: ${named.join(', ')}${more} (the log says why).`;
}

/**
 * The Play session and its turns: entering and leaving Play mode, the state now (after the log's
 * cursor), the board shown (now, at a log entry the GM clicked, or during a replay), one action at a
 * time into the log, and the refusal the last action or drawing met. The planned layout is never
 * changed here: the session is stored beside it with one `setPlay` command.
 */
export function createPlaySession(deps: PlaySessionDeps, hooks: PlaySessionHooks) {
  const [playing, setPlaying] = createSignal(false);
  const [session, setSession] = createSignal<PlaySession | null>(null);
  // The state after the cursor, kept from `perform` so a new action does not replay the whole log.
  const [current, setCurrent] = createSignal<PlayState | null>(null);
  /** Log entry whose moment the board shows (clicked in the log, or a replay running), or null: now. */
  const [viewAt, setViewAt] = createSignal<number | null>(null);
  const [replaying, setReplaying] = createSignal(false);
  /** While a replay runs: the board after each log entry, worked out once (`timeline`). */
  const [frames, setFrames] = createSignal<PlayState[] | null>(null);
  const [playTool, setPlayTool] = createSignal<PlayToolId>('play-move');
  const [refusal, setRefusal] = createSignal<{ reason: string; at: Square | null } | null>(null);
  let replayTimer: ReturnType<typeof setTimeout> | null = null;

  const planned = deps.planned;

  /** The state now (after the cursor). */
  const state = (): PlayState | null => current();
  /** The state the board shows: now, or at the clicked entry. */
  const shown = createMemo<PlayState | null>(() => {
    const s = session();
    const p = planned();
    const now = current();
    const at = viewAt();
    if (!playing() || !s || !p || !now) return null;
    if (at === null) return now;
    const f = frames();
    if (f?.[at + 1]) return f[at + 1]!;
    return at < 0 ? replay(p, s, 0) : stateAt(p, s, at);
  });
  const board = () => shown()?.board ?? null;
  /** Every log entry, those undone included (greyed in the log panel: redo brings them back). */
  const allEntries = createMemo<LogEntry[]>(() => {
    const s = session();
    const p = planned();
    const now = current();
    if (!s || !p || !now) return [];
    if (s.cursor === s.log.length) return now.entries;
    return replay(p, s, s.log.length).entries;
  });
  const currentCreature = () => {
    const s = state();
    return s?.current ? (s.board.creatures.find((c) => c.id === s.current) ?? null) : null;
  };

  /** Makes `next` the session, its state replayed from the planned layout. */
  function recompute(next: PlaySession): void {
    const p = planned();
    if (!p) return;
    const state = replay(p, next);
    batch(() => {
      if (state.current !== current()?.current) hooks.newTurn();
      setSession(next);
      setCurrent(state);
      clearDrawing();
    });
  }

  function clearDrawing(): void {
    hooks.clearDrawing();
    setRefusal(null);
  }

  function stopReplay(): void {
    if (replayTimer) clearTimeout(replayTimer);
    replayTimer = null;
    setReplaying(false);
    setFrames(null);
  }

  /** Enters Play mode: the saved session where it was left, or a new one over the planned layout. */
  function enter(): void {
    const p = planned();
    if (!p || playing()) return;
    let s = savedSession(p);
    if (!s) s = newSession(Math.floor(Math.random() * 0x7fffffff));
    batch(() => {
      setViewAt(null);
      setPlaying(true);
      recompute(s);
      hooks.started();
    });
    const gone = notReplayedNotice(current()?.entries ?? [], s.log, s.cursor, (id) => p.creatures.find((c) => c.id === id)?.name ?? id);
    if (gone) {
      deps.notify('error', `${gone} F5 returns to Edit.`);
      return;
    }
    deps.notify(
      'info',
      s.log.length
        ? `Play mode: ${s.cursor} of ${s.log.length} log entries in effect. F5 returns to Edit.`
        : p.creatures.length
          ? 'Play mode: roll or enter initiative to start. F5 returns to Edit.'
          : 'Play mode: there are no creatures to play yet. F5 returns to Edit, where the Place a creature tool (C) adds them.',
    );
  }

  /** The played fight the GM was last told an edit may change (its seed and length), so it is said once. */
  let warnedOf: string | null = null;
  /**
   * An edit was made in Edit mode: the first one while the encounter holds a played fight says that the
   * fight replays over the edited layout and may go differently (once per fight, until more is played).
   */
  function edited(): void {
    const played = planned()?.play;
    if (playing() || !played?.log.length) return;
    const key = `${played.seed}/${played.log.length}/${played.cursor}`;
    if (warnedOf === key) return;
    warnedOf = key;
    deps.notify(
      'info',
      `This encounter has a played fight (${played.log.length} log ${played.log.length === 1 ? 'entry' : 'entries'}): it replays over the map as you edit it, so a change may change how it goes. Play mode (F5) names any entry that no longer applies; Undo takes the change back.`,
    );
  }

  /** Stores the session beside the planned layout (one undoable `play` step) if it changed. */
  function sync(): void {
    const s = session();
    const p = planned();
    if (!s || !p) return;
    const saved = savedPlay(s);
    if (!sameJson(saved, p.play)) deps.execute({ type: 'setPlay', play: saved });
  }

  /** Whether the session has changes not yet stored in the document. */
  const unsynced = (): boolean => {
    const s = session();
    const p = planned();
    if (!playing() || !s || !p) return false;
    return !sameJson(savedPlay(s), p.play);
  };

  function leave(): void {
    if (!playing()) return;
    stopReplay();
    sync();
    batch(() => {
      setPlaying(false);
      setViewAt(null);
      hooks.stopped();
      clearDrawing();
    });
  }

  /** Another document was opened: Play mode ends without storing anything in the new one. */
  function close(): void {
    stopReplay();
    batch(() => {
      setPlaying(false);
      setSession(null);
      setCurrent(null);
      setViewAt(null);
      hooks.stopped();
      clearDrawing();
    });
  }

  const toggle = () => (playing() ? leave() : enter());

  /** Does one action; refused actions say why (and where) and change nothing. */
  function act(action: PlayAction): LogEntry | null {
    const p = planned();
    const s = session();
    const now = current();
    if (!p || !s || !now) return null;
    stopReplay();
    const r = performAction(p, s, action, now);
    if (!r.ok) {
      // Shown at the top of the play panel and on the map (no notice: it would cover the panel).
      setRefusal({ reason: r.reason, at: r.at });
      return null;
    }
    batch(() => {
      if (r.state.current !== now.current || r.state.round !== now.round) hooks.newTurn();
      setSession(r.session);
      setCurrent(r.state);
      setViewAt(null);
      clearDrawing();
      hooks.acted(r.entry);
    });
    return r.entry;
  }

  /** Shows the board at one entry without changing the log (click in the log). */
  function showEntry(index: number | null): void {
    stopReplay();
    setViewAt(index);
  }

  /**
   * Replay: the whole fight from the planned layout with the same seed, one entry at a time, ending on
   * the state now; the final board is checked against the state kept during play.
   */
  function startReplay(stepMs = 450): void {
    const s = session();
    const p = planned();
    const now = current();
    if (!s || !p || !now) return;
    stopReplay();
    const end = s.cursor;
    const all = timeline(p, s);
    setFrames(all);
    setReplaying(true);
    let i = -1;
    const step = () => {
      setViewAt(i);
      if (i >= end - 1) {
        replayTimer = null;
        const same = sameJson(all[end], now);
        batch(() => {
          setReplaying(false);
          setViewAt(null);
          setFrames(null);
        });
        deps.notify(same ? 'info' : 'error', same ? `Replay: ${end} ${end === 1 ? 'entry' : 'entries'} from the planned layout with seed ${s.seed} ${end === 1 ? 'ends' : 'end'} in the same state.` : 'Replay ended in a different state: please report this with the encounter file.');
        return;
      }
      i += 1;
      replayTimer = setTimeout(step, stepMs);
    };
    step();
  }

  return {
    playing,
    session,
    current,
    state,
    shown,
    board,
    allEntries,
    currentCreature,
    viewAt,
    setViewAt,
    replaying,
    playTool,
    setPlayTool,
    refusal,
    setRefusal,
    recompute,
    clearDrawing,
    stopReplay,
    enter,
    sync,
    unsynced,
    leave,
    close,
    edited,
    toggle,
    act,
    showEntry,
    startReplay,
  };
}

export type PlaySessionState = ReturnType<typeof createPlaySession>;
