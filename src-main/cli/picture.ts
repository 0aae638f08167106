import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { serializeEncounter } from '../../src-shared/io';
import { checkPictureBytes, pictureFromBytes } from '../../src-shared/io/import/image';
import { DEFAULT_IMPORT_RULESET } from '../../src-shared/io/read';
import { LIMITS } from '../../src-shared/io/limits';
import { createEncounter, isRulesetId, MAX_MAP_SIDE, RULESET_IDS, squaresInPicture, type Encounter, type GridAlignment, type RulesetId } from '../../src-shared/model';
import { detectGrid, type GridDetection } from '../../src-shared/picture/grid-detect';
import { CliInputError, writeCliFile, type CliOptions } from './export';

/**
 * `encounter import map.jpg|map.png|map.webp`: a new map from a battle-map picture. The picture's
 * bytes are kept exactly (never decoded and encoded again); a reduced copy is decoded with sharp
 * (libvips: a JPEG shrinks while it loads) only to find the grid (issue 15 › Pictures in, › Grid
 * alignment).
 */

/** Longest side of the copy detection reads: enough for squares of 20 px on a 8192 px picture. */
export const DETECTION_SIDE = 2048;

const MIB = 1024 * 1024;
const one = (o: CliOptions, key: string): string | undefined => o.get(key)?.at(-1);

/** Whether a file starts like a PNG, JPEG or WebP picture (read from its first bytes only). */
export function isPictureFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(12);
    const n = readSync(fd, head, 0, 12, 0);
    if (n >= 8 && head.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) return true;
    if (n >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
    return n >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The picture's bytes and size, within the picture limits (the one check every picture path uses). */
function readPicture(file: string): { bytes: Uint8Array; width: number; height: number } {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    throw new CliInputError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  // Refused before reading: the same sentence checkPictureBytes gives for bytes over the limit.
  if (size > LIMITS.pictureBytes) throw new CliInputError(`${file}: the picture is ${(size / MIB).toFixed(1)} MiB, over the ${LIMITS.pictureBytes / MIB} MiB limit for a picture`);
  const bytes = new Uint8Array(readFileSync(file));
  const checked = checkPictureBytes(bytes);
  if (!checked.ok) throw new CliInputError(`${file}: ${checked.error}`);
  return { bytes, width: checked.width, height: checked.height };
}

/**
 * Detection on a copy decoded at most DETECTION_SIDE pixels a side (grey, which is what lines
 * change), answered in the picture's own pixels.
 */
export async function detectGridInPicture(bytes: Uint8Array, size: { width: number; height: number }): Promise<GridDetection> {
  // Loaded when a picture is imported: the rest of the CLI starts without the native library.
  const { default: sharp } = await import('sharp');
  const fit = Math.min(1, DETECTION_SIDE / Math.max(size.width, size.height));
  const image = sharp(bytes, { limitInputPixels: LIMITS.picturePixels, failOn: 'error' });
  const reduced = fit < 1 ? image.resize({ width: Math.max(1, Math.round(size.width * fit)), height: Math.max(1, Math.round(size.height * fit)), fit: 'fill' }) : image;
  const { data, info } = await reduced.greyscale().raw().toBuffer({ resolveWithObject: true });
  return detectGrid({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length), channels: 1 }, { scale: info.width / size.width });
}

/** The JSON `--detect-grid --json` prints: the grid, or null and why. */
export function detectionJson(found: GridDetection): string {
  const answer = found.ok
    ? { grid: { pixelsPerSquare: found.grid.pixelsPerSquare, offsetX: found.grid.offsetX, offsetY: found.grid.offsetY }, confidence: found.confidence, squares: found.squares }
    : { grid: null, reason: found.reason };
  return JSON.stringify(answer) + '\n';
}

function handGrid(options: CliOptions): GridAlignment | null {
  const perSquare = one(options, 'pixels-per-square');
  const offset = one(options, 'offset');
  if (perSquare === undefined) {
    if (offset !== undefined) throw new CliInputError('--offset X,Y goes with --pixels-per-square N');
    return null;
  }
  const n = Number(perSquare);
  if (perSquare.trim() === '' || !Number.isFinite(n) || n < 1 || n > LIMITS.pictureSide) throw new CliInputError(`--pixels-per-square "${perSquare}" is not a number of pixels from 1 to ${LIMITS.pictureSide}`);
  let offsetX = 0;
  let offsetY = 0;
  if (offset !== undefined) {
    const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(offset);
    if (!m) throw new CliInputError(`--offset "${offset}" is not a picture pixel; write X,Y`);
    offsetX = Number(m[1]);
    offsetY = Number(m[2]);
  }
  return { pixelsPerSquare: n, offsetX, offsetY };
}

