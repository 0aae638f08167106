import { createMemo, createRenderEffect, createSignal, For, Show } from 'solid-js';
import {
  ARMOR_CATEGORIES,
  LOAD_CATEGORIES,
  MANEUVERABILITIES,
  MOVEMENT_MODES,
  RULESETS,
  SIDES,
  SURFACE_NAMES,
  Terrain,
  type ArmorCategory,
  type Creature,
  type LoadCategory,
  type Maneuverability,
  type RulesetId,
  type MovementMode,
  type Side,
  type SizeCategory,
} from '../../src-shared/model';
import { LIMITS } from '../../src-shared/io/limits';
import { sizeName, sizeRow, sizesOf } from '../../src-shared/rules/sizes';
import { ACTIONS, fallDamage, fallingBody, unsupportedInAir, type MoveAction, type Reach, type SurfaceName } from '../../src-shared/rules';
import { DEFAULT_MASS_KG, MASS_BY_SIZE } from '../../src-shared/rules/startroid/inertia';
import { DEFAULT_PROXIMITY_RESISTANCE } from '../../src-shared/rules/six-d6';
import type { Editor } from '../state/editor';
import { readableRules, unitWords } from '../state/wording';
import { ruleOf, type RuleField } from './creature-rule-fields';
import { fieldText, MIXED, sharedValue, type Shared } from './mixed-values';
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
  const creature = () => {
    const id = editor.selectedCreature();
    return id === null ? null : editor.creatureById(id);
  };
  /**
   * The encounter's ruleset, as a memo: the fields built from it (a size list, the actions) are built
   * again only when it changes, not after every edit of the document (a drop of 200 creatures).
   */
  const ruleset = createMemo<RulesetId>(() => editor.doc()!.ruleset);
  const info = () => RULESETS[ruleset()];
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
  /**
   * Every selected creature: each field edits them all (the movement below is the first one's).
   * Found once per document version, not once per field (a crowd of 200 among 500 has ~30 fields).
   */
  const creatures = createMemo(() => editor.selectedCreatures());
  const many = () => creatures().length > 1;
  /** The value the selected creatures share in a field, or mixed. */
  const shared = <T,>(get: (c: Creature) => T) => sharedValue(creatures(), get);
  /** A field's rule heading under this encounter's ruleset, by its name ("Epic Path › Reach"); null: not shown. */
  const rule = (field: RuleField) => {
    const heading = ruleOf(field, ruleset());
    return heading === null ? null : heading.startsWith('›') ? `${info().name} ${heading}` : heading;
  };
  /**
   * Every edit is a command, one undo step for all the selected creatures (a batch named by the
   * field); the movement shown follows it. `changesFor` gives each creature its own changes.
   */
  const changeAll = (what: string, changesFor: (c: Creature) => Partial<Omit<Creature, 'id'>>) => editor.editCreatures(creatures().map((c) => c.id), what, changesFor);
  const change = (what: string, changes: Partial<Omit<Creature, 'id'>>) => changeAll(what, () => changes);
  /** One speed of every selected creature (0 or blank: the mode is dropped; the walk is always kept). */
  const setSpeed = (mode: MovementMode, value: number) =>
    changeAll(`${mode} speed`, (k) => {
      const speed = { ...k.speed };
      if (mode === 'walk') speed.walk = value;
      else if (value > 0) speed[mode] = value;
      else delete speed[mode];
      return { speed };
    });
  /** Why the last number typed was refused, under its field; the field keeps the old value. */
  const [fieldError, setFieldError] = createSignal<{ field: string; text: string } | null>(null);
  /**
   * Reads a number typed for every selected creature: 0 to `max` (the file format's limit,
   * src-shared/io/limits.ts), else refused with the reason and the field shows what it held.
   */
  const number = (input: HTMLInputElement, field: string, label: string, old: Shared<number>, max: number, use: (value: number) => void) => {
    const v = input.valueAsNumber;
    if (Number.isFinite(v) && v >= 0 && v <= max) {
      setFieldError(null);
      use(v);
      return;
    }
    input.value = fieldText(old, String);
    const kept = old.mixed ? `kept each creature's own` : `kept ${old.value}`;
    if (Number.isFinite(v) && v < 0) setFieldError({ field, text: `${label} cannot be negative (${v}); ${kept}.` });
    else if (Number.isFinite(v)) setFieldError({ field, text: `${label} is at most ${max} (${v}); ${kept}.` });
    else setFieldError({ field, text: `${label} must be a number, 0 or more; ${kept}.` });
  };
  const errorFor = (field: string) => (fieldError()?.field === field ? fieldError()!.text : null);
  const errorLine = (field: () => string | null) => (
    <Show when={field()}>
      {(text) => (
        <p class="error" role="alert" data-testid="field-error">
          {text()}
        </p>
      )}
    </Show>
  );
  /** Creatures in the air with no fly speed and nothing under them fall: say so. */
  const unsupported = () => creatures().filter((k) => unsupportedInAir(editor.doc()!, k));
  const nameOf = (id: string) => {
    const k = editor.doc()?.creatures.find((c) => c.id === id);
    return k ? k.name || k.id : id;
  };
  /** A speed field of every selected creature (walk, fly, swim, climb, burrow). */
  const speedField = (mode: MovementMode, label: string, title: string) => {
    const value = () => shared((k) => (mode === 'walk' ? k.speed.walk : (k.speed[mode] ?? 0)));
    return (
      <label class="field">
        <span>
          {label} ({unitWords(info().speedUnit)})
        </span>
        <input
          type="number"
          min="0"
          max={LIMITS.speed}
          value={fieldText(value(), String)}
          placeholder={value().mixed ? MIXED : ''}
          data-testid={mode === 'walk' ? 'creature-speed' : `creature-${mode}`}
          title={title}
          aria-invalid={!!errorFor(mode)}
          onKeyDown={(e) => e.key === 'Enter' && done(e)}
          onChange={(e) => number(e.currentTarget, mode, mode === 'walk' ? 'Speed' : `${label} speed`, value(), LIMITS.speed, (v) => setSpeed(mode, v))}
        />
      </label>
    );
  };
  /** A checkbox for every selected creature: indeterminate when they differ; a click sets them all. */
  const flag = (what: string, get: (k: Creature) => boolean, set: (on: boolean) => Partial<Omit<Creature, 'id'>>, attrs: { testid?: string; title: string }) => {
    const value = () => shared(get);
    return (
      <label>
        <input
          type="checkbox"
          data-testid={attrs.testid}
          checked={!value().mixed && (value() as { value: boolean }).value}
          ref={(box) => createRenderEffect(() => (box.indeterminate = value().mixed))}
          title={attrs.title}
          onChange={(e) => (change(what, set(e.currentTarget.checked)), done(e))}
        />{' '}
        {what}
      </label>
    );
  };
  /** A choice for every selected creature, with "mixed" shown while they differ. */
  const choice = <T extends string>(what: string, get: (k: Creature) => T, options: readonly { value: T; label: string }[], set: (value: T, k: Creature) => Partial<Omit<Creature, 'id'>>, attrs: { testid: string; title: string }) => {
    const value = () => shared(get);
    return (
      <select
        value={value().mixed ? '' : (value() as { value: T }).value}
        data-testid={attrs.testid}
        title={attrs.title}
        onChange={(e) => {
          const v = e.currentTarget.value as T;
          if (v) changeAll(what, (k) => set(v, k));
          done(e);
        }}
      >
        <option value="" disabled hidden={!value().mixed}>
          {MIXED}
        </option>
        <For each={options}>{(o) => <option value={o.value}>{o.label}</option>}</For>
      </select>
    );
  };
  const sizeOf = () => shared((k) => k.size);

  return (
    <Show when={creature()}>
      {(c) => (
        <section data-testid="creature-panel">
          <h2>{many() ? `${creatures().length} creatures` : 'Creature'}</h2>
          <Show when={many()}>
            <p class="hint" data-testid="creature-many">
              Each change applies to all {creatures().length} selected creatures, as one undo step; an empty "mixed" field or a box with a dash means their values differ.
            </p>
          </Show>
          <label class="field">
            <span>Name</span>
            <input
              type="text"
              value={fieldText(shared((k) => k.name), String)}
              placeholder={shared((k) => k.name).mixed ? MIXED : ''}
              maxLength={LIMITS.nameChars}
              data-testid="creature-name-input"
              title="The creature's name, shown on the map (its first two letters) and in paths"
              onChange={(e) => {
                const name = e.currentTarget.value.trim();
                changeAll('name', (k) => ({ name: name || k.id }));
              }}
            />
          </label>
          <div class="field-row">
            <label class="field">
              <span>Size</span>
              {choice('size', (k) => k.size, sizesOf(ruleset()).map((size) => ({ value: size, label: sizeName(ruleset(), size) })), (size: SizeCategory) => ({ size }), {
                testid: 'creature-size',
                title: "Size category, by the ruleset's names: how much space it takes",
              })}
            </label>
            <label class="field">
              <span>Side</span>
              {choice('side', (k) => k.side, SIDES.map((side) => ({ value: side, label: side })), (side: Side) => ({ side }), {
                testid: 'creature-side',
                title: 'Party and enemy oppose each other; neutral creatures hinder nobody',
              })}
            </label>
          </div>
          <Show when={info().speedUnit !== 'mr'}>
            <div class="field-row">
              {speedField('walk', 'Speed', 'Walking speed, 0 or more')}
              {speedField('fly', 'Fly', 'Fly speed (0: it cannot fly)')}
            </div>
            {errorLine(() => errorFor('walk') ?? errorFor('fly'))}
            <div class="field-row">
              <For each={(['swim', 'climb', 'burrow'] as const).filter((m) => rule(m) !== null)}>
                {(m) => speedField(m, m[0]!.toUpperCase() + m.slice(1), `${m[0]!.toUpperCase() + m.slice(1)} speed (0: none); a mode of its own in the Mode list (${rule(m)})`)}
              </For>
            </div>
            {errorLine(() => errorFor('swim') ?? errorFor('climb') ?? errorFor('burrow'))}
            <Show when={rule('maneuverability') && creatures().some((k) => (k.speed.fly ?? 0) > 0)}>
              <label class="field">
                <span>Fly maneuverability</span>
                {choice(
                  'fly maneuverability',
                  (k) => k.speed.maneuverability ?? 'average',
                  MANEUVERABILITIES.map((m) => ({ value: m, label: m })),
                  (maneuverability: Maneuverability, k) => ({ speed: { ...k.speed, maneuverability } }),
                  { testid: 'creature-maneuverability', title: `How well it turns, climbs and dives in flight; unset is average (${rule('maneuverability')})` },
                )}
              </label>
            </Show>
          </Show>
          <Show when={ruleset() !== 'startroid' && ruleset() !== '6d6'}>
            <div class="field-row">
              <label class="field">
                <span>Armour</span>
                {choice('armour', (k) => k.armor, ARMOR_CATEGORIES.map((a) => ({ value: a, label: a })), (armor: ArmorCategory) => ({ armor }), { testid: 'creature-armor', title: 'Armour worn (slows some creatures)' })}
              </label>
              <label class="field">
                <span>Load</span>
                {choice('load', (k) => k.load, LOAD_CATEGORIES.map((l) => ({ value: l, label: l })), (load: LoadCategory) => ({ load }), { testid: 'creature-load', title: 'Load carried (slows some creatures)' })}
              </label>
            </div>
          </Show>
          <Show when={rule('reach')}>
            {(where) => {
              const value = () => shared((k) => k.reach);
              const natural = () => (sizeOf().mixed ? 'by its size' : `${sizeRow(ruleset(), (sizeOf() as { value: SizeCategory }).value)?.reach ?? info().squareSize} for its size`);
              return (
                <>
                  <label class="field">
                    <span>
                      Reach ({info().lengthUnit}; blank: {natural()})
                    </span>
                    <input
                      type="number"
                      min="0"
                      max={LIMITS.speed}
                      step={info().squareSize}
                      value={fieldText(value(), (r) => (r === undefined ? '' : String(r)))}
                      placeholder={value().mixed ? MIXED : ''}
                      data-testid="creature-reach"
                      title={`How far it threatens, for attacks of opportunity along a path; blank uses its size's natural reach (${where()})`}
                      aria-invalid={!!errorFor('reach')}
                      onKeyDown={(e) => e.key === 'Enter' && done(e)}
                      onChange={(e) => {
                        if (e.currentTarget.value.trim() === '') return (setFieldError(null), change('reach', { reach: undefined }));
                        const old = value();
                        number(e.currentTarget, 'reach', 'Reach', old.mixed ? old : { mixed: false, value: old.value ?? 0 }, LIMITS.speed, (reach) => change('reach', { reach }));
                      }}
                    />
                  </label>
                  {errorLine(() => errorFor('reach'))}
                </>
              );
            }}
          </Show>
          <Show when={rule('race')}>
            {(where) => (
              <label class="field">
                <span>Race (blank: none)</span>
                <input
                  type="text"
                  maxLength={LIMITS.idChars}
                  value={fieldText(shared((k) => k.race ?? ''), String)}
                  placeholder={shared((k) => k.race ?? '').mixed ? MIXED : ''}
                  data-testid="creature-race"
                  title={`Its race, for the tactical speed table: a dwarf keeps 20 ft in medium or heavy armour (${where()})`}
                  onKeyDown={(e) => e.key === 'Enter' && done(e)}
                  onChange={(e) => {
                    const race = e.currentTarget.value.trim();
                    change('race', { race: race || undefined });
                  }}
                />
              </label>
            )}
          </Show>
          <label class="field">
            <span>Altitude ({info().lengthUnit} above the ground)</span>
            <input
              type="number"
              min="0"
              max={LIMITS.length}
              step={info().squareSize}
              value={fieldText(shared((k) => k.altitude), String)}
              placeholder={shared((k) => k.altitude).mixed ? MIXED : ''}
              data-testid="creature-altitude"
              title="Height above the ground; PageUp / PageDown on the map raise and lower it by a square"
              aria-invalid={!!errorFor('altitude')}
              onKeyDown={(e) => e.key === 'Enter' && done(e)}
              onChange={(e) => number(e.currentTarget, 'altitude', 'Altitude', shared((k) => k.altitude), LIMITS.length, (altitude) => change('altitude', { altitude }))}
            />
          </label>
          {errorLine(() => errorFor('altitude'))}
          <For each={unsupported()}>
            {(k) => (
              <p class="warning" role="status" data-testid="creature-unsupported">
                ⚠ {k.name} is {k.altitude} {info().lengthUnit} up in the air but has no fly speed: give it a fly speed or put it on the ground.
              </p>
            )}
          </For>
          <Show when={ruleset() === 'startroid'}>
            <label class="field">
              <span>Mass (kg; blank: {sizeOf().mixed ? 'by its size' : `${MASS_BY_SIZE[(sizeOf() as { value: SizeCategory }).value] ?? DEFAULT_MASS_KG} for its size`})</span>
              <input
                type="number"
                min="0"
                max={LIMITS.mass}
                value={fieldText(shared((k) => k.mass), (m) => (m === undefined ? '' : String(m)))}
                placeholder={shared((k) => k.mass).mixed ? MIXED : ''}
                data-testid="creature-mass"
                title="Its mass for inertia damage: 1d10 per 200 kg·m/s (startroid.txt › Inertia); blank uses the default for its size"
                aria-invalid={!!errorFor('mass')}
                onKeyDown={(e) => e.key === 'Enter' && done(e)}
                onChange={(e) => {
                  if (e.currentTarget.value.trim() === '') return (setFieldError(null), change('mass', { mass: undefined }));
                  const old = shared((k) => k.mass);
                  number(e.currentTarget, 'mass', 'Mass', old.mixed ? old : { mixed: false, value: old.value ?? 0 }, LIMITS.mass, (mass) => (mass > 0 ? change('mass', { mass }) : change('mass', { mass: undefined })));
                }}
              />
            </label>
            {errorLine(() => errorFor('mass'))}
          </Show>
          <Show when={ruleset() === '6d6'}>
            <label class="field">
              <span>Resistance (blank: {DEFAULT_PROXIMITY_RESISTANCE})</span>
              <input
                type="text"
                maxLength={16}
                value={fieldText(shared((k) => k.resistance ?? ''), String)}
                placeholder={shared((k) => k.resistance ?? '').mixed ? MIXED : ''}
                data-testid="creature-resistance"
                title="Its proximity resistance action against a creature entering or leaving its square: dice (1d6+1) or a score (3) (6d6.txt › Occupied Squares)"
                aria-invalid={!!errorFor('resistance')}
                onKeyDown={(e) => e.key === 'Enter' && done(e)}
                onChange={(e) => {
                  const text = e.currentTarget.value.trim();
                  if (text === '') return (setFieldError(null), change('resistance', { resistance: undefined }));
                  if (!/^(\d*[dD]\d+([+-]\d+)?|\d+)$/.test(text)) {
                    const old = shared((k) => k.resistance ?? '');
                    e.currentTarget.value = fieldText(old, String);
                    return setFieldError({ field: 'resistance', text: `Resistance is dice like 1d6+1 or a score like 3 ("${text}"); kept ${old.mixed ? "each creature's own" : old.value || 'the default'}.` });
                  }
                  setFieldError(null);
                  change('resistance', { resistance: text });
                }}
              />
            </label>
            {errorLine(() => errorFor('resistance'))}
          </Show>
          <div class="checks">
            {flag('prone', (k) => k.prone, (prone) => ({ prone }), { testid: 'creature-prone', title: 'Lying on the ground' })}
            {flag('helpless', (k) => k.helpless, (helpless) => ({ helpless }), { testid: 'creature-helpless', title: 'Unable to act: others may move through and end in its space' })}
            <Show when={isD20(ruleset())}>
              {flag('reach weapon', (k) => !!k.reachWeapon, (on) => ({ reachWeapon: on || undefined }), {
                testid: 'creature-reach-weapon',
                title: `Wields a reach weapon: it threatens at double its natural reach but not at its natural reach or less; attacks of opportunity along a path come from that zone (${info().name} › Big and Little Creatures in Combat)`,
              })}
            </Show>
            <Show when={rule('fillsSpace')}>
              {(where) =>
                flag('fills its space', (k) => !!k.fillsSpace, (on) => ({ fillsSpace: on || undefined }), {
                  testid: 'creature-fills-space',
                  title: `It completely fills its squares (a gelatinous cube): nothing moves through them, not even by tumbling (${where()})`,
                })
              }
            </Show>
            <Show when={ruleset() === 'epic-path'}>
              {flag('dead', (k) => !!k.dead, (on) => ({ dead: on || undefined }), {
                testid: 'creature-dead',
                title: 'Dead: its square is rough terrain to others, not a space to squeeze into, and it threatens nothing (Epic Path › Squeezing)',
              })}
              {flag('blinded', (k) => !!k.blinded, (on) => ({ blinded: on || undefined }), { testid: 'creature-blinded', title: 'Cannot see: it may not run or take a 5-foot step (Epic Path › Run, › 5-Foot Step)' })}
            </Show>
          </div>
          <p class="hint" data-testid="creature-name">
            {c().name} at {c().x},{c().y}
            {many() ? ` (and ${creatures().length - 1} more selected; the movement below is ${c().name}'s)` : ''}. Drag it with the Select tool to move it.{' '}
            <button class="link" data-testid="creature-remove" title="Delete the selected creatures (Delete)" onClick={() => editor.deleteCreatures([...editor.selectedIds()])}>
              Remove
            </button>
          </p>
          <TokenPictureField editor={editor} creature={c()} />
          <h2>Movement</h2>
          <label class="field">
            <span>Action</span>
            <select data-testid="move-action" title="The action the creature spends on moving" value={request().action} onChange={(e) => (update({ action: e.currentTarget.value as MoveAction }), done(e))}>
              <For each={actionsFor(ruleset())}>{(a) => <option value={a}>{ACTION_LABELS[a]}</option>}</For>
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
              <option value="">{ruleset() === 'epic-path' ? 'All modes combined' : 'Walk'}</option>
              {/* Outside Epic Path the first option is the walk: not listed twice ("Walk" and "walk"). */}
              <For each={modes().filter((m) => ruleset() === 'epic-path' || m !== 'walk')}>{(m) => <option value={m}>{m[0]!.toUpperCase() + m.slice(1)}</option>}</For>
            </select>
          </label>
          <Show when={ruleset() === 'd20-35' && request().mode === 'climb'}>
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
          <Show when={isD20(ruleset()) || ruleset() === 'epic-path'}>
            <div class="field-row">
              <label class="field">
                <span>Overrun</span>
                <select
                  data-testid="move-overrun"
                  value={request().overrun ?? ''}
                  title={
                    ruleset() === 'epic-path'
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
              <Show when={isD20(ruleset())}>
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
          <Show when={ruleset() === '6d6'}>
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
