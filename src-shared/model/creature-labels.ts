/**
 * The few letters a token without art shows, chosen so that no two tokens on one map read the same
 * ("Goblin archer" and "Goblin boss" both read "Go" when cut to two letters).
 */

/**
 * A name's own short form: its first two letters ("Goblin" → "Go"), but a numbered name keeps its
 * number so a group of the same kind is told apart ("Creature 4" → "C4", "Orc 12" → "O12").
 */
export function shortLabel(name: string): string {
  const clean = name.trim();
  const numbered = /^(\S)\S*.*?\s(\d{1,3})$/.exec(clean);
  return numbered ? `${numbered[1]}${numbered[2]}` : clean.slice(0, 2);
}

/** The first letter of each word, upper-case, at most three ("Goblin archer" → "GA"); one word: its short form. */
export function initials(name: string): string {
  const words = name.trim().split(/[\s\-_]+/).filter(Boolean);
  if (words.length < 2) return shortLabel(name);
  return words
    .slice(0, 3)
    .map((w) => [...w][0]!.toUpperCase())
    .join('');
}

export interface NamedToken {
  id: string;
  /** The creature's name (its id when it has none). */
  name: string;
}

/**
 * Labels for every token on one map, no two the same. Each takes its name's short form; where two
 * or more would read the same, those take the initials of their words ("GA", "GB"); those still the
 * same (the same name twice) are numbered in map order ("Go1", "Go2"), skipping a label another
 * token already shows. Returns the label for each id.
 */
export function distinctLabels(tokens: readonly NamedToken[]): Map<string, string> {
  const out = new Map<string, string>();
  const count = (labels: Iterable<string>) => {
    const n = new Map<string, number>();
    for (const l of labels) n.set(l, (n.get(l) ?? 0) + 1);
    return n;
  };
  const first = tokens.map((t) => shortLabel(t.name || t.id));
  const firstCount = count(first);
  const second = tokens.map((t, i) => (firstCount.get(first[i]!)! > 1 ? initials(t.name || t.id) : first[i]!));
  const secondCount = count(second);
  // Labels that are already unique are taken; a number is never allowed to make one of them again.
  const used = new Set(second.filter((l) => secondCount.get(l) === 1));
  const next = new Map<string, number>();
  tokens.forEach((t, i) => {
    const label = second[i]!;
    if (secondCount.get(label) === 1) {
      out.set(t.id, label);
      return;
    }
    // A label ending in a digit ("C4") gets a separator, so "C4" twice is "C4·1", not "C41".
    const join = /\d$/.test(label) ? '·' : '';
    let k = next.get(label) ?? 1;
    while (used.has(`${label}${join}${k}`)) k++;
    next.set(label, k + 1);
    const numbered = `${label}${join}${k}`;
    used.add(numbered);
    out.set(t.id, numbered);
  });
  return out;
}
