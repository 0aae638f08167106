import { Edge, type Encounter } from '../../model';
import type { MapStyle } from '../../render/map-style';
import { encodeUtf8 } from './base64';
import { foundryGridSize, foundryPicturePlacement, foundryScene } from './foundry';
import { exportedPicture, isWhole, pictureBytes, pictureExtension, type PictureChoice, type PictureCodec, type RgbaImage, type TextToDraw } from './picture';
import { ExportProblem, checkImageSize, drawPictureUnder, encodeImagePng, fitPixelsPerSquare, mapPng, type RgbImage } from './raster';
import { tiledMap } from './tiled';
import { uvttMap, uvttPictureFits } from './uvtt';

export * from './base64';
export * from './drawn';
export * from './foundry';
export * from './geometry';
export * from './palette';
export * from './picture';
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
  /** Which options the format takes (`burnIn`: the rules drawn into the picture; `notes`: GM notes can go out; `labels`: labels burnt into the image). */
  options: { pixelsPerSquare: boolean; grid: boolean; creatures: boolean; burnIn: boolean; notes: boolean; labels: boolean };
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
    options: { pixelsPerSquare: true, grid: true, creatures: false, burnIn: true, notes: true, labels: false },
    defaultPixelsPerSquare: 100,
    leavesOut: 'The map picture (the original file, or the drawn map) and token art are written beside the JSON, named after it (…-map.jpg, …-token-1.png): upload them to Foundry and fix the paths if you put them elsewhere. The rules go out as walls and Regions, not drawn into the picture unless you choose it. Labels are text drawings; GM notes go out only when chosen, hidden from players. Tokens have no actors. Hazards, water depth and falls are kept only under flags.',
  },
  'foundry-v12': {
    label: 'Foundry VTT scene (v12)',
    extension: 'json',
    ending: 'foundry-v12.json',
    typeName: 'Foundry VTT scene',
    options: { pixelsPerSquare: true, grid: true, creatures: false, burnIn: true, notes: true, labels: false },
    defaultPixelsPerSquare: 100,
    leavesOut: 'As for v13, without difficult-terrain Regions (v12 refuses a scene that has them); creatures sharing a square are half a square wide, the smallest token v12 takes.',
  },
  uvtt: {
    label: 'Universal VTT (.dd2vtt)',
    extension: 'dd2vtt',
    ending: 'dd2vtt',
    typeName: 'Universal VTT map',
    options: { pixelsPerSquare: true, grid: true, creatures: false, burnIn: false, notes: true, labels: true },
    defaultPixelsPerSquare: 70,
    leavesOut: 'Universal VTT has no field for creatures, elevation or terrain costs, nor for labels (they can be drawn into the picture): walls, doors, windows, lights and the picture travel (the picture as it is, at its own pixels per square, when its grid fits the map). It has no open door: every door goes out closed, and windows and low obstacles as windows (portals that do not block light).',
  },
  tiled: {
    label: 'Tiled map (.tmj)',
    extension: 'tmj',
    ending: 'tmj',
    typeName: 'Tiled map',
    options: { pixelsPerSquare: true, grid: false, creatures: false, burnIn: false, notes: true, labels: false },
    defaultPixelsPerSquare: 32,
    leavesOut: 'The tileset image and the map picture are written beside the map (with a picture, a tile is the picture\'s own pixels per square). Labels are text objects; GM notes go out only when chosen, in a hidden layer. Rules settings and lights are not carried.',
  },
  png: {
    label: 'PNG image',
    extension: 'png',
    ending: 'png',
    typeName: 'PNG image',
    options: { pixelsPerSquare: true, grid: true, creatures: true, burnIn: false, notes: true, labels: true },
    defaultPixelsPerSquare: 40,
    leavesOut: 'A picture only, the map picture under the rules: nothing can be read back from it. Labels are drawn only when chosen; lights are not drawn.',
  },
};

