import Konva from 'konva';
import { createEffect } from 'solid-js';
import { conditionsOf, hitPointsLeft, type PlayState } from '../../../src-shared/play';
import type { Editor } from '../../state/editor';
import { squarePixels, type Size, type View } from '../../state/view';
import { creatureLayout } from '../../../src-shared/render/creature-layout';

/**
 * Play mode's hit points and conditions on the tokens, over the creatures layer: a bar under each
 * token whose hit points the GM entered (ruleset-neutral: green for what is left, blue for temporary
 * hit points; empty and red with "0 HP" at 0 or below), and a badge per condition (its letter; the
 * node's `title` names the condition, what it does to movement and the rule, shown as the map's
 * tooltip on hover, `titleAt`). Konva nodes, not a drawn shape, so tests read them and the pointer finds them.
 */

const BAR_BACK = '#3a1010';
const BAR_LEFT = '#2fae4f';
const BAR_LOW = '#e0a020';
const BAR_TEMPORARY = '#5aa8f0';
const BADGE_FILL = '#4b2a7a';

/** One token's bar and badges, in pixels for the view shown. */
export function healthNodes(state: PlayState, view: View, viewport: Size): Konva.Group[] {
  const s = squarePixels(view);
  const layout = creatureLayout(state.board);
  const out: Konva.Group[] = [];
  for (const c of state.board.creatures) {
    const disc = layout.byId.get(c.id);
    if (!disc || disc.hidden) continue;
    const cx = view.panX + disc.cx * s;
    const cy = view.panY + disc.cy * s;
    const r = Math.max(1, disc.r * s);
    if (cx + r < 0 || cx - r > viewport.width || cy + r * 2 < 0 || cy - r * 2 > viewport.height) continue;
    const h = state.health.get(c.id);
    const conditions = conditionsOf(state, c.id);
    if (!conditions.length && (!h || h.hitPoints === null)) continue;
    const group = new Konva.Group({ name: 'token-health', creature: c.id });
    if (h && h.hitPoints !== null) {
      const left = hitPointsLeft(h)!;
      const width = Math.max(18, 2 * r);
      const height = Math.max(4, Math.min(8, s * 0.1));
      const x = cx - width / 2;
      const y = cy + r + 2;
      const max = Math.max(1, h.hitPoints);
      const down = left <= 0;
      const bar = new Konva.Group({ name: 'hp-bar', creature: c.id, left, maximum: h.hitPoints, temporary: h.temporary, down, title: `${c.name}: ${left} of ${h.hitPoints} hit points${h.temporary ? `, ${h.temporary} temporary` : ''}${h.nonlethal ? `, ${h.nonlethal} nonlethal damage` : ''}` });
      bar.add(new Konva.Rect({ name: 'hp-back', x, y, width, height, fill: BAR_BACK, stroke: down ? '#ff5a4a' : '#000000', strokeWidth: 1 }));
      const leftWidth = down ? 0 : (width * Math.min(left, max)) / max;
      if (leftWidth > 0) bar.add(new Konva.Rect({ name: 'hp-left', x, y, width: leftWidth, height, fill: left * 4 <= max ? BAR_LOW : BAR_LEFT }));
      if (h.temporary > 0) {
        // After what is left, or over its end when the bar is full.
        const tw = Math.min(width, (width * h.temporary) / max);
        bar.add(new Konva.Rect({ name: 'hp-temporary', x: Math.min(x + leftWidth, x + width - tw), y, width: tw, height, fill: BAR_TEMPORARY }));
      }
      if (down) {
        const px = Math.max(9, Math.min(12, s * 0.2));
        bar.add(new Konva.Text({ name: 'hp-down', x, y: y + height + 1, width, align: 'center', text: `${left} HP`, fontSize: px, fontStyle: 'bold', fill: '#ff5a4a', stroke: '#000000', strokeWidth: 0.4 }));
      }
      group.add(bar);
    }
    const px = Math.max(9, Math.min(13, r * 0.4));
    conditions.forEach((rule, i) => {
      const bx = cx + r * 0.75;
      const by = cy - r * 0.9 + i * (px + 3);
      const title = `${rule.label}: ${rule.effect}${rule.rule ? ` (${rule.rule.display})` : ''}`;
      const badge = new Konva.Label({ name: 'condition-badge', x: bx, y: by, condition: rule.id, creature: c.id, title });
      badge.add(new Konva.Tag({ fill: BADGE_FILL, stroke: '#ffffff', strokeWidth: 1, cornerRadius: 3 }));
      badge.add(new Konva.Text({ text: rule.letter, fontSize: px, fontStyle: 'bold', fill: '#ffffff', padding: 2 }));
      group.add(badge);
    });
    out.push(group);
  }
  return out;
}

/** The layer's node: rebuilt when the board shown, the view or the viewport changes (only in Play mode). */
export function createPlayHealthLayer(editor: Editor) {
  const node = new Konva.Group({ name: 'play-health' });
  createEffect(() => {
    const shown = editor.playing() ? editor.playShown() : null;
    const view = editor.view();
    const viewport = editor.viewport();
    node.destroyChildren();
    if (shown) node.add(...healthNodes(shown, view, viewport));
    node.getLayer()?.batchDraw();
  });
  return { node, titleAt: (x: number, y: number) => titleAt(node, x, y) };
}

/**
 * The title of the badge or bar at a point of the stage (CSS pixels), or '' — for the map's tooltip:
 * the layer does not listen to the pointer (the tools read the container's events), so it is found by place.
 */
export function titleAt(node: Konva.Group, x: number, y: number): string {
  const hit = (n: Konva.Node) => {
    const r = n.getClientRect();
    return x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;
  };
  for (const badge of node.find('.condition-badge')) if (hit(badge)) return String(badge.getAttr('title'));
  for (const bar of node.find('.hp-bar')) if (hit(bar)) return String(bar.getAttr('title'));
  return '';
}
