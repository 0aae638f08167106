import type { Encounter } from '../../src-shared/model';
import { MoveRefused, planFlightPath, planPath, reachableSquares, type MoveRequest, type PathAnswer, type Reach, type ReachSquare } from '../../src-shared/rules';

/**
 * Maps with at least this many squares work out movement in a Web Worker: a reach there can take
 * tens of milliseconds (a running Gargantuan creature on 512 × 512), too long for a click to
 * block. Smaller maps answer at once on the main thread, where a worker's round trip costs more.
 */
export const WORKER_MIN_SQUARES = 128 * 128;

/** Where a creature can go, or why it cannot (what the movement overlay and panel show). */
export type ReachResult = { reach: Reach } | { refused: string };

/** A question for the movement engine, the same on the main thread and in the worker. */
export type MovementJob =
  | { kind: 'reach'; creature: string; request: MoveRequest }
  | { kind: 'path'; creature: string; request: MoveRequest; to: { x: number; y: number; z?: number }; unit: string };

export type MovementAnswer = { kind: 'reach'; value: ReachResult } | { kind: 'path'; value: PathAnswer | null };

export function answerMovement(d: Encounter, job: MovementJob): MovementAnswer {
  if (job.kind === 'reach') {
    try {
      return { kind: 'reach', value: { reach: reachableSquares(d, job.creature, job.request) } };
    } catch (e) {
      if (e instanceof MoveRefused || (e as Error).name === 'DiceError') return { kind: 'reach', value: { refused: (e as Error).message } };
      return { kind: 'reach', value: { refused: `The movement could not be worked out: ${(e as Error).message}` } };
    }
  }
  try {
    if (job.to.z !== undefined) {
      // Flight: the cheapest flight to the cube the map shows for this square.
      const flight = planFlightPath(d, job.creature, { x: job.to.x, y: job.to.y, z: job.to.z }, job.request);
      return { kind: 'path', value: { legal: flight.legal, reason: flight.reason, breaksAt: flight.breaksAt, total: flight.total, unit: job.unit as PathAnswer['unit'], steps: flight.steps, provokes: [], stopsAt: null } };
    }
    return { kind: 'path', value: planPath(d, job.creature, { x: job.to.x, y: job.to.y }, job.request) };
  } catch {
    return { kind: 'path', value: null };
  }
}

/** The reach as the map shows it: one entry per square (flight: the cheapest place to end per square). */
export function reachOnMapOf(r: ReachResult | null, mapWidth: number): ReachSquare[] {
  if (!r || !('reach' in r)) return [];
  const byXY = new Map<number, ReachSquare>();
  for (const q of r.reach.squares) {
    const key = q.y * mapWidth + q.x;
    const known = byXY.get(key);
    if (!known || (q.end && !known.end) || (q.end === known.end && q.cost < known.cost)) byXY.set(key, q);
  }
  return [...byXY.values()];
}