export interface ExportOptions {
  pixelsPerSquare?: number;
  grid?: boolean;
  creatures?: boolean;
  /** How the map image is drawn: the rules' colours (default) or the map style (`docs/map-style.md`). */
  style?: MapStyle;
  /** What goes out as the map's picture (default `original`). */
  picture?: PictureChoice;
  /** Foundry: the rules drawn into the picture, for tools without Regions (the picture is encoded again). */
  burnIn?: boolean;
  /** GM notes go out too (hidden from players where the format can hide them). */
  gmNotes?: boolean;
  /** PNG and Universal VTT: labels (and the notes that go out) burnt into the image. */
  labels?: boolean;
}

/** The formats whose image can have labels burnt in (the others carry labels as text). */
const BURNS_LABELS: ReadonlySet<ExportFormat> = new Set(['png', 'uvtt']);

/** The labels and notes an export shows: labels, notes for players, and GM notes when chosen. */
export function labelsShown(encounter: Encounter, options: ExportOptions): NonNullable<Encounter['labels']> {
  return (encounter.labels ?? []).filter((l) => l.kind === 'label' || l.forPlayers || options.gmNotes);
}

/** The text to burn into an image of `pps` pixels a square, when the user chose to and the format draws an image. */
export function labelsToBurn(encounter: Encounter, format: ExportFormat, options: ExportOptions, pps: number): TextToDraw[] {
  if (!options.labels || !BURNS_LABELS.has(format)) return [];
  const size = Math.max(10, Math.round(pps * 0.4));
  return labelsShown(encounter, options).map((l) => ({ text: l.text, x: l.x * pps, y: l.y * pps, size }));
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
 * Whether an export draws on the map's picture, so needs its pixels (`exportEncounterWith` decodes
 * it first): a PNG with the picture under the map, the rules burnt into it, a Universal VTT picture
 * whose grid does not fit, a Tiled picture whose squares are not whole pixels.
 */
export function needsDecodedPicture(encounter: Encounter, format: ExportFormat, options: ExportOptions = {}): boolean {
  const picture = exportedPicture(encounter, options.picture);
  if (!picture) return false;
  switch (format) {
    case 'foundry':
    case 'foundry-v12':
      return options.burnIn === true;
    case 'uvtt':
      // Labels burnt in mean drawing the image again.
      return uvttPictureFits(encounter, options.picture) === false || labelsToBurn(encounter, format, options, 1).length > 0;
    case 'tiled':
      return !isWhole(picture.pixelsPerSquare);
    case 'png':
      return true;
  }
}

/** Whether the map picture goes out as its own file, unchanged (so the export's pixels per square and grid do not apply to it). */
export function pictureGoesOutAsIs(encounter: Encounter, format: ExportFormat, options: ExportOptions = {}): boolean {
  return exportedPicture(encounter, options.picture) !== undefined && format !== 'png' && !needsDecodedPicture(encounter, format, options) && labelsToBurn(encounter, format, options, 1).length === 0;
}

/**
 * What an export cannot carry of this encounter, beyond what `leavesOut` says of every one: for the
 * notice after it is written.
 */
