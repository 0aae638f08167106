import Konva from 'konva';
import { createEffect } from 'solid-js';
import { footprintOf } from '../../../src-shared/rules/sizes';
import type { PathAnswer, ReachSquare } from '../../../src-shared/rules';
import type { Editor, Square } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import type { Tool, ToolPreview } from '../tools';
import type { Encounter } from '../../../src-shared/model';
import type { SquareRegion } from '../../../src-shared/model/map-piece';
import { creatureLayout } from '../../../src-shared/render/creature-layout';
import { konvaContext, type DrawContext } from './draw-context';
import { drawSqueezedReach, drawSqueezedSteps } from './squeeze-marks';

/**
 * The interactive overlay, on its own Konva layer so a pointer move redraws only it (Excalidraw's
 * interactive canvas): the selected creature's reach and hovered path, the hover and inspected
 * square outlines, and the active tool's preview.
 */
export function createOverlayLayer(editor: Editor, activeTool: () => Tool) {
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      const ctx = konvaContext(konvaCtx);
      const d = editor.doc();
      if (!d) return;
      const v = editor.view();
      const viewport = editor.viewport();
      const s = squarePixels(v);
      const preview = activeTool().preview();
      if (preview?.kind === 'squares') drawSquaresPreview(ctx, preview, v);
      // The Layers panel's "Overlays" hides the reach and path, never a tool's preview.
      if (editor.layers().overlays) {
        drawReach(ctx, editor.reachOnMap(), v, viewport, creatureLayout(d).occupied, d.map.width);
        drawSqueezedReach(ctx, editor.reachOnMap(), v, viewport);
        const p = editor.hoverPath();
        if (p) drawSqueezedSteps(ctx, p.steps, v);
        if (p) drawPath(ctx, p, editor, v);
      }
      if (preview?.kind === 'edges') drawEdgesPreview(ctx, preview, v);
      if (preview?.kind === 'footprint') {
        ctx.beginPath();
        ctx.rect(v.panX + preview.x * s, v.panY + preview.y * s, preview.side * s, preview.side * s);
        ctx.setAttr('strokeStyle', '#2f7de1');
        ctx.setAttr('lineWidth', 3);
        ctx.setLineDash([6, 4]);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      const outline = (q: Square | null, color: string, width: number) => {
        if (!q || q.x < 0 || q.y < 0 || q.x >= d.map.width || q.y >= d.map.height) return;
        ctx.beginPath();
        ctx.rect(Math.round(v.panX + q.x * s) + 0.5, Math.round(v.panY + q.y * s) + 0.5, Math.round(s), Math.round(s));
        ctx.setAttr('strokeStyle', color);
        ctx.setAttr('lineWidth', width);
        ctx.stroke();
      };
      if (preview?.kind === 'footprints') drawFootprints(ctx, preview, v);
      if (preview?.kind === 'box') drawBox(ctx, preview, v);
      // The selected region, or where it would go while it is dragged.
      if (preview?.kind === 'region') drawRegionOutline(ctx, regionOutline(preview.region), v, preview.dx, preview.dy);
      else {
        const r = editor.region();
        if (r) drawRegionOutline(ctx, regionOutline(r), v, 0, 0);
      }
      if (preview?.kind === 'lasso') drawLasso(ctx, preview, v);
      drawSelection(ctx, d, editor.selectedIds(), v, viewport);
      // In keyboard-cursor mode the cursor's frame marks its square (layers/keyboard-cursor.ts): an
      // outline on the square's sides there would hide a door that O has just put on one of them.
      const c = editor.cursorMode() ? editor.cursor() : null;
      const clear = (q: Square | null) => (q && c && q.x === c.x && q.y === c.y ? null : q);
      outline(clear(editor.hover()), 'rgba(255, 200, 40, 0.9)', 2);
      outline(clear(editor.inspectedSquare()), '#ffb000', 3);
    },
  });
  createEffect(() => {
    editor.doc();
    editor.hover();
    if (editor.cursorMode()) editor.cursor();
    editor.inspectedSquare();
    editor.selectedIds();
    editor.region();
    editor.view();
    editor.viewport();
    editor.reachOnMap();
    editor.hoverPath();
    editor.layers();
    activeTool().preview();
    node.getLayer()?.batchDraw();
  });
  return { node };
}

