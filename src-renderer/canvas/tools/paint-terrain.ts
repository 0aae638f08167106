import { createSignal } from 'solid-js';
import type { Command } from '../../../src-shared/commands';
import { isOnMap, squareIndex, Terrain, type Encounter, type TerrainName } from '../../../src-shared/model';
import type { Editor, Square } from '../../state/editor';
import { terrainCss } from '../palette';
import { createMachine, sameSquare, squaresBetween, type Tool } from './tool';

type State = 'idle' | 'painting';

/** The command that lays `kind` on these squares (only those that change), or null if none do. */
export function terrainStroke(d: Encounter, kind: TerrainName, squares: readonly Square[]): Command | null {
  const value = Terrain[kind];
  const indices = new Set<number>();
  for (const s of squares) {
    if (!isOnMap(d.map, s.x, s.y)) continue;
    const i = squareIndex(d.map, s.x, s.y);
    if (d.map.terrain[i] !== value) indices.add(i);
  }
  return indices.size ? { type: 'setSquares', layer: 'terrain', indices: [...indices], values: [value] } : null;
}

/**
 * Paint terrain: press and drag to lay the brush's terrain; the whole stroke is one command, so
 * one undo step. The stroke shows on the overlay until released.
 *   idle ──down──▶ painting ──up: one setSquares command──▶ idle   (Escape: dropped)
 */
export function createPaintTerrainTool(editor: Editor): Tool {
  const machine = createMachine<State>('terrain', 'idle');
  const [stroke, setStroke] = createSignal<Square[]>([]);
  const reset = () => {
    setStroke([]);
    machine.to('idle');
  };
  return {
    id: 'terrain',
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => (stroke().length ? { kind: 'squares', squares: stroke(), color: terrainCss(Terrain[editor.brush()]) } : null),
    onPointerDown({ square, button }) {
      if (button !== 0 || !editor.doc()) return;
      setStroke([square]);
      machine.to('painting');
    },
    onPointerMove({ square }) {
      if (machine.state() !== 'painting') return;
      const s = stroke();
      const last = s[s.length - 1]!;
      if (!sameSquare(last, square)) setStroke([...s, ...squaresBetween(last, square)]);
    },
    onPointerUp() {
      if (machine.state() !== 'painting') return;
      const d = editor.doc();
      const cmd = d ? terrainStroke(d, editor.brush(), stroke()) : null;
      reset();
      if (cmd) editor.execute(cmd);
    },
    onKeyDown({ key }) {
      if (key === 'Escape' && machine.state() === 'painting') {
        reset();
        return true;
      }
      return false;
    },
    onCancel: reset,
  };
}
