import { createMemo, createSignal, type Accessor } from 'solid-js';
import type { Encounter } from '../../src-shared/model';
import { measure, type RulerAnswer, type RulerPoint } from '../../src-shared/rules/areas';

/**
 * The free ruler (Edit and Play): the points clicked, the square under the pointer while measuring,
 * the height the next point is given (PageUp / PageDown), and the distance counted by the ruleset of
 * the board shown (src-shared/rules/areas.ts › measure). Nothing here is logged or saved.
 */
export function createRuler(board: Accessor<Encounter | null>) {
  const [rulerPoints, setRulerPoints] = createSignal<RulerPoint[]>([]);
  // The same square at the same height is no change: the measure is redone per square, not per pointer move.
  const [rulerHover, setRulerHover] = createSignal<RulerPoint | null>(null, { equals: (a, b) => a === b || (!!a && !!b && a.x === b.x && a.y === b.y && (a.z ?? 0) === (b.z ?? 0)) });
  /** Height above the ground of the next point, in the ruleset's length unit. */
  const [rulerHeight, setRulerHeight] = createSignal(0);
  /** The path measured: the points, then the pointer's square while it is still measuring. */
  const rulerPath = createMemo<RulerPoint[]>(() => {
    const points = rulerPoints();
    const hover = rulerHover();
    return hover && points.length ? [...points, hover] : points;
  });
  const ruler = createMemo<RulerAnswer | null>(() => {
    const b = board();
    const path = rulerPath();
    return b && path.length > 1 ? measure(b, path) : null;
  });
  const clearRuler = () => {
    setRulerPoints([]);
    setRulerHover(null);
    setRulerHeight(0);
  };
  return { rulerPoints, setRulerPoints, rulerHover, setRulerHover, rulerHeight, setRulerHeight, rulerPath, ruler, clearRuler };
}
