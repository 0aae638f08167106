import { describe, expect, it } from 'vitest';
import { distinctLabels, initials, shortLabel } from '../../../src-shared/model/creature-labels';

// Tokens without art show a few letters; no two tokens on one map may read the same (issue 15,
// item 4: "Goblin archer" and "Goblin boss" both read "Go").
const labels = (...names: string[]) => [...distinctLabels(names.map((name, i) => ({ id: `C${i + 1}`, name }))).values()];

describe('shortLabel', () => {
  it('cuts a name to two letters, and keeps the number of a numbered name', () => {
    expect(shortLabel('Goblin')).toBe('Go');
    expect(shortLabel('Creature 4')).toBe('C4');
    expect(shortLabel('Orc 12')).toBe('O12');
    expect(shortLabel('  Ogre ')).toBe('Og');
  });
});

describe('initials', () => {
  it('takes the first letter of each word, upper-case, at most three', () => {
    expect(initials('Goblin archer')).toBe('GA');
    expect(initials('hill giant chief of the clan')).toBe('HGC');
    expect(initials('Goblin')).toBe('Go');
  });
});

describe('distinctLabels', () => {
  it('leaves names that already differ as they are', () => {
    expect(labels('Goblin', 'Orc', 'Creature 4')).toEqual(['Go', 'Or', 'C4']);
  });

  it('tells "Goblin archer" from "Goblin boss" by their initials', () => {
    expect(labels('Goblin archer', 'Goblin boss', 'Orc')).toEqual(['GA', 'GB', 'Or']);
  });

  it('numbers the same name in map order', () => {
    expect(labels('Goblin', 'Goblin', 'Orc', 'Goblin')).toEqual(['Go1', 'Go2', 'Or', 'Go3']);
    expect(labels('Goblin archer', 'Goblin archer', 'Goblin boss')).toEqual(['GA1', 'GA2', 'GB']);
  });

  it('never gives a numbered label another token already shows', () => {
    // "G1" is the grue's own label, so the two creatures called "G" skip it.
    expect(labels('G', 'G', 'Grue 1')).toEqual(['G2', 'G3', 'G1']);
    const names = ['Gnoll', 'Gnoll', 'Gn1', 'Gnome', 'Gnome leader'];
    const out = labels(...names);
    expect(new Set(out).size).toBe(names.length);
  });

  it('keeps a numbered label readable when two names share it', () => {
    expect(labels('Creature 4', 'Cat 4')).toEqual(['C4·1', 'C4·2']);
    expect(labels('Creature 4', 'Cave bear 4')).toEqual(['C4', 'CB4']);
  });

  it('gives 500 tokens of a few kinds 500 different labels', () => {
    const kinds = ['Goblin', 'Goblin archer', 'Goblin boss', 'Orc', 'Orc 2'];
    const names = Array.from({ length: 500 }, (_, i) => kinds[i % kinds.length]!);
    const out = labels(...names);
    expect(new Set(out).size).toBe(500);
    expect(out.every((l) => l.length <= 6)).toBe(true);
  });

  it('uses the id for a creature with no name', () => {
    expect([...distinctLabels([{ id: 'C7', name: '' }]).values()]).toEqual(['C7']);
  });
});
