import { createEffect, For, Show } from 'solid-js';
import { Edge, RULESETS, Terrain } from '../../src-shared/model';
import { EDGE_STYLE, terrainCss } from '../ui/palette';
import { squareLayer, squareLayersFor, unitWord } from '../canvas/tools/square-layers';
import type { Editor } from '../state/editor';
import { HEIGHT_MODES, MAX_BRUSH_SIZE, type HeightMode } from '../state/tool';
import '../styles/editor-tools.css';
import { PictureAlignOptions } from './PictureAlignOptions';
import { RegionOptions } from './RegionOptions';
import { WandOptions } from './WandOptions';

/** The tools that paint squares on the chosen layer. */
export const SQUARE_TOOL_IDS = new Set(['terrain', 'rectangle', 'line', 'fill', 'eraser', 'eyedropper', 'picture-wand']);
const SIZED = new Set(['terrain', 'line', 'eraser']);

const MODE_LABELS: Record<HeightMode, [string, string]> = {
  set: ['Set', 'Set the height to the value'],
  raise: ['Raise', 'Raise by the value'],
  lower: ['Lower', 'Lower by the value'],
  smooth: ['Smooth', 'Even each square out with its neighbours'],
};

export const EDGE_CHOICES = [
  ['wall', 'Wall', 'Blocks movement (d20-phb-30.txt › Obstacles)'],
  ['low', 'Low obstacle', 'Hampers movement: crossing it costs extra (d20-srd-35.txt › Obstacles)'],
  ['doorClosed', 'Door (closed)', 'A closed door; a click with Select opens it'],
  ['doorOpen', 'Door (open)', 'An open door; a click with Select closes it'],
  ['window', 'Window / force field', 'Blocks movement and line of effect but not line of sight: a creature may teleport to a square it sees through it (Startroid › Teleportation)'],
] as const;
/** The edge kinds this ruleset's text has: only Startroid separates sight from effect. */
export const edgeChoicesFor = (ruleset: string) => EDGE_CHOICES.filter(([id]) => id !== 'window' || ruleset === 'startroid');

/**
 * The options of the active map tool, in the properties panel: for the square tools the layer
 * picker, the value (a legend of what each colour means in this ruleset, or a length with its
 * height mode) and the brush size; for the edge tool the kind of edge.
 */
/** A legend entry's words: the value's name, and the ruleset's note on it where there is one. */
export function LegendText(props: { label: string; note?: string | undefined }) {
  return (
    <span>
      {props.label}
      <Show when={props.note}>
        <span class="legend-note"> — {props.note}</span>
      </Show>
    </span>
  );
}

