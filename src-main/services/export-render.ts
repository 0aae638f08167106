import { parseEncounter } from '../../src-shared/io';
import { exportEncounterWith, ExportProblem, type ExportedFile, type ExportFormat, type ExportOptions } from '../../src-shared/io/export';
import { sharpCodec } from './picture-decoder';

/** One export's work, without any file system: what the export thread runs (and the CLI could). */
export interface RenderRequest {
  encounterText: string;
  format: ExportFormat;
  /** The main file's name, or a bare name the format's ending is added to (`exportFileNames`). */
  fileName: string;
  options: ExportOptions;
}

export type RenderResult = { ok: true; files: ExportedFile[] } | { ok: false; error: string };

/** Parses the encounter and draws and encodes the export (decoding the picture when it draws on it). Never throws: a problem comes back as a sentence. */
export async function renderExport(request: RenderRequest): Promise<RenderResult> {
  const parsed = parseEncounter(request.encounterText);
  if (!parsed.ok) return { ok: false, error: `Not exported: the encounter is not valid (${parsed.error}).` };
  try {
    return { ok: true, files: await exportEncounterWith(parsed.encounter, request.format, request.fileName, request.options, sharpCodec) };
  } catch (e) {
    if (e instanceof ExportProblem) return { ok: false, error: `Not exported: ${e.message}.` };
    return { ok: false, error: `Not exported: ${(e as Error)?.message ?? String(e)}` };
  }
}
