import type { Editor } from '../../state/editor';
import { lineSquares } from './square-paint';
import { createShapeTool } from './square-shape';
import type { Tool } from './tool';

/** Line (L): drag from end to end to paint a straight line, as thick as the brush size; one undo step. */
export const createLineTool = (editor: Editor): Tool => createShapeTool(editor, 'line', (a, b) => lineSquares(a, b, editor.brushSize()));
