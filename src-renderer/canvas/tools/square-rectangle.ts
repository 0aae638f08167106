import type { Editor } from '../../state/editor';
import { rectSquares } from './square-paint';
import { createShapeTool } from './square-shape';
import type { Tool } from './tool';

/** Rectangle (R): drag from corner to corner to fill a rectangle on the chosen layer; one undo step. */
export const createRectangleTool = (editor: Editor): Tool => createShapeTool(editor, 'rectangle', rectSquares);
