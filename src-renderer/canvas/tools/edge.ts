import { createSignal } from 'solid-js';
import type { Command } from '../../../src-shared/commands';
import { Edge, type Encounter } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { EDGE_STYLE } from '../../ui/palette';
import { edgeRun, edgeSegment, mapPoint, nearestEdge, type EdgeRef } from './edge-geometry';
import { createMachine, type Tool, type ToolPreview } from './tool';

type State = 'idle' | 'pointing' | 'dragging';

/** A press moves this far (in squares) before it is a drag along a line rather than a click. */
const DRAG_SQUARES = 0.3;

/** The one command that sets these edges to `value` (only those that change), or null. */
export function edgesCommand(d: Encounter, edges: readonly EdgeRef[], value: number): Command | null {
  const byLayer = { edgeEast: [] as number[], edgeSouth: [] as number[] };
  for (const e of edges) {
    const i = e.y * d.map.width + e.x;
    if (d.map[e.layer][i] !== value && !byLayer[e.layer].includes(i)) byLayer[e.layer].push(i);
  }
  const commands: Command[] = [];
  for (const layer of ['edgeEast', 'edgeSouth'] as const) {
    if (byLayer[layer].length) commands.push({ type: 'setSquares', layer, indices: byLayer[layer], values: [value] });
  }
  if (!commands.length) return null;
  return commands.length === 1 ? commands[0]! : { type: 'batch', label: 'paint edges', commands };
}

/**
 * Edges (W): walls, low obstacles and doors on the lines between squares. A drag along a grid line
 * places a run of edges of the chosen kind (one undo step); a click toggles the nearest edge
 * between that kind and nothing; with Shift held both erase.
 *
 *   idle ──down near a line──▶ pointing ──moved along a line──▶ dragging
 *     ▲                          │ up: toggle one edge              │ up: one command for the run
 *     └──────────────────────────┴──────── Escape / cancel ◀────────┘
 */
export function createEdgeTool(editor: Editor): Tool {
  const machine = createMachine<State>('edges', 'idle');
  let start: { x: number; y: number } | null = null;
  let erase = false;
  const [run, setRun] = createSignal<EdgeRef[]>([]);
  // The edge a click would hit, shown while the pointer moves with no button down.
  const [hovered, setHovered] = createSignal<EdgeRef | null>(null);
  const reset = () => {
    start = null;
    setRun([]);
    machine.to('idle');
  };
  const value = () => (erase ? Edge.none : Edge[editor.edgeKind()]);
  return {
    id: 'edges',
    state: machine.name,
    cursor: () => 'crosshair',
    preview(): ToolPreview | null {
      const r = run();
      const h = hovered();
      if (!r.length) return h ? { kind: 'edges', segments: [edgeSegment(h)], color: 'rgba(255, 176, 0, 0.9)' } : null;
      const v = value();
      return { kind: 'edges', segments: r.map(edgeSegment), color: v === Edge.none ? 'rgba(255, 255, 255, 0.85)' : EDGE_STYLE[v]!.color };
    },
    onHover(input) {
      const d = editor.doc();
      const near = d && input ? nearestEdge(d.map, mapPoint(editor.view(), input.point)) : null;
      const h = hovered();
      const e = near?.edge ?? null;
      if (!e || !h || e.layer !== h.layer || e.x !== h.x || e.y !== h.y) setHovered(e);
    },
    onPointerDown({ point, button, shift }) {
      const d = editor.doc();
      setHovered(null);
      if (button !== 0 || !d) return;
      if (editor.isLocked('edges')) {
        editor.notify('info', 'Edges are locked: unlock them in the Layers panel to draw walls and doors.');
        return;
      }
      start = mapPoint(editor.view(), point);
      erase = shift;
      const near = nearestEdge(d.map, start);
      setRun(near ? [near.edge] : []);
      machine.to('pointing');
    },
    onPointerMove({ point, shift }) {
      const d = editor.doc();
      if (!start || !d) return;
      erase = erase || shift;
      const p = mapPoint(editor.view(), point);
      const dx = p.x - start.x;
      const dy = p.y - start.y;
      if (machine.state() === 'pointing' && Math.max(Math.abs(dx), Math.abs(dy)) < DRAG_SQUARES) return;
      machine.to('dragging');
      // Along the line the drag mostly follows, nearest to where it started.
      const vertical = Math.abs(dy) >= Math.abs(dx);
      const line = Math.round(vertical ? start.x : start.y);
      setRun(vertical ? edgeRun(d.map, true, line, start.y, p.y) : edgeRun(d.map, false, line, start.x, p.x));
    },
    onPointerUp() {
      const d = editor.doc();
      const edges = run();
      const state = machine.state();
      reset();
      if (!d || !edges.length || state === 'idle') return;
      let v = value();
      // A click toggles: the chosen kind where there is something else, nothing where it is already.
      if (state === 'pointing' && v !== Edge.none) {
        const e = edges[0]!;
        if (d.map[e.layer][e.y * d.map.width + e.x] === v) v = Edge.none;
      }
      const cmd = edgesCommand(d, edges, v);
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() !== 'idle') {
        reset();
        return true;
      }
      return false;
    },
    onCancel() {
      reset();
      setHovered(null);
    },
  };
}
