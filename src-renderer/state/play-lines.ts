import { createMemo, createSignal } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { PLAY_RULES, type Square } from '../../src-shared/play';
import { flankingSquares, flanks, FLANKING_RULE, linesBetween, threatenedSquares, type Flank, type LinesAnswer, type Point } from '../../src-shared/rules/lines';
import type { PlaySessionState } from './play-session';

const hostileTo = (a: { side: string }, b: { side: string }) => (a.side === 'party' && b.side === 'enemy') || (a.side === 'enemy' && b.side === 'party');

/**
 * Lines, threat and flanking in Play mode (src-shared/rules/lines.ts), on the board shown: the
 * threatened squares and flanks when their toggles are on, and the lines between two things picked
 * with the lines tool.
 */
export function createPlayLines(play: PlaySessionState) {
  const { playing, board, shown } = play;
  const [showThreat, setShowThreat] = createSignal(false);
  const [showFlanks, setShowFlanks] = createSignal(false);
  const [linesFrom, setLinesFrom] = createSignal<string | null>(null);
  const [linesTo, setLinesTo] = createSignal<{ creature: string } | { square: Square } | null>(null);

  /** Every enemy's threatened squares (enemies of the current creature; before initiative, the enemy side's). */
  const threat = createMemo<{ squares: Point[]; by: string[]; note: string | null }>(() => {
    const b = board();
    if (!playing() || !showThreat() || !b) return { squares: [], by: [], note: null };
    const me = b.creatures.find((c) => c.id === shown()?.current);
    const enemies = b.creatures.filter((c) => (me ? hostileTo(c, me) : c.side === 'enemy'));
    const seen = new Set<string>();
    const squares: Point[] = [];
    let threatens = false;
    for (const e of enemies) {
      const answer = threatenedSquares(b, e.id);
      if (answer.range !== null) threatens = true;
      for (const q of answer.squares) {
        const key = `${q.x},${q.y}`;
        if (!seen.has(key)) {
          seen.add(key);
          squares.push(q);
        }
      }
    }
    // Nothing to draw because the ruleset threatens nothing: say so, with the text's reason.
    const note = enemies.length && !threatens ? (PLAY_RULES[b.ruleset].noThreat ?? `${RULESETS[b.ruleset].text} gives no threatened squares.`) : null;
    return { squares, by: enemies.map((e) => e.name), note };
  });

  /**
   * Flanking for the current creature: the flanks already made on each of its enemies (lines), and the
   * squares where it would flank an enemy together with an ally. Empty, with the reason, where the
   * ruleset has no flanking.
   */
  const flanking = createMemo<{ rule: string | null; note: string; lines: Flank[]; squares: Point[] }>(() => {
    const b = board();
    const me = b?.creatures.find((c) => c.id === shown()?.current);
    if (!playing() || !showFlanks() || !b) return { rule: null, note: '', lines: [], squares: [] };
    const rule = FLANKING_RULE[b.ruleset] ?? null;
    if (!rule) return { rule, note: `${RULESETS[b.ruleset].text} has no flanking in its movement chapter.`, lines: [], squares: [] };
    if (!me) return { rule, note: 'Roll initiative: flanking is shown for the creature whose turn it is.', lines: [], squares: [] };
    const lines: Flank[] = [];
    const seen = new Set<string>();
    const squares: Point[] = [];
    for (const target of b.creatures.filter((c) => hostileTo(c, me))) {
      lines.push(...flanks(b, target.id).flanks);
      for (const ally of b.creatures.filter((c) => c.id !== me.id && c.side === me.side)) {
        for (const q of flankingSquares(b, target.id, ally.id)) {
          const key = `${q.x},${q.y}`;
          if (!seen.has(key)) {
            seen.add(key);
            squares.push(q);
          }
        }
      }
    }
    return { rule, note: `Squares where ${me.name} would flank an enemy with an ally, and the flanks made now (${rule}).`, lines, squares };
  });

  /** Lines between the two things picked with the lines tool, as the ruleset defines them. */
  const lines = createMemo<{ answer: LinesAnswer } | { refused: string } | null>(() => {
    const b = board();
    const from = linesFrom();
    const to = linesTo();
    if (!playing() || !b || !from || !to) return null;
    try {
      return { answer: linesBetween(b, from, to) };
    } catch (e) {
      return { refused: (e as Error).message };
    }
  });

  return { showThreat, setShowThreat, showFlanks, setShowFlanks, threat, flanking, lines, linesFrom, setLinesFrom, linesTo, setLinesTo };
}
