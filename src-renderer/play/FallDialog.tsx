import { For, Show } from 'solid-js';
import { rulesBesideText } from '../../src-shared/play';
import { Dialog } from '../ui/Dialog';
import type { Editor } from '../state/editor';
import { DistributionChart } from './DistributionChart';

/** A fall just resolved in play: what happened, the dice rolled, and the damage's distribution. */
export function FallDialog(props: { editor: Editor }) {
  const e = () => props.editor.fallEntry()!;
  const close = () => props.editor.setFallEntry(null);
  return (
    <Dialog title="A fall" onClose={close} testId="fall-dialog">
      {/* The entry says why no dice were rolled (too short a fall to hurt, or the text leaves it to the
          GM): the line below only says none were, so the two never disagree. */}
      <p data-testid="fall-text">{e().text}</p>
      <Show when={e().dice.length} fallback={<p class="hint" data-testid="fall-no-dice">No dice rolled.</p>}>
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
      {/* A chart only for dice rolled: a fall the text leaves to the GM (6d6) or too short to hurt has
          one total, 0, and drew an empty "Damage 0–0". */}
      <Show when={e().dice.length && e().distribution?.length}>
        <DistributionChart distribution={e().distribution!} rolled={e().dice[0]?.total} testId="fall-chart" />
      </Show>
      <p class="hint">{rulesBesideText(e()).map((r) => r.display).join(' · ')}</p>
      <div class="dialog-actions">
        <button class="primary" data-testid="fall-ok" onClick={close}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
