import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playCommand } from '../../../src-main/cli/play';
import { parseScenario } from '../../../src-shared/io';
import { PlayActionSchema } from '../../../src-shared/io/schema';
import type { RulesetId } from '../../../src-shared/model';
import { newSession, perform, replay, type PlayAction } from '../../../src-shared/play';
import { areaCovers, measure, shapeSquares, type AreaTemplate } from '../../../src-shared/rules/areas';
import { play } from './play-steps';

/**
 * Issue 17 › 5: area templates and the free ruler. The five texts define no burst, cone or line (see
 * src-shared/rules/areas.ts), so the expected squares are counted by hand from the templates'
 * definitions and each ruleset's own diagonal rule: d20-srd-35.txt › Diagonals (1-2-1),
 * epic-path.txt › General Movement Rules (1 for 1); the cube's placement from
 * epic-path.txt › Three Dimensional Movement; cover from d20-phb-30.txt › Cover.
 */

const open = (ruleset: RulesetId, extra = '') =>
  parseScenario(`ruleset: ${ruleset}
name: Open
map:
${Array.from({ length: 12 }, () => '  ' + Array.from({ length: 12 }, () => '.').join(' ')).join('\n')}
${extra}`);

const D20 = open('d20-35');
const EPIC = open('epic-path');
const key = (q: { x: number; y: number }) => `${q.x},${q.y}`;

describe('area templates: the squares each shape covers', () => {
  it('a 4-square (20 ft) burst counts 1-2-1 in d20 (44 squares) and 1 for 1 in Epic Path (64)', () => {
    const t: AreaTemplate = { shape: 'burst', size: 4, origin: { x: 6, y: 6 } };
    // d20: per quarter, 4 + 3 + 3 + 1 squares lie within 4 (the 2nd diagonal counts 2).
    const d20 = shapeSquares(D20, t);
    expect(d20).toHaveLength(44);
    expect(d20.map(key)).toContain('9,6'); // 4 straight
    expect(d20.map(key)).toContain('8,8'); // 3 diagonals: 1 + 2 + 1
    expect(d20.map(key)).not.toContain('9,9'); // 4 diagonals: 6
    expect(d20.map(key)).not.toContain('7,9'); // 2 diagonals + 2 straight: 5
    expect(shapeSquares(EPIC, t)).toHaveLength(64);
  });

  it('a 3-square (15 ft) cone east holds 8 squares in d20 and 12 in Epic Path, none behind its corner', () => {
    const t: AreaTemplate = { shape: 'cone', size: 3, origin: { x: 6, y: 6 }, toward: { x: 9, y: 6 } };
    const d20 = shapeSquares(D20, t).map(key).sort();
    // Reach 1: 6,5 and 6,6; reach 2: two each side (2 and 3); reach 3: one each side (the next, 3 + 1 = 4, is too far).
    expect(d20).toEqual(['6,5', '6,6', '7,4', '7,5', '7,6', '7,7', '8,5', '8,6'].sort());
    const epic = shapeSquares(EPIC, t);
    expect(epic).toHaveLength(12);
    expect(epic.every((q) => q.x >= 6)).toBe(true);
  });

  it('a line along a grid line takes the row on its right; a diagonal line counts its diagonals', () => {
    const east = shapeSquares(D20, { shape: 'line', size: 4, origin: { x: 2, y: 5 }, toward: { x: 6, y: 5 } });
    expect(east.map(key)).toEqual(['2,5', '3,5', '4,5', '5,5']);
    // d20: 1 + 2 + 1 = 4 reaches the third diagonal square; the fourth would make 6.
    const diagonal = { shape: 'line', size: 4, origin: { x: 2, y: 2 }, toward: { x: 3, y: 3 } } as const;
    expect(shapeSquares(D20, diagonal).map(key)).toEqual(['2,2', '3,3', '4,4']);
    expect(shapeSquares(EPIC, diagonal).map(key)).toEqual(['2,2', '3,3', '4,4', '5,5']);
  });

  it('Epic Path cubes: an odd side centred on a square, an even side on a grid corner', () => {
    const odd = areaCovers(EPIC, { shape: 'cube', size: 3, origin: { x: 4, y: 4 } });
    expect(odd.squares.map(key)).toEqual(['3,3', '4,3', '5,3', '3,4', '4,4', '5,4', '3,5', '4,5', '5,5']);
    expect(odd.rules).toContain('epic-path.txt › Three Dimensional Movement');
    expect(areaCovers(EPIC, { shape: 'cube', size: 2, origin: { x: 4, y: 4 } }).squares.map(key)).toEqual(['3,3', '4,3', '3,4', '4,4']);
  });

  it('refuses a template it cannot place, saying why', () => {
    expect(() => shapeSquares(D20, { shape: 'burst', size: 0, origin: { x: 1, y: 1 } })).toThrow(/whole number of squares/);
    expect(() => shapeSquares(D20, { shape: 'burst', size: 2, origin: { x: 13, y: 1 } })).toThrow(/not a grid corner of the 12 × 12 map/);
    expect(() => shapeSquares(D20, { shape: 'cone', size: 2, origin: { x: 1, y: 1 } })).toThrow(/needs a direction/);
    expect(() => shapeSquares(D20, { shape: 'line', size: 2, origin: { x: 1, y: 1 }, toward: { x: 1, y: 1 } })).toThrow(/away from its origin/);
  });
});

