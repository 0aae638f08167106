import { createSignal } from 'solid-js';
import type { TerrainName } from '../../src-shared/model';

/**
 * Which tool is active and each tool's options. The tools themselves (their state machines) live
 * in `canvas/tools/`; this holds only what panels and shortcuts need to read and set.
 */
export type ToolId = string;

export function createToolState() {
  const [tool, setTool] = createSignal<ToolId>('select');
  // Paint terrain: the kind of ground the brush lays.
  const [brush, setBrush] = createSignal<TerrainName>('difficult');
  return { tool, setTool, brush, setBrush };
}

export type ToolState = ReturnType<typeof createToolState>;
