/**
 * Names no creature id, key or section may take: every name an ordinary JavaScript object answers
 * without having it (`constructor`, `toString`, `__proto__`, `isPrototypeOf` …) and `prototype`.
 * Code that keys anything by an id then cannot reach or replace an object's prototype, and a
 * creature named `constructor` is not mistaken for one that is already there (issue 19 › 1). One
 * rule for both ways in: the encounter file's loader renames such a creature, the text-scenario
 * loader refuses the name.
 */
const STANDARD_NAMES = [
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  'prototype',
];

// The running engine's own list too, so a name a newer engine adds is covered without an edit.
export const RESERVED_NAMES: ReadonlySet<string> = new Set([...STANDARD_NAMES, ...Object.getOwnPropertyNames(Object.prototype)]);

export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name);
}

/** The message for a refused name, the same wherever it is refused. */
export function reservedNameProblem(name: string): string {
  return `"${name}" is a reserved name (every JavaScript object already has it); choose another`;
}

/**
 * A new name for a creature whose id is reserved: `<id>-renamed`, then `-renamed-2` … until it is
 * free, so nothing in the file is lost and no other creature's id is taken.
 */
export function unreservedName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? `${name}-renamed` : `${name}-renamed-${n}`;
    if (!taken.has(candidate) && !isReservedName(candidate)) return candidate;
  }
}

export interface RenamedCreature {
  from: string;
  to: string;
}

/**
 * Renames every creature of a parsed (not yet validated) encounter file whose id is reserved, and
 * the same id wherever the play log names it (as a value or as a key, in any action, so an action
 * kind added later is covered too). Returns a copy and the renames; the input is not changed.
 */
export function renameReservedCreatures(data: Record<string, unknown>): { data: Record<string, unknown>; renamed: RenamedCreature[] } {
  const creatures = data['creatures'];
  if (!Array.isArray(creatures)) return { data, renamed: [] };
  const taken = new Set<string>();
  for (const c of creatures) if (isRecord(c) && typeof c['id'] === 'string') taken.add(c['id']);
  const renames = new Map<string, string>();
  for (const c of creatures) {
    const id = isRecord(c) ? c['id'] : undefined;
    if (typeof id !== 'string' || !isReservedName(id) || renames.has(id)) continue;
    const to = unreservedName(id, taken);
    taken.add(to);
    renames.set(id, to);
  }
  if (renames.size === 0) return { data, renamed: [] };
  const rename = (v: unknown): unknown => {
    if (typeof v === 'string') return renames.get(v) ?? v;
    if (Array.isArray(v)) return v.map(rename);
    // fromEntries defines own properties, so a key "__proto__" left unrenamed stays a plain key
    // (and the schema refuses it) instead of setting the copy's prototype.
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [renames.get(k) ?? k, rename(x)]));
    return v;
  };
  const out: Record<string, unknown> = { ...data, creatures: creatures.map((c) => (isRecord(c) && typeof c['id'] === 'string' && renames.has(c['id']) ? { ...c, id: renames.get(c['id']) } : c)) };
  const play = data['play'];
  if (isRecord(play) && Array.isArray(play['log'])) {
    const renamedPlay: Record<string, unknown> = { ...play, log: play['log'].map(rename) };
    // The lines set aside when an earlier entry was undone name the same creatures.
    const branches = play['branches'];
    if (Array.isArray(branches)) renamedPlay['branches'] = branches.map((b) => (isRecord(b) && Array.isArray(b['log']) ? { ...b, log: b['log'].map(rename) } : b));
    out['play'] = renamedPlay;
  }
  return { data: out, renamed: [...renames].map(([from, to]) => ({ from, to })) };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The path of the first object key in `value` that is a reserved name, or null. The schema refuses
 * most such keys itself but drops `__proto__` without a word; this makes it a clear refusal.
 */
export function reservedKeyIn(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = reservedKeyIn(v, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (isReservedName(k)) return `${path}.${k}`;
      const found = reservedKeyIn(v, `${path}.${k}`);
      if (found) return found;
    }
  }
  return null;
}
