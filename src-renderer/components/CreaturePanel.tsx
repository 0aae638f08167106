import { For, Show } from 'solid-js';
import {
  ARMOR_CATEGORIES,
  LOAD_CATEGORIES,
  MOVEMENT_MODES,
  RULESETS,
  SIDES,
  SURFACE_NAMES,
  Terrain,
  type ArmorCategory,
  type Creature,
  type LoadCategory,
  type MovementMode,
  type Side,
  type SizeCategory,
} from '../../src-shared/model';
import { sizesOf } from '../../src-shared/rules/sizes';
import { ACTIONS, fallDamage, type MoveAction, type Reach, type SurfaceName } from '../../src-shared/rules';
import type { Editor } from '../state/editor';

const ACTION_LABELS: Record<MoveAction, string> = {
  move: 'Move',
  double: 'Double move',
  run: 'Run',
  step: '5-foot step / shift',
  withdraw: 'Withdraw',
  crawl: 'Crawl',
  'full-round': 'Full-round (one square)',
  charge: 'Charge (d20)',
};

/** The selected creature and the movement shown for it on the map. */
export function CreaturePanel(props: { editor: Editor }) {
  const editor = props.editor;
  const creature = () => editor.doc()?.creatures.find((c) => c.id === editor.selectedCreature()) ?? null;
  const info = () => RULESETS[editor.doc()!.ruleset];
  const request = () => editor.moveRequest();
  const update = (changes: Partial<ReturnType<typeof request>>) => editor.setMoveRequest({ ...request(), ...changes });
  /** What walking off the ledge at the hovered square does, as dice. */
  const fallText = (height: number) => {
    const d = editor.doc()!;
    const q = editor.hover();
    const i = q ? q.y * d.map.width + q.x : 0;
    const fall = fallDamage(d.ruleset, {
      height,
      surface: SURFACE_NAMES[d.map.surface[i]!] as SurfaceName,
      waterDepth: d.map.terrain[i] === Terrain.water ? d.map.waterDepth[i]! : 0,
      settings: d.settings,
    });
    if (fall.gmDecides) return `falls ${height} ${info().lengthUnit}: the GM decides the damage`;
    const dice = fall.dice.map((t) => `${t.count}d${t.sides}${t.perDie > 0 ? `+${t.perDie}` : t.perDie < 0 ? t.perDie : ''}${t.kind === 'nonlethal' ? ' nonlethal' : ''}`).join(' + ');
    const prone = fall.prone === true ? ', lands prone' : fall.prone ? ', may land prone' : '';
    return `falls ${height} ${info().lengthUnit}: ${dice || 'no damage'} (${fall.min}–${fall.max}, mean ${fall.mean})${prone}`;
  };
  const modes = () => MOVEMENT_MODES.filter((m) => m === 'walk' || (creature()?.speed[m] ?? 0) > 0);
  /** Every edit is a command: undoable, and the movement shown follows it. */
  const change = (changes: Partial<Omit<Creature, 'id'>>) => {
    const c = creature();
    if (c) editor.execute({ type: 'updateCreature', id: c.id, changes });
  };
  const number = (input: HTMLInputElement, use: (value: number) => void) => {
    const v = input.valueAsNumber;
    if (Number.isFinite(v) && v >= 0) use(v);
    else input.value = String(input.defaultValue);
  };

  return (
    <Show when={creature()}>
      {(c) => (
        <section data-testid="creature-panel">
          <h2>Creature</h2>
          <label class="field">
            <span>Name</span>
            <input type="text" value={c().name} maxLength={200} data-testid="creature-name-input" onChange={(e) => change({ name: e.currentTarget.value.trim() || c().id })} />
          </label>
          <div class="field-row">
            <label class="field">
              <span>Size</span>
              <select value={c().size} data-testid="creature-size" onChange={(e) => change({ size: e.currentTarget.value as SizeCategory })}>
                <For each={sizesOf(editor.doc()!.ruleset)}>{(size) => <option value={size}>{size}</option>}</For>
              </select>
            </label>
            <label class="field">
              <span>Side</span>
              <select value={c().side} data-testid="creature-side" onChange={(e) => change({ side: e.currentTarget.value as Side })}>
                <For each={[...SIDES]}>{(side) => <option value={side}>{side}</option>}</For>
              </select>
            </label>
          </div>
          <Show when={info().speedUnit !== 'mr'}>
            <div class="field-row">
              <label class="field">
                <span>Speed ({info().speedUnit})</span>
                <input type="number" min="0" value={c().speed.walk} data-testid="creature-speed" onChange={(e) => number(e.currentTarget, (walk) => change({ speed: { ...c().speed, walk } }))} />
              </label>
              <label class="field">
                <span>Fly ({info().speedUnit})</span>
                <input
                  type="number"
                  min="0"
                  value={c().speed.fly ?? 0}
                  data-testid="creature-fly"
                  onChange={(e) =>
                    number(e.currentTarget, (fly) => {
                      const speed = { ...c().speed };
                      if (fly > 0) speed.fly = fly;
                      else delete speed.fly;
                      change({ speed });
                    })
                  }
                />
              </label>
            </div>
          </Show>
          <Show when={editor.doc()!.ruleset !== 'startroid' && editor.doc()!.ruleset !== '6d6'}>
            <div class="field-row">
              <label class="field">
                <span>Armour</span>
                <select value={c().armor} data-testid="creature-armor" onChange={(e) => change({ armor: e.currentTarget.value as ArmorCategory })}>
                  <For each={[...ARMOR_CATEGORIES]}>{(a) => <option value={a}>{a}</option>}</For>
                </select>
              </label>
              <label class="field">
                <span>Load</span>
                <select value={c().load} data-testid="creature-load" onChange={(e) => change({ load: e.currentTarget.value as LoadCategory })}>
                  <For each={[...LOAD_CATEGORIES]}>{(l) => <option value={l}>{l}</option>}</For>
                </select>
              </label>
            </div>
          </Show>
          <label class="field">
            <span>Altitude ({info().lengthUnit} above the ground)</span>
            <input type="number" min="0" step={info().squareSize} value={c().altitude} data-testid="creature-altitude" onChange={(e) => number(e.currentTarget, (altitude) => change({ altitude }))} />
          </label>
          <div class="checks">
            <label>
              <input type="checkbox" checked={c().prone} onChange={(e) => change({ prone: e.currentTarget.checked })} /> prone
            </label>
            <label>
              <input type="checkbox" checked={c().helpless} onChange={(e) => change({ helpless: e.currentTarget.checked })} /> helpless
            </label>
          </div>
          <p class="hint" data-testid="creature-name">
            {c().name} at {c().x},{c().y}. Drag it with the Select tool to move it.{' '}
            <button class="link" data-testid="creature-remove" onClick={() => editor.execute({ type: 'removeCreature', id: c().id })}>
              Remove
            </button>
          </p>
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
                <Show when={p().fall}>{(height) => <span data-testid="fall-summary"> · {fallText(height())}</span>}</Show>
              </p>
            )}
          </Show>
        </section>
      )}
    </Show>
  );
}
