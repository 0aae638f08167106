import type { TerrainKind } from '../../src-shared/model';
import { TERRAIN_RGB } from '../../src-shared/io/export/palette';

// The colour table lives in src-shared so the pure image exports draw what the editor draws.
export { EDGE_STYLE, SIDE_COLORS, TERRAIN_RGB } from '../../src-shared/io/export/palette';

export function terrainCss(kind: TerrainKind): string {
  const [r, g, b] = TERRAIN_RGB[kind];
  return `rgb(${r}, ${g}, ${b})`;
}
