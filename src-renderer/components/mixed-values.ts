/**
 * Several selected creatures in one field: the value they all hold, or `mixed` when they differ. A
 * mixed field shows so (an empty input with a "mixed" placeholder, an indeterminate checkbox, a
 * "mixed" choice) until the user sets one value for all of them.
 */
export type Shared<T> = { mixed: false; value: T } | { mixed: true };

export function sharedValue<C, T>(items: readonly C[], get: (item: C) => T): Shared<T> {
  if (!items.length) return { mixed: true };
  const first = get(items[0]!);
  // Most fields hold a number, a string or a flag: compared as they are (a crowd of 200 is asked for
  // ~30 fields), objects by their JSON.
  if (first === null || typeof first !== 'object') {
    for (let i = 1; i < items.length; i++) if (!Object.is(get(items[i]!), first)) return { mixed: true };
    return { mixed: false, value: first };
  }
  const key = JSON.stringify(first);
  for (let i = 1; i < items.length; i++) if (JSON.stringify(get(items[i]!)) !== key) return { mixed: true };
  return { mixed: false, value: first };
}

/** The placeholder of a field whose creatures differ, and a select's choice for it. */
export const MIXED = 'mixed';

/** An input's text for a shared value (`blank` for an absent one); empty when mixed. */
export function fieldText<T>(s: Shared<T>, text: (value: T) => string): string {
  return s.mixed ? '' : text(s.value);
}
