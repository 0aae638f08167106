import { createSignal } from 'solid-js';
import { serializeEncounter } from '../../src-shared/io';
import { defaultPixelsPerSquare, EXPORT_FORMAT_INFO, exportNotices, type ExportFormat, type PictureChoice } from '../../src-shared/io/export';
import type { MapStyle } from '../../src-shared/render/map-style';
import type { Editor } from './editor';
import { exportNotice } from './wording';

/**
 * File › Export for another tool: whether the dialog is open, and the export itself. Kept apart from
 * the editor state: an export reads the document and writes files, it never changes the document.
 */
const [open, setOpen] = createSignal(false);
export const exportDialogOpen = open;
export const openExportDialog = () => setOpen(true);
export const closeExportDialog = () => setOpen(false);

export interface ExportChoice {
  format: ExportFormat;
  pixelsPerSquare: number;
  grid: boolean;
  creatures: boolean;
  /** The map image drawn in the rules' colours or the map style; starts as the window's view. */
  style: MapStyle;
  /** What goes out as the map's picture (the dialog offers it when the map has one). */
  picture: PictureChoice;
  /** Foundry: the rules drawn into the picture. */
  burnIn: boolean;
  /** GM notes go out too. */
  gmNotes: boolean;
  /** PNG, Universal VTT: labels drawn into the image. */
  labels: boolean;
}

export function defaultChoice(editor: Editor, format: ExportFormat): ExportChoice {
  const doc = editor.doc();
  return {
    format,
    pixelsPerSquare: doc ? defaultPixelsPerSquare(format, doc) : EXPORT_FORMAT_INFO[format].defaultPixelsPerSquare,
    grid: format === 'png',
    creatures: true,
    style: editor.mapStyle(),
    picture: 'original',
    burnIn: false,
    gmNotes: false,
    labels: false,
  };
}

/** Writes the export; the names written, null when the user cancelled. Errors are thrown with the reason. */
export async function runExport(editor: Editor, choice: ExportChoice): Promise<string[] | null> {
  const doc = editor.doc();
  if (!doc) return null;
  const info = EXPORT_FORMAT_INFO[choice.format];
  const written = await editor.platform.exportEncounter({
    encounterText: serializeEncounter(doc),
    format: choice.format,
    suggestedName: doc.name,
    ...(info.options.pixelsPerSquare ? { pixelsPerSquare: choice.pixelsPerSquare } : {}),
    ...(info.options.grid ? { grid: choice.grid } : {}),
    ...(info.options.creatures ? { creatures: choice.creatures } : {}),
    ...(choice.format !== 'tiled' ? { style: choice.style } : {}),
    picture: choice.picture,
    ...(info.options.burnIn ? { burnIn: choice.burnIn } : {}),
    ...(info.options.notes ? { gmNotes: choice.gmNotes } : {}),
    ...(info.options.labels ? { labels: choice.labels } : {}),
  });
  if (!written) return null;
  const lost = exportNotices(doc, choice.format, choice);
  editor.notify('info', [exportNotice(editor.platform.edition, written), ...lost].join(' '));
  return written.map((f) => f.name);
}

