import { Edge } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { mapPoint, nearestEdge, type EdgeRef } from './edge-geometry';

/**
 * Opens or closes the door under a viewport point, if there is one within a few pixels: the
 * Select tool calls this first, so one click on a door toggles it (one undo step) and a click
 * anywhere else selects as usual. Returns whether the click was used.
 */
export function toggleDoorAt(editor: Editor, point: { x: number; y: number }): boolean {
  const d = editor.doc();
  if (!d) return false;
  const near = nearestEdge(d.map, mapPoint(editor.view(), point));
  if (!near) return false;
  const s = squarePixels(editor.view());
  if (near.distance * s > Math.max(5, s * 0.18)) return false;
  return toggleDoorOn(editor, near.edge, false);
}

/**
 * Opens a closed door on this edge or closes an open one, one undo step; with `makeDoor`, any other
 * edge (nothing, a wall) becomes a closed door (the keyboard cursor's O, a door cut in a wall).
 * Returns whether there was a door to act on (a locked Edges layer refuses the edit with a notice).
 */
export function toggleDoorOn(editor: Editor, edge: EdgeRef, makeDoor: boolean): boolean {
  const d = editor.doc();
  if (!d) return false;
  const { layer, x, y } = edge;
  const i = y * d.map.width + x;
  const now = d.map[layer][i];
  const door = now === Edge.doorClosed || now === Edge.doorOpen;
  if (!door && !makeDoor) return false;
  // Named for what the designer did, not for the layer it changes ("paint edges").
  const label = now === Edge.doorClosed ? 'open door' : now === Edge.doorOpen ? 'close door' : 'add door';
  const value = now === Edge.doorClosed ? Edge.doorOpen : Edge.doorClosed;
  editor.execute({ type: 'batch', label, commands: [{ type: 'setSquares', layer, indices: [i], values: [value] }] });
  return true;
}
