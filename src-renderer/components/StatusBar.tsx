import { Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import { creatureLabelOnMap } from '../canvas/layers/creatures';
import { creaturesCovering } from '../../src-shared/render/creature-layout';

export function StatusBar(props: { editor: Editor }) {
  const editor = props.editor;
  /** The full names of the creatures under the pointer, with the label each shows on the map. */
  const hoveredCreatures = () => {
    const d = editor.doc();
    const q = editor.hover();
    if (!d || !q) return '';
    // The board shown (in Play, where the creatures are now), not the planned layout.
    return creaturesCovering(d, q.x, q.y)
      .map((id) => {
        const c = d.creatures.find((k) => k.id === id);
        return c ? `${c.name || c.id} (${creatureLabelOnMap(d.creatures, id)})` : id;
      })
      .join(', ');
  };
  return (
    <footer class="statusbar" data-testid="statusbar">
      <Show when={editor.doc()} fallback={<span>Ready</span>}>
        {(d) => (
          <>
            <span data-testid="status-square" title="Square under the cursor (column, row)">
              {editor.hover() ? `Square ${editor.hover()!.x}, ${editor.hover()!.y}` : 'Square –'}
            </span>
            <Show when={hoveredCreatures()}>
              <span data-testid="status-creature" title="The creatures under the cursor, and the label each shows on the map">
                {hoveredCreatures()}
              </span>
            </Show>
            <Show when={editor.regionSquareCount() > 0}>
              <span data-testid="status-region" title="Squares in the selected region (Region tool, M)">
                {editor.regionSquareCount()} square{editor.regionSquareCount() === 1 ? '' : 's'} selected
              </span>
            </Show>
            <span data-testid="status-zoom" title="Zoom (Ctrl +/−, Ctrl 0 to fit)">
              Zoom {Math.round(editor.view().zoom * 100)}%
            </span>
            <span data-testid="status-map">
              {d().map.width} × {d().map.height} squares
            </span>
            <span data-testid="status-ruleset" title={`Rules from ${RULESETS[d().ruleset].text}`}>
              {RULESETS[d().ruleset].name} · {RULESETS[d().ruleset].squareSize} {RULESETS[d().ruleset].lengthUnit} squares
            </span>
            <span>{editor.dirty() ? 'Unsaved changes' : editor.file() ? 'Saved' : 'Not saved yet'}</span>
            <span class="view-style" role="group" aria-label="How the map is drawn">
              <button
                data-testid="view-rules"
                classList={{ active: editor.mapStyle() === 'rules' }}
                aria-pressed={editor.mapStyle() === 'rules'}
                title="Rules view: the rules' colours, heights, ledges and marks (Ctrl+M switches)"
                onClick={() => editor.setMapStyle('rules')}
              >
                Rules
              </button>
              <button
                data-testid="view-map"
                classList={{ active: editor.mapStyle() === 'map' }}
                aria-pressed={editor.mapStyle() === 'map'}
                title={d().picture ? 'Map view: the map picture shows the map (the view draws textures for maps without art)' : 'Map view: the map as players see it, each terrain drawn as what it is (Ctrl+M switches)'}
                onClick={() => editor.setMapStyle('map')}
              >
                Map
              </button>
            </span>
          </>
        )}
      </Show>
      <Show when={editor.busy()}>
        <span class="busy" role="progressbar" aria-label={editor.busy()!} data-testid="busy">
          <span class="spinner" aria-hidden="true" /> {editor.busy()}
        </span>
      </Show>
    </footer>
  );
}
