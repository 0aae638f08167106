import Konva from 'konva';
import { createEffect, createMemo } from 'solid-js';
import type { MapLabel } from '../../../src-shared/model';
import type { Editor } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import { konvaContext, type DrawContext } from './draw-context';

/**
 * Labels and notes on the map. A label (a room's name, a warning) is white text with a dark halo,
 * so it reads on any picture; a note is a pin, its text shown on the overlay when it is selected or
 * the pointer is on its square, so a map with twenty notes stays a map. The static part (text and
 * pins) is on the creatures' Konva layer; the selection, a dragged label and a note's text are on
 * the overlay, which is redrawn on every hover anyway.
 */

const FONT = 'system-ui, sans-serif';
/** A label's text size: 0.42 of a square, kept between legible and not shouting. */
export function labelFontPixels(view: View): number {
  return Math.round(Math.min(28, Math.max(11, squarePixels(view) * 0.42)));
}
/** A note's pin, in pixels: a round head over its point, the point on the anchor. */
const PIN = { head: 7, height: 22 };

export interface LabelBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One line of a label as drawn (line breaks read as spaces). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Where a label or note is on screen, in viewport pixels: a label's text box (its width estimated
 * from the font, which is close enough to click), a note's pin. The layer draws in it and the
 * label tool hit-tests it, so what is clicked is what is seen.
 */
export function labelBox(l: MapLabel, view: View): LabelBox {
  const s = squarePixels(view);
  const px = view.panX + l.x * s;
  const py = view.panY + l.y * s;
  if (l.kind === 'note') return { x: px - PIN.head - 1, y: py - PIN.height, w: 2 * PIN.head + 2, h: PIN.height };
  const f = labelFontPixels(view);
  const w = Math.max(f, oneLine(l.text).length * f * 0.56) + 8;
  const h = f * 1.35;
  return { x: px - w / 2, y: py - h / 2, w, h };
}

/** The topmost label or note at a viewport point, if any. */
export function labelAtPoint(labels: readonly MapLabel[] | undefined, view: View, point: { x: number; y: number }): string | null {
  if (!labels) return null;
  for (let k = labels.length - 1; k >= 0; k--) {
    const b = labelBox(labels[k]!, view);
    if (point.x >= b.x && point.x <= b.x + b.w && point.y >= b.y && point.y <= b.y + b.h) return labels[k]!.id;
  }
  return null;
}

function drawPin(ctx: DrawContext, px: number, py: number, selected: boolean): void {
  const hy = py - PIN.height + PIN.head;
  ctx.beginPath();
  ctx.moveTo(px, py);
  ctx.lineTo(px - PIN.head * 0.75, hy + PIN.head * 0.5);
  ctx.arc(px, hy, PIN.head, Math.PI * 0.85, Math.PI * 0.15);
  ctx.lineTo(px, py);
  ctx.setAttr('fillStyle', selected ? '#ffd84d' : '#f2c94c');
  ctx.fill();
  ctx.setAttr('strokeStyle', '#4a3700');
  ctx.setAttr('lineWidth', 1.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(px, hy, PIN.head * 0.35, 0, Math.PI * 2);
  ctx.setAttr('fillStyle', '#4a3700');
  ctx.fill();
}

function drawLabelText(ctx: DrawContext, l: MapLabel, px: number, py: number, font: number): void {
  ctx.setAttr('font', `600 ${font}px ${FONT}`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  // The halo: the text in dark, a little off its place all round, then white over it, so it reads
  // on a light picture as on a dark one (DrawContext has no strokeText).
  const text = oneLine(l.text);
  const r = Math.max(1.5, font * 0.09);
  ctx.setAttr('fillStyle', 'rgba(0, 0, 0, 0.85)');
  for (let k = 0; k < 8; k++) ctx.fillText(text, px + r * Math.cos((k * Math.PI) / 4), py + r * Math.sin((k * Math.PI) / 4));
  ctx.setAttr('fillStyle', '#ffffff');
  ctx.fillText(text, px, py);
}

/** Labels and note pins in view; `skip` is a label being dragged (the overlay draws it). Returns how many were drawn. */
export function drawLabels(ctx: DrawContext, labels: readonly MapLabel[], view: View, viewport: Size, skip: string | null = null): number {
  const s = squarePixels(view);
  const font = labelFontPixels(view);
  let drawn = 0;
  for (const l of labels) {
    if (l.id === skip) continue;
    const b = labelBox(l, view);
    if (b.x + b.w < 0 || b.y + b.h < 0 || b.x > viewport.width || b.y > viewport.height) continue;
    drawn++;
    const px = view.panX + l.x * s;
    const py = view.panY + l.y * s;
    if (l.kind === 'note') drawPin(ctx, px, py, false);
    else drawLabelText(ctx, l, px, py, font);
  }
  return drawn;
}

/** A note's text in lines of at most `width` characters (words kept whole where they fit), at most 14 lines. */
export function noteLines(text: string, width = 40): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) (out.push(line), (line = ''));
      line = line ? `${line} ${word}` : word.slice(0, width);
    }
    out.push(line);
  }
  return out.length > 14 ? [...out.slice(0, 13), '…'] : out;
}

