import { For, Show } from 'solid-js';
import { Edge, RULESETS, Terrain } from '../../src-shared/model';
import { EDGE_STYLE, terrainCss } from '../ui/palette';
import { squareLayersFor, unitWord } from '../canvas/tools/square-layers';
import type { Editor } from '../state/editor';
import '../styles/editor-tools.css';
import { edgeChoicesFor, LegendText, SQUARE_TOOL_IDS } from './ToolOptions';

/**
 * What the map's colours and lines mean, for every layer of this ruleset, while no paint tool is
 * active (a paint tool shows its own layer's legend to pick from). Read from the same table the
 * tools paint with (square-layers.ts), so the legend and the map agree; elevation and water, which
 * are lengths rather than choices, say how they are drawn.
 */
export function MapLegend(props: { editor: Editor }) {
  const editor = props.editor;
  const d = () => editor.doc()!;
  const shown = () => !SQUARE_TOOL_IDS.has(editor.tool()) && editor.tool() !== 'edges' && !editor.playing();
  const step = () => `${RULESETS[d().ruleset].squareSize} ${unitWord(d().ruleset)}`;
  return (
    <Show when={editor.doc() && shown()}>
      <details class="map-legend" open data-testid="map-legend">
        <summary>Legend</summary>
        <For each={squareLayersFor(d())}>
          {(layer) => {
            const values = layer.values;
            return (
              <section data-testid={`map-legend-${layer.id}`}>
                <h3>{layer.label}</h3>
                <ul class="legend">
                  <Show when={values.kind === 'choice' ? values : null}>
                    {(v) => (
                      <For each={v().options(d().ruleset).filter((o) => o.color !== 'transparent')}>
                        {(o) => (
                          <li>
                            <span class="legend-swatch" style={{ background: o.color }} />
                            <LegendText label={o.label} note={o.note} />
                          </li>
                        )}
                      </For>
                    )}
                  </Show>
                  <Show when={layer.id === 'elevation'}>
                    <li>
                      <svg class="legend-line" width="26" height="16" aria-hidden="true">
                        <rect width="26" height="16" fill={terrainCss(Terrain.normal)} rx="2" />
                        <line x1="3" y1="8" x2="23" y2="8" stroke="rgba(74, 52, 24, 0.75)" stroke-width="1.5" />
                      </svg>
                      <span>Contour line: a height of {step()} between two squares (lighter ground is higher)</span>
                    </li>
                    <li>
                      <svg class="legend-line" width="26" height="16" aria-hidden="true">
                        <rect width="26" height="16" fill={terrainCss(Terrain.normal)} rx="2" />
                        <line x1="3" y1="8" x2="23" y2="8" stroke="#c0392b" stroke-width="3" />
                      </svg>
                      <span>Ledge: a drop of {step()} or more; zoomed in, heights are written in their squares</span>
                    </li>
                  </Show>
                  <Show when={layer.id === 'waterDepth'}>
                    <li>
                      <span class="legend-swatch" style={{ background: terrainCss(Terrain.water) }} />
                      <span>Water: darker is deeper, a line along the shore; zoomed in, depths (≈) are written in their squares</span>
                    </li>
                  </Show>
                </ul>
              </section>
            );
          }}
        </For>
        <section data-testid="map-legend-edges">
          <h3>Edges</h3>
          <ul class="legend">
            <For each={edgeChoicesFor(d().ruleset)}>
              {([id, label]) => (
                <li>
                  <svg class="legend-line" width="26" height="16" aria-hidden="true">
                    <rect width="26" height="16" fill={terrainCss(Terrain.normal)} rx="2" />
                    <line x1="3" y1="8" x2="23" y2="8" stroke={EDGE_STYLE[Edge[id]]!.color} stroke-width={Math.min(6, EDGE_STYLE[Edge[id]]!.width)} stroke-dasharray={(EDGE_STYLE[Edge[id]]!.dash ?? []).join(' ')} />
                  </svg>
                  <span>{label}</span>
                </li>
              )}
            </For>
          </ul>
        </section>
      </details>
    </Show>
  );
}
