import { batch, createSignal } from 'solid-js';
import { History, type Command } from '../../src-shared/commands';
import { serializeEncounter } from '../../src-shared/io';
import type { FileRef, OpenedFile, OpenedPicture, PlatformBridge } from '../../src-shared/ipc';
import { createEncounter, type Encounter, type NewEncounterOptions } from '../../src-shared/model';
import type { Chrome } from './chrome';
import { exportNotice } from './wording';
import { engineWorker } from './engine-worker';
import { onBigRead, readEncounterFile } from './read-file';

/**
 * The open document and its history: every edit goes through `execute` as a command, so undo,
 * redo and the dirty flag come from one mechanism. Opening, saving and exporting live here too,
 * the only part of the renderer besides the recent list that talks to the platform bridge.
 */
export function createDocument(platform: PlatformBridge, chrome: Chrome, onLoad: (doc: Encounter) => void) {
  const { notify, run } = chrome;
  const history = new History(HISTORY_LIMIT);
  const [doc, setDoc] = createSignal<Encounter | null>(null);
  const [file, setFile] = createSignal<FileRef | null>(null);
  const [savedMarker, setSavedMarker] = createSignal<object | null>(null);
  // Bumped whenever the history changes, so undo/redo labels and the dirty flag re-read it.
  const [historyTick, setHistoryTick] = createSignal(0);
  const [recent, setRecent] = createSignal<FileRef[]>([]);
  /**
   * A big file is being read with no document open: the map area is set up meanwhile (the canvas's
   * first mount is one of the slow parts of opening), so the map is drawn as soon as it is read.
   */
  const [opening, setOpening] = createSignal(false);
  // While File › Open or a recent file is on its way (the bridge reads it first, to check it opens).
  let choosing = false;
  // The engine worker is started while the window is idle: loading its code (the file format and the
  // rules) takes a while, which the first big file opened should not wait for.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => engineWorker(), { timeout: 2000 });
  onBigRead(() => {
    // In a task of its own: the map area's set-up is not added to the task that started the read.
    if (choosing && !doc()) setTimeout(() => choosing && !doc() && setOpening(true));
  });
  const touched = () => setHistoryTick((t) => t + 1);
  // The commands behind the history's steps, beside it, so each new document can say which squares
  // it changed (`editedSquares`): the static layers redraw those without diffing whole arrays.
  let pastCommands: Command[] = [];
  let futureCommands: Command[] = [];

  const dirty = () => {
    historyTick();
    return doc() !== null && history.marker !== savedMarker();
  };
  const canUndo = () => (historyTick(), history.canUndo);
  /** The next undo would take back a stored Play session (its log), not a map edit. */
  const undoRemovesPlay = () => (historyTick(), history.nextUndo?.type === 'setPlay');
  const canRedo = () => (historyTick(), history.canRedo);
  const undoLabel = () => (historyTick(), history.undoLabel);
  const redoLabel = () => (historyTick(), history.redoLabel);

  /** Before replacing the document: go ahead when it is saved, else ask (Save, Discard or keep editing). */
  async function mayDiscard(): Promise<boolean> {
    if (!dirty()) return true;
    const answer = await chrome.confirmOr(`“${doc()!.name}” has unsaved changes. Save them first?`, 'Discard changes', 'Save');
    if (answer === 'other') return save();
    return answer;
  }

  function loadDocument(next: Encounter, from: FileRef | null): void {
    batch(() => {
      history.clear();
      pastCommands = [];
      futureCommands = [];
      setDoc(next);
      setFile(from);
      setSavedMarker(history.marker);
      touched();
      onLoad(next);
    });
  }

  /** Runs an edit through the history. A failing command leaves the document as it was. */
  function execute(cmd: Command): boolean {
    const current = doc();
    if (!current) return false;
    try {
      const next = history.execute(current, cmd);
      recordEdit(current, next, cmd);
      pastCommands.push(cmd);
      if (pastCommands.length > HISTORY_LIMIT) pastCommands.shift();
      futureCommands = [];
      batch(() => {
        setDoc(next);
        touched();
      });
      return true;
    } catch (e) {
      notify('error', (e as Error).message);
      return false;
    }
  }
  function undo(): void {
    const current = doc();
    if (!current || !history.canUndo) return;
    const cmd = pastCommands.pop();
    const next = history.undo(current);
    // The inverse of a step touches the same squares as the step.
    if (cmd) {
      recordEdit(current, next, cmd, true);
      futureCommands.push(cmd);
    }
    batch(() => {
      setDoc(next);
      touched();
    });
  }
  function redo(): void {
    const current = doc();
    if (!current || !history.canRedo) return;
    const cmd = futureCommands.pop();
    const next = history.redo(current);
    if (cmd) {
      recordEdit(current, next, cmd);
      pastCommands.push(cmd);
    }
    batch(() => {
      setDoc(next);
      touched();
    });
  }

  async function refreshRecent(): Promise<void> {
    try {
      setRecent(await platform.recentFiles());
    } catch {
      // A missing recent list is not worth an error message.
    }
  }

  /** At start: open the file the app was launched with, if any. */
  async function openLaunchFiles(): Promise<void> {
    try {
      const [first] = await platform.launchFiles();
      if (first) await openRecent(first);
    } catch (e) {
      notify('error', (e as Error).message);
    }
  }

  async function newEncounter(options: NewEncounterOptions): Promise<void> {
    if (!(await mayDiscard())) return;
    try {
      loadDocument(createEncounter(options), null);
      chrome.setDialog(null);
    } catch (e) {
      notify('error', (e as Error).message);
    }
  }

  /** Reads and opens a file's text (a big file is read off the main thread: read-file.ts). */
  async function openText(text: string, from: FileRef): Promise<boolean> {
    if (looksBinary(text)) {
      notify('error', `${from.name} could not be opened: it is not a text file (an encounter file is JSON text, a scenario plain text).`);
      return false;
    }
    const before = doc();
    try {
      const read = await readEncounterFile(text, from.name);
      // Edited while the file was read (the window does not freeze meanwhile): ask again first.
      if (doc() !== before && !(await mayDiscard())) return false;
      if (!read.ok) {
        notify('error', `${from.name} could not be opened: ${read.error}`);
        return false;
      }
      // A text scenario is imported: saving it writes a new encounter file, never over the text.
      loadDocument(read.encounter, read.format === 'file' ? from : null);
      notify('info', read.format === 'file' ? `Opened ${from.name}` : read.format === 'uvtt' ? `Imported the Universal VTT map ${from.name}: its walls, doors and picture` : `Imported the text scenario ${from.name}`);
      // What the loader changed to open it (a creature with a reserved id renamed): said, never silent.
      if (read.format === 'file') for (const note of read.notes ?? []) notify('info', note);
      return true;
    } finally {
      // After the document is in (so the map area stays), or on failure (back to the welcome page).
      setOpening(false);
    }
  }

  /** Opens one of the sample encounters shipped with the app. */
  async function openSample(name: string, text: string): Promise<void> {
    if (!(await mayDiscard())) return;
    const read = await readEncounterFile(text, name);
    if (read.ok) {
      loadDocument(read.encounter, null);
      notify('info', `Opened the sample ${read.encounter.name}`);
    } else notify('error', read.error);
  }

  /**
   * Opens an encounter that has no file yet (recovered work, a dropped file); `unsaved` marks it as
   * changed, so closing it asks first.
   */
  async function openUnsaved(next: Encounter, message: string, unsaved: boolean): Promise<boolean> {
    if (!(await mayDiscard())) return false;
    loadDocument(next, null);
    if (unsaved) {
      setSavedMarker({});
      setHistoryTick((t) => t + 1);
    }
    notify('info', message);
    return true;
  }

  /**
   * Opens what the platform hands over (the picked file, a recent one). A picture (File › Open or a
   * dropped one) is not opened as text: it goes to `pictures.ts`, which asks where it goes, so the
   * open map's unsaved changes are asked about only when a file would replace it.
   */
  async function openFrom(get: () => Promise<OpenedFile | null>): Promise<void> {
    choosing = true;
    let opened: OpenedFile | null | undefined;
    try {
      opened = await run('Opening…', get);
    } finally {
      choosing = false;
    }
    if (opened?.picture) {
      setOpening(false);
      await pictureOpened?.({ file: opened.file, picture: opened.picture });
    } else if (opened && (await mayDiscard())) {
      const chosen = opened;
      choosing = true;
      try {
        const done = await run('Opening…', () => openText(chosen.text, chosen.file));
        // What the main process did to the file before opening it (restored it after a killed save).
        if (done) for (const note of chosen.notes ?? []) notify('info', note);
      } finally {
        choosing = false;
      }
    }
    setOpening(false);
    await refreshRecent();
  }
  let pictureOpened: ((opened: OpenedPicture) => Promise<void>) | null = null;
  /** Who takes a picture that File › Open or a drop handed over (state/pictures.ts). */
  function onPictureOpened(handler: (opened: OpenedPicture) => Promise<void>): void {
    pictureOpened = handler;
  }
  const open = () => openFrom(() => platform.openEncounter());
  const openRecent = (ref: FileRef) => openFrom(() => platform.readEncounter(ref));

  async function save(asNew = false): Promise<boolean> {
    const current = doc();
    if (!current) return false;
    const marker = history.marker;
    const saved = await run('Saving…', () =>
      platform.saveEncounter({ file: asNew ? null : file(), suggestedName: current.name, text: serializeEncounter(current) }),
    );
    if (!saved) return false;
    batch(() => {
      setFile(saved);
      setSavedMarker(marker);
      touched();
    });
    notify('info', `Saved ${saved.name}`);
    await refreshRecent();
    return true;
  }

  /** The canvas registers how to render the map as a PNG (base64), for File › Export. */
  let mapImage: (() => string) | null = null;
  function setMapImageSource(source: (() => string) | null): void {
    mapImage = source;
  }

  async function exportFile(kind: 'json' | 'png'): Promise<void> {
    const current = doc();
    if (!current) return;
    const pngBase64 = kind === 'png' ? mapImage?.() : undefined;
    if (kind === 'png' && !pngBase64) {
      notify('error', 'The map image is not ready yet.');
      return;
    }
    const request =
      kind === 'json'
        ? { suggestedName: current.name, typeName: 'Encounter JSON', extensions: ['json'], text: serializeEncounter(current), encoding: 'utf8' as const }
        : { suggestedName: current.name, typeName: 'PNG image', extensions: ['png'], text: pngBase64 ?? '', encoding: 'base64' as const };
    const written = await run('Exporting…', () => platform.exportFile(request));
    if (written) notify('info', exportNotice(platform.edition, [written]));
  }

  return {
    doc,
    opening,
    file,
    dirty,
    canUndo,
    undoRemovesPlay,
    canRedo,
    undoLabel,
    redoLabel,
    execute,
    undo,
    redo,
    mayDiscard,
    newEncounter,
    open,
    openRecent,
    openLaunchFiles,
    openSample,
    openUnsaved,
    onPictureOpened,
    save,
    exportFile,
    setMapImageSource,
    recent,
    refreshRecent,
  };
}

