import Konva from 'konva';
import { createEffect, on, onCleanup, onMount } from 'solid-js';
import { Edge, RULESETS, Terrain, type Encounter } from '../../src-shared/model';
import { footprintOf } from '../../src-shared/rules/sizes';
import type { Editor, Square } from '../state/editor';
import type { PathAnswer, ReachSquare } from '../../src-shared/rules';
import { squareAt, squarePixels, visibleSquares, type View } from '../state/view';
import { attachBackground } from './background-image';
import { drawGrid } from './grid';
import { EDGE_STYLE, SIDE_COLORS, terrainCss } from './palette';
import { paintTerrain } from './terrain-image';

/** Squares on the straight line between two squares, so a fast drag paints without gaps. */
function squaresBetween(a: Square, b: Square): Square[] {
  const out: Square[] = [];
  const n = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  for (let i = 1; i <= n; i++) {
    out.push({ x: Math.round(a.x + ((b.x - a.x) * i) / n), y: Math.round(a.y + ((b.y - a.y) * i) / n) });
  }
  return out;
}

/**
 * The battle map on a Konva stage: one layer for what is painted (terrain image, walls,
 * creatures), one for the grid, one for the interactive overlay (hover, selection, brush preview).
 * Everything is drawn in screen space from the view, so lines stay crisp at every zoom.
 */
