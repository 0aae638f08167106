import { createEffect, createSignal, For, Show } from 'solid-js';
import { diceRollText, rulesBesideText } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { DistributionChart } from './DistributionChart';

/**
 * The event log: every entry in plain words with the rules cited and the dice. Click an entry to see
 * the board at that moment; undone entries stay greyed (Redo brings them back, a new action drops them).
 * "Undo this action" (or Delete on a focused entry; the log is one Tab stop, ↑ ↓ move in it) takes one
 * earlier entry out and keeps the rest where still legal; the line as it was is listed under "Lines set
 * aside", to go back to.
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
  let list!: HTMLOListElement;
  // Keep the entry in effect (the newest, or the last one not undone) in view, its first line
  // included: a short window's log is a few lines tall, and scrolling to the very end showed only
  // the tail of a long entry, or greyed undone ones.
  createEffect(() => {
    editor.playEntries().length;
    const last = cursor() - 1;
    if (editor.playViewAt() === null) queueMicrotask(() => list && showEntry(list, last));
  });
  const branches = () => editor.playSession()?.branches ?? [];
  const [focusAt, setFocusAt] = createSignal<number | null>(null);
  const tabStop = () => Math.max(0, Math.min(focusAt() ?? cursor() - 1, editor.playEntries().length - 1));
  function focusEntry(index: number): void {
    list?.querySelector<HTMLElement>(`[data-index="${Math.max(0, Math.min(index, editor.playEntries().length - 1))}"]`)?.focus();
  }
  function toggle(index: number): void {
    editor.showPlayEntry(editor.playViewAt() === index ? null : index);
    setOpen(open() === index ? null : index);
  }
  function undoThis(index: number): void {
    if (editor.replaying()) return;
    if (editor.undoPlayEntry(index)) {
      setOpen(null);
      // The keyboard stays in the log: on the entry now at that place, or the last one.
      queueMicrotask(() => focusEntry(index));
    }
  }
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
              // One Tab stop for the whole log (the entry in effect, or the last one focused); the arrows move in it.
              tabIndex={tabStop() === e.index ? 0 : -1}
              aria-label={`Entry ${e.index + 1}: ${e.text}`}
              title="Click (or Enter) to see the board after this entry; Delete undoes this action alone; ↑ ↓ move through the log"
              onFocus={() => setFocusAt(e.index)}
              onClick={() => toggle(e.index)}
              onKeyDown={(ev) => {
                // The entry's own keys, kept from the app's (Delete there deletes creatures, arrows pan).
                if (ev.target !== ev.currentTarget || ev.ctrlKey || ev.metaKey || ev.altKey) return;
                if (ev.key === 'Enter') toggle(e.index);
                else if (ev.key === 'Delete' || ev.key === 'Backspace') undoThis(e.index);
                else if (ev.key === 'ArrowUp' || ev.key === 'ArrowDown') focusEntry(e.index + (ev.key === 'ArrowUp' ? -1 : 1));
                else if (ev.key === 'Home' || ev.key === 'End') focusEntry(ev.key === 'Home' ? 0 : editor.playEntries().length - 1);
                else return;
                ev.preventDefault();
                ev.stopPropagation();
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
              <Show when={open() === e.index && !editor.replaying()}>
                <button
                  class="link"
                  data-testid="play-undo-entry"
                  title="Take this action out and keep the later ones that are still legal (Delete); the line as it was is kept under Lines set aside"
                  onClick={(ev) => (ev.stopPropagation(), undoThis(e.index))}
                >
                  Undo this action
                </button>
              </Show>
            </li>
          )}
        </For>
      </ol>
      <Show when={branches().length}>
        <details class="play-branches" data-testid="play-branches" open>
          <summary>Lines set aside ({branches().length})</summary>
          <ol>
            <For each={branches()}>
              {(b, i) => (
                <li data-testid="play-branch">
                  <div>
                    {b.note}: {b.log.length} {b.log.length === 1 ? 'entry' : 'entries'}, parting at entry {b.at + 1}.
                  </div>
                  <For each={b.left}>{(l) => <div class="hint" data-testid="play-branch-left">Entry {l.index + 1} no longer applied: {l.reason}</div>}</For>
                  <button class="link" data-testid="play-branch-go" disabled={editor.replaying()} title="Play this line again; the line in play is set aside in its place" onClick={() => editor.goToPlayBranch(i())}>
                    Go back to this line
                  </button>
                </li>
              )}
            </For>
          </ol>
        </details>
      </Show>
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
    </section>
  );
}
