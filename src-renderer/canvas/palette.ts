import { Edge, Terrain, type TerrainKind } from '../../src-shared/model';

/** Map colours, one per terrain kind, as [r, g, b]. Also used by the tool palette swatches. */
export const TERRAIN_RGB: Record<TerrainKind, [number, number, number]> = {
  [Terrain.normal]: [222, 214, 192],
  [Terrain.difficult]: [184, 156, 98],
  [Terrain.impeded]: [128, 104, 58],
  [Terrain.blocked]: [56, 60, 70],
  [Terrain.obstacle]: [112, 118, 130],
  [Terrain.hazardous]: [200, 72, 48],
  [Terrain.water]: [64, 132, 200],
};

export function terrainCss(kind: TerrainKind): string {
  const [r, g, b] = TERRAIN_RGB[kind];
  return `rgb(${r}, ${g}, ${b})`;
}

export const EDGE_STYLE: Record<number, { color: string; width: number; dash?: number[] }> = {
  [Edge.wall]: { color: '#1c1f26', width: 5 },
  [Edge.low]: { color: '#6b4f2a', width: 3, dash: [6, 4] },
  // Doors in wood brown: closed a solid bar, open a dashed one, both as thick as a wall or nearly.
  [Edge.doorClosed]: { color: '#8a4b12', width: 6 },
  [Edge.doorOpen]: { color: '#a0601f', width: 4, dash: [5, 4] },
};

export const SIDE_COLORS = { party: '#2f7de1', enemy: '#d23c3c', neutral: '#8b8f98' } as const;
