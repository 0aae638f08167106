import Konva from 'konva';
import { createEffect } from 'solid-js';
import type { Encounter } from '../../../src-shared/model';
import type { Square as PlaySquare } from '../../../src-shared/play';
import { footprintOf } from '../../../src-shared/rules/sizes';
import type { Editor, Square } from '../../state/editor';
import type { BandSquare, MovePlan } from '../../state/play';
import { squarePixels, type Size, type View } from '../../state/view';
import { konvaContext, type DrawContext } from './draw-context';

/** Reach band colours: the chosen move, then the turn's bigger moves (double, run). */
export const BAND_COLORS = ['rgba(40, 170, 90, 0.38)', 'rgba(225, 200, 40, 0.32)', 'rgba(235, 120, 30, 0.30)'];
const PASS_COLOR = 'rgba(120, 120, 130, 0.55)';
const FALL_COLOR = 'rgba(200, 50, 40, 0.40)';
const MAX_TEXT = 14;

/**
 * Play mode's overlay. On the interactive Konva layer: the current creature ringed, the path being
 * drawn with its running cost, waypoints, the heights of a flight and the attacks of opportunity it
 * provokes (enemy named), flanking lines, the squares of a forced movement, a refused square, and the
 * squares of the log entry being looked at. Under the tokens (`groundNode`, first on the creatures
 * layer): the reach in bands (squares it may only pass hatched, a ledge's fall in red, dice movement
 * shaded by its chance), the threatened squares and the flanking positions, which tint whole squares
 * and drawn over the tokens hid them.
 */
export function createPlayOverlayLayer(editor: Editor) {
  const groundNode = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      if (!editor.playing() || !editor.playShown()) return;
      const ctx = konvaContext(konvaCtx);
      const v = editor.view();
      drawBands(ctx, editor.bandSquares(), v, editor.viewport());
      const threat = editor.threat();
      if (threat.squares.length) fillSquares(ctx, threat.squares, v, 'rgba(220, 40, 40, 0.22)', 'rgba(220, 40, 40, 0.7)');
      const flanking = editor.flanking();
      if (flanking.squares.length) fillSquares(ctx, flanking.squares, v, 'rgba(150, 70, 220, 0.30)', 'rgba(150, 70, 220, 0.9)');
    },
  });
  createEffect(() => {
    editor.playing();
    editor.playShown();
    editor.view();
    editor.viewport();
    editor.bandSquares();
    editor.threat();
    editor.flanking();
    groundNode.getLayer()?.batchDraw();
  });
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (konvaCtx) => {
      if (!editor.playing()) return;
      const shown = editor.playShown();
      if (!shown) return;
      const ctx = konvaContext(konvaCtx);
      const v = editor.view();
      const board = shown.board;
      const flanking = editor.flanking();
      for (const f of flanking.lines) segment(ctx, f.line.from, f.line.to, v, 'rgba(170, 90, 240, 0.95)', [6, 4]);
      const at = editor.playViewAt();
      if (at !== null && at >= 0) {
        const e = editor.playEntries()[at];
        if (e?.squares.length) drawTrail(ctx, board, e.actor, e.squares, v, '#2f7de1');
      }
      const current = shown.current ? board.creatures.find((c) => c.id === shown.current) : null;
      if (current) ring(ctx, board, current.id, v, '#ffcf33', 4);
      const f = editor.forced();
      if (editor.playTool() === 'play-forced') {
        if (f.by) ring(ctx, board, f.by, v, '#d23c3c', 3);
        if (f.target) ring(ctx, board, f.target, v, '#2f7de1', 3);
        editor.forcedSquares().forEach((q, i) => numbered(ctx, q, i + 1, v, '#2f7de1'));
      }
      drawMovePath(ctx, board, current?.id ?? null, editor.movePlan(), editor.waypoints(), v);
      if (editor.playTool() === 'play-lines') {
        const from = editor.linesFrom();
        if (from) ring(ctx, board, from, v, '#2f7de1', 3);
        const to = editor.linesTo();
        if (to && 'creature' in to) ring(ctx, board, to.creature, v, '#f0a020', 3);
        if (to && 'square' in to) fillSquares(ctx, [to.square], v, 'rgba(240, 160, 32, 0.3)', '#f0a020');
        const l = editor.lines();
        if (l && 'answer' in l) for (const line of l.answer.lines) segment(ctx, line.from, line.to, v, line.clear ? 'rgba(40, 200, 110, 0.95)' : 'rgba(230, 60, 50, 0.95)', line.clear ? [] : [5, 4]);
      }
      const refused = editor.playRefusal();
      if (refused?.at) cross(ctx, refused.at, v, '#ff5a4a');
    },
  });
  createEffect(() => {
    editor.playing();
    editor.playShown();
    editor.view();
    editor.movePlan();
    editor.waypoints();
    editor.forced();
    editor.forcedSquares();
    editor.playRefusal();
    editor.playTool();
    editor.flanking();
    editor.lines();
    editor.linesFrom();
    editor.linesTo();
    node.getLayer()?.batchDraw();
  });
  return { node, groundNode };
}