export function MapCanvas(props: { editor: Editor }) {
  const editor = props.editor;
  let container!: HTMLDivElement;

  onMount(() => {
    const stage = new Konva.Stage({ container, width: container.clientWidth || 800, height: container.clientHeight || 600 });
    const mapLayer = new Konva.Layer({ listening: false, imageSmoothingEnabled: false });
    const gridLayer = new Konva.Layer({ listening: false });
    const overlayLayer = new Konva.Layer({ listening: false });
    stage.add(mapLayer, gridLayer, overlayLayer);

    const terrainCanvas = document.createElement('canvas');
    const terrainImage = new Konva.Image({ image: terrainCanvas, x: 0, y: 0, width: 1, height: 1 });
    const walls = new Konva.Shape({
      sceneFunc: (ctx) => {
        const d = editor.doc();
        if (d && editor.layers().walls) {
          drawWalls(ctx, d, editor.view(), editor.viewport());
          drawLedges(ctx, d, editor.view(), editor.viewport());
        }
      },
    });
    const creatures = new Konva.Shape({
      sceneFunc: (ctx) => {
        const d = editor.doc();
        if (d && editor.layers().creatures) drawCreatures(ctx, d, editor.view());
      },
    });
    mapLayer.add(terrainImage, walls, creatures);
    attachBackground(editor, mapLayer, terrainImage);

    let gridLines = 0;
    const grid = new Konva.Shape({
      sceneFunc: (ctx) => {
        const d = editor.doc();
        gridLines = d && editor.showGrid() ? drawGrid(ctx, editor.view(), editor.viewport(), d.map.width, d.map.height) : 0;
        container.dataset['gridLines'] = String(gridLines);
      },
    });
    gridLayer.add(grid);

    let stroke: Square[] = [];
    /** A creature being dragged with the Select tool: where it was grabbed and where it would land. */
    let drag: { id: string; grab: Square; start: Square; to: Square } | null = null;
    const overlay = new Konva.Shape({
      sceneFunc: (ctx) => {
        const d = editor.doc();
        if (!d) return;
        const v = editor.view();
        const s = squarePixels(v);
        if (stroke.length) {
          ctx.setAttr('globalAlpha', 0.75);
          ctx.beginPath();
          for (const q of stroke) ctx.rect(v.panX + q.x * s, v.panY + q.y * s, s, s);
          ctx.setAttr('fillStyle', brushColor());
          ctx.fill();
          ctx.setAttr('globalAlpha', 1);
        }
        const outline = (q: Square | null, color: string, width: number) => {
          if (!q || q.x < 0 || q.y < 0 || q.x >= d.map.width || q.y >= d.map.height) return;
          ctx.beginPath();
          ctx.rect(Math.round(v.panX + q.x * s) + 0.5, Math.round(v.panY + q.y * s) + 0.5, Math.round(s), Math.round(s));
          ctx.setAttr('strokeStyle', color);
          ctx.setAttr('lineWidth', width);
          ctx.stroke();
        };
        drawReach(ctx, editor.reachOnMap(), v, editor.viewport());
        const p = editor.hoverPath();
        if (p) drawPath(ctx, p, editor, v);
        if (drag && (drag.to.x !== drag.start.x || drag.to.y !== drag.start.y)) {
          const c = d.creatures.find((k) => k.id === drag!.id);
          if (c) {
            const side = footprintOf(d.ruleset, c.size).side;
            ctx.beginPath();
            ctx.rect(v.panX + drag.to.x * s, v.panY + drag.to.y * s, side * s, side * s);
            ctx.setAttr('strokeStyle', '#2f7de1');
            ctx.setAttr('lineWidth', 3);
            ctx.setLineDash([6, 4]);
            ctx.stroke();
            ctx.setLineDash([]);
          }
        }
        outline(editor.hover(), 'rgba(255, 200, 40, 0.9)', 2);
        outline(editor.selection(), '#ffb000', 3);
      },
    });
    overlayLayer.add(overlay);

    const brushColor = () => terrainCss(Terrain[editor.brush()]);

    // Size: follow the container.
    const resize = () => {
      const width = container.clientWidth;
      const height = container.clientHeight;
      if (width > 0 && height > 0) {
        stage.size({ width, height });
        editor.measureViewport({ width, height });
      }
    };
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    resize();

    // Redraw when what a layer shows changes.
    createEffect(
      on(
        () => [editor.doc()?.map.terrain, editor.doc()?.map.elevation, editor.doc()?.map.waterDepth] as const,
        () => {
          const d = editor.doc();
          if (d) paintTerrain(d.map, terrainCanvas);
          terrainImage.image(terrainCanvas);
        },
      ),
    );
    createEffect(() => {
      const d = editor.doc();
      const v = editor.view();
      editor.layers();
      editor.viewport();
      if (d) {
        const s = squarePixels(v);
        terrainImage.position({ x: v.panX, y: v.panY });
        terrainImage.size({ width: d.map.width * s, height: d.map.height * s });
      }
      terrainImage.visible(!!d && editor.layers().terrain);
      mapLayer.batchDraw();
      container.dataset['zoom'] = v.zoom.toFixed(4);
      container.dataset['panX'] = v.panX.toFixed(1);
      container.dataset['panY'] = v.panY.toFixed(1);
      container.dataset['mapWidth'] = String(d?.map.width ?? 0);
      container.dataset['mapHeight'] = String(d?.map.height ?? 0);
    });
    createEffect(() => {
      editor.doc();
      editor.view();
      editor.viewport();
      editor.showGrid();
      gridLayer.batchDraw();
    });
    createEffect(() => {
      editor.hover();
      editor.selection();
      editor.view();
      editor.reach();
      editor.hoverPath();
      overlayLayer.batchDraw();
      const r = editor.reach();
      container.dataset['reachSquares'] = r && 'reach' in r ? String(r.reach.squares.length) : '0';
    });

    // Pointer: pan with the pan tool, the middle button or space held; paint with the brush.
    let spaceHeld = false;
    let panning: { x: number; y: number } | null = null;
    let painting = false;
    let lastSquare: Square | null = null;
    const pointer = (e: MouseEvent) => {
      const rect = container.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.code === 'Space' && !isTyping(e)) {
        spaceHeld = true;
        container.style.cursor = 'grab';
        e.preventDefault();
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        spaceHeld = false;
        container.style.cursor = '';
      }
    };
    const onDown = (e: MouseEvent) => {
      if (!editor.doc()) return;
      container.focus();
      const p = pointer(e);
      if (e.button === 1 || (e.button === 0 && (spaceHeld || editor.tool() === 'pan'))) {
        panning = p;
        container.style.cursor = 'grabbing';
        e.preventDefault();
        return;
      }
      if (e.button !== 0) return;
      const q = squareAt(editor.view(), p);
      if (editor.tool() === 'terrain') {
        painting = true;
        stroke = [q];
        lastSquare = q;
        overlayLayer.batchDraw();
      } else if (editor.tool() === 'creature') {
        editor.placeCreature(q);
      } else {
        const d = editor.doc()!;
        const onMap = q.x >= 0 && q.y >= 0 && q.x < d.map.width && q.y < d.map.height;
        editor.setSelection(onMap ? q : null);
        const id = onMap ? editor.creatureAt(q) : null;
        editor.setSelectedCreature(id);
        const c = id ? d.creatures.find((k) => k.id === id) : null;
        if (c) drag = { id: c.id, grab: { x: q.x - c.x, y: q.y - c.y }, start: { x: c.x, y: c.y }, to: { x: c.x, y: c.y } };
      }
    };
    const onMove = (e: MouseEvent) => {
      const p = pointer(e);
      if (panning) {
        editor.pan(p.x - panning.x, p.y - panning.y);
        panning = p;
        return;
      }
      const q = squareAt(editor.view(), p);
      const d = editor.doc();
      const onMap = d && q.x >= 0 && q.y >= 0 && q.x < d.map.width && q.y < d.map.height;
      const h = editor.hover();
      if (!onMap) {
        if (h) editor.setHover(null);
      } else if (!h || h.x !== q.x || h.y !== q.y) editor.setHover(q);
      if (drag) {
        const to = { x: q.x - drag.grab.x, y: q.y - drag.grab.y };
        if (to.x !== drag.to.x || to.y !== drag.to.y) {
          drag.to = to;
          overlayLayer.batchDraw();
        }
      }
      if (painting && lastSquare && (q.x !== lastSquare.x || q.y !== lastSquare.y)) {
        stroke.push(...squaresBetween(lastSquare, q));
        lastSquare = q;
        overlayLayer.batchDraw();
      }
    };
    const onUp = () => {
      if (drag) {
        const moved = drag.to.x !== drag.start.x || drag.to.y !== drag.start.y;
        const { id, to } = drag;
        drag = null;
        if (moved) editor.moveCreature(id, to);
        overlayLayer.batchDraw();
      }
      if (panning) {
        panning = null;
        container.style.cursor = spaceHeld ? 'grab' : '';
      }
      if (painting) {
        painting = false;
        const cmd = editor.terrainStroke(stroke);
        stroke = [];
        if (cmd) editor.execute(cmd);
        overlayLayer.batchDraw();
      }
    };
    const onLeave = () => editor.setHover(null);
    const onWheel = (e: WheelEvent) => {
      if (!editor.doc()) return;
      e.preventDefault();
      const p = pointer(e);
      if (e.ctrlKey || e.metaKey || !e.shiftKey) {
        // A wheel notch (100 px) zooms by 1.25; trackpads send smaller deltas and zoom smoothly.
        const factor = Math.pow(1.25, -e.deltaY / 100);
        editor.zoomBy(factor, p);
      } else editor.pan(-e.deltaY, 0);
    };
    const onAux = (e: MouseEvent) => {
      if (e.button === 1) e.preventDefault();
    };
    container.addEventListener('mousedown', onDown);
    container.addEventListener('auxclick', onAux);
    container.addEventListener('wheel', onWheel, { passive: false });
    container.addEventListener('mouseleave', onLeave);
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);

    editor.setMapImageSource(() => {
      const d = editor.doc();
      if (!d) return '';
      // Render the whole map at 100 % zoom, whatever the view.
      const s = 32;
      const out = document.createElement('canvas');
      out.width = d.map.width * s;
      out.height = d.map.height * s;
      const ctx = out.getContext('2d')!;
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(terrainCanvas, 0, 0, out.width, out.height);
      const view: View = { zoom: 1, panX: 0, panY: 0 };
      const size = { width: out.width, height: out.height };
      const k = konvaLikeContext(ctx);
      drawWalls(k, d, view, size);
      drawLedges(k, d, view, size);
      drawGrid(k, view, size, d.map.width, d.map.height);
      drawCreatures(k, d, view);
      return out.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
    });

    onCleanup(() => {
      editor.setMapImageSource(null);
      observer.disconnect();
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      stage.destroy();
    });
  });

  return <div ref={container} class="map-canvas" tabIndex={0} data-testid="map-canvas" aria-label="Battle map" />;
}