function describe(found: GridDetection): string {
  if (!found.ok) return `${found.reason}\n`;
  const g = found.grid;
  return `grid: ${g.pixelsPerSquare} px a square, offset ${g.offsetX},${g.offsetY} (confidence ${found.confidence}); ${found.squares.width} × ${found.squares.height} squares\n`;
}

/** A new encounter whose map is the picture's squares, the picture under it as it came. */
export function encounterFromPicture(bytes: Uint8Array, grid: GridAlignment, name: string, ruleset: RulesetId): Encounter {
  const kept = pictureFromBytes(bytes);
  if (!kept.ok) throw new CliInputError(kept.error);
  const squares = squaresInPicture(kept.image, grid);
  if (squares.width > MAX_MAP_SIDE || squares.height > MAX_MAP_SIDE) {
    throw new CliInputError(`${grid.pixelsPerSquare} px a square makes ${squares.width} × ${squares.height} squares; a map has at most ${MAX_MAP_SIDE} a side, so give a larger --pixels-per-square`);
  }
  const encounter = createEncounter({ name, ruleset, width: squares.width, height: squares.height });
  encounter.picture = { ...kept.image, ...grid, opacity: 1 };
  return encounter;
}

/**
 * `encounter import <picture> [-o out.encounter] [--ruleset R] [--detect-grid] [--json]
 * [--pixels-per-square N [--offset X,Y]]`. Returns what to print and the exit code: 2 when `-o`
 * was asked for and no grid was found (nothing is written).
 */
export async function pictureImportCommand(file: string, options: CliOptions): Promise<{ out: string; err: string; code: number }> {
  const out = one(options, 'out');
  const detect = options.has('detect-grid');
  const json = options.has('json');
  const ruleset = one(options, 'ruleset');
  if (ruleset !== undefined && !isRulesetId(ruleset)) throw new CliInputError(`--ruleset is one of ${RULESET_IDS.join(', ')}`);
  const byHand = handGrid(options);
  if (byHand && detect) throw new CliInputError('--pixels-per-square sets the grid by hand; leave out --detect-grid, or leave out --pixels-per-square to detect it');
  if (!out && !detect) throw new CliInputError('-o <out.encounter> is required (or --detect-grid to only find the grid)');
  const { bytes, ...size } = readPicture(file);

  let grid = byHand;
  let printed = '';
  if (!grid) {
    let found: GridDetection;
    try {
      found = await detectGridInPicture(bytes, size);
    } catch (e) {
      throw new CliInputError(`${file}: the picture cannot be decoded (${(e as Error).message})`);
    }
    printed = json ? detectionJson(found) : describe(found);
    if (!found.ok) {
      if (!out) return { out: printed, err: '', code: 0 };
      return {
        out: json ? printed : '',
        err: `encounter: no grid found in ${file} (${found.reason.replace(/^no grid found:?\s*/, '')}); nothing written: give --pixels-per-square N [--offset X,Y]\n`,
        code: 2,
      };
    }
    grid = found.grid;
  }
  if (!out) return { out: printed, err: '', code: 0 };

  const name = path.basename(file).replace(/\.[^.]+$/, '') || 'Imported map';
  const encounter = encounterFromPicture(bytes, grid, name, (ruleset as RulesetId | undefined) ?? DEFAULT_IMPORT_RULESET);
  const target = /\.(encounter|json)$/i.test(out) ? out : `${out}.encounter`;
  await writeCliFile(target, serializeEncounter(encounter));
  const p = encounter.picture!;
  const wrote = `wrote ${target}: ${encounter.map.width} × ${encounter.map.height} squares under a ${p.width} × ${p.height} px ${p.mime.replace('image/', '').toUpperCase()} at ${p.pixelsPerSquare} px a square, offset ${p.offsetX},${p.offsetY}${byHand ? '' : ' (detected)'}\n`;
  // With --json stdout stays the JSON alone; the line goes to stderr.
  return json ? { out: printed, err: wrote, code: 0 } : { out: printed + wrote, err: '', code: 0 };
}