describe('area templates: line of effect and cover from the origin', () => {
  // A wall east of column 4 (rows 1-7); a low wall south of 3,6.
  const walls = ['walls:', ...[1, 2, 3, 4, 5, 6, 7].map((y) => `  wall 4,${y} 5,${y}`), '  low 3,6 3,7'].join('\n');
  const map = (ruleset: RulesetId) =>
    parseScenario(`ruleset: ${ruleset}
name: Walls
map:
${Array.from({ length: 12 }, (_, y) => '  ' + Array.from({ length: 12 }, (_, x) => (x === 3 && y === 7 ? 'L' : x === 6 && y === 2 ? 'B' : x === 1 && y === 4 ? 'O' : '.')).join(' ')).join('\n')}
creatures:
  L: name=Low size=medium side=enemy speed=30
  B: name=Behind size=medium side=enemy speed=30
  O: name=Open size=medium side=enemy speed=30
${walls}`);

  it('d20: cover behind a low wall, total cover behind a wall (not covered), none in the open', () => {
    const answer = areaCovers(map('d20-30'), { shape: 'burst', size: 6, origin: { x: 2, y: 5 } });
    const cover = Object.fromEntries(answer.creatures.map((c) => [c.name, c.cover]));
    expect(cover).toEqual({ Open: 'none', Low: 'cover', Behind: 'total' });
    // The wall's far side is in the burst's reach but no line of effect gets there.
    expect(answer.shadowed.map(key)).toContain('6,2');
    expect(answer.squares.map(key)).not.toContain('6,2');
    expect(answer.rules).toContain('d20-phb-30.txt › Cover');
  });

  it('d20: the squares shown as reached and the creatures listed as affected agree, from every corner', () => {
    // d20-phb-30.txt › Total Cover: no line of effect is total cover. A creature is untouched (total)
    // exactly when none of its squares in the shape is reached; before, a square beside a wall's end
    // could be shown unreached (its centre line blocked) while its creature was listed with cover.
    for (const ruleset of ['d20-30', 'd20-35'] as const) {
      const m = map(ruleset);
      for (let oy = 0; oy <= 12; oy += 2) {
        for (let ox = 0; ox <= 12; ox += 2) {
          const answer = areaCovers(m, { shape: 'burst', size: 6, origin: { x: ox, y: oy } });
          const reached = new Set(answer.squares.map(key));
          for (const c of answer.creatures) {
            const at = m.creatures.find((k) => k.id === c.creature)!;
            expect(c.cover === 'total', `${ruleset} from ${ox},${oy}: ${c.name}`).toBe(!reached.has(`${at.x},${at.y}`));
          }
        }
      }
    }
  });

  it('d20: a creature between the origin and another gives it soft cover (no Reflex bonus)', () => {
    const row = parseScenario(`ruleset: d20-35\nname: Row\nmap:\n  . . . . . . . .\n  . . . M . T . .\n  . . . . . . . .\ncreatures:\n  M: name=Middle size=medium side=enemy speed=30\n  T: name=Target size=medium side=enemy speed=30\n`);
    // From the corner 2,1 the lines to Target's far corners pass through Middle's square.
    const answer = areaCovers(row, { shape: 'burst', size: 4, origin: { x: 2, y: 1 } });
    expect(Object.fromEntries(answer.creatures.map((c) => [c.name, c.cover]))).toEqual({ Middle: 'none', Target: 'soft' });
  });

  it('a line through a grid point is stopped only when both ways round it are walled (engine/sight.ts)', () => {
    const room = (walls: string) => parseScenario(`ruleset: startroid\nname: Corner\nmap:\n${Array.from({ length: 6 }, () => '  . . . . . .').join('\n')}\nwalls:\n${walls}`);
    // From the corner 2,2 the line to the centre of 3,3 passes the grid point 3,3 diagonally.
    const burst = { shape: 'burst', size: 2, origin: { x: 2, y: 2 } } as const;
    const oneWay = areaCovers(room('  wall 2,2 3,2'), burst);
    expect(oneWay.squares.map(key)).toContain('3,3');
    const bothWays = areaCovers(room('  wall 2,2 3,2\n  wall 2,2 2,3'), burst);
    expect(bothWays.shadowed.map(key)).toContain('3,3');
    expect(bothWays.squares.map(key)).toContain('2,2');
  });

  it('Startroid gives no cover: line of effect or not', () => {
    const answer = areaCovers(map('startroid'), { shape: 'burst', size: 6, origin: { x: 2, y: 5 } });
    const cover = Object.fromEntries(answer.creatures.map((c) => [c.name, c.cover]));
    expect(cover).toEqual({ Open: 'none', Low: 'none', Behind: 'total' });
    expect(answer.rules).toEqual([]);
  });
});

