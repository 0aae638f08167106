import { BLOCKADE_COUNT, EDGE_COUNT, LIGHT_COUNT, MAX_MAP_SIDE, SURFACE_NAMES, TERRAIN_COUNT, type LayerName } from '../model';

/**
 * The limits of an encounter, one set for both ways in: the encounter file's schema and the text
 * scenario's parser use these same numbers, so whatever a scenario accepts can be saved and opened
 * again. Each bounds the work a hostile file can cause, and is far beyond any real table.
 */
export const LIMITS = {
  /**
   * Largest file read, in bytes (and largest text accepted), refused before parsing: room for a
   * picture at its limit (48 MiB is 64 MiB of base64) with token art and the map beside it.
   */
  fileBytes: 160 * 1024 * 1024,
  /** Squares on a side (2048 × 2048 = 4,194,304 squares at most). */
  mapSide: MAX_MAP_SIDE,
  creatures: 100_000,
  /** Speeds and reach, in the ruleset's unit (feet; squares for Startroid). */
  speed: 10_000,
  /** Heights, depths, altitudes and the flight ceiling, either sign where it has one. */
  length: 100_000,
  /** Places inside a square for creatures smaller than one. */
  slot: 99,
  /** Creature ids and races. */
  idChars: 64,
  /** Creature and encounter names. */
  nameChars: 200,
  notesChars: 100_000,
  fallDiceCap: 1000,
  gravity: 100,
  /**
   * Every picture, on every way in (import, `.dd2vtt`, tokens, recovery): pixels a side, pixels in
   * all, and bytes of file. 16,384 px is the largest canvas side Chromium draws; 100 megapixels is
   * a 10,000² battle map, 400 MiB decoded; 48 MiB holds a high-quality JPEG of that size.
   */
  pictureSide: 16384,
  picturePixels: 100_000_000,
  pictureBytes: 48 * 1024 * 1024,
  /** Token pictures in one encounter. */
  tokenImages: 1000,
  /** Labels and notes, and the characters of one. */
  labels: 10_000,
  labelChars: 10_000,
  /** Lights, and drawn walls and portals (a big Dungeondraft export has a few thousand). */
  lights: 10_000,
  drawnShapes: 100_000,
  drawnPoints: 1_000_000,
  /** Creature mass in kg (Startroid inertia). */
  mass: 1_000_000,
} as const;

/** Larger files are refused before parsing: a hostile file must not exhaust memory. */
export const MAX_FILE_BYTES = LIMITS.fileBytes;
export const MAX_CREATURES = LIMITS.creatures;

/** What each map layer may hold, as stored (elevation and depth are 32-bit floats). */
export const LAYER_RANGE: Readonly<Record<LayerName, (v: number) => boolean>> = {
  terrain: (v) => Number.isInteger(v) && v >= 0 && v < TERRAIN_COUNT,
  elevation: (v) => Number.isFinite(v) && Math.abs(v) <= LIMITS.length,
  waterDepth: (v) => Number.isFinite(v) && v >= 0 && v <= LIMITS.length,
  resistance: (v) => Number.isInteger(v) && v >= 0 && v <= 7,
  blockade: (v) => Number.isInteger(v) && v >= 0 && v < BLOCKADE_COUNT,
  surface: (v) => Number.isInteger(v) && v >= 0 && v < SURFACE_NAMES.length,
  light: (v) => Number.isInteger(v) && v >= 0 && v < LIGHT_COUNT,
  hiddenResistance: (v) => Number.isInteger(v) && v >= 0 && v <= 7,
  edgeEast: (v) => Number.isInteger(v) && v >= 0 && v < EDGE_COUNT,
  edgeSouth: (v) => Number.isInteger(v) && v >= 0 && v < EDGE_COUNT,
};

