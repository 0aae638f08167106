import { squaresInPicture, type GridAlignment } from '../model';

/**
 * Automatic grid detection: finds the size and offset of the grid a battle-map picture shows (drawn
 * grid lines, or floor tiles and walls that lie on grid lines), or says it found none. A wrong grid
 * is worse than none (issue 15 › Grid alignment), so an answer is given only when, across and down
 * alike (squares, not rectangles), the lines are a real step in brightness, most of the lines the
 * grid predicts are there (not two walls that happen to be a square apart), they lie where the grid
 * puts them, and no finer spacing (walls on every other line, JPEG's 8 px blocks) nor another
 * spacing explains them as well. docs/grid-detection.md says it for users.
 *
 * The method, in picture pixels decoded at any size:
 * 1. edge strength (the step in brightness between neighbouring pixels, clamped so one black wall
 *    does not outweigh every faint grid line) summed down each column and along each row: two
 *    profiles, which peak where a vertical or horizontal line runs;
 * 2. a line filter (the profile minus its local mean) and the autocorrelation of each profile: a
 *    grid of period P correlates at P, 2P, 3P…, so each strong repeat and the spacings it is a whole
 *    multiple of are candidates (a 50 px grid also scores at 100 px);
 * 3. for each candidate, the lines followed from the middle outward and fitted (period and phase as
 *    the lines say them), the period refined from the correlation at its multiples, and of these
 *    the one the lines stray least from kept (a whole number of pixels when it is as good); a line
 *    is placed by the centre of its band (`lineCentres`: a thick wall centres on its grid line);
 * 4. the phase: the band centres folded at the period, the centre of the folded line is the offset;
 * 5. every k-th line: when those lines run the picture's whole length and the lines between only
 *    part of it (flagstone seams in the rooms), the square is k spacings (`coarserGrid`).
 */

export interface PicturePixels {
  width: number;
  height: number;
  /** Row by row, `channels` bytes a pixel (grey; RGB; RGBA with alpha ignored). */
  data: Uint8Array | Uint8ClampedArray;
  channels: 1 | 3 | 4;
}

export interface GridDetectOptions {
  /**
   * The picture was decoded at this fraction of its size (decoded width / original width, e.g.
   * 0.25): the answer is given in the original picture's pixels.
   */
  scale?: number;
}

export type GridDetection =
  | {
      ok: true;
      /** In the original picture's pixels, 0 ≤ offset < pixelsPerSquare. */
      grid: GridAlignment;
      /** 0 to 1: how clearly the grid stands out (1: drawn lines across the whole picture). */
      confidence: number;
      /** The map this grid makes of the whole picture (`squaresInPicture`). */
      squares: { width: number; height: number };
    }
  | { ok: false; reason: string };

/** The sizes of a square detection looks for, in original picture pixels. */
export const DETECTABLE_SQUARE = { min: 20, max: 400 } as const;

/** Below this confidence detection answers "not found" rather than guessing. */
export const MIN_CONFIDENCE = 0.5;

/** Steps of brightness (0–255) above which an edge counts no more: a wall is one edge, not ten. */
const EDGE_CLAMP = 64;
/**
 * The least brightness step a grid line must make, summed over its two edges and averaged along it.
 * An 8-bit gradient's banding steps by 1; a faint drawn grid by 8 or more.
 */
const MIN_LINE_STRENGTH = 3;

/** Strips the picture is cut into across its lines, to see whether a line runs its whole length. */
const STRIPS = 16;

/** Edge strength along one axis: `all` sums every step; `darker` and `brighter` the steps each way. */
interface AxisEdges {
  all: Float64Array;
  darker: Float64Array;
  brighter: Float64Array;
  /** `all` again, strip by strip across the lines: strip s's entry i at `s * all.length + i`. */
  strips: Float64Array;
}

/** Edge strength down each column (`across`: vertical lines) and along each row (`down`). */
interface Profiles {
  across: AxisEdges;
  down: AxisEdges;
}

function axisEdges(n: number): AxisEdges {
  return { all: new Float64Array(n), darker: new Float64Array(n), brighter: new Float64Array(n), strips: new Float64Array(n * STRIPS) };
}

