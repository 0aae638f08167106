import Konva from 'konva';
import { createEffect, createMemo } from 'solid-js';
import type { Creature, Encounter, TokenImage } from '../../../src-shared/model';
import { RULESETS } from '../../../src-shared/model';
import { distinctLabels, shortLabel } from '../../../src-shared/model/creature-labels';
import type { Editor } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import { SIDE_COLORS } from '../../ui/palette';
import { creatureLayout } from '../../../src-shared/render/creature-layout';
import { konvaContext, type DrawContext } from './draw-context';
import { tokenArt, tokenArtVersion } from './token-art';

/** Largest label, in pixels: a Gargantuan creature at 800 % does not need a 500 px name. */
const MAX_LABEL_PIXELS = 28;

/**
 * One name's few letters ("Goblin" → "Go", "Orc 12" → "O12"); on the map every token's label is
 * made to differ from the others' (`distinctLabels`).
 */
export const creatureLabel = shortLabel;

/** A flattened disc (the ground shadow of a flyer), as a polygon: DrawContext has no ellipse. */
function ellipse(ctx: DrawContext, cx: number, cy: number, rx: number, ry: number): void {
  ctx.beginPath();
  for (let k = 0; k <= 16; k++) {
    const a = (k / 16) * Math.PI * 2;
    const x = cx + rx * Math.cos(a);
    const y = cy + ry * Math.sin(a);
    if (k === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}

/** A small rounded-ish label box with text (altitude badge, stack count). */
function badge(ctx: DrawContext, text: string, x: number, y: number, px: number, fill: string, color: string): void {
  const w = text.length * px * 0.62 + px * 0.6;
  const h = px * 1.3;
  ctx.beginPath();
  ctx.rect(x - w / 2, y - h / 2, w, h);
  ctx.setAttr('fillStyle', fill);
  ctx.fill();
  ctx.setAttr('fillStyle', color);
  ctx.setAttr('font', `600 ${px}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  ctx.fillText(text, x, y + 0.5);
}

/**
 * Per creatures array (a new one after every creature edit): creatures by id, their labels (no two
 * the same on the map) and how many show each token picture.
 */
const lookups = new WeakMap<readonly Creature[], { byId: Map<string, Creature>; labels: Map<Creature, string>; sharing: Map<string, number> }>();
function lookup(creatures: readonly Creature[]) {
  let known = lookups.get(creatures);
  if (!known) {
    known = { byId: new Map(), labels: new Map(), sharing: new Map() };
    const distinct = distinctLabels(creatures.map((c) => ({ id: c.id, name: c.name })));
    for (const c of creatures) {
      known.byId.set(c.id, c);
      known.labels.set(c, distinct.get(c.id)!);
      if (c.token) known.sharing.set(c.token, (known.sharing.get(c.token) ?? 0) + 1);
    }
    lookups.set(creatures, known);
  }
  return known;
}

/** The label a creature shows on this map (told apart from every other token's). */
export function creatureLabelOnMap(creatures: readonly Creature[], id: string): string {
  const { byId, labels } = lookup(creatures);
  const c = byId.get(id);
  return c ? labels.get(c)! : id;
}

const tokenLookups = new WeakMap<readonly TokenImage[], Map<string, TokenImage>>();
function tokenImageById(list: readonly TokenImage[] | undefined, id: string): TokenImage | undefined {
  if (!list) return undefined;
  let known = tokenLookups.get(list);
  if (!known) tokenLookups.set(list, (known = new Map(list.map((t) => [t.id, t]))));
  return known.get(id);
}

/**
 * Creatures as discs where `creatureLayout` puts them (stacks in quarters or a fan with a count
 * badge; flyers lifted over a ground shadow with an altitude badge), drawn only where they are in
 * view, with their initials when legible. Returns how many were drawn.
 */
export function drawCreatures(ctx: DrawContext, d: Encounter, view: View, viewport: Size): number {
  const s = squarePixels(view);
  const layout = creatureLayout(d);
  const { byId, labels, sharing } = lookup(d.creatures);
  const deviceRatio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const unit = RULESETS[d.ruleset].lengthUnit;
  let drawn = 0;
  for (const disc of layout.discs) {
    if (disc.hidden) continue;
    const c = byId.get(disc.id)!;
    const cx = view.panX + disc.cx * s;
    const cy = view.panY + disc.cy * s;
    const r = Math.max(1, disc.r * s);
    // Culled: the disc, its shadow and badge must touch the viewport.
    const gy = view.panY + disc.groundY * s;
    if (cx + r < 0 || cx - r > viewport.width || Math.max(cy, gy) + r + MAX_LABEL_PIXELS < 0 || cy - r - MAX_LABEL_PIXELS > viewport.height) continue;
    drawn++;
    if (disc.lifted) {
      // The shadow on the ground under it: it is in the air above this space.
      ellipse(ctx, cx, gy + r * 0.55, r * 0.9, r * 0.32);
      ctx.setAttr('fillStyle', 'rgba(0, 0, 0, 0.45)');
      ctx.fill();
    }
    const image = c.token ? tokenImageById(d.tokenImages, c.token) : undefined;
    const art = image ? tokenArt(image, 2 * r * deviceRatio, SIDE_COLORS[c.side]) : null;
    ctx.setAttr('globalAlpha', c.helpless ? 0.5 : 1);
    if (art) {
      // The picture cropped to the disc (cover fit, centred), inside a ring in the side's colour.
      ctx.drawImage(art, cx - r, cy - r, 2 * r, 2 * r);
      if (disc.lifted) {
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, Math.PI * 2);
        ctx.setAttr('strokeStyle', '#bfe3ff');
        ctx.setAttr('lineWidth', 1);
        ctx.stroke();
      }
      ctx.setAttr('globalAlpha', 1);
      // Twenty goblins with one picture: each still shows its label, small, at the ring's foot.
      if (r > 12 && (sharing.get(c.token!) ?? 0) > 1) {
        badge(ctx, labels.get(c)!, cx, cy + r * 0.72, Math.min(13, Math.max(9, Math.round(r * 0.3))), SIDE_COLORS[c.side], '#ffffff');
      }
    } else {
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.setAttr('fillStyle', SIDE_COLORS[c.side]);
      ctx.fill();
      ctx.setAttr('strokeStyle', disc.lifted ? '#bfe3ff' : '#ffffff');
      ctx.setAttr('lineWidth', Math.max(1, Math.min(4, s * 0.05)));
      ctx.stroke();
      ctx.setAttr('globalAlpha', 1);
      if (r > 7) {
        ctx.setAttr('fillStyle', '#ffffff');
        const label = labels.get(c)!;
        ctx.setAttr('font', `600 ${Math.round(Math.min(MAX_LABEL_PIXELS, r * (label.length > 3 ? 0.55 : label.length > 2 ? 0.7 : 0.9)))}px system-ui, sans-serif`);
        ctx.setAttr('textAlign', 'center');
        ctx.setAttr('textBaseline', 'middle');
        ctx.fillText(label, cx, cy);
      }
    }
    if (disc.lifted && r > 5) {
      const px = Math.min(14, Math.max(9, Math.round(r * 0.45)));
      // Red when it cannot stay up (no fly speed): the panel says so too.
      const grounded = !!disc.unsupported;
      badge(ctx, `↑${c.altitude} ${unit}${grounded ? ' !' : ''}`, cx, cy - r - px * 0.6, px, grounded ? '#9b1c1c' : '#0d3b66', '#ffffff');
    }
  }
  for (const b of layout.badges) {
    const x = view.panX + b.x * s;
    const y = view.panY + b.y * s;
    if (x < -s || y < -s || x > viewport.width + s || y > viewport.height + s || s < 12) continue;
    badge(ctx, `×${b.count}`, x, y, Math.min(14, Math.max(9, Math.round(s * 0.22))), '#fff3c4', '#3a2a00');
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
  // What the creatures read of the document (a paint or fill leaves both alone: no redraw).
  const creatures = createMemo(() => editor.doc()?.creatures);
  const tokenImages = createMemo(() => editor.doc()?.tokenImages);
  createEffect(() => {
    creatures();
    tokenImages();
    tokenArtVersion();
    editor.view();
    editor.viewport();
    editor.layers();
    node.getLayer()?.batchDraw();
  });
  /** How many creatures the last frame drew (the rest were out of view). */
  return { node, drawn: () => drawn };
}
