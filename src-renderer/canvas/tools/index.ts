import { BrushIcon, CreatureIcon, EraserIcon, EyedropperIcon, FillIcon, LabelIcon, LineIcon, PanIcon, RectangleIcon, RegionIcon, SelectIcon, WallIcon, WandIcon } from '../../ui/icons';
import { PictureAlignIcon } from '../../ui/picture-icons';
import { AreaIcon, LinesIcon, MoveIcon, PushIcon, RulerIcon } from '../../ui/play-icons';
import type { Editor } from '../../state/editor';
import { createEdgeTool } from './edge';
import { createEyedropperTool } from './eyedropper';
import { createLabelTool } from './label';
import { createPanTool } from './pan';
import { createPictureAlignTool } from './picture-align';
import { createPlaceCreatureTool } from './place-creature';
import { createPlayAreaTool } from './play-area';
import { createPlayForcedTool } from './play-forced';
import { createPlayLinesTool } from './play-lines';
import { createPlayMoveTool } from './play-move';
import { createPlayRulerTool } from './play-ruler';
import { createPictureWandTool } from './picture-wand';
import { createRegionTool } from './region';
import { createSelectTool } from './select';
import { createStampTool } from './stamp';
import { createBrushTool } from './square-brush';
import { createEraserTool } from './square-eraser';
import { createFillTool } from './square-fill';
import { createLineTool } from './square-line';
import { createRectangleTool } from './square-rectangle';
import type { Tool, ToolDefinition } from './tool';

export type { KeyInput, PointerInput, Tool, ToolDefinition, ToolPreview } from './tool';

/** The free ruler, in Edit mode as `ruler` and in Play mode as `play-ruler` (one measure: src-renderer/state/ruler.ts). */
const RULER: ToolDefinition = { id: 'ruler', label: 'Ruler', key: 'D', tooltip: 'Drag from square to square, or click points one by one (Enter or a double-click ends): the distance counted with the ruleset\'s own diagonals, height too (PageUp / PageDown). Esc clears.', icon: RulerIcon, create: (editor) => createPlayRulerTool(editor, 'ruler') };

/**
 * Every map tool, in palette order. The tool palette, the F1 help and the keyboard shortcuts all
 * read this list, so a tool added here is a button, a shortcut and a help row at once.
 */
export const TOOLS: readonly ToolDefinition[] = [
  { id: 'select', label: 'Select', key: 'V', tooltip: 'Click a creature or square to select it (Shift-click adds, a drag from an empty square draws a box, Tab picks the next creature in the square); drag creatures to move them.', icon: SelectIcon, create: createSelectTool },
  {
    id: 'region', label: 'Region', key: 'M', tooltip: 'Select squares with everything on them — drag a rectangle (marquee), draw a free shape (lasso) or click a kind of ground (wand); Shift adds, Alt takes away. Drag the region to move it; copy, cut, paste, delete, turn, mirror or fill it, one undo step each. While a region is selected R, H and V turn and mirror it (Esc drops it, and they pick tools again).', icon: RegionIcon, create: createRegionTool,
    keys: [['R, Shift+R', 'Turn the region clockwise, anticlockwise'], ['H, V', 'Mirror the region left to right, top to bottom'], ['F', 'Fill the region with the paint value'], ['Ctrl+C, Ctrl+X, Ctrl+V, Delete', 'Copy, cut, paste at the pointer, clear'], ['Esc', 'Select no squares']],
  },
  { id: 'pan', label: 'Pan', key: 'H', tooltip: 'Drag to move the map (also Space + drag or a middle-button drag).', icon: PanIcon, create: createPanTool },
  { id: 'terrain', label: 'Brush', key: 'B', tooltip: 'Drag to paint the chosen layer (terrain, elevation, water…) with a square brush of 1-9 squares; one stroke is one undo step.', icon: BrushIcon, create: createBrushTool },
  { id: 'rectangle', label: 'Rectangle', key: 'R', tooltip: 'Drag from corner to corner to paint a filled rectangle on the chosen layer.', icon: RectangleIcon, create: createRectangleTool },
  { id: 'line', label: 'Line', key: 'L', tooltip: 'Drag from end to end to paint a straight line on the chosen layer, as thick as the brush.', icon: LineIcon, create: createLineTool },
  { id: 'picture-wand', label: 'Picture wand', key: 'U', tooltip: "Click a square of the map's picture to paint the chosen layer on every square that looks alike (its colour and texture, within the tolerance): joined squares, or the whole map with Global; Shift-click does the other. One click is one undo step.", icon: WandIcon, create: createPictureWandTool },
  { id: 'fill', label: 'Fill', key: 'G', tooltip: 'Click to fill the area of joined squares that hold the same value on the chosen layer.', icon: FillIcon, create: createFillTool },
  { id: 'eraser', label: 'Eraser', key: 'E', tooltip: 'Drag to clear the chosen layer: normal ground, height 0, dry, no surface, resistance or blockade.', icon: EraserIcon, create: createEraserTool },
  { id: 'eyedropper', label: 'Eyedropper', key: 'I', tooltip: "Click a square to take its value on the chosen layer as the one to paint.", icon: EyedropperIcon, create: createEyedropperTool },
  { id: 'edges', label: 'Walls and doors', key: 'W', tooltip: 'Drag along a grid line to draw walls, low obstacles or doors; a click toggles one edge; Shift erases. In Select, a click on a door opens or closes it.', icon: WallIcon, create: createEdgeTool },
  { id: 'label', label: 'Labels and notes', key: 'T', tooltip: 'Click the map to write a label (a room name, a warning) or a GM note there; drag one to move it, double-click or Enter to edit it, Delete to remove it.', icon: LabelIcon, create: createLabelTool },
  { id: 'creature', label: 'Place a creature', key: 'C', tooltip: 'Click a square to add a creature of the size chosen in the palette; where it may not stand, the outline turns red and says why.', icon: CreatureIcon, create: createPlaceCreatureTool },
  { id: 'picture-align', label: 'Align picture', key: 'A', tooltip: "Drag the map's picture until its grid lies on the map's (one undo step a drag); arrow keys nudge it, [ and ] change the pixels a square; Calibrate in the tool options takes two clicks on grid corners.", icon: PictureAlignIcon, create: createPictureAlignTool },
  RULER,
];

