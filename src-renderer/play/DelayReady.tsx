import { createSignal, Show } from 'solid-js';
import type { Editor } from '../state/editor';

/**
 * The current creature's delay and ready (ruleset-neutral GM tools: none of the five movement chapters
 * has them). Delay passes the turn on now, before the creature has done anything; Ready records the
 * trigger the GM writes, and the Initiative list's Act now fires it later.
 */
export function DelayReady(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const own = () => state().order[state().turnIndex];
  const acted = () => {
    const t = state().turn;
    return t.moved || t.moveActions > 0 || t.fullRound || t.stepped;
  };
  const [trigger, setTrigger] = createSignal('');
  const ready = () => {
    const c = own();
    if (c && editor.playAct({ kind: 'ready', creature: c.creature, trigger: trigger() })) setTrigger('');
  };
  return (
    <Show when={own()}>
      {(c) => (
        <div class="play-buttons" data-testid="play-delay-ready">
          <button
            data-testid="play-delay"
            disabled={acted() || c().waiting?.how === 'ready'}
            title={acted() ? `${c().name} has already acted: it can only delay before doing anything` : c().waiting ? `${c().name} has readied an action: it waits for that` : `${c().name} acts later this round, when the GM says (Act now in the initiative)`}
            onClick={() => editor.playAct({ kind: 'delay', creature: c().creature })}
          >
            Delay
          </button>
          <Show
            when={c().waiting?.how !== 'ready'}
            fallback={
              <span class="hint" data-testid="play-readied">
                Readied: {(c().waiting as { trigger: string }).trigger}
              </span>
            }
          >
            <input type="text" aria-label="Trigger for the readied action" placeholder="trigger, e.g. when the orc comes in reach" maxLength={200} data-testid="play-ready-trigger" value={trigger()} onInput={(e) => setTrigger(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && (e.stopPropagation(), ready())} />
            <button data-testid="play-ready" disabled={!trigger().trim()} title="Ready an action for this trigger; Act now in the initiative fires it out of turn" onClick={ready}>
              Ready
            </button>
          </Show>
        </div>
      )}
    </Show>
  );
}
