import { Edge } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { mapPoint, nearestEdge } from './edge-geometry';

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
  const { layer, x, y } = near.edge;
  const i = y * d.map.width + x;
  const now = d.map[layer][i];
  if (now !== Edge.doorClosed && now !== Edge.doorOpen) return false;
  // Named for what the designer did, not for the layer it changes ("paint edges").
  const label = now === Edge.doorClosed ? 'open door' : 'close door';
  editor.execute({ type: 'batch', label, commands: [{ type: 'setSquares', layer, indices: [i], values: [now === Edge.doorClosed ? Edge.doorOpen : Edge.doorClosed] }] });
  return true;
}
