import { For } from 'solid-js';
import type { Editor } from '../state/editor';
import { LAYER_GROUPS } from '../state/layers';
import '../styles/editor-tools.css';

/** Layers: show or hide each layer of the map, and lock it against edits. */
export function LayersPanel(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <section class="layers-panel" data-testid="layers-panel">
      <h2>Layers</h2>
      <table>
        <tbody>
          <For each={LAYER_GROUPS}>
            {(g) => {
              const shown = () => editor.layers()[g.visibility];
              return (
                <tr title={`${g.label}: ${g.holds}`}>
                  <td>{g.label}</td>
                  <td>
                    <button
                      type="button"
                      class="show"
                      aria-pressed={shown()}
                      title={`${shown() ? 'Hide' : 'Show'} ${g.label.toLowerCase()} (${g.holds})`}
                      data-testid={`layer-show-${g.id}`}
                      onClick={() => editor.setLayers({ ...editor.layers(), [g.visibility]: !shown() })}
                    >
                      {shown() ? 'Shown' : 'Hidden'}
                    </button>
                  </td>
                  <td>
                    {g.lockable ? (
                      <button
                        type="button"
                        aria-pressed={editor.isLocked(g.id)}
                        classList={{ locked: editor.isLocked(g.id) }}
                        title={editor.isLocked(g.id) ? `Unlock ${g.label.toLowerCase()} so it can be edited` : `Lock ${g.label.toLowerCase()}: edits to it are refused`}
                        data-testid={`layer-lock-${g.id}`}
                        onClick={() => editor.setLocked(g.id, !editor.isLocked(g.id))}
                      >
                        {editor.isLocked(g.id) ? 'Locked' : 'Lock'}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            }}
          </For>
        </tbody>
      </table>
    </section>
  );
}
