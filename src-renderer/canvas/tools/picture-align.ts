import { mapToPicture, type GridAlignment } from '../../../src-shared/model';
import { scaledAbout } from '../../../src-shared/picture/alignment';
import type { Editor } from '../../state/editor';
import { squarePixels } from '../../state/view';
import { createMachine, type Tool } from './tool';

type State = 'idle' | 'dragging' | 'calibrating';

/** One arrow-key nudge of the picture, in picture pixels (Shift: ten). */
const NUDGE_PX = 1;
/** One `[` / `]` step of pixels a square (Shift: one whole pixel). */
const SCALE_STEP = 0.1;

/**
 * Align picture (docs/pictures.md): drag the map's picture until its drawn grid lies on ours; the
 * picture follows live (`editor.pictureDraft`) and the drop is one undo step. Arrow keys nudge it a
 * pixel, `[` and `]` change the pixels a square. Calibrate (from the tool options) takes two clicks
 * on grid corners of the picture, then the number of squares between them.
 *
 *   idle ──down──▶ dragging ──up: one setPicture──▶ idle
 *   idle ──Calibrate──▶ calibrating ──click, click──▶ idle (the options ask for the squares between)
 */
export function createPictureAlignTool(editor: Editor): Tool {
  const machine = createMachine<State>('picture-align', 'idle');
  let grab: { x: number; y: number; align: GridAlignment } | null = null;

  /** The picture pixel under a viewport point, with the picture where it is now. */
  const pictureAt = (point: { x: number; y: number }) => {
    const p = editor.doc()!.picture!;
    const v = editor.view();
    const s = squarePixels(v);
    return mapToPicture(p, (point.x - v.panX) / s, (point.y - v.panY) / s);
  };
  const stopDrag = () => {
    grab = null;
    editor.setPictureDraft(null);
    machine.to(editor.calibration() ? 'calibrating' : 'idle');
  };

  return {
    id: 'picture-align',
    state: () => (editor.calibration() && machine.state() === 'idle' ? 'picture-align.calibrating' : machine.name()),
    cursor: () => (editor.calibration() ? 'crosshair' : machine.state() === 'dragging' ? 'grabbing' : 'move'),
    preview: () => null,
    onPointerDown({ point }) {
      const p = editor.doc()?.picture;
      if (!p) {
        editor.notify('warning', 'There is no picture to align: File › Import picture… puts one under the map.');
        return;
      }
      const calibration = editor.calibration();
      if (calibration) {
        editor.addCalibrationCorner(pictureAt(point));
        return;
      }
      grab = { ...point, align: { pixelsPerSquare: p.pixelsPerSquare, offsetX: p.offsetX, offsetY: p.offsetY } };
      machine.to('dragging');
    },
    onPointerMove({ point }) {
      if (!grab) return;
      // Screen pixels per picture pixel: the picture moves with the pointer.
      const k = squarePixels(editor.view()) / grab.align.pixelsPerSquare;
      editor.setPictureDraft({ ...grab.align, offsetX: grab.align.offsetX - (point.x - grab.x) / k, offsetY: grab.align.offsetY - (point.y - grab.y) / k });
    },
    onPointerUp() {
      const draft = editor.pictureDraft();
      if (grab && draft) editor.alignPicture({ offsetX: draft.offsetX, offsetY: draft.offsetY });
      stopDrag();
    },
    onKeyDown({ key, shift, ctrl, alt }) {
      const p = editor.doc()?.picture;
      if (!p || ctrl || alt || grab) {
        if (key === 'Escape' && grab) return stopDrag(), true;
        return false;
      }
      if (key === 'Escape' && editor.calibration()) return editor.cancelCalibration(), true;
      const step = shift ? 10 * NUDGE_PX : NUDGE_PX;
      // The picture moves the way the arrow points (its offset the other way).
      const nudge: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
      const d = nudge[key];
      if (d) return editor.alignPicture({ offsetX: p.offsetX + d[0], offsetY: p.offsetY + d[1] }), true;
      if (key === '[' || key === ']') {
        const by = (key === ']' ? 1 : -1) * (shift ? 1 : SCALE_STEP);
        return editor.alignPicture(scaledAbout(p, Math.max(1, +(p.pixelsPerSquare + by).toFixed(3)))), true;
      }
      return false;
    },
    onCancel: () => {
      stopDrag();
      editor.cancelCalibration();
    },
  };
}
