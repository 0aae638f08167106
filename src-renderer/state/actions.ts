import type { Editor } from './editor';
import { openExportDialog } from './exports';

/**
 * Everything the user can do from a menu or a key, in one table: the menu bar, the keyboard
 * handler and the shortcuts dialog all read it, so a shortcut shown is a shortcut that works.
 */
export type MenuId = 'file' | 'edit' | 'view' | 'play' | 'help';

export interface AppAction {
  id: string;
  menu: MenuId;
  label: (editor: Editor) => string;
  /** The name in the shortcuts list when the menu's label names the step at hand ("Undo paint edges"). */
  shortcutLabel?: string;
  /** Key combinations, e.g. `Mod+S` (Mod is Ctrl, or ⌘ on macOS). The first is shown in menus. */
  keys?: string[];
  /**
   * A key the active tool answers for this item (the Region tool's R, H, V…): shown in the menu, not
   * bound here, so outside that tool the same letter still picks a tool.
   */
  toolKey?: string;
  enabled?: (editor: Editor) => boolean;
  /** For toggles: whether the item shows a tick. */
  checked?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  /** Starts a new group in its menu. */
  separatorBefore?: boolean;
}

const hasDoc = (e: Editor) => e.doc() !== null;
const fixed = (text: string) => () => text;
const hasSelection = (e: Editor) => e.selectedCreature() !== null;

