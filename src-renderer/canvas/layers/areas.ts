import Konva from 'konva';
import { createEffect, createMemo } from 'solid-js';
import type { RulerPoint } from '../../../src-shared/rules/areas';
import type { Point } from '../../../src-shared/rules/lines';
import type { Editor } from '../../state/editor';
import { squarePixels, type View } from '../../state/view';
import { konvaContext, type DrawContext } from './draw-context';

const AREA_FILL = 'rgba(255, 120, 20, 0.28)';
const AREA_STROKE = 'rgba(220, 90, 10, 0.9)';
/** The squares a template being placed covers (the Areas legend's swatch too). */
export const PREVIEW_FILL = 'rgba(255, 150, 40, 0.22)';
/** In the shape, out of the area's line of effect (not covered): greyed and hatched, as the Areas legend's swatch. */
export const NO_EFFECT_FILL = 'rgba(40, 40, 48, 0.24)';
export const NO_EFFECT_STROKE = 'rgba(40, 40, 48, 0.75)';
const RULER_COLOR = '#1d5fd0';

/**
 * Area templates and the free ruler on the interactive layer: the templates on the board (Play,
 * until cleared), the one being placed with the squares of its shape that no line of effect from its
 * origin reaches greyed and hatched (not covered, as the logged action will say; the Areas section's
 * legend names them), and the ruler's path with its running total at each point and the whole
 * distance at the end.
 */
export function createAreasLayer(editor: Editor) {
  /** The ruler's total in words ("4 squares · 20 ft"), also set on the map for tests and screen readers. */
  const rulerText = createMemo(() => {
    const r = editor.ruler();
    return r ? `${r.squares} ${r.squares === 1 ? 'square' : 'squares'} · ${+r.length.toFixed(2)} ${r.unit}` : '';
  });
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      const ctx = konvaContext(konvaCtx);
      const v = editor.view();
      const shown = editor.playing() ? editor.playShown() : null;
      for (const a of shown?.areas ?? []) {
        fillSquares(ctx, a.covers.squares, v, AREA_FILL, AREA_STROKE);
        label(ctx, a.label, a.covers.point, v);
      }
      const preview = editor.playing() && editor.playTool() === 'play-area' ? editor.areaPreview() : null;
      if (preview && 'answer' in preview) {
        fillSquares(ctx, preview.answer.squares, v, PREVIEW_FILL, AREA_STROKE);
        drawNoLineOfEffect(ctx, preview.answer.shadowed, v);
        dot(ctx, preview.answer.point, v, AREA_STROKE);
      }
      const origin = editor.playing() ? editor.areaOrigin() : null;
      if (origin && !editor.onSquare()) dot(ctx, origin, v, AREA_STROKE);
      drawRuler(ctx, editor.rulerPath(), editor.ruler()?.legs ?? [], rulerText(), v);
    },
  });
  createEffect(() => {
    editor.view();
    editor.playing();
    editor.playShown();
    editor.playTool();
    editor.areaPreview();
    editor.areaOrigin();
    editor.rulerPath();
    editor.ruler();
    node.getLayer()?.batchDraw();
  });
  return { node, rulerText };
}

const centre = (p: RulerPoint, v: View, s: number): [number, number] => [v.panX + (p.x + 0.5) * s, v.panY + (p.y + 0.5) * s];

