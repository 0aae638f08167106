import { Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import { Areas } from './Areas';
import { DiceRoller } from './DiceRoller';
import { Effects } from './Effects';
import { ForcedMovement } from './ForcedMovement';
import { Health } from './Health';
import { Initiative } from './Initiative';
import { Lines } from './Lines';
import { OutOfTurn } from './OutOfTurn';
import { Overlays } from './Overlays';
import { PendingAttacks } from './PendingAttacks';
import { PlayLog } from './PlayLog';
import { Turn } from './Turn';

/**
 * Play mode's side panel: the round and the initiative order, the current creature's turn (movement
 * spent, the actions the ruleset leaves it, the path being drawn and what it provokes), attacks of
 * opportunity waiting for the GM, forced movement settings, and the event log. Each section is a file
 * of its own (Turn, Initiative, PendingAttacks, ForcedMovement, Lines, Overlays, Health, PlayLog); this
 * one only lays them out, the chosen tool's controls first.
 */
export function PlayPanel(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState();
  const shown = () => editor.playShown();
  const ruleset = () => state()?.board.ruleset ?? 'epic-path';
  const info = () => RULESETS[ruleset()];
  const head = () => shown() ?? state()!;
  const name = (id: string | null) => (id ? (head().board.creatures.find((c) => c.id === id)?.name ?? id) : '—');

  return (
    <aside class="properties play-panel" aria-label="Play" data-testid="play-panel">
      <Show when={state()}>
        <div class="play-main">
        <section class="play-head">
          {/* The round and turn of the board shown: an entry clicked in the log or a replay's step, not now. */}
          <div class="play-round" data-testid="play-round">
            {head().round === 0 ? 'Before the fight' : `Round ${head().round}`}
            <Show when={head().current}>
              {' · '}
              <strong data-testid="play-current">{name(head().current)}</strong>'s turn
            </Show>
          </div>
          <div class="play-buttons">
            <button data-testid="play-next-turn" disabled={!state()!.order.length || editor.playViewAt() !== null} title="End this turn (N or Ctrl+Enter)" onClick={() => editor.playAct({ kind: 'next-turn' })}>
              Next turn ▸
            </button>
            <button data-testid="play-undo" disabled={!editor.playCanUndo()} title="Undo the last log entry (Ctrl+Z)" onClick={() => editor.playUndo()}>
              Undo
            </button>
            <button data-testid="play-redo" disabled={!editor.playCanRedo()} title="Redo (Ctrl+Y)" onClick={() => editor.playRedo()}>
              Redo
            </button>
          </div>
        </section>
        <Show when={editor.playViewAt() !== null}>
          <div class="play-viewing" data-testid="play-viewing">
            <span>{editor.replaying() ? `Replaying… entry ${(editor.playViewAt() ?? -1) + 1}` : `The board after entry ${(editor.playViewAt() ?? 0) + 1}`}</span>
            <button class="link" data-testid="play-back-to-now" onClick={() => (editor.replaying() ? editor.stopReplay() : undefined, editor.showPlayEntry(null))}>
              Back to now
            </button>
          </div>
        </Show>
        <Show when={editor.playRefusal()}>
          <p class="play-refusal" role="alert" data-testid="play-refusal">
            {editor.playRefusal()!.reason}
            <button class="icon-button" aria-label="Dismiss" onClick={() => editor.setPlayRefusal(null)}>
              ×
            </button>
          </p>
        </Show>
        {/* The chosen tool's controls first, so they are in view without scrolling (a 900-pixel
            window hid the forced movement below the fold); then what waits for the GM. */}
        <Show when={editor.playTool() === 'play-move' && state()!.current && editor.playViewAt() === null}>
          <Turn editor={editor} />
        </Show>
        <Show when={editor.playTool() === 'play-forced'}>
          <ForcedMovement editor={editor} />
        </Show>
        <Show when={editor.playTool() === 'play-lines'}>
          <Lines editor={editor} />
        </Show>
        <Show when={editor.playTool() === 'play-area'}>
          <Areas editor={editor} />
        </Show>
        <Show when={editor.playTool() !== 'play-move' && state()!.current && editor.playViewAt() === null}>
          <Turn editor={editor} />
        </Show>
        <PendingAttacks editor={editor} />
        <DiceRoller editor={editor} />
        <Initiative editor={editor} />
        <Effects editor={editor} />
        <OutOfTurn editor={editor} />
        <Overlays editor={editor} />
        <Health editor={editor} />
        {/* Templates on the board stay listed (to clear them) whichever tool is chosen. */}
        <Show when={editor.playTool() !== 'play-area' && state()!.areas.length}>
          <Areas editor={editor} />
        </Show>
        </div>
        <div class="play-dock">
          <PlayLog editor={editor} />
          <p class="hint play-foot">
            {info().name} · seed {editor.playSession()?.seed} · {shown()?.board.creatures.length} creatures
          </p>
        </div>
      </Show>
    </aside>
  );
}
