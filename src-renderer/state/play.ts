import { createEffect, on, type Accessor } from 'solid-js';
import type { Command } from '../../src-shared/commands';
import type { ExportRequest, FileRef } from '../../src-shared/ipc';
import type { Encounter } from '../../src-shared/model';
import type { Square } from '../../src-shared/play';
import { createPlayAreas } from './play-areas';
import { createPlayDice } from './play-dice';
import { createPlayForced } from './play-forced';
import { createPlayLines } from './play-lines';
import { createPlayLog } from './play-log';
import { createPlayMovement } from './play-movement';
import { createPlaySession } from './play-session';

export type { PlayToolId } from './play-session';
export type { BandSquare, MovePlan, ReachBand } from './play-movement';
export type { ForcedSettings } from './play-forced';
export type { AttackFields } from './play-dice';

export interface PlayDeps {
  /** The planned encounter (the document itself, not the board shown). */
  planned: Accessor<Encounter | null>;
  execute: (cmd: Command) => boolean;
  notify: (kind: 'error' | 'info', text: string) => void;
  /** Takes away the notices whose text `matches` (one that asked for what is now done). */
  dismissNotices: (matches: (text: string) => boolean) => void;
  exportText: (request: ExportRequest) => Promise<FileRef | null | undefined>;
  hover: Accessor<Square | null>;
}

/**
 * Play mode: a fight played over the planned encounter (src-shared/play: a seed and a log of actions,
 * the board the log replayed), composed from one module per concern (docs/play-mode.md):
 *  - play-session.ts   the session and its turns, the board shown, one action at a time, replay
 *  - play-log.ts       undo / redo through the log, go to an entry, reset, seed, export
 *  - play-movement.ts  the current creature's movement: reach bands, the path drawn, the move
 *  - play-forced.ts    forced movement: settings, squares, the push / pull / slide / teleport
 *  - play-dice.ts      dice and damage: the GM's dice roller, rolled attacks, the roll shown with its distribution (falls)
 *  - play-lines.ts     lines, threat, flanking
 *  - play-areas.ts     area templates: the one being placed, placing and clearing
 * The planned layout is never changed here: the session is stored beside it with one `setPlay`
 * command when the GM leaves Play mode or saves. This file only wires the modules and names what
 * components and tools read (`editor.playXxx`).
 */
export function createPlay(deps: PlayDeps) {
  // The session resets the other modules' drawing and defaults as it moves on; they are made below
  // and reached only once Play mode is entered.
  const session = createPlaySession(deps, {
    newTurn: () => (movement.newTurn(), forced.newTurn()),
    clearDrawing: () => (movement.clearDrawing(), forced.setForcedSquares([])),
    started: () => (dice.setFallEntry(null), forced.started()),
    stopped: () => dice.setFallEntry(null),
    acted: (entry) => dice.acted(entry),
  });
  const log = createPlayLog(session, deps);
  const movement = createPlayMovement(session, deps.hover);
  const forced = createPlayForced(session);
  const dice = createPlayDice(session);
  const lines = createPlayLines(session);
  const areas = createPlayAreas(session);
  // Entering Play asks for initiative (play-session.ts › enter); once the order is in, the notice has
  // done its work and went on standing over the map (the review).
  createEffect(on(() => (session.state()?.order.length ?? 0) > 0, (ordered) => ordered && deps.dismissNotices((text) => text.startsWith('Play mode: roll or enter initiative'))));

  return {
    playing: session.playing,
    enterPlay: session.enter,
    leavePlay: session.leave,
    togglePlay: session.toggle,
    // Another encounter starts on the Move tool: a Ruler or Area tool kept from the last one hid the
    // reach bands (the review's shot 31).
    closePlay: () => (session.close(), session.setPlayTool('play-move')),
    playEdited: session.edited,
    syncPlay: session.sync,
    playUnsynced: session.unsynced,
    playSession: session.session,
    playState: session.state,
    playShown: session.shown,
    playBoard: session.board,
    playEntries: session.allEntries,
    playViewAt: session.viewAt,
    showPlayEntry: session.showEntry,
    goToPlayEntry: log.goToEntry,
    undoPlayEntry: log.undoEntry,
    goToPlayBranch: log.goToBranch,
    playAct: session.act,
    playUndo: log.undo,
    playRedo: log.redo,
    playCanUndo: log.canUndo,
    playCanRedo: log.canRedo,
    playUndoLabel: log.undoLabel,
    playRedoLabel: log.redoLabel,
    // A new session, like another encounter, starts on the Move tool.
    resetPlay: () => (log.resetPlay(), session.setPlayTool('play-move')),
    setPlaySeed: log.setSeed,
    replayPlay: session.startReplay,
    stopReplay: session.stopReplay,
    replaying: session.replaying,
    exportPlayLog: log.exportPlayLog,
    playTool: session.playTool,
    setPlayTool: session.setPlayTool,
    moveAction: movement.moveAction,
    setMoveAction: movement.setMoveAction,
    moveMode: movement.moveMode,
    setMoveMode: movement.setMoveMode,
    canFly: movement.canFly,
    turnOptions: movement.options,
    currentCreature: session.currentCreature,
    reachBands: movement.bands,
    bandSquares: movement.bandSquares,
    showBands: movement.showBands,
    setShowBands: movement.setShowBands,
    movePlan: movement.plan,
    waypoints: movement.waypoints,
    addWaypoint: movement.addWaypoint,
    setWaypoints: movement.setWaypoints,
    drawnPath: movement.drawn,
    setDrawnPath: movement.setDrawn,
    commitMove: movement.commitMove,
    flightAltitude: movement.nextAltitude,
    setFlightAltitude: movement.setNextAltitude,
    raiseFlightAltitude: movement.raiseAltitude,
    flightAltitudeStep: movement.altitudeStep,
    flightSideView: movement.sideView,
    commitForced: forced.commitForced,
    playRefusal: session.refusal,
    setPlayRefusal: session.setRefusal,
    clearPlayDrawing: session.clearDrawing,
    fallEntry: dice.fallEntry,
    setFallEntry: dice.setFallEntry,
    recentRolls: dice.recentRolls,
    rollDice: dice.roll,
    rollDamage: dice.rollDamage,
    attackProfile: dice.profile,
    rollAttackOfOpportunity: dice.rollAttack,
    forced: forced.forced,
    setForced: forced.setForced,
    forcedSquares: forced.forcedSquares,
    setForcedSquares: forced.setForcedSquares,
    showThreat: lines.showThreat,
    setShowThreat: lines.setShowThreat,
    showFlanks: lines.showFlanks,
    setShowFlanks: lines.setShowFlanks,
    travelOpen: movement.travelOpen,
    setTravelOpen: movement.setTravelOpen,
    threat: lines.threat,
    flanking: lines.flanking,
    lines: lines.lines,
    linesFrom: lines.linesFrom,
    setLinesFrom: lines.setLinesFrom,
    linesTo: lines.linesTo,
    setLinesTo: lines.setLinesTo,
    // Area templates (issue 17 › 5).
    ...areas,
  };
}

export type Play = ReturnType<typeof createPlay>;
