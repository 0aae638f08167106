import { For } from 'solid-js';
import type { Editor } from '../state/editor';

/**
 * Messages to the user, stacked in the map area's bottom-right corner (never over a panel, a palette,
 * the status bar or the minimap, never off-screen):
 * info and warnings go away by themselves, errors stay until closed.
 */
export function Notices(props: { editor: Editor }) {
  return (
    <div class="notices" aria-live="polite" data-testid="notices">
      <For each={props.editor.notices()}>
        {(n) => (
          <div class={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid={`notice-${n.kind}`}>
            <span>{n.text}</span>
            <button class="icon-button" aria-label="Dismiss" title="Close this message" onClick={() => props.editor.dismiss(n.id)}>
              ×
            </button>
          </div>
        )}
      </For>
    </div>
  );
}