export function exportNotices(encounter: Encounter, format: ExportFormat, options: ExportOptions = {}): string[] {
  const notes: string[] = [];
  const picture = exportedPicture(encounter, options.picture);
  if (picture && needsDecodedPicture(encounter, format, options) && format !== 'png' && !(format === 'uvtt' && uvttPictureFits(encounter, options.picture))) {
    notes.push(
      format === 'uvtt'
        ? 'The picture was drawn again under the map and encoded as PNG: Universal VTT wants an image starting on a grid corner at whole pixels per square, and this picture\'s grid does not fit that.'
        : format === 'tiled'
          ? 'The picture was scaled to whole pixels per square and encoded as PNG: a Tiled image layer is not scaled.'
          : 'The rules were drawn into the picture, encoded as PNG: the original picture file was not used.',
    );
  }
  if ((format === 'foundry' || format === 'foundry-v12') && picture && !options.burnIn && !foundryPicturePlacement(picture, encounter.map, foundryGridSize(picture)).covers) {
    notes.push('The picture does not cover the whole map, so it is a Tile over the squares it covers, not the scene background.');
  }
  if (format === 'uvtt' && picture && uvttPictureFits(encounter, options.picture) && labelsToBurn(encounter, format, options, 1).length) {
    notes.push('The picture was drawn again with the labels on it and encoded as PNG: the original picture file was not used.');
  }
  if (format === 'uvtt') {
    let open = 0;
    for (const layer of [encounter.map.edgeEast, encounter.map.edgeSouth]) for (const e of layer) if (e === Edge.doorOpen) open++;
    if (open) notes.push(`${open === 1 ? 'One open door went' : `${open} open doors went`} out closed: Universal VTT has no open door.`);
    const labels = options.labels ? 0 : labelsShown(encounter, options).length;
    if (labels) notes.push(`${labels === 1 ? 'One label was' : `${labels} labels were`} left out: Universal VTT has no text (choose to draw them into the picture).`);
  }
  if ((format === 'png' || format === 'tiled') && encounter.lights?.length) notes.push(`${encounter.lights.length} lights were left out: ${EXPORT_FORMAT_INFO[format].typeName} has no lights.`);
  if (format === 'png' && !options.labels && labelsShown(encounter, options).length) notes.push('Labels were not drawn into the PNG (choose to draw them).');
  const hiddenNotes = (encounter.labels ?? []).filter((l) => l.kind === 'note' && !l.forPlayers).length;
  if (hiddenNotes && !options.gmNotes && EXPORT_FORMAT_INFO[format].options.notes) notes.push(`${hiddenNotes === 1 ? 'One GM note was' : `${hiddenNotes} GM notes were`} left out (not for players).`);
  return notes;
}

/**
 * The files an export makes, the main file first (named by `exportFileNames`); companions (the map
 * picture or image for Foundry, the tileset and picture for Tiled, token art) are named after its
 * stem and referenced by that name. `decoded` is the picture's pixels, which an export drawing on
 * the picture needs (`needsDecodedPicture`). Throws `ExportProblem` with a sentence for options that
 * cannot work (an image too large).
 */
