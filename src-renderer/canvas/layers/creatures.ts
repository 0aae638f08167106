import Konva from 'konva';
import { createEffect } from 'solid-js';
import type { Encounter } from '../../../src-shared/model';
import { footprintOf } from '../../../src-shared/rules/sizes';
import type { Editor } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import { SIDE_COLORS } from '../palette';
import { konvaContext, type DrawContext } from './draw-context';

/** Largest label, in pixels: a Gargantuan creature at 800 % does not need a 500 px name. */
const MAX_LABEL_PIXELS = 28;

/**
 * Creatures as discs in their space (sub-square creatures in their slot), drawn only where they
 * are in view, with their initials and altitude when legible.
 */
export function drawCreatures(ctx: DrawContext, d: Encounter, view: View, viewport: Size): number {
  const s = squarePixels(view);
  let drawn = 0;
  for (const c of d.creatures) {
    const fp = footprintOf(d.ruleset, c.size);
    // Culled: the creature's space (plus its altitude badge) must touch the viewport.
    const left = view.panX + c.x * s;
    const top = view.panY + c.y * s;
    const size = Math.max(1, fp.side) * s;
    if (left > viewport.width || top > viewport.height || left + size < 0 || top + size + MAX_LABEL_PIXELS < 0) continue;
    drawn++;
    let cx: number;
    let cy: number;
    let r: number;
    if (fp.perSquare > 1) {
      // Creatures that share a square sit in a sub-grid of it, by their slot.
      const per = Math.ceil(Math.sqrt(fp.perSquare));
      const slot = c.slot ?? 0;
      const cell = s / per;
      cx = left + ((slot % per) + 0.5) * cell;
      cy = top + ((Math.floor(slot / per) % per) + 0.5) * cell;
      r = cell * 0.42;
    } else {
      cx = view.panX + (c.x + fp.side / 2) * s;
      cy = view.panY + (c.y + fp.side / 2) * s;
      r = (fp.side * s) / 2 - Math.max(1, s * 0.08);
    }
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(1, r), 0, Math.PI * 2);
    ctx.setAttr('fillStyle', SIDE_COLORS[c.side]);
    ctx.setAttr('globalAlpha', c.helpless ? 0.5 : 1);
    ctx.fill();
    ctx.setAttr('strokeStyle', '#ffffff');
    ctx.setAttr('lineWidth', Math.max(1, s * 0.05));
    ctx.stroke();
    ctx.setAttr('globalAlpha', 1);
    if (r > 7) {
      ctx.setAttr('fillStyle', '#ffffff');
      ctx.setAttr('font', `600 ${Math.round(Math.min(MAX_LABEL_PIXELS, r * 0.9))}px system-ui, sans-serif`);
      ctx.setAttr('textAlign', 'center');
      ctx.setAttr('textBaseline', 'middle');
      ctx.fillText((c.name || c.id).slice(0, 2), cx, cy);
    }
    if (c.altitude > 0 && r > 7) {
      ctx.setAttr('fillStyle', '#111');
      ctx.setAttr('font', `${Math.min(MAX_LABEL_PIXELS, Math.max(9, Math.round(r * 0.5)))}px system-ui, sans-serif`);
      ctx.fillText(`↑${c.altitude}`, cx, cy + r + Math.min(MAX_LABEL_PIXELS, Math.max(6, r * 0.35)));
    }
  }
  return drawn;
}

export function createCreaturesLayer(editor: Editor) {
  let drawn = 0;
  const node = new Konva.Shape({
    listening: false,
    sceneFunc: (ctx) => {
      const d = editor.doc();
      drawn = d && editor.layers().creatures ? drawCreatures(konvaContext(ctx), d, editor.view(), editor.viewport()) : 0;
    },
  });
  createEffect(() => {
    editor.doc()?.creatures;
    editor.view();
    editor.viewport();
    editor.layers();
    node.getLayer()?.batchDraw();
  });
  /** How many creatures the last frame drew (the rest were out of view). */
  return { node, drawn: () => drawn };
}