/** Steps kept for undo (History's own default). */
const HISTORY_LIMIT = 500;

/**
 * The squares an edit changed, per layer array of the new document (the array object itself, so a
 * layer needs no layer names), or 'all' when the map was resized. Only for a document made by
 * `execute`, `undo` or `redo` from the one given: anything else (a load, Play mode's board) is null
 * and the caller compares arrays instead.
 */
/** Per layer array, the squares an edit wrote (map indices; a flood fill's are an Int32Array). */
export type EditedSquares = Map<ArrayLike<number>, ArrayLike<number>> | 'all';

const edits = new WeakMap<Encounter, { from: Encounter; cmd: Command; undone?: boolean; squares?: EditedSquares }>();

function recordEdit(from: Encounter, to: Encounter, cmd: Command, undone = false): void {
  if (from !== to) edits.set(to, { from, cmd, ...(undone ? { undone } : {}) });
}

/**
 * How far a map resize between two documents moved the squares that stayed (the anchor's offset;
 * negated when the resize was undone), or null when `to` is no resize of `from`: the view follows it.
 */
export function resizeShift(from: Encounter, to: Encounter): { dx: number; dy: number } | null {
  const known = edits.get(to);
  if (!known || known.from !== from) return null;
  const find = (c: Command): { dx: number; dy: number } | null =>
    c.type === 'resizeMap' ? { dx: c.dx, dy: c.dy } : c.type === 'batch' ? c.commands.map(find).find((s) => s !== null) ?? null : null;
  const shift = find(known.cmd);
  return shift && known.undone ? { dx: -shift.dx, dy: -shift.dy } : shift;
}

