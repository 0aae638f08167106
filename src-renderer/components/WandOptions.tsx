import { Show } from 'solid-js';
import type { Editor } from '../state/editor';

/** The picture wand's options under Paint layer: the tolerance and joined squares or all. */
export function WandOptions(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <Show when={editor.tool() === 'picture-wand'}>
      <label class="field">
        <span>Tolerance: {editor.wandTolerance()}</span>
        <input
          type="range"
          min="0"
          max="100"
          value={editor.wandTolerance()}
          title="How different a square's picture may look from the clicked one's and still be painted (colour difference, ΔE); [ and ] change it"
          data-testid="wand-tolerance"
          onInput={(e) => editor.setWandTolerance(Number(e.currentTarget.value))}
          onChange={(e) => e.currentTarget.blur()}
        />
      </label>
      <div class="checks">
        <label title="Alike squares anywhere on the map, not only those joined to the clicked one (Shift-click does the other)">
          <input type="checkbox" checked={!editor.wandContiguous()} data-testid="wand-global" onChange={(e) => editor.setWandContiguous(!e.currentTarget.checked)} /> global: the whole map
        </label>
      </div>
      <Show when={!editor.doc()?.picture}>
        <p class="muted small">This map has no picture: the wand reads the map's picture.</p>
      </Show>
    </Show>
  );
}
