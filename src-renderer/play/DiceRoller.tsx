import { createSignal, For, Show } from 'solid-js';
import { diceRollText } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/**
 * The GM's dice roller: an expression (`2d6+3`, `4d6kh3`) and what it is for; Enter rolls it into the
 * log with the session's seeded dice, or Damage rolls it as damage to the chosen creature; the latest
 * rolls are listed, a typo is answered beside the field.
 */
export function DiceRoller(props: { editor: Editor }) {
  const editor = props.editor;
  const [dice, setDice] = createSignal('');
  const [what, setWhat] = createSignal('');
  const [target, setTarget] = createSignal('');
  const [problem, setProblem] = createSignal<string | null>(null);
  const live = () => editor.playViewAt() === null;
  const creatures = () => editor.playState()?.board.creatures ?? [];
  const roll = () => setProblem(editor.rollDice(dice(), what()));
  const damage = () => setProblem(editor.rollDamage(target(), dice()));
  return (
    <PanelSection id="dice" testid="play-dice" title="Dice roller">
      <div class="play-buttons" onKeyDown={(e) => e.key === 'Enter' && live() && (e.preventDefault(), roll())}>
        <input class="small" aria-label="Dice" placeholder="2d6+3" title="Dice like 2d6+3, 4d6kh3 (keep the highest 3), 2d20kl1 (keep the lowest)" value={dice()} data-testid="dice-expression" onInput={(e) => (setDice(e.currentTarget.value), setProblem(null))} />
        <input class="small" aria-label="For" placeholder="for…" title="What the roll is for (optional), as the log says it" value={what()} data-testid="dice-what" onInput={(e) => setWhat(e.currentTarget.value)} />
        <button disabled={!live()} data-testid="dice-roll" onClick={roll}>
          Roll
        </button>
      </div>
      <div class="play-buttons">
        <select class="small" aria-label="Damage to" value={target()} data-testid="dice-target" onChange={(e) => setTarget(e.currentTarget.value)}>
          <option value="">damage to…</option>
          <For each={creatures()}>{(c) => <option value={c.id}>{c.name}</option>}</For>
        </select>
        <button disabled={!live() || !target()} data-testid="dice-damage" title="Roll the dice as damage to this creature" onClick={damage}>
          Damage
        </button>
      </div>
      <Show when={problem()}>
        <p class="error" role="alert" data-testid="dice-problem">
          {problem()}
        </p>
      </Show>
      <Show when={editor.recentRolls().length}>
        <ol class="hint" reversed data-testid="dice-recent">
          <For each={editor.recentRolls()}>
            {(e) => (
              <li>
                {e.dice[0]!.what}: {diceRollText(e.dice[0]!)}
              </li>
            )}
          </For>
        </ol>
      </Show>
    </PanelSection>
  );
}
