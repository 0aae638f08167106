import { createSignal, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { Encounter, LabelKind, MapLabel } from '../../src-shared/model';

/**
 * Labels and notes on the map (a room's name, a trap; the GM's notes): which one is selected, the
 * one being written in the inline editor, and every edit as one `setLabels` command with an undo
 * label in the players' words ("add label", "move note", "edit note").
 */
export interface LabelDraft {
  /** The label being edited; absent: a new one. */
  id?: string;
  kind: LabelKind;
  x: number;
  y: number;
  text: string;
  forPlayers: boolean;
}

/** A label's longest text: a note is a paragraph, not a chapter. */
export const MAX_LABEL_CHARS = 2000;

export interface MapLabelsDeps {
  doc: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
}

/** Positions are kept to a hundredth of a square, so a drag does not leave float noise in the file. */
const tidy = (v: number) => Math.round(v * 100) / 100;

export function createMapLabels(deps: MapLabelsDeps) {
  const { doc, execute } = deps;
  const [selectedLabel, selectLabel] = createSignal<string | null>(null);
  const [labelDraft, setLabelDraft] = createSignal<LabelDraft | null>(null);
  /** A label being dragged, drawn where it would land (the overlay); the model moves on release. */
  const [labelDrag, setLabelDrag] = createSignal<{ id: string; x: number; y: number } | null>(null);

  const labels = () => doc()?.labels ?? [];
  const find = (id: string) => labels().find((l) => l.id === id) ?? null;

  function freshId(): string {
    const used = new Set(labels().map((l) => l.id));
    let k = labels().length + 1;
    while (used.has(`L${k}`)) k++;
    return `L${k}`;
  }

  const set = (next: MapLabel[], label: string) => execute({ type: 'setLabels', labels: next, label });

  /** Opens the editor for a new label or note at a map point (in squares). */
  function startLabel(x: number, y: number, kind: LabelKind = 'label'): void {
    setLabelDraft({ kind, x: tidy(x), y: tidy(y), text: '', forPlayers: false });
  }
  /** Opens the editor on an existing label. */
  function editLabel(id: string): void {
    const l = find(id);
    if (!l) return;
    selectLabel(id);
    setLabelDraft({ id, kind: l.kind, x: l.x, y: l.y, text: l.text, forPlayers: !!l.forPlayers });
  }
  const cancelLabelDraft = () => setLabelDraft(null);

  /**
   * Writes the draft: a new label is added, an edited one changed (one undo step either way). Empty
   * text adds nothing, and clears an existing label away. Returns whether the map changed.
   */
  function commitLabelDraft(changes: Partial<Pick<LabelDraft, 'text' | 'kind' | 'forPlayers'>> = {}): boolean {
    const draft = labelDraft();
    if (!draft) return false;
    const d = { ...draft, ...changes };
    const text = d.text.trim().slice(0, MAX_LABEL_CHARS);
    setLabelDraft(null);
    if (!text) return d.id ? removeLabel(d.id) : false;
    const made: MapLabel = { id: d.id ?? freshId(), kind: d.kind, text, x: d.x, y: d.y, ...(d.kind === 'note' && d.forPlayers ? { forPlayers: true } : {}) };
    if (d.id) {
      const old = find(d.id);
      if (!old) return false;
      if (old.text === made.text && old.kind === made.kind && !!old.forPlayers === !!made.forPlayers) return false;
      const ok = set(labels().map((l) => (l.id === d.id ? made : l)), `edit ${made.kind}`);
      return ok;
    }
    const ok = set([...labels(), made], `add ${made.kind}`);
    if (ok) selectLabel(made.id);
    return ok;
  }

  function moveLabel(id: string, x: number, y: number): boolean {
    const l = find(id);
    const d = doc();
    if (!l || !d) return false;
    // Kept on the map: a label dragged off its edge would be lost from view.
    const nx = tidy(Math.min(d.map.width, Math.max(0, x)));
    const ny = tidy(Math.min(d.map.height, Math.max(0, y)));
    if (nx === l.x && ny === l.y) return false;
    return set(labels().map((k) => (k.id === id ? { ...k, x: nx, y: ny } : k)), `move ${l.kind}`);
  }

  function removeLabel(id: string): boolean {
    const l = find(id);
    if (!l) return false;
    const ok = set(labels().filter((k) => k.id !== id), `delete ${l.kind}`);
    if (ok && selectedLabel() === id) selectLabel(null);
    return ok;
  }

  return { selectedLabel, selectLabel, labelDraft, setLabelDraft, startLabel, editLabel, cancelLabelDraft, commitLabelDraft, labelDrag, setLabelDrag, moveLabel, removeLabel };
}

export type MapLabels = ReturnType<typeof createMapLabels>;
