import Konva from 'konva';
import { createEffect, createMemo, createSignal, on, onCleanup, onMount } from 'solid-js';
import { LabelEditor } from './LabelEditor';
import { Minimap } from './Minimap';
import type { Editor } from '../state/editor';
import { describeSquare } from '../state/keyboard-cursor';
import { squareAt, squarePixels } from '../state/view';
import { createCursorKeys, facingEdge, keepSquareInView } from './keyboard-cursor';
import { createCreaturesLayer } from './layers/creatures';
import { createEdgesLayer } from './layers/edges';
import { createElevationLayer } from './layers/elevation';
import { createGridLayer } from './layers/grid';
import { createKeyboardCursorLayer } from './layers/keyboard-cursor';
import { createDrawnLayer } from './layers/drawn';
import { createLabelsLayer } from './layers/labels';
import { createLedgesLayer } from './layers/ledges';
import { renderMapImage } from './layers/map-image';
import { createAreasLayer } from './layers/areas';
import { createOverlayLayer } from './layers/overlay';
import { createSquareMarksLayer } from './layers/square-marks';
import { createSceneLines } from './layers/segment-layer';
import { createLightLayer } from './layers/light';
import { createMapStyleLayer } from './layers/map-style';
import { createPictureLayer } from './layers/picture';
import { createPlayHealthLayer } from './layers/play-health';
import { createPlayOverlayLayer } from './layers/play-overlay';
import { createTerrainLayer } from './layers/terrain';
import { createWaterLayer } from './layers/water';
import { createToolbox, type PointerInput, type Tool } from './tools';
import { mapPoint, nearestEdge } from './tools/edge-geometry';
import { createViewGesture } from './view-gesture';

/**
 * The battle map on a Konva stage. This file only wires things up (see docs/editor-architecture.md):
 *  - drawing is in `layers/`, one module per layer; the static scene (terrain, edges, ledges),
 *    creatures and grid each sit on Konva layers apart from the interactive overlay;
 *  - input is in `tools/`: DOM events become squares here and go to the active tool.
 * Everything is drawn in screen space from the view, so lines stay crisp at every zoom. How the
 * stage is shown is `view-gesture.ts`: the static layers as one bitmap at rest, and during a pan drag
 * or a wheel zoom a snapshot moved by a CSS transform, redrawn when the gesture ends; the layers
 * draw at its `drawnView`, input uses the live view.
 */