function drawRuler(ctx: DrawContext, path: readonly RulerPoint[], legs: readonly number[], total: string, v: View): void {
  if (!path.length) return;
  const s = squarePixels(v);
  ctx.beginPath();
  path.forEach((p, i) => {
    const [x, y] = centre(p, v, s);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.setAttr('strokeStyle', RULER_COLOR);
  ctx.setAttr('lineWidth', 3);
  ctx.setLineDash([8, 4]);
  ctx.stroke();
  ctx.setLineDash([]);
  for (const p of path) {
    const [x, y] = centre(p, v, s);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(3, s * 0.1), 0, Math.PI * 2);
    ctx.setAttr('fillStyle', RULER_COLOR);
    ctx.fill();
  }
  // The running total at each bend; the whole distance (and a height) at the end.
  legs.slice(0, -1).forEach((n, i) => tag(ctx, String(n), centre(path[i + 1]!, v, s), s, 'rgba(255, 255, 255, 0.9)', RULER_COLOR));
  const end = path[path.length - 1]!;
  if (total) tag(ctx, end.z ? `${total} · ↑${end.z}` : total, centre(end, v, s), s, RULER_COLOR, '#ffffff');
}

function tag(ctx: DrawContext, text: string, [x, y]: [number, number], s: number, bg: string, fg: string): void {
  const font = Math.round(Math.min(14, Math.max(10, s * 0.32)));
  const w = text.length * font * 0.6 + 10;
  const top = y - s * 0.5 - font - 8;
  ctx.beginPath();
  ctx.rect(x - w / 2, top, w, font + 6);
  ctx.setAttr('fillStyle', bg);
  ctx.fill();
  ctx.setAttr('font', `600 ${font}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  ctx.setAttr('fillStyle', fg);
  ctx.fillText(text, x, top + (font + 6) / 2);
}

function fillSquares(ctx: DrawContext, squares: readonly Point[], v: View, fill: string, stroke: string): void {
  if (!squares.length) return;
  const s = squarePixels(v);
  ctx.beginPath();
  for (const q of squares) ctx.rect(v.panX + q.x * s + 1, v.panY + q.y * s + 1, s - 2, s - 2);
  ctx.setAttr('fillStyle', fill);
  ctx.fill();
  ctx.setAttr('strokeStyle', stroke);
  ctx.setAttr('lineWidth', 1);
  ctx.stroke();
}

/**
 * Squares in the shape that the area does not cover, because a wall blocks the line of effect from
 * its origin (d20-phb-30.txt › Cover: total cover): grey, hatched and outlined dashed, so they read
 * as left out rather than as part of the area.
 */
export function drawNoLineOfEffect(ctx: DrawContext, squares: readonly Point[], v: View): void {
  if (!squares.length) return;
  const s = squarePixels(v);
  ctx.beginPath();
  for (const q of squares) ctx.rect(v.panX + q.x * s + 1, v.panY + q.y * s + 1, s - 2, s - 2);
  ctx.setAttr('fillStyle', NO_EFFECT_FILL);
  ctx.fill();
  ctx.setLineDash([4, 3]);
  ctx.setAttr('strokeStyle', NO_EFFECT_STROKE);
  ctx.setAttr('lineWidth', 1);
  ctx.stroke();
  ctx.setLineDash([]);
  // Stripes from top right to bottom left (the pass-only squares of a move lean the other way).
  ctx.beginPath();
  const step = Math.max(4, s / 5);
  for (const q of squares) {
    const x = v.panX + q.x * s;
    const y = v.panY + q.y * s;
    for (let d = step; d < 2 * s; d += step) {
      // The line px + py = d inside the square.
      const a = Math.max(0, d - s);
      const b = Math.min(s, d);
      ctx.moveTo(x + b, y + d - b);
      ctx.lineTo(x + a, y + d - a);
    }
  }
  // Thin and fainter than the outline, so a token in the square still reads through them.
  ctx.setAttr('strokeStyle', 'rgba(40, 40, 48, 0.5)');
  ctx.setAttr('lineWidth', Math.max(1, s * 0.025));
  ctx.stroke();
}

function dot(ctx: DrawContext, p: Point, v: View, color: string): void {
  const s = squarePixels(v);
  ctx.beginPath();
  ctx.arc(v.panX + p.x * s, v.panY + p.y * s, Math.max(3, s * 0.12), 0, Math.PI * 2);
  ctx.setAttr('fillStyle', color);
  ctx.fill();
}

function label(ctx: DrawContext, text: string, p: Point, v: View): void {
  const s = squarePixels(v);
  dot(ctx, p, v, AREA_STROKE);
  tag(ctx, text, [v.panX + p.x * s, v.panY + p.y * s + s * 0.5], s, 'rgba(255, 255, 255, 0.9)', AREA_STROKE);
}
