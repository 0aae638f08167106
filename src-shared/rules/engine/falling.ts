import type { RulesetSettings } from '../../model';
import type { Damage } from './damage';

export const SURFACES = ['jagged', 'stone', 'normal', 'soft', 'yielding'] as const;
export type SurfaceName = (typeof SURFACES)[number];

export interface FallRequest {
  /** How far the creature falls, in the ruleset's length unit (feet; metres for Startroid). */
  height: number;
  surface?: SurfaceName;
  /** Depth of water landed in (0: none). */
  waterDepth?: number;
  /** Jumped on purpose (Epic Path: the first die is nonlethal; into water: a dive). */
  deliberate?: boolean;
  /** Succeeded at the DC 15 Acrobatics check (Epic Path) or the dive's check. */
  acrobatics?: boolean;
  /** Startroid: mass in kg (absent: the default for `size`). */
  mass?: number;
  /** Startroid: the falling creature's size, for its default mass. */
  size?: string;
  /** Startroid: gravity in g (1 = Earth). */
  gravity?: number;
  settings?: RulesetSettings;
}

export interface FallAnswer extends Damage {
  height: number;
  /**
   * Whether the creature lands prone: always, never, only if it takes lethal damage (Epic Path),
   * or only if it takes more than 1 damage (Startroid).
   */
  prone: boolean | 'if-lethal' | 'if-more-than-1';
  /** The text gives no falling damage: the GM enters it (6d6). */
  gmDecides: boolean;
  notes: string[];
}
