import { batch, createEffect, createRoot, on } from 'solid-js';
import type { PlatformBridge } from '../../src-shared/ipc';
import { createChrome } from './chrome';
import { createCreatureEdits } from './creature-edits';
import { createDocument, resizeShift } from './document';
import { createKeyboardCursor } from './keyboard-cursor';
import { createLayerLocks } from './layers';
import { createMapLabels } from './map-labels';
import { createMapMenu } from './map-menu';
import { createMovement } from './movement';
import { footprintOf } from '../../src-shared/rules/sizes';
import { createPlay } from './play';
import { createPictures } from './pictures';
import { createRuler } from './ruler';
import { createRegions } from './regions';
import { createSelection, type LocateCreature } from './selection';
import { createStamps } from './stamps';
import { createTokenArt } from './token-art';
import { createToolState } from './tool';
import { createViewState } from './view-state';
import { squareAt } from './view';

export type { DialogId, Notice } from './chrome';
export type { Square } from './selection';
export type { ToolId } from './tool';
export type { LayerVisibility } from './view-state';

/**
 * The renderer's state, composed from one module per concern (see docs/editor-architecture.md):
 *  - chrome.ts       dialogs, notices, confirm, busy
 *  - document.ts     the document, its history, open / save / export
 *  - view-state.ts   zoom, pan, viewport, hover, grid and layer toggles (arithmetic in view.ts)
 *  - selection.ts    the selected creatures (a set) and the inspected square
 *  - tool.ts         the active tool and each tool's options
 *  - layers.ts       which layers are locked (a locked layer refuses edits)
 *  - play.ts         Play mode: the session, its board, log, undo and replay
 *  - movement.ts     the reach and hover path of the selected creature
 *  - creature-edits.ts  creature look-ups and edits as commands
 *  - regions.ts      the selected region of squares: copy, cut, paste, move, rotate, mirror, fill
 *  - stamps.ts       a region saved as a stamp; a picked stamp dropped on the map
 *  - token-art.ts    token pictures on creatures;  map-labels.ts  labels and notes on the map
 *  - ruler.ts        the free ruler (Edit and Play)
 *  - keyboard-cursor.ts  the square the arrow keys move in keyboard-cursor mode;  map-menu.ts  the map's context menu
 * Components receive the composed object so they stay simple; each concern lives in its module.
 *
 * The editor owns its memos and effects in a reactive root of its own (it is made before the page
 * is rendered, and tests make many): `dispose()` frees them all.
 */
export function createEditor(platform: PlatformBridge) {
  return createRoot((dispose) => ({ ...composeEditor(platform), dispose }));
}

