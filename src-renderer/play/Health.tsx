import { createSignal, For, Show } from 'solid-js';
import { CONDITIONS, conditionsOf, HEALTH_TRACKS, hitPointsLeft, type Health as HealthTrack } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import { PanelSection } from './PanelSection';

const NONE: HealthTrack = { hitPoints: null, damage: 0, nonlethal: 0, temporary: 0 };

/** A whole number typed in a box, or null when the box is empty or holds something else. */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  return Number(t);
}

/**
 * Hit points and conditions: for the creature chosen (the current creature unless the GM picks
 * another) the maximum and temporary hit points, damage and healing, and the conditions its
 * ruleset's text names; then every creature's damage at a glance. Every change is a logged action
 * (undone, replayed and saved like a move).
 */
export function Health(props: { editor: Editor }) {
  const editor = props.editor;
  const [picked, setPicked] = createSignal<string | null>(null);
  const [amount, setAmount] = createSignal('');
  const [nonlethal, setNonlethal] = createSignal(false);
  // A maximum refused (below 0, not a whole number), said beside the field, which shows the kept one again.
  const [maxProblem, setMaxProblem] = createSignal<{ creature: string; text: string } | null>(null);
  const shown = () => editor.playShown();
  const ruleset = () => shown()?.board.ruleset ?? 'epic-path';
  const tracks = () => HEALTH_TRACKS[ruleset()];
  const live = () => editor.playViewAt() === null;
  const chosen = () => {
    const s = shown();
    if (!s) return null;
    const id = picked() ?? s.current ?? s.board.creatures[0]?.id ?? null;
    return s.board.creatures.find((c) => c.id === id) ?? null;
  };
  const healthOf = (id: string) => shown()?.health.get(id) ?? NONE;
  const has = (id: string, condition: string) => {
    const s = shown();
    return !!s && conditionsOf(s, id).some((r) => r.id === condition);
  };
  const rows = () => {
    const s = shown();
    if (!s) return [];
    return s.board.creatures.map((c) => ({ c, h: healthOf(c.id), conditions: conditionsOf(s, c.id) }));
  };
  const hurt = (kind: 'damage' | 'heal') => {
    const c = chosen();
    const n = wholeNumber(amount());
    if (!c || n === null) return;
    const lethal = !(tracks().nonlethal && nonlethal());
    if (editor.playAct({ kind, creature: c.id, amount: n, ...(lethal ? {} : { nonlethal: true }) })) setAmount('');
  };
  return (
    <PanelSection id="health" testid="play-health" title="Hit points and conditions">
      <Show when={chosen()}>
        {(c) => (
          <div class="play-health-edit" data-testid="health-edit" data-creature={c().id}>
            <label>
              Creature{' '}
              <select class="small" data-testid="health-creature" onChange={(e) => setPicked(e.currentTarget.value)}>
                <For each={shown()!.board.creatures}>
                  {(k) => (
                    <option value={k.id} selected={k.id === c().id}>
                      {k.name}
                    </option>
                  )}
                </For>
              </select>
            </label>
            <div class="play-buttons">
              <label title="The creature's maximum hit points (a GM's tracker: the rule texts give none)">
                Max HP{' '}
                <input
                  type="number"
                  class="small"
                  min="0"
                  disabled={!live()}
                  value={healthOf(c().id).hitPoints ?? ''}
                  data-testid={`hp-${c().id}`}
                  onChange={(e) => {
                    const typed = e.currentTarget.value;
                    const n = wholeNumber(typed);
                    const kept = healthOf(c().id).hitPoints;
                    if (n === null) {
                      // -5 stayed in the box while the table went on showing 20 / 20 (the review's shot 64).
                      setMaxProblem({ creature: c().id, text: typed.trim() ? `Max HP is a whole number, 0 or more, not ${typed.trim()}.` : 'Max HP needs a whole number, 0 or more.' });
                      e.currentTarget.value = kept === null ? '' : String(kept);
                      return;
                    }
                    setMaxProblem(null);
                    if (n !== kept) editor.playAct({ kind: 'hit-points', creature: c().id, hitPoints: n });
                  }}
                />
              </label>
              <Show when={tracks().temporary}>
                <label title="Temporary hit points: they take damage first; 0 clears them">
                  Temp{' '}
                  <input
                    type="number"
                    class="small"
                    min="0"
                    disabled={!live()}
                    value={healthOf(c().id).temporary}
                    data-testid={`temp-hp-${c().id}`}
                    onChange={(e) => {
                      const n = wholeNumber(e.currentTarget.value);
                      if (n !== null && n !== healthOf(c().id).temporary) editor.playAct({ kind: 'temporary-hit-points', creature: c().id, amount: n });
                    }}
                  />
                </label>
              </Show>
            </div>
            <Show when={maxProblem()?.creature === c().id}>
              <p class="error" role="alert" data-testid="hp-problem">
                {maxProblem()!.text}
              </p>
            </Show>
            <div class="play-buttons">
              <input type="number" class="small amount" min="0" placeholder="amount" aria-label="Amount" data-testid="health-amount" value={amount()} onInput={(e) => setAmount(e.currentTarget.value)} />
              <button disabled={!live() || wholeNumber(amount()) === null} data-testid="health-damage" onClick={() => hurt('damage')}>
                Damage
              </button>
              <button disabled={!live() || wholeNumber(amount()) === null} data-testid="health-heal" onClick={() => hurt('heal')}>
                Heal
              </button>
              <Show when={tracks().nonlethal}>
                <label>
                  <input type="checkbox" checked={nonlethal()} data-testid="health-nonlethal" onChange={(e) => setNonlethal(e.currentTarget.checked)} /> nonlethal
                </label>
              </Show>
            </div>
            <fieldset class="play-conditions" data-testid="health-conditions">
              <legend>Conditions</legend>
              <For each={CONDITIONS[ruleset()]}>
                {(rule) => (
                  <label title={`${rule.effect}${rule.rule ? ` (${rule.rule.display})` : ''}`}>
                    <input
                      type="checkbox"
                      disabled={!live()}
                      checked={has(c().id, rule.id)}
                      data-testid={`condition-${rule.id}`}
                      onChange={(e) => {
                        // The box shows the board: a refused change (or none) puts it back.
                        if (!editor.playAct({ kind: 'condition', creature: c().id, condition: rule.id, on: e.currentTarget.checked })) e.currentTarget.checked = has(c().id, rule.id);
                      }}
                    />{' '}
                    {rule.label}
                  </label>
                )}
              </For>
            </fieldset>
          </div>
        )}
      </Show>
      <table class="play-table">
        <thead>
          <tr>
            <th>Creature</th>
            <th>Taken</th>
            <th title="Hit points left of the maximum, if the GM tracks them">HP</th>
          </tr>
        </thead>
        <tbody>
          <For each={rows()}>
            {({ c, h, conditions }) => (
              <tr data-creature={c.id}>
                <td>
                  <button class="link" title="Edit this creature's hit points and conditions" onClick={() => setPicked(c.id)}>
                    {c.name}
                  </button>
                </td>
                <td data-testid={`health-${c.id}`}>
                  {h.damage} damage{h.nonlethal ? `, ${h.nonlethal} nonlethal` : ''}
                  {conditions.length ? `, ${conditions.map((r) => r.label.toLowerCase()).join(', ')}` : ''}
                  {c.altitude ? `, ${c.altitude} up` : ''}
                </td>
                <td data-testid={`hp-left-${c.id}`}>{h.hitPoints === null ? '—' : `${hitPointsLeft(h)} / ${h.hitPoints}${h.temporary ? ` +${h.temporary}` : ''}`}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </PanelSection>
  );
}
