import { batch, createMemo, createSignal, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { ExportRequest, FileRef } from '../../src-shared/ipc';
import { RULESETS, type Encounter, type MovementMode } from '../../src-shared/model';
import {
  canRedo as sessionCanRedo,
  canUndo as sessionCanUndo,
  exportLog,
  goTo,
  ledgeOnPath,
  moveRequest,
  newSession,
  PLAY_RULES,
  perform as performAction,
  redo as sessionRedo,
  replay,
  reset as sessionReset,
  savedSession,
  stateAt,
  timeline,
  turnOptions,
  undo as sessionUndo,
  type LogEntry,
  type LogFormat,
  type PlayAction,
  type PlaySession,
  type PlayState,
  type Square,
} from '../../src-shared/play';
import { MoveRefused, planFlightPath, planPath, checkPath, reachableSquares, type MoveAction, type PathAnswer, type Reach, type ReachSquare } from '../../src-shared/rules';
import type { ForcedKind } from '../../src-shared/rules';
import { flankingSquares, flanks, FLANKING_RULE, linesBetween, threatenedSquares, type Flank, type LinesAnswer, type Point } from '../../src-shared/rules/lines';

/**
 * Play mode: a fight played over the planned encounter (src-shared/play: a seed and a log of actions,
 * the board the log replayed). This module holds the session, the board shown (now, or at a log entry
 * the GM clicked), what the GM is drawing (the move's waypoints, the forced movement's squares) and the
 * derived overlays (reach bands, the hovered path). The planned layout is never changed here: the
 * session is stored beside it with one `setPlay` command when the GM leaves Play mode or saves.
 */
export type PlayToolId = 'play-move' | 'play-forced' | 'play-lines';

export interface PlayDeps {
  /** The planned encounter (the document itself, not the board shown). */
  planned: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  notify: (kind: 'error' | 'info', text: string) => void;
  exportText: (request: ExportRequest) => Promise<FileRef | null | undefined>;
  hover: Accessor<Square | null>;
}

/** A reach band: how far the current creature gets with each of the turn's movements. */
export interface ReachBand {
  action: MoveAction;
  label: string;
  reach: Reach;
}

/** One square of the banded reach overlay: the smallest band that ends there (or passes). */
export interface BandSquare extends ReachSquare {
  /** Which of the turn's movements (0 = the first band) reaches it. */
  moveBand: number;
}

/** What the forced movement tool is set to: who does it, the effect, how far; the target is clicked. */
export interface ForcedSettings {
  effect: ForcedKind | 'teleport';
  by: string | null;
  target: string | null;
  squares: number;
  range: number | null;
  /** The effect says the target may leave its level: over a ledge it falls (startroid.txt › Pull, Push and Slide). */
  offLevel?: boolean;
  /** The target drops prone to stop before a hazard (epic-path.txt › Forced Movement). */
  dropProne?: boolean;
}

/** The move the GM is drawing: the hovered plan, or a refusal in words. */
export type MovePlan = { answer: PathAnswer; flight: boolean; provokedBy: { creature: string; name: string; at: Square }[]; target: Square } | null;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function createPlay(deps: PlayDeps) {
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
  const [moveAction, setMoveAction] = createSignal<MoveAction>('move');
  const [moveMode, setMoveMode] = createSignal<MovementMode | null>(null);
  const [waypoints, setWaypoints] = createSignal<Square[]>([]);
  /** A path drawn square by square (a drag): checked as drawn, not planned. */
  const [drawn, setDrawn] = createSignal<Square[] | null>(null);
  const [refusal, setRefusal] = createSignal<{ reason: string; at: Square | null } | null>(null);
  const [fallEntry, setFallEntry] = createSignal<LogEntry | null>(null);
  const [forcedChosen, setForcedChosen] = createSignal<ForcedSettings>({ effect: 'push', by: null, target: null, squares: 1, range: null });
  /**
   * The forced movement's settings as the panel and the map show them: until the GM picks the
   * attacker, it is the creature whose turn it is (a newcomer's push on the kobold's turn was refused
   * for want of an attacker the panel showed as "—"); a new turn goes back to that default.
   */
  const forced = (): ForcedSettings => {
    const f = forcedChosen();
    if (f.by !== null) return f;
    const turn = current()?.current ?? null;
    return turn && turn !== f.target ? { ...f, by: turn } : f;
  };
  /** Sets them; an attacker that is only the default stays a default (it follows the turn). */
  const setForced = (next: ForcedSettings): void => {
    const defaulted = forcedChosen().by === null && next.by === forced().by;
    setForcedChosen(defaulted ? { ...next, by: null } : next);
  };
  const [forcedSquares, setForcedSquaresOnly] = createSignal<Square[]>([]);
  /**
   * The squares the GM clicked for a forced movement; the Squares count follows them (two squares
   * clicked is a movement of two), so the panel never shows one number while the map shows another.
   */
  const setForcedSquares = (squares: Square[]): void => {
    batch(() => {
      setForcedSquaresOnly(squares);
      if (squares.length) setForcedChosen((f) => (f.effect === 'teleport' ? f : { ...f, squares: squares.length }));
    });
  };
  const [showBands, setShowBands] = createSignal(true);
  const [showThreat, setShowThreat] = createSignal(false);
  const [showFlanks, setShowFlanks] = createSignal(false);
  const [linesFrom, setLinesFrom] = createSignal<string | null>(null);
  const [travelOpen, setTravelOpen] = createSignal(false);
  const [linesTo, setLinesTo] = createSignal<{ creature: string } | { square: Square } | null>(null);
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
  /** Every log entry, those undone included (greyed in the log panel: redo brings them back). */
  const allEntries = createMemo<LogEntry[]>(() => {
    const s = session();
    const p = planned();
    const now = current();
    if (!s || !p || !now) return [];
    if (s.cursor === s.log.length) return now.entries;
    return replay(p, s, s.log.length).entries;
  });

  function recompute(next: PlaySession): void {
    const p = planned();
    if (!p) return;
    const state = replay(p, next);
    batch(() => {
      if (state.current !== current()?.current) newTurn();
      setSession(next);
      setCurrent(state);
      clearDrawing();
    });
  }

  /** A new creature's turn: its movement starts as a plain move on foot. */
  function newTurn(): void {
    setMoveAction('move');
    setMoveMode(null);
    setForcedChosen((f) => ({ ...f, by: null }));
  }

  function clearDrawing(): void {
    setWaypoints([]);
    setDrawn(null);
    setForcedSquares([]);
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
      setFallEntry(null);
      setForcedChosen((f) => ({ ...f, by: null, target: null }));
    });
    deps.notify(
      'info',
      s.log.length
        ? `Play mode: ${s.cursor} of ${s.log.length} log entries in effect. F5 returns to Edit.`
        : p.creatures.length
          ? 'Play mode: roll or enter initiative to start. F5 returns to Edit.'
          : 'Play mode: there are no creatures to play yet. F5 returns to Edit, where the Place a creature tool (C) adds them.',
    );
  }

  /** Stores the session beside the planned layout (one undoable `play` step) if it changed. */
  function sync(): void {
    const s = session();
    const p = planned();
    if (!s || !p) return;
    const saved = s.log.length ? { seed: s.seed, cursor: s.cursor, log: JSON.parse(JSON.stringify(s.log)) as NonNullable<Encounter['play']>['log'] } : null;
    if (!sameJson(saved, p.play)) deps.execute({ type: 'setPlay', play: saved });
  }

  /** Whether the session has changes not yet stored in the document. */
  const unsynced = (): boolean => {
    const s = session();
    const p = planned();
    if (!playing() || !s || !p) return false;
    const saved = s.log.length ? { seed: s.seed, cursor: s.cursor, log: s.log } : null;
    return !sameJson(saved, p.play);
  };

  function leave(): void {
    if (!playing()) return;
    stopReplay();
    sync();
    batch(() => {
      setPlaying(false);
      setViewAt(null);
      setFallEntry(null);
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
      setFallEntry(null);
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
      if (r.state.current !== now.current || r.state.round !== now.round) newTurn();
      setSession(r.session);
      setCurrent(r.state);
      setViewAt(null);
      clearDrawing();
      if (r.entry.distribution && (r.entry.dice.length > 0 || r.entry.text.includes('falls'))) setFallEntry(r.entry);
    });
    return r.entry;
  }

  function undo(): void {
    const s = session();
    if (!s || !sessionCanUndo(s)) return;
    stopReplay();
    setViewAt(null);
    recompute(sessionUndo(s));
  }
  function redo(): void {
    const s = session();
    if (!s || !sessionCanRedo(s)) return;
    stopReplay();
    setViewAt(null);
    recompute(sessionRedo(s));
  }
  const canUndo = () => !!session() && sessionCanUndo(session()!);
  const canRedo = () => !!session() && sessionCanRedo(session()!);
  const shortText = (e: LogEntry | undefined) => (e ? (e.text.length > 48 ? `${e.text.slice(0, 46)}…` : e.text) : null);
  const undoLabel = () => (canUndo() ? shortText(current()?.entries[session()!.cursor - 1]) : null);
  const redoLabel = () => (canRedo() ? shortText(allEntries()[session()!.cursor]) : null);

  /** Makes the log's cursor this entry (after it): the moves after it can be redone. */
  function goToEntry(index: number): void {
    const s = session();
    if (!s) return;
    stopReplay();
    setViewAt(null);
    recompute(goTo(s, index + 1));
  }

  /** Shows the board at one entry without changing the log (click in the log). */
  function showEntry(index: number | null): void {
    stopReplay();
    setViewAt(index);
  }

  /** Back to the planned layout, the log emptied (the seed stays): one undo brings nothing back, so ask. */
  function resetPlay(): void {
    const s = session();
    if (!s) return;
    stopReplay();
    setViewAt(null);
    recompute(sessionReset(s));
  }

  /** Sets the seed: only before anything is rolled, so the log stays reproducible. */
  function setSeed(seed: number): boolean {
    const s = session();
    if (!s || !Number.isInteger(seed)) return false;
    if (s.log.length) {
      deps.notify('error', 'The seed can be changed only before the first action (Reset play first).');
      return false;
    }
    recompute({ ...s, seed });
    return true;
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

  // ── Moving ────────────────────────────────────────────────────────────────────────────────────

  const board = () => shown()?.board ?? null;
  const currentCreature = () => {
    const s = state();
    return s?.current ? (s.board.creatures.find((c) => c.id === s.current) ?? null) : null;
  };
  /** The turn's movement options (the model's), for the panel. */
  const options = createMemo(() => (state() && viewAt() === null ? turnOptions(state()!) : []));
  const canFly = () => (currentCreature()?.speed.fly ?? 0) > 0;

  function requestFor(action: MoveAction) {
    const s = state()!;
    const mode = moveMode();
    return moveRequest(s, action, mode ? { mode } : {});
  }

  /**
   * The current creature's reach, in bands: the chosen action first, then the turn's bigger moves
   * (move / double / run) the turn still allows. Only while the board shown is the board now.
   */
  const bands = createMemo<{ bands: ReachBand[]; refused: string | null }>(() => {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null || playTool() !== 'play-move') return { bands: [], refused: null };
    const allowed = new Map(options().map((o) => [o.action, o]));
    const chosen = moveAction();
    // The chosen movement, and the turn's move / double move / run beside it (nested bands).
    const wanted: MoveAction[] = [...new Set<MoveAction>([chosen, ...(showBands() ? (['move', 'double', 'run'] as MoveAction[]) : [])])];
    const out: ReachBand[] = [];
    let refused: string | null = null;
    for (const action of wanted) {
      const o = allowed.get(action);
      if (!o) continue;
      if (!o.allowed) {
        if (action === chosen) refused = o.why;
        continue;
      }
      try {
        out.push({ action, label: o.label, reach: reachableSquares(s.board, c.id, requestFor(action)) });
      } catch (e) {
        if (action === chosen) refused = (e as Error).message;
      }
    }
    out.sort((p, q) => p.reach.budget - q.reach.budget);
    return { bands: out, refused };
  });

  /**
   * One entry per square: the first band that reaches it (ending allowed beats passing). The chance
   * (dice movement) is the chosen action's, so the shading says how likely the move the GM is about
   * to make gets there.
   */
  const bandSquares = createMemo<BandSquare[]>(() => {
    const b = bands().bands;
    const W = board()?.map.width ?? 0;
    const byXY = new Map<number, BandSquare>();
    b.forEach((band, k) => {
      for (const q of band.reach.squares) {
        const key = q.y * W + q.x;
        const known = byXY.get(key);
        if (!known || (q.end && !known.end) || (q.end === known.end && k === known.moveBand && q.cost < known.cost)) byXY.set(key, { ...q, moveBand: k });
      }
    });
    const chosen = b.find((band) => band.action === moveAction());
    const chance = new Map<number, number>();
    for (const q of chosen?.reach.squares ?? []) if (q.p !== undefined && q.end) chance.set(q.y * W + q.x, Math.max(chance.get(q.y * W + q.x) ?? 0, q.p));
    return [...byXY.entries()].map(([key, q]) => {
      const { p: _drop, ...rest } = q;
      const p = chance.get(key);
      return p === undefined ? rest : { ...rest, p };
    });
  });

  /** The cheapest path through `via` to `target` for the current creature (flight: to the reach's cube). */
  function planTo(target: Square, via: Square[]): MovePlan {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null) return null;
    const action = moveAction();
    const opt = options().find((o) => o.action === action);
    if (!opt || !opt.allowed) return null;
    if (target.x === c.x && target.y === c.y && via.length === 0) return null;
    const request = requestFor(action);
    const name = (id: string) => s.board.creatures.find((k) => k.id === id)?.name ?? id;
    const provoked = (a: PathAnswer) => a.provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } }));
    try {
      if (moveMode() === 'fly') {
        const square = bandSquares().find((q) => q.x === target.x && q.y === target.y && q.moveBand === 0);
        if (!square || square.z === undefined) return null;
        const flight = planFlightPath(s.board, c.id, { x: target.x, y: target.y, z: square.z }, request);
        const answer: PathAnswer = { legal: flight.legal, reason: flight.reason, breaksAt: flight.breaksAt, total: flight.total, unit: bands().bands[0]?.reach.unit ?? 'ft', steps: flight.steps, provokes: [], stopsAt: null };
        return { answer, flight: true, provokedBy: [], target };
      }
      const answer = planPath(s.board, c.id, target, request, via);
      return { answer, flight: false, provokedBy: provoked(answer), target };
    } catch (e) {
      if (e instanceof MoveRefused) return { answer: { legal: false, reason: e.message, breaksAt: 0, total: 0, unit: 'ft', steps: [], provokes: [], stopsAt: null }, flight: false, provokedBy: [], target };
      return null;
    }
  }

  /** The path the GM is drawing now: the drag's squares as drawn, or the planned path through the waypoints to the hover. */
  const plan = createMemo<MovePlan>(() => {
    const s = state();
    const c = currentCreature();
    if (!playing() || !s || !c || viewAt() !== null || playTool() !== 'play-move') return null;
    const d = drawn();
    if (d && d.length) {
      const opt = options().find((o) => o.action === moveAction());
      if (!opt || !opt.allowed) return null;
      const name = (id: string) => s.board.creatures.find((k) => k.id === id)?.name ?? id;
      try {
        const request = requestFor(moveAction());
        const answer = checkPath(s.board, c.id, d, request);
        // The engine's check does not say a drawn path ends in a fall; the model's own test does
        // (the same one `perform` uses), so a drag shows the fall the hover shows.
        const ledge = ledgeOnPath(s.board, c, d, request);
        if (ledge && ledge.index === d.length - 1) answer.fall = ledge.height;
        return { answer, flight: false, provokedBy: answer.provokes.map((p) => ({ creature: p.by, name: name(p.by), at: { x: p.x, y: p.y } })), target: d[d.length - 1]! };
      } catch (e) {
        return { answer: { legal: false, reason: (e as Error).message, breaksAt: 0, total: 0, unit: 'ft', steps: [], provokes: [], stopsAt: null }, flight: false, provokedBy: [], target: d[d.length - 1]! };
      }
    }
    const via = waypoints();
    const target = deps.hover() ?? via[via.length - 1];
    if (!target) return null;
    // Pointing at the last waypoint (or off the map) plans to it through the ones before.
    const last = via[via.length - 1];
    return planTo(target, last && last.x === target.x && last.y === target.y ? via.slice(0, -1) : via);
  });

  /**
   * Commits the move the panel shows (`plan`): the drawn path, or the planned path through the
   * waypoints to the hover (to the last waypoint when the pointer is off the map). Refused (with where
   * and why) when it is not legal — Enter once charged to the waypoint while the panel said "Not allowed".
   */
  function commitMove(): LogEntry | null {
    const c = currentCreature();
    const p = plan();
    if (!c) return null;
    if (!p) {
      const why = options().find((o) => o.action === moveAction())?.why;
      const reason = why || 'Point at a square to move to (click adds a waypoint, double-click or Enter moves).';
      setRefusal({ reason, at: null });
      return null;
    }
    if (!p.answer.legal || p.answer.steps.length === 0) {
      const at = p.answer.steps[Math.max(0, p.answer.breaksAt)] ?? null;
      const reason = `${c.name} cannot take that path: ${p.answer.reason || 'no squares to go to'}${at ? ` (at ${at.x},${at.y})` : ''}.`;
      setRefusal({ reason, at: at ? { x: at.x, y: at.y } : null });
      return null;
    }
    const path = p.answer.steps.map((st) => (p.flight ? { x: st.x, y: st.y, z: (st as unknown as { z: number }).z } : { x: st.x, y: st.y }));
    const mode = moveMode();
    return act({ kind: 'move', creature: c.id, action: moveAction(), path, ...(mode ? { mode } : {}) });
  }

  // ── Lines, threat, flanking (src-shared/rules/lines.ts) ───────────────────────────────────────

  const hostileTo = (a: { side: string }, b: { side: string }) => (a.side === 'party' && b.side === 'enemy') || (a.side === 'enemy' && b.side === 'party');

  /** Every enemy's threatened squares (enemies of the current creature; before initiative, the enemy side's). */
  const threat = createMemo<{ squares: Point[]; by: string[]; note: string | null }>(() => {
    const b = board();
    if (!playing() || !showThreat() || !b) return { squares: [], by: [], note: null };
    const me = b.creatures.find((c) => c.id === shown()?.current);
    const enemies = b.creatures.filter((c) => (me ? hostileTo(c, me) : c.side === 'enemy'));
    const seen = new Set<string>();
    const squares: Point[] = [];
    let threatens = false;
    for (const e of enemies) {
      const answer = threatenedSquares(b, e.id);
      if (answer.range !== null) threatens = true;
      for (const q of answer.squares) {
        const key = `${q.x},${q.y}`;
        if (!seen.has(key)) {
          seen.add(key);
          squares.push(q);
        }
      }
    }
    // Nothing to draw because the ruleset threatens nothing: say so, with the text's reason.
    const note = enemies.length && !threatens ? (PLAY_RULES[b.ruleset].noThreat ?? `${RULESETS[b.ruleset].text} gives no threatened squares.`) : null;
    return { squares, by: enemies.map((e) => e.name), note };
  });

  /**
   * Flanking for the current creature: the flanks already made on each of its enemies (lines), and the
   * squares where it would flank an enemy together with an ally. Empty, with the reason, where the
   * ruleset has no flanking.
   */
  const flanking = createMemo<{ rule: string | null; note: string; lines: Flank[]; squares: Point[] }>(() => {
    const b = board();
    const me = b?.creatures.find((c) => c.id === shown()?.current);
    if (!playing() || !showFlanks() || !b) return { rule: null, note: '', lines: [], squares: [] };
    const rule = FLANKING_RULE[b.ruleset] ?? null;
    if (!rule) return { rule, note: `${RULESETS[b.ruleset].text} has no flanking in its movement chapter.`, lines: [], squares: [] };
    if (!me) return { rule, note: 'Roll initiative: flanking is shown for the creature whose turn it is.', lines: [], squares: [] };
    const lines: Flank[] = [];
    const seen = new Set<string>();
    const squares: Point[] = [];
    for (const target of b.creatures.filter((c) => hostileTo(c, me))) {
      lines.push(...flanks(b, target.id).flanks);
      for (const ally of b.creatures.filter((c) => c.id !== me.id && c.side === me.side)) {
        for (const q of flankingSquares(b, target.id, ally.id)) {
          const key = `${q.x},${q.y}`;
          if (!seen.has(key)) {
            seen.add(key);
            squares.push(q);
          }
        }
      }
    }
    return { rule, note: `Squares where ${me.name} would flank an enemy with an ally, and the flanks made now (${rule}).`, lines, squares };
  });

  /** Lines between the two things picked with the lines tool, as the ruleset defines them. */
  const lines = createMemo<{ answer: LinesAnswer } | { refused: string } | null>(() => {
    const b = board();
    const from = linesFrom();
    const to = linesTo();
    if (!playing() || !b || !from || !to) return null;
    try {
      return { answer: linesBetween(b, from, to) };
    } catch (e) {
      return { refused: (e as Error).message };
    }
  });

  /**
   * Forced movement along the squares clicked (push and pull choose their own when none are), or a
   * teleport to `to`. The model refuses a square with the rule's reason.
   */
  function commitForced(to?: Square): LogEntry | null {
    const f = forced();
    if (!f.target) {
      setRefusal({ reason: 'Click the creature to move first.', at: null });
      return null;
    }
    let e: LogEntry | null;
    if (f.effect === 'teleport') {
      if (!to) return null;
      e = act({ kind: 'teleport', creature: f.target, to: { x: to.x, y: to.y }, ...(f.range ? { range: f.range } : {}) });
    } else {
      if (!f.by) {
        const reason = 'Pick who pushes, pulls or slides (the attacker) first.';
        setRefusal({ reason, at: null });
        return null;
      }
      const squares = forcedSquares();
      if (squares.length > f.squares) {
        // Never do less than the GM drew without saying so: the effect's distance decides.
        const reason = `The ${f.effect} moves it ${f.squares} square${f.squares === 1 ? '' : 's'}, but ${squares.length} squares are picked: raise Squares or pick fewer.`;
        setRefusal({ reason, at: squares[f.squares] ?? null });
        return null;
      }
      e = act({ kind: 'forced', effect: f.effect, target: f.target, by: f.by, squares: f.squares, ...(squares.length ? { to: squares } : {}), ...(f.offLevel ? { threeDimensional: true } : {}), ...(f.dropProne ? { dropProne: true } : {}) });
    }
    if (e) setForced({ ...f, target: null });
    return e;
  }

  function addWaypoint(q: Square): void {
    setDrawn(null);
    setRefusal(null);
    setWaypoints((w) => [...w, { x: q.x, y: q.y }]);
  }

  return {
    playing,
    enterPlay: enter,
    leavePlay: leave,
    togglePlay: toggle,
    closePlay: close,
    syncPlay: sync,
    playUnsynced: unsynced,
    playSession: session,
    playState: state,
    playShown: shown,
    playBoard: board,
    playEntries: allEntries,
    playViewAt: viewAt,
    showPlayEntry: showEntry,
    goToPlayEntry: goToEntry,
    playAct: act,
    playUndo: undo,
    playRedo: redo,
    playCanUndo: canUndo,
    playCanRedo: canRedo,
    playUndoLabel: undoLabel,
    playRedoLabel: redoLabel,
    resetPlay,
    setPlaySeed: setSeed,
    replayPlay: startReplay,
    stopReplay,
    replaying,
    exportPlayLog,
    playTool,
    setPlayTool,
    moveAction,
    setMoveAction,
    moveMode,
    setMoveMode,
    canFly,
    turnOptions: options,
    currentCreature,
    reachBands: bands,
    bandSquares,
    showBands,
    setShowBands,
    movePlan: plan,
    waypoints,
    addWaypoint,
    setWaypoints,
    drawnPath: drawn,
    setDrawnPath: setDrawn,
    commitMove,
    commitForced,
    playRefusal: refusal,
    setPlayRefusal: setRefusal,
    clearPlayDrawing: clearDrawing,
    fallEntry,
    setFallEntry,
    forced,
    setForced,
    forcedSquares,
    setForcedSquares,
    showThreat,
    setShowThreat,
    showFlanks,
    setShowFlanks,
    travelOpen,
    setTravelOpen,
    threat,
    flanking,
    lines,
    linesFrom,
    setLinesFrom,
    linesTo,
    setLinesTo,
  };
}

export type Play = ReturnType<typeof createPlay>;
