import { flightMemoryBytes, releaseFlightMemory } from './engine/flight';
import { releaseSearchMemory, searchMemoryBytes } from './engine/search';

/**
 * The movement searches reuse whole-map buffers between queries (fast repeated queries while a
 * creature is selected). An editor releases them when no movement is shown any more, so one big
 * search does not keep tens of megabytes for the rest of the session.
 */
export function releaseMovementMemory(): void {
  releaseSearchMemory();
  releaseFlightMemory();
}

/** Bytes the movement searches' reusable buffers hold now. */
export function movementMemoryBytes(): number {
  return searchMemoryBytes() + flightMemoryBytes();
}
