import { RULESETS } from '../../../src-shared/model';
import type { RulerPoint } from '../../../src-shared/rules/areas';
import type { Editor, Square } from '../../state/editor';
import { createMachine, type KeyInput, type PointerInput, type Tool } from './tool';

/**
 * The free ruler, in Edit mode (`ruler`) and Play mode (`play-ruler`), both on one measure: distance from square to square counted the ruleset's way
 * (src-shared/rules/areas.ts › measure), the total drawn on the map by the areas layer.
 *
 *   idle ──press──▶ dragging ──release on another square──▶ shown (two points)
 *   dragging ──release on the same square──▶ clicking ──click──▶ clicking (one more point)
 *   clicking ──Enter / double-click──▶ shown · shown ──press──▶ dragging (a new measure)
 *   PageUp / PageDown: the next point one square higher / lower · Backspace: drop the last point
 *   Esc: clear
 */
export function createPlayRulerTool(editor: Editor, id: 'ruler' | 'play-ruler' = 'play-ruler'): Tool {
  const machine = createMachine<'idle' | 'dragging' | 'clicking' | 'shown'>(id, 'idle');
  let downAt: Square | null = null;
  const at = (q: Square): RulerPoint => {
    const z = editor.rulerHeight();
    return z ? { x: q.x, y: q.y, z } : { x: q.x, y: q.y };
  };
  const same = (a: Square | null, b: Square) => !!a && a.x === b.x && a.y === b.y;
  const finish = () => {
    editor.setRulerHover(null);
    machine.to(editor.rulerPoints().length > 1 ? 'shown' : 'idle');
    if (editor.rulerPoints().length < 2) editor.clearRuler();
  };
  return {
    id,
    state: machine.name,
    cursor: () => 'crosshair',
    preview: () => null,
    onPointerDown(input: PointerInput) {
      if (input.button !== 0) return;
      downAt = input.square;
      if (machine.state() === 'clicking') return;
      editor.clearRuler();
      editor.setRulerPoints([at(input.square)]);
      machine.to('dragging');
    },
    onPointerMove(input: PointerInput) {
      if (machine.state() === 'dragging' || machine.state() === 'clicking') editor.setRulerHover(at(input.square));
    },
    onHover(input: PointerInput | null) {
      if (machine.state() === 'clicking') editor.setRulerHover(input ? at(input.square) : null);
    },
    onPointerUp(input: PointerInput) {
      const state = machine.state();
      if (state === 'dragging') {
        if (same(downAt, input.square)) {
          machine.to('clicking');
          return;
        }
        editor.setRulerPoints([...editor.rulerPoints(), at(input.square)]);
        finish();
        return;
      }
      if (state !== 'clicking') return;
      const points = editor.rulerPoints();
      const last = points[points.length - 1];
      // A second click on the last point (a double-click) ends the measure.
      if (last && last.x === input.square.x && last.y === input.square.y && (last.z ?? 0) === editor.rulerHeight()) {
        finish();
        return;
      }
      editor.setRulerPoints([...points, at(input.square)]);
    },
    onKeyDown(input: KeyInput) {
      const state = machine.state();
      if (input.key === 'Escape') {
        if (state === 'idle') return false;
        editor.clearRuler();
        machine.to('idle');
        return true;
      }
      if (input.key === 'Enter' && state === 'clicking') {
        finish();
        return true;
      }
      if (input.key === 'Backspace' && state === 'clicking' && editor.rulerPoints().length > 1) {
        editor.setRulerPoints(editor.rulerPoints().slice(0, -1));
        return true;
      }
      if (input.key === 'PageUp' || input.key === 'PageDown') {
        const b = editor.doc();
        const step = b ? RULESETS[b.ruleset].squareSize : 5;
        editor.setRulerHeight(Math.max(0, editor.rulerHeight() + (input.key === 'PageUp' ? step : -step)));
        const hover = editor.rulerHover();
        if (hover) editor.setRulerHover(at(hover));
        return true;
      }
      return false;
    },
    onCancel() {
      // Switching tools keeps a finished measure on the map only while the ruler is chosen.
      editor.clearRuler();
      machine.to('idle');
      downAt = null;
    },
  };
}
