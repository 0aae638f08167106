import { createSignal, For, Show } from 'solid-js';
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
import { sizeName, sizesOf } from '../../src-shared/rules/sizes';
import { ACTIONS, fallDamage, fallingBody, unsupportedInAir, type MoveAction, type Reach, type SurfaceName } from '../../src-shared/rules';
import { DEFAULT_MASS_KG, MASS_BY_SIZE } from '../../src-shared/rules/startroid/inertia';
import { DEFAULT_PROXIMITY_RESISTANCE } from '../../src-shared/rules/six-d6';
import type { Editor } from '../state/editor';
import { readableRules, unitWords } from '../state/wording';
import { TokenPictureField } from './TokenPictureField';

/**
 * A field's edit is done: give the keyboard back to the map, so tool shortcuts (V, C…) work again
 * at once instead of going to the still-focused field (a select would eat the next letter).
 */
function done(e: Event & { currentTarget: HTMLElement }): void {
  e.currentTarget.blur();
}

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

/** d20's two texts: the rulesets with a charge, reach weapons, overruns and tumbling. */
const isD20 = (ruleset: string) => ruleset === 'd20-35' || ruleset === 'd20-30';

/**
 * The actions a ruleset's text has. Only the d20 texts name the charge (d20-srd-35.txt › Moving
 * Through a Square › Friend: "unless you are charging"; › Difficult Terrain).
 */
export function actionsFor(ruleset: string): MoveAction[] {
  return ACTIONS.filter((a) => a !== 'charge' || isD20(ruleset));
}

/** A pass / fail outcome picker's value: '' is no attempt. */
type Outcome = '' | 'pass' | 'fail';

