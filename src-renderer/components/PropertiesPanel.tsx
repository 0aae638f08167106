import { createMemo, Index, Show } from 'solid-js';
import { EDGE_NAMES, RULESETS, TERRAIN_LABELS, TERRAIN_NAMES, squareIndex, type EdgeName } from '../../src-shared/model';
import { sizeName } from '../../src-shared/rules/sizes';
import type { Editor } from '../state/editor';
import { describeValue, squareLayersFor, unitWord } from '../canvas/tools/square-layers';
import { CreaturePalette } from './CreaturePalette';
import { CreaturePanel } from './CreaturePanel';
import { EncounterSettingsFields } from './EncounterSettingsFields';
import { GridStyleFields } from './GridStyleFields';
import { LayersPanel } from './LayersPanel';
import { MapLegend } from './MapLegend';
import { MapResize } from './MapResize';
import { ToolOptions } from './ToolOptions';

const EDGE_LABELS: Record<EdgeName, string> = { none: 'none', wall: 'wall', low: 'low obstacle', doorClosed: 'closed door', doorOpen: 'open door', window: 'window / force field' };

export function PropertiesPanel(props: { editor: Editor }) {
  const editor = props.editor;
  const doc = () => editor.doc();
  const info = () => RULESETS[doc()!.ruleset];

  const square = createMemo(() => {
    const d = doc();
    const q = editor.inspectedSquare();
    if (!d || !q) return null;
    const i = squareIndex(d.map, q.x, q.y);
    const unit = unitWord(d.ruleset);
    // In stack order (as Tab cycles them), each selectable from the list.
    const occupants = editor.creaturesAt(q).map((id) => d.creatures.find((c) => c.id === id)!);
    return {
      x: q.x,
      y: q.y,
      terrain: TERRAIN_LABELS[TERRAIN_NAMES[d.map.terrain[i]!]!],
      elevation: `${d.map.elevation[i]} ${unit}`,
      water: d.map.waterDepth[i] ? `${d.map.waterDepth[i]} ${unit} deep` : null,
      east: EDGE_LABELS[EDGE_NAMES[d.map.edgeEast[i]!]!],
      south: EDGE_LABELS[EDGE_NAMES[d.map.edgeSouth[i]!]!],
      occupants: occupants.map((c) => ({ id: c.id, text: `${c.name} (${sizeName(d.ruleset, c.size)}, ${c.side}${c.altitude > 0 ? `, ${c.altitude} ${unit} up` : ''})` })),
      // Every other painted layer this ruleset uses (surface, resistance, blockade…), by the layer table.
      more: squareLayersFor(d)
        .filter((l) => !['terrain', 'elevation', 'waterDepth'].includes(l.id))
        .map((l) => ({ label: l.label, value: describeValue(l, d.ruleset, (d.map as unknown as Record<string, ArrayLike<number>>)[l.id]![i]!) })),
    };
  });

  return (
    <aside class="properties" aria-label="Properties" data-testid="properties">
      <Show when={doc()} fallback={<p class="muted">No encounter open.</p>}>
        <ToolOptions editor={editor} />
        <MapLegend editor={editor} />
        {/* The Place tool's sizes: in the panel, so they never cover squares of the map. */}
        <Show when={editor.tool() === 'creature'}>
          <CreaturePalette editor={editor} />
        </Show>
        <section>
          <h2>Encounter</h2>
          <label class="field">
            <span>Name</span>
            <input
              type="text"
              value={doc()!.name}
              maxLength={200}
              data-testid="encounter-name"
              onChange={(e) => {
                const name = e.currentTarget.value.trim();
                if (name && name !== doc()!.name) editor.execute({ type: 'renameEncounter', name });
                else e.currentTarget.value = doc()!.name;
              }}
            />
          </label>
          <dl class="facts">
            <dt>Ruleset</dt>
            <dd data-testid="prop-ruleset">{info().name}</dd>
            <dt>Map</dt>
            <dd data-testid="prop-size">
              {doc()!.map.width} × {doc()!.map.height} squares
            </dd>
            <dt>Square</dt>
            <dd>
              {info().squareSize} {info().lengthUnit}
            </dd>
            <dt>Creatures</dt>
            <dd data-testid="prop-creatures">{doc()!.creatures.length}</dd>
          </dl>
          <EncounterSettingsFields editor={editor} />
          <MapResize editor={editor} />
          <GridStyleFields editor={editor} />
          <Show when={doc()!.picture}>
            {(bg) => (
              <div class="background-picture" data-testid="background-picture">
                <label class="field">
                  <span>Map picture: {Math.round(bg().opacity * 100)} % opaque</span>
                  <input
                    type="range"
                    min="0"
                    max="100"
                    step="5"
                    value={Math.round(bg().opacity * 100)}
                    data-testid="background-opacity"
                    title={`Opacity of the imported map picture (${bg().width} × ${bg().height} pixels) under the terrain; each change is one undo step`}
                    onChange={(e) => {
                      const opacity = Math.min(1, Math.max(0, e.currentTarget.valueAsNumber / 100));
                      if (opacity !== bg().opacity) editor.execute({ type: 'setPicture', picture: { ...bg(), opacity }, label: 'change picture opacity' });
                      e.currentTarget.blur();
                    }}
                  />
                </label>
                <button data-testid="background-remove" title="Remove the map picture from the encounter (undo brings it back)" onClick={() => editor.execute({ type: 'setPicture', picture: null })}>
                  Remove picture
                </button>
              </div>
            )}
          </Show>
        </section>
        <LayersPanel editor={editor} />
        <CreaturePanel editor={editor} />
        <section>
          <h2>Square</h2>
          <Show when={square()} fallback={<p class="muted">Click a square with the Select tool (V) to inspect it; click a creature to see where it can move.</p>}>
            {(q) => (
              <dl class="facts" data-testid="square-facts">
                <dt>Position</dt>
                <dd>
                  {q().x}, {q().y}
                </dd>
                <dt>Terrain</dt>
                <dd data-testid="square-terrain">{q().terrain}</dd>
                <dt>Elevation</dt>
                <dd>{q().elevation}</dd>
                <Show when={q().water}>
                  <dt>Water</dt>
                  <dd>{q().water}</dd>
                </Show>
                {/* By place, not by row object: another square (a drop moves the inspected one) updates the text, not the rows. */}
                <Index each={q().more}>
                  {(m) => (
                    <>
                      <dt>{m().label}</dt>
                      <dd data-testid={`square-${m().label.toLowerCase().replace(/ /g, '-')}`}>{m().value}</dd>
                    </>
                  )}
                </Index>
                <dt>East edge</dt>
                <dd>{q().east}</dd>
                <dt>South edge</dt>
                <dd>{q().south}</dd>
                <dt>Creatures</dt>
                <dd>
                  <Show when={q().occupants.length} fallback="none">
                    <div class="stack-list" role="listbox" aria-label="Creatures in this square" data-testid="square-creatures">
                      <Index each={q().occupants}>
                        {(o) => (
                          <button
                            role="option"
                            aria-selected={editor.isSelected(o().id)}
                            classList={{ selected: editor.isSelected(o().id) }}
                            title="Select this creature (Tab on the map cycles them; Shift-click adds it to the selection)"
                            data-testid={`square-creature-${o().id}`}
                            onClick={(e) => (e.shiftKey ? editor.toggleCreature(o().id) : editor.selectCreatures([o().id]))}
                          >
                            {o().text}
                          </button>
                        )}
                      </Index>
                    </div>
                  </Show>
                </dd>
              </dl>
            )}
          </Show>
        </section>
      </Show>
    </aside>
  );
}