/** Reachable squares: green where the move may end, amber where it may only pass; costs when legible. */
function drawReach(ctx: DrawContext, squares: ReachSquare[], view: View, viewport: { width: number; height: number }): void {
  if (!squares.length) return;
  const s = squarePixels(view);
  for (const kind of ['end', 'pass', 'fall'] as const) {
    ctx.beginPath();
    for (const q of squares) {
      const k = q.fall !== undefined ? 'fall' : q.end ? 'end' : 'pass';
      if (k === kind) ctx.rect(view.panX + q.x * s, view.panY + q.y * s, s, s);
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
    const px = view.panX + (q.x + 0.5) * s;
    const py = view.panY + (q.y + 0.8) * s;
    // Only the labels on screen: a big reach has thousands.
    if (px < -s || py < -s || px > viewport.width + s || py > viewport.height + s) continue;
    const label = q.fall !== undefined ? `${q.cost} ↓${q.fall}` : q.p !== undefined && q.p < 1 ? `${q.cost} · ${Math.round(q.p * 100)}%` : String(q.cost);
    ctx.fillText(label, px, py);
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

function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}

interface DrawContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number): void;
  setLineDash(dash: number[]): void;
  setAttr(attr: string, value: unknown): void;
}

/** A plain 2-D context dressed as Konva's, so the PNG export reuses the same drawing code. */
function konvaLikeContext(ctx: CanvasRenderingContext2D): DrawContext & { setAttr(a: string, v: unknown): void } {
  return {
    beginPath: () => ctx.beginPath(),
    moveTo: (x, y) => ctx.moveTo(x, y),
    lineTo: (x, y) => ctx.lineTo(x, y),
    arc: (x, y, r, a0, a1) => ctx.arc(x, y, r, a0, a1),
    rect: (x, y, w, h) => ctx.rect(x, y, w, h),
    fill: () => ctx.fill(),
    stroke: () => ctx.stroke(),
    fillText: (t, x, y) => ctx.fillText(t, x, y),
    setLineDash: (d) => ctx.setLineDash(d),
    setAttr: (a, v) => {
      (ctx as unknown as Record<string, unknown>)[a] = v;
    },
  };
}

