import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { MAX_FILE_BYTES, readEncounterText, serializeEncounter } from '../../src-shared/io';
import { EXPORT_FORMATS, exportEncounter, ExportProblem, isExportFormat, mapSegments } from '../../src-shared/io/export';
import { Edge, isRulesetId, RULESET_IDS, SIDES, TERRAIN_NAMES, Terrain, terrainCounts, type Encounter, type RulesetId } from '../../src-shared/model';

/**
 * `encounter info`, `export` and `import`: files in, files out. Bad input throws `CliInputError`
 * (exit 2, one line on stderr).
 */
export class CliInputError extends Error {}

export type CliOptions = Map<string, string[]>;
const one = (o: CliOptions, key: string): string | undefined => o.get(key)?.at(-1);

/** Reads an encounter file, a text scenario or a Universal VTT map, refusing an oversized file before reading it. */
export function readInput(file: string, ruleset?: RulesetId): { encounter: Encounter; format: string; notes: string[] } {
  let text: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new CliInputError(`${file}: not a file`);
    if (stat.size > MAX_FILE_BYTES) throw new CliInputError(`${file}: ${(stat.size / 1048576).toFixed(1)} MiB is over the ${MAX_FILE_BYTES / 1048576} MiB limit`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof CliInputError) throw e;
    throw new CliInputError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const read = readEncounterText(text, file, ruleset);
  if (!read.ok) throw new CliInputError(`${file}: ${read.error}`);
  return { encounter: read.encounter, format: read.format, notes: read.notes ?? [] };
}

/** Writes beside the target and renames over it, so an interrupted export leaves no half file. */
export function writeAtomic(target: string, bytes: Uint8Array): void {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new CliInputError(`cannot write ${target}: ${(e as Error).message}`);
  }
}

export function summary(e: Encounter) {
  const bySide = Object.fromEntries(SIDES.map((s) => [s, e.creatures.filter((c) => c.side === s).length]));
  const counts = terrainCounts(e.map);
  const terrain = Object.fromEntries(TERRAIN_NAMES.map((n) => [n, counts.get(Terrain[n]) ?? 0]));
  const segments = mapSegments(e.map, { outline: false });
  const edges = (kind: number) => {
    let n = 0;
    for (const layer of [e.map.edgeEast, e.map.edgeSouth]) for (const v of layer) if (v === kind) n++;
    return n;
  };
  return {
    name: e.name,
    ruleset: e.ruleset,
    width: e.map.width,
    height: e.map.height,
    creatures: e.creatures.length,
    bySide,
    terrain,
    walls: edges(Edge.wall),
    lowObstacles: edges(Edge.low),
    doors: edges(Edge.doorClosed) + edges(Edge.doorOpen),
    wallSegments: segments.filter((s) => s.kind === 'wall').length,
    picture: e.picture ? { mime: e.picture.mime, width: e.picture.width, height: e.picture.height, pixelsPerSquare: e.picture.pixelsPerSquare, offsetX: e.picture.offsetX, offsetY: e.picture.offsetY } : null,
  };
}

export function infoCommand(file: string, json: boolean): string {
  const s = summary(readInput(file).encounter);
  if (json) return JSON.stringify(s) + '\n';
  const lines = [
    `${s.name} (${s.ruleset}), ${s.width} × ${s.height} squares`,
    `creatures: ${s.creatures} (${SIDES.map((side) => `${s.bySide[side]} ${side}`).join(', ')})`,
    `terrain: ${TERRAIN_NAMES.filter((n) => s.terrain[n]).map((n) => `${s.terrain[n]} ${n}`).join(', ')}`,
    `edges: ${s.walls} wall, ${s.lowObstacles} low obstacle, ${s.doors} door`,
  ];
  if (s.picture) lines.push(`map picture: ${s.picture.mime}, ${s.picture.width} × ${s.picture.height} px, ${s.picture.pixelsPerSquare} px a square, offset ${s.picture.offsetX},${s.picture.offsetY}`);
  return lines.join('\n') + '\n';
}

export function exportCommand(file: string, options: CliOptions): string {
  const to = one(options, 'to');
  if (!to || !isExportFormat(to)) throw new CliInputError(`--to is one of ${EXPORT_FORMATS.join(', ')}`);
  const out = one(options, 'out');
  if (!out) throw new CliInputError('-o <output file> is required');
  const pixels = one(options, 'pixels');
  if (pixels !== undefined && !/^\d+$/.test(pixels)) throw new CliInputError(`--pixels "${pixels}" is not a whole number`);
  const { encounter } = readInput(file);
  const dir = path.dirname(out);
  let files;
  try {
    files = exportEncounter(encounter, to, path.basename(out), {
      pixelsPerSquare: pixels === undefined ? undefined : Number(pixels),
      grid: options.has('no-grid') ? false : options.has('grid') ? true : undefined,
      creatures: !options.has('no-creatures'),
    });
  } catch (e) {
    if (e instanceof ExportProblem) throw new CliInputError(`cannot export ${file}: ${e.message}`);
    throw e;
  }
  // Companions first, so the main file never points at an image not yet written.
  for (const f of [...files.slice(1), files[0]!]) writeAtomic(path.join(dir, f.name), f.bytes);
  return files.map((f) => `wrote ${path.join(dir, f.name)} (${f.bytes.length} bytes)`).join('\n') + '\n';
}

export function importCommand(file: string, options: CliOptions): string {
  const out = one(options, 'out');
  if (!out) throw new CliInputError('-o <out.encounter> is required');
  const ruleset = one(options, 'ruleset');
  if (ruleset !== undefined && !isRulesetId(ruleset)) throw new CliInputError(`--ruleset is one of ${RULESET_IDS.join(', ')}`);
  const read = readInput(file, ruleset);
  const target = /\.(encounter|json)$/i.test(out) ? out : `${out}.encounter`;
  const text = serializeEncounter(read.encounter);
  writeAtomic(target, new TextEncoder().encode(text));
  const s = summary(read.encounter);
  return [`wrote ${target}: ${s.width} × ${s.height} squares, ${s.walls} wall edges, ${s.doors} doors, ${s.creatures} creatures (from ${read.format})`, ...read.notes.map((n) => `note: ${n}`)].join('\n') + '\n';
}
