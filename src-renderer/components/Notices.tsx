import { For } from 'solid-js';
import type { Editor } from '../state/editor';

export function Notices(props: { editor: Editor }) {
  return (
    <div class="notices" aria-live="polite">
      <For each={props.editor.notices()}>
        {(n) => (
          <div class={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'} data-testid={`notice-${n.kind}`}>
            <span>{n.text}</span>
            <button class="icon-button" aria-label="Dismiss" onClick={() => props.editor.dismiss(n.id)}>
              ×
            </button>
          </div>
        )}
      </For>
    </div>
  );
}
