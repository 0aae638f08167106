import { createSignal, For, Show } from 'solid-js';
import { TURN_ECONOMY, type OutOfTurn as Why, type Square } from '../../src-shared/play';
import type { MoveAction } from '../../src-shared/rules';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/**
 * Squares as the GM types them, `7,3 6,3` (top-left squares in order, as the log prints them), with
 * `x,y,z` for a flight's altitude; or what is wrong with the text.
 */
export function squaresFromText(text: string): { squares: Square[] } | { problem: string } {
  const parts = text.trim().split(/[\s;]+/).filter(Boolean);
  if (!parts.length) return { problem: 'Type the squares to move through, e.g. 7,3 6,3.' };
  const squares: Square[] = [];
  for (const part of parts) {
    const m = /^(-?\d+),(-?\d+)(?:,(\d+(?:\.\d+)?))?$/.exec(part);
    if (!m) return { problem: `"${part}" is not a square: write x,y (or x,y,altitude for a flight).` };
    squares.push({ x: Number(m[1]), y: Number(m[2]), ...(m[3] !== undefined ? { z: Number(m[3]) } : {}) });
  }
  return { squares };
}

/**
 * A move out of turn (a GM correction or a reaction) for any creature: the squares typed, checked by
 * the same rules as a move on the creature's own turn; the current turn is untouched.
 */
export function OutOfTurn(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const [who, setWho] = createSignal('');
  const [why, setWhy] = createSignal<Why>('correction');
  const [action, setAction] = createSignal<MoveAction>('move');
  const [path, setPath] = createSignal('');
  const creatureId = () => (state().board.creatures.some((c) => c.id === who()) ? who() : (state().board.creatures[0]?.id ?? ''));
  // The ruleset's own movements (standing up is no path).
  const actions = () => Object.entries(TURN_ECONOMY[state().board.ruleset].actions).filter(([a]) => a !== 'stand-up') as [MoveAction, { label: string }][];
  const move = () => {
    const typed = squaresFromText(path());
    if ('problem' in typed) {
      editor.setPlayRefusal({ reason: typed.problem, at: null });
      return;
    }
    const flight = typed.squares.some((p) => p.z !== undefined);
    if (editor.playAct({ kind: 'move-out-of-turn', outOfTurn: why(), creature: creatureId(), action: action(), path: typed.squares, ...(flight ? { mode: 'fly' as const } : {}) })) setPath('');
  };
  return (
    <Show when={state().round > 0 && state().board.creatures.length}>
      <PanelSection id="out-of-turn" testid="play-out-of-turn" title="Move out of turn">
        <fieldset class="play-effect-form" disabled={editor.playViewAt() !== null}>
          <legend>A creature whose turn it is not</legend>
          <label class="field">
            <span>Creature</span>
            <select data-testid="oot-creature" value={creatureId()} onChange={(e) => setWho(e.currentTarget.value)}>
              <For each={state().board.creatures}>{(c) => <option value={c.id}>{c.name}</option>}</For>
            </select>
          </label>
          <div role="radiogroup" aria-label="Why it moves out of turn">
            <label class="check">
              <input type="radio" name="oot-why" data-testid="oot-correction" checked={why() === 'correction'} onChange={() => setWhy('correction')} /> GM correction
            </label>
            <label class="check">
              <input type="radio" name="oot-why" data-testid="oot-reaction" checked={why() === 'reaction'} onChange={() => setWhy('reaction')} /> Reaction
            </label>
          </div>
          <label class="field">
            <span>Movement</span>
            <select data-testid="oot-action" value={action()} onChange={(e) => setAction(e.currentTarget.value as MoveAction)}>
              <For each={actions()}>{([a, rule]) => <option value={a}>{rule.label}</option>}</For>
            </select>
          </label>
          <label class="field">
            <span>Squares</span>
            <input type="text" placeholder="7,3 6,3 (x,y,altitude to fly)" data-testid="oot-path" value={path()} onInput={(e) => setPath(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && (e.stopPropagation(), move())} />
          </label>
          <div class="play-buttons">
            <button data-testid="oot-move" title="Checked as a move on its own turn; the current turn's movement is untouched" onClick={move}>
              Move out of turn
            </button>
          </div>
        </fieldset>
      </PanelSection>
    </Show>
  );
}
