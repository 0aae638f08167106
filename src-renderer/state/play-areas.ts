import { createMemo, createSignal } from 'solid-js';
import { areaCovers, type AreaAnswer, type AreaShape, type AreaTemplate } from '../../src-shared/rules/areas';
import type { Point } from '../../src-shared/rules/lines';
import type { PlaySessionState } from './play-session';

/**
 * Area templates in Play mode (src-shared/play/areas.ts): the shape, size and name the GM picks, the
 * origin and aim being placed with the area tool, what the template would cover there (before it is
 * placed), and placing or clearing one as a logged action.
 */
export function createPlayAreas(play: PlaySessionState) {
  const { board } = play;
  const [areaShape, setAreaShape] = createSignal<AreaShape>('burst');
  /** In squares. */
  const [areaSize, setAreaSize] = createSignal(4);
  const [areaLabel, setAreaLabel] = createSignal('');
  // The same corner again is no change: the preview is worked out once per corner, not per pointer move.
  const samePoint = (a: Point | null, b: Point | null) => a === b || (!!a && !!b && a.x === b.x && a.y === b.y);
  const [areaOrigin, setAreaOrigin] = createSignal<Point | null>(null, { equals: samePoint });
  /** The pointer while aiming (cone, line) or choosing the origin. */
  const [areaAim, setAreaAim] = createSignal<Point | null>(null, { equals: samePoint });

  const needsAim = () => areaShape() === 'cone' || areaShape() === 'line';
  /** An odd cube is centred on a square, everything else on a grid corner (epic-path.txt › Three Dimensional Movement). */
  const onSquare = () => areaShape() === 'cube' && areaSize() % 2 === 1;

  /** The template as it would be placed now: the chosen origin (or the pointer's), aimed at the pointer. */
  const areaTemplate = createMemo<AreaTemplate | null>(() => {
    const origin = areaOrigin() ?? (needsAim() ? null : areaAim());
    if (!origin) return null;
    const aim = areaOrigin() ? areaAim() : null;
    if (needsAim() && !aim) return null;
    return { shape: areaShape(), size: areaSize(), origin, ...(needsAim() && aim ? { toward: aim } : {}) };
  });
  const areaPreview = createMemo<{ answer: AreaAnswer } | { refused: string } | null>(() => {
    const b = board();
    const t = areaTemplate();
    if (!play.playing() || !b || !t) return null;
    try {
      return { answer: areaCovers(b, t) };
    } catch (e) {
      return { refused: (e as Error).message };
    }
  });

  const clearAreaDrawing = () => {
    setAreaOrigin(null);
    setAreaAim(null);
  };
  /** Places the template shown (a logged action); false when there is none or the model refuses it. */
  const placeArea = (): boolean => {
    const t = areaTemplate();
    if (!t) return false;
    const label = areaLabel().trim();
    const e = play.act({ kind: 'area', shape: t.shape, size: t.size, origin: { x: t.origin.x, y: t.origin.y }, ...(t.toward ? { toward: { x: t.toward.x, y: t.toward.y } } : {}), ...(label ? { label } : {}) });
    if (e) clearAreaDrawing();
    return e !== null;
  };
  /** Clears one template (by id) or all of them: a logged action. */
  const clearArea = (id?: string) => play.act(id === undefined ? { kind: 'clear-area' } : { kind: 'clear-area', area: id }) !== null;

  return { areaShape, setAreaShape, areaSize, setAreaSize, areaLabel, setAreaLabel, areaOrigin, setAreaOrigin, areaAim, setAreaAim, needsAim, onSquare, areaTemplate, areaPreview, placeArea, clearArea, clearAreaDrawing };
}
