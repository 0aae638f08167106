import { For, Show } from 'solid-js';
import { currentValueText } from '../canvas/tools/square-paint';
import { squareLayer } from '../canvas/tools/square-layers';
import type { Editor } from '../state/editor';
import { REGION_MODES, type RegionMode } from '../state/tool';

const MODE_LABELS: Record<RegionMode, [string, string]> = {
  marquee: ['Marquee', 'Drag a rectangle of squares'],
  lasso: ['Lasso', 'Draw a free shape round the squares'],
  wand: ['Wand', 'Click a square: every square joined to it with the same terrain (and water depth)'],
};

/**
 * The Region tool's options: how it picks squares, what is selected, and the edits of the region as
 * buttons (each also in the Edit menu and on a key).
 */
export function RegionOptions(props: { editor: Editor }) {
  const editor = props.editor;
  const none = () => !editor.hasRegion();
  const fillWords = () => `${squareLayer(editor.squareLayer()).label}: ${currentValueText(editor)}`;
  const edits: [string, string, () => unknown, string][] = [
    ['Turn ↻', 'Turn the region a quarter clockwise, edges and creatures with it (R)', () => editor.rotateRegion(1), 'region-rotate'],
    ['Turn ↺', 'Turn the region a quarter anticlockwise (Shift+R)', () => editor.rotateRegion(-1), 'region-rotate-back'],
    ['Mirror ⇆', 'Mirror the region left to right (H)', () => editor.mirrorRegion('horizontal'), 'region-mirror-h'],
    ['Mirror ⇅', 'Mirror the region top to bottom (V)', () => editor.mirrorRegion('vertical'), 'region-mirror-v'],
    ['Fill', 'Fill every square of the region with the paint value chosen for the square tools (F)', () => editor.fillRegion(), 'region-fill'],
    ['Copy', 'Copy the region with everything on it (Ctrl+C); Ctrl+V pastes it at the pointer', () => editor.copySelection(), 'region-copy'],
    ['Cut', 'Copy the region, then clear it to normal ground (Ctrl+X)', () => editor.cutRegion(), 'region-cut'],
    ['Delete', 'Clear the region to normal ground: heights, water, edges, creatures and labels on it go (Delete)', () => editor.deleteRegion(), 'region-delete'],
  ];
  return (
    <section class="tool-options" data-testid="region-options">
      <h2>Region</h2>
      <div class="mode-buttons region-modes" role="radiogroup" aria-label="How the Region tool picks squares">
        <For each={REGION_MODES}>
          {(mode) => (
            <button type="button" role="radio" aria-checked={editor.regionMode() === mode} classList={{ active: editor.regionMode() === mode }} title={`${MODE_LABELS[mode][1]}; Shift adds, Alt takes away`} data-testid={`region-mode-${mode}`} onClick={() => editor.setRegionMode(mode)}>
              {MODE_LABELS[mode][0]}
            </button>
          )}
        </For>
      </div>
      <p class="muted small" data-testid="region-count">
        <Show when={!none()} fallback="No squares selected: drag on the map.">
          {editor.regionSquareCount()} square{editor.regionSquareCount() === 1 ? '' : 's'} selected. Drag the region to move it.
        </Show>
      </p>
      <div class="play-buttons">
        <For each={edits}>
          {([label, title, run, id]) => (
            <button type="button" title={title} data-testid={id} disabled={none()} onClick={() => void run()}>
              {label}
            </button>
          )}
        </For>
      </div>
      <p class="muted small">Fill paints {fillWords()} (pick the layer and value with the Brush).</p>
    </section>
  );
}
