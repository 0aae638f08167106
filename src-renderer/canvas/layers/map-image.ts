import type { Encounter } from '../../../src-shared/model';
import type { View } from '../../state/view';
import { drawCreatures } from './creatures';
import { plainContext, type DrawContext } from './draw-context';
import { drawGrid } from './grid-lines';
import { LabelRoom } from './label-room';

/** A layer that can draw itself onto any context for a view (the chunked line layers). */
interface Paintable {
  paint(ctx: DrawContext, d: Encounter, view: View, viewport: { width: number; height: number }, budgetMs?: number, room?: LabelRoom): void;
}

/**
 * The whole map at 100 % zoom as a PNG (base64), whatever the view, for File › Export: drawn by
 * the same layer code as the screen.
 */
export function renderMapImage(
  d: Encounter,
  terrain: HTMLCanvasElement,
  lineLayers: Paintable[],
  /** The map view's textures, drawn over the terrain image (the map style at 32 px a square). */
  mapStyle?: (ctx: DrawContext, view: View, size: { width: number; height: number }) => void,
): string {
  const s = 32;
  const out = document.createElement('canvas');
  out.width = d.map.width * s;
  out.height = d.map.height * s;
  const ctx = out.getContext('2d')!;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(terrain, 0, 0, out.width, out.height);
  const view: View = { zoom: 1, panX: 0, panY: 0 };
  const size = { width: out.width, height: out.height };
  const k = plainContext(ctx);
  mapStyle?.(k, view, size);
  // Labels where there is room, falls first, as on screen.
  const room = new LabelRoom(size);
  for (const layer of lineLayers) layer.paint(k, d, view, size, Infinity, room);
  room.flush();
  // As before the split: the export draws creatures over the grid.
  drawGrid(k, view, size, d.map.width, d.map.height, d.grid);
  drawCreatures(k, d, view, size);
  return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}