function edgeProfiles(image: PicturePixels): Profiles {
  const { width: w, height: h, data, channels } = image;
  const across = axisEdges(Math.max(0, w - 1));
  const down = axisEdges(Math.max(0, h - 1));
  const nx = across.all.length;
  // Where each strip of columns ends (for the horizontal lines' strips).
  const columnStripEnd = Array.from({ length: STRIPS }, (_, s) => Math.round(((s + 1) * w) / STRIPS));
  // Grey pixels are read where they lie; colour ones are made grey a row at a time.
  const grey = channels === 1;
  let previous: ArrayLike<number> = new Uint8Array(w);
  let current: Uint8Array | Uint8ClampedArray = new Uint8Array(w);
  let spare = previous as Uint8Array;
  for (let y = 0; y < h; y++) {
    const row = y * w * channels;
    if (grey) {
      current = data.subarray(row, row + w);
    } else {
      // Rec. 601 luma (×256): how bright a pixel looks, which is what a drawn line changes.
      for (let x = 0, o = row; x < w; x++, o += channels) current[x] = (77 * data[o]! + 150 * data[o + 1]! + 29 * data[o + 2]!) >> 8;
    }
    const strip = Math.min(STRIPS - 1, Math.floor((y * STRIPS) / h)) * nx;
    // Every step into its strip, the darker ones also apart (the brighter are the rest).
    for (let x = 1; x < w; x++) {
      const d = current[x]! - current[x - 1]!;
      if (d < 0) {
        const v = d > -EDGE_CLAMP ? -d : EDGE_CLAMP;
        across.darker[x - 1]! += v;
        across.strips[strip + x - 1]! += v;
      } else across.strips[strip + x - 1]! += d < EDGE_CLAMP ? d : EDGE_CLAMP;
    }
    if (y > 0) {
      let darker = 0;
      let brighter = 0;
      let x = 0;
      for (let s = 0; s < STRIPS; s++) {
        let inStrip = 0;
        for (const end = columnStripEnd[s]!; x < end; x++) {
          const d = current[x]! - previous[x]!;
          if (d < 0) {
            const v = d > -EDGE_CLAMP ? -d : EDGE_CLAMP;
            darker += v;
            inStrip += v;
          } else {
            const v = d < EDGE_CLAMP ? d : EDGE_CLAMP;
            brighter += v;
            inStrip += v;
          }
        }
        down.strips[s * (h - 1) + y - 1] = inStrip / Math.max(1, columnStripEnd[s]! - (s ? columnStripEnd[s - 1]! : 0));
      }
      down.darker[y - 1] = darker / w;
      down.brighter[y - 1] = brighter / w;
    }
    if (grey) previous = current;
    else {
      const t = spare;
      spare = current as Uint8Array;
      previous = spare;
      current = t;
    }
  }
  // Each strip of rows as a mean over its rows, like the whole column.
  for (let s = 0; s < STRIPS; s++) {
    const rows = Math.max(1, Math.round(((s + 1) * h) / STRIPS) - Math.round((s * h) / STRIPS));
    for (let x = 0; x < nx; x++) {
      across.all[x]! += across.strips[s * nx + x]!;
      across.strips[s * nx + x]! /= rows;
    }
  }
  for (let x = 0; x < nx; x++) {
    across.all[x]! /= h;
    across.darker[x]! /= h;
    across.brighter[x] = across.all[x]! - across.darker[x]!;
  }
  for (let y = 0; y < down.all.length; y++) down.all[y] = down.darker[y]! + down.brighter[y]!;
  return { across, down };
}

/**
 * Where lines are centred, whatever their width: a dark line (or wall, or the gap between two
 * flagstones) is a step darker and, a few pixels on, a step brighter; its centre lies between them
 * (a bright line the other way round). Each pair of opposite steps up to `widest` entries apart
 * scores the weaker of the two at its midpoint, the best pair at each place kept. A thick wall drawn
 * on a grid line thus centres on the line, not on its stronger edge; one step alone (a room's
 * edge) scores only where the profile has steps both ways (a column of flagstones of every shade).
 */
function lineCentres(edges: AxisEdges, widest: number): Float64Array {
  const { darker, brighter } = edges;
  const n = darker.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const dI = darker[i]!;
    const bI = brighter[i]!;
    for (let d = 0; d <= widest && i + d < n; d++) {
      const j = i + d;
      const a = dI < brighter[j]! ? dI : brighter[j]!;
      const b = bI < darker[j]! ? bI : darker[j]!;
      const v = a > b ? a : b;
      // An odd gap's midpoint lies between two entries: both get it.
      const k = i + (d >> 1);
      if (v > out[k]!) out[k] = v;
      if (d & 1 && v > out[k + 1]!) out[k + 1] = v;
    }
  }
  return out;
}

/**
 * Thin lines kept, broad shading removed: the profile minus its mean over a few pixels, then
 * smoothed a little so a line between two pixels still correlates at a whole-pixel lag.
 */
function lineSignal(profile: Float64Array, radius: number): Float64Array {
  const n = profile.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + profile[i]!;
  const top = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - radius);
    const b = Math.min(n, i + radius + 1);
    top[i] = profile[i]! - (prefix[b]! - prefix[a]!) / (b - a);
  }
  const out = new Float64Array(n);
  for (let pass = 0; pass < 2; pass++) {
    const src = pass === 0 ? top : out.slice();
    for (let i = 0; i < n; i++) out[i] = 0.25 * src[Math.max(0, i - 1)]! + 0.5 * src[i]! + 0.25 * src[Math.min(n - 1, i + 1)]!;
  }
  let mean = 0;
  for (let i = 0; i < n; i++) mean += out[i]!;
  mean /= n || 1;
  for (let i = 0; i < n; i++) out[i]! -= mean;
  return out;
}

