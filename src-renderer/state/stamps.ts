import { createEffect, createMemo, createSignal, on, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import { nearestOffset, pasteRegion, pieceFits } from '../../src-shared/commands/regions';
import { serializeEncounter } from '../../src-shared/io';
import type { FileRef, PlatformBridge } from '../../src-shared/ipc';
import { pieceFromStamp, stampForRuleset, stampFromPiece } from '../../src-shared/library';
import type { Encounter } from '../../src-shared/model';
import { cutOut, mirrorPiece, rotatePiece, type MapPiece, type SquareRegion } from '../../src-shared/model/map-piece';
import type { Notice } from './chrome';
import type { Square } from './selection';
import type { ToolId } from './tool';

export interface StampDeps {
  platform: PlatformBridge;
  doc: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  playing: Accessor<boolean>;
  region: Accessor<SquareRegion | null>;
  setRegion: (r: SquareRegion | null) => void;
  selectCreatures: (ids: Iterable<string>) => void;
  notify: (kind: Notice['kind'], text: string) => void;
  tool: Accessor<ToolId>;
  setTool: (id: ToolId) => void;
}

/** The placing tool's id (canvas/tools/stamp.ts): active while a picked stamp follows the pointer. */
export const STAMP_TOOL_ID = 'stamp';

/** How far from the pointer a drop looks for a free place, in squares (as a region paste does). */
const NEAREST_FREE_REACH = 64;

/** A stamp picked from the palette, as it will drop: turned and mirrored as the user asked. */
export interface PlacingStamp {
  name: string;
  piece: MapPiece;
}

/**
 * Stamps (issue 18 › 2, docs/stamps.md): the selected region saved as a stamp, and a picked stamp
 * dropped on the map. A stamp is an encounter file with a mask (`src-shared/library/stamp.ts`); in
 * the browser it is kept in the library "Stamps" in IndexedDB (`platform.saveStamp`), on the desktop
 * it is saved like an encounter, into a library folder. Dropping is a region paste
 * (`commands/regions.ts › pasteRegion`): one undo step, at the nearest free place, the dropped
 * region then selected in the Region tool.
 */
export function createStamps(deps: StampDeps) {
  const [placingStamp, setPlacingStamp] = createSignal<PlacingStamp | null>(null);
  const [saveStampOpen, setSaveStampOpen] = createSignal(false);
  const [stampsPaletteOpen, setStampsPaletteOpen] = createSignal(false);
  /** The tool before a stamp was picked, to go back to when it is cancelled. */
  let toolBefore: ToolId = 'select';

  // Picking another tool puts the stamp away.
  createEffect(on(deps.tool, (id) => id !== STAMP_TOOL_ID && setPlacingStamp(null), { defer: true }));

  /** Whether Edit › Save region as stamp… can run: a region of squares in Edit mode. */
  const canSaveStamp = () => !!deps.doc() && !!deps.region() && !deps.playing();

  /** Saves the selected region as a stamp named `name`; where it went is told in a notice. */
  async function saveRegionAsStamp(name: string, tags: readonly string[]): Promise<FileRef | null> {
    const d = deps.doc();
    const r = deps.region();
    if (!d || !r) return null;
    const piece = cutOut(d, r);
    if (!piece.mask.includes(1)) {
      deps.notify('warning', 'No stamp was saved: the region has no square on the map.');
      return null;
    }
    const text = serializeEncounter(stampFromPiece(piece, name, tags));
    try {
      if (deps.platform.saveStamp) {
        const file = await deps.platform.saveStamp(name, text);
        if (file) deps.notify('info', `Stamp “${name}” saved in this browser's library “Stamps” as ${file.name}: it is in the Stamps palette.`);
        return file;
      }
      const file = await deps.platform.saveEncounter({ file: null, suggestedName: name, text });
      if (file) deps.notify('info', `Stamp “${name}” saved as ${file.name}. In a library folder (File › Library…) it shows in the Stamps palette.`);
      return file;
    } catch (e) {
      deps.notify('error', `The stamp “${name}” was not saved: ${(e as Error).message}`);
      return null;
    }
  }

  /**
   * Picks a stamp to drop: its piece as it means the same on the open map's ruleset, following the
   * pointer in the stamp tool. A stamp whose layers or creatures mean nothing there is refused with
   * the reason, and nothing changes.
   */
  function pickStamp(stamp: Encounter): boolean {
    const d = deps.doc();
    if (!d) return false;
    if (deps.playing()) {
      deps.notify('error', 'Stamps are dropped in Edit mode: press F5 to return to it.');
      return false;
    }
    let piece: MapPiece;
    try {
      piece = pieceFromStamp(stamp);
    } catch (e) {
      deps.notify('error', (e as Error).message);
      return false;
    }
    const fit = stampForRuleset(piece, d.ruleset);
    if (!fit.ok) {
      deps.notify('error', fit.reason);
      return false;
    }
    for (const note of fit.notes) deps.notify('info', note);
    if (deps.tool() !== STAMP_TOOL_ID) toolBefore = deps.tool();
    deps.setTool(STAMP_TOOL_ID);
    setPlacingStamp({ name: stamp.name, piece: fit.piece });
    return true;
  }

  const change = (f: (p: MapPiece) => MapPiece) => setPlacingStamp((s) => (s ? { ...s, piece: f(s.piece) } : s));
  const turnStamp = (quarterTurns: number) => change((p) => rotatePiece(p, quarterTurns));
  const mirrorStamp = (axis: 'horizontal' | 'vertical') => change((p) => mirrorPiece(p, axis));

  /** Puts the stamp away without dropping it; the tool before it comes back. */
  function cancelStamp(): void {
    setPlacingStamp(null);
    if (deps.tool() === STAMP_TOOL_ID) deps.setTool(toolBefore === STAMP_TOOL_ID ? 'select' : toolBefore);
  }

  /** Where the picked stamp may go on the open map (read once per map and turn, not per pointer move). */
  const stampFits = createMemo(() => {
    const d = deps.doc();
    const placing = placingStamp();
    return d && placing ? pieceFits(d, placing.piece) : null;
  });

  /**
   * Where the picked stamp lands when dropped with its top-left at `wanted`: there, or the nearest
   * place where it is wholly on the map and on no creature; null when there is none within reach.
   * The drop and its outline (canvas/tools/stamp.ts) both read it, so the outline shows the landing.
   */
  function stampLanding(wanted: Square): Square | null {
    const fits = stampFits();
    return fits ? nearestOffset(wanted, fits, NEAREST_FREE_REACH) : null;
  }

  /**
   * Drops the picked stamp with its top-left at `wanted`, or at the nearest place where it is wholly
   * on the map and lands on no creature: one undo step; the dropped squares become the region.
   */
  function dropStamp(wanted: Square): boolean {
    const d = deps.doc();
    const placing = placingStamp();
    if (!d || !placing) return false;
    const at = stampLanding(wanted);
    if (!at) {
      deps.notify('warning', `There is no place within ${NEAREST_FREE_REACH} squares of ${wanted.x},${wanted.y} where “${placing.name}” fits on the map without landing on a creature.`);
      return false;
    }
    const edit = pasteRegion(d, placing.piece, at);
    if (!deps.execute({ type: 'batch', label: `stamp ${placing.name}`, commands: [edit.command] })) return false;
    if (at.x !== wanted.x || at.y !== wanted.y) {
      deps.notify('info', `“${placing.name}” would land on a creature or off the map at ${wanted.x},${wanted.y}: it went to ${at.x},${at.y}, the nearest free place.`);
    }
    setPlacingStamp(null);
    deps.setTool('region');
    deps.setRegion(edit.region);
    deps.selectCreatures(edit.creatureIds);
    return true;
  }

  return {
    placingStamp,
    stampLanding,
    pickStamp,
    turnStamp,
    mirrorStamp,
    dropStamp,
    cancelStamp,
    canSaveStamp,
    saveRegionAsStamp,
    saveStampOpen,
    setSaveStampOpen,
    stampsPaletteOpen,
    setStampsPaletteOpen,
  };
}
