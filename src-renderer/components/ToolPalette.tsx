import { For, Show } from 'solid-js';
import { Terrain, TERRAIN_LABELS, TERRAIN_NAMES } from '../../src-shared/model';
import { terrainCss } from '../ui/palette';
import { TOOLS } from '../canvas/tools';
import type { Editor } from '../state/editor';
import { SQUARE_TOOL_IDS } from './ToolOptions';

export function ToolPalette(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <aside class="tool-palette" aria-label="Tools">
      <div class="tool-buttons" role="toolbar">
        <For each={TOOLS}>
          {(tool) => (
            <button
              class="tool"
              classList={{ active: editor.tool() === tool.id }}
              aria-pressed={editor.tool() === tool.id}
              title={`${tool.label} (${tool.key}): ${tool.tooltip}`}
              data-testid={`tool-${tool.id}`}
              disabled={!editor.doc()}
              onClick={() => editor.setTool(tool.id)}
            >
              {tool.icon()}
              <span class="visually-hidden">{tool.label}</span>
            </button>
          )}
        </For>
      </div>
      <Show when={SQUARE_TOOL_IDS.has(editor.tool()) && editor.tool() !== 'eraser' && editor.squareLayer() === 'terrain'}>
        <div class="brushes" role="radiogroup" aria-label="Terrain brush">
          <For each={TERRAIN_NAMES}>
            {(name) => (
              <button
                class="brush"
                role="radio"
                aria-checked={editor.brush() === name}
                classList={{ active: editor.brush() === name }}
                title={TERRAIN_LABELS[name]}
                data-testid={`brush-${name}`}
                onClick={() => editor.setBrush(name)}
              >
                <span class="swatch" style={{ background: terrainCss(Terrain[name]) }} />
              </button>
            )}
          </For>
        </div>
      </Show>
    </aside>
  );
}
