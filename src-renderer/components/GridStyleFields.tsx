import { GRID_DEFAULTS, GRID_THICKNESS_MAX, type GridStyle } from '../../src-shared/model';
import type { Editor } from '../state/editor';

/**
 * The grid's colour, opacity and thickness for this encounter (saved with it; absent means the
 * defaults). Each change is one undo step; "Default" takes the encounter back to the defaults.
 */
export function GridStyleFields(props: { editor: Editor }) {
  const editor = props.editor;
  const grid = () => ({ ...GRID_DEFAULTS, ...(editor.doc()?.grid ?? {}) });
  const change = (patch: GridStyle) => editor.execute({ type: 'setGrid', grid: { ...(editor.doc()?.grid ?? {}), ...patch } });
  return (
    <div class="field-row grid-style" data-testid="grid-style">
      <label class="field">
        <span>Grid colour</span>
        <input type="color" value={grid().color} data-testid="grid-color" title="The grid lines' colour in this encounter" onChange={(e) => change({ color: e.currentTarget.value })} />
      </label>
      <label class="field">
        <span>Opacity {Math.round(grid().opacity * 100)} %</span>
        <input
          type="range"
          min="0"
          max="100"
          value={Math.round(grid().opacity * 100)}
          data-testid="grid-opacity"
          title="How strong the grid lines are (every fifth line is twice as strong)"
          onChange={(e) => change({ opacity: Number(e.currentTarget.value) / 100 })}
        />
      </label>
      <label class="field">
        <span>Thickness (px)</span>
        <input
          type="number"
          min="1"
          max={GRID_THICKNESS_MAX}
          step="1"
          value={grid().thickness}
          data-testid="grid-thickness"
          title={`The grid lines' width in screen pixels (1-${GRID_THICKNESS_MAX})`}
          onChange={(e) => {
            const t = Number(e.currentTarget.value);
            if (!Number.isFinite(t) || t < 1 || t > GRID_THICKNESS_MAX) {
              editor.notify('error', `A grid line is 1 to ${GRID_THICKNESS_MAX} pixels thick; kept ${grid().thickness}.`);
              e.currentTarget.value = String(grid().thickness);
            } else change({ thickness: t });
          }}
        />
      </label>
      <button type="button" class="link-button" data-testid="grid-default" title="Back to the default grid" disabled={!editor.doc()?.grid} onClick={() => editor.execute({ type: 'setGrid', grid: null })}>
        Default
      </button>
    </div>
  );
}
