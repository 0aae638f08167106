import { For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { sizeName, sizesOf, sizeSpaceText } from '../../src-shared/rules/sizes';
import type { Editor } from '../state/editor';

/**
 * The Place tool's palette, at the top of the properties panel (beside the map, never over it):
 * every size the encounter's ruleset has, by the ruleset's own names, with what each takes on the
 * grid in the tooltip. The chosen size is what the next click places.
 */
export function CreaturePalette(props: { editor: Editor }) {
  const editor = props.editor;
  const sizes = () => {
    const d = editor.doc();
    return d ? sizesOf(d.ruleset) : [];
  };
  return (
    <Show when={editor.doc()}>
      {(d) => (
        <section class="tool-options" data-testid="creature-sizes">
          <h2>Creature size</h2>
          <div class="creature-sizes" role="radiogroup" aria-label={`Creature size (${RULESETS[d().ruleset].name})`} data-testid="creature-palette">
            <For each={sizes()}>
              {(size) => (
                <button
                  class="size-choice"
                  role="radio"
                  aria-checked={editor.placeSize() === size}
                  classList={{ active: editor.placeSize() === size, wide: sizeName(d().ruleset, size).length > 16 }}
                  title={`${sizeName(d().ruleset, size)}: ${sizeSpaceText(d().ruleset, size)} (${RULESETS[d().ruleset].name}). Click a square to place one.`}
                  data-testid={`size-${size}`}
                  onClick={() => editor.setPlaceSize(size)}
                >
                  {sizeName(d().ruleset, size)}
                </button>
              )}
            </For>
          </div>
          <p class="hint small">Click a square to place one; it is refused, with the reason, where {RULESETS[d().ruleset].name} does not let it stand.</p>
        </section>
      )}
    </Show>
  );
}