export function ToolOptions(props: { editor: Editor }) {
  const editor = props.editor;
  const d = () => editor.doc();
  const layers = () => (d() ? squareLayersFor(d()!) : []);
  const layer = () => squareLayer(editor.squareLayer());
  /** Whether the layer picker's next change comes from a key (an arrow) rather than the mouse. */
  let layerByKey = false;
  const choices = () => {
    const v = layer().values;
    return v.kind === 'choice' && d() ? v.options(d()!.ruleset) : [];
  };
  /** What the Eraser leaves on the chosen layer, in the legend's words. */
  const erasedWords = () => {
    const erased = layer().erased;
    const named = choices().find((o) => o.value === erased)?.label;
    if (named) return named.toLowerCase();
    return layer().id === 'waterDepth' ? 'dry ground' : `height ${erased}`;
  };
  // Another ruleset may not have the chosen layer (resistance is 6d6 only): fall back to terrain.
  createEffect(() => {
    if (d() && !layers().some((l) => l.id === editor.squareLayer())) editor.setSquareLayer('terrain');
  });
  // Likewise a window edge chosen on a Startroid map is not carried into another ruleset's map.
  createEffect(() => {
    if (d() && !edgeChoicesFor(d()!.ruleset).some(([id]) => id === editor.edgeKind())) editor.setEdgeKind('wall');
  });
  return (
    <Show when={d()}>
      <Show when={SQUARE_TOOL_IDS.has(editor.tool())}>
        <section class="tool-options" data-testid="tool-options">
          <h2>Paint layer</h2>
          <select
            aria-label="Layer to paint"
            title="The map layer the brush, rectangle, line, fill, eraser and eyedropper work on"
            data-testid="layer-picker"
            value={editor.squareLayer()}
            onKeyDown={() => (layerByKey = true)}
            onPointerDown={() => (layerByKey = false)}
            onChange={(e) => {
              editor.setSquareLayer(e.currentTarget.value);
              // Picked with the mouse, the keyboard goes back to the map (B, [ and ] work at once);
              // arrowed through, the picker keeps it for the next arrow (issue 18 › 4).
              if (!layerByKey) e.currentTarget.blur();
              layerByKey = false;
            }}
          >
            <For each={layers()}>{(l) => <option value={l.id}>{l.label}</option>}</For>
          </select>
          <p class="muted small" data-testid="layer-about">
            {layer().about(d()!.ruleset)}
          </p>
          {/* The Eraser paints no chosen value: it says what it leaves instead of offering a palette. */}
          <Show when={editor.tool() === 'eraser'}>
            <p class="muted small" data-testid="eraser-leaves">
              The Eraser leaves {erasedWords()}.
            </p>
          </Show>
          <Show
            when={editor.tool() !== 'eraser' && layer().values.kind === 'choice'}
            fallback={
              <Show when={editor.tool() !== 'eraser'}>
                <div class="mode-buttons" role="radiogroup" aria-label="Height mode">
                  <For each={HEIGHT_MODES}>
                    {(m) => (
                      <button
                        type="button"
                        role="radio"
                        aria-checked={editor.heightMode() === m}
                        classList={{ active: editor.heightMode() === m }}
                        title={MODE_LABELS[m][1]}
                        data-testid={`height-mode-${m}`}
                        onClick={() => editor.setHeightMode(m)}
                      >
                        {MODE_LABELS[m][0]}
                      </button>
                    )}
                  </For>
                </div>
                <label class="field">
                  <span>
                    {editor.heightMode() !== 'set' ? 'By' : layer().id === 'waterDepth' ? 'Depth' : 'Height'} ({unitWord(d()!.ruleset)}; a square is {RULESETS[d()!.ruleset].squareSize})
                  </span>
                  <input
                    type="number"
                    step={RULESETS[d()!.ruleset].squareSize}
                    value={editor.layerValue(layer().id)}
                    disabled={editor.heightMode() === 'smooth'}
                    data-testid="layer-value"
                    title="The value the tools paint"
                    onChange={(e) => {
                      const v = Number(e.currentTarget.value);
                      const spec = layer().values;
                      if (!Number.isFinite(v) || spec.kind !== 'length' || v < spec.min || v > spec.max) {
                        editor.notify('error', `A ${layer().label.toLowerCase()} is a number from ${spec.kind === 'length' ? spec.min : 0} to ${spec.kind === 'length' ? spec.max : 0} ${unitWord(d()!.ruleset)}; kept ${editor.layerValue(layer().id)}.`);
                        e.currentTarget.value = String(editor.layerValue(layer().id));
                      } else editor.setLayerValue(layer().id, v);
                    }}
                    onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
                  />
                </label>
              </Show>
            }
          >
            <ul class="legend" role="radiogroup" aria-label={`${layer().label} to paint`} data-testid="legend">
              <For each={choices()}>
                {(o) => (
                  <li>
                    <button
                      type="button"
                      role="radio"
                      aria-checked={editor.layerValue(layer().id) === o.value}
                      classList={{ active: editor.layerValue(layer().id) === o.value }}
                      title={`Paint ${o.label}`}
                      data-testid={`value-${layer().id}-${o.value}`}
                      onClick={() => editor.setLayerValue(layer().id, o.value)}
                    >
                      <span class="legend-swatch" classList={{ none: o.color === 'transparent' }} style={{ background: o.color }} />
                      <LegendText label={o.label} note={o.note} />
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </Show>
          <Show when={SIZED.has(editor.tool())}>
            <label class="field">
              <span>
                Brush size: {editor.brushSize()} × {editor.brushSize()} squares
              </span>
              <input
                type="range"
                min="1"
                max={MAX_BRUSH_SIZE}
                value={editor.brushSize()}
                title="Brush size in squares (1-9); [ and ] change it"
                data-testid="brush-size"
                onInput={(e) => editor.setBrushSize(Number(e.currentTarget.value))}
                onChange={(e) => e.currentTarget.blur()}
              />
            </label>
          </Show>
          <WandOptions editor={editor} />
        </section>
      </Show>
      <Show when={editor.tool() === 'edges'}>
        <section class="tool-options" data-testid="edge-options">
          <h2>Edge</h2>
          <ul class="legend" role="radiogroup" aria-label="Edge to draw">
            <For each={edgeChoicesFor(editor.doc()!.ruleset)}>
              {([id, label, about]) => (
                <li>
                  <button
                    type="button"
                    role="radio"
                    aria-checked={editor.edgeKind() === id}
                    classList={{ active: editor.edgeKind() === id }}
                    title={about}
                    data-testid={`edge-${id}`}
                    onClick={() => editor.setEdgeKind(id)}
                  >
                    {/* The edge as the map draws it, on a patch of normal ground. */}
                    <svg class="legend-line" width="26" height="16" aria-hidden="true">
                      <rect width="26" height="16" fill={terrainCss(Terrain.normal)} rx="2" />
                      <line x1="3" y1="8" x2="23" y2="8" stroke={EDGE_STYLE[Edge[id]]!.color} stroke-width={Math.min(6, EDGE_STYLE[Edge[id]]!.width)} stroke-dasharray={(EDGE_STYLE[Edge[id]]!.dash ?? []).join(' ')} />
                    </svg>
                    {label}
                  </button>
                </li>
              )}
            </For>
          </ul>
          <p class="muted small">Drag along a grid line for a run; click to toggle one edge; Shift erases.</p>
        </section>
      </Show>
      <Show when={editor.tool() === 'picture-align'}>
        <PictureAlignOptions editor={editor} />
      </Show>
      <Show when={editor.tool() === 'region'}>
        <RegionOptions editor={editor} />
      </Show>
    </Show>
  );
}