/** The selected creature and the movement shown for it on the map. */
export function CreaturePanel(props: { editor: Editor }) {
  const editor = props.editor;
  const creature = () => editor.doc()?.creatures.find((c) => c.id === editor.selectedCreature()) ?? null;
  const info = () => RULESETS[editor.doc()!.ruleset];
  const request = () => editor.moveRequest();
  /** Changes the movement request; an option set to undefined is dropped (the request stays as the engine's JSON). */
  const update = (changes: Partial<ReturnType<typeof request>>) => {
    const next: Record<string, unknown> = { ...request(), ...changes };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    editor.setMoveRequest(next as unknown as ReturnType<typeof request>);
  };
  /** What walking off the ledge at the hovered square does, as dice. */
  const fallText = (height: number) => {
    const d = editor.doc()!;
    const q = editor.hover();
    const i = q ? q.y * d.map.width + q.x : 0;
    const fall = fallDamage(d.ruleset, {
      height,
      surface: SURFACE_NAMES[d.map.surface[i]!] as SurfaceName,
      waterDepth: d.map.terrain[i] === Terrain.water ? d.map.waterDepth[i]! : 0,
      ...(creature() ? fallingBody(creature()!) : {}),
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
  /** Why the last number typed was refused, under its field; the field keeps the old value. */
  const [fieldError, setFieldError] = createSignal<{ field: string; text: string } | null>(null);
  const number = (input: HTMLInputElement, field: string, label: string, old: number, use: (value: number) => void) => {
    const v = input.valueAsNumber;
    if (Number.isFinite(v) && v >= 0) {
      setFieldError(null);
      use(v);
      return;
    }
    input.value = String(old);
    if (Number.isFinite(v) && v < 0) setFieldError({ field, text: `${label} cannot be negative (${v}); kept ${old}.` });
    else setFieldError({ field, text: `${label} must be a number, 0 or more; kept ${old}.` });
  };
  const errorFor = (field: string) => (fieldError()?.field === field ? fieldError()!.text : null);
  /** A creature in the air with no fly speed and nothing under it falls: say so. */
  const unsupported = () => {
    const c = creature();
    return !!c && unsupportedInAir(editor.doc()!, c);
  };
  const nameOf = (id: string) => {
    const k = editor.doc()?.creatures.find((c) => c.id === id);
    return k ? k.name || k.id : id;
  };

  return (
    <Show when={creature()}>
      {(c) => (
        <section data-testid="creature-panel">
          <h2>Creature</h2>
          <label class="field">
            <span>Name</span>
            <input type="text" value={c().name} maxLength={200} data-testid="creature-name-input" title="The creature's name, shown on the map (its first two letters) and in paths" onChange={(e) => change({ name: e.currentTarget.value.trim() || c().id })} />
          </label>
          <div class="field-row">
            <label class="field">
              <span>Size</span>
              <select
                value={c().size}
                data-testid="creature-size"
                title="Size category, by the ruleset's names: how much space it takes"
                onChange={(e) => {
                  change({ size: e.currentTarget.value as SizeCategory });
                  done(e);
                }}
              >
                <For each={sizesOf(editor.doc()!.ruleset)}>{(size) => <option value={size}>{sizeName(editor.doc()!.ruleset, size)}</option>}</For>
              </select>
            </label>
            <label class="field">
              <span>Side</span>
              <select
                value={c().side}
                data-testid="creature-side"
                title="Party and enemy oppose each other; neutral creatures hinder nobody"
                onChange={(e) => {
                  change({ side: e.currentTarget.value as Side });
                  done(e);
                }}
              >
                <For each={[...SIDES]}>{(side) => <option value={side}>{side}</option>}</For>
              </select>
            </label>
          </div>
          <Show when={info().speedUnit !== 'mr'}>
            <div class="field-row">
              <label class="field">
                <span>Speed ({unitWords(info().speedUnit)})</span>
                <input
                  type="number"
                  min="0"
                  value={c().speed.walk}
                  data-testid="creature-speed"
                  title="Walking speed, 0 or more"
                  aria-invalid={!!errorFor('walk')}
                  onChange={(e) => number(e.currentTarget, 'walk', 'Speed', c().speed.walk, (walk) => change({ speed: { ...c().speed, walk } }))}
                  onKeyDown={(e) => e.key === 'Enter' && done(e)}
                />
              </label>
              <label class="field">
                <span>Fly ({unitWords(info().speedUnit)})</span>
                <input
                  type="number"
                  min="0"
                  value={c().speed.fly ?? 0}
                  data-testid="creature-fly"
                  title="Fly speed (0: it cannot fly)"
                  aria-invalid={!!errorFor('fly')}
                  onKeyDown={(e) => e.key === 'Enter' && done(e)}
                  onChange={(e) =>
                    number(e.currentTarget, 'fly', 'Fly speed', c().speed.fly ?? 0, (fly) => {
                      const speed = { ...c().speed };
                      if (fly > 0) speed.fly = fly;
                      else delete speed.fly;
                      change({ speed });
                    })
                  }
                />
              </label>
            </div>
            <Show when={errorFor('walk') ?? errorFor('fly')}>
              {(text) => (
                <p class="error" role="alert" data-testid="field-error">
                  {text()}
                </p>
              )}
            </Show>
          </Show>
          <Show when={editor.doc()!.ruleset !== 'startroid' && editor.doc()!.ruleset !== '6d6'}>
            <div class="field-row">
              <label class="field">
                <span>Armour</span>
                <select value={c().armor} data-testid="creature-armor" title="Armour worn (slows some creatures)" onChange={(e) => (change({ armor: e.currentTarget.value as ArmorCategory }), done(e))}>
                  <For each={[...ARMOR_CATEGORIES]}>{(a) => <option value={a}>{a}</option>}</For>
                </select>
              </label>
              <label class="field">
                <span>Load</span>
                <select value={c().load} data-testid="creature-load" title="Load carried (slows some creatures)" onChange={(e) => (change({ load: e.currentTarget.value as LoadCategory }), done(e))}>
                  <For each={[...LOAD_CATEGORIES]}>{(l) => <option value={l}>{l}</option>}</For>
                </select>
              </label>
            </div>
          </Show>
          <label class="field">
            <span>Altitude ({info().lengthUnit} above the ground)</span>
            <input
              type="number"
              min="0"
              step={info().squareSize}
              value={c().altitude}
              data-testid="creature-altitude"
              title="Height above the ground; PageUp / PageDown on the map raise and lower it by a square"
              aria-invalid={!!errorFor('altitude')}
              onKeyDown={(e) => e.key === 'Enter' && done(e)}
              onChange={(e) => number(e.currentTarget, 'altitude', 'Altitude', c().altitude, (altitude) => change({ altitude }))}
            />
          </label>
          <Show when={errorFor('altitude')}>
            {(text) => (
              <p class="error" role="alert" data-testid="field-error">
                {text()}
              </p>
            )}
          </Show>
          <Show when={unsupported()}>
            <p class="warning" role="status" data-testid="creature-unsupported">
              ⚠ {c().name} is {c().altitude} {info().lengthUnit} up in the air but has no fly speed: give it a fly speed or put it on the ground.
            </p>
          </Show>
          <Show when={editor.doc()!.ruleset === 'startroid'}>
            <label class="field">
              <span>Mass (kg; blank: {MASS_BY_SIZE[c().size] ?? DEFAULT_MASS_KG} for its size)</span>
              <input
                type="number"
                min="0"
                value={c().mass ?? ''}
                data-testid="creature-mass"
                title="Its mass for inertia damage: 1d10 per 200 kg·m/s (startroid.txt › Inertia); blank uses the default for its size"
                aria-invalid={!!errorFor('mass')}
                onKeyDown={(e) => e.key === 'Enter' && done(e)}
                onChange={(e) => {
                  if (e.currentTarget.value.trim() === '') return (setFieldError(null), change({ mass: undefined }));
                  number(e.currentTarget, 'mass', 'Mass', c().mass ?? 0, (mass) => (mass > 0 ? change({ mass }) : change({ mass: undefined })));
                }}
              />
            </label>
            <Show when={errorFor('mass')}>
              {(text) => (
                <p class="error" role="alert" data-testid="field-error">
                  {text()}
                </p>
              )}
            </Show>
          </Show>
          <Show when={editor.doc()!.ruleset === '6d6'}>
            <label class="field">
              <span>Resistance (blank: {DEFAULT_PROXIMITY_RESISTANCE})</span>
              <input
                type="text"
                maxLength={16}
                value={c().resistance ?? ''}
                data-testid="creature-resistance"
                title="Its proximity resistance action against a creature entering or leaving its square: dice (1d6+1) or a score (3) (6d6.txt › Occupied Squares)"
                aria-invalid={!!errorFor('resistance')}
                onKeyDown={(e) => e.key === 'Enter' && done(e)}
                onChange={(e) => {
                  const text = e.currentTarget.value.trim();
                  if (text === '') return (setFieldError(null), change({ resistance: undefined }));
                  if (!/^(\d*[dD]\d+([+-]\d+)?|\d+)$/.test(text)) {
                    e.currentTarget.value = c().resistance ?? '';
                    return setFieldError({ field: 'resistance', text: `Resistance is dice like 1d6+1 or a score like 3 ("${text}"); kept ${c().resistance ?? 'the default'}.` });
                  }
                  setFieldError(null);
                  change({ resistance: text });
                }}
              />
            </label>
            <Show when={errorFor('resistance')}>
              {(text) => (
                <p class="error" role="alert" data-testid="field-error">
                  {text()}
                </p>
              )}
            </Show>
          </Show>
          <div class="checks">
            <label>
              <input type="checkbox" checked={c().prone} title="Lying on the ground" onChange={(e) => change({ prone: e.currentTarget.checked })} /> prone
            </label>
            <label>
              <input type="checkbox" checked={c().helpless} title="Unable to act: others may move through and end in its space" onChange={(e) => change({ helpless: e.currentTarget.checked })} /> helpless
            </label>
            <Show when={isD20(editor.doc()!.ruleset)}>
              <label>
                <input
                  type="checkbox"
                  data-testid="creature-reach-weapon"
                  checked={!!c().reachWeapon}
                  title={`Wields a reach weapon: it threatens at double its natural reach but not at its natural reach or less; attacks of opportunity along a path come from that zone (${info().name} › Big and Little Creatures in Combat)`}
                  onChange={(e) => (change({ reachWeapon: e.currentTarget.checked || undefined }), done(e))}
                />{' '}
                reach weapon
              </label>
            </Show>
            <Show when={editor.doc()!.ruleset === 'epic-path'}>
              <label>
                <input
                  type="checkbox"
                  data-testid="creature-dead"
                  checked={!!c().dead}
                  title="Dead: its square is rough terrain to others, not a space to squeeze into, and it threatens nothing (Epic Path › Squeezing)"
                  onChange={(e) => (change({ dead: e.currentTarget.checked || undefined }), done(e))}
                />{' '}
                dead
              </label>
              <label>
                <input
                  type="checkbox"
                  data-testid="creature-blinded"
                  checked={!!c().blinded}
                  title="Cannot see: it may not run or take a 5-foot step (Epic Path › Run, › 5-Foot Step)"
                  onChange={(e) => (change({ blinded: e.currentTarget.checked || undefined }), done(e))}
                />{' '}
                blinded
              </label>
            </Show>
          </div>
          <p class="hint" data-testid="creature-name">
            {c().name} at {c().x},{c().y}
            {editor.selectedIds().size > 1 ? ` (and ${editor.selectedIds().size - 1} more selected)` : ''}. Drag it with the Select tool to move it.{' '}
            <button class="link" data-testid="creature-remove" title="Delete the selected creatures (Delete)" onClick={() => editor.deleteCreatures([...editor.selectedIds()])}>
              Remove
            </button>
          </p>
          <TokenPictureField editor={editor} creature={c()} />
          <h2>Movement</h2>
          <label class="field">
            <span>Action</span>
            <select data-testid="move-action" title="The action the creature spends on moving" value={request().action} onChange={(e) => (update({ action: e.currentTarget.value as MoveAction }), done(e))}>
              <For each={actionsFor(editor.doc()!.ruleset)}>{(a) => <option value={a}>{ACTION_LABELS[a]}</option>}</For>
            </select>
          </label>
          <label class="field">
            <span>Mode</span>
            <select
              data-testid="move-mode"
              title="How it moves: only the modes this creature has a speed for"
              value={request().mode ?? ''}
              onChange={(e) => {
                // An accelerated climb is a climb: another mode drops it.
                const mode = (e.currentTarget.value || undefined) as MovementMode | undefined;
                const { accelerated: _climbOnly, ...rest } = request();
                editor.setMoveRequest(mode === 'climb' ? { ...request(), mode } : { ...rest, mode });
                done(e);
              }}
            >
              <option value="">{editor.doc()!.ruleset === 'epic-path' ? 'All modes combined' : 'Walk'}</option>
              {/* Outside Epic Path the first option is the walk: not listed twice ("Walk" and "walk"). */}
              <For each={modes().filter((m) => editor.doc()!.ruleset === 'epic-path' || m !== 'walk')}>{(m) => <option value={m}>{m[0]!.toUpperCase() + m.slice(1)}</option>}</For>
            </select>
          </label>
          <Show when={editor.doc()!.ruleset === 'd20-35' && request().mode === 'climb'}>
            <label class="checks">
              <input
                type="checkbox"
                data-testid="move-accelerated"
                checked={!!request().accelerated}
                title={`Accelerated climb: double the climb speed (or the land speed, whichever is lower), one Climb check at −5 (${info().name} › Climb)`}
                onChange={(e) => (update({ accelerated: e.currentTarget.checked || undefined }), done(e))}
              />{' '}
              accelerated climb
            </label>
          </Show>
          <Show when={isD20(editor.doc()!.ruleset) || editor.doc()!.ruleset === 'epic-path'}>
            <div class="field-row">
              <label class="field">
                <span>Overrun</span>
                <select
                  data-testid="move-overrun"
                  value={request().overrun ?? ''}
                  title={
                    editor.doc()!.ruleset === 'epic-path'
                      ? `Overrun foes no more than one size larger during a walk; the maneuver's outcome is yours to set: pass goes through their squares (each provokes), fail stops it in the space in front (${info().name} › Overrun)`
                      : `Overrun an opponent in the way; the check's outcome is yours to set: pass lets it through every opponent's square it tries, fail stops it before the first (${info().name} › Moving Through a Square › Overrun)`
                  }
                  onChange={(e) => (update({ overrun: (e.currentTarget.value as Outcome) || undefined }), done(e))}
                >
                  <option value="">no attempt</option>
                  <option value="pass">passes</option>
                  <option value="fail">fails</option>
                </select>
              </label>
              <Show when={isD20(editor.doc()!.ruleset)}>
              <label class="field">
                <span>Tumble</span>
                <select
                  data-testid="move-tumble"
                  value={request().tumble ?? ''}
                  title={`Tumble at half speed past and through opponents (the SRD's Tumble skill, which ${info().name} › Moving Through a Square › Tumbling points to); passed, no attacks of opportunity from them. The check's outcome is yours to set`}
                  onChange={(e) => (update({ tumble: (e.currentTarget.value as Outcome) || undefined }), done(e))}
                >
                  <option value="">no attempt</option>
                  <option value="pass">passes</option>
                  <option value="fail">fails</option>
                </select>
              </label>
              </Show>
            </div>
          </Show>
          <Show when={editor.doc()!.ruleset === '6d6'}>
            <div class="checks">
              <Show when={['move', 'run', 'double'].includes(request().action)}>
                <label>
                  <input
                    type="checkbox"
                    data-testid="move-hidden"
                    checked={!!request().hidden}
                    title="Stays hidden while moving: a 2d6+0 penalty to the movement resistance (6d6 RPG › Staying Hidden)"
                    onChange={(e) => (update({ hidden: e.currentTarget.checked || undefined }), done(e))}
                  />{' '}
                  stays hidden
                </label>
              </Show>
              <label>
                <input
                  type="checkbox"
                  data-testid="move-knows-hidden"
                  checked={!!request().knowsHidden}
                  title="Plans with the squares' hidden movement resistance known (the GM's view); unticked, the plan uses only what the mover sees and the move pays the truth (6d6 RPG › Hidden Movement Resistance)"
                  onChange={(e) => (update({ knowsHidden: e.currentTarget.checked || undefined }), done(e))}
                />{' '}
                knows hidden resistance
              </label>
            </div>
          </Show>
          <Show when={info().speedUnit === 'mr'}>
            <label class="field">
              <span>Run dice (6d6)</span>
              <input type="text" value={request().dice ?? '1d6'} title="The dice rolled for a run's action score, e.g. 1d6+2" onChange={(e) => update({ dice: e.currentTarget.value })} />
            </label>
          </Show>
          <Show when={editor.movementPending()}>
            <p class="hint" role="status" data-testid="move-pending">
              Working out where it can go…
            </p>
          </Show>
          <Show when={editor.reach()}>
            {(r) => (
              <Show
                when={'reach' in r() ? (r() as { reach: Reach }).reach : null}
                fallback={<p class="error" data-testid="move-refused">{readableRules((r() as { refused: string }).refused)}</p>}
              >
                {(reach) => (
                  <p class="hint" data-testid="move-summary">
                    Budget {reach().budget} {unitWords(reach().unit)}; {new Set(reach().squares.filter((s) => s.end).map((s) => `${s.x},${s.y}`)).size} squares to end
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
                {p().legal ? `Path: ${p().total} ${unitWords(p().unit)}` : `Not legal: ${readableRules(p().reason ?? '')}`}
                {p().provokes.length ? ` · provokes ${[...new Set(p().provokes.map((a) => nameOf(a.by)))].join(', ')}` : ''}
                <Show when={p().steps.filter((st) => st.squeezed).length}>
                  {(n) => (
                    <span data-testid="squeeze-summary" title="Squeezed steps are hatched on the map, outlined where the creature fits (d20 SRD 3.5 › Squeezing: each square moved costs double)">
                      {' '}
                      · squeezed on {n()} {n() === 1 ? 'step' : 'steps'}
                    </span>
                  )}
                </Show>
                <Show when={p().fall}>{(height) => <span data-testid="fall-summary"> · {fallText(height())}</span>}</Show>
              </p>
            )}
          </Show>
        </section>
      )}
    </Show>
  );
}