/** Where creatures would go: blue dashed where they may stand, red with a cross where they may not. */
function drawFootprints(ctx: DrawContext, preview: Extract<ToolPreview, { kind: 'footprints' }>, v: View): void {
  const s = squarePixels(v);
  const refused = preview.refused !== null;
  ctx.setAttr('strokeStyle', refused ? '#e0473c' : '#2f7de1');
  ctx.setAttr('lineWidth', 3);
  ctx.setLineDash([6, 4]);
  for (const r of preview.rects) {
    ctx.beginPath();
    ctx.rect(v.panX + r.x * s, v.panY + r.y * s, r.side * s, r.side * s);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  if (!refused) return;
  ctx.setAttr('fillStyle', 'rgba(224, 71, 60, 0.18)');
  for (const r of preview.rects) {
    ctx.beginPath();
    ctx.rect(v.panX + r.x * s, v.panY + r.y * s, r.side * s, r.side * s);
    ctx.fill();
  }
  // The reason, above the first footprint, readable at every zoom.
  const first = preview.rects[0];
  if (!first) return;
  const text = preview.refused!.length > 90 ? `${preview.refused!.slice(0, 89)}…` : preview.refused!;
  ctx.setAttr('font', '12px system-ui, sans-serif');
  ctx.setAttr('textAlign', 'left');
  ctx.setAttr('textBaseline', 'bottom');
  const x = v.panX + first.x * s;
  const y = v.panY + first.y * s - 4;
  ctx.setAttr('fillStyle', 'rgba(20, 20, 24, 0.85)');
  ctx.beginPath();
  ctx.rect(x - 2, y - 16, Math.min(640, text.length * 6.4 + 8), 18);
  ctx.fill();
  ctx.setAttr('fillStyle', '#ffb4ad');
  ctx.fillText(text, x + 2, y);
}

/** The selection box between two squares. */
function drawBox(ctx: DrawContext, preview: Extract<ToolPreview, { kind: 'box' }>, v: View): void {
  drawSquareBox(ctx, preview.from, preview.to, v, BOX_STYLE);
}

/** How a box of squares is drawn: its tint, and its dashed outline. */
export interface SquareBoxStyle {
  fill: string;
  lineWidth: number;
  dash: number[];
}
const BOX_STYLE: SquareBoxStyle = { fill: 'rgba(47, 125, 225, 0.12)', lineWidth: 1.5, dash: [4, 3] };

/** A tinted, dashed box round every square between two corners (both included): the Select tool's box, the keyboard cursor's region. */
export function drawSquareBox(ctx: DrawContext, from: Square, to: Square, v: View, style: SquareBoxStyle): void {
  const s = squarePixels(v);
  const x0 = Math.min(from.x, to.x);
  const y0 = Math.min(from.y, to.y);
  const w = Math.abs(from.x - to.x) + 1;
  const h = Math.abs(from.y - to.y) + 1;
  ctx.beginPath();
  ctx.rect(v.panX + x0 * s, v.panY + y0 * s, w * s, h * s);
  ctx.setAttr('fillStyle', style.fill);
  ctx.fill();
  ctx.setAttr('strokeStyle', '#2f7de1');
  ctx.setAttr('lineWidth', style.lineWidth);
  ctx.setLineDash(style.dash);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** A ring round each selected creature, where it is drawn (its slot in a stack, lifted in flight). */
function drawSelection(ctx: DrawContext, d: Encounter, ids: ReadonlySet<string>, v: View, viewport: Size): void {
  if (!ids.size) return;
  const s = squarePixels(v);
  const layout = creatureLayout(d);
  ctx.setAttr('strokeStyle', '#ffd54a');
  ctx.setAttr('lineWidth', Math.max(2, Math.min(4, s * 0.08)));
  for (const id of ids) {
    const disc = layout.byId.get(id);
    if (!disc) continue;
    const cx = v.panX + disc.cx * s;
    const cy = v.panY + disc.cy * s;
    const r = Math.max(4, disc.r * s + 3);
    if (cx + r < 0 || cy + r < 0 || cx - r > viewport.width || cy - r > viewport.height) continue;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.stroke();
  }
}

function drawSquaresPreview(ctx: DrawContext, preview: Extract<ToolPreview, { kind: 'squares' }>, v: View): void {
  const s = squarePixels(v);
  ctx.setAttr('globalAlpha', 0.75);
  ctx.beginPath();
  for (const q of preview.squares) ctx.rect(v.panX + q.x * s, v.panY + q.y * s, s, s);
  ctx.setAttr('fillStyle', preview.color);
  ctx.fill();
  ctx.setAttr('globalAlpha', 1);
}

/** Edges about to be drawn: a thick line with a light halo so it shows on any ground. */
function drawEdgesPreview(ctx: DrawContext, preview: Extract<ToolPreview, { kind: 'edges' }>, v: View): void {
  const s = squarePixels(v);
  for (const [color, width] of [['rgba(255, 255, 255, 0.9)', Math.max(6, s * 0.22)], [preview.color, Math.max(3, s * 0.12)]] as const) {
    ctx.beginPath();
    for (const [x0, y0, x1, y1] of preview.segments) {
      ctx.moveTo(v.panX + x0 * s, v.panY + y0 * s);
      ctx.lineTo(v.panX + x1 * s, v.panY + y1 * s);
    }
    ctx.setAttr('strokeStyle', color);
    ctx.setAttr('lineWidth', width);
    ctx.setAttr('lineCap', 'round');
    ctx.stroke();
  }
  ctx.setAttr('lineCap', 'butt');
}

/** Reachable squares: green where the move may end, amber where it may only pass; costs when legible. */
function drawReach(ctx: DrawContext, squares: ReachSquare[], view: View, viewport: Size, occupied: ReadonlySet<number>, mapWidth: number): void {
  if (!squares.length) return;
  const s = squarePixels(view);
  const inView = (q: ReachSquare) => {
    const px = view.panX + q.x * s;
    const py = view.panY + q.y * s;
    return px > -s && py > -s && px < viewport.width && py < viewport.height;
  };
  for (const kind of ['end', 'pass', 'fall'] as const) {
    ctx.beginPath();
    for (const q of squares) {
      const k = q.fall !== undefined ? 'fall' : q.end ? 'end' : 'pass';
      if (k === kind && inView(q)) ctx.rect(view.panX + q.x * s, view.panY + q.y * s, s, s);
    }
    ctx.setAttr('fillStyle', kind === 'end' ? 'rgba(40, 170, 90, 0.32)' : kind === 'pass' ? 'rgba(230, 160, 30, 0.35)' : 'rgba(200, 50, 40, 0.35)');
    ctx.fill();
  }
  if (s < 22) return;
  ctx.setAttr('fillStyle', '#10331c');
  ctx.setAttr('font', `${Math.round(Math.min(14, s * 0.32))}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  for (const q of squares) {
    // Only the labels on screen (a big reach has thousands), and not over a creature.
    if (!inView(q) || occupied.has(q.y * mapWidth + q.x)) continue;
    const label = q.fall !== undefined ? `${q.cost} ↓${q.fall}` : q.p !== undefined && q.p < 1 ? `${q.cost} · ${Math.round(q.p * 100)}%` : String(q.cost);
    ctx.fillText(label, view.panX + (q.x + 0.5) * s, view.panY + (q.y + 0.8) * s);
  }
}

/** The planned path to the hovered square, and where it provokes. */
function drawPath(ctx: DrawContext, path: PathAnswer, editor: Editor, view: View): void {
  const d = editor.doc();
  const c = d?.creatures.find((k) => k.id === editor.selectedCreature());
  if (!d || !c) return;
  const s = squarePixels(view);
  const side = footprintOf(d.ruleset, c.size).side;
  const centre = (x: number, y: number) => [view.panX + (x + side / 2) * s, view.panY + (y + side / 2) * s] as const;
  ctx.beginPath();
  const [x0, y0] = centre(c.x, c.y);
  ctx.moveTo(x0, y0);
  for (const st of path.steps) {
    const [x, y] = centre(st.x, st.y);
    ctx.lineTo(x, y);
  }
  ctx.setAttr('strokeStyle', path.legal ? '#0b6b2e' : '#b3261e');
  ctx.setAttr('lineWidth', Math.max(2, s * 0.08));
  ctx.setLineDash(path.legal ? [] : [6, 4]);
  ctx.stroke();
  ctx.setLineDash([]);
  for (const a of path.provokes) {
    ctx.beginPath();
    const [x, y] = centre(a.x, a.y);
    ctx.arc(x, y, Math.max(4, s * 0.22), 0, Math.PI * 2);
    ctx.setAttr('strokeStyle', '#d23c3c');
    ctx.setAttr('lineWidth', Math.max(2, s * 0.07));
    ctx.stroke();
  }
}

/** The border of a region as unit segments [x0, y0, x1, y1] in squares; kept for the last region asked. */
let outlineOf: { region: SquareRegion; segments: number[] } | null = null;
function regionOutline(region: SquareRegion): number[] {
  if (outlineOf?.region === region) return outlineOf.segments;
  const segments: number[] = [];
  const { x: ox, y: oy, width: w, height: h, mask } = region;
  const has = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && mask[y * w + x] === 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!has(x, y)) continue;
      if (!has(x, y - 1)) segments.push(ox + x, oy + y, ox + x + 1, oy + y);
      if (!has(x, y + 1)) segments.push(ox + x, oy + y + 1, ox + x + 1, oy + y + 1);
      if (!has(x - 1, y)) segments.push(ox + x, oy + y, ox + x, oy + y + 1);
      if (!has(x + 1, y)) segments.push(ox + x + 1, oy + y, ox + x + 1, oy + y + 1);
    }
  }
  outlineOf = { region, segments };
  return segments;
}

/** A region's border as "marching ants" standing still: black dashes over a white line, seen on any ground. */
function drawRegionOutline(ctx: DrawContext, segments: readonly number[], v: View, dx: number, dy: number): void {
  const s = squarePixels(v);
  ctx.beginPath();
  for (let i = 0; i < segments.length; i += 4) {
    ctx.moveTo(v.panX + (segments[i]! + dx) * s, v.panY + (segments[i + 1]! + dy) * s);
    ctx.lineTo(v.panX + (segments[i + 2]! + dx) * s, v.panY + (segments[i + 3]! + dy) * s);
  }
  ctx.setAttr('lineWidth', 2);
  ctx.setAttr('strokeStyle', '#ffffff');
  ctx.stroke();
  ctx.setLineDash([5, 4]);
  ctx.setAttr('strokeStyle', '#000000');
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The free shape being drawn by the Region tool's lasso. */
function drawLasso(ctx: DrawContext, preview: Extract<ToolPreview, { kind: 'lasso' }>, v: View): void {
  const s = squarePixels(v);
  if (preview.points.length < 2) return;
  ctx.beginPath();
  preview.points.forEach((p, i) => (i ? ctx.lineTo(v.panX + p.x * s, v.panY + p.y * s) : ctx.moveTo(v.panX + p.x * s, v.panY + p.y * s)));
  // Back to the first point: the shape is closed, as the squares it takes are.
  ctx.lineTo(v.panX + preview.points[0]!.x * s, v.panY + preview.points[0]!.y * s);
  ctx.setAttr('fillStyle', 'rgba(47, 125, 225, 0.12)');
  ctx.fill();
  ctx.setAttr('strokeStyle', '#2f7de1');
  ctx.setAttr('lineWidth', 1.5);
  ctx.setLineDash([4, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
}
