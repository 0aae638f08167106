import { createEffect, createMemo, createSignal, untrack, type Accessor } from 'solid-js';
import type { Encounter } from '../../src-shared/model';
import { RULESET_IMPLEMENTATIONS, releaseMovementMemory, type MoveRequest, type PathAnswer, type ReachSquare } from '../../src-shared/rules';
import { answerMovement, reachOnMapOf, WORKER_MIN_SQUARES, type MovementAnswer, type MovementJob, type ReachResult } from './movement-answers';
import { engineWorker, existingEngineWorker } from './engine-worker';
import { footprintOf } from '../../src-shared/rules/sizes';
import type { Square } from './selection';

export { WORKER_MIN_SQUARES } from './movement-answers';

/**
 * A one-square creature whose move spends at most this much (its search reaches no further than
 * this many squares) is answered on the main thread even on a big map: a few milliseconds at most.
 */
export const SMALL_SEARCH_BUDGET = 64;
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
  /** The request a creature's movement is shown with (the selected one's, or one about to be). */
  const requestFor = (id: string | null): MoveRequest => {
    const { creature, request } = chosen();
    if (request.mode === undefined || creature === id) return request;
    const { mode: _stale, ...rest } = request;
    return rest;
  };
  const moveRequest = (): MoveRequest => requestFor(selectedCreature());
  function setMoveRequest(request: MoveRequest): void {
    setChosen({ creature: selectedCreature(), request });
  }
  /** A new document: back to a plain move in the default mode. */
  function resetMoveRequest(): void {
    setChosen({ creature: null, request: { action: 'move' } });
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
  /** Reaches the worker is working out now (by key, for which document version): not asked twice. */
  const running = new Map<string, Encounter>();
  /** Asks the worker for a reach and keeps the answer (`ask` is the queue it waits in). */
  const askWorker = (ask: ReturnType<typeof latestOnly>, d: Encounter, id: string, request: MoveRequest, key: string) =>
    ask(() => {
      running.set(key, d);
      return inWorkerOrHere(d, { kind: 'reach', creature: id, request })
        .then((a) => {
          if (a.kind !== 'reach') return;
          // Kept for this document version; shown if it is still the question (else on a click back).
          keepAnswer(d, key, a.value);
          setAnswered((n) => n + 1);
        })
        .finally(() => running.get(key) === d && running.delete(key));
    });
  const answerKey = (id: string, request: MoveRequest) => `${id}\u0000${JSON.stringify(request)}`;
  function keepAnswer(d: Encounter, key: string, value: ReachResult): void {
    if (answers.doc !== d) answers = { doc: d, byKey: new Map() };
    answers.byKey.set(key, value);
    if (answers.byKey.size > KEPT_ANSWERS) answers.byKey.delete(answers.byKey.keys().next().value!);
  }
  /**
   * A creature of one square moving on the ground (not flying, not phasing) a bounded distance has
   * a small search: on a big map it is answered here, in the click's own task, so its overlay comes
   * with the first frame instead of after a round trip to the worker (which the window's own work
   * after a click delays further). Big creatures, flight and enormous speeds go to the worker.
   */
  const smallSearch = (d: Encounter, id: string, request: MoveRequest): boolean => {
    if (request.phasing || request.mode === 'fly') return false;
    const c = d.creatures.find((k) => k.id === id);
    if (!c || (request.mode === undefined && c.speed.fly !== undefined) || footprintOf(d.ruleset, c.size).side !== 1) return false;
    try {
      return RULESET_IMPLEMENTATIONS[d.ruleset].plan({ encounter: d, creature: c, request }).budget <= SMALL_SEARCH_BUDGET;
    } catch {
      return true; // refused: the answer is the refusal, at once
    }
  };
  const answerHere = (d: Encounter, id: string, request: MoveRequest): ReachResult =>
    (answerMovement(d, { kind: 'reach', creature: id, request }) as { value: ReachResult }).value;
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
    if (running.get(key) !== d) askWorker(askReach, d, id, request, key);
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

  /**
   * The pointer rests on a creature whose reach the worker would work out: ask for it now, so a
   * click a moment later finds it ready (a reach is worked out at most once per document version).
   * Its own queue: a question asked ahead never displaces one the map is waiting for.
   */
  const askAhead = latestOnly();
  createEffect(() => {
    const d = doc();
    const q = hover();
    if (!d || !q || !inWorker(d)) return;
    const covers = (c: Encounter['creatures'][number]) => {
      const side = footprintOf(d.ruleset, c.size).side;
      return q.x >= c.x && q.y >= c.y && q.x < c.x + side && q.y < c.y + side;
    };
    const under = d.creatures.find(covers);
    if (!under) return;
    const id = under.id;
    const request = untrack(() => requestFor(id));
    if (id === untrack(selectedCreature) || smallSearch(d, id, request)) return;
    const key = answerKey(id, request);
    if ((answers.doc === d && answers.byKey.has(key)) || running.get(key) === d) return;
    askWorker(askAhead, d, id, request, key);
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
    // The biggest creature: its search is the general one (a one-square creature's is simpler).
    const side = (c: Encounter['creatures'][number]) => footprintOf(d.ruleset, c.size).side;
    const biggest = d.creatures.reduce((a, c) => (side(c) > side(a) ? c : a), d.creatures[0]!);
    setTimeout(() => {
      if (doc() === d) void inWorkerOrHere(d, { kind: 'reach', creature: biggest.id, request: { action: 'move' } });
    }, 300);
    const small = d.creatures.find((c) => smallSearch(d, c.id, { action: 'move' }));
    if (small) {
      // Its first run here is one task of up to ~50 ms: only when the window is idle, so it never
      // delays a pan, a paint or a click that comes right after opening.
      const whenIdle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 600));
      setTimeout(
        () =>
          whenIdle(() => {
            if (doc() === d && !selectedCreature()) answerMovement(d, { kind: 'reach', creature: small.id, request: { action: 'move' } });
          }),
        600,
      );
    }
  }

  return { moveRequest, setMoveRequest, resetMoveRequest, warmUpMovement: warmUp, reach, reachOnMap, hoverPath, movementPending: pending };
}

export type Movement = ReturnType<typeof createMovement>;