/** Autocorrelation of a zero-mean signal at one lag, 1 at lag 0, averaged over the overlap. */
function correlationAt(signal: Float64Array, energy: number, lag: number): number {
  const n = signal.length - lag;
  if (n <= 0 || energy <= 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += signal[i]! * signal[i + lag]!;
  return sum / n / energy;
}

interface Axis {
  profile: Float64Array;
  signal: Float64Array;
  /** Mean square of the signal. */
  energy: number;
  /** Autocorrelations computed so far, by lag. */
  cache: Map<number, number>;
}

function axisOf(profile: Float64Array, radius: number): Axis {
  const signal = lineSignal(profile, radius);
  let energy = 0;
  for (let i = 0; i < signal.length; i++) energy += signal[i]! * signal[i]!;
  energy /= signal.length || 1;
  return { profile, signal, energy, cache: new Map() };
}

function axisCorrelation(axis: Axis, lag: number): number {
  let r = axis.cache.get(lag);
  if (r === undefined) {
    r = correlationAt(axis.signal, axis.energy, lag);
    axis.cache.set(lag, r);
  }
  return r;
}

/** Both axes' autocorrelation at a whole lag: squares repeat the same way across and down. */
function correlation(axes: Axis[], lag: number): number {
  let sum = 0;
  let count = 0;
  for (const axis of axes) {
    if (lag < axis.signal.length * 0.8) {
      sum += axisCorrelation(axis, lag);
      count++;
    }
  }
  return count ? sum / count : 0;
}

/** The autocorrelation between whole lags, read linearly. */
function correlationBetween(axes: Axis[], lag: number): number {
  const a = Math.floor(lag);
  const t = lag - a;
  return t < 1e-9 ? correlation(axes, a) : (1 - t) * correlation(axes, a) + t * correlation(axes, a + 1);
}

/**
 * The spacings the strongest repeat may be made of, smallest first: a lag `best` whose every
 * fraction j·best/d also correlates may be d squares (a 50 px grid scores at 100 px too; walls a
 * few squares apart outscore faint lines one square apart). Which one it is, the lines decide.
 */
function periodCandidates(axes: Axis[], best: number, shortest: number): number[] {
  const top = correlation(axes, best);
  const found: number[] = [];
  for (let d = Math.floor(best / shortest); d >= 1; d--) {
    const f = best / d;
    let all = true;
    for (let j = 1; j < d && all; j++) all = correlationBetween(axes, j * f) >= 0.2 * top;
    if (all) found.push(f);
  }
  return found;
}

/** The period to a fraction of a pixel, from the correlation peaks at its multiples. */
function refinePeriod(axes: Axis[], coarse: number, longest: number): number {
  let period = coarse;
  const base = correlationBetween(axes, coarse);
  for (let m = 2; m * period <= 0.7 * longest; m *= 2) {
    const guess = Math.round(m * period);
    const spread = 2;
    let at = guess;
    let peak = -Infinity;
    for (let lag = guess - spread; lag <= guess + spread; lag++) {
      const r = correlation(axes, lag);
      if (r > peak) {
        peak = r;
        at = lag;
      }
    }
    // The repeat has faded (a picture with a grid in one part), or the peak lies beyond the
    // window: keep what the nearer peaks said.
    if (peak < 0.3 * base || Math.abs(at - guess) === spread) break;
    const left = correlation(axes, at - 1);
    const right = correlation(axes, at + 1);
    const curve = left - 2 * peak + right;
    const shift = curve < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / curve)) : 0;
    period = (at + shift) / m;
  }
  return period;
}

interface AxisFit {
  /** Where the first line falls, in decoded pixels, 0 ≤ phase < period. */
  phase: number;
  /** The folded line above the profile's median, against the noise of the fold. */
  signalToNoise: number;
  /** Brightness step of the line (both edges, averaged along it). */
  strength: number;
  /** The fraction of the lines the period predicts that are there. */
  coverage: number;
  lines: number;
  /** k > 1 when lines also fall every period/k: the square may be that finer spacing. */
  finerBy: number;
}

function median(values: Float64Array | number[]): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  return n === 0 ? 0 : n % 2 ? sorted[(n - 1) / 2]! : 0.5 * (sorted[n / 2 - 1]! + sorted[n / 2]!);
}

interface Fold {
  bins: number;
  /** The mean of the profile in each bin. */
  fold: Float64Array;
  count: Float64Array;
  /** Summed position within the period of the entries in each bin. */
  where: Float64Array;
}

function foldProfile(profile: Float64Array, period: number): Fold {
  const bins = Math.max(8, Math.ceil(2 * period));
  const sum = new Float64Array(bins);
  const count = new Float64Array(bins);
  // Where in the bin the steps fell: with a whole-pixel period they all sit on the bin's left edge.
  const where = new Float64Array(bins);
  // Profile entry i is the step between pixels i and i + 1: it lies at position i + 1.
  for (let i = 0; i < profile.length; i++) {
    const pos = i + 1;
    const at = pos % period;
    const b = Math.min(bins - 1, Math.floor((at / period) * bins));
    sum[b]! += profile[i]!;
    count[b]!++;
    where[b]! += at;
  }
  const fold = new Float64Array(bins);
  for (let b = 0; b < bins; b++) fold[b] = count[b] ? sum[b]! / count[b]! : 0;
  return { bins, fold, count, where };
}

/** The bin where the folded line peaks (smoothed, so a thick line's two edges make one peak). */
function peakBinOf({ bins, fold }: Fold): number {
  const half = Math.max(1, Math.round(0.08 * bins));
  let peakBin = 0;
  let peakValue = -Infinity;
  for (let b = 0; b < bins; b++) {
    let s = 0;
    for (let k = -half; k <= half; k++) s += fold[(b + k + bins) % bins]!;
    if (s > peakValue) {
      peakValue = s;
      peakBin = b;
    }
  }
  return peakBin;
}