/** A note's text in a paper box beside its pin. */
function drawNoteText(ctx: DrawContext, l: MapLabel, px: number, py: number, viewport: Size): void {
  const lines = noteLines(l.text);
  const f = 13;
  const lh = f * 1.3;
  const w = Math.max(...lines.map((t) => t.length)) * f * 0.56 + 16;
  const h = lines.length * lh + 10;
  // Right of the pin, or left of it where the viewport ends: never over the pin.
  const right = px + PIN.head + 4;
  const x = right + w <= viewport.width - 4 ? right : Math.max(4, px - PIN.head - 4 - w);
  const y = Math.min(Math.max(4, py - PIN.height), viewport.height - h - 4);
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.setAttr('fillStyle', 'rgba(255, 248, 220, 0.97)');
  ctx.fill();
  ctx.setAttr('strokeStyle', '#4a3700');
  ctx.setAttr('lineWidth', 1);
  ctx.stroke();
  ctx.setAttr('fillStyle', '#2a2000');
  ctx.setAttr('font', `${f}px ${FONT}`);
  ctx.setAttr('textAlign', 'left');
  ctx.setAttr('textBaseline', 'top');
  lines.forEach((t, i) => ctx.fillText(t, x + 8, y + 5 + i * lh));
}

export interface LabelFocus {
  selected: string | null;
  /** The square under the pointer: a note there shows its text. */
  hover: { x: number; y: number } | null;
  drag: { id: string; x: number; y: number } | null;
}

/** The overlay's part: the dragged label where it would land, the selection's outline, notes' text. */
export function drawLabelFocus(ctx: DrawContext, labels: readonly MapLabel[], view: View, viewport: Size, focus: LabelFocus): void {
  const s = squarePixels(view);
  for (const l of labels) {
    const dragged = focus.drag?.id === l.id;
    const selected = focus.selected === l.id;
    const hovered = l.kind === 'note' && !!focus.hover && Math.floor(l.x) === focus.hover.x && Math.floor(l.y) === focus.hover.y;
    if (!dragged && !selected && !hovered) continue;
    const at = dragged ? { ...l, x: focus.drag!.x, y: focus.drag!.y } : l;
    const px = view.panX + at.x * s;
    const py = view.panY + at.y * s;
    if (dragged) {
      if (at.kind === 'note') drawPin(ctx, px, py, true);
      else drawLabelText(ctx, at, px, py, labelFontPixels(view));
    }
    if (selected || dragged) {
      const b = labelBox(at, view);
      ctx.beginPath();
      ctx.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4);
      ctx.setLineDash([4, 3]);
      ctx.setAttr('strokeStyle', '#ffd84d');
      ctx.setAttr('lineWidth', 1.5);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (at.kind === 'note' && !dragged) drawNoteText(ctx, at, px, py, viewport);
  }
}

/** Where a label being written will go: its pin for a note, a small cross for a label. */
function drawDraftMark(ctx: DrawContext, at: { kind: MapLabel['kind']; x: number; y: number }, view: View): void {
  const s = squarePixels(view);
  const px = view.panX + at.x * s;
  const py = view.panY + at.y * s;
  if (at.kind === 'note') return drawPin(ctx, px, py, true);
  ctx.beginPath();
  ctx.moveTo(px - 7, py);
  ctx.lineTo(px + 7, py);
  ctx.moveTo(px, py - 7);
  ctx.lineTo(px, py + 7);
  ctx.setAttr('strokeStyle', 'rgba(0, 0, 0, 0.8)');
  ctx.setAttr('lineWidth', 4);
  ctx.stroke();
  ctx.setAttr('strokeStyle', '#ffd84d');
  ctx.setAttr('lineWidth', 2);
  ctx.stroke();
}

export function createLabelsLayer(editor: Editor) {
  let drawn = 0;
  const shown = () => editor.layers().labels;
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const labels = editor.doc()?.labels;
      drawn = labels && shown() ? drawLabels(konvaContext(ctx), labels, editor.view(), editor.viewport(), editor.labelDrag()?.id ?? null) : 0;
    },
  });
  const overlayNode = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const labels = editor.doc()?.labels;
      if (labels && shown()) drawLabelFocus(konvaContext(ctx), labels, editor.view(), editor.viewport(), { selected: editor.selectedLabel(), hover: editor.hover(), drag: editor.labelDrag() });
      const draft = editor.labelDraft();
      if (draft && !draft.id) drawDraftMark(konvaContext(ctx), draft, editor.view());
    },
  });
  // The labels alone: an edit of squares or creatures does not redraw them.
  const labelList = createMemo(() => editor.doc()?.labels);
  createEffect(() => {
    labelList();
    editor.view();
    editor.viewport();
    shown();
    editor.labelDrag()?.id;
    node.getLayer()?.batchDraw();
  });
  createEffect(() => {
    labelList();
    editor.view();
    shown();
    editor.selectedLabel();
    editor.hover();
    editor.labelDrag();
    editor.labelDraft()?.kind;
    overlayNode.getLayer()?.batchDraw();
  });
  /** How many labels and notes the last frame drew. */
  return { node, overlayNode, drawn: () => drawn };
}
