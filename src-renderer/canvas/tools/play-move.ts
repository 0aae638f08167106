import type { Editor, Square } from '../../state/editor';
import { createMachine, sameSquare, squaresBetween, type KeyInput, type PointerInput, type Tool, type WheelInput } from './tool';

/** Two clicks on one square closer than this are a double-click (commit). */
export const DOUBLE_CLICK_MS = 400;

/**
 * Play mode's move tool: the current creature's move, drawn on the map.
 *
 *   idle ──down──▶ pointing ──up: a waypoint (the same square twice quickly: commit)──▶ idle
 *                  pointing ──move, started on the creature──▶ drawing ──up: the drawn path, checked──▶ idle
 *   Enter: the move the panel shows (the drawn path, or through the waypoints to the hover; to the
 *   last waypoint when the pointer is off the map) · Backspace: drop the last waypoint
 *   Escape: clear the waypoints · N: next turn
 *   Flying: PageUp / PageDown (or Alt + wheel) raise / lower the next waypoint a square's height;
 *   a drawn path takes the height chosen while each square is drawn
 *
 * The hover plans the cheapest path through the waypoints (state/play.ts `movePlan`); a path the
 * rules refuse is shown with where and why and is not committed.
 */
export function createPlayMoveTool(editor: Editor, now: () => number = () => performance.now()): Tool {
  const machine = createMachine<'idle' | 'pointing' | 'drawing'>('play-move', 'idle');
  let downAt: Square | null = null;
  let stroke: Square[] = [];
  let lastClick: { square: Square; at: number } | null = null;

  const onCreature = (q: Square) => {
    const c = editor.currentCreature();
    return !!c && c.x === q.x && c.y === q.y;
  };

  return {
    id: 'play-move',
    state: machine.name,
    cursor: () => (machine.state() === 'drawing' ? 'crosshair' : editor.currentCreature() ? 'pointer' : 'default'),
    preview: () => null,
    onPointerDown(input: PointerInput) {
      if (editor.playViewAt() !== null || !editor.currentCreature()) return;
      downAt = input.square;
      stroke = [];
      machine.to('pointing');
    },
    onPointerMove(input: PointerInput) {
      const state = machine.state();
      if (state === 'idle' || !downAt) return;
      if (state === 'pointing') {
        if (sameSquare(input.square, downAt) || !onCreature(downAt)) return;
        machine.to('drawing');
        editor.setWaypoints([]);
      }
      const last = stroke[stroke.length - 1] ?? downAt;
      if (sameSquare(last, input.square)) return;
      const flying = editor.moveMode() === 'fly';
      stroke.push(...squaresBetween(last, input.square).map((q) => (flying ? { ...q, z: editor.flightAltitude() } : q)));
      editor.setDrawnPath([...stroke]);
    },
    onPointerUp(input: PointerInput) {
      const state = machine.state();
      machine.to('idle');
      if (state === 'drawing') {
        downAt = null;
        lastClick = null;
        return;
      }
      if (state !== 'pointing') return;
      downAt = null;
      const q = input.square;
      const double = lastClick && sameSquare(lastClick.square, q) && now() - lastClick.at < DOUBLE_CLICK_MS;
      lastClick = null;
      if (onCreature(q) && !double) {
        // A click on the mover starts over.
        editor.clearPlayDrawing();
        return;
      }
      if (double) {
        // The first click of the pair added this square as a waypoint: it is the destination instead.
        const via = editor.waypoints();
        if (via.length && sameSquare(via[via.length - 1]!, q)) editor.setWaypoints(via.slice(0, -1));
        editor.setDrawnPath(null);
        editor.commitMove();
        return;
      }
      editor.addWaypoint(q);
      // Timed from the end of this click's work (planning through a waypoint can take a moment), so
      // a quick second click still counts as a double-click.
      lastClick = { square: q, at: now() };
    },
    onKeyDown(input: KeyInput) {
      if (input.ctrl || input.alt) return false;
      switch (input.key) {
        case 'Enter':
          // What the panel shows, never something else: the drawn path, or the path to the hover.
          editor.commitMove();
          return true;
        case 'Escape':
          if (!editor.waypoints().length && !editor.drawnPath()) return false;
          editor.clearPlayDrawing();
          return true;
        case 'Backspace':
          if (!editor.waypoints().length) return false;
          editor.setWaypoints(editor.waypoints().slice(0, -1));
          return true;
        case 'PageUp':
        case 'PageDown':
          if (editor.moveMode() !== 'fly') return false;
          editor.raiseFlightAltitude(input.key === 'PageUp' ? 1 : -1);
          return true;
        case 'n':
        case 'N':
          if (!editor.playState()?.order.length) return false;
          editor.playAct({ kind: 'next-turn' });
          return true;
        default:
          return false;
      }
    },
    onWheel(input: WheelInput) {
      // Alt + wheel: the next waypoint's height, a notch a step (a plain wheel still zooms).
      if (!input.alt || editor.moveMode() !== 'fly' || input.deltaY === 0) return false;
      editor.raiseFlightAltitude(input.deltaY < 0 ? 1 : -1);
      return true;
    },
    onCancel() {
      machine.to('idle');
      downAt = null;
      stroke = [];
    },
  };
}
