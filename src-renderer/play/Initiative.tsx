import { createSignal, For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { initiativeDice, type InitiativeEntry } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** The initiative order: rolled or entered, reordered for ties and delays, and the seed before the first roll. */
export function Initiative(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  // What the GM typed per creature, by creature id: a Map, so an id such as `constructor` reads as
  // nothing typed rather than as an object's inherited member (issue 17 › Structure).
  const [scores, setScores] = createSignal<ReadonlyMap<string, string>>(new Map());
  const [mods, setMods] = createSignal<ReadonlyMap<string, string>>(new Map());
  const typed = (old: ReadonlyMap<string, string>, id: string, text: string) => new Map(old).set(id, text);
  const [dice, setDice] = createSignal('');
  const [seed, setSeed] = createSignal('');
  const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

  const roll = () => {
    // Object.fromEntries makes each id an own key (an assignment to `__proto__` would not).
    const modifiers: Record<string, number> = Object.fromEntries([...mods()].filter(([, v]) => num(v) !== null && Number.isFinite(num(v))).map(([id, v]) => [id, num(v)!]));
    editor.playAct({ kind: 'roll-initiative', modifiers, ...(dice().trim() ? { dice: dice().trim() } : {}) });
  };
  const enter = () => {
    const entered: Record<string, number> = Object.fromEntries(state().board.creatures.flatMap((c) => {
      const v = num(scores().get(c.id));
      return v === null ? [] : [[c.id, v]];
    }));
    editor.playAct({ kind: 'initiative', scores: entered });
  };
  /** Moves a creature up or down the order (ties, delaying): the `order` action, in the log. */
  const shift = (i: number, by: number) => {
    const order = state().order.map((o) => o.creature);
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j]!, order[i]!];
    editor.playAct({ kind: 'order', order });
  };
  const tied = (e: InitiativeEntry) => state().ties.some((t) => t.includes(e.creature));

  return (
    <PanelSection id="initiative" testid="play-initiative" title="Initiative">
      <Show
        when={state().order.length}
        fallback={
          <>
            <table class="play-table">
              <thead>
                <tr>
                  <th>Creature</th>
                  <th title="Added to the rolled die">Mod</th>
                  <th title="Or enter the score itself">Score</th>
                </tr>
              </thead>
              <tbody>
                <For each={state().board.creatures}>
                  {(c) => (
                    <tr>
                      <td>{c.name}</td>
                      <td>
                        <input type="number" class="small" aria-label={`${c.name}'s initiative modifier`} data-testid={`init-mod-${c.id}`} value={mods().get(c.id) ?? ''} onInput={(e) => setMods(typed(mods(), c.id, e.currentTarget.value))} />
                      </td>
                      <td>
                        <input type="number" class="small" aria-label={`${c.name}'s initiative score`} data-testid={`init-score-${c.id}`} value={scores().get(c.id) ?? ''} onInput={(e) => setScores(typed(scores(), c.id, e.currentTarget.value))} />
                      </td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
            <Show when={!state().board.creatures.length}>
              {/* A fight needs fighters: say where they come from rather than offer a roll for nobody. */}
              <p class="hint" data-testid="play-no-creatures">
                No creatures to play yet. Press F5 to return to Edit, place them with the Place a creature tool (C), then press F5 again.
              </p>
            </Show>
            <div class="play-buttons">
              <input type="text" class="small" aria-label="Initiative die" data-testid="play-initiative-die" placeholder={initiativeDice(state().board.ruleset)} title="The die rolled for each creature (the ruleset's usual one)" value={dice()} onInput={(e) => setDice(e.currentTarget.value)} />
              <button class="primary" data-testid="play-roll-initiative" disabled={!state().board.creatures.length} title="Roll each creature's die plus its modifier, with the session's seeded dice" onClick={roll}>
                Roll
              </button>
              <button data-testid="play-enter-initiative" disabled={!state().board.creatures.length} title="Use the scores entered" onClick={enter}>
                Use scores
              </button>
            </div>
            <Show when={!editor.playSession()?.log.length}>
              <label class="field inline">
                <span>Seed</span>
                <input
                  type="number"
                  class="small"
                  data-testid="play-seed"
                  placeholder={String(editor.playSession()?.seed ?? '')}
                  value={seed()}
                  onChange={(e) => {
                    setSeed(e.currentTarget.value);
                    const n = Number(e.currentTarget.value);
                    if (e.currentTarget.value.trim() !== '' && Number.isInteger(n)) editor.setPlaySeed(n);
                  }}
                />
              </label>
            </Show>
          </>
        }
      >
        <ol class="play-order" data-testid="play-order">
          <For each={editor.playShown()?.order ?? state().order}>
            {(e, i) => (
              <li classList={{ current: e.creature === editor.playShown()?.current, tied: tied(e) }} data-creature={e.creature}>
                <span class="order-name">{e.name}</span>
                <span class="order-score" title={e.roll !== undefined ? `rolled ${e.roll}${e.modifier ? ` ${e.modifier > 0 ? '+' : ''}${e.modifier}` : ''}` : 'entered'}>
                  {e.score}
                </span>
                <span class="order-moves">
                  <button class="icon-button" title="Earlier in the order (ties, delaying)" aria-label={`Move ${e.name} earlier in the order`} data-testid={`order-up-${e.creature}`} disabled={i() === 0 || editor.playViewAt() !== null} onClick={() => shift(i(), -1)}>
                    ▴
                  </button>
                  <button class="icon-button" title="Later in the order" aria-label={`Move ${e.name} later in the order`} data-testid={`order-down-${e.creature}`} disabled={i() === state().order.length - 1 || editor.playViewAt() !== null} onClick={() => shift(i(), 1)}>
                    ▾
                  </button>
                  <button class="icon-button" title="Remove from the initiative (it stays on the map)" aria-label={`Remove ${e.name} from the initiative`} data-testid={`play-leave-${e.creature}`} disabled={editor.playViewAt() !== null} onClick={() => editor.playAct({ kind: 'leave-initiative', creature: e.creature })}>
                    ×
                  </button>
                </span>
                <Show when={e.waiting}>
                  {(w) => (
                    <span class="order-waiting" data-testid={`order-waiting-${e.creature}`}>
                      {w().how === 'delay' ? 'delaying' : `ready: ${(w() as { trigger: string }).trigger}`}{' '}
                      <button
                        data-testid={`play-act-now-${e.creature}`}
                        disabled={editor.playViewAt() !== null}
                        title={w().how === 'delay' ? 'It takes its turn now, before the creature whose turn it is' : 'The readied action fires now, during this turn (move it out of turn as a reaction)'}
                        onClick={() => editor.playAct({ kind: 'act-now', creature: e.creature })}
                      >
                        Act now
                      </button>
                    </span>
                  )}
                </Show>
              </li>
            )}
          </For>
        </ol>
        <Show when={state().ties.length}>
          <p class="hint">Tied scores are marked: {RULESETS[state().board.ruleset].text} gives no tie-break, so order them with the arrows.</p>
        </Show>
        <JoinInitiative editor={editor} />
      </Show>
    </PanelSection>
  );
}

/** Adds a creature already on the map to the initiative, with a score (the `join-initiative` action). */
function JoinInitiative(props: { editor: Editor }) {
  const editor = props.editor;
  const outside = () => {
    const s = editor.playState();
    if (!s) return [];
    const inOrder = new Set(s.order.map((o) => o.creature));
    return s.board.creatures.filter((c) => !inOrder.has(c.id));
  };
  const [chosen, setChosen] = createSignal('');
  const [score, setScore] = createSignal('');
  const who = () => (outside().some((c) => c.id === chosen()) ? chosen() : (outside()[0]?.id ?? ''));
  const join = () => {
    const n = Number(score());
    if (score().trim() === '' || !Number.isFinite(n)) {
      editor.setPlayRefusal({ reason: 'Enter the initiative score the creature joins with.', at: null });
      return;
    }
    if (editor.playAct({ kind: 'join-initiative', creature: who(), score: n })) setScore('');
  };
  return (
    <Show when={outside().length}>
      <div class="play-buttons" data-testid="play-join">
        <select aria-label="Creature to add to the initiative" data-testid="play-join-creature" value={who()} onChange={(e) => setChosen(e.currentTarget.value)}>
          <For each={outside()}>{(c) => <option value={c.id}>{c.name}</option>}</For>
        </select>
        <input type="number" class="small" aria-label="Its initiative score" placeholder="score" data-testid="play-join-score" value={score()} onInput={(e) => setScore(e.currentTarget.value)} />
        <button data-testid="play-join-add" disabled={editor.playViewAt() !== null} title="Add it to the order after every creature with a higher or equal score" onClick={join}>
          Add to the initiative
        </button>
      </div>
    </Show>
  );
}
