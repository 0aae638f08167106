/**
 * What a square is made of. Values are stored one byte per square (`BattleMap.terrain`) and in
 * files, so the numbers are part of the file format: never renumber, only append.
 */
export const Terrain = {
  normal: 0,
  /** d20-srd-35.txt › Difficult Terrain; epic-path.txt › Difficult Terrain; startroid.txt › Difficult Terrain. */
  difficult: 1,
  /** epic-path.txt › Impeded Terrain: a full-round action per 5 feet. */
  impeded: 2,
  /** Blocked and completely filling the square (a dressed stone wall): its corners cannot be cut. */
  blocked: 3,
  /** Blocked but not filling the square (pillar, tree, pit): corners may be cut where the ruleset allows. */
  obstacle: 4,
  /** epic-path.txt › Hazardous Terrain: enterable, but undesirable. */
  hazardous: 5,
  /** Water, with its depth in `BattleMap.waterDepth`. */
  water: 6,
} as const;
export type TerrainKind = (typeof Terrain)[keyof typeof Terrain];
export type TerrainName = keyof typeof Terrain;
export const TERRAIN_NAMES = Object.keys(Terrain) as TerrainName[];
export const TERRAIN_COUNT = TERRAIN_NAMES.length;

export const TERRAIN_LABELS: Readonly<Record<TerrainName, string>> = {
  normal: 'Normal',
  difficult: 'Difficult',
  impeded: 'Impeded',
  blocked: 'Blocked (fills the square)',
  obstacle: 'Obstacle (pillar, tree, pit)',
  hazardous: 'Hazardous',
  water: 'Water',
};

/** What stands on the edge between two neighbouring squares. Stored one byte per edge. */
export const Edge = {
  none: 0,
  /** A floor-to-ceiling wall: blocks movement (d20-phb-30.txt › Obstacles). */
  wall: 1,
  /** A low obstacle: hampers; crossing costs 2 extra squares in d20 (d20-srd-35.txt › Obstacles). */
  low: 2,
  doorClosed: 3,
  doorOpen: 4,
  /**
   * A window or force field: blocks movement and line of effect but not line of sight
   * (startroid.txt › Teleportation: "You can teleport to a place you can see even if you don't have
   * line of effect to it").
   */
  window: 5,
} as const;
export type EdgeKind = (typeof Edge)[keyof typeof Edge];
export type EdgeName = keyof typeof Edge;
export const EDGE_NAMES = Object.keys(Edge) as EdgeName[];
export const EDGE_COUNT = EDGE_NAMES.length;

/** startroid.txt › Blockades: blocking, cleared once (difficult), cleared twice (normal). */
export const Blockade = {
  none: 0,
  blocking: 1,
  cleared: 2,
} as const;
export type BlockadeState = (typeof Blockade)[keyof typeof Blockade];
export const BLOCKADE_COUNT = 3;

/** Ground surface under a square, for falling damage (epic-path.txt › Falling). */
export const Surface = {
  normal: 0,
  jagged: 1,
  stone: 2,
  soft: 3,
  yielding: 4,
} as const;
export type SurfaceKind = (typeof Surface)[keyof typeof Surface];
export type SurfaceName = keyof typeof Surface;
export const SURFACE_NAMES = Object.keys(Surface) as SurfaceName[];
