import type { Editor } from '../../state/editor';
import { createStrokeTool } from './square-brush';
import type { Tool } from './tool';

/**
 * Eraser (E): a brush stroke that puts the chosen layer back to its empty value (normal terrain,
 * ground level, dry, no surface, no painted resistance, no blockade). Same machine as the brush:
 *   idle ──down──▶ painting ──up: one command──▶ idle
 */
export const createEraserTool = (editor: Editor): Tool => createStrokeTool(editor, 'eraser', true);
