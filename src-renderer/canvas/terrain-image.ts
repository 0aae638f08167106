import { Terrain, type BattleMap, type TerrainKind } from '../../src-shared/model';
import { TERRAIN_RGB } from './palette';

/**
 * One pixel per square: the terrain layer is a single image scaled up with smoothing off, so a
 * 512 × 512 map costs one draw call, not 262,144 shapes. Higher ground is drawn lighter, deeper
 * water darker.
 */
export function paintTerrain(map: BattleMap, canvas: HTMLCanvasElement): void {
  if (canvas.width !== map.width) canvas.width = map.width;
  if (canvas.height !== map.height) canvas.height = map.height;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(map.width, map.height);
  const px = image.data;
  let minElevation = Infinity;
  let maxElevation = -Infinity;
  for (const e of map.elevation) {
    if (e < minElevation) minElevation = e;
    if (e > maxElevation) maxElevation = e;
  }
  const span = maxElevation - minElevation;
  for (let i = 0; i < map.terrain.length; i++) {
    const kind = map.terrain[i] as TerrainKind;
    const [r, g, b] = TERRAIN_RGB[kind] ?? TERRAIN_RGB[Terrain.normal];
    let k = 1;
    if (span > 0) k += ((map.elevation[i]! - minElevation) / span - 0.5) * 0.35;
    if (kind === Terrain.water) k *= Math.max(0.45, 1 - map.waterDepth[i]! / 60);
    const o = i * 4;
    px[o] = Math.min(255, r * k);
    px[o + 1] = Math.min(255, g * k);
    px[o + 2] = Math.min(255, b * k);
    px[o + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}
