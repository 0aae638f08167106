import { createMemo, createSignal, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import { cutRegion, deleteRegion, mirrorRegion, moveRegion, nearestOffset, pasteRegion, pieceFits, rotateRegion, type RegionEdit } from '../../src-shared/commands/regions';
import { RULESETS, type Encounter } from '../../src-shared/model';
import { cutOutTyped, regionSize, regionSquares, type SquareRegion, type TypedPiece } from '../../src-shared/model/map-piece';
import type { Notice } from './chrome';
import type { Square } from './selection';

export interface RegionDeps {
  doc: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  region: Accessor<SquareRegion | null>;
  setRegion: (r: SquareRegion | null) => void;
  selectCreatures: (ids: Iterable<string>) => void;
  notify: (kind: Notice['kind'], text: string) => void;
  /** The creature clipboard (state/creature-edits.ts): Edit › Copy and Paste use it when no region is selected. */
  selectedIds: Accessor<ReadonlySet<string>>;
  copyCreatures: (ids: readonly string[]) => number;
  pasteCreatures: (to: Square | null) => boolean;
  creatureClipboardSize: () => number;
  /** A region pasted or moved is shown in the Region tool, where its keys and drag work. */
  showRegionTool: () => void;
}

/** How far from the pointer a paste or a move looks for a free place, in squares. */
const NEAREST_FREE_REACH = 64;

/**
 * Edits of the selected region of squares (issue 18 › 1), each one command from
 * `src-shared/commands/regions.ts`, so one undo step; the region follows the squares it moves. The
 * copied piece (`model/map-piece.ts`) is what Edit › Paste puts down at the pointer; a paste or move
 * that would land on creatures goes to the nearest free place instead, and says so.
 */
export function createRegions(deps: RegionDeps) {
  const { doc, region, setRegion } = deps;
  /**
   * The copied piece and where its top-left was (a paste without a pointer goes one square right and
   * down of it). Kept in typed arrays: a room of a million squares is copied a row at a time.
   */
  const [copiedPiece, setCopiedPiece] = createSignal<{ piece: TypedPiece; from: Square } | null>(null);
  /** What was copied last (a region, or creatures by Edit › Copy), so Edit › Paste puts that down. */
  const [lastCopied, setLastCopied] = createSignal<'region' | 'creatures' | null>(null);
  /** Fills the region with the current paint value: given by the square tools (canvas/tools), which know the layers. */
  let painter: ((indices: number[]) => Command | null) | null = null;

  /** How many squares are selected (the status bar). */
  const regionSquareCount = createMemo(() => {
    const r = region();
    return r ? regionSize(r) : 0;
  });
  const hasRegion = () => regionSquareCount() > 0;

  function run(edit: RegionEdit | null): boolean {
    if (!edit || !deps.execute(edit.command)) return false;
    deps.showRegionTool();
    setRegion(edit.region);
    deps.selectCreatures(edit.creatureIds);
    return true;
  }

  function copyRegion(): boolean {
    const d = doc();
    const r = region();
    if (!d || !r) return false;
    const piece = cutOutTyped(d, r);
    if (!piece.mask.includes(1)) return false;
    setCopiedPiece({ piece, from: { x: Math.max(0, r.x), y: Math.max(0, r.y) } });
    setLastCopied('region');
    return true;
  }

  /** Copies the region, then clears it: one undo step. */
  function cutSelectedRegion(): boolean {
    const d = doc();
    const r = region();
    if (!d || !r || !copyRegion()) return false;
    return run(cutRegion(d, r));
  }

  function deleteSelectedRegion(): boolean {
    const d = doc();
    const r = region();
    if (!d || !r) return false;
    const ok = run(deleteRegion(d, r));
    if (ok) setRegion(null);
    return ok;
  }

  /**
   * Where a piece goes when asked for `wanted`: there, or the nearest place where its whole box is on
   * the map and no creature (but those in `ignore`) stands on its squares; null (with the reason told)
   * when there is none within reach.
   */
  function freePlace(d: Encounter, piece: TypedPiece, wanted: Square, what: string, ignore?: ReadonlySet<string>): Square | null {
    const at = nearestOffset(wanted, pieceFits(d, piece, ignore), NEAREST_FREE_REACH);
    if (!at) {
      deps.notify('warning', `There is no place within ${NEAREST_FREE_REACH} squares of ${wanted.x},${wanted.y} where the ${what} fits on the map without landing on a creature.`);
      return null;
    }
    if (at.x !== wanted.x || at.y !== wanted.y) {
      deps.notify('info', `The ${what} would land on a creature or off the map at ${wanted.x},${wanted.y}: it went to ${at.x},${at.y}, the nearest free place.`);
    }
    return at;
  }

  /** Pastes the copied piece with its top-left at `to` (the pointer), or one square right and down of where it was copied. */
  function pasteCopiedRegion(to: Square | null): boolean {
    const d = doc();
    const copied = copiedPiece();
    if (!d || !copied) return false;
    if (copied.piece.ruleset !== d.ruleset) {
      // Creature sizes, resistance and blockades mean different things from one ruleset to another.
      deps.notify('warning', `The copied region comes from a ${RULESETS[copied.piece.ruleset].name} map; it is pasted only into a ${RULESETS[copied.piece.ruleset].name} map (this one is ${RULESETS[d.ruleset].name}).`);
      return false;
    }
    const at = freePlace(d, copied.piece, to ?? { x: copied.from.x + 1, y: copied.from.y + 1 }, 'paste');
    return !!at && run(pasteRegion(d, copied.piece, at));
  }

  /** Moves the region by (dx, dy) with everything on it (to the nearest free place if creatures stand there). */
  function moveSelectedRegion(dx: number, dy: number): boolean {
    const d = doc();
    const r = region();
    if (!d || !r || (dx === 0 && dy === 0)) return false;
    const piece = cutOutTyped(d, r);
    const moving = new Set(piece.creatures.map((c) => c.id));
    const from = { x: Math.max(0, r.x), y: Math.max(0, r.y) };
    const at = freePlace(d, piece, { x: from.x + dx, y: from.y + dy }, 'moved region', moving);
    return !!at && run(moveRegion(d, r, at.x - from.x, at.y - from.y));
  }

  /**
   * Runs a turn or mirror (`commands/regions.ts` shifts it to fit on the map, never drops what is on
   * it) and says where it went when it had to move, or why it was not done.
   */
  function turnSelectedRegion(edit: (d: Encounter, r: SquareRegion) => RegionEdit | null, what: string): boolean {
    const d = doc();
    const r = region();
    if (!d || !r) return false;
    const done = edit(d, r);
    if (!done) {
      deps.notify('warning', `The ${what} region does not fit on the map within ${NEAREST_FREE_REACH} squares without landing on a creature: nothing was changed.`);
      return false;
    }
    if (!run(done)) return false;
    if (done.wanted) {
      deps.notify('info', `The ${what} region would run off the map or land on a creature at ${done.wanted.x},${done.wanted.y}: it went to ${done.region.x},${done.region.y}, the nearest place where it fits.`);
    }
    return true;
  }

  const rotateSelectedRegion = (quarterTurns: number) => turnSelectedRegion((d, r) => rotateRegion(d, r, quarterTurns), 'turned');
  const mirrorSelectedRegion = (axis: 'horizontal' | 'vertical') => turnSelectedRegion((d, r) => mirrorRegion(d, r, axis), 'mirrored');

  /** Paints every square of the region with the current paint value of the chosen layer, one undo step. */
  function fillRegion(): boolean {
    const d = doc();
    const r = region();
    if (!d || !r || !painter) return false;
    const indices: number[] = [];
    for (const q of regionSquares(r)) if (q.x >= 0 && q.y >= 0 && q.x < d.map.width && q.y < d.map.height) indices.push(q.y * d.map.width + q.x);
    const cmd = painter(indices);
    if (!cmd) return false;
    return deps.execute({ type: 'batch', label: `fill ${indices.length} square${indices.length === 1 ? '' : 's'}`, commands: [cmd] });
  }

  /** Edit › Copy: the region with everything on it when one is selected, else the selected creatures. */
  function copySelection(): boolean {
    if (hasRegion()) return copyRegion();
    const n = deps.copyCreatures([...deps.selectedIds()]);
    if (n) setLastCopied('creatures');
    return n > 0;
  }
  const canCopy = () => hasRegion() || deps.selectedIds().size > 0;
  const pasteKind = () => (lastCopied() === 'region' && copiedPiece() ? 'region' : deps.creatureClipboardSize() > 0 ? 'creatures' : null);
  /** Edit › Paste at the pointer: whatever was copied last. */
  const pasteClipboard = (to: Square | null) => (pasteKind() === 'region' ? pasteCopiedRegion(to) : pasteKind() === 'creatures' ? deps.pasteCreatures(to) : false);

  return {
    copySelection,
    canCopy,
    pasteKind,
    pasteClipboard,
    regionSquareCount,
    hasRegion,
    copiedPiece: () => copiedPiece()?.piece ?? null,
    copyRegion,
    cutRegion: cutSelectedRegion,
    deleteRegion: deleteSelectedRegion,
    pasteRegion: pasteCopiedRegion,
    moveRegion: moveSelectedRegion,
    rotateRegion: rotateSelectedRegion,
    mirrorRegion: mirrorSelectedRegion,
    fillRegion,
    /** The square tools say how a fill paints (the chosen layer and value, locks respected). */
    setRegionPainter: (fn: (indices: number[]) => Command | null) => (painter = fn),
  };
}
