import { isRulesetId, RULESETS } from '../model';

/** The fields of a library entry that search and sorting read. */
export interface SearchableEntry {
  file: { id: string; name: string };
  title: string | null;
  ruleset: string | null;
  width: number | null;
  height: number | null;
  modified: number;
  bytes: number;
  problem: string | null;
  tags: readonly string[];
  sides: { party: number; enemy: number; neutral: number };
  creatureNames: readonly string[];
}

export const SORT_KEYS = ['name', 'modified', 'size', 'creatures', 'bytes'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_LABELS: Record<SortKey, string> = {
  name: 'Name',
  modified: 'Last modified',
  size: 'Map size',
  creatures: 'Creatures',
  bytes: 'File size',
};

export interface LibraryQuery {
  /** Words typed by the user: every word must begin a word of the name, file name, tags, ruleset or a creature's name. */
  text: string;
  ruleset?: string | null;
  /** The map's longer side, in squares, from…to (inclusive); null for no bound. */
  minSide?: number | null;
  maxSide?: number | null;
  sort: SortKey;
  descending?: boolean;
}

/** Words in lower case, letters and digits only ("Goblin-ambush 2" → goblin, ambush, 2). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function entryWords(e: SearchableEntry): string[] {
  // One pass over one string: the index is built for thousands of entries at a time.
  const ruleset = e.ruleset ? `${e.ruleset} ${isRulesetId(e.ruleset) ? RULESETS[e.ruleset].name : ''}` : '';
  const text = `${e.title ?? ''} ${e.file.name.replace(/\.[^.]+$/, '')} ${e.tags.join(' ')} ${ruleset} ${e.creatureNames.join(' ')}${e.problem ? ' broken' : ''}`;
  return words(text);
}

const longerSide = (e: SearchableEntry) => Math.max(e.width ?? 0, e.height ?? 0);
const creatureCount = (e: SearchableEntry) => e.sides.party + e.sides.enemy + e.sides.neutral;
const displayName = (e: SearchableEntry) => (e.title ?? e.file.name).toLowerCase();

function compareBy(key: SortKey): (a: SearchableEntry, b: SearchableEntry) => number {
  const byName = (a: SearchableEntry, b: SearchableEntry) => {
    const x = displayName(a);
    const y = displayName(b);
    return x < y ? -1 : x > y ? 1 : a.file.id < b.file.id ? -1 : a.file.id > b.file.id ? 1 : 0;
  };
  switch (key) {
    case 'name':
      return byName;
    case 'modified':
      return (a, b) => a.modified - b.modified || byName(a, b);
    case 'size':
      return (a, b) => (a.width ?? 0) * (a.height ?? 0) - (b.width ?? 0) * (b.height ?? 0) || byName(a, b);
    case 'creatures':
      return (a, b) => creatureCount(a) - creatureCount(b) || byName(a, b);
    case 'bytes':
      return (a, b) => a.bytes - b.bytes || byName(a, b);
  }
}

function passesFilters(e: SearchableEntry, q: LibraryQuery): boolean {
  if (q.ruleset && e.ruleset !== q.ruleset) return false;
  if (q.minSide != null || q.maxSide != null) {
    if (e.width === null) return false;
    const side = longerSide(e);
    if (q.minSide != null && side < q.minSide) return false;
    if (q.maxSide != null && side > q.maxSide) return false;
  }
  return true;
}

/**
 * The library's search index: a sorted dictionary of every word with the entries it occurs in,
 * so a keystroke looks up the typed prefixes (binary search) instead of reading every entry, and
 * one precomputed order per sort key, so the answer comes out sorted without sorting.
 */
export class LibrarySearch<E extends SearchableEntry> {
  private tokens: string[] = [];
  private postings: Int32Array[] = [];
  private prepared = false;
  private readonly orders = new Map<SortKey, Int32Array>();
  private readonly marks: Uint16Array;

  constructor(readonly entries: readonly E[]) {
    this.marks = new Uint16Array(entries.length);
  }

  /**
   * Builds the word dictionary. The first query with words does it if nobody did; the library
   * browser calls it just after it has shown the entries, so opening does not wait for it.
   */
  prepare(): void {
    if (this.prepared) return;
    this.prepared = true;
    const byToken = new Map<string, number[]>();
    const entries = this.entries;
    for (let i = 0; i < entries.length; i++) {
      for (const w of entryWords(entries[i]!)) {
        const list = byToken.get(w);
        if (!list) byToken.set(w, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    }
    this.tokens = [...byToken.keys()].sort();
    this.postings = this.tokens.map((t) => Int32Array.from(byToken.get(t)!));
  }

  private order(key: SortKey): Int32Array {
    let o = this.orders.get(key);
    if (!o) {
      // The same order as `compareBy`, with each entry's keys worked out once, not per comparison.
      const es = this.entries;
      const names = es.map(displayName);
      const ids = es.map((e) => e.file.id);
      const value: (e: SearchableEntry) => number =
        key === 'modified' ? (e) => e.modified : key === 'size' ? (e) => (e.width ?? 0) * (e.height ?? 0) : key === 'creatures' ? creatureCount : key === 'bytes' ? (e) => e.bytes : () => 0;
      const values = Float64Array.from(es, value);
      o = Int32Array.from(es.keys()).sort(
        (a, b) => values[a]! - values[b]! || (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0),
      );
      this.orders.set(key, o);
    }
    return o;
  }

  /** The first dictionary position whose word is ≥ `prefix`. */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.tokens[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  query(q: LibraryQuery): E[] {
    const terms = [...new Set(words(q.text))];
    const marks = this.marks;
    let needed = 0;
    if (terms.length) {
      this.prepare();
      marks.fill(0);
      // An entry stays in the running while it has matched every term so far.
      for (const term of terms.slice(0, 60000)) {
        for (let t = this.lowerBound(term); t < this.tokens.length && this.tokens[t]!.startsWith(term); t++) {
          for (const i of this.postings[t]!) if (marks[i] === needed) marks[i] = needed + 1;
        }
        needed++;
      }
    }
    const out: E[] = [];
    const order = this.order(q.sort);
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const i = order[q.descending ? n - 1 - k : k]!;
      if (needed && marks[i] !== needed) continue;
      const e = this.entries[i]!;
      if (passesFilters(e, q)) out.push(e);
    }
    return out;
  }
}

/**
 * The yardstick: the same answer found by reading every entry's words on every keystroke and
 * sorting the matches afterwards, as a list without an index would.
 */
export function searchWithoutIndex<E extends SearchableEntry>(entries: readonly E[], q: LibraryQuery): E[] {
  const terms = [...new Set(words(q.text))];
  const hits = entries.filter((e) => {
    if (!passesFilters(e, q)) return false;
    const ws = entryWords(e);
    return terms.every((t) => ws.some((w) => w.startsWith(t)));
  });
  const cmp = compareBy(q.sort);
  hits.sort((a, b) => (q.descending ? cmp(b, a) : cmp(a, b)));
  return hits;
}