export function exportEncounter(encounter: Encounter, format: ExportFormat, name: string, options: ExportOptions = {}, decoded?: RgbImage, textLayer?: RgbaImage): ExportedFile[] {
  const pps = options.pixelsPerSquare ?? defaultPixelsPerSquare(format, encounter);
  checkImageSize(encounter.map.width, encounter.map.height, pps);
  const { main, stem } = exportFileNames(format, name);
  const picture = exportedPicture(encounter, options.picture);
  if (needsDecodedPicture(encounter, format, options) && !decoded) throw new ExportProblem('this export draws on the map picture, and the picture could not be decoded here');
  const under = picture && decoded ? { image: decoded, placement: picture } : undefined;
  switch (format) {
    case 'foundry':
    case 'foundry-v12': {
      const v12 = format === 'foundry-v12';
      const files: ExportedFile[] = [];
      // Token art each under its own name, once however many creatures show it.
      const tokenTextures = new Map<string, string>();
      const used = new Set(encounter.creatures.map((c) => c.token));
      (encounter.tokenImages ?? []).forEach((t, i) => {
        if (!used.has(t.id)) return;
        const file = `${stem}-token-${i + 1}.${pictureExtension(t.mime)}`;
        tokenTextures.set(t.id, file);
        files.push({ name: file, bytes: pictureBytes(t) });
      });
      // Not `<stem>.png`: that is the PNG export's name, and one export would overwrite the other.
      if (picture && !options.burnIn) {
        const image = `${stem}-map.${pictureExtension(picture.mime)}`;
        const scene = foundryScene(encounter, { v12, imagePath: image, image: { kind: 'picture', picture }, tokenTextures, gmNotes: options.gmNotes });
        return [{ name: main, bytes: utf8(JSON.stringify(scene, null, 1) + '\n') }, { name: image, bytes: pictureBytes(picture) }, ...files];
      }
      const image = `${stem}-map.png`;
      const scene = foundryScene(encounter, { v12, imagePath: image, tokenTextures, gmNotes: options.gmNotes });
      const png = mapPng(encounter, { pixelsPerSquare: pps, grid: options.grid ?? false, creatures: false, picture: under, style: options.style });
      return [{ name: main, bytes: utf8(JSON.stringify(scene, null, 1) + '\n') }, { name: image, bytes: png }, ...files];
    }
    case 'uvtt':
      return [{ name: main, bytes: utf8(JSON.stringify(uvttMap(encounter, { pixelsPerSquare: pps, grid: options.grid ?? false, picture: options.picture, decoded, drawAgain: textLayer !== undefined, overlay: textLayer, style: options.style })) + '\n') }];
    case 'tiled': {
      const image = `${stem}-tiles.png`;
      let tiled;
      let pictureFile: ExportedFile | undefined;
      let layer: { image: string; offsetX: number; offsetY: number; opacity: number } | undefined;
      let T = pps;
      if (picture && isWhole(picture.pixelsPerSquare)) {
        // The picture at its own pixels: the tiles take its size.
        T = Math.round(picture.pixelsPerSquare);
        pictureFile = { name: `${stem}-picture.${pictureExtension(picture.mime)}`, bytes: pictureBytes(picture) };
        layer = { image: pictureFile.name, offsetX: picture.offsetX, offsetY: picture.offsetY, opacity: picture.opacity };
      } else if (picture && decoded) {
        const W = encounter.map.width * pps;
        const H = encounter.map.height * pps;
        const canvas: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3) };
        drawPictureUnder(canvas.data, W, H, pps, decoded, { ...picture, opacity: 1 });
        pictureFile = { name: `${stem}-picture.png`, bytes: encodeImagePng(canvas) };
        layer = { image: pictureFile.name, offsetX: 0, offsetY: 0, opacity: picture.opacity };
      }
      try {
        tiled = tiledMap(encounter, { pixelsPerSquare: T, tilesetImage: image, picture: layer, gmNotes: options.gmNotes });
      } catch (e) {
        throw new ExportProblem((e as Error).message);
      }
      return [
        { name: main, bytes: utf8(JSON.stringify(tiled.map, null, 1) + '\n') },
        { name: image, bytes: tiled.tilesetPng },
        ...(pictureFile ? [pictureFile] : []),
      ];
    }
    case 'png':
      return [{ name: main, bytes: mapPng(encounter, { pixelsPerSquare: pps, grid: options.grid ?? true, creatures: options.creatures ?? true, picture: under, overlay: textLayer, style: options.style }) }];
  }
}

/**
 * `exportEncounter`, decoding the map's picture first when the export draws on it and painting the
 * labels to burn in, with the edition's `codec`.
 */
export async function exportEncounterWith(
  encounter: Encounter,
  format: ExportFormat,
  name: string,
  options: ExportOptions,
  codec: PictureCodec | undefined,
): Promise<ExportedFile[]> {
  let decoded: RgbImage | undefined;
  let textLayer: RgbaImage | undefined;
  const picture = exportedPicture(encounter, options.picture);
  const pps = options.pixelsPerSquare ?? defaultPixelsPerSquare(format, encounter);
  const texts = labelsToBurn(encounter, format, options, pps);
  if ((picture && needsDecodedPicture(encounter, format, options)) || texts.length) {
    if (!codec) throw new ExportProblem('this export draws on the map picture or its labels, and no picture decoder is available here');
    checkImageSize(encounter.map.width, encounter.map.height, pps);
    try {
      if (picture && needsDecodedPicture(encounter, format, options)) decoded = await codec.decode(picture);
    } catch (e) {
      throw new ExportProblem(`the map picture could not be decoded (${(e as Error).message})`);
    }
    if (texts.length) textLayer = await codec.paintText(encounter.map.width * pps, encounter.map.height * pps, texts);
  }
  return exportEncounter(encounter, format, name, options, decoded, textLayer);
}
