import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src-shared/io';
import { newSession, perform, replay } from '../../../src-shared/play';
import { sameJson } from '../../../src-renderer/state/play-session';

/**
 * The Replay check (state/play-session.ts) compares the replayed state with the one kept during play.
 * Per-creature state is in Maps (issue 17 › 8), which JSON.stringify writes as `{}`: the comparison must
 * see their contents, or a replay that ends with other hit points reads as "the same state".
 */
describe('sameJson: the replay comparison sees Map contents', () => {
  const planned = parseScenario('ruleset: epic-path\nmap:\n  A . . E\ncreatures:\n  A: side=party\n  E: side=enemy\n');

  it('two states that differ only in hit points or conditions are not the same', () => {
    const start = replay(planned, newSession(3));
    const hurt = perform(planned, newSession(3), { kind: 'damage', creature: 'E', amount: 5 }, start);
    const other = perform(planned, newSession(3), { kind: 'damage', creature: 'E', amount: 6 }, start);
    if (!hurt.ok || !other.ok) throw new Error('refused');
    // Only the health Map (and the entry's words) differ: compare the Maps alone.
    expect(sameJson(hurt.state.health, other.state.health)).toBe(false);
    expect(sameJson(hurt.state.health, replay(planned, hurt.session).health)).toBe(true);
    const fatigued = perform(planned, newSession(3), { kind: 'condition', creature: 'A', condition: 'fatigued', on: true }, start);
    if (!fatigued.ok) throw new Error('refused');
    expect(sameJson(fatigued.state.conditions, start.conditions)).toBe(false);
  });

  it('a replay of the same log is the same state; Map order does not matter', () => {
    const s = perform(planned, newSession(3), { kind: 'hit-points', creature: 'A', hitPoints: 12 });
    if (!s.ok) throw new Error('refused');
    expect(sameJson(replay(planned, s.session), s.state)).toBe(true);
    expect(sameJson(new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]]))).toBe(true);
    expect(sameJson(new Map([['a', 1]]), new Map([['a', 2]]))).toBe(false);
  });
});
