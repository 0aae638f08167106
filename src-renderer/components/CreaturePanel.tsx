import { For, Show } from 'solid-js';
import { MOVEMENT_MODES, RULESETS, type MovementMode } from '../../src-shared/model';
import { ACTIONS, type MoveAction, type Reach } from '../../src-shared/rules';
import type { Editor } from '../state/editor';

const ACTION_LABELS: Record<MoveAction, string> = {
  move: 'Move',
  double: 'Double move',
  run: 'Run',
  step: '5-foot step / shift',
  withdraw: 'Withdraw',
  crawl: 'Crawl',
  'full-round': 'Full-round (one square)',
};

/** The selected creature and the movement shown for it on the map. */
export function CreaturePanel(props: { editor: Editor }) {
  const editor = props.editor;
  const creature = () => editor.doc()?.creatures.find((c) => c.id === editor.selectedCreature()) ?? null;
  const info = () => RULESETS[editor.doc()!.ruleset];
  const request = () => editor.moveRequest();
  const update = (changes: Partial<ReturnType<typeof request>>) => editor.setMoveRequest({ ...request(), ...changes });
  const modes = () => MOVEMENT_MODES.filter((m) => m === 'walk' || (creature()?.speed[m] ?? 0) > 0);

  return (
    <Show when={creature()}>
      {(c) => (
        <section data-testid="creature-panel">
          <h2>Creature</h2>
          <dl class="facts">
            <dt>Name</dt>
            <dd data-testid="creature-name">{c().name}</dd>
            <dt>Size</dt>
            <dd>{c().size}</dd>
            <dt>Side</dt>
            <dd>{c().side}</dd>
            <dt>Speed</dt>
            <dd>
              {info().speedUnit === 'mr'
                ? 'by action score (6d6)'
                : modes()
                    .map((m) => `${m} ${m === 'walk' ? c().speed.walk : c().speed[m]}${info().speedUnit === 'ft' ? ' ft' : ''}`)
                    .join(', ')}
            </dd>
            <Show when={c().altitude > 0}>
              <dt>Altitude</dt>
              <dd data-testid="creature-altitude">
                {c().altitude} {info().lengthUnit} up
              </dd>
            </Show>
            <Show when={c().prone || c().helpless}>
              <dt>State</dt>
              <dd>{[c().prone ? 'prone' : '', c().helpless ? 'helpless' : ''].filter(Boolean).join(', ')}</dd>
            </Show>
          </dl>
          <h2>Movement</h2>
          <label class="field">
            <span>Action</span>
            <select data-testid="move-action" value={request().action} onChange={(e) => update({ action: e.currentTarget.value as MoveAction })}>
              <For each={[...ACTIONS]}>{(a) => <option value={a}>{ACTION_LABELS[a]}</option>}</For>
            </select>
          </label>
          <label class="field">
            <span>Mode</span>
            <select
              data-testid="move-mode"
              value={request().mode ?? ''}
              onChange={(e) => update({ mode: (e.currentTarget.value || undefined) as MovementMode | undefined })}
            >
              <option value="">{editor.doc()!.ruleset === 'epic-path' ? 'All modes combined' : 'Walk'}</option>
              <For each={modes()}>{(m) => <option value={m}>{m}</option>}</For>
            </select>
          </label>
          <Show when={info().speedUnit === 'mr'}>
            <label class="field">
              <span>Run dice (6d6)</span>
              <input type="text" value={request().dice ?? '1d6'} onChange={(e) => update({ dice: e.currentTarget.value })} />
            </label>
          </Show>
          <Show when={editor.reach()}>
            {(r) => (
              <Show
                when={'reach' in r() ? (r() as { reach: Reach }).reach : null}
                fallback={<p class="error" data-testid="move-refused">{(r() as { refused: string }).refused}</p>}
              >
                {(reach) => (
                  <p class="hint" data-testid="move-summary">
                    Budget {reach().budget} {reach().unit}; {new Set(reach().squares.filter((s) => s.end).map((s) => `${s.x},${s.y}`)).size} squares to end
                    in{reach().squares.some((s) => s.z !== undefined) ? ` (${reach().squares.length} cubes in flight)` : ''}
                    {reach().squares.some((s) => s.fall !== undefined) ? '; red squares are reached by falling off a ledge' : ''}. Hover a square for the
                    path.
                  </p>
                )}
              </Show>
            )}
          </Show>
          <Show when={editor.hoverPath()}>
            {(p) => (
              <p class="hint" data-testid="path-summary">
                {p().legal ? `Path: ${p().total} ${p().unit}` : `Not legal: ${p().reason}`}
                {p().provokes.length ? ` · provokes ${[...new Set(p().provokes.map((a) => a.by))].join(', ')}` : ''}
              </p>
            )}
          </Show>
        </section>
      )}
    </Show>
  );
}
