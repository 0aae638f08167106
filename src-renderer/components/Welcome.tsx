import { For, onMount, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { displayKeys } from '../state/actions';
import { SAMPLES } from '../state/samples';
import { RULESETS, type RulesetId } from '../../src-shared/model';

export function Welcome(props: { editor: Editor }) {
  const editor = props.editor;
  onMount(() => void editor.refreshRecent());
  return (
    <section class="welcome" data-testid="welcome">
      <h1>Encounter Builder</h1>
      <p class="muted">Paint a battle map, place creatures, and see exactly where they can go.</p>
      <div class="welcome-actions">
        <button class="primary big" data-testid="welcome-new" onClick={() => editor.setDialog('new')}>
          New encounter… <kbd>{displayKeys('Mod+N')}</kbd>
        </button>
        <button class="big" data-testid="welcome-open" onClick={() => void editor.open()}>
          Open… <kbd>{displayKeys('Mod+O')}</kbd>
        </button>
        {/* library hook */}
        <button class="big" data-testid="welcome-library" onClick={() => editor.openLibrary()}>
          Library… <kbd>{displayKeys('Mod+L')}</kbd>
        </button>
      </div>
      <h2>Samples</h2>
      <ul class="recent-list" data-testid="samples">
        <For each={SAMPLES}>
          {(sample) => (
            <li>
              <button class="link" title={sample.file} onClick={() => void editor.openSample(sample.file, sample.text)}>
                {sample.title} <span class="muted">({RULESETS[sample.ruleset as RulesetId]?.name ?? sample.ruleset})</span>
              </button>
            </li>
          )}
        </For>
      </ul>
      <Show when={editor.recent().length}>
        <h2>Recent</h2>
        <ul class="recent-list">
          <For each={editor.recent()}>
            {(ref) => (
              <li>
                <button class="link" title={ref.id} onClick={() => void editor.openRecent(ref)}>
                  {ref.name}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
