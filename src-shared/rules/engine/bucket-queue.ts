/**
 * The priority queue every movement search uses. Step costs are small whole numbers (at most the
 * ruleset's `maxStepCost`), so states are kept in a ring of buckets, one per cost modulo a power of
 * two above that cost (Dial's algorithm): pushing and taking the cheapest are both constant time.
 */

/** The smallest power of two that is at least `n`: the ring's size, so `cost & mask` picks a bucket. */
export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/** A ring of buckets holding states by cost; `current` is the cost of the state last taken. */
export class BucketRing {
  private readonly buckets: number[][];
  private readonly mask: number;
  private queued = 0;
  /** The cost of the bucket being emptied: the cost of the state `take` last returned. */
  current = 0;

  constructor(maxStepCost: number) {
    const size = nextPow2(maxStepCost + 1);
    this.mask = size - 1;
    this.buckets = Array.from({ length: size }, () => []);
  }

  push(state: number, cost: number): void {
    this.buckets[cost & this.mask]!.push(state);
    this.queued++;
  }

  /**
   * Takes a state of the cheapest cost still queued, or returns -1 once the queue is empty or the
   * cheapest cost is past `limit`. A state may come out more than once (no decrease-key): callers
   * skip it when its recorded cost is no longer `current`.
   */
  take(limit: number): number {
    while (this.queued > 0) {
      const bucket = this.buckets[this.current & this.mask]!;
      if (bucket.length === 0) {
        this.current++;
        continue;
      }
      if (this.current > limit) return -1;
      this.queued--;
      return bucket.pop()!;
    }
    return -1;
  }
}
