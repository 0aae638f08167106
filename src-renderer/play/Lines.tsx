import { For, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** Lines, cover and sight between the two things picked with the lines tool. */
export function Lines(props: { editor: Editor }) {
  const editor = props.editor;
  const name = (id: string | null) => (id ? (editor.playBoard()?.creatures.find((c) => c.id === id)?.name ?? id) : '—');
  const toText = () => {
    const t = editor.linesTo();
    return !t ? '' : 'creature' in t ? name(t.creature) : `${t.square.x},${t.square.y}`;
  };
  const answer = () => {
    const l = editor.lines();
    return l && 'answer' in l ? l.answer : null;
  };
  const refused = () => {
    const l = editor.lines();
    return l && 'refused' in l ? l.refused : null;
  };
  return (
    <PanelSection id="lines" testid="play-lines" title="Lines, cover and sight">
      <p class="hint">{!editor.linesFrom() ? 'Click a creature to look from.' : !editor.linesTo() ? `From ${name(editor.linesFrom())}: click a creature or a square.` : `From ${name(editor.linesFrom())} to ${toText()}.`}</p>
      <Show when={refused()}>
        <p class="error">{refused()}</p>
      </Show>
      <Show when={answer()}>
        {(a) => (
          <div data-testid="lines-verdict">
            <dl class="facts">
              <dt>Line of effect</dt>
              <dd>{a().lineOfEffect ? 'yes' : 'no'}</dd>
              <dt>Line of sight</dt>
              <dd>{a().lineOfSight ? 'yes' : 'no'}</dd>
              <dt>Cover</dt>
              <dd>{a().cover === 'not-in-text' ? 'not in the text' : a().cover}</dd>
              <dt>Concealment</dt>
              <dd>{a().concealment === 'not-in-text' ? 'not in the text' : a().concealment}</dd>
            </dl>
            <ul class="verdict">
              <For each={a().verdict}>{(v) => <li>{v}</li>}</For>
            </ul>
            <p class="hint">{a().rules.join(' · ')}</p>
          </div>
        )}
      </Show>
    </PanelSection>
  );
}
