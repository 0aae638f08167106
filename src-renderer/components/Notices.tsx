import { For } from 'solid-js';
import type { Editor } from '../state/editor';

/**
 * Messages to the user, stacked over the map (never over the properties panel, never off-screen):
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
