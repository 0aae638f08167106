import { createSignal } from 'solid-js';
import { Terrain, TERRAIN_NAMES, type EdgeName, type TerrainKind, type TerrainName } from '../../src-shared/model';
import { DEFAULT_WAND } from '../../src-shared/picture/wand';

/**
 * Which tool is active and each tool's options. The tools themselves (their state machines) live
 * in `canvas/tools/`; this holds only what panels and shortcuts need to read and set.
 */
export type ToolId = string;

/** How a square tool changes a height (elevation, water depth): to the value, by it, or evened out. */
export type HeightMode = 'set' | 'raise' | 'lower' | 'smooth';
export const HEIGHT_MODES: readonly HeightMode[] = ['set', 'raise', 'lower', 'smooth'];

/** The largest square brush, in squares on a side. */
export const MAX_BRUSH_SIZE = 9;

/** How the Region tool picks squares: a rectangle dragged, a free shape drawn, or the joined squares of one kind. */
export type RegionMode = 'marquee' | 'lasso' | 'wand';
export const REGION_MODES: readonly RegionMode[] = ['marquee', 'lasso', 'wand'];

export function createToolState() {
  const [tool, setToolRaw] = createSignal<ToolId>('select');
  // The tool before the current one: the eyedropper hands back to it.
  const [previousTool, setPreviousTool] = createSignal<ToolId>('select');
  function setTool(id: ToolId): void {
    if (id === tool()) return;
    setPreviousTool(tool());
    setToolRaw(id);
  }
  // Paint terrain: the kind of ground the brush lays.
  const [brush, setBrush] = createSignal<TerrainName>('difficult');
  // The square tools (brush, rectangle, line, fill, eraser, eyedropper) paint this map layer
  // (`canvas/tools/square-layers.ts`) with this value; terrain's value is `brush`.
  const [squareLayer, setSquareLayer] = createSignal<string>('terrain');
  const [values, setValues] = createSignal<Readonly<Record<string, number>>>({ elevation: 5, waterDepth: 5, resistance: 2, blockade: 1, surface: 1 });
  const [heightMode, setHeightMode] = createSignal<HeightMode>('set');
  const [brushSize, setBrushSizeRaw] = createSignal(1);
  // The edge tool: what a drag along a grid line puts there.
  const [edgeKind, setEdgeKind] = createSignal<Exclude<EdgeName, 'none'>>('wall');
  // The picture wand: how alike a square must look to be taken (ΔE), and joined squares or all.
  const [wandTolerance, setWandToleranceRaw] = createSignal(DEFAULT_WAND.tolerance);
  const [wandContiguous, setWandContiguous] = createSignal(DEFAULT_WAND.contiguous);
  const [regionMode, setRegionMode] = createSignal<RegionMode>('marquee');
  const setWandTolerance = (n: number) => setWandToleranceRaw(Math.min(100, Math.max(0, Math.round(n) || 0)));

  const layerValue = (layer: string): number => (layer === 'terrain' ? Terrain[brush()] : values()[layer] ?? 0);
  function setLayerValue(layer: string, value: number): void {
    if (layer === 'terrain') {
      const name = TERRAIN_NAMES[value as TerrainKind];
      if (name) setBrush(name);
    } else setValues((v) => ({ ...v, [layer]: value }));
  }
  const setBrushSize = (n: number) => setBrushSizeRaw(Math.min(MAX_BRUSH_SIZE, Math.max(1, Math.round(n) || 1)));

  return {
    tool,
    setTool,
    previousTool,
    brush,
    setBrush,
    squareLayer,
    setSquareLayer,
    layerValue,
    setLayerValue,
    heightMode,
    setHeightMode,
    brushSize,
    setBrushSize,
    edgeKind,
    setEdgeKind,
    wandTolerance,
    setWandTolerance,
    wandContiguous,
    setWandContiguous,
    regionMode,
    setRegionMode,
  };
}

export type ToolState = ReturnType<typeof createToolState>;
