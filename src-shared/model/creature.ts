import type { SizeCategory } from './sizes';

export const SIDES = ['party', 'enemy', 'neutral'] as const;
export type Side = (typeof SIDES)[number];

/** d20-phb-30.txt › Tactical Aerial Movement › Maneuverability. */
export const MANEUVERABILITIES = ['perfect', 'good', 'average', 'poor', 'clumsy'] as const;
export type Maneuverability = (typeof MANEUVERABILITIES)[number];

export const ARMOR_CATEGORIES = ['none', 'light', 'medium', 'heavy'] as const;
export type ArmorCategory = (typeof ARMOR_CATEGORIES)[number];
export const LOAD_CATEGORIES = ['light', 'medium', 'heavy'] as const;
export type LoadCategory = (typeof LOAD_CATEGORIES)[number];

export const MOVEMENT_MODES = ['walk', 'fly', 'swim', 'climb', 'burrow'] as const;
export type MovementMode = (typeof MOVEMENT_MODES)[number];

/**
 * Speeds per movement mode, in the ruleset's speed unit (feet; squares for Startroid).
 * A mode the creature lacks is absent. 6d6 has no speeds: its budget is an action score.
 */
export interface Speeds {
  walk: number;
  fly?: number;
  maneuverability?: Maneuverability;
  swim?: number;
  climb?: number;
  burrow?: number;
}

export interface Creature {
  id: string;
  name: string;
  size: SizeCategory;
  side: Side;
  speed: Speeds;
  /** Reach in the ruleset's length unit; absent means the size's natural reach. */
  reach?: number;
  armor: ArmorCategory;
  load: LoadCategory;
  /** d20 tactical speed tables single out some races (dwarf keeps 20 ft in armour in 3.5). */
  race?: string;
  helpless: boolean;
  prone: boolean;
  /**
   * It completely fills its squares (a gelatinous cube): nothing moves through them
   * (d20-srd-35.txt › Designated Exceptions).
   */
  fillsSpace?: boolean;
  /**
   * d20: it wields a reach weapon: it threatens out to double its natural reach but not at its
   * natural reach or less (d20-srd-35.txt › Big and Little Creatures in Combat).
   */
  reachWeapon?: boolean;
  /**
   * It is dead. Epic Path: its square is rough terrain, not a space to squeeze into
   * (epic-path.txt › Squeezing). Dead creatures threaten nothing.
   */
  dead?: boolean;
  /** It cannot see (epic-path.txt › Run: "may not use the 'run' action if they cannot see"). */
  blinded?: boolean;
  /**
   * 6d6: the proximity resistance action it makes against a creature entering or leaving its square
   * (6d6.txt › Occupied Squares), as dice (`1d6+1`) or a fixed score (`3`). The text gives no dice:
   * absent, `DEFAULT_PROXIMITY_RESISTANCE`.
   */
  resistance?: string;
  /**
   * Startroid: its mass in kg, for inertia damage (startroid.txt › Inertia: "your mass is well known").
   * Absent: a default by size (`src-shared/rules/startroid/inertia.ts`).
   */
  mass?: number;
  /** The top-left square of the creature's footprint. */
  x: number;
  y: number;
  /** Height of the creature's underside above the ground under it, in the ruleset's length unit. */
  altitude: number;
  /** For creatures smaller than a square: which place inside the square (0-based, row-major). */
  slot?: number;
  /** The id of its token art in the encounter's `tokenImages`; absent: drawn as a labelled disc. */
  token?: string;
}

export function makeCreature(partial: Partial<Creature> & Pick<Creature, 'id'>): Creature {
  return {
    name: partial.id,
    size: 'medium',
    side: 'party',
    speed: { walk: 30 },
    armor: 'none',
    load: 'light',
    helpless: false,
    prone: false,
    x: 0,
    y: 0,
    altitude: 0,
    ...partial,
  };
}
