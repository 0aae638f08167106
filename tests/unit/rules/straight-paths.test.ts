import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { planPath, reachableSquares, seededRandom } from '../../../src-shared/rules';

/**
 * Among paths of equal cost the planner answers the one that looks straight: where a diagonal costs
 * what a straight step does (Epic Path, Startroid), a zig-zag ("W") costs the same as a straight
 * line, and only the tie-break tells them apart. It must never change a cost.
 */
function open(ruleset: string, w: number, h: number, rows?: string[]): string {
  const map = rows ?? Array.from({ length: h }, () => Array.from({ length: w }, () => '.').join(' '));
  return `ruleset: ${ruleset}\nmap:\n${map.map((r) => `  ${r}`).join('\n')}\ncreatures:\n  A: size=medium side=party speed=300 at=0,${Math.floor(h / 2)}\n`;
}

describe('paths that look straight', () => {
  for (const ruleset of ['epic-path', 'startroid', 'd20-35', '6d6']) {
    it(`${ruleset}: on open ground every step stays within a square of the straight line, with no step back`, () => {
      const e = parseScenario(open(ruleset, 13, 9));
      const request = { action: 'move' as const, ...(ruleset === '6d6' ? { score: 40 } : {}) };
      for (let ty = 0; ty < 9; ty++) {
        for (let tx = 1; tx < 13; tx++) {
          const p = planPath(e, 'A', { x: tx, y: ty }, request);
          expect(p.legal, `${tx},${ty}: ${p.reason}`).toBe(true);
          let [px, py] = [0, 4];
          const sy = Math.sign(ty - 4);
          for (const s of p.steps) {
            // No zig-zag: x never goes back, y only ever moves towards the target's row.
            expect(s.x - px, `${tx},${ty}: x goes back at ${s.x},${s.y}`).toBeGreaterThanOrEqual(0);
            expect(Math.sign(s.y - py) === 0 || Math.sign(s.y - py) === sy, `${tx},${ty}: y turns at ${s.x},${s.y}`).toBe(true);
            // Distance from the line (0,4)→(tx,ty), in squares.
            const off = Math.abs((s.x - 0) * (ty - 4) - (s.y - 4) * (tx - 0)) / Math.hypot(tx, ty - 4);
            expect(off, `${tx},${ty}: ${s.x},${s.y} strays ${off.toFixed(2)} from the line`).toBeLessThanOrEqual(1);
            [px, py] = [s.x, s.y];
          }
        }
      }
    });
  }

  it('never changes a cost: the path costs what reach says, on mixed terrain', () => {
    const random = seededRandom(7);
    const rows = Array.from({ length: 15 }, (_, y) => Array.from({ length: 21 }, (_, x) => (x === 0 && y === 7 ? '.' : random() < 0.2 ? ',' : random() < 0.05 ? '#' : '.')).join(' '));
    for (const ruleset of ['epic-path', 'startroid', 'd20-35']) {
      const e = parseScenario(open(ruleset, 21, 15, rows));
      const reach = reachableSquares(e, 'A', { action: 'move' });
      for (const sq of reach.squares.filter((s) => s.end && (s.x + s.y) % 3 === 0)) {
        const p = planPath(e, 'A', sq, { action: 'move' });
        expect(p.total, `${ruleset} ${sq.x},${sq.y}`).toBe(sq.cost);
      }
    }
  });
});
