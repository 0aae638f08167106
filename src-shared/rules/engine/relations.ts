import { sizeRank, type Creature } from '../../model';
import type { SizeTable } from './sizes';

/**
 * Party and enemy oppose each other; neutral creatures hinder nobody (6d6.txt › Occupied Squares:
 * "a person choosing not to hinder the character") and threaten nobody.
 */
export function hostile(a: Creature, b: Creature): boolean {
  return (a.side === 'party' && b.side === 'enemy') || (a.side === 'enemy' && b.side === 'party');
}

export function sizeGap(mover: Creature, other: Creature): number {
  return sizeRank(mover.size) - sizeRank(other.size);
}

/** A creature that takes less than a square (several share one). */
export function sharesSquares(sizes: SizeTable, c: Creature, squareSize: number): boolean {
  const row = sizes[c.size];
  return !!row && row.space < squareSize;
}
