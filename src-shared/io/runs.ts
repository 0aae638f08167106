/**
 * Run-length encoding of one map layer: `[count, value, count, value, …]`, so a 512 × 512 map of
 * plain ground is `[262144, 0]`. Plain JSON numbers, readable in any tool.
 */
export function encodeRuns(values: ArrayLike<number>): number[] {
  const runs: number[] = [];
  const n = values.length;
  let i = 0;
  while (i < n) {
    const v = values[i]!;
    let j = i + 1;
    while (j < n && values[j] === v) j++;
    runs.push(j - i, v);
    i = j;
  }
  return runs;
}

export type RunsProblem = string;

/**
 * Decodes runs into `target` (whose length is the number of squares). Returns a sentence saying
 * what is wrong, or null when the runs fill the layer exactly with allowed values.
 */
export function decodeRunsInto(
  runs: readonly number[],
  target: Uint8Array | Float32Array,
  allowed: (value: number) => boolean,
): RunsProblem | null {
  if (runs.length % 2 !== 0) return 'runs come in pairs (count, value) but the list has an odd length';
  let at = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const count = runs[r]!;
    const value = runs[r + 1]!;
    if (!Number.isInteger(count) || count < 1) return `run ${r / 2 + 1} has count ${count}; counts are whole numbers of at least 1`;
    if (!allowed(value)) return `run ${r / 2 + 1} has value ${value}, which this layer does not allow`;
    if (at + count > target.length) return `the runs cover more than the map's ${target.length} squares`;
    target.fill(value, at, at + count);
    at += count;
  }
  if (at !== target.length) return `the runs cover ${at} squares but the map has ${target.length}`;
  return null;
}
