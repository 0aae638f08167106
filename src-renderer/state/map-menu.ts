import { createSignal } from 'solid-js';
import type { Square } from './selection';

/**
 * The map's context menu (issue 18 › 3): what it was opened on. Right-click fills it from the
 * pointer, the Menu key or Shift+F10 from the keyboard cursor; the entries are built from it in
 * `canvas/map-menu.ts` and shown by `components/ContextMenu.tsx`.
 */
export interface MapMenuTarget {
  /** Where to show the menu, in window pixels. */
  at: { x: number; y: number };
  square: Square;
  /** The creature drawn under the pointer (or in the cursor square), if any. */
  creature: string | null;
  /** The wall, door or other edge near the pointer (or the cursor's facing edge), if there is one. */
  edge: { layer: 'edgeEast' | 'edgeSouth'; x: number; y: number } | null;
}

export function createMapMenu() {
  const [mapMenu, setMapMenu] = createSignal<MapMenuTarget | null>(null);
  return { mapMenu, openMapMenu: (target: MapMenuTarget) => setMapMenu(target), closeMapMenu: () => setMapMenu(null) };
}
