import { For, Show } from 'solid-js';
import { Dialog } from '../components/Dialog';
import type { Editor } from '../state/editor';
import { DistributionChart } from './DistributionChart';

/** A fall just resolved in play: what happened, the dice rolled, and the damage's distribution. */
export function FallDialog(props: { editor: Editor }) {
  const e = () => props.editor.fallEntry()!;
  const close = () => props.editor.setFallEntry(null);
  return (
    <Dialog title="A fall" onClose={close} testId="fall-dialog">
      <p data-testid="fall-text">{e().text}</p>
      <Show when={e().dice.length} fallback={<p class="hint">No dice: the text leaves this fall's damage to the GM (enter it in the log panel if any).</p>}>
        <ul class="fall-dice">
          <For each={e().dice}>
            {(d) => (
              <li data-testid="fall-dice">
                {d.what}: <strong>{d.dice}</strong> rolled {d.rolls.join(', ')} = <strong>{d.total}</strong>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={e().distribution?.length}>
        <DistributionChart distribution={e().distribution!} rolled={e().dice[0]?.total} testId="fall-chart" />
      </Show>
      <p class="hint">{e().rules.map((r) => r.display).join(' · ')}</p>
      <div class="dialog-actions">
        <button class="primary" data-testid="fall-ok" onClick={close}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
