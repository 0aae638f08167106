import { createMemo, createSignal, untrack, type Accessor } from 'solid-js';
import type { Encounter } from '../../src-shared/model';
import { releaseMovementMemory, type MoveRequest, type PathAnswer, type ReachSquare } from '../../src-shared/rules';
import { answerMovement, reachOnMapOf, type MovementAnswer, type MovementJob, type ReachResult } from './movement-answers';
import { engineWorker, existingEngineWorker } from './engine-worker';
import { footprintOf } from '../../src-shared/rules/sizes';
import type { Square } from './selection';

/**
 * Maps with at least this many squares work out movement in a Web Worker: a reach there can take
 * tens of milliseconds (a running Gargantuan creature on 512 × 512), too long for a click to
 * block. Smaller maps answer at once on the main thread, where a worker's round trip costs more.
 */
export const WORKER_MIN_SQUARES = 128 * 128;

/**
 * A main-thread answer that took longer than this sends the rest of this document's questions to
 * the worker (a creature with an enormous speed, a slow machine).
 */
export const SLOW_HERE_MS = 25;
/** Reach answers kept per document version (clicking back to a creature shows its reach at once). */
const KEPT_ANSWERS = 32;

/** How long after the selection ends the search's buffers are given back. */
export const RELEASE_AFTER_MS = 1500;

/** Runs one job at a time; a job asked for meanwhile replaces any other still waiting. */
function latestOnly(): (run: () => Promise<void>) => void {
  let busy = false;
  let waiting: (() => Promise<void>) | null = null;
  const ask = (run: () => Promise<void>): void => {
    if (busy) {
      waiting = run;
      return;
    }
    busy = true;
    void run().finally(() => {
      busy = false;
      const next = waiting;
      waiting = null;
      if (next) ask(next);
    });
  };
  return ask;
}

const sameRequest = (a: MoveRequest, b: MoveRequest) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Movement shown on the map for the selected creature: the chosen action, where it can go (the
 * reach) and the cheapest path to the hovered square. Derived from the document, the selection and
 * the hover; nothing here edits the document. On big maps the engine runs in a worker and the
 * answer arrives a moment later (`movementPending` meanwhile); when nothing is selected any more
 * the search's memory is released.
 */
