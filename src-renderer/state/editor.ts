import { batch, createMemo, createSignal } from 'solid-js';
import { History, type Command } from '../../src-shared/commands';
import { readEncounterText, serializeEncounter } from '../../src-shared/io';
import type { FileRef, PlatformBridge } from '../../src-shared/ipc';
import {
  createEncounter,
  isOnMap,
  makeCreature,
  RULESETS,
  squareIndex,
  Terrain,
  type Encounter,
  type NewEncounterOptions,
  type TerrainName,
} from '../../src-shared/model';
import { MoveRefused, planFlightPath, planPath, reachableSquares, type MoveRequest, type PathAnswer, type Reach, type ReachSquare } from '../../src-shared/rules';
import { footprintOf } from '../../src-shared/rules/sizes';
import { fitView, panBy, zoomAt, ZOOM_STEP, type Size, type View } from './view';

export type ToolId = 'select' | 'pan' | 'terrain' | 'creature';
export type DialogId = 'new' | 'about' | 'shortcuts' | null;
export interface Notice {
  id: number;
  kind: 'error' | 'info';
  text: string;
}
export interface Square {
  x: number;
  y: number;
}
export interface LayerVisibility {
  terrain: boolean;
  walls: boolean;
  creatures: boolean;
}
interface PendingConfirm {
  text: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/**
 * The renderer's state: the open document, its undo history, the file it came from, the view and
 * the active tool. Components read these signals and call these actions; only this layer talks to
 * the platform bridge.
 */
export function createEditor(platform: PlatformBridge) {
  const history = new History();
  const [doc, setDoc] = createSignal<Encounter | null>(null);
  const [file, setFile] = createSignal<FileRef | null>(null);
  const [savedMarker, setSavedMarker] = createSignal<object | null>(null);
  // Bumped whenever the history changes, so undo/redo labels and the dirty flag re-read it.
  const [historyTick, setHistoryTick] = createSignal(0);
  const [view, setView] = createSignal<View>({ zoom: 1, panX: 0, panY: 0 });
  const [viewport, setViewport] = createSignal<Size>({ width: 800, height: 600 });
  const [tool, setTool] = createSignal<ToolId>('select');
  const [brush, setBrush] = createSignal<TerrainName>('difficult');
  const [hover, setHover] = createSignal<Square | null>(null);
  const [selection, setSelection] = createSignal<Square | null>(null);
  const [showGrid, setShowGrid] = createSignal(true);
  const [layers, setLayers] = createSignal<LayerVisibility>({ terrain: true, walls: true, creatures: true });
  const [dialog, setDialog] = createSignal<DialogId>(null);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const [busy, setBusy] = createSignal<string | null>(null);
  const [recent, setRecent] = createSignal<FileRef[]>([]);
  const [confirmState, setConfirmState] = createSignal<PendingConfirm | null>(null);
  const [selectedCreature, setSelectedCreature] = createSignal<string | null>(null);
  const [moveRequest, setMoveRequest] = createSignal<MoveRequest>({ action: 'move' });
  let noticeId = 0;

  /** Where the selected creature can go with the chosen action, or why it cannot. */
  const reach = createMemo<{ reach: Reach } | { refused: string } | null>(() => {
    const d = doc();
    const id = selectedCreature();
    if (!d || !id || !d.creatures.some((c) => c.id === id)) return null;
    try {
      return { reach: reachableSquares(d, id, moveRequest()) };
    } catch (e) {
      if (e instanceof MoveRefused || (e as Error).name === 'DiceError') return { refused: (e as Error).message };
      return { refused: `The movement could not be worked out: ${(e as Error).message}` };
    }
  });

  /**
   * The reach as the map shows it: one entry per square (flight answers one per height: the
   * cheapest place to end is kept). Worked out once per reach, not on every redraw.
   */
  const reachOnMap = createMemo<ReachSquare[]>(() => {
    const r = reach();
    if (!r || !('reach' in r)) return [];
    const byXY = new Map<number, ReachSquare>();
    const W = doc()?.map.width ?? 0;
    for (const q of r.reach.squares) {
      const key = q.y * W + q.x;
      const known = byXY.get(key);
      if (!known || (q.end && !known.end) || (q.end === known.end && q.cost < known.cost)) byXY.set(key, q);
    }
    return [...byXY.values()];
  });

  /** The cheapest path to the square under the cursor, while a creature's movement is shown. */
  const hoverPath = createMemo<PathAnswer | null>(() => {
    const r = reach();
    const q = hover();
    const d = doc();
    const id = selectedCreature();
    if (!r || !('reach' in r) || !q || !d || !id) return null;
    const creature = d.creatures.find((c) => c.id === id);
    if (!creature || (creature.x === q.x && creature.y === q.y)) return null;
    const onMap = reachOnMap().find((s) => s.x === q.x && s.y === q.y);
    if (!onMap) return null;
    try {
      if (onMap.z !== undefined) {
        // Flight: the cheapest flight to the cube the map shows for this square.
        const flight = planFlightPath(d, id, { x: q.x, y: q.y, z: onMap.z }, moveRequest());
        return { legal: flight.legal, reason: flight.reason, breaksAt: flight.breaksAt, total: flight.total, unit: r.reach.unit, steps: flight.steps, provokes: [], stopsAt: null };
      }
      return planPath(d, id, q, moveRequest());
    } catch {
      return null;
    }
  });

  /** Places a new creature with the ruleset's usual speed on a square, and selects it. */
  function placeCreature(q: Square): void {
    const d = doc();
    if (!d || !isOnMap(d.map, q.x, q.y)) return;
    const ids = new Set(d.creatures.map((c) => c.id));
    let n = d.creatures.length + 1;
    while (ids.has(`C${n}`)) n++;
    const speed = RULESETS[d.ruleset].speedUnit === 'squares' ? 6 : 30;
    const creature = makeCreature({ id: `C${n}`, name: `Creature ${n}`, speed: { walk: speed }, x: q.x, y: q.y });
    if (execute({ type: 'addCreature', creature })) setSelectedCreature(creature.id);
  }

  /** Moves a creature so its top-left square is `q` (kept on the map), as one undoable step. */
  function moveCreature(id: string, q: Square): void {
    const d = doc();
    const c = d?.creatures.find((k) => k.id === id);
    if (!d || !c) return;
    const side = footprintOf(d.ruleset, c.size).side;
    const x = Math.max(0, Math.min(d.map.width - side, q.x));
    const y = Math.max(0, Math.min(d.map.height - side, q.y));
    if (x !== c.x || y !== c.y) execute({ type: 'updateCreature', id, changes: { x, y } });
  }

  /** The creature whose space covers a square (the smallest, when several share it). */
  function creatureAt(q: Square): string | null {
    const d = doc();
    if (!d) return null;
    let best: { id: string; side: number } | null = null;
    for (const c of d.creatures) {
      const side = footprintOf(d.ruleset, c.size).side;
      if (q.x >= c.x && q.x < c.x + side && q.y >= c.y && q.y < c.y + side && (!best || side < best.side)) best = { id: c.id, side };
    }
    return best?.id ?? null;
  }

  const dirty = () => {
    historyTick();
    return doc() !== null && history.marker !== savedMarker();
  };
  const canUndo = () => (historyTick(), history.canUndo);
  const canRedo = () => (historyTick(), history.canRedo);
  const undoLabel = () => (historyTick(), history.undoLabel);
  const redoLabel = () => (historyTick(), history.redoLabel);

  function notify(kind: Notice['kind'], text: string): void {
    const id = ++noticeId;
    setNotices((list) => [...list.slice(-4), { id, kind, text }]);
    if (kind === 'info') setTimeout(() => dismiss(id), 4000);
  }
  function dismiss(id: number): void {
    setNotices((list) => list.filter((n) => n.id !== id));
  }

  function confirm(text: string, confirmLabel: string): Promise<boolean> {
    return new Promise((resolve) => setConfirmState({ text, confirmLabel, resolve }));
  }
  function answerConfirm(ok: boolean): void {
    const pending = confirmState();
    setConfirmState(null);
    pending?.resolve(ok);
  }
  async function mayDiscard(): Promise<boolean> {
    if (!dirty()) return true;
    return confirm(`“${doc()!.name}” has unsaved changes. Discard them?`, 'Discard changes');
  }

  // A new document is fitted to the viewport once the canvas has measured it.
  let fitPending = false;
  function measureViewport(size: Size): void {
    batch(() => {
      setViewport(size);
      const d = doc();
      if (fitPending && d) {
        fitPending = false;
        setView(fitView(d.map.width, d.map.height, size));
      }
    });
  }

  function loadDocument(next: Encounter, from: FileRef | null): void {
    fitPending = true;
    batch(() => {
      history.clear();
      setSelectedCreature(null);
      setDoc(next);
      setFile(from);
      setSavedMarker(history.marker);
      setSelection(null);
      setHover(null);
      setHistoryTick((t) => t + 1);
      setView(fitView(next.map.width, next.map.height, viewport()));
    });
  }

  /** Runs an edit through the history. A failing command leaves the document as it was. */
  function execute(cmd: Command): boolean {
    const current = doc();
    if (!current) return false;
    try {
      const next = history.execute(current, cmd);
      batch(() => {
        setDoc(next);
        setHistoryTick((t) => t + 1);
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
    batch(() => {
      setDoc(history.undo(current));
      setHistoryTick((t) => t + 1);
    });
  }
  function redo(): void {
    const current = doc();
    if (!current || !history.canRedo) return;
    batch(() => {
      setDoc(history.redo(current));
      setHistoryTick((t) => t + 1);
    });
  }

  async function run<T>(label: string, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(label);
    try {
      return await work();
    } catch (e) {
      notify('error', (e as Error).message);
      return undefined;
    } finally {
      setBusy(null);
    }
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
      setDialog(null);
    } catch (e) {
      notify('error', (e as Error).message);
    }
  }

  function openText(text: string, from: FileRef): boolean {
    const read = readEncounterText(text, from.name);
    if (!read.ok) {
      notify('error', `${from.name} could not be opened: ${read.error}`);
      return false;
    }
    // A text scenario is imported: saving it writes a new encounter file, never over the text.
    loadDocument(read.encounter, read.format === 'file' ? from : null);
    notify('info', read.format === 'file' ? `Opened ${from.name}` : `Imported the text scenario ${from.name}`);
    return true;
  }

  /** Opens one of the sample encounters shipped with the app. */
  async function openSample(name: string, text: string): Promise<void> {
    if (!(await mayDiscard())) return;
    const read = readEncounterText(text, name);
    if (read.ok) {
      loadDocument(read.encounter, null);
      notify('info', `Opened the sample ${read.encounter.name}`);
    } else notify('error', read.error);
  }

  // library hook (autosave, drag and drop): opens an encounter that has no file yet; `unsaved`
  // marks it as changed (recovered work), so closing it asks first.
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

  async function open(): Promise<void> {
    if (!(await mayDiscard())) return;
    const opened = await run('Opening…', () => platform.openEncounter());
    if (opened) openText(opened.text, opened.file);
    await refreshRecent();
  }

  async function openRecent(ref: FileRef): Promise<void> {
    if (!(await mayDiscard())) return;
    const opened = await run('Opening…', () => platform.readEncounter(ref));
    if (opened) openText(opened.text, opened.file);
    await refreshRecent();
  }

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
      setHistoryTick((t) => t + 1);
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
    if (written) notify('info', `Exported ${written.name}`);
  }

  // View actions -----------------------------------------------------------------------------
  const centre = () => ({ x: viewport().width / 2, y: viewport().height / 2 });
  function zoomIn(anchor = centre()): void {
    setView((v) => zoomAt(v, ZOOM_STEP, anchor));
  }
  function zoomOut(anchor = centre()): void {
    setView((v) => zoomAt(v, 1 / ZOOM_STEP, anchor));
  }
  function zoomBy(factor: number, anchor = centre()): void {
    setView((v) => zoomAt(v, factor, anchor));
  }
  function zoomToFit(): void {
    const d = doc();
    if (d) setView(fitView(d.map.width, d.map.height, viewport()));
  }
  function actualSize(): void {
    setView((v) => zoomAt(v, 1 / v.zoom, centre()));
  }
  function pan(dx: number, dy: number): void {
    setView((v) => panBy(v, dx, dy));
  }

  // Painting ----------------------------------------------------------------------------------
  /** Paints the brush's terrain on squares; returns the command so a drag can gather strokes. */
  function terrainStroke(squares: readonly Square[]): Command | null {
    const d = doc();
    if (!d) return null;
    const value = Terrain[brush()];
    const indices: number[] = [];
    for (const s of squares) {
      if (!isOnMap(d.map, s.x, s.y)) continue;
      const i = squareIndex(d.map, s.x, s.y);
      if (d.map.terrain[i] !== value) indices.push(i);
    }
    return indices.length ? { type: 'setSquares', layer: 'terrain', indices, values: [value] } : null;
  }

  return {
    platform,
    // document
    doc,
    file,
    dirty,
    canUndo,
    canRedo,
    undoLabel,
    redoLabel,
    execute,
    undo,
    redo,
    newEncounter,
    open,
    openRecent,
    openLaunchFiles,
    openSample,
    save,
    exportFile,
    setMapImageSource,
    recent,
    refreshRecent,
    // view
    view,
    setView,
    viewport,
    measureViewport,
    zoomIn,
    zoomOut,
    zoomBy,
    zoomToFit,
    actualSize,
    pan,
    showGrid,
    setShowGrid,
    layers,
    setLayers,
    // tools
    tool,
    setTool,
    brush,
    setBrush,
    terrainStroke,
    hover,
    setHover,
    selectedCreature,
    setSelectedCreature,
    moveRequest,
    setMoveRequest,
    reach,
    reachOnMap,
    hoverPath,
    creatureAt,
    placeCreature,
    moveCreature,
    selection,
    setSelection,
    // chrome
    dialog,
    setDialog,
    notices,
    notify,
    dismiss,
    busy,
    confirmState,
    answerConfirm,
    mayDiscard,
    // library hook: the library browser asks its questions in the same confirm dialog
    confirmInPage: confirm,
    openUnsaved,
  };
}

export type Editor = ReturnType<typeof createEditor>;
