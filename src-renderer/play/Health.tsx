import { For } from 'solid-js';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** Damage and conditions taken in the fight, and the hit points the GM tracks (a log entry). */
export function Health(props: { editor: Editor }) {
  const editor = props.editor;
  const rows = () => {
    const s = editor.playShown();
    if (!s) return [];
    return s.board.creatures.map((c) => ({ c, h: s.health.get(c.id) ?? { damage: 0, nonlethal: 0, hitPoints: null, temporary: 0 } }));
  };
  const live = () => editor.playViewAt() === null;
  return (
    <PanelSection id="health" testid="play-health" title="Damage and conditions">
      <table class="play-table">
        <thead>
          <tr>
            <th>Creature</th>
            <th>Taken</th>
            <th title="Hit points, if the GM tracks them (a log entry)">HP</th>
          </tr>
        </thead>
        <tbody>
          <For each={rows()}>
            {({ c, h }) => (
              <tr data-creature={c.id}>
                <td>{c.name}</td>
                <td data-testid={`health-${c.id}`}>
                  {h.damage} damage{h.nonlethal ? `, ${h.nonlethal} nonlethal` : ''}
                  {c.prone ? ', prone' : ''}
                  {c.altitude ? `, ${c.altitude} up` : ''}
                  {h.hitPoints !== null ? ` (${h.hitPoints - h.damage} of ${h.hitPoints} left)` : ''}
                </td>
                <td>
                  <input
                    type="number"
                    class="small"
                    min="0"
                    disabled={!live()}
                    value={h.hitPoints ?? ''}
                    data-testid={`hp-${c.id}`}
                    onChange={(e) => {
                      const n = Number(e.currentTarget.value);
                      if (e.currentTarget.value.trim() !== '' && Number.isInteger(n) && n >= 0 && n !== h.hitPoints) editor.playAct({ kind: 'hit-points', creature: c.id, hitPoints: n });
                    }}
                  />
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </PanelSection>
  );
}
