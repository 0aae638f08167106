import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { LAYER_GROUPS } from '../state/layers';
import { EyeIcon, EyeOffIcon, LockIcon, UnlockIcon } from '../ui/icons';
import '../styles/editor-tools.css';

/**
 * Layers: show or hide each layer of the map (an eye, struck through when hidden), and lock it
 * against edits (a padlock, closed when locked). Each is a toggle button: its name stays the same
 * and aria-pressed says whether it is on; the tooltip says what a click does. The arrow keys move
 * between the buttons (Up / Down a layer, Left / Right between show and lock) and keep the keyboard
 * in the panel, rather than panning the map behind it.
 */
export function LayersPanel(props: { editor: Editor }) {
  const editor = props.editor;
  const onArrow = (e: KeyboardEvent) => {
    const step = ({ ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] } as Record<string, [number, number]>)[e.key];
    const cell = (e.target as HTMLElement).closest('td');
    const row = cell?.parentElement as HTMLTableRowElement | null;
    if (!step || !cell || !row || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    const rows = [...(row.parentElement as HTMLTableSectionElement).rows];
    if (step[0]) {
      row.cells[cell.cellIndex + step[0]]?.querySelector('button')?.focus();
      return;
    }
    // Up or down to the same button of the next layer (its show button where it has no lock).
    const next = rows[rows.indexOf(row) + step[1]];
    (next?.cells[cell.cellIndex]?.querySelector('button') ?? next?.querySelector('button'))?.focus();
  };
  return (
    <section class="layers-panel" data-testid="layers-panel">
      <h2>Layers</h2>
      <table onKeyDown={onArrow}>
        <tbody>
          <For each={LAYER_GROUPS}>
            {(g) => {
              const shown = () => editor.layers()[g.visibility];
              const locked = () => g.lockable && editor.isLocked(g.id);
              const name = g.label.toLowerCase();
              return (
                <tr classList={{ 'layer-hidden': !shown(), 'layer-locked': locked() }}>
                  <td class="layer-name" title={`${g.label}: ${g.holds}`}>
                    {g.label}
                  </td>
                  <td class="layer-toggle">
                    <button
                      type="button"
                      class="layer-icon show"
                      aria-pressed={shown()}
                      aria-label={`Show ${name}`}
                      title={shown() ? `${g.label} shown: click to hide it (${g.holds})` : `${g.label} hidden: click to show it (${g.holds})`}
                      data-testid={`layer-show-${g.id}`}
                      onClick={() => editor.setLayers({ ...editor.layers(), [g.visibility]: !shown() })}
                    >
                      <Show when={shown()} fallback={<EyeOffIcon />}>
                        <EyeIcon />
                      </Show>
                    </button>
                  </td>
                  <td class="layer-toggle">
                    <Show when={g.lockable}>
                      <button
                        type="button"
                        class="layer-icon lock"
                        aria-pressed={locked()}
                        aria-label={`Lock ${name}`}
                        classList={{ locked: locked() }}
                        title={locked() ? `${g.label} locked: edits to it are refused. Click to unlock` : `${g.label} editable: click to lock it against edits`}
                        data-testid={`layer-lock-${g.id}`}
                        onClick={() => editor.setLocked(g.id, !locked())}
                      >
                        <Show when={locked()} fallback={<UnlockIcon />}>
                          <LockIcon />
                        </Show>
                      </button>
                    </Show>
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