export function createMovement(
  doc: Accessor<Encounter | null>,
  selectedCreature: Accessor<string | null>,
  hover: Accessor<Square | null>,
  options: { workerMinSquares?: number } = {},
) {
  const minSquares = options.workerMinSquares ?? WORKER_MIN_SQUARES;
  /**
   * The action and mode chosen in the panel, and for which creature. A mode belongs to the creature
   * it was chosen for: selecting another creature (or opening another encounter) keeps the action
   * but goes back to the default mode, so a fly mode never sticks to a creature that cannot fly.
   */
  const [chosen, setChosen] = createSignal<{ creature: string | null; request: MoveRequest }>({ creature: null, request: { action: 'move' } });
  const moveRequest = (): MoveRequest => {
    const { creature, request } = chosen();
    const id = selectedCreature();
    if (request.mode === undefined || creature === id) return request;
    const { mode: _stale, ...rest } = request;
    return rest;
  };
  function setMoveRequest(request: MoveRequest): void {
    setChosen({ creature: selectedCreature(), request });
  }
  /** A new document: back to a plain move in the default mode. */
  function resetMoveRequest(): void {
    setChosen({ creature: null, request: { action: 'move' } });
    slowHere = false;
  }

  const inWorker = (d: Encounter) => d.map.width * d.map.height >= minSquares && engineWorker() !== null;
  /** The worker's answer, or the main thread's where the worker failed meanwhile. */
  const inWorkerOrHere = (d: Encounter, job: MovementJob): Promise<MovementAnswer> => {
    const worker = engineWorker();
    return worker ? worker.run(d, job).catch(() => answerMovement(d, job)) : Promise.resolve(answerMovement(d, job));
  };
  /**
   * Reaches already worked out for this document version, by creature and request; bumped
   * (`answered`) when the worker adds one. Given back with the search's buffers.
   */
  let answers: { doc: Encounter | null; byKey: Map<string, ReachResult> } = { doc: null, byKey: new Map() };
  const [answered, setAnswered] = createSignal(0);
  const answerKey = (id: string, request: MoveRequest) => `${id}\u0000${JSON.stringify(request)}`;
  function keepAnswer(d: Encounter, key: string, value: ReachResult): void {
    if (answers.doc !== d) answers = { doc: d, byKey: new Map() };
    answers.byKey.set(key, value);
    if (answers.byKey.size > KEPT_ANSWERS) answers.byKey.delete(answers.byKey.keys().next().value!);
  }
  /**
   * A creature of one square moving on the ground (not flying, not phasing) has a small search: on
   * a big map it is answered here, in the click's own task, so its overlay comes with the first
   * frame instead of after a round trip to the worker (which the window's own work after a click
   * delays further). Big creatures and flight go to the worker. Off once an answer here was slow.
   */
  let slowHere = false;
  const smallSearch = (d: Encounter, id: string, request: MoveRequest): boolean => {
    if (slowHere || request.phasing || request.mode === 'fly') return false;
    const c = d.creatures.find((k) => k.id === id);
    if (!c || (request.mode === undefined && c.speed.fly !== undefined)) return false;
    return footprintOf(d.ruleset, c.size).side === 1;
  };
  const answerHere = (d: Encounter, id: string, request: MoveRequest): ReachResult => {
    const started = performance.now();
    const value = (answerMovement(d, { kind: 'reach', creature: id, request }) as { value: ReachResult }).value;
    if (performance.now() - started > SLOW_HERE_MS) slowHere = true;
    return value;
  };
  const [pathAnswer, setPathAnswer] = createSignal<{ doc: Encounter; id: string; request: MoveRequest; to: Square; value: PathAnswer | null } | null>(null);
  const [pending, setPending] = createSignal(false);
  let released = true;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * One reach and one hover path in the worker at a time: while one is worked out only the latest
   * question waits (clicking quickly through creatures, or sweeping the mouse over the map, must not
   * queue an answer for every creature or square on the way).
   */
  const askReach = latestOnly();
  const askPath = latestOnly();

  /** Where the selected creature can go with the chosen action, or why it cannot. */
  const reach = createMemo<ReachResult | null>(() => {
    const d = doc();
    const id = selectedCreature();
    const request = moveRequest();
    if (!d || !id || !d.creatures.some((c) => c.id === id)) {
      // Nothing shown: give back what the search holds (a big search keeps whole-map buffers).
      if (!released) {
        released = true;
        untrack(() => setPending(false));
        // A moment later, unless another creature is picked meanwhile (clicking from one creature
        // to the next should not reallocate the buffers every time).
        clearTimeout(releaseTimer);
        releaseTimer = setTimeout(() => {
          if (!released) return;
          answers = { doc: null, byKey: new Map() };
          releaseMovementMemory();
          existingEngineWorker()?.release();
        }, RELEASE_AFTER_MS);
      }
      return null;
    }
    released = false;
    clearTimeout(releaseTimer);
    if (!inWorker(d)) return (answerMovement(d, { kind: 'reach', creature: id, request }) as { value: ReachResult }).value;
    answered();
    const key = answerKey(id, request);
    const known = answers.doc === d ? answers.byKey.get(key) : undefined;
    if (known) {
      untrack(() => setPending(false));
      return known;
    }
    if (smallSearch(d, id, request)) {
      const value = answerHere(d, id, request);
      keepAnswer(d, key, value);
      untrack(() => setPending(false));
      return value;
    }
    untrack(() => setPending(true));
    askReach(() =>
      inWorkerOrHere(d, { kind: 'reach', creature: id, request }).then((a) => {
        if (a.kind !== 'reach') return;
        // Kept for this document version; shown if it is still the question (else on a click back).
        keepAnswer(d, key, a.value);
        setAnswered((n) => n + 1);
      }),
    );
    return null;
  });

  /**
   * The reach as the map shows it: one entry per square (flight answers one per height: the
   * cheapest place to end is kept). Worked out once per reach, not on every redraw.
   */
  const reachOnMap = createMemo<ReachSquare[]>(() => reachOnMapOf(reach(), doc()?.map.width ?? 0));
  const reachByKey = createMemo(() => {
    const W = doc()?.map.width ?? 0;
    return new Map(reachOnMap().map((q) => [q.y * W + q.x, q]));
  });

  /** The cheapest path to the square under the cursor, while a creature's movement is shown. */
  const hoverPath = createMemo<PathAnswer | null>(() => {
    const r = reach();
    const q = hover();
    const d = doc();
    const id = selectedCreature();
    if (!r || !('reach' in r) || !q || !d || !id) return null;
    const creature = d.creatures.find((c) => c.id === id);
    if (!creature || (creature.x === q.x && creature.y === q.y)) return null;
    const onMap = reachByKey().get(q.y * d.map.width + q.x);
    if (!onMap) return null;
    const request = moveRequest();
    const job: MovementJob = { kind: 'path', creature: id, request, to: { x: q.x, y: q.y, ...(onMap.z !== undefined ? { z: onMap.z } : {}) }, unit: r.reach.unit };
    if (!inWorker(d) || smallSearch(d, id, request)) return (answerMovement(d, job) as { value: PathAnswer | null }).value;
    const known = pathAnswer();
    if (known && known.doc === d && known.id === id && known.to.x === q.x && known.to.y === q.y && sameRequest(known.request, request)) return known.value;
    askPath(() =>
      inWorkerOrHere(d, job).then((a) => {
        if (a.kind === 'path') setPathAnswer({ doc: d, id, request, to: q, value: a.value });
      }),
    );
    return null;
  });

  /**
   * A big map was opened: once it is drawn, give the worker a first small search (its answer
   * unused; the worker already holds a document it read, else it gets it now), so the first click
   * on a creature does not also pay for copying the map and for the engine's first, unoptimised
   * run; and the same here, a moment later, for the searches answered on the main thread.
   */
  function warmUp(d: Encounter): void {
    if (!inWorker(d) || !d.creatures.length) return;
    setTimeout(() => {
      if (doc() === d) void inWorkerOrHere(d, { kind: 'reach', creature: d.creatures[0]!.id, request: { action: 'move' } });
    }, 300);
    const small = d.creatures.find((c) => smallSearch(d, c.id, { action: 'move' }));
    if (small) {
      setTimeout(() => {
        if (doc() === d && !selectedCreature()) answerMovement(d, { kind: 'reach', creature: small.id, request: { action: 'move' } });
      }, 600);
    }
  }

  return { moveRequest, setMoveRequest, resetMoveRequest, warmUpMovement: warmUp, reach, reachOnMap, hoverPath, movementPending: pending };
}

export type Movement = ReturnType<typeof createMovement>;
