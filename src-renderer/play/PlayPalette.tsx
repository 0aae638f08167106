import { For } from 'solid-js';
import { PLAY_TOOLS } from '../canvas/tools';
import type { Editor } from '../state/editor';
import type { PlayToolId } from '../state/play';

/** Play mode's tool buttons, where the edit tools are in Edit mode. */
export function PlayPalette(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <aside class="tool-palette" aria-label="Play tools">
      <div class="tool-buttons" role="toolbar">
        <For each={PLAY_TOOLS}>
          {(tool) => (
            <button
              class="tool"
              classList={{ active: editor.playTool() === tool.id }}
              aria-pressed={editor.playTool() === tool.id}
              title={`${tool.label} (${tool.key}): ${tool.tooltip}`}
              data-testid={`tool-${tool.id}`}
              onClick={() => (editor.clearPlayDrawing(), editor.setPlayTool(tool.id as PlayToolId))}
            >
              {tool.icon()}
              <span class="visually-hidden">{tool.label}</span>
            </button>
          )}
        </For>
      </div>
    </aside>
  );
}
