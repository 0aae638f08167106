import type { RulesetId } from './rulesets';
import { Terrain, type TerrainKind } from './terrain';

/** The largest map side the editor and the file format accept, in squares. */
export const MAX_MAP_SIDE = 2048;

/**
 * Everything painted on the grid, one typed array per layer, indexed `y * width + x`.
 * Edge layers hold what stands on the east (`edgeEast`) and south (`edgeSouth`) side of each square.
 */
export interface MapLayers {
  terrain: Uint8Array;
  /** Ground height in the ruleset's length unit. */
  elevation: Float32Array;
  /** Depth of water squares in the ruleset's length unit. */
  waterDepth: Float32Array;
  /** 6d6 movement resistance painted on the square (1-7); 0 means "derived from the terrain". */
  resistance: Uint8Array;
  /** Startroid blockade state (`Blockade`). */
  blockade: Uint8Array;
  /** Ground surface for falls (`Surface`). */
  surface: Uint8Array;
  /**
   * 6d6 movement resistance hidden on the square (1-7; 0: nothing hidden), such as a ditch under level
   * snow: the mover plans with what it sees and pays this when it moves in (6d6.txt › Hidden Movement
   * Resistance).
   */
  hiddenResistance: Uint8Array;
  /** Light on the square (`Light`): bright, dim or darkness. All zero (absent in a file): bright everywhere. */
  light: Uint8Array;
  edgeEast: Uint8Array;
  edgeSouth: Uint8Array;
}
export type LayerName = keyof MapLayers;
export const LAYER_NAMES: readonly LayerName[] = [
  'terrain',
  'elevation',
  'waterDepth',
  'resistance',
  'blockade',
  'surface',
  'light',
  'hiddenResistance',
  'edgeEast',
  'edgeSouth',
];
/**
 * The layers only one ruleset's text reads (the others are read by every ruleset): the map editor
 * offers them there alone, and a stamp carrying one is refused elsewhere (issue 18 › 2).
 */
export const LAYER_ONLY_IN: Readonly<Partial<Record<LayerName, RulesetId>>> = {
  // 6d6.txt › Movement Resistance; › Hidden Movement Resistance.
  resistance: '6d6',
  hiddenResistance: '6d6',
  // startroid.txt › Blockades.
  blockade: 'startroid',
  // epic-path.txt › Run, › 5-Foot Step: darkness stops both.
  light: 'epic-path',
};

/** Whether a ruleset's text reads this layer. */
export function layerReadBy(layer: LayerName, ruleset: RulesetId): boolean {
  const only = LAYER_ONLY_IN[layer];
  return only === undefined || only === ruleset;
}

/** Layers whose values are whole bytes; the others hold lengths. */
export const BYTE_LAYERS: ReadonlySet<LayerName> = new Set([
  'terrain',
  'resistance',
  'blockade',
  'surface',
  'light',
  'hiddenResistance',
  'edgeEast',
  'edgeSouth',
]);

/** Light levels of the `light` layer. epic-path.txt › Run, › 5-Foot Step: darkness stops both. */
export const Light = { bright: 0, dim: 1, darkness: 2 } as const;
export const LIGHT_COUNT = 3;

export interface BattleMap extends MapLayers {
  readonly width: number;
  readonly height: number;
}

export function createMap(width: number, height: number): BattleMap {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`A map is at least 1 × 1 whole squares (got ${width} × ${height}).`);
  }
  if (width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    throw new RangeError(`A map side is at most ${MAX_MAP_SIDE} squares (got ${width} × ${height}).`);
  }
  const n = width * height;
  return {
    width,
    height,
    terrain: new Uint8Array(n),
    elevation: new Float32Array(n),
    waterDepth: new Float32Array(n),
    resistance: new Uint8Array(n),
    blockade: new Uint8Array(n),
    surface: new Uint8Array(n),
    light: new Uint8Array(n),
    hiddenResistance: new Uint8Array(n),
    edgeEast: new Uint8Array(n),
    edgeSouth: new Uint8Array(n),
  };
}

export function squareIndex(map: Pick<BattleMap, 'width'>, x: number, y: number): number {
  return y * map.width + x;
}

export function isOnMap(map: Pick<BattleMap, 'width' | 'height'>, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < map.width && y < map.height;
}

export function terrainAt(map: BattleMap, x: number, y: number): TerrainKind {
  return map.terrain[squareIndex(map, x, y)] as TerrainKind;
}

/** A copy whose layers can be changed without touching the original. */
export function cloneMap(map: BattleMap): BattleMap {
  const copy = { width: map.width, height: map.height } as BattleMap;
  for (const name of LAYER_NAMES) {
    (copy as unknown as Record<LayerName, Uint8Array | Float32Array>)[name] = map[name].slice();
  }
  return copy;
}

/** Counts of each terrain kind, for the properties panel and tests. */
export function terrainCounts(map: BattleMap): Map<TerrainKind, number> {
  const counts = new Map<TerrainKind, number>();
  for (const t of map.terrain) counts.set(t as TerrainKind, (counts.get(t as TerrainKind) ?? 0) + 1);
  if (!counts.has(Terrain.normal)) counts.set(Terrain.normal, 0);
  return counts;
}
