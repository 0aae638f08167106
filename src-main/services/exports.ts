import path from 'node:path';
import { parseEncounter } from '../../src-shared/io';
import { EXPORT_FORMAT_INFO, exportEncounter, ExportProblem } from '../../src-shared/io/export';
import type { EncounterExportRequest, FileRef } from '../../src-shared/ipc';
import { FileProblem, writeFileAtomic } from './files';

/**
 * File › Export for another tool, on the desktop: the user picks the main file's name; images the
 * format needs (Foundry's background, Tiled's tileset) are written beside it under names the main
 * file refers to, each atomically, the main file last so it never points at a missing image.
 */
export async function writeEncounterExport(
  request: EncounterExportRequest,
  chooseTarget: (defaultName: string, typeName: string, extension: string) => Promise<string | null>,
  safeName: (name: string) => string,
): Promise<FileRef[] | null> {
  const parsed = parseEncounter(request.encounterText);
  if (!parsed.ok) throw new FileProblem(`Not exported: the encounter is not valid (${parsed.error}).`);
  const info = EXPORT_FORMAT_INFO[request.format];
  const chosen = await chooseTarget(`${safeName(request.suggestedName)}.${info.extension}`, info.typeName, info.extension);
  if (!chosen) return null;
  const extension = new RegExp(`\\.${info.extension}$`, 'i');
  const base = path.basename(chosen).replace(extension, '');
  const dir = path.dirname(chosen);
  let files;
  try {
    files = exportEncounter(parsed.encounter, request.format, base, {
      pixelsPerSquare: request.pixelsPerSquare,
      grid: request.grid,
      creatures: request.creatures,
    });
  } catch (e) {
    if (e instanceof ExportProblem) throw new FileProblem(`Not exported: ${e.message}.`);
    throw e;
  }
  for (const f of [...files.slice(1), files[0]!]) await writeFileAtomic(path.join(dir, f.name), f.bytes);
  return files.map((f) => ({ id: path.join(dir, f.name), name: f.name }));
}
