import { createSignal } from 'solid-js';
import type { LogEntry } from '../../src-shared/play';

/**
 * Dice and damage in Play mode: the last roll worth showing the GM with its distribution (a fall's
 * damage, a dice move), for the fall dialog. Cleared when Play mode starts or ends.
 */
export function createPlayDice() {
  const [fallEntry, setFallEntry] = createSignal<LogEntry | null>(null);

  /** An entry that rolled dice (or a fall) and carries its distribution opens the dialog. */
  function acted(entry: LogEntry): void {
    if (entry.distribution && (entry.dice.length > 0 || entry.text.includes('falls'))) setFallEntry(entry);
  }

  return { fallEntry, setFallEntry, acted };
}