function drawWalls(ctx: DrawContext, d: Encounter, view: View, viewport: { width: number; height: number }): void {
  const s = squarePixels(view);
  const { x0, y0, x1, y1 } = visibleSquares(view, viewport, d.map.width, d.map.height);
  const scale = Math.min(1, s / 32);
  for (const [kind, style] of Object.entries(EDGE_STYLE)) {
    const k = Number(kind);
    ctx.beginPath();
    let any = false;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * d.map.width + x;
        if (d.map.edgeEast[i] === k) {
          const px = view.panX + (x + 1) * s;
          ctx.moveTo(px, view.panY + y * s);
          ctx.lineTo(px, view.panY + (y + 1) * s);
          any = true;
        }
        if (d.map.edgeSouth[i] === k) {
          const py = view.panY + (y + 1) * s;
          ctx.moveTo(view.panX + x * s, py);
          ctx.lineTo(view.panX + (x + 1) * s, py);
          any = true;
        }
      }
    }
    if (!any) continue;
    ctx.setLineDash(style.dash ?? []);
    ctx.setAttr('strokeStyle', style.color);
    ctx.setAttr('lineWidth', Math.max(1, style.width * scale));
    ctx.setAttr('lineCap', k === Edge.wall ? 'round' : 'butt');
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/**
 * Ledges: an edge where the ground drops by a square's height or more is where a walker would fall.
 * Drawn as a red line on the high side, with the drop in the ruleset's unit when it is legible.
 */
