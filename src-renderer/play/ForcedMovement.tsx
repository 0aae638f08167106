import { createMemo, For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { FORCED_RULES } from '../../src-shared/play';
import type { ForcedKind } from '../../src-shared/rules';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

/** The forced movement tool's settings: effect, attacker, squares, the target clicked on the map. */
export function ForcedMovement(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const effects = createMemo(() => {
    const r = state().board.ruleset;
    const list: { id: ForcedKind | 'teleport'; label: string }[] = (Object.keys(FORCED_RULES[r]) as ForcedKind[]).map((k) => ({ id: k, label: `${k[0]!.toUpperCase()}${k.slice(1)} (${RULESETS[r].text} › ${FORCED_RULES[r][k]})` }));
    if (r === 'startroid') list.push({ id: 'teleport', label: 'Teleport (startroid.txt › Teleportation)' });
    return list;
  });
  const f = () => editor.forced();
  const name = (id: string | null) => (id ? (state().board.creatures.find((c) => c.id === id)?.name ?? id) : null);
  return (
    <PanelSection id="forced" testid="play-forced" title="Forced movement">
      <Show when={effects().length} fallback={<p class="hint">{RULESETS[state().board.ruleset].text} has no forced movement or teleport in its movement chapter.</p>}>
        <label class="field">
          <span>Effect</span>
          <select data-testid="forced-effect" value={f().effect} onChange={(e) => editor.setForced({ ...f(), effect: e.currentTarget.value as ForcedKind | 'teleport' })}>
            <For each={effects()}>
              {(o) => (
                <option value={o.id} selected={f().effect === o.id}>
                  {o.label}
                </option>
              )}
            </For>
          </select>
        </label>
        <Show when={f().effect !== 'teleport'}>
          <div class="field-row">
            <label class="field">
              <span>Attacker</span>
              <select data-testid="forced-by" value={f().by ?? ''} onChange={(e) => editor.setForced({ ...f(), by: e.currentTarget.value || null })}>
                {/* `selected` on each option as well as the select's value: an undo or an action makes
                    new creature objects, so the options are drawn anew and the select fell back to
                    "—" while the attacker was still chosen. */}
                <option value="" selected={!f().by}>
                  —
                </option>
                <For each={state().board.creatures}>
                  {(c) => (
                    <option value={c.id} selected={f().by === c.id}>
                      {c.name}
                    </option>
                  )}
                </For>
              </select>
            </label>
            <label class="field">
              <span>Squares</span>
              <input type="number" min="1" data-testid="forced-squares" value={f().squares} onChange={(e) => editor.setForced({ ...f(), squares: Math.max(1, Math.floor(Number(e.currentTarget.value) || 1)) })} />
            </label>
          </div>
          <Show when={state().board.ruleset === 'startroid'}>
            <label class="check" title="startroid.txt › Pull, Push and Slide: the squares stay on one level unless the effect says otherwise; off, a push stops at a ledge.">
              <input type="checkbox" data-testid="forced-off-level" checked={!!f().offLevel} onChange={(e) => editor.setForced({ ...f(), offLevel: e.currentTarget.checked })} />
              <span>The effect may move it off its level (over a ledge it falls)</span>
            </label>
          </Show>
          <Show when={state().board.ruleset === 'epic-path'}>
            <label class="check" title="epic-path.txt › Forced Movement: the target may fall prone at any time to avoid being forced into a hazardous square; it stops there, prone.">
              <input type="checkbox" data-testid="forced-drop-prone" checked={!!f().dropProne} onChange={(e) => editor.setForced({ ...f(), dropProne: e.currentTarget.checked })} />
              <span>The target drops prone to stop (before a hazard or a ledge)</span>
            </label>
          </Show>
        </Show>
        <Show when={f().effect === 'teleport'}>
          <label class="field">
            <span>Range (squares, blank: unlimited)</span>
            <input type="number" min="1" value={f().range ?? ''} onChange={(e) => editor.setForced({ ...f(), range: e.currentTarget.value ? Number(e.currentTarget.value) : null })} />
          </label>
        </Show>
        <p class="hint" data-testid="forced-target">
          {f().target ? `Moving ${name(f().target)}: click its squares in order${f().effect === 'push' || f().effect === 'pull' ? ' (or Apply: the rule picks them)' : ''}.` : 'Click the creature to move.'}
        </p>
        <div class="play-buttons">
          <button class="primary" data-testid="forced-apply" disabled={!f().target || f().effect === 'teleport'} onClick={() => editor.commitForced()}>
            Apply
          </button>
          <button disabled={!f().target} onClick={() => (editor.setForced({ ...f(), target: null }), editor.setForcedSquares([]))}>
            Clear
          </button>
        </div>
      </Show>
    </PanelSection>
  );
}
