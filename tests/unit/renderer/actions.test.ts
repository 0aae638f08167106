import { describe, expect, it } from 'vitest';
import { ACTIONS, matchesKeys } from '../../../src-renderer/state/actions';

const key = (key: string, mods: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey'>> = {}) =>
  ({ key, ctrlKey: false, shiftKey: false, altKey: false, metaKey: false, ...mods }) as KeyboardEvent;

describe('keyboard shortcuts', () => {
  it('match exactly their combination', () => {
    expect(matchesKeys(key('s', { ctrlKey: true }), 'Mod+S')).toBe(true);
    expect(matchesKeys(key('S', { ctrlKey: true, shiftKey: true }), 'Mod+S')).toBe(false);
    expect(matchesKeys(key('S', { ctrlKey: true, shiftKey: true }), 'Mod+Shift+S')).toBe(true);
    expect(matchesKeys(key('s'), 'Mod+S')).toBe(false);
    expect(matchesKeys(key('+', { ctrlKey: true, shiftKey: true }), 'Mod++')).toBe(true);
    expect(matchesKeys(key('-', { ctrlKey: true }), 'Mod+-')).toBe(true);
    expect(matchesKeys(key('F1'), 'F1')).toBe(true);
  });

  it('no two actions share a combination', () => {
    const seen = new Map<string, string>();
    for (const a of ACTIONS) for (const k of a.keys ?? []) {
      expect(seen.get(k), `${k} is used by ${seen.get(k)} and ${a.id}`).toBeUndefined();
      seen.set(k, a.id);
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