function drawLedges(ctx: DrawContext, d: Encounter, view: View, viewport: { width: number; height: number }): void {
  const s = squarePixels(view);
  const { x0, y0, x1, y1 } = visibleSquares(view, viewport, d.map.width, d.map.height);
  const square = RULESETS[d.ruleset].squareSize;
  const W = d.map.width;
  const e = d.map.elevation;
  const labels: [number, number, string][] = [];
  ctx.beginPath();
  let any = false;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const h = e[y * W + x]!;
      if (x + 1 < W && Math.abs(h - e[y * W + x + 1]!) >= square) {
        const px = view.panX + (x + 1) * s;
        ctx.moveTo(px, view.panY + y * s);
        ctx.lineTo(px, view.panY + (y + 1) * s);
        labels.push([px, view.panY + (y + 0.5) * s, `${+Math.abs(h - e[y * W + x + 1]!).toFixed(1)}`]);
        any = true;
      }
      if (y + 1 < d.map.height && Math.abs(h - e[(y + 1) * W + x]!) >= square) {
        const py = view.panY + (y + 1) * s;
        ctx.moveTo(view.panX + x * s, py);
        ctx.lineTo(view.panX + (x + 1) * s, py);
        labels.push([view.panX + (x + 0.5) * s, py, `${+Math.abs(h - e[(y + 1) * W + x]!).toFixed(1)}`]);
        any = true;
      }
    }
  }
  if (!any) return;
  ctx.setLineDash([Math.max(3, s * 0.15), Math.max(2, s * 0.08)]);
  ctx.setAttr('strokeStyle', '#c0392b');
  ctx.setAttr('lineWidth', Math.max(2, s * 0.09));
  ctx.stroke();
  ctx.setLineDash([]);
  if (s < 28) return;
  ctx.setAttr('fillStyle', '#7b1d14');
  ctx.setAttr('font', `600 ${Math.round(s * 0.26)}px system-ui, sans-serif`);
  ctx.setAttr('textAlign', 'center');
  ctx.setAttr('textBaseline', 'middle');
  for (const [lx, ly, text] of labels) ctx.fillText(`↓${text}`, lx, ly);
}

function drawCreatures(ctx: DrawContext, d: Encounter, view: View): void {
  const s = squarePixels(view);
  for (const c of d.creatures) {
    const fp = footprintOf(d.ruleset, c.size);
    let cx: number;
    let cy: number;
    let r: number;
    if (fp.perSquare > 1) {
      // Creatures that share a square sit in a sub-grid of it, by their slot.
      const per = Math.ceil(Math.sqrt(fp.perSquare));
      const slot = c.slot ?? 0;
      const cell = s / per;
      cx = view.panX + c.x * s + ((slot % per) + 0.5) * cell;
      cy = view.panY + c.y * s + (Math.floor(slot / per) % per + 0.5) * cell;
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
      ctx.setAttr('font', `600 ${Math.round(r * 0.9)}px system-ui, sans-serif`);
      ctx.setAttr('textAlign', 'center');
      ctx.setAttr('textBaseline', 'middle');
      ctx.fillText((c.name || c.id).slice(0, 2), cx, cy);
    }
    if (c.altitude > 0 && r > 7) {
      ctx.setAttr('fillStyle', '#111');
      ctx.setAttr('font', `${Math.max(9, Math.round(r * 0.5))}px system-ui, sans-serif`);
      ctx.fillText(`↑${c.altitude}`, cx, cy + r + Math.max(6, r * 0.35));
    }
  }
}
