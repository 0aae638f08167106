import { BrushIcon, CreatureIcon, PanIcon, SelectIcon } from '../../components/icons';
import type { Editor } from '../../state/editor';
import { createPaintTerrainTool } from './paint-terrain';
import { createPanTool } from './pan';
import { createPlaceCreatureTool } from './place-creature';
import { createSelectTool } from './select';
import type { Tool, ToolDefinition } from './tool';

export type { KeyInput, PointerInput, Tool, ToolDefinition, ToolPreview } from './tool';

/**
 * Every map tool, in palette order. The tool palette, the F1 help and the keyboard shortcuts all
 * read this list, so a tool added here is a button, a shortcut and a help row at once.
 */
export const TOOLS: readonly ToolDefinition[] = [
  { id: 'select', label: 'Select', key: 'V', tooltip: 'Click a creature or square to select it (Shift-click adds, a drag from an empty square draws a box, Tab picks the next creature in the square); drag creatures to move them.', icon: SelectIcon, create: createSelectTool },
  { id: 'pan', label: 'Pan', key: 'H', tooltip: 'Drag to move the map (also Space + drag or a middle-button drag).', icon: PanIcon, create: createPanTool },
  { id: 'terrain', label: 'Paint terrain', key: 'B', tooltip: 'Drag to paint the chosen terrain; one stroke is one undo step.', icon: BrushIcon, create: createPaintTerrainTool },
  { id: 'creature', label: 'Place a creature', key: 'C', tooltip: 'Click a square to add a creature of the size chosen in the palette; where it may not stand, the outline turns red and says why.', icon: CreatureIcon, create: createPlaceCreatureTool },
];

/** The tool whose shortcut is this key (no modifiers), if any. */
export function toolForKey(key: string): ToolDefinition | undefined {
  const k = key.toLowerCase();
  return TOOLS.find((t) => t.key.toLowerCase() === k);
}

/**
 * One instance of each tool for an editor, and the active one. Switching tools cancels whatever
 * the previous tool had in progress. `pan` is also handed out for Space / middle-button panning.
 */
export function createToolbox(editor: Editor) {
  const tools = new Map<string, Tool>(TOOLS.map((t) => [t.id, t.create(editor)]));
  let lastId = editor.tool();
  function get(id: string): Tool {
    const tool = tools.get(id);
    if (!tool) throw new Error(`No tool called ${id}.`);
    return tool;
  }
  function active(): Tool {
    const id = editor.tool();
    if (id !== lastId) {
      tools.get(lastId)?.onCancel();
      lastId = id;
    }
    return get(id);
  }
  return { get, active };
}

export type Toolbox = ReturnType<typeof createToolbox>;
