import { createSignal, For, Show } from 'solid-js';
import type { PendingAttack } from '../../src-shared/play';
import type { Editor } from '../state/editor';
import type { AttackFields } from '../state/play';
import { PanelSection } from './PanelSection';

/**
 * Attacks of opportunity waiting for the GM: typed (hit with damage, or miss) or rolled (the
 * attacker's attack and damage against the target's number, each kept for the next time), each a
 * log entry.
 */
export function PendingAttacks(props: { editor: Editor }) {
  const editor = props.editor;
  const open = () => (editor.playShown()?.pending ?? []).filter((p) => p.status === 'open');
  // The damage typed per attack, by pending attack id (a Map, as per-creature state is).
  const [damage, setDamage] = createSignal<ReadonlyMap<string, string>>(new Map());
  // The roll's fields the GM changed, by pending attack id; untouched fields show the kept profiles.
  const [typed, setTyped] = createSignal<ReadonlyMap<string, Partial<AttackFields>>>(new Map());
  // A roll's problem (a typo, a missing number), shown under its attack.
  const [problem, setProblem] = createSignal<ReadonlyMap<string, string>>(new Map());
  const live = () => editor.playViewAt() === null;
  // An empty box is no damage entered (the log says so), not 0 damage.
  const hitDamage = (id: string): { damage?: number } => {
    const typed = (damage().get(id) ?? '').trim();
    return typed === '' || !Number.isFinite(Number(typed)) ? {} : { damage: Number(typed) };
  };
  const fields = (p: PendingAttack): AttackFields => {
    const mine = editor.attackProfile(p.attacker);
    const theirs = editor.attackProfile(p.target);
    const kept: AttackFields = { attack: mine.attack ?? '', damage: mine.damage ?? '', against: theirs.against === undefined ? '' : String(theirs.against) };
    return { ...kept, ...typed().get(p.id) };
  };
  const type = (id: string, field: keyof AttackFields, value: string) => setTyped(new Map(typed()).set(id, { ...typed().get(id), [field]: value }));
  const roll = (p: PendingAttack) => {
    const why = editor.rollAttackOfOpportunity(p.id, fields(p));
    const next = new Map(problem());
    if (why) next.set(p.id, why);
    else next.delete(p.id);
    setProblem(next);
  };
  return (
    <Show when={open().length}>
      <PanelSection id="pending" testid="play-pending" title="Attacks of opportunity">
        <ul class="pending">
          <For each={open()}>
            {(p) => (
              <li data-pending={p.id}>
                <div>
                  <strong>{p.attackerName}</strong> may attack <strong>{p.targetName}</strong> at {p.at.x},{p.at.y}
                  <span class="hint"> ({p.rule.display})</span>
                </div>
                <div class="play-buttons">
                  <input type="number" class="small" min="0" placeholder="dmg" title="Damage on a hit" value={damage().get(p.id) ?? ''} onInput={(e) => setDamage(new Map(damage()).set(p.id, e.currentTarget.value))} />
                  <button disabled={!live()} data-testid={`aoo-hit-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'hit', ...hitDamage(p.id) })}>
                    Hit
                  </button>
                  <button disabled={!live()} data-testid={`aoo-miss-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'miss' })}>
                    Miss
                  </button>
                </div>
                {/* Rolled: Enter in any field rolls, as the button does. */}
                <div class="play-buttons" onKeyDown={(e) => e.key === 'Enter' && live() && (e.preventDefault(), roll(p))}>
                  <input class="small" aria-label={`${p.attackerName}'s attack`} title={`${p.attackerName}'s attack roll, kept for the next time`} placeholder="1d20+5" value={fields(p).attack} data-testid={`aoo-attack-${p.id}`} onInput={(e) => type(p.id, 'attack', e.currentTarget.value)} />
                  <input class="small" aria-label={`${p.attackerName}'s damage`} title={`${p.attackerName}'s damage on a hit, kept for the next time`} placeholder="1d6+1" value={fields(p).damage} data-testid={`aoo-damage-${p.id}`} onInput={(e) => type(p.id, 'damage', e.currentTarget.value)} />
                  <span class="hint">vs</span>
                  <input type="number" class="small" aria-label={`${p.targetName}'s target number`} title={`The total an attack on ${p.targetName} must reach to hit, kept for the next time`} placeholder="15" value={fields(p).against} data-testid={`aoo-against-${p.id}`} onInput={(e) => type(p.id, 'against', e.currentTarget.value)} />
                  <button disabled={!live()} data-testid={`aoo-roll-${p.id}`} title="Roll the attack against the target's number, and its damage on a hit" onClick={() => roll(p)}>
                    Roll
                  </button>
                </div>
                <Show when={problem().get(p.id)}>
                  <p class="error" role="alert" data-testid={`aoo-problem-${p.id}`}>
                    {problem().get(p.id)}
                  </p>
                </Show>
              </li>
            )}
          </For>
        </ul>
      </PanelSection>
    </Show>
  );
}