export function editedSquares(from: Encounter, to: Encounter): EditedSquares | null {
  const known = edits.get(to);
  if (!known || known.from !== from) return null;
  if (known.squares) return known.squares;
  const byLayer = new Map<string, ArrayLike<number>[]>();
  let all = false;
  const walk = (c: Command) => {
    if (c.type === 'resizeMap') all = true;
    else if (c.type === 'batch') c.commands.forEach(walk);
    else if (c.type === 'setSquares') {
      const list = byLayer.get(c.layer);
      if (list) list.push(c.indices);
      else byLayer.set(c.layer, [c.indices]);
    }
  };
  walk(known.cmd);
  let squares: EditedSquares = 'all';
  if (!all) {
    squares = new Map();
    for (const [layer, lists] of byLayer) {
      const array = (to.map as unknown as Record<string, ArrayLike<number> | undefined>)[layer];
      if (array) squares.set(array, lists.length === 1 ? lists[0]! : lists.flatMap((l) => Array.from(l)));
    }
  }
  known.squares = squares;
  return squares;
}

/** Binary data read as text: NUL bytes or undecodable characters near the start. */
export function looksBinary(text: string): boolean {
  const head = text.slice(0, 4096);
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) return true;
    if (c === 0xfffd || (c < 32 && c !== 9 && c !== 10 && c !== 13)) odd++;
  }
  return head.length > 0 && odd / head.length > 0.02;
}

export type DocumentState = ReturnType<typeof createDocument>;
