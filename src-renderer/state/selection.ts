import { createSignal } from 'solid-js';

export interface Square {
  x: number;
  y: number;
}

/**
 * What the user has picked: a set of creatures (one today; box select and Shift-click will add
 * more) and the square the inspector shows. Tools change it; panels read it.
 */
export function createSelection() {
  const [selectedIds, setSelectedIds] = createSignal<ReadonlySet<string>>(new Set<string>());
  const [inspectedSquare, setInspectedSquare] = createSignal<Square | null>(null);

  /** The creature the panels and the movement overlay show: the first selected one. */
  const selectedCreature = (): string | null => {
    for (const id of selectedIds()) return id;
    return null;
  };
  /** Selects exactly this creature, or nothing. */
  function setSelectedCreature(id: string | null): void {
    setSelectedIds(id ? new Set([id]) : new Set<string>());
  }
  function selectCreatures(ids: Iterable<string>): void {
    setSelectedIds(new Set(ids));
  }
  const isSelected = (id: string) => selectedIds().has(id);
  function clearSelection(): void {
    setSelectedIds(new Set<string>());
    setInspectedSquare(null);
  }

  return { selectedIds, selectCreatures, selectedCreature, setSelectedCreature, isSelected, inspectedSquare, setInspectedSquare, clearSelection };
}

export type Selection = ReturnType<typeof createSelection>;
