import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src-shared/io';
import { isRulesetId, type Encounter } from '../../src-shared/model';
import {
  checkFlightPath,
  checkPath,
  collisionDice,
  damageOf,
  fallDamage,
  fallingBody,
  fallingObject,
  forcedMovement,
  MoveRefused,
  planFlightPath,
  planPath,
  reachableSquares,
  stall,
  teleport,
  type FallRequest,
  type ForcedKind,
  type MoveRequest,
} from '../../src-shared/rules';

/**
 * Golden rule cases: each folder holds `scenario.txt` and `expected.json`, which cites the rule it
 * checks as `file › heading` and lists queries with what they must answer. `alsoFor` runs the same
 * case under another ruleset whose text says the same thing, with that text's citation.
 */
interface Query extends MoveRequest {
  command: 'reach' | 'path' | 'check' | 'fall' | 'push' | 'pull' | 'slide' | 'shift' | 'stall' | 'collision' | 'falling-object' | 'teleport';
  creature: string;
  to?: string;
  via?: string[];
  path?: string;
}
interface Check {
  query: Query;
  expect: {
    refused?: string;
    squares?: Record<string, { cost: number; end?: boolean; p?: number | null; fall?: number; squeezed?: boolean } | null>;
    /** The steps of a path answer on which the creature is squeezed ("x,y x,y"; "" for none). */
    squeezedSteps?: string;
    /** A path answer's steps must pass `check` with the same total. */
    checks?: boolean;
    count?: number;
    legal?: boolean;
    total?: number;
    reason?: string;
    steps?: string;
    provokes?: { by: string; x: number; y: number }[];
    stopsAt?: { x: number; y: number } | null;
    breaksAt?: number;
    /** For falls, forced movement, stalls, collisions and falling objects: fields to match. */
    matches?: Record<string, unknown>;
  };
}
interface Case {
  rule: string;
  alsoFor?: Record<string, string>;
  checks: Check[];
}

const RULE_CITATION = /^(epic-path|d20-srd-35|d20-phb-30|6d6|startroid)\.txt › .+/;
const root = __dirname;
const cases: { name: string; dir: string }[] = [];
for (const group of readdirSync(root, { withFileTypes: true })) {
  if (!group.isDirectory()) continue;
  for (const c of readdirSync(path.join(root, group.name), { withFileTypes: true })) {
    if (c.isDirectory()) cases.push({ name: `${group.name}/${c.name}`, dir: path.join(root, group.name, c.name) });
  }
}

const sq = (t: string) => {
  const [x, y] = t.split(',').map(Number);
  return { x: x!, y: y! };
};

function other(encounter: Encounter, check: Check): unknown {
  const q = check.query as unknown as Record<string, unknown>;
  switch (q['command']) {
    case 'fall': {
      // A fall of a named creature takes what of it the ruleset weighs (Startroid: its mass or its size's).
      const body = encounter.creatures.find((c) => c.id === q['creature']);
      return fallDamage(encounter.ruleset, { ...(body ? fallingBody(body) : {}), ...(q as object), height: q['height'] as number, settings: encounter.settings } as FallRequest);
    }
    case 'stall':
      return stall(q['altitude'] as number, (q['saves'] as boolean[]) ?? []);
    case 'collision':
      return damageOf([{ count: collisionDice(q['speed'] as number, !!q['cautious']), sides: 6, perDie: 0, kind: 'lethal' }]);
    case 'falling-object':
      return fallingObject(q['size'] as string, q['height'] as number);
    case 'teleport':
      return teleport(encounter, q['creature'] as string, sq(q['to'] as string), q['range'] as number | undefined);
    default:
      return forcedMovement(encounter, {
        kind: q['command'] as ForcedKind,
        target: q['creature'] as string,
        by: q['by'] as string,
        squares: q['squares'] as number,
        to: ((q['to'] as string[] | undefined) ?? []).map(sq),
        dropProne: !!q['dropProne'],
        threeDimensional: !!q['threeDimensional'],
      });
  }
}