function composeEditor(platform: PlatformBridge) {
  const chrome = createChrome();
  // The selection locates creatures in the document (declared below) so the inspector follows them.
  let locate: LocateCreature = () => null;
  const selection = createSelection((id) => locate(id));
  // The view and document refer to each other only through these two small callbacks.
  let mapSize: () => { width: number; height: number } | null = () => null;
  const view = createViewState(() => mapSize());
  let closePlay = () => {};
  const document = createDocument(platform, chrome, (loaded) => {
    movement.warmUpMovement(loaded);
    batch(() => {
      closePlay();
      if (loaded.play?.log.length) chrome.notify('info', `This encounter was played (${loaded.play.cursor} of ${loaded.play.log.length} log entries): Play mode (F5) resumes it.`);
      selection.clearSelection();
      movement.resetMoveRequest();
      view.setHover(null);
      view.fitWhenMeasured();
      keyboardCursor.leaveCursorMode();
      mapMenu.closeMapMenu();
    });
  });
  mapSize = () => document.doc()?.map ?? null;
  const keyboardCursor = createKeyboardCursor({
    mapSize: () => mapSize(),
    startSquare: () => {
      const q = selection.inspectedSquare();
      const vp = view.viewport();
      return q ?? squareAt(view.view(), { x: vp.width / 2, y: vp.height / 2 });
    },
  });
  const mapMenu = createMapMenu();
  // A resize, its undo and its redo alike move the view with the map (view-state.ts › followResize).
  createEffect(
    on(document.doc, (now, before) => {
      const shift = now && before ? resizeShift(before, now) : null;
      if (shift) view.followResize(before!.map, shift);
    }),
  );
  locate = (id) => {
    const d = document.doc();
    // By id (creature-edits' index per document version): the panels and layers ask after every edit.
    const c = creatures.creatureById(id);
    return d && c ? { x: c.x, y: c.y, side: footprintOf(d.ruleset, c.size).side } : null;
  };
  /** Zoom to selection: the selected creatures' spaces, or the inspected square when none is selected. */
  function zoomToSelection(): void {
    const spaces = [...selection.selectedIds()].map(locate).filter((at) => at !== null);
    const q = selection.inspectedSquare();
    if (!spaces.length && q) spaces.push({ ...q, side: 1 });
    if (!spaces.length) return;
    const x = Math.min(...spaces.map((a) => a.x));
    const y = Math.min(...spaces.map((a) => a.y));
    const width = Math.max(...spaces.map((a) => a.x + a.side)) - x;
    const height = Math.max(...spaces.map((a) => a.y + a.side)) - y;
    view.zoomToRect({ x, y, width, height });
  }
  const tools = createToolState();
  // Every edit goes through the layer locks (layers.ts): a locked layer refuses it with a notice.
  const locks = createLayerLocks(chrome.notify);
  const lockedExecute = locks.guardEdits(document.execute);
  const movement = createMovement(document.doc, selection.selectedCreature, view.hover);

  const play = createPlay({
    planned: document.doc,
    execute: lockedExecute,
    notify: chrome.notify,
    dismissNotices: (matches) => chrome.notices().forEach((n) => matches(n.text) && chrome.dismiss(n.id)),
    exportText: (request) => chrome.run('Exporting…', () => platform.exportFile(request)),
    hover: view.hover,
  });
  // Play mode (state/play.ts): the board shown is the session's, undo and redo step through its log,
  // map edits wait for Edit mode, and the session is stored with the encounter before it is saved or
  // left (so the unsaved-changes prompts see it).
  closePlay = play.closePlay;
  const playing = play.playing;
  // The keyboard cursor edits the map: it is put away in Play mode.
  createEffect(on(playing, (p) => p && keyboardCursor.leaveCursorMode(), { defer: true }));
  /** Every edit: refused in Play mode (except storing the session), then through the layer locks. */
  const execute = (cmd: Parameters<typeof document.execute>[0]): boolean => {
    if (playing() && cmd.type !== 'setPlay') {
      chrome.notify('error', 'The map is not edited in Play mode: press F5 to return to Edit mode.');
      return false;
    }
    const done = lockedExecute(cmd);
    // A played fight replays over the edited layout: the first edit says so once (play-session.ts).
    if (done && cmd.type !== 'setPlay') play.playEdited();
    return done;
  };
  const creatures = createCreatureEdits({
    doc: document.doc,
    execute,
    selectCreatures: selection.selectCreatures,
    selectedIds: selection.selectedIds,
    refuse: (text) => chrome.notify('warning', text),
    inform: (text) => chrome.notify('info', text),
  });
  // Regions of squares (issue 18 › 1): copy, cut, paste, move, rotate, mirror, fill.
  const regions = createRegions({
    doc: document.doc,
    execute,
    region: selection.region,
    setRegion: selection.setRegion,
    selectCreatures: selection.selectCreatures,
    notify: chrome.notify,
    selectedIds: selection.selectedIds,
    copyCreatures: creatures.copyCreatures,
    pasteCreatures: creatures.pasteCreatures,
    creatureClipboardSize: () => creatures.clipboard().length,
    showRegionTool: () => tools.setTool('region'),
  });
  // Stamps (issue 18 › 2): a region saved as one; a picked stamp follows the pointer until dropped.
  const stamps = createStamps({
    platform,
    doc: document.doc,
    execute,
    playing,
    region: selection.region,
    setRegion: selection.setRegion,
    selectCreatures: selection.selectCreatures,
    notify: chrome.notify,
    tool: tools.tool,
    setTool: tools.setTool,
  });
  // A region is the Region tool's: picking another tool drops it, so Delete there means creatures again.
  createEffect(on(tools.tool, (id) => id !== 'region' && selection.setRegion(null), { defer: true }));
  const tokenArt = createTokenArt({ doc: document.doc, execute, notify: chrome.notify });
  const mapLabels = createMapLabels({ doc: document.doc, execute });
  // Pictures in: import, new map from picture, detection, alignment (state/pictures.ts).
  const pictures = createPictures({ platform, chrome, doc: document.doc, execute, newEncounter: (o) => (play.syncPlay(), document.newEncounter(o)), setTool: tools.setTool });
  document.onPictureOpened(pictures.pictureOpened);
  const inPlay = {
    doc: () => (playing() ? (play.playBoard() ?? document.doc()) : document.doc()),
    execute,
    dirty: () => document.dirty() || play.playUnsynced(),
    undo: () => {
      if (playing()) return play.playUndo();
      // The region outline would stay where the edit put it while the squares go back: drop it.
      selection.setRegion(null);
      // Leaving Play stores the session as one edit step: undoing it in Edit mode would drop the
      // fight's whole log, so ask first.
      if (!document.undoRemovesPlay()) return document.undo();
      void chrome
        .confirm('This undo takes back the Play session stored with the encounter: its log and board go with it (redo brings them back). Undo it?', 'Undo the Play session')
        .then((ok) => ok && document.undo());
    },
    redo: () => (playing() ? play.playRedo() : (selection.setRegion(null), document.redo())),
    canUndo: () => (playing() ? play.playCanUndo() : document.canUndo()),
    canRedo: () => (playing() ? play.playCanRedo() : document.canRedo()),
    undoLabel: () => (playing() ? play.playUndoLabel() : document.undoLabel()),
    redoLabel: () => (playing() ? play.playRedoLabel() : document.redoLabel()),
    // The edit selection (and its reach overlay) does not carry into play.
    enterPlay: () => (selection.clearSelection(), play.enterPlay()),
    togglePlay: () => (playing() ? play.leavePlay() : (selection.clearSelection(), play.enterPlay())),
    save: (asNew?: boolean) => (play.syncPlay(), document.save(asNew)),
    newEncounter: (...a: Parameters<typeof document.newEncounter>) => (play.syncPlay(), document.newEncounter(...a)),
    open: () => (play.syncPlay(), document.open()),
    openRecent: (...a: Parameters<typeof document.openRecent>) => (play.syncPlay(), document.openRecent(...a)),
    openSample: (...a: Parameters<typeof document.openSample>) => (play.syncPlay(), document.openSample(...a)),
  };

  // The free ruler measures the board shown: the planned map in Edit mode, the fight's in Play.
  const ruler = createRuler(inPlay.doc);

  return { platform, ...chrome, ...document, ...view, zoomToSelection, ...selection, ...tools, ...locks, ...movement, ...creatures, ...regions, ...stamps, ...tokenArt, ...mapLabels, ...keyboardCursor, ...mapMenu, ...play, ...pictures, ...inPlay, ...ruler };
}

export type Editor = ReturnType<typeof createEditor>;
