import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import type { Encounter, MovementMode } from '../../../src-shared/model';
import { FORCED_RULES, newSession, perform, replay, type PlayAction } from '../../../src-shared/play';
import { fallDamage, type ForcedKind, type MoveAction } from '../../../src-shared/rules';

/**
 * The engine's golden rule cases (tests/golden/<ruleset>/<rule>/) played through the Play model: every
 * drawn path, forced movement and teleport a case checks is committed as a play action on a fresh
 * session, and the play outcome must agree with the case — legal moves go and spend what the case says,
 * provoke the attacks it lists; illegal ones are refused; pushes end where the case says, falls included.
 */

interface Check {
  query: Record<string, unknown> & { command: string; creature: string };
  expect: { refused?: string; legal?: boolean; total?: number; provokes?: { by: string; x: number; y: number }[]; breaksAt?: number; matches?: Record<string, unknown> };
}

const root = path.resolve(__dirname, '../../golden');
const cases: { name: string; dir: string }[] = [];
for (const group of readdirSync(root, { withFileTypes: true })) {
  if (!group.isDirectory()) continue;
  for (const c of readdirSync(path.join(root, group.name), { withFileTypes: true })) if (c.isDirectory()) cases.push({ name: `${group.name}/${c.name}`, dir: path.join(root, group.name, c.name) });
}

const sq = (t: string) => {
  const [x, y] = t.split(',').map(Number);
  return { x: x!, y: y! };
};

/** A session whose first action puts the creature on turn (initiative for it alone). */
function onTurn(encounter: Encounter, creature: string) {
  const r = perform(encounter, newSession(12), { kind: 'initiative', scores: { [creature]: 10 } });
  if (!r.ok) throw new Error(r.reason);
  return r;
}

/** Plays one check; returns false when the play model has no counterpart for it. */
function playCheck(encounter: Encounter, check: Check): boolean {
  const q = check.query;
  const e = check.expect;
  if (q.command === 'check') {
    const drawn = String(q['path'] ?? '');
    // Only what a play move carries: a 2-D path, an action, a mode, a 6d6 score.
    const extra = Object.keys(q).filter((k) => !['command', 'creature', 'path', 'action', 'mode', 'score'].includes(k));
    if (extra.length || !drawn || drawn.split(/\s+/)[0]!.split(',').length !== 2) return false;
    if (encounter.ruleset === '6d6' && q['action'] === 'run' && q['score'] === undefined) return false;
    const path = drawn.split(/\s+/).filter(Boolean).map(sq);
    const start = onTurn(encounter, q.creature);
    const action: PlayAction = { kind: 'move', creature: q.creature, action: (q['action'] as MoveAction) ?? 'move', path };
    if (q['mode']) action.mode = q['mode'] as MovementMode;
    if (q['score'] !== undefined) action.score = q['score'] as number;
    const r = perform(encounter, start.session, action, start.state);
    if (e.refused !== undefined || e.legal === false) {
      expect(r.ok, 'the play model refuses it too').toBe(false);
      if (!r.ok && e.breaksAt !== undefined && e.breaksAt >= 0 && r.at) expect(r.at).toEqual(path[e.breaksAt]);
      return true;
    }
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return true;
    const c = r.state.board.creatures.find((k) => k.id === q.creature)!;
    expect({ x: c.x, y: c.y }).toEqual(path[path.length - 1]);
    if (e.total !== undefined) expect(r.state.turn.spent).toBe(e.total);
    if (e.provokes !== undefined) expect(r.state.pending.map((p) => ({ by: p.attacker, x: p.at.x, y: p.at.y }))).toEqual(e.provokes);
    return true;
  }
  if (['push', 'pull', 'slide', 'shift'].includes(q.command)) {
    const kind = q.command as ForcedKind;
    const to = ((q['to'] as string[] | undefined) ?? []).map(sq);
    const action: PlayAction = { kind: 'forced', effect: kind, target: q.creature, by: q['by'] as string, squares: q['squares'] as number, ...(to.length ? { to } : {}), ...(q['dropProne'] ? { dropProne: true } : {}) };
    const state = replay(encounter, newSession(3));
    const r = perform(encounter, newSession(3), action, state);
    if (!FORCED_RULES[encounter.ruleset][kind] || e.refused !== undefined) {
      expect(r.ok).toBe(false);
      return true;
    }
    const m = e.matches ?? {};
    const stopped = (m['stopped'] as { code?: string } | null | undefined)?.code;
    if (to.length && stopped && stopped !== 'fell' && stopped !== 'prone' && (m['moved'] as number | undefined) !== to.length) {
      // The engine stops at the refused square; play refuses the GM's chosen squares, saying why.
      expect(r.ok).toBe(false);
      return true;
    }
    expect(r.ok, r.ok ? '' : r.reason).toBe(true);
    if (!r.ok) return true;
    const c = r.state.board.creatures.find((k) => k.id === q.creature)!;
    if (m['x'] !== undefined) expect(c.x).toBe(m['x']);
    if (m['y'] !== undefined) expect(c.y).toBe(m['y']);
    if (m['z'] !== undefined) expect(c.altitude).toBe(m['z']);
    const fall = m['fall'] as { height: number } | null | undefined;
    if (fall) {
      const d = fallDamage(encounter.ruleset, { height: fall.height, settings: encounter.settings });
      expect(r.entry.distribution).toEqual(d.distribution);
      expect(r.entry.text).toContain(`falls ${fall.height}`);
    } else if (fall === null) expect(r.entry.dice).toEqual([]);
    return true;
  }
  if (q.command === 'teleport') {
    const r = perform(encounter, newSession(1), { kind: 'teleport', creature: q.creature, to: sq(q['to'] as string), ...(q['range'] !== undefined ? { range: q['range'] as number } : {}) });
    if (e.refused !== undefined) expect(r.ok).toBe(false);
    else expect(r.ok).toBe((e.matches ?? {})['legal']);
    return true;
  }
  return false;
}

describe('golden rule cases played through the Play model', () => {
  let played = 0;
  for (const c of cases) {
    const expected = JSON.parse(readFileSync(path.join(c.dir, 'expected.json'), 'utf8')) as { checks: Check[]; alsoFor?: Record<string, string> };
    const text = readFileSync(path.join(c.dir, 'scenario.txt'), 'utf8');
    for (const ruleset of ['', ...Object.keys(expected.alsoFor ?? {})]) {
      const checks = expected.checks.filter((k) => ['check', 'push', 'pull', 'slide', 'shift', 'teleport'].includes(k.query.command));
      if (!checks.length) continue;
      it(`${c.name}${ruleset ? ` as ${ruleset}` : ''}`, () => {
        const encounter = parseScenario(text);
        if (ruleset) encounter.ruleset = ruleset as Encounter['ruleset'];
        for (const check of checks) if (playCheck(encounter, check)) played++;
      });
    }
  }
  it('covers a good share of the golden checks', () => {
    // Run last (Vitest runs a file's tests in order): the cases above counted what they played.
    expect(played).toBeGreaterThan(20);
  });
});
