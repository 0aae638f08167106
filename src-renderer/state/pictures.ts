import { batch, createSignal } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { OpenedPicture, PlatformBridge } from '../../src-shared/ipc';
import { MAX_MAP_SIDE, pictureToMap, squaresInPicture, type Encounter, type GridAlignment, type MapPicture, type NewEncounterOptions, type PictureFile } from '../../src-shared/model';
import type { Chrome } from './chrome';
import { calibratedAlignment, fitAlignment } from '../../src-shared/picture/alignment';
import { detectPictureGrid, type GridAnswer } from './picture-detect';

/** Pixels a square assumed for a picture with no grid found, before the user aligns it. */
export const UNALIGNED_PIXELS_PER_SQUARE = 100;

/** What the last detection said, shown with Accept / Adjust (or straight to the alignment tool). */
export interface GridReport {
  fileName: string;
  answer: GridAnswer;
}

/** A picture waiting for the New dialog (New map from picture…): its size in squares comes from its grid. */
export interface PendingNewMap {
  fileName: string;
  picture: PictureFile;
  grid: GridAlignment;
  squares: { width: number; height: number };
}

interface PictureDeps {
  platform: PlatformBridge;
  chrome: Chrome;
  doc: () => Encounter | null;
  execute: (cmd: Command) => boolean;
  newEncounter: (options: NewEncounterOptions) => Promise<void>;
  setTool: (id: string) => void;
}

/** The sentence a detection answer reads as: "Grid found: 100 px a square, offset 12, 40 — 92 % sure". */
export function gridAnswerText(answer: GridAnswer): string {
  if (!answer.ok) return `No grid found (${answer.reason}): line the picture up with the alignment tool.`;
  const g = answer.grid;
  const n = (v: number) => String(+v.toFixed(1));
  return `Grid found: ${n(g.pixelsPerSquare)} px a square, offset ${n(g.offsetX)}, ${n(g.offsetY)} — ${Math.round(answer.confidence * 100)} % sure`;
}

/**
 * Pictures in (docs/pictures.md): File › Import picture… (under the map), File › New map from
 * picture…, and a picture opened or dropped (asks which). Each runs grid detection first
 * (`picture-detect.ts`, in a worker), then imports as one undo step; the answer is kept in
 * `gridReport` for Accept / Adjust, and no grid found goes straight to the alignment tool.
 * `pictureDraft` is the alignment the alignment tool shows while a drag is under way.
 */