export const ACTIONS: AppAction[] = [
  { id: 'file.new', menu: 'file', label: fixed('New encounter…'), keys: ['Mod+N'], run: (e) => e.setDialog('new') },
  { id: 'file.open', menu: 'file', label: fixed('Open…'), keys: ['Mod+O'], run: (e) => void e.open() },
  // Pictures in (state/pictures.ts, docs/pictures.md).
  { id: 'file.importPicture', menu: 'file', label: fixed('Import picture…'), enabled: (e) => hasDoc(e) && !e.playing(), run: (e) => void e.importPicture() },
  { id: 'file.newFromPicture', menu: 'file', label: fixed('New map from picture…'), run: (e) => void e.newMapFromPicture() },
  // library hook: the library browser (src-renderer/library)
  { id: 'file.library', menu: 'file', label: fixed('Library…'), keys: ['Mod+L'], run: (e) => e.openLibrary() },
  { id: 'file.save', menu: 'file', label: fixed('Save'), keys: ['Mod+S'], enabled: hasDoc, run: (e) => void e.save(), separatorBefore: true },
  { id: 'file.saveAs', menu: 'file', label: fixed('Save as…'), keys: ['Mod+Shift+S'], enabled: hasDoc, run: (e) => void e.save(true) },
  { id: 'file.exportJson', menu: 'file', label: fixed('Export encounter JSON…'), enabled: hasDoc, run: (e) => void e.exportFile('json'), separatorBefore: true },
  { id: 'file.exportPng', menu: 'file', label: fixed('Export map image (PNG)…'), keys: ['Mod+Shift+E'], enabled: hasDoc, run: (e) => void e.exportFile('png') },
  { id: 'file.export', menu: 'file', label: fixed('Export for Foundry, Universal VTT, Tiled, PNG…'), keys: ['Mod+E'], enabled: hasDoc, run: () => openExportDialog() },

  { id: 'edit.undo', menu: 'edit', label: (e) => (e.undoLabel() ? `Undo ${e.undoLabel()}` : 'Undo'), shortcutLabel: 'Undo the last step', keys: ['Mod+Z'], enabled: (e) => e.canUndo(), run: (e) => e.undo() },
  { id: 'edit.redo', menu: 'edit', label: (e) => (e.redoLabel() ? `Redo ${e.redoLabel()}` : 'Redo'), shortcutLabel: 'Redo the step undone', keys: ['Mod+Shift+Z', 'Mod+Y'], enabled: (e) => e.canRedo(), run: (e) => e.redo() },

  { id: 'edit.copy', menu: 'edit', label: (e) => (e.hasRegion() ? 'Copy region' : 'Copy creatures'), shortcutLabel: 'Copy creatures, or the region with everything on it', keys: ['Mod+C'], enabled: (e) => e.canCopy(), run: (e) => void e.copySelection(), separatorBefore: true },
  { id: 'edit.cut', menu: 'edit', label: fixed('Cut region'), shortcutLabel: 'Cut the region (copy it, then clear it)', keys: ['Mod+X'], enabled: (e) => e.hasRegion(), run: (e) => void e.cutRegion() },
  { id: 'edit.paste', menu: 'edit', label: (e) => (e.pasteKind() === 'region' ? 'Paste region at the pointer' : 'Paste creatures'), shortcutLabel: 'Paste creatures or a region at the pointer (the nearest free place)', keys: ['Mod+V'], enabled: (e) => hasDoc(e) && e.pasteKind() !== null, run: (e) => void e.pasteClipboard(e.hover()) },
  { id: 'edit.duplicate', menu: 'edit', label: fixed('Duplicate creatures'), keys: ['Mod+D'], enabled: hasSelection, run: (e) => void e.duplicateCreatures([...e.selectedIds()]) },
  { id: 'edit.delete', menu: 'edit', label: (e) => (e.hasRegion() ? 'Delete region' : 'Delete creatures'), shortcutLabel: 'Delete creatures, or clear the region', keys: ['Delete', 'Backspace'], enabled: (e) => e.hasRegion() || hasSelection(e), run: (e) => void (e.hasRegion() ? e.deleteRegion() : e.deleteCreatures([...e.selectedIds()])) },
  // Regions of squares (state/regions.ts); their keys are the Region tool's while a region is selected.
  { id: 'edit.regionRotate', menu: 'edit', label: fixed('Rotate region clockwise'), toolKey: 'R', enabled: (e) => e.hasRegion(), run: (e) => void e.rotateRegion(1), separatorBefore: true },
  { id: 'edit.regionRotateBack', menu: 'edit', label: fixed('Rotate region anticlockwise'), toolKey: 'Shift+R', enabled: (e) => e.hasRegion(), run: (e) => void e.rotateRegion(-1) },
  { id: 'edit.regionMirrorH', menu: 'edit', label: fixed('Mirror region left to right'), toolKey: 'H', enabled: (e) => e.hasRegion(), run: (e) => void e.mirrorRegion('horizontal') },
  { id: 'edit.regionMirrorV', menu: 'edit', label: fixed('Mirror region top to bottom'), toolKey: 'V', enabled: (e) => e.hasRegion(), run: (e) => void e.mirrorRegion('vertical') },
  { id: 'edit.regionFill', menu: 'edit', label: fixed('Fill region with the paint value'), toolKey: 'F', enabled: (e) => e.hasRegion(), run: (e) => void e.fillRegion() },
  // Stamps (state/stamps.ts, docs/stamps.md).
  { id: 'edit.saveStamp', menu: 'edit', label: fixed('Save region as stamp…'), enabled: (e) => e.canSaveStamp(), run: (e) => e.setSaveStampOpen(true) },
  { id: 'edit.selectAll', menu: 'edit', label: fixed('Select all creatures'), keys: ['Mod+A'], enabled: hasDoc, run: (e) => e.selectCreatures(e.doc()!.creatures.map((c) => c.id)) },

  { id: 'view.zoomIn', menu: 'view', label: fixed('Zoom in'), keys: ['Mod+=', 'Mod++'], enabled: hasDoc, run: (e) => e.zoomIn() },
  { id: 'view.zoomOut', menu: 'view', label: fixed('Zoom out'), keys: ['Mod+-'], enabled: hasDoc, run: (e) => e.zoomOut() },
  { id: 'view.fit', menu: 'view', label: fixed('Zoom to fit'), keys: ['Mod+0'], enabled: hasDoc, run: (e) => e.zoomToFit() },
  { id: 'view.actual', menu: 'view', label: fixed('Actual size'), keys: ['Mod+1'], enabled: hasDoc, run: (e) => e.actualSize() },
  { id: 'view.zoomSelection', menu: 'view', label: fixed('Zoom to selection'), keys: ['Mod+2'], enabled: (e) => hasDoc(e) && (e.selectedIds().size > 0 || e.inspectedSquare() !== null), run: (e) => e.zoomToSelection() },
  // Issue 18 › 4: the arrows move a cursor square on the map instead of panning (canvas/keyboard-cursor.ts).
  { id: 'view.keyboardCursor', menu: 'view', label: fixed('Keyboard cursor'), shortcutLabel: 'Keyboard cursor on the map (also Enter on the map; Esc leaves)', keys: ['K'], enabled: (e) => hasDoc(e) && !e.playing(), checked: (e) => e.cursorMode(), run: (e) => (e.cursorMode() ? e.leaveCursorMode() : e.enterCursorMode()) },
  { id: 'view.rulesView', menu: 'view', label: fixed('Rules view'), checked: (e) => e.mapStyle() === 'rules', run: (e) => e.setMapStyle('rules'), separatorBefore: true },
  { id: 'view.mapView', menu: 'view', label: fixed('Map view'), shortcutLabel: 'Map view / rules view', keys: ['Mod+M'], checked: (e) => e.mapStyle() === 'map', run: (e) => e.setMapStyle(e.mapStyle() === 'map' ? 'rules' : 'map') },
  { id: 'view.grid', menu: 'view', label: fixed('Show grid'), keys: ['Mod+G'], checked: (e) => e.showGrid(), run: (e) => e.setShowGrid(!e.showGrid()), separatorBefore: true },
  { id: 'view.layerTerrain', menu: 'view', label: fixed('Terrain layer'), checked: (e) => e.layers().terrain, run: (e) => e.setLayers({ ...e.layers(), terrain: !e.layers().terrain }) },
  // The same names as the Layers panel's (state/layers.ts).
  { id: 'view.layerWalls', menu: 'view', label: fixed('Edges layer'), checked: (e) => e.layers().walls, run: (e) => e.setLayers({ ...e.layers(), walls: !e.layers().walls }) },
  { id: 'view.layerCreatures', menu: 'view', label: fixed('Creatures layer'), checked: (e) => e.layers().creatures, run: (e) => e.setLayers({ ...e.layers(), creatures: !e.layers().creatures }) },
  // Off by default: in Edit mode a selected creature's reach covered the map being drawn. Play shows its own.
  { id: 'view.layerMovement', menu: 'view', label: fixed('Movement layer'), shortcutLabel: 'Show movement in Edit mode', keys: ['Mod+Shift+M'], checked: (e) => e.layers().overlays, run: (e) => e.setLayers({ ...e.layers(), overlays: !e.layers().overlays }) },
  { id: 'view.stamps', menu: 'view', label: fixed('Stamps palette'), checked: (e) => e.stampsPaletteOpen(), run: (e) => e.setStampsPaletteOpen(!e.stampsPaletteOpen()), separatorBefore: true },

  // Play mode (src-renderer/play, state/play.ts).
  { id: 'play.toggle', menu: 'play', label: (e) => (e.playing() ? 'Back to Edit mode' : 'Play mode'), keys: ['F5'], enabled: hasDoc, checked: (e) => e.playing(), run: (e) => e.togglePlay() },
  { id: 'play.next', menu: 'play', label: fixed('Next turn'), keys: ['Mod+Enter'], enabled: (e) => e.playing() && !!e.playState()?.order.length, run: (e) => void e.playAct({ kind: 'next-turn' }), separatorBefore: true },
  { id: 'play.replay', menu: 'play', label: fixed('Replay the fight'), enabled: (e) => e.playing() && e.playCanUndo(), run: (e) => e.replayPlay() },
  { id: 'play.reset', menu: 'play', label: fixed('Reset to the planned layout'), enabled: (e) => e.playing(), run: (e) => void e.confirm('Reset play: back to the planned layout, and the log is emptied. Continue?', 'Reset').then((ok) => ok && e.resetPlay()) },
  { id: 'play.exportText', menu: 'play', label: fixed('Export the log as text…'), enabled: (e) => e.playing() && !!e.playEntries().length, run: (e) => void e.exportPlayLog('text'), separatorBefore: true },
  { id: 'play.exportMarkdown', menu: 'play', label: fixed('Export the log as Markdown…'), enabled: (e) => e.playing() && !!e.playEntries().length, run: (e) => void e.exportPlayLog('markdown') },
  { id: 'play.travel', menu: 'play', label: fixed('Overland travel calculator (Epic Path)…'), run: (e) => e.setTravelOpen(true), separatorBefore: true },

  { id: 'help.shortcuts', menu: 'help', label: fixed('Keyboard shortcuts'), keys: ['F1', 'Shift+?'], run: (e) => e.setDialog('shortcuts') },
  { id: 'help.about', menu: 'help', label: fixed('About Encounter Builder'), run: (e) => e.setDialog('about') },
];