function centreOf(board: Encounter, id: string | null, q: Square, v: View): [number, number] {
  const c = id ? board.creatures.find((k) => k.id === id) : null;
  const side = c ? Math.max(1, footprintOf(board.ruleset, c.size).side) : 1;
  const s = squarePixels(v);
  return [v.panX + (q.x + side / 2) * s, v.panY + (q.y + side / 2) * s];
}

function ring(ctx: DrawContext, board: Encounter, id: string, v: View, color: string, width: number): void {
  const c = board.creatures.find((k) => k.id === id);
  if (!c) return;
  const s = squarePixels(v);
  const side = Math.max(1, footprintOf(board.ruleset, c.size).side);
  const [x, y] = centreOf(board, id, c, v);
  ctx.beginPath();
  ctx.arc(x, y, (side * s) / 2 + Math.max(2, s * 0.06), 0, Math.PI * 2);
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', width);
  ctx.stroke();
}

/** The reach bands, square by square (exported for the test that holds the drawing to the legend). */
export function drawBands(ctx: DrawContext, squares: BandSquare[], v: View, viewport: Size): void {
  if (!squares.length) return;
  const s = squarePixels(v);
  const inView = (q: Square) => {
    const px = v.panX + q.x * s;
    const py = v.panY + q.y * s;
    return px > -s && py > -s && px < viewport.width && py < viewport.height;
  };
  for (const q of squares) {
    if (!inView(q)) continue;
    const kind = q.fall !== undefined ? FALL_COLOR : !q.end ? PASS_COLOR : BAND_COLORS[Math.min(q.moveBand, 2)]!;
    // Dice movement (6d6): the chance to get there shades the square (legend in the panel).
    ctx.setAttr('globalAlpha', q.p !== undefined && q.p < 1 ? 0.25 + 0.75 * q.p : 1);
    ctx.beginPath();
    ctx.rect(v.panX + q.x * s, v.panY + q.y * s, s, s);
    ctx.setAttr('fillStyle', kind);
    ctx.fill();
  }
  ctx.setAttr('globalAlpha', 1);
  // Squares the move may pass but not end in: hatched like the legend's swatch (a large cross over an
  // ally read as "dead").
  ctx.beginPath();
  for (const q of squares) {
    if (q.end || q.fall !== undefined || !inView(q)) continue;
    hatch(ctx, v.panX + q.x * s, v.panY + q.y * s, s);
  }
  ctx.setAttr('strokeStyle', 'rgba(30, 30, 35, 0.55)');
  ctx.setAttr('lineWidth', Math.max(1, s * 0.04));
  ctx.stroke();
  if (s < 22) return;
  ctx.setAttr('fillStyle', '#111');
  ctx.setAttr('font', `${Math.round(Math.min(12, s * 0.28))}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  for (const q of squares) {
    if (!inView(q)) continue;
    // A flyer ending here in the air under its minimum forward speed stalls (d20-phb-30.txt › Minimum Forward Speed).
    const label = q.fall !== undefined ? `↓${q.fall}` : q.stall ? 'stall' : q.p !== undefined && q.p < 1 ? `${Math.round(q.p * 100)}%` : '';
    if (label) ctx.fillText(label, v.panX + (q.x + 0.5) * s, v.panY + (q.y + 0.22) * s);
  }
}

/** Stripes from top left to bottom right across one square, as CSS's 45deg repeating gradient draws them. */
function hatch(ctx: DrawContext, x: number, y: number, s: number): void {
  const step = s / 4;
  for (let d = -3 * step; d < s - 1e-9; d += step) {
    // The line px - py = d inside the square.
    if (d >= 0) {
      ctx.moveTo(x + d, y);
      ctx.lineTo(x + s, y + s - d);
    } else {
      ctx.moveTo(x, y - d);
      ctx.lineTo(x + s + d, y + s);
    }
  }
}

function drawTrail(ctx: DrawContext, board: Encounter, actor: string | null, squares: Square[], v: View, color: string): void {
  const s = squarePixels(v);
  ctx.beginPath();
  squares.forEach((q, i) => {
    const [x, y] = centreOf(board, actor, q, v);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', Math.max(2, s * 0.08));
  ctx.setLineDash([8, 5]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * The move being drawn: the planned or drawn path (below) and the waypoints, numbered, each with its
 * height in flight (exported for the test that reads the labels drawn).
 */
export function drawMovePath(ctx: DrawContext, board: Encounter, id: string | null, plan: MovePlan, waypoints: readonly PlaySquare[], v: View): void {
  if (plan && id) drawPlan(ctx, board, id, plan, v);
  waypoints.forEach((q, i) => {
    numbered(ctx, q, i + 1, v, '#0b6b2e');
    if (q.z !== undefined) heightTag(ctx, q, `↑${q.z}`, v);
  });
}

/** A waypoint's height, on a tag above its number. */
function heightTag(ctx: DrawContext, q: Square, label: string, v: View): void {
  const s = squarePixels(v);
  if (s < 18) return;
  const font = Math.round(Math.min(MAX_TEXT, Math.max(9, s * 0.28)));
  const x = v.panX + (q.x + 0.5) * s;
  const y = v.panY + q.y * s + 1;
  const w = label.length * font * 0.62 + 6;
  ctx.setAttr('fillStyle', 'rgba(11, 107, 46, 0.92)');
  box(ctx, x - w / 2, y, w, font + 4);
  ctx.setAttr('fillStyle', '#fff');
  ctx.setAttr('font', `600 ${font}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  ctx.fillText(label, x, y + (font + 4) / 2);
}

/** The path being drawn: the line, the running cost at each step, heights in flight, provocations. */
function drawPlan(ctx: DrawContext, board: Encounter, id: string, plan: NonNullable<MovePlan>, v: View): void {
  const c = board.creatures.find((k) => k.id === id);
  if (!c) return;
  const s = squarePixels(v);
  const a = plan.answer;
  // A flight that only stalls at its end is carried out: drawn as a warning, not crossed out.
  const broken = !a.legal && !plan.stalls;
  ctx.beginPath();
  const [x0, y0] = centreOf(board, id, c, v);
  ctx.moveTo(x0, y0);
  for (const st of a.steps) {
    const [x, y] = centreOf(board, id, st, v);
    ctx.lineTo(x, y);
  }
  ctx.setAttr('strokeStyle', broken ? '#b3261e' : plan.stalls ? '#c77700' : '#0b6b2e');
  ctx.setAttr('lineWidth', Math.max(3, s * 0.1));
  ctx.setLineDash(broken || plan.stalls ? [7, 5] : []);
  ctx.stroke();
  ctx.setLineDash([]);
  if (broken && a.breaksAt >= 0 && a.steps[a.breaksAt]) cross(ctx, a.steps[a.breaksAt]!, v, '#ff5a4a');
  for (const p of a.provokes) {
    const [x, y] = centreOf(board, id, p, v);
    ctx.beginPath();
    ctx.arc(x, y, Math.max(5, s * 0.24), 0, Math.PI * 2);
    ctx.setAttr('strokeStyle', '#ff4040');
    ctx.setAttr('lineWidth', Math.max(2, s * 0.07));
    ctx.stroke();
  }
  if (s < 18) return;
  const font = Math.round(Math.min(MAX_TEXT, Math.max(9, s * 0.3)));
  ctx.setAttr('font', `600 ${font}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  let running = 0;
  a.steps.forEach((st, i) => {
    running += st.cost;
    const [x, y] = centreOf(board, id, st, v);
    const z = (st as { z?: number }).z;
    const label = plan.flight && z !== undefined ? `${running} ↑${z}` : String(running);
    const w = label.length * font * 0.62 + 6;
    ctx.setAttr('fillStyle', i === a.breaksAt && broken ? 'rgba(120, 20, 15, 0.9)' : 'rgba(10, 40, 20, 0.85)');
    box(ctx, x - w / 2, y + s * 0.18, w, font + 4);
    ctx.setAttr('fillStyle', '#fff');
    ctx.fillText(label, x, y + s * 0.18 + (font + 4) / 2);
  });
  // The enemies a provocation comes from, named beside it (several at one square on one label).
  const bySquare = new Map<string, { at: Square; names: string[] }>();
  for (const p of plan.provokedBy) {
    const key = `${p.at.x},${p.at.y}`;
    const known = bySquare.get(key) ?? bySquare.set(key, { at: p.at, names: [] }).get(key)!;
    if (!known.names.includes(p.name)) known.names.push(p.name);
  }
  for (const { at, names } of bySquare.values()) {
    const [x, y] = centreOf(board, id, at, v);
    const label = `AoO: ${names.join(', ')}`;
    const w = label.length * font * 0.6 + 8;
    ctx.setAttr('fillStyle', 'rgba(150, 20, 20, 0.9)');
    box(ctx, x - w / 2, y - s * 0.5 - font - 4, w, font + 4);
    ctx.setAttr('fillStyle', '#fff');
    ctx.fillText(label, x, y - s * 0.5 - (font + 4) / 2);
  }
}

function numbered(ctx: DrawContext, q: Square, n: number, v: View, color: string): void {
  const s = squarePixels(v);
  const x = v.panX + (q.x + 0.5) * s;
  const y = v.panY + (q.y + 0.5) * s;
  ctx.beginPath();
  ctx.arc(x, y, Math.max(5, s * 0.2), 0, Math.PI * 2);
  ctx.setAttr('fillStyle', color);
  ctx.fill();
  if (s >= 18) {
    ctx.setAttr('fillStyle', '#fff');
    ctx.setAttr('font', `600 ${Math.round(Math.min(MAX_TEXT, s * 0.26))}px system-ui, sans-serif`);
    ctx.setAttr('textAlign', 'center');
    ctx.setAttr('textBaseline', 'middle');
    ctx.fillText(String(n), x, y);
  }
}

function cross(ctx: DrawContext, q: Square, v: View, color: string): void {
  const s = squarePixels(v);
  const x = v.panX + q.x * s;
  const y = v.panY + q.y * s;
  ctx.beginPath();
  ctx.rect(x + 1, y + 1, s - 2, s - 2);
  ctx.moveTo(x + 3, y + 3);
  ctx.lineTo(x + s - 3, y + s - 3);
  ctx.moveTo(x + s - 3, y + 3);
  ctx.lineTo(x + 3, y + s - 3);
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', 3);
  ctx.stroke();
}

function box(ctx: DrawContext, x: number, y: number, w: number, h: number): void {
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.fill();
}

/** Squares tinted with an outline (threatened squares, flanking positions). */
function fillSquares(ctx: DrawContext, squares: readonly Square[], v: View, fill: string, stroke: string): void {
  const s = squarePixels(v);
  ctx.beginPath();
  for (const q of squares) ctx.rect(v.panX + q.x * s + 1, v.panY + q.y * s + 1, s - 2, s - 2);
  ctx.setAttr('fillStyle', fill);
  ctx.fill();
  ctx.setAttr('strokeStyle', stroke);
  ctx.setAttr('lineWidth', 1);
  ctx.stroke();
}

/** A line between two points in square units (corners are whole numbers). */
function segment(ctx: DrawContext, a: Square, b: Square, v: View, color: string, dash: number[]): void {
  const s = squarePixels(v);
  ctx.beginPath();
  ctx.moveTo(v.panX + a.x * s, v.panY + a.y * s);
  ctx.lineTo(v.panX + b.x * s, v.panY + b.y * s);
  ctx.setAttr('strokeStyle', color);
  ctx.setAttr('lineWidth', 2);
  ctx.setLineDash(dash);
  ctx.stroke();
  ctx.setLineDash([]);
}