export function createPictures(deps: PictureDeps) {
  const { chrome, platform } = deps;
  const [gridReport, setGridReport] = createSignal<GridReport | null>(null);
  const [pendingNewMap, setPendingNewMap] = createSignal<PendingNewMap | null>(null);
  const [pictureDraft, setPictureDraft] = createSignal<GridAlignment | null>(null);
  // Two-click calibration: null when not calibrating, else the grid corners clicked so far (picture pixels).
  const [calibration, setCalibration] = createSignal<{ corners: { px: number; py: number }[] } | null>(null);

  async function detect(picture: PictureFile): Promise<GridAnswer> {
    try {
      return await detectPictureGrid(picture);
    } catch (e) {
      return { ok: false, reason: (e as Error).message };
    }
  }

  /** Puts a picture under the open map: one undo step ("Undo import picture"). */
  async function placeUnderMap(picture: PictureFile, fileName: string): Promise<boolean> {
    const map = deps.doc()?.map;
    if (!map) return false;
    const answer = (await chrome.run('Finding the grid…', () => detect(picture))) ?? { ok: false as const, reason: 'the detection failed' };
    const current = deps.doc();
    if (!current) return false;
    const align = answer.ok ? answer.grid : fitAlignment(picture, current.map);
    const placed: MapPicture = { ...picture, ...align, opacity: current.picture?.opacity ?? 1 };
    if (!deps.execute({ type: 'setPicture', picture: placed, label: 'import picture' })) return false;
    report(fileName, answer);
    return true;
  }

  /** The answer shows in the bar over the map (components/PictureAlignOptions.tsx), not as a notice too. */
  function report(fileName: string, answer: GridAnswer): void {
    setGridReport({ fileName, answer });
    if (!answer.ok) deps.setTool('picture-align');
  }

  /** Opens the New dialog sized from the picture (its grid, detected or assumed). */
  async function startNewMap(picture: PictureFile, fileName: string): Promise<void> {
    const answer = (await chrome.run('Finding the grid…', () => detect(picture))) ?? { ok: false as const, reason: 'the detection failed' };
    const grid = answer.ok ? answer.grid : { pixelsPerSquare: UNALIGNED_PIXELS_PER_SQUARE, offsetX: 0, offsetY: 0 };
    const fitted = answer.ok ? answer.squares : squaresInPicture(picture, grid);
    const squares = { width: Math.min(MAX_MAP_SIDE, fitted.width), height: Math.min(MAX_MAP_SIDE, fitted.height) };
    setGridReport({ fileName, answer });
    setPendingNewMap({ fileName, picture, grid, squares });
    chrome.setDialog('new');
  }

  /** The New dialog's Create with a picture waiting: the new map, then the picture as its first step. */
  async function createMapFromPicture(options: NewEncounterOptions): Promise<void> {
    const pending = pendingNewMap();
    if (!pending) return deps.newEncounter(options);
    const before = deps.doc();
    await deps.newEncounter(options);
    if (deps.doc() === before) return;
    setPendingNewMap(null);
    deps.execute({ type: 'setPicture', picture: { ...pending.picture, ...pending.grid, opacity: 1 }, label: 'import picture' });
    if (gridReport()?.answer.ok === false) deps.setTool('picture-align');
  }

  /** A picture chosen with File › Open or dropped: under this map, or a new map from it. */
  async function pictureOpened(opened: OpenedPicture): Promise<void> {
    if (!deps.doc()) return startNewMap(opened.picture, opened.file.name);
    const answer = await chrome.confirmOr(`${opened.file.name} is a picture. Put it under this map, or make a new map from it?`, 'Under this map', 'New map from picture');
    if (answer === true) await placeUnderMap(opened.picture, opened.file.name);
    else if (answer === 'other') await startNewMap(opened.picture, opened.file.name);
  }

  async function choosePicture(): Promise<OpenedPicture | null> {
    return (await chrome.run('Opening…', () => platform.openPicture())) ?? null;
  }

  /** One alignment change of the open map's picture (a drag, a field, a calibration): one undo step. */
  function alignPicture(change: Partial<GridAlignment> & { opacity?: number }): boolean {
    const p = deps.doc()?.picture;
    if (!p) return false;
    const next = { ...p, ...change };
    if (next.pixelsPerSquare === p.pixelsPerSquare && next.offsetX === p.offsetX && next.offsetY === p.offsetY && next.opacity === p.opacity) return false;
    const onlyOpacity = Object.keys(change).every((k) => k === 'opacity');
    return deps.execute({ type: 'setPicture', picture: next, label: onlyOpacity ? 'change picture opacity' : 'align picture' });
  }

  return {
    gridReport,
    calibration,
    startCalibration: () => setCalibration({ corners: [] }),
    cancelCalibration: () => setCalibration(null),
    /** A click of the calibration: the first two corners are kept, a third starts again from it. */
    addCalibrationCorner(corner: { px: number; py: number }): void {
      const c = calibration();
      if (!c) return;
      setCalibration({ corners: c.corners.length >= 2 ? [corner] : [...c.corners, corner] });
    },
    /**
     * The calibration's last step: the two corners are `squares` squares apart. The first lands on
     * the map's grid corner nearest where it was clicked. Returns the problem, or null when done.
     */
    applyCalibration(squares: number): string | null {
      const c = calibration();
      const p = deps.doc()?.picture;
      if (!c || c.corners.length < 2 || !p) return 'Click two grid corners of the picture first.';
      const at = pictureToMap(p, c.corners[0]!.px, c.corners[0]!.py);
      const align = calibratedAlignment(c.corners[0]!, c.corners[1]!, squares, { x: Math.round(at.x), y: Math.round(at.y) });
      if (typeof align === 'string') return align;
      setCalibration(null);
      alignPicture(align);
      return null;
    },
    dismissGridReport: () => setGridReport(null),
    pendingNewMap,
    /** The New dialog closed without a map: the picture and its detection answer are let go. */
    cancelNewMap: () => batch(() => (setPendingNewMap(null), setGridReport(null))),
    pictureDraft,
    setPictureDraft,
    /** File › Import picture…: under the open map. */
    async importPicture(): Promise<void> {
      const opened = await choosePicture();
      if (opened) await placeUnderMap(opened.picture, opened.file.name);
    },
    /** File › New map from picture…. */
    async newMapFromPicture(): Promise<void> {
      const opened = await choosePicture();
      if (opened) await startNewMap(opened.picture, opened.file.name);
    },
    pictureOpened,
    createMapFromPicture,
    /** Detect again (alignment tool): the answer replaces the alignment as one undo step when found. */
    async detectAgain(): Promise<void> {
      const p = deps.doc()?.picture;
      if (!p) return;
      const answer = (await chrome.run('Finding the grid…', () => detect(p))) ?? { ok: false as const, reason: 'the detection failed' };
      const now = deps.doc()?.picture;
      if (answer.ok && now) deps.execute({ type: 'setPicture', picture: { ...now, ...answer.grid }, label: 'align picture' });
      setGridReport({ fileName: 'The picture', answer });
    },
    alignPicture,
  };
}

export type Pictures = ReturnType<typeof createPictures>;
