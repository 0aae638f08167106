import type { Creature } from './creature';
import { createMap, type BattleMap } from './map';
import type { DrawnGeometry, MapLabel, MapLight, MapPicture, TokenImage } from './picture';
import type { RulesetId } from './rulesets';

/**
 * Choices a ruleset text leaves open, each with the documented default (see docs/rules.md).
 * Absent means the default.
 */
export interface RulesetSettings {
  /**
   * epic-path.txt gives two run multipliers: `Run` (x4, x3 in heavy armour) and `Encumbrance`
   * (x5, minus 1 for medium and 2 for heavy armour or load). Default: 'run'.
   */
  epicPathRun?: 'run' | 'encumbrance';
  /** epic-path.txt › Falling: "a maximum of 20d6 is recommended"; 0 means no cap. */
  fallDiceCap?: number;
  /** startroid.txt › Inertia: gravity in g. */
  gravity?: number;
  /**
   * epic-path.txt › Three Dimensional Movement recommends "altitude ceilings": the highest a flyer's
   * underside may go, in the ruleset's length unit. Absent: no ceiling.
   */
  flightCeiling?: number;
}

/**
 * How the grid is drawn over this encounter's map (the editor, the PNG export); each field absent
 * means the default: dark slate lines, every fifth twice as strong, one pixel wide.
 */
export interface GridStyle {
  /** `#rrggbb`. */
  color?: string;
  /** Of the ordinary lines, 0 to 1; every fifth line is twice as opaque (at most 1). */
  opacity?: number;
  /** Line width in screen pixels. */
  thickness?: number;
}
export const GRID_DEFAULTS: Required<GridStyle> = { color: '#141820', opacity: 0.28, thickness: 1 };
export const GRID_THICKNESS_MAX = 8;

/**
 * Play's rules as they stand, by edition (docs/play.md › Rules versions): a session keeps the edition
 * it was started with, so a fight saved before a rule changed replays as it was played.
 * 1: the first. 2: a d20 3.0 flyer that cannot hover stalls at the end of a turn it spent in the air
 * without flying; the 5-foot step's limit counts the creature's moves out of turn in the same round.
 */
export const CURRENT_RULES_VERSION = 2;

/**
 * A Play mode session as saved with the encounter, apart from the planned layout (the creatures
 * above stay where the GM planned them): the seed, the log of play actions and the cursor into it.
 * `src-shared/play` reads each action (and refuses, in words, one it cannot replay); here it is data.
 */
export interface SavedPlaySession {
  seed: number;
  cursor: number;
  log: SavedPlayAction[];
  /** The dice stream of each action when not its position (an earlier entry was undone). */
  streams?: number[];
  /** Lines of play set aside when an earlier entry was undone. */
  branches?: SavedPlayBranch[];
  /** The edition of Play's rules the fight is played by (absent: 1, saved before editions were kept). */
  rulesVersion?: number;
}
export interface SavedPlayBranch {
  log: SavedPlayAction[];
  streams?: number[];
  cursor: number;
  at: number;
  note: string;
  left: { index: number; reason: string }[];
}
export type SavedPlayAction = { kind: string } & Record<string, unknown>;

export interface Encounter {
  name: string;
  ruleset: RulesetId;
  map: BattleMap;
  creatures: Creature[];
  settings: RulesetSettings;
  notes: string;
  /** Play mode: absent when the encounter has not been played. */
  play?: SavedPlaySession;
  /** The map's art under the rules, lined up with the grid; absent: none. */
  picture?: MapPicture;
  /** Token art, named by creatures' `token`; absent or empty: none. */
  tokenImages?: TokenImage[];
  /** Room names, warnings and GM notes on the map; absent or empty: none. */
  labels?: MapLabel[];
  /** Lights a drawing program placed (a `.dd2vtt`'s), kept for export; absent or empty: none. */
  lights?: MapLight[];
  /** Walls, doors and windows as drawn off the grid (a `.dd2vtt`'s); absent: none. */
  drawn?: DrawnGeometry;
  /** Library labels ("forest", "boss"); absent or empty means none. */
  tags?: string[];
  /** The grid's colour, opacity and thickness; absent: the defaults (`GRID_DEFAULTS`). */
  grid?: GridStyle;
  /**
   * Set when the file is a stamp (issue 18 › 2): a piece of a map kept to be dropped on others
   * (`library/stamp.ts`). `mask` is 1 on the squares that belong to it, row-major: a stamp need not be
   * a rectangle, and its first row and column are a margin that holds the edges on its west and north sides.
   */
  stamp?: { mask: Uint8Array };
}

export interface NewEncounterOptions {
  name?: string;
  ruleset: RulesetId;
  width: number;
  height: number;
}

export function createEncounter(options: NewEncounterOptions): Encounter {
  return {
    name: options.name?.trim() || 'Untitled encounter',
    ruleset: options.ruleset,
    map: createMap(options.width, options.height),
    creatures: [],
    settings: {},
    notes: '',
  };
}
