import { createSignal, For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** Attacks of opportunity waiting for the GM: hit (with damage) or miss, each a log entry. */
export function PendingAttacks(props: { editor: Editor }) {
  const editor = props.editor;
  const open = () => (editor.playShown()?.pending ?? []).filter((p) => p.status === 'open');
  // The damage typed per attack, by pending attack id (a Map, as per-creature state is).
  const [damage, setDamage] = createSignal<ReadonlyMap<string, string>>(new Map());
  const live = () => editor.playViewAt() === null;
  // An empty box is no damage entered (the log says so), not 0 damage.
  const hitDamage = (id: string): { damage?: number } => {
    const typed = (damage().get(id) ?? '').trim();
    return typed === '' || !Number.isFinite(Number(typed)) ? {} : { damage: Number(typed) };
  };
  return (
    <Show when={open().length}>
      <PanelSection id="pending" testid="play-pending" title="Attacks of opportunity">
        <ul class="pending">
          <For each={open()}>
            {(p) => (
              <li data-pending={p.id}>
                <div>
                  <strong>{p.attackerName}</strong> may attack <strong>{p.targetName}</strong> at {p.at.x},{p.at.y}
                  <span class="hint"> ({p.rule.display})</span>
                </div>
                <div class="play-buttons">
                  <input type="number" class="small" min="0" placeholder="dmg" title="Damage on a hit" value={damage().get(p.id) ?? ''} onInput={(e) => setDamage(new Map(damage()).set(p.id, e.currentTarget.value))} />
                  <button disabled={!live()} data-testid={`aoo-hit-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'hit', ...hitDamage(p.id) })}>
                    Hit
                  </button>
                  <button disabled={!live()} data-testid={`aoo-miss-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'miss' })}>
                    Miss
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </PanelSection>
    </Show>
  );
}
