import { batch } from 'solid-js';
import type { PlatformBridge } from '../../src-shared/ipc';
import { createChrome } from './chrome';
import { createCreatureEdits } from './creature-edits';
import { createDocument } from './document';
import { createLayerLocks } from './layers';
import { createMovement } from './movement';
import { createSelection } from './selection';
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
 *  - layers.ts       which layers are locked (a locked layer refuses edits)
 *  - movement.ts     the reach and hover path of the selected creature
 *  - creature-edits.ts  creature look-ups and edits as commands
 * Components receive the composed object so they stay simple; each concern lives in its module.
 */
export function createEditor(platform: PlatformBridge) {
  const chrome = createChrome();
  const selection = createSelection();
  // The view and document refer to each other only through these two small callbacks.
  let mapSize: () => { width: number; height: number } | null = () => null;
  const view = createViewState(() => mapSize());
  const document = createDocument(platform, chrome, () => {
    batch(() => {
      selection.clearSelection();
      view.setHover(null);
      view.fitWhenMeasured();
    });
  });
  mapSize = () => document.doc()?.map ?? null;
  const tools = createToolState();
  // Every edit goes through the layer locks (layers.ts): a locked layer refuses it with a notice.
  const locks = createLayerLocks(chrome.notify);
  const execute = locks.guardEdits(document.execute);
  const movement = createMovement(document.doc, selection.selectedCreature, view.hover);
  const creatures = createCreatureEdits(document.doc, execute, selection.setSelectedCreature);

  return { platform, ...chrome, ...document, execute, ...view, ...selection, ...tools, ...locks, ...movement, ...creatures };
}

export type Editor = ReturnType<typeof createEditor>;
