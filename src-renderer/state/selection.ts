import { batch, createSignal, untrack } from 'solid-js';
import type { SquareRegion } from '../../src-shared/model/map-piece';

export interface Square {
  x: number;
  y: number;
}

/** Where a creature stands: its top-left square and squares per side. */
export type LocateCreature = (id: string) => (Square & { side: number }) | null;

/**
 * What the user has picked: a set of creatures (box select and Shift-click add more) and the square
 * the inspector shows. Tools change it; panels read it. The inspected square follows the selected
 * creature: it is the square clicked while that lies in the creature's space, else the creature's
 * own (top-left) square, so selecting by Tab, from a list or after a move shows the right square.
 */
export function createSelection(locate?: LocateCreature) {
  const [selectedIds, setSelectedIds] = createSignal<ReadonlySet<string>>(new Set<string>());
  const [clicked, setInspectedSquare] = createSignal<Square | null>(null);
  /**
   * The squares selected with the Region tool (marquee, lasso, wand), with everything on them; null:
   * none. Region edits (state/regions.ts) act on it and move it with the squares they move.
   */
  const [region, setRegionRaw] = createSignal<SquareRegion | null>(null);
  /**
   * Selects a region of squares; an empty one is none. A region chosen (a marquee, a lasso, the wand,
   * the map menu's "select the region of its kind") replaces a creature selection made before it, so
   * no Select tool ring stays beside the region (the region edits then select the creatures they
   * carried, after this).
   */
  const setRegion = (r: SquareRegion | null) => {
    const chosen = r && r.mask.includes(1) ? r : null;
    batch(() => {
      if (chosen) {
        if (untrack(selectedIds).size) setSelectedIds(new Set<string>());
        setInspectedSquare(null);
      }
      setRegionRaw(chosen);
    });
  };

  /** The creature the panels and the movement overlay show: the first selected one still there. */
  const selectedCreature = (): string | null => {
    for (const id of selectedIds()) if (!locate || locate(id)) return id;
    return null;
  };
  const inspectedSquare = (): Square | null => {
    const q = clicked();
    const id = selectedCreature();
    const at = id && locate ? locate(id) : null;
    if (!at) return q;
    if (q && q.x >= at.x && q.x < at.x + at.side && q.y >= at.y && q.y < at.y + at.side) return q;
    return { x: at.x, y: at.y };
  };
  /** Selects exactly this creature, or nothing. */
  function setSelectedCreature(id: string | null): void {
    setSelectedIds(id ? new Set([id]) : new Set<string>());
  }
  function selectCreatures(ids: Iterable<string>): void {
    setSelectedIds(new Set(ids));
  }
  /** Shift-click: adds a creature to the selection, or takes it out. */
  function toggleCreature(id: string): void {
    const next = new Set(selectedIds());
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelectedIds(next);
  }
  const isSelected = (id: string) => selectedIds().has(id);
  function clearSelection(): void {
    setSelectedIds(new Set<string>());
    setInspectedSquare(null);
    setRegionRaw(null);
  }

  return { region, setRegion, selectedIds, selectCreatures, selectedCreature, setSelectedCreature, toggleCreature, isSelected, inspectedSquare, setInspectedSquare, clearSelection };
}

export type Selection = ReturnType<typeof createSelection>;
