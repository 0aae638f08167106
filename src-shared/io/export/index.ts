import type { Encounter } from '../../model';
import type { MapStyle } from '../../render/map-style';
import { encodeUtf8 } from './base64';
import { foundryScene } from './foundry';
import { ExportProblem, checkImageSize, fitPixelsPerSquare, mapPng } from './raster';
import { tiledMap } from './tiled';
import { uvttMap } from './uvtt';

export * from './base64';
export * from './foundry';
export * from './geometry';
export * from './palette';
export * from './raster';
export * from './tiled';
export * from './uvtt';

export const EXPORT_FORMATS = ['foundry', 'foundry-v12', 'uvtt', 'tiled', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

export interface ExportFormatInfo {
  label: string;
  /** The main file's extension, without the dot (the save dialog's filter). */
  extension: string;
  /**
   * The default name's ending, without the first dot: each format its own, so two exports of one
   * encounter never share a name (a Foundry scene and our encounter JSON are both `.json`).
   */
  ending: string;
  typeName: string;
  /** Which options the format takes. */
  options: { pixelsPerSquare: boolean; grid: boolean; creatures: boolean };
  /** The default pixels per square (for the image the format carries). */
  defaultPixelsPerSquare: number;
  /** What the format cannot carry, said in the export dialog and `docs/formats.md`. */
  leavesOut: string;
}

export const EXPORT_FORMAT_INFO: Readonly<Record<ExportFormat, ExportFormatInfo>> = {
  foundry: {
    label: 'Foundry VTT scene (v13)',
    extension: 'json',
    ending: 'foundry.json',
    typeName: 'Foundry VTT scene',
    options: { pixelsPerSquare: true, grid: true, creatures: false },
    defaultPixelsPerSquare: 100,
    leavesOut: 'The map image is written beside the JSON, named after it (…-map.png): upload it to Foundry and fix the background path if you put it elsewhere. Tokens have no actors. Hazards, water depth and falls are kept only under flags.',
  },
  'foundry-v12': {
    label: 'Foundry VTT scene (v12)',
    extension: 'json',
    ending: 'foundry-v12.json',
    typeName: 'Foundry VTT scene',
    options: { pixelsPerSquare: true, grid: true, creatures: false },
    defaultPixelsPerSquare: 100,
    leavesOut: 'As for v13, without difficult-terrain Regions (v12 refuses a scene that has them); creatures sharing a square are half a square wide, the smallest token v12 takes.',
  },
  uvtt: {
    label: 'Universal VTT (.dd2vtt)',
    extension: 'dd2vtt',
    ending: 'dd2vtt',
    typeName: 'Universal VTT map',
    options: { pixelsPerSquare: true, grid: true, creatures: false },
    defaultPixelsPerSquare: 70,
    leavesOut: 'Universal VTT has no field for creatures, elevation or terrain costs: only walls, doors and the picture travel. Open doors, low obstacles and windows go out as open portals (they do not block light): the Foundry importer builds them as windows, which stop movement but not sight, Owlbear Rodeo as open doors.',
  },
  tiled: {
    label: 'Tiled map (.tmj)',
    extension: 'tmj',
    ending: 'tmj',
    typeName: 'Tiled map',
    options: { pixelsPerSquare: true, grid: false, creatures: false },
    defaultPixelsPerSquare: 32,
    leavesOut: 'The tileset image is written beside the map. Rules settings and notes are not carried.',
  },
  png: {
    label: 'PNG image',
    extension: 'png',
    ending: 'png',
    typeName: 'PNG image',
    options: { pixelsPerSquare: true, grid: true, creatures: true },
    defaultPixelsPerSquare: 40,
    leavesOut: 'A picture only: nothing can be read back from it.',
  },
};

export interface ExportOptions {
  pixelsPerSquare?: number;
  grid?: boolean;
  creatures?: boolean;
  /** How the map image is drawn: the rules' colours (default) or the map style (`docs/map-style.md`). */
  style?: MapStyle;
}

export interface ExportedFile {
  /** File name: `<base>.<extension>` for the main file, companions beside it. */
  name: string;
  bytes: Uint8Array;
}

const utf8 = encodeUtf8;

/** The default pixels per square for a format and map, shrunk so the image stays in bounds. */
export function defaultPixelsPerSquare(format: ExportFormat, encounter: Encounter): number {
  return fitPixelsPerSquare(encounter.map.width, encounter.map.height, EXPORT_FORMAT_INFO[format].defaultPixelsPerSquare);
}

/**
 * The main file's name and the stem its companions are named after. `name` is a file name the user
 * chose (kept as it is when it has the format's extension) or a bare name (given the format's
 * ending): "Gate" → `Gate.foundry.json` with `Gate.foundry-map.png`; "my-scene.json" → itself with
 * `my-scene-map.png`.
 */
export function exportFileNames(format: ExportFormat, name: string): { main: string; stem: string } {
  const info = EXPORT_FORMAT_INFO[format];
  const extension = `.${info.extension}`;
  const main = name.toLowerCase().endsWith(extension) && name.length > extension.length ? name : `${name}.${info.ending}`;
  return { main, stem: main.slice(0, main.length - extension.length) };
}

/**
 * The files an export makes, the main file first (named by `exportFileNames`); companions (the map
 * image for Foundry, the tileset image for Tiled) are named after its stem and referenced by that
 * name. Throws `ExportProblem` with a sentence for options that cannot work (an image too large).
 */
export function exportEncounter(encounter: Encounter, format: ExportFormat, name: string, options: ExportOptions = {}): ExportedFile[] {
  const pps = options.pixelsPerSquare ?? defaultPixelsPerSquare(format, encounter);
  checkImageSize(encounter.map.width, encounter.map.height, pps);
  const { main, stem } = exportFileNames(format, name);
  switch (format) {
    case 'foundry':
    case 'foundry-v12': {
      // Not `<stem>.png`: that is the PNG export's name, and one export would overwrite the other.
      const image = `${stem}-map.png`;
      const scene = foundryScene(encounter, { v12: format === 'foundry-v12', imagePath: image });
      const png = mapPng(encounter, { pixelsPerSquare: pps, grid: options.grid ?? false, creatures: false, style: options.style });
      return [
        { name: main, bytes: utf8(JSON.stringify(scene, null, 1) + '\n') },
        { name: image, bytes: png },
      ];
    }
    case 'uvtt':
      return [{ name: main, bytes: utf8(JSON.stringify(uvttMap(encounter, { pixelsPerSquare: pps, grid: options.grid ?? false, style: options.style })) + '\n') }];
    case 'tiled': {
      const image = `${stem}-tiles.png`;
      let tiled;
      try {
        tiled = tiledMap(encounter, { pixelsPerSquare: pps, tilesetImage: image });
      } catch (e) {
        throw new ExportProblem((e as Error).message);
      }
      return [
        { name: main, bytes: utf8(JSON.stringify(tiled.map, null, 1) + '\n') },
        { name: image, bytes: tiled.tilesetPng },
      ];
    }
    case 'png':
      return [{ name: main, bytes: mapPng(encounter, { pixelsPerSquare: pps, grid: options.grid ?? true, creatures: options.creatures ?? true, style: options.style }) }];
  }
}