// Tool keys (V, H, B, C…) work without a modifier, like every drawing program; they are listed
// with the tools in canvas/tools/index.ts.

export const MENUS: { id: MenuId; label: string }[] = [
  { id: 'file', label: 'File' },
  { id: 'edit', label: 'Edit' },
  { id: 'view', label: 'View' },
  { id: 'play', label: 'Play' },
  { id: 'help', label: 'Help' },
];

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How a combination is shown to the user on this platform. */
export function displayKeys(combo: string): string {
  return combo
    .split('+')
    .map((part, i, all) => (part === '' && i === all.length - 1 ? '+' : part))
    .filter((p) => p !== '')
    .map((p) => (p === 'Mod' ? (isMac ? '⌘' : 'Ctrl') : p === 'Shift' && isMac ? '⇧' : p))
    .join(isMac ? '' : '+');
}

/** Whether a key event is this combination. */
export function matchesKeys(event: KeyboardEvent, combo: string): boolean {
  const parts = combo.split('+');
  const keyPart = combo.endsWith('++') ? '+' : parts[parts.length - 1]!;
  const mods = new Set(parts.slice(0, combo.endsWith('++') ? -2 : -1));
  const mod = isMac ? event.metaKey : event.ctrlKey;
  if (mods.has('Mod') !== mod) return false;
  if (!isMac && event.metaKey) return false;
  if (mods.has('Alt') !== event.altKey) return false;
  // Shift is implied by keys like "?" and "+"; only check it when the combination names it.
  if (mods.has('Shift') && !event.shiftKey) return false;
  if (!mods.has('Shift') && event.shiftKey && /^[A-Za-z0-9]$/.test(keyPart)) return false;
  return event.key.toLowerCase() === keyPart.toLowerCase();
}

export function actionForKey(event: KeyboardEvent): AppAction | undefined {
  return ACTIONS.find((a) => a.keys?.some((k) => matchesKeys(event, k)));
}
