import { createEffect, createSignal, For, Show } from 'solid-js';
import { diceRollText, rulesBesideText } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { DistributionChart } from './DistributionChart';

/**
 * The event log: every entry in plain words with the rules cited and the dice. Click an entry to see
 * the board at that moment; undone entries stay greyed (Redo brings them back, a new action drops them).
 */
/** Scrolls the log so entry `index` is in view: whole if it fits, else from its first line. */
export function showEntry(list: HTMLElement, index: number): void {
  const item = list.querySelector<HTMLElement>(`[data-index="${index}"]`);
  if (!item) {
    list.scrollTop = index < 0 ? 0 : list.scrollHeight;
    return;
  }
  const top = item.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  const bottom = top + item.offsetHeight;
  list.scrollTop = bottom - top > list.clientHeight ? top : Math.max(0, bottom - list.clientHeight);
}

export function PlayLog(props: { editor: Editor }) {
  const editor = props.editor;
  const cursor = () => editor.playSession()?.cursor ?? 0;
  const [open, setOpen] = createSignal<number | null>(null);
  const [who, setWho] = createSignal('');
  const [amount, setAmount] = createSignal('');
  let list!: HTMLOListElement;
  // Keep the entry in effect (the newest, or the last one not undone) in view, its first line
  // included: a short window's log is a few lines tall, and scrolling to the very end showed only
  // the tail of a long entry, or greyed undone ones.
  createEffect(() => {
    editor.playEntries().length;
    const last = cursor() - 1;
    if (editor.playViewAt() === null) queueMicrotask(() => list && showEntry(list, last));
  });
  const creatures = () => editor.playState()?.board.creatures ?? [];
  return (
    <section data-testid="play-log-panel">
      <h2>Log</h2>
      <ol class="play-log" ref={list} data-testid="play-log">
        <For each={editor.playEntries()} fallback={<li class="hint">Nothing played yet.</li>}>
          {(e) => (
            <li
              classList={{ undone: e.index >= cursor(), viewing: editor.playViewAt() === e.index, refused: !!e.refused }}
              data-index={e.index}
              data-testid="play-log-entry"
              title="Click to see the board after this entry"
              onClick={() => {
                editor.showPlayEntry(editor.playViewAt() === e.index ? null : e.index);
                setOpen(open() === e.index ? null : e.index);
              }}
            >
              <div class="entry-head">
                <span class="entry-n">{e.index + 1}.</span>
                <span class="entry-round">{e.round ? `R${e.round}` : ''}</span>
                <span class="entry-text">{e.text}</span>
              </div>
              {/* Only the rules the entry's words do not already quote: each cited once. */}
              <Show when={rulesBesideText(e).length}>
                <div class="entry-rules">{rulesBesideText(e).map((r) => r.display).join(' · ')}</div>
              </Show>
              <Show when={e.dice.length}>
                <div class="entry-dice">{e.dice.map((d) => `${d.what}: ${diceRollText(d)}`).join('; ')}</div>
              </Show>
              <Show when={open() === e.index && e.dice.length && e.distribution?.length}>
                <DistributionChart distribution={e.distribution!} rolled={e.dice[0]?.total} width={220} height={50} />
              </Show>
              <Show when={open() === e.index && e.index < cursor() - 1}>
                <button class="link" title="Undo back to here: the later entries can be redone" onClick={(ev) => (ev.stopPropagation(), editor.goToPlayEntry(e.index), setOpen(null))}>
                  Undo back to here
                </button>
              </Show>
            </li>
          )}
        </For>
      </ol>
      <div class="play-buttons">
        <button data-testid="play-replay" disabled={!cursor() || editor.replaying()} title="Play the whole fight again from the planned layout with the same seed" onClick={() => editor.replayPlay()}>
          ⟲ Replay
        </button>
        <button data-testid="play-export-text" disabled={!editor.playEntries().length} title="Save the log as plain text" onClick={() => void editor.exportPlayLog('text')}>
          Export .txt
        </button>
        <button data-testid="play-export-md" disabled={!editor.playEntries().length} title="Save the log as Markdown" onClick={() => void editor.exportPlayLog('markdown')}>
          Export .md
        </button>
      </div>
      <Show when={editor.playState()?.round}>
        <div class="play-buttons" title="Damage the GM decides (an attack, a fall the text leaves to the GM)">
          <select class="small" value={who()} onChange={(e) => setWho(e.currentTarget.value)} data-testid="damage-who">
            {/* `selected` per option: every action makes new creature objects, so the options are
                drawn anew and the select fell back to "Damage to…" while Add still meant the creature
                chosen before. */}
            <option value="" selected={!who()}>
              Damage to…
            </option>
            <For each={creatures()}>
              {(c) => (
                <option value={c.id} selected={who() === c.id}>
                  {c.name}
                </option>
              )}
            </For>
          </select>
          <input type="number" class="small" min="0" value={amount()} onInput={(e) => setAmount(e.currentTarget.value)} data-testid="damage-amount" />
          <button
            disabled={!who() || amount() === '' || editor.playViewAt() !== null}
            data-testid="damage-add"
            onClick={() => {
              if (editor.playAct({ kind: 'damage', creature: who(), amount: Number(amount()) })) setAmount('');
            }}
          >
            Add
          </button>
        </div>
      </Show>
    </section>
  );
}
