import path from 'node:path';
import { checkEncounterText } from '../../src-shared/io';
import { EXPORT_FORMAT_INFO, exportFileNames } from '../../src-shared/io/export';
import type { EncounterExportRequest, FileRef } from '../../src-shared/ipc';
import { renderInProcess, type ExportRenderer } from './export-runner';
import { FileProblem, filesInTheWay, listOfNames, writeFileAtomic } from './files';

/**
 * File › Export for another tool, on the desktop: the user picks the main file's name; images the
 * format needs (Foundry's background, Tiled's tileset) are written beside it under names the main
 * file refers to, each atomically, the main file last so it never points at a missing image. The
 * drawing and encoding run in `render` (in the app, a worker thread: seconds of PNG encoding must
 * not stop the main process from serving the window).
 */
export async function writeEncounterExport(
  request: EncounterExportRequest,
  chooseTarget: (defaultName: string, typeName: string, extension: string) => Promise<string | null>,
  safeName: (name: string) => string,
  render: ExportRenderer = renderInProcess,
  confirmReplace?: (names: string[]) => Promise<boolean>,
): Promise<FileRef[] | null> {
  // Checked before the dialog, so a bad encounter is refused without asking for a name.
  const checked = checkEncounterText(request.encounterText);
  if (!checked.ok) throw new FileProblem(`Not exported: the encounter is not valid (${checked.error}).`);
  const info = EXPORT_FORMAT_INFO[request.format];
  const chosen = await chooseTarget(exportFileNames(request.format, safeName(request.suggestedName)).main, info.typeName, info.extension);
  if (!chosen) return null;
  const dir = path.dirname(chosen);
  const rendered = await render({
    encounterText: request.encounterText,
    format: request.format,
    // The name the user chose (given the format's ending if they typed none); companions beside it.
    fileName: path.basename(chosen),
    options: { pixelsPerSquare: request.pixelsPerSquare, grid: request.grid, creatures: request.creatures, style: request.style, picture: request.picture, burnIn: request.burnIn, gmNotes: request.gmNotes, labels: request.labels },
  });
  if (!rendered.ok) throw new FileProblem(rendered.error);
  const files = rendered.files;
  // The dialog asked only about the name it saw: the ending added after it and every companion the
  // format writes are asked about here, all at once (issue 19 › 4).
  const inTheWay = await filesInTheWay(dir, files.map((f) => f.name), chosen);
  if (inTheWay.length) {
    if (!confirmReplace) throw new FileProblem(`Not exported: ${listOfNames(inTheWay)} already exist${inTheWay.length === 1 ? 's' : ''} in that folder; choose another name.`);
    if (!(await confirmReplace(inTheWay))) return null;
  }
  for (const f of [...files.slice(1), files[0]!]) await writeFileAtomic(path.join(dir, f.name), f.bytes);
  return files.map((f) => ({ id: path.join(dir, f.name), name: f.name }));
}