/** Where the folded line is centred, 0 ≤ phase < period: the weighted mean of its top. */
function foldedCentre(f: Fold, period: number): number {
  const { bins, fold, count, where } = f;
  const base = median(fold);
  const peakBin = peakBinOf(f);
  const reach = Math.max(2, Math.round(0.15 * bins));
  let top = 0;
  for (let k = -reach; k <= reach; k++) {
    const b = (peakBin + k + bins) % bins;
    if (count[b]) top = Math.max(top, fold[b]! - base);
  }
  let weight = 0;
  let moment = 0;
  for (let k = -reach; k <= reach; k++) {
    const b = (peakBin + k + bins) % bins;
    // Only the line itself places it: the texture beside it would pull it to the window's middle.
    const v = fold[b]! - base - 0.2 * top;
    if (v > 0 && count[b]) {
      // The bin's mean position, unwrapped to lie beside the peak.
      const offset = where[b]! / count[b]! - (peakBin * period) / bins;
      const unwrapped = offset - period * Math.round(offset / period);
      weight += v;
      moment += v * unwrapped;
    }
  }
  const centre = (peakBin * period) / bins + (weight > 0 ? moment / weight : 0);
  return ((centre % period) + period) % period;
}

/**
 * The profile folded at the period: where its lines fall (placed by `centres`, the lines' centres
 * whatever their width), how strong and how regular they are.
 */
function fitAxis(profile: Float64Array, period: number, centres: Float64Array = profile): AxisFit {
  const folded = foldProfile(profile, period);
  const { bins, fold, count } = folded;
  const base = median(fold);
  const phase = foldedCentre(centres === profile ? folded : foldProfile(centres, period), period);
  const peakBin = Math.min(bins - 1, Math.floor((phase / period) * bins));
  const reach = Math.max(2, Math.round(0.15 * bins));
  let strength = 0;
  let top = 0;
  for (let k = -reach; k <= reach; k++) {
    const b = (peakBin + k + bins) % bins;
    const v = fold[b]! - base;
    // Signed, so a texture's ups and downs cancel and only a real line adds up.
    strength += v * (period / bins);
    if (v > 0 && count[b]) top = Math.max(top, v);
  }
  const rest: number[] = [];
  for (let b = 0; b < bins; b++) {
    const dist = Math.min(Math.abs(b - peakBin), bins - Math.abs(b - peakBin));
    if (dist > reach) rest.push(fold[b]!);
  }
  const restMedian = median(rest);
  const spread = 1.4826 * median(rest.map((v) => Math.abs(v - restMedian)));
  const signalToNoise = top / Math.max(spread, 1e-3, 0.02 * top);

  // Lines a fraction of the period apart: the fold also peaks at every j/k of the way round.
  let finerBy = 0;
  const foldNear = (phaseAt: number, reachPx: number) => {
    const b = Math.floor(((((phaseAt % period) + period) % period) / period) * bins) % bins;
    const r = Math.max(1, Math.round((reachPx * bins) / period));
    let m = -Infinity;
    for (let k = -r; k <= r; k++) m = Math.max(m, fold[(b + k + bins) % bins]! - base);
    return m;
  };
  const foldAt = (phaseAt: number) => fold[Math.floor(((((phaseAt % period) + period) % period) / period) * bins) % bins]! - base;
  const lineTop = foldNear(phase, 0.08 * period);
  for (let k = 2; period / k >= 3; k++) {
    // Peaks at every j/k of the way round, as high as a third of the line, with valleys between.
    const reachPx = Math.min(0.08 * period, (0.25 * period) / k);
    let all = lineTop > 0;
    for (let j = 1; j < k && all; j++) {
      const peak = foldNear(phase + (j * period) / k, reachPx);
      const valley = Math.min(foldAt(phase + ((j - 0.5) * period) / k), foldAt(phase + ((j + 0.5) * period) / k));
      all = peak >= 0.3 * lineTop && valley < 0.5 * peak;
    }
    if (all) finerBy = k;
  }

  // Each predicted line: does the profile step up there, against the same measure taken in the
  // middle of the squares (where no line runs)?
  const contrastAt = (pos: number) => lineContrast(profile, pos, period)?.value ?? null;

  const atLines: number[] = [];
  const between: number[] = [];
  for (let pos = phase; pos < profile.length + 1; pos += period) {
    const line = contrastAt(pos);
    if (line !== null) atLines.push(line);
    const middle = contrastAt(pos + period / 2);
    if (middle !== null) between.push(middle);
  }
  const sortedBetween = Float64Array.from(between).sort();
  const nullLevel = sortedBetween.length ? sortedBetween[Math.min(sortedBetween.length - 1, Math.floor(0.9 * sortedBetween.length))]! : Infinity;
  const present = atLines.filter((v) => v > nullLevel && v > 0).length;
  return { phase, signalToNoise, strength, finerBy, coverage: atLines.length ? present / atLines.length : 0, lines: atLines.length };
}

/**
 * Does the profile step up at a line's place, against the squares either side (or the one side a
 * line by the picture's edge has)? The line's top less the median beside it; null off the profile.
 */
function lineContrast(profile: Float64Array, pos: number, period: number, withSpread = false): { value: number; spread: number } | null {
  const w = Math.max(1, Math.round(0.08 * period));
  const side = Math.max(w + 2, Math.round(0.3 * period));
  const c = Math.round(pos - 1);
  if (c - w < 0 || c + w >= profile.length) return null;
  let peak = -Infinity;
  for (let i = c - w; i <= c + w; i++) peak = Math.max(peak, profile[i]!);
  const around: number[] = [];
  for (let d = w + 1; d <= side; d++) {
    if (c - d >= 0) around.push(profile[c - d]!);
    if (c + d < profile.length) around.push(profile[c + d]!);
  }
  if (around.length < side - w) return null;
  const ground = median(around);
  // The spread of the squares beside it (robust: a median of deviations), only when asked.
  return { value: peak - ground, spread: withSpread ? 1.4826 * median(around.map((v) => Math.abs(v - ground))) : 0 };
}

