/**
 * Run-length encoding of one map layer: `[count, value, count, value, …]`, so a 512 × 512 map of
 * plain ground is `[262144, 0]`. Plain JSON numbers, readable in any tool.
 */
export function encodeRuns(values: ArrayLike<number>): number[] {
  // One loop per array kind keeps each loop monomorphic, which is what makes a 512 × 512 save fast.
  if (values instanceof Uint8Array) return encodeByteRuns(values);
  if (values instanceof Float32Array) return encodeFloatRuns(values);
  return encodeAnyRuns(values);
}

/** Byte layers are mostly long runs (often one run of 0): compare four squares at a time. */
function encodeByteRuns(values: Uint8Array): number[] {
  const runs: number[] = [];
  const n = values.length;
  const words = values.byteOffset % 4 === 0 ? new Uint32Array(values.buffer, values.byteOffset, n >>> 2) : null;
  let i = 0;
  while (i < n) {
    const v = values[i]!;
    let j = i + 1;
    if (words) {
      while (j < n && (j & 3) !== 0 && values[j] === v) j++;
      if ((j & 3) === 0) {
        const word = Math.imul(v, 0x01010101) >>> 0;
        let k = j >>> 2;
        while (k < words.length && words[k] === word) k++;
        j = k << 2;
      }
    }
    while (j < n && values[j] === v) j++;
    runs.push(j - i, v);
    i = j;
  }
  return runs;
}

/** Heights and depths: compares the floats' bits, an integer compare (a -0 beside a 0 only starts a new run). */
function encodeFloatRuns(values: Float32Array): number[] {
  const runs: number[] = [];
  const n = values.length;
  const bits = values.byteOffset % 4 === 0 ? new Int32Array(values.buffer, values.byteOffset, n) : null;
  if (!bits) return encodeAnyRuns(values);
  let i = 0;
  while (i < n) {
    const b = bits[i]!;
    let j = i + 1;
    while (j < n && bits[j] === b) j++;
    runs.push(j - i, values[i]!);
    i = j;
  }
  return runs;
}

function encodeAnyRuns(values: ArrayLike<number>): number[] {
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
 * Decodes runs into `target` (whose length is the number of squares), or only checks them against
 * `squares` when `target` is null (the main process's check before a save). Returns a sentence
 * saying what is wrong, or null when the runs fill the layer exactly with allowed values.
 */
export function decodeRunsInto(
  runs: readonly unknown[],
  target: Uint8Array | Float32Array | null,
  allowed: (value: number) => boolean,
  squares = target?.length ?? 0,
): RunsProblem | null {
  // The runs come straight from a file: each entry is checked to be a number before it is used.
  if (runs.length % 2 !== 0) return 'runs come in pairs (count, value) but the list has an odd length';
  let at = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const count = runs[r];
    const value = runs[r + 1];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return `run ${r / 2 + 1} has count ${shown(count)}; counts are whole numbers of at least 1`;
    if (typeof value !== 'number' || !allowed(value)) return `run ${r / 2 + 1} has value ${shown(value)}, which this layer does not allow`;
    if (at + count > squares) return `the runs cover more than the map's ${squares} squares`;
    if (target) {
      // Most runs are short: a loop beats fill()'s call for them.
      if (count < 16) for (let k = at; k < at + count; k++) target[k] = value;
      else target.fill(value, at, at + count);
    }
    at += count;
  }
  if (at !== squares) return `the runs cover ${at} squares but the map has ${squares}`;
  return null;
}

/** A value from a file, for a message: numbers as they are, anything else by its kind (never its text). */
function shown(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}
