import { batch } from 'solid-js';
import type { PlatformBridge } from '../../src-shared/ipc';
import { createChrome } from './chrome';
import { createCreatureEdits } from './creature-edits';
import { createDocument } from './document';
import { createMovement } from './movement';
import { footprintOf } from '../../src-shared/rules/sizes';
import { createSelection, type LocateCreature } from './selection';
import { createToolState } from './tool';
import { createViewState } from './view-state';

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
 *  - movement.ts     the reach and hover path of the selected creature
 *  - creature-edits.ts  creature look-ups and edits as commands
 * Components receive the composed object so they stay simple; each concern lives in its module.
 */
export function createEditor(platform: PlatformBridge) {
  const chrome = createChrome();
  // The selection locates creatures in the document (declared below) so the inspector follows them.
  let locate: LocateCreature = () => null;
  const selection = createSelection((id) => locate(id));
  // The view and document refer to each other only through these two small callbacks.
  let mapSize: () => { width: number; height: number } | null = () => null;
  const view = createViewState(() => mapSize());
  const document = createDocument(platform, chrome, (loaded) => {
    movement.warmUpMovement(loaded);
    batch(() => {
      selection.clearSelection();
      movement.resetMoveRequest();
      view.setHover(null);
      view.fitWhenMeasured();
    });
  });
  mapSize = () => document.doc()?.map ?? null;
  locate = (id) => {
    const d = document.doc();
    const c = d?.creatures.find((k) => k.id === id);
    return d && c ? { x: c.x, y: c.y, side: footprintOf(d.ruleset, c.size).side } : null;
  };
  const tools = createToolState();
  const movement = createMovement(document.doc, selection.selectedCreature, view.hover);
  const creatures = createCreatureEdits({
    doc: document.doc,
    execute: document.execute,
    selectCreatures: selection.selectCreatures,
    selectedIds: selection.selectedIds,
    refuse: (text) => chrome.notify('warning', text),
  });

  return { platform, ...chrome, ...document, ...view, ...selection, ...tools, ...movement, ...creatures };
}

export type Editor = ReturnType<typeof createEditor>;
