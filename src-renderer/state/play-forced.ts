import { batch, createSignal } from 'solid-js';
import type { LogEntry, Square } from '../../src-shared/play';
import type { ForcedKind } from '../../src-shared/rules';
import type { PlaySessionState } from './play-session';

/** What the forced movement tool is set to: who does it, the effect, how far; the target is clicked. */
export interface ForcedSettings {
  effect: ForcedKind | 'teleport';
  by: string | null;
  target: string | null;
  squares: number;
  range: number | null;
  /** The effect says the target may leave its level: over a ledge it falls (startroid.txt › Pull, Push and Slide). */
  offLevel?: boolean;
  /** The target drops prone to stop before a hazard (epic-path.txt › Forced Movement). */
  dropProne?: boolean;
}

/**
 * Forced movement in Play mode (push, pull, slide, teleport): its settings, the squares the GM
 * clicked, and the action committed from them.
 */
export function createPlayForced(play: PlaySessionState) {
  const { current, setRefusal } = play;
  const [forcedChosen, setForcedChosen] = createSignal<ForcedSettings>({ effect: 'push', by: null, target: null, squares: 1, range: null });
  /**
   * The forced movement's settings as the panel and the map show them: until the GM picks the
   * attacker, it is the creature whose turn it is (a newcomer's push on the kobold's turn was refused
   * for want of an attacker the panel showed as "—"); a new turn goes back to that default.
   */
  const forced = (): ForcedSettings => {
    const f = forcedChosen();
    if (f.by !== null) return f;
    const turn = current()?.current ?? null;
    return turn && turn !== f.target ? { ...f, by: turn } : f;
  };
  /** Sets them; an attacker that is only the default stays a default (it follows the turn). */
  const setForced = (next: ForcedSettings): void => {
    const defaulted = forcedChosen().by === null && next.by === forced().by;
    setForcedChosen(defaulted ? { ...next, by: null } : next);
  };
  const [forcedSquares, setForcedSquaresOnly] = createSignal<Square[]>([]);
  /**
   * The squares the GM clicked for a forced movement; the Squares count follows them (two squares
   * clicked is a movement of two), so the panel never shows one number while the map shows another.
   */
  const setForcedSquares = (squares: Square[]): void => {
    batch(() => {
      setForcedSquaresOnly(squares);
      if (squares.length) setForcedChosen((f) => (f.effect === 'teleport' ? f : { ...f, squares: squares.length }));
    });
  };

  /** A new creature's turn: the attacker goes back to following the turn. */
  function newTurn(): void {
    setForcedChosen((f) => ({ ...f, by: null }));
  }

  /** Play mode starts: no attacker or target carried over from before. */
  function started(): void {
    setForcedChosen((f) => ({ ...f, by: null, target: null }));
  }

  /**
   * Forced movement along the squares clicked (push and pull choose their own when none are), or a
   * teleport to `to`. The model refuses a square with the rule's reason.
   */
  function commitForced(to?: Square): LogEntry | null {
    const f = forced();
    if (!f.target) {
      setRefusal({ reason: 'Click the creature to move first.', at: null });
      return null;
    }
    let e: LogEntry | null;
    if (f.effect === 'teleport') {
      if (!to) return null;
      e = play.act({ kind: 'teleport', creature: f.target, to: { x: to.x, y: to.y }, ...(f.range ? { range: f.range } : {}) });
    } else {
      if (!f.by) {
        const reason = 'Pick who pushes, pulls or slides (the attacker) first.';
        setRefusal({ reason, at: null });
        return null;
      }
      const squares = forcedSquares();
      if (squares.length > f.squares) {
        // Never do less than the GM drew without saying so: the effect's distance decides.
        const reason = `The ${f.effect} moves it ${f.squares} square${f.squares === 1 ? '' : 's'}, but ${squares.length} squares are picked: raise Squares or pick fewer.`;
        setRefusal({ reason, at: squares[f.squares] ?? null });
        return null;
      }
      e = play.act({ kind: 'forced', effect: f.effect, target: f.target, by: f.by, squares: f.squares, ...(squares.length ? { to: squares } : {}), ...(f.offLevel ? { threeDimensional: true } : {}), ...(f.dropProne ? { dropProne: true } : {}) });
    }
    if (e) setForced({ ...f, target: null });
    return e;
  }

  return { forced, setForced, forcedSquares, setForcedSquares, newTurn, started, commitForced };
}
