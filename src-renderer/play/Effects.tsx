import { createSignal, For, Show } from 'solid-js';
import { conditionRule, CONDITIONS, type PlayEffect, type PlayState, type TurnEdge } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** An effect as the list shows it: on whom, and how long it has left. */
function effectText(state: PlayState, f: PlayEffect): string {
  const name = (id: string) => state.board.creatures.find((c) => c.id === id)?.name ?? id;
  const condition = f.condition ? ` (${conditionRule(state.board.ruleset, f.condition)?.label.toLowerCase() ?? f.condition})` : '';
  if (f.kind === 'duration') return `${f.name}${condition} on ${name(f.on)} — until the ${f.edge} of ${name(f.turnOf)}'s turn, round ${f.round}`;
  const what = f.damage ? `${f.damage}${f.nonlethal ? ' nonlethal' : ''} damage${condition} to ${name(f.on)}` : `${condition.trim() || 'fires'} on ${name(f.on)}`;
  return `${f.name}: ${what} at each round's end${f.left === null ? '' : `, ${f.left} more`}`;
}

/**
 * Effects in play (ruleset-neutral GM tools): the list with what each has left and an End button, and
 * a form for a new one — a named effect (with a condition the ruleset names, or none) lasting some
 * rounds, ending at the start or the end of a named creature's turn, or damage and/or a condition that
 * fire at every round's end. Each is a log entry.
 */
export function Effects(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const live = () => editor.playViewAt() === null;
  const shownEffects = () => editor.playShown()?.effects ?? [];
  const [name, setName] = createSignal('');
  const [on, setOn] = createSignal('');
  const [timing, setTiming] = createSignal<'duration' | 'round-end'>('duration');
  const [rounds, setRounds] = createSignal('1');
  const [edge, setEdge] = createSignal<TurnEdge>('start');
  const [turnOf, setTurnOf] = createSignal('');
  const [damage, setDamage] = createSignal('');
  const [nonlethal, setNonlethal] = createSignal(false);
  const [times, setTimes] = createSignal('');
  const [condition, setCondition] = createSignal('');
  // The choices fall back to the first creature while the GM has not picked one.
  const onId = () => (state().board.creatures.some((c) => c.id === on()) ? on() : (state().board.creatures[0]?.id ?? ''));
  const turnOfId = () => (state().order.some((o) => o.creature === turnOf()) ? turnOf() : (state().current ?? state().order[0]?.creature ?? ''));
  const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);

  const add = () => {
    const done =
      timing() === 'duration'
        ? editor.playAct({ kind: 'effect', on: onId(), name: name(), rounds: whole(rounds()), ends: edge(), turnOf: turnOfId(), ...(condition() ? { condition: condition() } : {}) })
        : editor.playAct({
            kind: 'round-end-effect',
            on: onId(),
            name: name(),
            ...(damage().trim() ? { damage: damage().trim() } : {}),
            ...(nonlethal() ? { nonlethal: true } : {}),
            ...(condition() ? { condition: condition() } : {}),
            ...(times().trim() ? { rounds: whole(times()) } : {}),
          });
    if (done) setName('');
  };

  return (
    <Show when={state().round > 0}>
      <PanelSection id="effects" testid="play-effects" title="Effects">
        <Show when={shownEffects().length} fallback={<p class="hint">No effects in play.</p>}>
          <ul class="play-effects" data-testid="play-effect-list">
            <For each={shownEffects()}>
              {(f) => (
                <li data-effect={f.id}>
                  <span>{effectText(editor.playShown()!, f)}</span>{' '}
                  <button class="link" data-testid={`play-end-effect-${f.id}`} disabled={!live()} title="End it now (a log entry)" onClick={() => editor.playAct({ kind: 'end-effect', effect: f.id })}>
                    End
                  </button>
                </li>
              )}
            </For>
          </ul>
        </Show>
        <fieldset class="play-effect-form" disabled={!live()} data-testid="play-effect-form">
          <legend>New effect</legend>
          <label class="field">
            <span>Name</span>
            <input type="text" maxLength={80} placeholder="e.g. Bless, Burning" data-testid="effect-name" value={name()} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <label class="field">
            <span>On</span>
            <select data-testid="effect-on" value={onId()} onChange={(e) => setOn(e.currentTarget.value)}>
              <For each={state().board.creatures}>{(c) => <option value={c.id}>{c.name}</option>}</For>
            </select>
          </label>
          <label class="field">
            <span>Condition</span>
            <select data-testid="effect-condition" value={condition()} onChange={(e) => setCondition(e.currentTarget.value)} title="A condition the ruleset's text names: set with the effect (cleared when a lasting one ends), or set each time a round's-end one fires">
              <option value="">none</option>
              <For each={CONDITIONS[state().board.ruleset]}>{(r) => <option value={r.id}>{r.label}</option>}</For>
            </select>
          </label>
          <div role="radiogroup" aria-label="When it ends or fires">
            <label class="check">
              <input type="radio" name="effect-timing" data-testid="effect-timing-duration" checked={timing() === 'duration'} onChange={() => setTiming('duration')} /> Lasts some rounds
            </label>
            <label class="check">
              <input type="radio" name="effect-timing" data-testid="effect-timing-round-end" checked={timing() === 'round-end'} onChange={() => setTiming('round-end')} /> Fires at each round's end
            </label>
          </div>
          <Show
            when={timing() === 'duration'}
            fallback={
              <>
                <label class="field">
                  <span>Damage</span>
                  <input type="text" class="small" maxLength={32} placeholder="1d6 or 3" data-testid="effect-damage" value={damage()} onInput={(e) => setDamage(e.currentTarget.value)} />
                </label>
                <label class="check">
                  <input type="checkbox" data-testid="effect-nonlethal" checked={nonlethal()} onChange={(e) => setNonlethal(e.currentTarget.checked)} /> nonlethal
                </label>
                <label class="field">
                  <span>Times</span>
                  <input type="number" class="small" min="1" placeholder="until ended" data-testid="effect-times" value={times()} onInput={(e) => setTimes(e.currentTarget.value)} />
                </label>
              </>
            }
          >
            <label class="field">
              <span>Rounds</span>
              <input type="number" class="small" min="0" data-testid="effect-rounds" value={rounds()} onInput={(e) => setRounds(e.currentTarget.value)} />
            </label>
            <label class="field">
              <span>Ends at the</span>
              <select data-testid="effect-edge" value={edge()} onChange={(e) => setEdge(e.currentTarget.value as TurnEdge)}>
                <option value="start">start</option>
                <option value="end">end</option>
              </select>
            </label>
            <label class="field">
              <span>of the turn of</span>
              <select data-testid="effect-turn-of" value={turnOfId()} onChange={(e) => setTurnOf(e.currentTarget.value)}>
                <For each={state().order}>{(o) => <option value={o.creature}>{o.name}</option>}</For>
              </select>
            </label>
          </Show>
          <div class="play-buttons">
            <button class="primary" data-testid="effect-add" onClick={add}>
              Add effect
            </button>
          </div>
        </fieldset>
      </PanelSection>
    </Show>
  );
}