/**
 * How much of each line's length the line runs: the share of the picture's strips (across the
 * lines) in which it stands out, line by line from the first the profile holds. A drawn grid runs
 * through rooms and rock alike; flagstone seams, texture and walls run only where they are drawn.
 * A line counts in a strip where it stands out from the strip's own ups and downs beside it (a
 * faint grid line on plain rock counts; a texture's bump does not).
 */
function lineContinuity(edges: AxisEdges, period: number, phase: number): number[] {
  const n = edges.all.length;
  const first = phase - period * Math.floor(phase / period);
  const continuity: number[] = [];
  for (let pos = first; pos < n + 1; pos += period) {
    let seen = 0;
    let present = 0;
    for (let s = 0; s < STRIPS; s++) {
      const c = lineContrast(edges.strips.subarray(s * n, (s + 1) * n), pos, period, true);
      if (!c) continue;
      seen++;
      if (c.value > Math.max(1.5, 4 * c.spread)) present++;
    }
    continuity.push(seen ? present / seen : NaN);
  }
  return continuity;
}

/**
 * The centre of the line in a window of the profile (the edges above a third of the way from its
 * median to its top, weighted), and a weight: the square of how far the line stands out.
 */
function lineNear(profile: Float64Array, c: number, reach: number): { x: number; w: number } | null {
  let top = -Infinity;
  for (let i = c - reach; i <= c + reach; i++) top = Math.max(top, profile[i]!);
  const ground = median(profile.subarray(c - reach, c + reach + 1));
  const cut = ground + 0.3 * (top - ground);
  let weight = 0;
  let moment = 0;
  for (let i = c - reach; i <= c + reach; i++) {
    const v = profile[i]! - cut;
    if (v > 0) {
      weight += v;
      // Profile entry i lies at position i + 1.
      moment += v * (i + 1);
    }
  }
  return weight > 0 ? { x: moment / weight, w: (top - ground) ** 2 } : null;
}

/**
 * How far the lines lie from where the grid puts them: the weighted root mean square, in decoded
 * pixels. A grid a little off in size drifts a pixel or more a square from its lines.
 */
function lineDrift(profile: Float64Array, period: number, phase: number): number {
  const reach = Math.max(2, Math.round(0.12 * period));
  let sw = 0;
  let se = 0;
  for (let pos = phase; pos < profile.length + 1; pos += period) {
    const c = Math.round(pos - 1);
    if (c - reach < 0 || c + reach >= profile.length) continue;
    const line = lineNear(profile, c, reach);
    if (!line) continue;
    sw += line.w;
    se += line.w * (line.x - pos) ** 2;
  }
  return sw > 0 ? Math.sqrt(se / sw) : Infinity;
}

/**
 * The period and phase as the lines themselves say them: from the line nearest the middle outward,
 * each line's centre found near where the fit so far puts it, and the fit redone with it (a
 * weighted least-squares line through line number and position). A period a few pixels off, as the
 * correlation of a few faint lines on a busy picture may give, comes back to the lines' own.
 */
function followLines(profile: Float64Array, period: number, phase: number): { period: number; phase: number } {
  const n = profile.length;
  const reach = Math.max(2, Math.round(0.12 * period));
  const kMiddle = Math.round((n / 2 - phase) / period);
  let p = period;
  let origin = phase;
  const found: { k: number; x: number; w: number }[] = [];
  for (let step = 0; step < 2 * Math.ceil(n / period) + 2; step++) {
    const k = kMiddle + (step % 2 ? (step + 1) / 2 : -step / 2);
    const predicted = origin + k * p;
    // Profile entry i lies at position i + 1.
    const c = Math.round(predicted - 1);
    if (c - reach < 0 || c + reach >= n) continue;
    const line = lineNear(profile, c, reach);
    if (!line) continue;
    found.push({ k, ...line });
    if (new Set(found.map((f) => f.k)).size < 2) continue;
    let sw = 0;
    let sk = 0;
    let sx = 0;
    let skk = 0;
    let skx = 0;
    for (const f of found) {
      sw += f.w;
      sk += f.w * f.k;
      sx += f.w * f.x;
      skk += f.w * f.k * f.k;
      skx += f.w * f.k * f.x;
    }
    const det = sw * skk - sk * sk;
    if (det <= 1e-12) continue;
    const slope = (sw * skx - sk * sx) / det;
    // A fit pulled far from the correlation's period is a stray edge, not the lines.
    if (Math.abs(slope - period) > 0.15 * period) continue;
    p = slope;
    origin = (sx - p * sk) / sw;
  }
  return { period: p, phase: ((origin % p) + p) % p };
}

/** A grid whose lines are every k-th line of a finer spacing: which k, and where its lines fall. */
interface CoarserGrid {
  k: number;
  phase: { across: number; down: number };
  /** How much of their length the kept lines run, each way (0 to 1). */
  continuity: { across: number; down: number };
}

