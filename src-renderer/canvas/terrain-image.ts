import type { BattleMap } from '../../src-shared/model';
import { elevationRange, squareRgb } from '../../src-shared/io/export/palette';

/**
 * One pixel per square: the terrain layer is a single image scaled up with smoothing off, so a
 * 512 × 512 map costs one draw call, not 262,144 shapes. Higher ground is drawn lighter, deeper
 * water darker (the same colours as the PNG export: `squareRgb`).
 */
export function paintTerrain(map: BattleMap, canvas: HTMLCanvasElement): void {
  if (canvas.width !== map.width) canvas.width = map.width;
  if (canvas.height !== map.height) canvas.height = map.height;
  const ctx = canvas.getContext('2d')!;
  const image = ctx.createImageData(map.width, map.height);
  const px = image.data;
  const range = elevationRange(map);
  for (let i = 0; i < map.terrain.length; i++) {
    const [r, g, b] = squareRgb(map, i, range);
    const o = i * 4;
    px[o] = r;
    px[o + 1] = g;
    px[o + 2] = b;
    px[o + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}
