import { Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** What Play mode shows on the map besides the reach: threatened squares and flanking. */
export function Overlays(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <PanelSection id="overlays" testid="play-overlays" title="Show on the map">
      <label class="check">
        <input type="checkbox" data-testid="play-show-threat" checked={editor.showThreat()} onChange={(e) => editor.setShowThreat(e.currentTarget.checked)} /> Threatened squares
        <Show when={editor.showThreat() && editor.threat().by.length && !editor.threat().note}>
          <span class="hint"> (by {editor.threat().by.join(', ')})</span>
        </Show>
      </label>
      <Show when={editor.threat().note}>
        <p class="hint" data-testid="play-threat-note">
          {editor.threat().note}
        </p>
      </Show>
      <label class="check">
        <input type="checkbox" data-testid="play-show-flanks" checked={editor.showFlanks()} onChange={(e) => editor.setShowFlanks(e.currentTarget.checked)} /> Flanking
      </label>
      <Show when={editor.showFlanks() && editor.flanking().note}>
        <p class="hint" data-testid="play-flank-note">
          {editor.flanking().note}
          {editor.flanking().lines.length ? ` ${editor.flanking().lines.length} flank${editor.flanking().lines.length === 1 ? '' : 's'} now.` : ''}
        </p>
      </Show>
    </PanelSection>
  );
}
