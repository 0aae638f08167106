import { For, Show } from 'solid-js';
import { Terrain, TERRAIN_LABELS, TERRAIN_NAMES } from '../../src-shared/model';
import { StampIcon } from '../ui/icons';
import { terrainCss } from '../ui/palette';
import { TOOLS } from '../canvas/tools';
import type { Editor } from '../state/editor';
import { STAMP_TOOL_ID } from '../state/stamps';
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
        {/* Stamps (library/StampsPalette.tsx): pieces of maps to drop, shown beside the map. It looks
            selected only while a stamp is being placed (the stamp tool), so one tool looks selected;
            the palette's being open is told by aria-expanded. */}
        <button
          class="tool"
          classList={{ active: editor.tool() === STAMP_TOOL_ID }}
          aria-pressed={editor.tool() === STAMP_TOOL_ID}
          aria-expanded={editor.stampsPaletteOpen()}
          title="Stamps: stairs, rooms, bridges and your own saved regions, to drop on the map"
          data-testid="tool-stamps"
          disabled={!editor.doc()}
          onClick={() => editor.setStampsPaletteOpen(!editor.stampsPaletteOpen())}
        >
          <StampIcon />
          <span class="visually-hidden">Stamps</span>
        </button>
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