function run(encounter: Encounter, check: Check): void {
  if (!['reach', 'path', 'check'].includes(check.query.command)) {
    let answer: unknown;
    try {
      answer = other(encounter, check);
    } catch (err) {
      if (check.expect.refused !== undefined && err instanceof MoveRefused) {
        expect(err.message).toContain(check.expect.refused);
        return;
      }
      throw err;
    }
    expect(check.expect.refused, 'expected the request to be refused').toBeUndefined();
    // A `reason` is matched as a part of the sentence; everything else exactly.
    const { reason, ...rest } = (check.expect.matches ?? {}) as { reason?: string };
    expect(answer).toMatchObject(rest);
    if (reason !== undefined) expect((answer as { reason: string }).reason).toContain(reason);
    return;
  }
  const { command, creature, to, via, path: drawn, ...rest } = check.query;
  const request: MoveRequest = { ...rest, action: rest.action ?? 'move' };
  const e = check.expect;
  let answer: unknown;
  try {
    if (command === 'reach') answer = reachableSquares(encounter, creature, request);
    else if (command === 'path' && to!.split(',').length === 3) {
      const [x, y, z] = to!.split(',').map(Number);
      answer = planFlightPath(encounter, creature, { x: x!, y: y!, z: z! }, request);
    } else if (command === 'path') answer = planPath(encounter, creature, sq(to!), request, (via ?? []).map(sq));
    else if (drawn!.split(/\s+/)[0]!.split(',').length === 3) {
      const cubes = drawn!.split(/\s+/).filter(Boolean).map((t) => {
        const [x, y, z] = t.split(',').map(Number);
        return { x: x!, y: y!, z: z! };
      });
      answer = checkFlightPath(encounter, creature, cubes, request);
    } else answer = checkPath(encounter, creature, drawn!.split(/\s+/).filter(Boolean).map(sq), request);
  } catch (err) {
    if (e.refused !== undefined && err instanceof MoveRefused) {
      expect(err.message).toContain(e.refused);
      return;
    }
    throw err;
  }
  expect(e.refused, 'expected the request to be refused').toBeUndefined();
  if (command === 'reach') {
    const reach = answer as ReturnType<typeof reachableSquares>;
    // Flight answers one entry per cube: "x,y,z" picks one, "x,y" the cheapest over heights.
    const byKey = new Map<string, (typeof reach.squares)[number]>();
    for (const s of [...reach.squares].sort((a, b) => b.cost - a.cost)) {
      byKey.set(`${s.x},${s.y}`, s);
      if (s.z !== undefined) byKey.set(`${s.x},${s.y},${s.z}`, s);
    }
    for (const [key, want] of Object.entries(e.squares ?? {})) {
      const got = byKey.get(key);
      if (want === null) {
        expect(got && got.end ? got : null, `${key} should not be a place to end`).toBeNull();
        continue;
      }
      expect(got, `${key} should be reachable`).toBeDefined();
      expect(got!.cost, `cost of ${key}`).toBe(want.cost);
      if (want.end !== undefined) expect(got!.end, `end at ${key}`).toBe(want.end);
      // "p": null — the answer gives no chance there.
      if (want.p === null) expect(got!.p, `p of ${key}`).toBeUndefined();
      else if (want.p !== undefined) expect(got!.p, `p of ${key}`).toBeCloseTo(want.p, 6);
      expect(got!.fall, `fall at ${key}`).toBe(want.fall);
      if (want.squeezed !== undefined) expect(!!got!.squeezed, `squeezed at ${key}`).toBe(want.squeezed);
    }
    if (e.count !== undefined) expect(new Set(reach.squares.filter((s) => s.end).map((s) => `${s.x},${s.y}`)).size, 'number of squares to end in').toBe(e.count);
  } else {
    const p = answer as ReturnType<typeof planPath>;
    if (e.legal !== undefined) expect(p.legal, `legal (${p.reason})`).toBe(e.legal);
    if (e.total !== undefined) expect(p.total).toBe(e.total);
    if (e.reason !== undefined) expect(p.reason).toContain(e.reason);
    if (e.steps !== undefined) expect(p.steps.map((s) => `${s.x},${s.y}`).join(' ')).toBe(e.steps);
    if (e.breaksAt !== undefined) expect(p.breaksAt).toBe(e.breaksAt);
    if (e.provokes !== undefined) expect(p.provokes).toEqual(e.provokes);
    if (e.stopsAt !== undefined) expect(p.stopsAt).toEqual(e.stopsAt);
    if (e.squeezedSteps !== undefined) expect(p.steps.filter((s) => s.squeezed).map((s) => `${s.x},${s.y}`).join(' ')).toBe(e.squeezedSteps);
    if (e.checks) {
      const again = checkPath(encounter, creature, p.steps.map((s) => ({ x: s.x, y: s.y })), request);
      expect(again.legal, `check of the planned path (${again.reason})`).toBe(true);
      expect(again.total).toBe(p.total);
      expect(again.steps).toEqual(p.steps);
    }
  }
}

describe('golden rule cases', () => {
  it('exist for every ruleset', () => {
    for (const group of ['epic-path', 'd20-35', 'd20-30', '6d6', 'startroid']) {
      expect(cases.filter((c) => c.name.startsWith(`${group}/`)).length, group).toBeGreaterThan(0);
    }
  });

  for (const c of cases) {
    const expected = JSON.parse(readFileSync(path.join(c.dir, 'expected.json'), 'utf8')) as Case;
    const text = readFileSync(path.join(c.dir, 'scenario.txt'), 'utf8');
    const variants: [string, string][] = [['', expected.rule], ...Object.entries(expected.alsoFor ?? {})];
    for (const [ruleset, rule] of variants) {
      it(`${c.name}${ruleset ? ` as ${ruleset}` : ''} — ${rule}`, () => {
        expect(rule).toMatch(RULE_CITATION);
        expect(existsSync(path.join(c.dir, 'scenario.txt'))).toBe(true);
        const encounter = parseScenario(text);
        const textOf: Record<string, string> = { 'epic-path': 'epic-path.txt', 'd20-35': 'd20-srd-35.txt', 'd20-30': 'd20-phb-30.txt', '6d6': '6d6.txt', startroid: 'startroid.txt' };
        expect(rule.startsWith(textOf[ruleset || encounter.ruleset]!), `${rule} cites the text of ${ruleset || encounter.ruleset}`).toBe(true);
        if (ruleset) {
          expect(isRulesetId(ruleset)).toBe(true);
          encounter.ruleset = ruleset as Encounter['ruleset'];
        }
        expect(expected.checks.length).toBeGreaterThan(0);
        for (const check of expected.checks) run(encounter, check);
      });
    }
  }
});
