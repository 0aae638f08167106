import { batch, createSignal } from 'solid-js';
import { RULESETS, TERRAIN_LABELS, TERRAIN_NAMES, type Encounter } from '../../src-shared/model';
import { sizeName } from '../../src-shared/rules/sizes';
import type { Square } from './selection';

/**
 * The keyboard cursor (issue 18 › 4): a square moved with the arrow keys while its mode is on, so a
 * map can be built without a mouse. Shift + arrows keep the square where the run started as the
 * region's anchor; the last arrow says which of the cursor's edges a door key acts on. The keys
 * themselves are read in `canvas/keyboard-cursor.ts`; this module only holds where the cursor is.
 */
export type Facing = 'north' | 'east' | 'south' | 'west';

export const FACING_OF: Record<Facing, Square> = { north: { x: 0, y: -1 }, east: { x: 1, y: 0 }, south: { x: 0, y: 1 }, west: { x: -1, y: 0 } };

export interface KeyboardCursorDeps {
  mapSize: () => { width: number; height: number } | null;
  /** Where the cursor starts when the mode is entered: the inspected square, else the middle of the view. */
  startSquare: () => Square;
}

export function createKeyboardCursor(deps: KeyboardCursorDeps) {
  const [cursorMode, setCursorMode] = createSignal(false);
  const [cursor, setCursor] = createSignal<Square>({ x: 0, y: 0 });
  const [regionAnchor, setRegionAnchor] = createSignal<Square | null>(null);
  const [facing, setFacing] = createSignal<Facing>('east');
  /** What the last key changed at the cursor ("Closed door on the east side of 5,2"): said in the live region until the cursor moves. */
  const [cursorNews, setCursorNews] = createSignal('');

  const clamp = (q: Square): Square => {
    const m = deps.mapSize();
    if (!m) return q;
    return { x: Math.max(0, Math.min(m.width - 1, q.x)), y: Math.max(0, Math.min(m.height - 1, q.y)) };
  };

  function enterCursorMode(): void {
    if (cursorMode()) return;
    batch(() => {
      setCursor(clamp(deps.startSquare()));
      setRegionAnchor(null);
      setCursorNews('');
      setCursorMode(true);
    });
  }
  function leaveCursorMode(): void {
    batch(() => {
      setCursorMode(false);
      setRegionAnchor(null);
      setCursorNews('');
    });
  }
  /**
   * One arrow press: the cursor moves a square (stopping at the border) and faces that way. With
   * `extend` (Shift) the square it left from anchors a rectangular region; a plain arrow drops it.
   */
  function moveCursor(facingTo: Facing, extend: boolean): void {
    const step = FACING_OF[facingTo];
    const now = cursor();
    batch(() => {
      if (extend && !regionAnchor()) setRegionAnchor(now);
      if (!extend) setRegionAnchor(null);
      setFacing(facingTo);
      setCursorNews('');
      setCursor(clamp({ x: now.x + step.x, y: now.y + step.y }));
    });
  }
  /** The region from the anchor to the cursor (both included), or null without an anchor. */
  function cursorRegion(): { from: Square; to: Square } | null {
    const a = regionAnchor();
    return a ? { from: a, to: cursor() } : null;
  }

  return { cursorMode, enterCursorMode, leaveCursorMode, cursor, moveCursor, facing, regionAnchor, setRegionAnchor, cursorRegion, cursorNews, setCursorNews };
}

export type KeyboardCursor = ReturnType<typeof createKeyboardCursor>;

/**
 * A square as a screen reader says it: "Square 3, 4: Difficult, elevation 5 feet, water 2 feet deep;
 * Goblin (Small)". The map's label and its live region read this for the keyboard cursor.
 */
export function describeSquare(d: Encounter, q: Square, occupantIds: readonly string[]): string {
  const { width, height } = d.map;
  if (q.x < 0 || q.y < 0 || q.x >= width || q.y >= height) return `Square ${q.x}, ${q.y}: off the map`;
  const i = q.y * width + q.x;
  // Words, not 'ft' / 'm': this is read aloud.
  const unit = RULESETS[d.ruleset].lengthUnit === 'm' ? 'metres' : 'feet';
  const parts = [TERRAIN_LABELS[TERRAIN_NAMES[d.map.terrain[i]!]!], `elevation ${d.map.elevation[i]} ${unit}`];
  if (d.map.waterDepth[i]) parts.push(`water ${d.map.waterDepth[i]} ${unit} deep`);
  const who = occupantIds.map((id) => d.creatures.find((c) => c.id === id)).filter((c) => c !== undefined);
  const creatures = who.length ? who.map((c) => `${c.name || c.id} (${sizeName(d.ruleset, c.size)})`).join(', ') : 'no creature';
  return `Square ${q.x}, ${q.y}: ${parts.join(', ')}; ${creatures}`;
}
