import Konva from 'konva';
import { createEffect, createMemo } from 'solid-js';
import type { DrawnGeometry, MapLight, MapPoint } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import { konvaContext, type DrawContext } from './draw-context';

/**
 * Walls, doors, windows and lights as the map's drawing program drew them (a `.dd2vtt`'s), over
 * the map: thin bright lines, so the thick grid edges the rules use (the edges layer: each drawn
 * wall snapped to its nearest grid lines) stay visible under them and the two read apart — where
 * they differ is where movement and cover follow the snapped edge, not the drawn one. Lights are
 * small suns with their radius faint.
 */
export const DRAWN_STYLE = {
  wall: '#35e0ff',
  door: '#ffab40',
  window: '#b7f0ff',
  /** Under every drawn line, so it holds on a light picture. */
  casing: 'rgba(0, 0, 0, 0.65)',
} as const;

const toScreen = (view: View, s: number, p: MapPoint) => ({ x: view.panX + p.x * s, y: view.panY + p.y * s });

function inView(points: readonly { x: number; y: number }[], viewport: Size, margin: number): boolean {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) (x0 = Math.min(x0, p.x)), (y0 = Math.min(y0, p.y)), (x1 = Math.max(x1, p.x)), (y1 = Math.max(y1, p.y));
  return x1 >= -margin && y1 >= -margin && x0 <= viewport.width + margin && y0 <= viewport.height + margin;
}

function polyline(ctx: DrawContext, points: readonly { x: number; y: number }[]): void {
  ctx.beginPath();
  points.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
}

function cased(ctx: DrawContext, points: readonly { x: number; y: number }[], color: string, width: number, dash: number[] = []): void {
  polyline(ctx, points);
  ctx.setLineDash([]);
  ctx.setAttr('strokeStyle', DRAWN_STYLE.casing);
  ctx.setAttr('lineWidth', width + 2);
  ctx.stroke();
  ctx.setLineDash(dash);
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', width);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A light's colour without its alpha (`#rrggbbaa` → `#rrggbb`), or a warm white. */
const lightRgb = (color: string) => (/^#[0-9a-f]{6}/i.test(color) ? color.slice(0, 7) : '#ffe9a8');

function drawLight(ctx: DrawContext, light: MapLight, view: View, s: number): void {
  const { x, y } = toScreen(view, s, light);
  const color = lightRgb(light.color);
  const r = light.range * s;
  if (r > 2) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.setAttr('globalAlpha', 0.1);
    ctx.setAttr('fillStyle', color);
    ctx.fill();
    ctx.setAttr('globalAlpha', 0.45);
    ctx.setLineDash([5, 5]);
    ctx.setAttr('strokeStyle', color);
    ctx.setAttr('lineWidth', 1);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.setAttr('globalAlpha', 1);
  }
  // The sun: a disc and eight rays, a fixed size whatever the zoom.
  ctx.beginPath();
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    ctx.moveTo(x + Math.cos(a) * 6.5, y + Math.sin(a) * 6.5);
    ctx.lineTo(x + Math.cos(a) * 10, y + Math.sin(a) * 10);
  }
  ctx.setAttr('strokeStyle', '#3a2a00');
  ctx.setAttr('lineWidth', 3);
  ctx.stroke();
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', 1.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, 4.5, 0, Math.PI * 2);
  ctx.setAttr('fillStyle', color);
  ctx.fill();
  ctx.setAttr('strokeStyle', '#3a2a00');
  ctx.setAttr('lineWidth', 1.2);
  ctx.stroke();
}

/** The drawn walls, doors, windows and lights in view. Returns how many things were drawn. */
export function drawDrawnArt(ctx: DrawContext, drawn: DrawnGeometry | undefined, lights: readonly MapLight[] | undefined, view: View, viewport: Size): number {
  const s = squarePixels(view);
  let count = 0;
  const width = Math.max(1.5, Math.min(3, s * 0.05));
  for (const wall of drawn?.walls ?? []) {
    const points = wall.map((p) => toScreen(view, s, p));
    if (points.length < 2 || !inView(points, viewport, 4)) continue;
    cased(ctx, points, DRAWN_STYLE.wall, width);
    count++;
  }
  for (const portal of drawn?.portals ?? []) {
    const a = toScreen(view, s, portal.a);
    const b = toScreen(view, s, portal.b);
    if (!inView([a, b], viewport, 8)) continue;
    count++;
    if (portal.kind === 'window') {
      cased(ctx, [a, b], DRAWN_STYLE.window, width, [4, 3]);
      continue;
    }
    cased(ctx, [a, b], DRAWN_STYLE.door, width + 1.5);
    // A door's jambs: short ticks across each end, so it reads as a door, not a wall.
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const nx = ((b.y - a.y) / len) * 5;
    const ny = (-(b.x - a.x) / len) * 5;
    for (const p of [a, b]) cased(ctx, [{ x: p.x - nx, y: p.y - ny }, { x: p.x + nx, y: p.y + ny }], DRAWN_STYLE.door, width);
  }
  for (const light of lights ?? []) {
    const r = light.range * s + 10;
    const p = toScreen(view, s, light);
    if (p.x + r < 0 || p.y + r < 0 || p.x - r > viewport.width || p.y - r > viewport.height) continue;
    drawLight(ctx, light, view, s);
    count++;
  }
  return count;
}

export function createDrawnLayer(editor: Editor) {
  let count = 0;
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      count = d && editor.layers().drawn && (d.drawn || d.lights) ? drawDrawnArt(konvaContext(ctx), d.drawn, d.lights, editor.view(), editor.viewport()) : 0;
    },
  });
  // The drawn art and the lights, not every edit: a creature moved leaves them (and the scene) as they were.
  const art = createMemo(() => editor.doc()?.drawn);
  const lights = createMemo(() => editor.doc()?.lights);
  createEffect(() => {
    art();
    lights();
    editor.view();
    editor.viewport();
    editor.layers().drawn;
    node.getLayer()?.batchDraw();
  });
  /** How many walls, portals and lights the last frame drew. */
  return { node, drawn: () => count };
}