/** Each line's continuity, sorted by its number modulo k: the k families of every k-th line. */
function families(continuity: number[], k: number): number[][] {
  const out: number[][] = Array.from({ length: k }, () => []);
  continuity.forEach((c, l) => {
    if (!Number.isNaN(c)) out[l % k]!.push(c);
  });
  return out;
}

function meanOf(values: number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

/** How many standard errors apart two families' mean continuities are (Welch's t). */
function separation(a: number[], b: number[]): number {
  const variance = (v: number[]) => {
    const m = meanOf(v);
    return v.length > 1 ? v.reduce((s, x) => s + (x - m) ** 2, 0) / (v.length - 1) : 0;
  };
  const se = Math.sqrt(variance(a) / Math.max(1, a.length) + variance(b) / Math.max(1, b.length));
  return (meanOf(a) - meanOf(b)) / Math.max(se, 0.02);
}

/**
 * Lines found every `period` may be the grid's lines and, between them, flagstone seams or texture
 * (floors tiled at half or a third of a square): the grid's lines run the whole picture, the rest
 * only where the floor is. When every k-th line (k = 2, 3, 4) runs its length and the others clearly
 * less, the square is k times the period. `'unclear'` when every other line runs clearly further
 * than the rest but not the whole length (a faint grid under busy art over half-square tiles): the
 * square may be the period or twice it. Null when the lines are alike (a grid of that period).
 */
function coarserGrid(profiles: Profiles, period: number, phase: { across: number; down: number }): CoarserGrid | 'unclear' | null {
  const continuity = { across: lineContinuity(profiles.across, period, phase.across), down: lineContinuity(profiles.down, period, phase.down) };
  let unclear = false;
  for (let k = 2; k <= 4; k++) {
    const found: { phase: Partial<CoarserGrid['phase']>; continuity: Partial<CoarserGrid['continuity']> } = { phase: {}, continuity: {} };
    for (const name of ['across', 'down'] as const) {
      // Three of the coarser grid's lines at least.
      if (continuity[name].length < 3 * k) return unclear ? 'unclear' : null;
      const family = families(continuity[name], k);
      const mean = family.map(meanOf);
      const best = mean.indexOf(Math.max(...mean));
      const others = Math.max(...mean.filter((_, r) => r !== best));
      if (!(mean[best]! >= 0.75 && others <= 0.7 * mean[best]!)) {
        // Every other (or every third) line clearly further than the rest, on enough lines to say so.
        const rest = family.filter((_, r) => r !== best).flat();
        if (k <= 3 && others <= (k === 2 ? 0.75 : 0.7) * mean[best]! && separation(family[best]!, rest) >= (k === 2 ? 2 : 2.5)) unclear = true;
        break;
      }
      const first = phase[name] - period * Math.floor(phase[name] / period);
      found.phase[name] = first + best * period;
      found.continuity[name] = mean[best]!;
    }
    const { across, down } = found.phase;
    if (across !== undefined && down !== undefined) return { k, phase: { across, down }, continuity: { across: found.continuity.across!, down: found.continuity.down! } };
  }
  return unclear ? 'unclear' : null;
}

/** 0 below `low`, 1 above `high`, a straight ramp between. */
function ramp(value: number, low: number, high: number): number {
  return Math.max(0, Math.min(1, (value - low) / (high - low)));
}

function round(value: number, places: number): number {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** Finds the grid a battle-map picture shows, or says why it found none (it never guesses). */
export function detectGrid(image: PicturePixels, options: GridDetectOptions = {}): GridDetection {
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 1)) return { ok: false, reason: `the decoding scale ${scale} is not between 0 and 1` };
  const { width, height, channels } = image;
  if (image.data.length < width * height * channels) return { ok: false, reason: 'the picture has fewer pixels than its size says' };
  const minLag = DETECTABLE_SQUARE.min * scale;
  const shortest = Math.min(width, height);
  if (shortest < 3 * minLag + 2 || shortest < 8) return { ok: false, reason: `the picture is too small to show three grid lines ${DETECTABLE_SQUARE.min} px or more apart` };

  const profiles = edgeProfiles(image);
  const radius = Math.max(2, Math.min(4, Math.floor(minLag / 2)));
  const across = axisOf(profiles.across.all, radius);
  const downAxis = axisOf(profiles.down.all, radius);
  // Lines' centres for bands up to a fifth of a square wide (wider would pair two lines' edges).
  const centreCache = new Map<string, Float64Array>();
  const centresOf = (name: 'across' | 'down', period: number): Float64Array => {
    const widest = Math.max(1, Math.round(0.2 * period));
    const key = `${name} ${widest}`;
    let c = centreCache.get(key);
    if (!c) centreCache.set(key, (c = lineCentres(profiles[name], widest)));
    return c;
  };
  const fitOf = (name: 'across' | 'down', period: number) => fitAxis(profiles[name].all, period, centresOf(name, period));
  const driftOf = (name: 'across' | 'down', period: number, phase: number) => lineDrift(centresOf(name, period), period, phase);
  const axes = [across, downAxis];
  if (across.energy <= 1e-9 || downAxis.energy <= 1e-9) return { ok: false, reason: 'no grid found: the picture has no lines (it is one flat colour or a smooth blend)' };

  // Three lines at least across the shorter side (two lines and their midpoint prove nothing).
  const longestLag = Math.min(Math.floor(DETECTABLE_SQUARE.max * scale) + 1, Math.floor(shortest / 3));
  const firstLag = Math.max(2, Math.floor(minLag) - 1);
  // The strongest repeats: a wall's thickness or a room's width may outscore the squares.
  const peaks: { lag: number; r: number }[] = [];
  for (let lag = Math.max(3, firstLag); lag <= longestLag; lag++) {
    const r = correlation(axes, lag);
    if (r > 0.05 && r >= correlation(axes, lag - 1) && r >= correlation(axes, lag + 1)) peaks.push({ lag, r });
  }
  peaks.sort((p, q) => q.r - p.r);
  if (peaks.length === 0) return { ok: false, reason: `no grid found: no lines repeat at a square's size (${DETECTABLE_SQUARE.min}–${DETECTABLE_SQUARE.max} px)` };
  const longestAxis = Math.max(across.signal.length, downAxis.signal.length);
  const where = (name: 'across' | 'down') => (name === 'across' ? 'across the picture (its vertical lines)' : 'down the picture (its horizontal lines)');
  const axisConfidence = (fit: AxisFit) => Math.min(ramp(fit.signalToNoise, 4, 12), ramp(fit.coverage, 0.45, 0.85));
  const candidates: number[] = [];
  for (const peak of peaks.slice(0, 4)) {
    for (const f of periodCandidates(axes, peak.lag, Math.max(2, minLag * 0.97))) {
      if (!candidates.some((c) => Math.abs(c - f) <= 0.02 * f)) candidates.push(f);
    }
  }
  candidates.sort((p, q) => p - q);
  if (candidates.length === 0) {
    return { ok: false, reason: `no grid found: the picture repeats only finer than a square (a texture or compression blocks), and no grid stands out` };
  }
  // The smallest spacing whose lines are there across and down, clearly enough, is the square.
  let refusal = '';
  let refusalScore = -1;
  const refuse = (score: number, reason: string) => {
    if (score > refusalScore) {
      refusalScore = score;
      refusal = reason;
    }
  };
  const passing: { perSquare: number; confidence: number; fits: { across: AxisFit; down: AxisFit } }[] = [];
  for (const coarse of candidates) {
    let period = refinePeriod(axes, coarse, longestAxis);
    // Each axis's lines followed from the correlation's period; squares repeat alike both ways.
    const followed = (['across', 'down'] as const).map((name) => {
      const centres = centresOf(name, period);
      return { name, ...followLines(centres, period, fitOf(name, period).phase), lines: centres.length / period };
    });
    const [fa, fd] = followed as [(typeof followed)[0], (typeof followed)[0]];
    if (Math.abs(fa.period - fd.period) > 0.01 * period + 0.5) {
      refuse(0.25, `no grid found: lines repeat every ${round(fa.period / scale, 1)} px across but every ${round(fd.period / scale, 1)} px down, which are not squares`);
      continue;
    }
    // Two estimates of the exact period (the correlation at its multiples; the lines' own fit),
    // each also as the whole number of pixels map makers draw to a square: the one the lines
    // stray least from wins, a whole number when it is as good.
    const fromLines = (fa.period * fa.lines + fd.period * fd.lines) / (fa.lines + fd.lines);
    const estimates = [refinePeriod(axes, fromLines, longestAxis), fromLines].flatMap((e) => [Math.round(e / scale), round(e / scale, 2)]);
    const tried = estimates
      .filter((e) => e * scale > 2)
      .map((e) => ({ e, drift: Math.max(driftOf('across', e * scale, fitOf('across', e * scale).phase), driftOf('down', e * scale, fitOf('down', e * scale).phase)) }))
      .sort((a, b) => a.drift - b.drift);
    if (tried.length === 0) continue;
    const whole = tried.find((t) => Number.isInteger(t.e) && t.drift <= tried[0]!.drift + 0.15);
    const perSquare = (whole ?? tried[0]!).e;
    period = perSquare * scale;
    if (perSquare < DETECTABLE_SQUARE.min * 0.97 || perSquare > DETECTABLE_SQUARE.max * 1.03) {
      refuse(0, `no grid found: the lines repeat every ${round(perSquare, 1)} px, outside a square's size (${DETECTABLE_SQUARE.min}–${DETECTABLE_SQUARE.max} px)`);
      continue;
    }
    let fits = { across: fitOf('across', period), down: fitOf('down', period) };
    const weak = axisConfidence(fits.across) <= axisConfidence(fits.down) ? 'across' : 'down';
    const fit = fits[weak];
    const size = round(perSquare, 1);
    if (fits.across.lines < 3 || fits.down.lines < 3) {
      refuse(0.1, `no grid found: fewer than three lines ${where(fits.across.lines < 3 ? 'across' : 'down')} at ${size} px a square`);
      continue;
    }
    const faint = fits.across.strength < MIN_LINE_STRENGTH * scale ? 'across' : fits.down.strength < MIN_LINE_STRENGTH * scale ? 'down' : null;
    if (faint) {
      refuse(0.2, `no grid found: lines repeat every ${size} px but too faintly ${where(faint)} to be sure`);
      continue;
    }
    const finer = Math.max(fits.across.finerBy, fits.down.finerBy);
    if (finer > 1) {
      // The finer lines may be the floor's (flagstone seams in the rooms only): then these lines
      // run the picture's length and the ones between do not. Otherwise (walls on every other
      // line, compression blocks) which spacing is the square is a guess.
      const fine = coarserGrid(profiles, period / finer, { across: fits.across.phase, down: fits.down.phase });
      if (!fine || fine === 'unclear' || fine.k !== finer) {
        refuse(0.3, `no grid found that is sure enough: lines fall every ${size} px and also every ${round(perSquare / finer, 1)} px, so the square's size is unclear`);
        continue;
      }
      // The seams between stand out beside these lines: how much of its length each runs says more.
      const kept = (name: 'across' | 'down') => ({ ...fits[name], phase: fine.phase[name] % period, coverage: fine.continuity[name] });
      fits = { across: kept('across'), down: kept('down') };
    }
    const drift = Math.max(driftOf('across', period, fits.across.phase), driftOf('down', period, fits.down.phase));
    if (drift > Math.max(1.25, 0.008 * period)) {
      refuse(0.3, `no grid found that is sure enough: lines repeat about every ${size} px but stray ${round(drift / scale, 1)} px from a regular grid`);
      continue;
    }
    const confidence = round(Math.min(axisConfidence(fits.across), axisConfidence(fits.down)), 2);
    if (confidence < MIN_CONFIDENCE) {
      const why = fit.coverage < 0.65 ? `only ${Math.round(fit.coverage * 100)}% of the lines it predicts ${where(weak)} are there` : `the lines ${where(weak)} barely stand out from the picture`;
      refuse(0.3 + confidence, `no grid found that is sure enough: a grid of ${size} px a square would fit, but ${why} (confidence ${confidence})`);
      continue;
    }
    const coarser = coarserGrid(profiles, period, { across: fits.across.phase, down: fits.down.phase });
    if (coarser === 'unclear') {
      refuse(0.3, `no grid found that is sure enough: lines fall every ${size} px, and some of them run further than the rest, so the square may be ${size} px or a multiple of it`);
      continue;
    }
    if (coarser) {
      // The lines between are the floor's, not the grid's: the square is k of these spacings, as
      // sure as the kept lines stand out and run the picture's length.
      const kept = (name: 'across' | 'down') => ({ ...fits[name], phase: coarser.phase[name], coverage: coarser.continuity[name] });
      const coarse = { across: kept('across'), down: kept('down') };
      // A whole number of pixels when the kept lines stray no more from it (as above).
      const exact = perSquare * coarser.k;
      const strays = (e: number) => Math.max(driftOf('across', e * scale, coarse.across.phase), driftOf('down', e * scale, coarse.down.phase));
      const coarseSquare = strays(Math.round(exact)) <= strays(exact) + 0.15 ? Math.round(exact) : round(exact, 2);
      if (coarseSquare <= DETECTABLE_SQUARE.max * 1.03) {
        passing.push({ perSquare: coarseSquare, confidence: round(Math.min(axisConfidence(coarse.across), axisConfidence(coarse.down)), 2), fits: coarse });
      }
      continue;
    }
    // A grid's lines run the picture's length; lines there only here and there (walls, seams, a
    // faint line lost under busy art) make a weaker claim, however regular.
    const runs = Math.min(meanOf(lineContinuity(profiles.across, period, fits.across.phase).filter((c) => !Number.isNaN(c))), meanOf(lineContinuity(profiles.down, period, fits.down.phase).filter((c) => !Number.isNaN(c))));
    const sure = round(Math.min(confidence, ramp(runs, 0.3, 0.7)), 2);
    if (sure < MIN_CONFIDENCE) {
      refuse(0.3 + sure, `no grid found that is sure enough: a grid of ${size} px a square would fit, but its lines run only ${Math.round(runs * 100)}% of their length (confidence ${sure})`);
      continue;
    }
    passing.push({ perSquare, confidence: sure, fits });
  }
  if (passing.length === 0) return { ok: false, reason: refusal };
  // The clearest grid; of two as clear, the smaller (its double is no more than every other line).
  passing.sort((p, q) => q.confidence - p.confidence || p.perSquare - q.perSquare);
  const clear = passing.filter((p) => p.confidence >= passing[0]!.confidence - 0.05).sort((p, q) => p.perSquare - q.perSquare);
  const chosen = clear[0]!;
  const rival = passing.find((p) => {
    const ratio = p.perSquare / chosen.perSquare;
    return p !== chosen && p.confidence >= chosen.confidence - 0.15 && Math.abs(ratio - Math.round(ratio)) > 0.03;
  });
  if (rival) {
    return { ok: false, reason: `no grid found that is sure enough: grids of ${round(chosen.perSquare, 1)} px and ${round(rival.perSquare, 1)} px a square fit about as well` };
  }
  const { perSquare, confidence, fits } = chosen;
  // Map makers draw lines on whole or half pixels: a centre within 0.15 px of one is that one (the
  // rest is compression noise), so a drawn grid lines up exactly.
  const drawn = (v: number) => (Math.abs(2 * v - Math.round(2 * v)) <= 0.3 ? Math.round(2 * v) / 2 : v);
  const offsetX = round(drawn(((fits.across.phase / scale) % perSquare + perSquare) % perSquare), 2) % perSquare;
  const offsetY = round(drawn(((fits.down.phase / scale) % perSquare + perSquare) % perSquare), 2) % perSquare;
  const grid: GridAlignment = { pixelsPerSquare: perSquare, offsetX, offsetY };
  const original = { width: Math.round(width / scale), height: Math.round(height / scale) };
  return { ok: true, grid, confidence, squares: squaresInPicture(original, grid) };
}
