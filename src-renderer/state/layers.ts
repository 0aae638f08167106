import { createSignal } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { LayerVisibility } from './view-state';

/**
 * The layers as the Layers panel shows them: each can be shown or hidden (the visibility lives with
 * the view, `view-state.ts`) and locked (here). A locked layer refuses every edit with a notice, so
 * a designer can paint terrain without nudging a wall or a creature.
 */
export type LayerGroup = 'terrain' | 'elevation' | 'water' | 'edges' | 'creatures' | 'labels' | 'drawn' | 'overlays';

export interface LayerGroupInfo {
  id: LayerGroup;
  label: string;
  /** What it holds, for the tooltip. */
  holds: string;
  /** The visibility switch it flips. */
  visibility: keyof LayerVisibility;
  /** Overlays are not edited, so there is nothing to lock. */
  lockable: boolean;
}

export const LAYER_GROUPS: readonly LayerGroupInfo[] = [
  { id: 'terrain', label: 'Terrain', holds: 'terrain kind, surface, movement resistance, blockades', visibility: 'terrain', lockable: true },
  { id: 'elevation', label: 'Elevation', holds: 'ground heights: contour lines, heights, ledges', visibility: 'elevation', lockable: true },
  { id: 'water', label: 'Water', holds: 'water depth', visibility: 'water', lockable: true },
  { id: 'edges', label: 'Edges', holds: 'walls, low obstacles and doors', visibility: 'walls', lockable: true },
  { id: 'creatures', label: 'Creatures', holds: 'the creatures on the map', visibility: 'creatures', lockable: true },
  { id: 'labels', label: 'Labels and notes', holds: 'room names, warnings and GM notes', visibility: 'labels', lockable: true },
  { id: 'drawn', label: 'Drawn walls and lights', holds: "walls, doors, windows and lights as the map's drawing program drew them", visibility: 'drawn', lockable: true },
  { id: 'overlays', label: 'Movement', holds: "the selected creature's reach and path in Edit mode", visibility: 'overlays', lockable: false },
];

/** Which layer group a map array belongs to; anything else painted on squares counts as terrain. */
export function groupOfMapLayer(layer: string): LayerGroup {
  if (layer === 'elevation') return 'elevation';
  if (layer === 'waterDepth') return 'water';
  if (layer === 'edgeEast' || layer === 'edgeSouth') return 'edges';
  return 'terrain';
}

/** The layer groups a command would change. */
export function groupsOf(cmd: Command, into = new Set<LayerGroup>()): Set<LayerGroup> {
  switch (cmd.type) {
    case 'setSquares':
      into.add(groupOfMapLayer(cmd.layer));
      break;
    case 'addCreature':
    case 'removeCreature':
    case 'updateCreature':
      into.add('creatures');
      break;
    case 'resizeMap':
      for (const g of ['terrain', 'elevation', 'water', 'edges', 'creatures'] as const) into.add(g);
      break;
    case 'setLabels':
      into.add('labels');
      break;
    case 'setDrawn':
    case 'setLights':
      into.add('drawn');
      break;
    case 'batch':
      for (const c of cmd.commands) groupsOf(c, into);
      break;
    default:
      break;
  }
  return into;
}

export function createLayerLocks(notify: (kind: 'error' | 'info', text: string) => void) {
  const [locked, setLockedSet] = createSignal<ReadonlySet<LayerGroup>>(new Set());
  const isLocked = (g: LayerGroup) => locked().has(g);
  function setLocked(g: LayerGroup, on: boolean): void {
    const next = new Set(locked());
    if (on) next.add(g);
    else next.delete(g);
    setLockedSet(next);
  }
  /** The locked groups this command would touch; empty when it may run. */
  function blockedBy(cmd: Command): LayerGroup[] {
    if (!locked().size) return [];
    return [...groupsOf(cmd)].filter((g) => locked().has(g));
  }
  /** `execute`, refusing (with a notice) a command that would change a locked layer. */
  function guard(execute: (cmd: Command) => boolean): (cmd: Command) => boolean {
    return (cmd) => {
      const blocked = blockedBy(cmd);
      if (blocked.length) {
        const names = blocked.map((g) => LAYER_GROUPS.find((l) => l.id === g)!.label);
        notify('info', `${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'} locked: unlock ${names.length > 1 ? 'them' : 'it'} in the Layers panel to edit.`);
        return false;
      }
      return execute(cmd);
    };
  }
  return { lockedLayers: locked, isLocked, setLocked, blockedBy, guardEdits: guard };
}

export type LayerLocks = ReturnType<typeof createLayerLocks>;