describe('the free ruler', () => {
  it('d20 counts 1-2-1 across the whole path, Epic Path and Startroid 1 for 1', () => {
    expect(measure(D20, [{ x: 0, y: 0 }, { x: 3, y: 3 }])).toMatchObject({ squares: 4, length: 20, unit: 'ft' });
    // The second diagonal costs 2 even when it starts a new leg.
    expect(measure(D20, [{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }]).legs).toEqual([1, 3]);
    expect(measure(EPIC, [{ x: 0, y: 0 }, { x: 3, y: 3 }]).squares).toBe(3);
    expect(measure(open('startroid'), [{ x: 0, y: 0 }, { x: 4, y: 2 }])).toMatchObject({ squares: 4, length: 6, unit: 'm' });
    expect(measure(D20, [{ x: 0, y: 0 }, { x: 3, y: 3 }]).counting).toContain('d20-srd-35.txt › Diagonals');
  });

  it('counts height as one more axis: d20 2 across and 10 ft up is 15 ft, Epic Path 10 ft', () => {
    expect(measure(D20, [{ x: 0, y: 0 }, { x: 2, y: 0, z: 10 }]).length).toBe(15);
    expect(measure(EPIC, [{ x: 0, y: 0 }, { x: 2, y: 0, z: 10 }]).length).toBe(10);
    expect(measure(D20, [{ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 30 }]).length).toBe(30);
  });
});

describe('area templates in play', () => {
  const ambush = parseScenario(`ruleset: d20-35
name: Ambush
map:
  . . . . . . . .
  . A . . . . . .
  . . . . . . . .
  . . . G . . . .
  . . . . W . . .
  . . . . . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  G: name=Goblin size=small side=enemy speed=30
  W: name=Wolf size=medium side=enemy speed=50
`);
  const fireball: PlayAction = { kind: 'area', shape: 'burst', size: 2, origin: { x: 4, y: 4 }, label: 'Fireball' };

  it('logs the creatures an area covers, keeps it on the board until cleared, and replays it', () => {
    const { session, state } = play(ambush, newSession(3), fireball);
    expect(state.areas).toHaveLength(1);
    expect(state.areas[0]!.covers.creatures.map((c) => c.name)).toEqual(['Goblin', 'Wolf']);
    const e = state.entries.at(-1)!;
    expect(e.text).toBe('Fireball: burst, 2 squares radius (10 ft), from the corner 4,4; covers Goblin, Wolf (GM).');
    expect(e.squares).toHaveLength(12);
    expect(replay(ambush, session).areas[0]!.covers).toEqual(state.areas[0]!.covers);
    // Named by the entry's number as the log prints it: the first entry is 1.
    expect(state.areas[0]!.id).toBe('1');
    const cleared = play(ambush, newSession(3), fireball, { kind: 'clear-area', area: '1' }).state;
    expect(cleared.areas).toEqual([]);
    expect(cleared.entries.at(-1)!.text).toBe('Cleared the area Fireball (GM).');
  });

  it('refuses a bad template or an unknown id with the reason, and changes nothing', () => {
    const { session, state } = play(ambush, newSession(3), fireball);
    const bad = perform(ambush, session, { kind: 'area', shape: 'cone', size: 3, origin: { x: 1, y: 1 } }, state);
    expect(bad).toMatchObject({ ok: false, reason: 'A cone needs a direction: the point it is aimed toward.' });
    const unknown = perform(ambush, session, { kind: 'clear-area', area: '7' }, state);
    expect(unknown).toMatchObject({ ok: false, reason: 'There is no area "7" on the board.' });
    expect(PlayActionSchema.safeParse({ kind: 'area', shape: 'sphere', size: 2, origin: { x: 1, y: 1 } }).success).toBe(false);
    expect(PlayActionSchema.safeParse(fireball).success).toBe(true);
  });

  it('encounter play --script places and clears areas', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'areas-'));
    const script = path.join(dir, 'moves.json');
    writeFileSync(script, JSON.stringify([fireball, { kind: 'area', shape: 'line', size: 3, origin: { x: 1, y: 1 }, toward: { x: 4, y: 1 } }, { kind: 'clear-area' }]));
    const text = await playCommand(ambush, { get: (k) => (k === 'script' ? script : undefined), has: () => false });
    expect(text).toContain('Fireball: burst, 2 squares radius (10 ft), from the corner 4,4; covers Goblin, Wolf (GM).');
    expect(text).toContain('Line: line, 3 squares long (15 ft), from the corner 1,1 toward 4,1; covers Aric (GM).');
    expect(text).toContain('Cleared every area: Fireball, Line (GM).');
  });
});