/**
 * Play mode's tools (src-renderer/play): the only tools while playing; the map is not edited then.
 * Their keys work in Play mode only.
 */
export interface PlayToolDefinition extends ToolDefinition {
  /** The keys the tool answers while it is active (its `onKeyDown`), for F1: [keys, what they do]. */
  keys: readonly (readonly [string, string])[];
}

export const PLAY_TOOLS: readonly PlayToolDefinition[] = [
  {
    id: 'play-move', label: 'Move', key: 'M', tooltip: "The current creature's move: hover for the path, click to add waypoints, double-click or Enter to move; drag from the creature to draw the path square by square.", icon: MoveIcon, create: createPlayMoveTool,
    keys: [['Enter', 'Move along the path (to the last waypoint)'], ['Backspace', 'Take back the last waypoint'], ['Esc', 'Clear the waypoints and the drawn path'], ['PageUp, PageDown', 'Flying: the next waypoint a square higher / lower (Alt + wheel too)'], ['N', 'Next turn (as Ctrl+Enter)']],
  },
  {
    id: 'play-forced', label: 'Push, pull, slide, teleport', key: 'F', tooltip: 'Pick the attacker and the effect in the panel, click the creature, then its squares; double-click or Enter applies.', icon: PushIcon, create: createPlayForcedTool,
    keys: [['Enter', 'Apply the forced movement'], ['Backspace', 'Take back the last square'], ['Esc', 'Clear the squares, then the target']],
  },
  {
    id: 'play-lines', label: 'Lines, cover and sight', key: 'L', tooltip: 'Click a creature, then another creature or a square: line of effect, line of sight, cover and concealment as the ruleset draws them.', icon: LinesIcon, create: createPlayLinesTool,
    keys: [['Esc', 'Clear the two ends']],
  },
  // Areas and the ruler (issue 17 › 5).
  {
    id: 'play-area', label: 'Area templates', key: 'A', tooltip: 'Pick the shape and size in the panel; click a grid corner to place a burst or cube there, or click the origin then the direction of a cone or line. Placing is logged with the creatures covered.', icon: AreaIcon, create: createPlayAreaTool,
    keys: [['Enter', 'Place the template shown'], ['Esc', "Drop the cone's or line's origin"]],
  },
  {
    ...RULER,
    id: 'play-ruler',
    create: (editor) => createPlayRulerTool(editor, 'play-ruler'),
    keys: [['Enter', 'End the measure'], ['Backspace', 'Take back the last point'], ['PageUp / PageDown', 'The next point one square higher / lower'], ['Esc', 'Clear the ruler']],
  },
];

/** The tool whose shortcut is this key (no modifiers), if any: edit tools, or Play mode's while playing. */
export function toolForKey(key: string, playing = false): ToolDefinition | undefined {
  const k = key.toLowerCase();
  return (playing ? PLAY_TOOLS : TOOLS).find((t) => t.key.toLowerCase() === k);
}

/**
 * One instance of each tool for an editor, and the active one. Switching tools cancels whatever
 * the previous tool had in progress. `pan` is also handed out for Space / middle-button panning.
 */
export function createToolbox(editor: Editor) {
  const tools = new Map<string, Tool>([...TOOLS, ...PLAY_TOOLS].map((t) => [t.id, t.create(editor)]));
  // Dropping a stamp: entered from the Stamps palette, so it has no button or key of its own.
  const stamp = createStampTool(editor);
  tools.set(stamp.id, stamp);
  // In Play mode the active tool is Play mode's own; editing tools wait for Edit mode.
  const activeId = () => (editor.playing() ? editor.playTool() : editor.tool());
  let lastId = activeId();
  function get(id: string): Tool {
    const tool = tools.get(id);
    if (!tool) throw new Error(`No tool called ${id}.`);
    return tool;
  }
  function active(): Tool {
    const id = activeId();
    if (id !== lastId) {
      tools.get(lastId)?.onCancel();
      lastId = id;
    }
    return get(id);
  }
  return { get, active };
}

export type Toolbox = ReturnType<typeof createToolbox>;