export function MapCanvas(props: { editor: Editor }) {
  const editor = props.editor;
  let container!: HTMLDivElement;
  const [terrainImage, setTerrainImage] = createSignal<HTMLCanvasElement | null>(null);
  // Whether the terrain image still has bands to paint: the minimap draws again when it is done.
  const [terrainPainting, setTerrainPainting] = createSignal(false);
  // What the map says to a screen reader: the keyboard cursor's square, or how to get one.
  const cursorWords = createMemo(() => {
    const d = editor.doc();
    if (!d || !editor.cursorMode()) return '';
    const q = editor.cursor();
    return describeSquare(d, q, editor.creaturesAt(q));
  });
  const mapLabel = () => {
    const d = editor.doc();
    if (cursorWords()) return `Battle map, keyboard cursor on ${cursorWords()}`;
    return d ? `Battle map, ${d.map.width} by ${d.map.height} squares: Enter or K puts a cursor on it to move with the arrow keys` : 'Battle map';
  };

  onMount(() => {
    // The stage's canvases (five of ~4 MB at 1280 × 800, ~20 ms to size) get their size now only if
    // there is a map to draw; mounted while a file is read (no map yet), they get it in the resize
    // observer's first call, a task of its own, so that neither task is a long one.
    // Measured before the stage is there (its content box counts in the container's size).
    const fallback = { width: container.clientWidth || 800, height: container.clientHeight || 600 };
    let stageSized = !!editor.doc();
    const stage = new Konva.Stage({ container, ...(stageSized ? fallback : { width: 1, height: 1 }) });
    // Unsized, its content box still takes the size it will have, so the layout (and what the
    // observer measures) is the same as a sized stage's.
    if (!stageSized) Object.assign(stage.content.style, { width: `${fallback.width}px`, height: `${fallback.height}px` });
    const sizeStage = () => {
      if (stageSized) return;
      stageSized = true;
      stage.size({ width: container.clientWidth || fallback.width, height: container.clientHeight || fallback.height });
    };
    // Measure before anything draws, so a new map is fitted and drawn once.
    // Play mode's panel is wider: a map that was wholly in view is fitted again after the switch.
    let refit = false;
    const resize = (sizeStage = true) => {
      const width = container.clientWidth;
      const height = container.clientHeight;
      if (width > 0 && height > 0) {
        if (sizeStage) {
          stageSized = true;
          stage.size({ width, height });
        }
        editor.measureViewport({ width, height });
        if (refit) {
          refit = false;
          editor.zoomToFit();
        }
      }
    };
    createEffect(
      on(
        editor.playing,
        () => {
          const d = editor.doc();
          const v = editor.view();
          const vp = editor.viewport();
          const s = squarePixels(v);
          if (d) refit = v.panX >= -1 && v.panY >= -1 && v.panX + d.map.width * s <= vp.width + 1 && v.panY + d.map.height * s <= vp.height + 1;
        },
        { defer: true },
      ),
    );
    resize(stageSized);
    const observer = new ResizeObserver(() => (resize(), sizeStage()));
    // A map arriving before the observer's first call: the stage is sized for it at once.
    createEffect(() => editor.doc() && sizeStage());
    observer.observe(container);

    const toolbox = createToolbox(editor);
    const cursorKeys = createCursorKeys(editor, toolbox);
    // Space held or a middle-button drag pans whatever tool is active.
    let spaceHeld = false;
    let panOverride = false;
    const target = (): Tool => (panOverride ? toolbox.get('pan') : toolbox.active());

    // The layers draw at the view the canvases were drawn for, which a gesture leaves behind until
    // it ends; everything else they read is the editor's.
    const [drawnView, setDrawnView] = createSignal(editor.view());
    const drawn: Editor = { ...editor, view: drawnView };
    // The map view (docs/map-style.md) draws the map style over the terrain image, and the rules'
    // line layers (contours, depths, marks, ledges, flat walls) stand aside: the style draws cliffs and walls.
    // A map with a picture keeps the rules' look: the picture is its map.
    const mapView = () => editor.mapStyle() === 'map' && !editor.doc()?.picture;
    const terrain = createTerrainLayer({ ...drawn, mapStyle: () => (mapView() ? 'map' : 'rules') });
    setTerrainImage(terrain.canvas);
    createEffect(() => setTerrainPainting(terrain.painting()));
    const mapStyle = createMapStyleLayer(drawn, () => mapView() && editor.layers().terrain);
    const ruled: Editor = { ...drawn, layers: () => (mapView() ? { ...editor.layers(), terrain: false, elevation: false, water: false, walls: false } : editor.layers()) };
    const marks = createSquareMarksLayer(ruled);
    const light = createLightLayer(ruled);
    const elevation = createElevationLayer(ruled);
    const water = createWaterLayer(ruled);
    const edges = createEdgesLayer(ruled);
    const ledges = createLedgesLayer(ruled);
    const creatures = createCreaturesLayer(drawn);
    const labels = createLabelsLayer(drawn);
    const drawnArt = createDrawnLayer(drawn);
    const grid = createGridLayer(drawn);
    const overlay = createOverlayLayer(drawn, target);
    const playOverlay = createPlayOverlayLayer(drawn);
    const areas = createAreasLayer(drawn);
    const keyboardCursor = createKeyboardCursorLayer(drawn);
    const playHealth = createPlayHealthLayer(drawn);
    const konvaLayer = (name: string, ...nodes: (Konva.Shape | Konva.Image | Konva.Group)[]) => {
      const layer = new Konva.Layer({ listening: false, imageSmoothingEnabled: name !== 'scene' });
      // Empty when added: Konva's stage.add draws the layer at once, and the whole map would be
      // drawn here and again in the first frame (batchDraw below).
      stage.add(layer);
      layer.add(...nodes);
      layer.getNativeCanvasElement().dataset['layer'] = name;
      return layer;
    };
    // An imported map picture sits under everything, on its own smoothed layer.
    const backgroundLayer = new Konva.Layer({ listening: false });
    stage.add(backgroundLayer);
    // No picture, no canvas for the browser to hand over every frame.
    createEffect(() => backgroundLayer.visible(!!editor.doc()?.picture));
    backgroundLayer.getNativeCanvasElement().dataset['layer'] = 'background';
    // Walls and doors over ledges, so a door in a cliff's edge still reads as a door.
    // The line layers share one tile bitmap per tile when zoomed out (one blit a tile, not six).
    const lines = createSceneLines(drawn, [light, marks, elevation, water, ledges, edges]);
    konvaLayer('scene', terrain.node, mapStyle.node, lines.node, drawnArt.node);
    backgroundLayer.add(createPictureLayer(drawn, terrain.node).node);
    // Play's reach bands and threatened squares under the tokens (they tint whole squares), its
    // hit-point bars and condition badges on the tokens they belong to.
    konvaLayer('creatures', playOverlay.groundNode, creatures.node, labels.node, playHealth.node);
    konvaLayer('grid', grid.node);
    const overlayLayer = konvaLayer('overlay', overlay.node, playOverlay.node, areas.node, labels.overlayNode, keyboardCursor.node);
    container.style.overflow = 'hidden';
    const gesture = createViewGesture(editor, stage, overlayLayer, terrain, () => {
      const d = editor.doc();
      return !!d && !d.picture && editor.layers().terrain;
    });
    createEffect(() => setDrawnView(gesture.drawnView()));
    createEffect(() => (container.dataset['settled'] = String(gesture.settled())));
    createEffect(() => (container.dataset['mapStyle'] = mapView() ? 'map' : 'rules'));
    stage.batchDraw();

    // What tests and the e2e driver read: the view, the grid and the reach.
    createEffect(() => {
      const d = editor.doc();
      const v = editor.view();
      container.dataset['zoom'] = v.zoom.toFixed(4);
      container.dataset['panX'] = v.panX.toFixed(1);
      container.dataset['panY'] = v.panY.toFixed(1);
      container.dataset['mapWidth'] = String(d?.map.width ?? 0);
      container.dataset['mapHeight'] = String(d?.map.height ?? 0);
    });
    createEffect(() => (container.dataset['gridLines'] = String(grid.lines())));
    createEffect(() => (container.dataset['ruler'] = areas.rulerText()));
    createEffect(() => {
      const r = editor.reach();
      container.dataset['reachSquares'] = r && 'reach' in r ? String(r.reach.squares.length) : '0';
    });
    // Play mode: what the e2e driver reads (the turn, and how many squares the reach shows).
    createEffect(() => {
      const s = editor.playShown();
      container.dataset['mode'] = editor.playing() ? 'play' : 'edit';
      container.dataset['playCurrent'] = s?.current ?? '';
      container.dataset['playRound'] = String(s?.round ?? 0);
      container.dataset['playReach'] = String(editor.bandSquares().length);
      container.dataset['playPositions'] = s ? s.board.creatures.map((c) => `${c.id}=${c.x},${c.y}`).join(';') : '';
    });
    // Keyboard-cursor mode: the map takes the keyboard (entered from the View menu or K) and shows
    // the cursor; tests read where it is.
    createEffect(
      on(editor.cursorMode, (active) => {
        if (!active) return;
        container.focus();
        keepSquareInView(editor, editor.cursor());
      }),
    );
    // A label written at the keyboard cursor: its editor had the keyboard, the map takes it back.
    createEffect(on(editor.labelDraft, (now, before) => before && !now && editor.cursorMode() && container.focus(), { defer: true }));
    createEffect(() => {
      const q = editor.cursor();
      if (editor.cursorMode()) container.dataset['cursor'] = `${q.x},${q.y}`;
      else delete container.dataset['cursor'];
    });
    // The path the move tool shows, as `x,y:<attacks of opportunity>` (the hover bench waits for it).
    createEffect(() => {
      const p = editor.movePlan();
      container.dataset['playPath'] = p ? `${p.target.x},${p.target.y}:${p.answer.provokes.length}` : '';
    });
    createEffect(() => {
      container.dataset['tool'] = target().state();
      container.style.cursor = spaceHeld && !panOverride ? 'grab' : target().cursor();
    });

    // Pointer: DOM events → squares → the active tool.
    const pointer = (e: MouseEvent) => {
      const rect = container.getBoundingClientRect();
      return { x: e.clientX - rect.left, y: e.clientY - rect.top };
    };
    const input = (e: MouseEvent): PointerInput => {
      const point = pointer(e);
      return { square: squareAt(editor.view(), point), point, button: e.button, shift: e.shiftKey, alt: e.altKey, ctrl: e.ctrlKey || e.metaKey };
    };
    const refreshCursor = () => (container.style.cursor = spaceHeld && !panOverride ? 'grab' : target().cursor());
    let down = false;
    /** The container's title is a hit-point bar's or a badge's (cleared when the pointer leaves it). */
    let healthTitle = false;
    const onDown = (e: MouseEvent) => {
      if (!editor.doc()) return;
      container.focus();
      if (e.button === 1 || (e.button === 0 && spaceHeld)) {
        panOverride = true;
        e.preventDefault();
      } else if (e.button !== 0) return;
      down = true;
      if (target().id === 'pan') gesture.beginDrag();
      target().onPointerDown(input(e));
      refreshCursor();
    };
    const onMove = (e: MouseEvent) => {
      const i = input(e);
      if (down) target().onPointerMove(i);
      else if (e.target === container || container.contains(e.target as Node)) target().onHover?.(i);
      // The hover square after the tool moved: a pan keeps the same square under the cursor, so
      // the overlay is not redrawn on every step of a drag.
      const d = editor.doc();
      const q = squareAt(editor.view(), i.point);
      const onMap = d && q.x >= 0 && q.y >= 0 && q.x < d.map.width && q.y < d.map.height;
      const h = editor.hover();
      if (!onMap) {
        if (h) editor.setHover(null);
      } else if (!h || h.x !== q.x || h.y !== q.y) editor.setHover(q);
      // A condition badge or hit-point bar under the pointer names itself in the map's tooltip.
      const title = editor.playing() ? playHealth.titleAt(i.point.x, i.point.y) : '';
      if (title || healthTitle) container.title = title;
      healthTitle = !!title;
    };
    const onUp = (e: MouseEvent) => {
      if (!down) return;
      down = false;
      target().onPointerUp(input(e));
      gesture.endDrag();
      panOverride = false;
      refreshCursor();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      // Space presses a button the keyboard reached (Tab, arrows); on one just clicked it pans as ever.
      if (e.code === 'Space' && document.activeElement instanceof HTMLButtonElement && document.activeElement.matches(':focus-visible')) return;
      if (e.code === 'Space') {
        spaceHeld = true;
        refreshCursor();
        e.preventDefault();
        return;
      }
      // The tool sees a key first (Escape ends a drag); App handles the rest. Only while the map
      // has the keyboard (or nothing has): Tab on a panel button moves focus, not the selection.
      // A key no button uses (the brush's [ and ]) still reaches the tool just after a click on
      // a tool or a colour, which leaves the keyboard on that button.
      const focus = document.activeElement;
      if (focus && focus !== container && focus !== document.body && !toolKeyOnButton(focus, e)) return;
      const key = { key: e.key, shift: e.shiftKey, alt: e.altKey, ctrl: e.ctrlKey || e.metaKey };
      // The map itself has the keyboard (Edit mode): its menu, and the keyboard cursor's keys
      // (arrows, Enter, D, Esc) before the tool's and the app's (the arrows pan outside the mode).
      const mapKeys = focus === container && !!editor.doc() && !editor.playing();
      const used =
        (mapKeys && (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) && (openMenuFromKeyboard(), true)) ||
        (mapKeys && editor.cursorMode() && cursorKeys(key)) ||
        toolbox.active().onKeyDown(key) ||
        (mapKeys && e.key === 'Enter' && !key.shift && !key.ctrl && !key.alt && (editor.enterCursorMode(), true));
      if (used) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    /** Shift+F10 or the Menu key: the map's menu at the keyboard cursor's square (or the hovered one). */
    const openMenuFromKeyboard = () => {
      const d = editor.doc()!;
      const v = editor.view();
      const vp = editor.viewport();
      const q = editor.cursorMode() ? editor.cursor() : (editor.hover() ?? editor.inspectedSquare() ?? squareAt(v, { x: vp.width / 2, y: vp.height / 2 }));
      const s = squarePixels(v);
      const rect = container.getBoundingClientRect();
      // Beside the square, inside the map.
      const at = { x: rect.left + Math.min(Math.max(0, v.panX + (q.x + 1) * s), rect.width - 8), y: rect.top + Math.min(Math.max(0, v.panY + (q.y + 0.5) * s), rect.height - 8) };
      editor.openMapMenu({ at, square: q, creature: editor.creatureAt(q), edge: facingEdge(d.map, q, editor.facing()) });
    };
    /** Right-click: the map's menu for what is under the pointer (the creature drawn there, an edge within a quarter square). */
    const onContextMenu = (e: MouseEvent) => {
      const d = editor.doc();
      if (!d || editor.playing()) return;
      e.preventDefault();
      if (editor.mapMenu()) return;
      const i = input(e);
      if (i.square.x < 0 || i.square.y < 0 || i.square.x >= d.map.width || i.square.y >= d.map.height) return;
      container.focus();
      const p = mapPoint(editor.view(), i.point);
      const near = nearestEdge(d.map, p);
      const edge = near && near.distance <= 0.25 ? near.edge : null;
      editor.openMapMenu({ at: { x: e.clientX, y: e.clientY }, square: i.square, creature: editor.creatureAtMapPoint(p.x, p.y), edge });
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        spaceHeld = false;
        refreshCursor();
      }
    };
    const onBlur = () => {
      down = false;
      panOverride = false;
      toolbox.active().onCancel();
      gesture.endDrag();
    };
    const onLeave = () => {
      editor.setHover(null);
      if (!down) target().onHover?.(null);
    };
    const onWheel = (e: WheelEvent) => {
      if (!editor.doc()) return;
      e.preventDefault();
      if (toolbox.active().onWheel?.({ deltaY: e.deltaY, shift: e.shiftKey, alt: e.altKey, ctrl: e.ctrlKey || e.metaKey })) return;
      const p = pointer(e);
      gesture.wheel();
      if (e.ctrlKey || e.metaKey || !e.shiftKey) {
        // A wheel notch (100 px) zooms by 1.25; trackpads send smaller deltas and zoom smoothly.
        editor.zoomBy(Math.pow(1.25, -e.deltaY / 100), p);
      } else editor.pan(-e.deltaY, 0);
    };
    const onAux = (e: MouseEvent) => {
      if (e.button === 1) e.preventDefault();
    };
    container.addEventListener('mousedown', onDown);
    container.addEventListener('auxclick', onAux);
    container.addEventListener('contextmenu', onContextMenu);
    container.addEventListener('wheel', onWheel, { passive: false });
    container.addEventListener('mouseleave', onLeave);
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    // Capture, so a tool's Escape is handled before the app's Escape (deselect).
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);

    editor.setMapImageSource(() => {
      const d = editor.doc();
      terrain.finish();
      return d ? renderMapImage(d, terrain.canvas, [marks, elevation, water, ledges, edges], mapView() ? (ctx, view, size) => mapStyle.paint(ctx, d, view, false, size) : undefined) : '';
    });

    onCleanup(() => {
      editor.setMapImageSource(null);
      observer.disconnect();
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      stage.destroy();
    });
  });

  return (
    <>
      <div ref={container} class="map-canvas" tabIndex={0} role="application" data-testid="map-canvas" aria-label={mapLabel()} />
      {/* Said as the keyboard cursor moves (a focused element's new label alone is not always read). */}
      <div class="visually-hidden" aria-live="polite" data-testid="map-cursor-status">
        {editor.cursorNews() || cursorWords()}
      </div>
      <Minimap editor={editor} terrain={terrainImage} painting={terrainPainting} />
      <LabelEditor editor={editor} />
    </>
  );
}

/**
 * A printable key with no meaning to the focused button (Space and Enter press it, Tab leaves it),
 * on a panel's button rather than one in a dialog or a menu, which keep their keys.
 */
function toolKeyOnButton(focus: Element, e: KeyboardEvent): boolean {
  const printable = e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey;
  return printable && focus.tagName === 'BUTTON' && !focus.closest('[role="dialog"], [role="alertdialog"], [role="menu"]');
}

function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
}
