import { createSignal, Show } from 'solid-js';
import { LIMITS } from '../../src-shared/io/limits';
import { RULESETS, type RulesetSettings } from '../../src-shared/model';
import type { Editor } from '../state/editor';

type NumberSetting = 'fallDiceCap' | 'gravity' | 'flightCeiling';

/**
 * The encounter's ruleset settings (`RulesetSettings`), each shown only for the ruleset whose text has
 * it, each change one undo step, each number refused with the reason beyond the file format's limits
 * (src-shared/io/limits.ts) so a saved file always opens again.
 */
export function EncounterSettingsFields(props: { editor: Editor }) {
  const editor = props.editor;
  const doc = () => editor.doc()!;
  const settings = () => doc().settings;
  const ruleset = () => doc().ruleset;
  const [error, setError] = createSignal<{ field: NumberSetting; text: string } | null>(null);

  /** One setting changed (undefined: back to the default), as one named undo step. */
  function set<K extends keyof RulesetSettings>(key: K, value: RulesetSettings[K] | undefined, what: string): void {
    const next: RulesetSettings = { ...settings() };
    if (value === undefined) delete next[key];
    else next[key] = value;
    if (JSON.stringify(next) === JSON.stringify(settings())) return;
    editor.execute({ type: 'batch', label: `change ${what}`, commands: [{ type: 'setSettings', settings: next }] });
  }

  /** A number setting typed in: blank is the default; out of range or not a whole number where one is asked, refused and kept. */
  function typed(input: HTMLInputElement, key: NumberSetting, what: string, max: number, whole: boolean): void {
    const old = settings()[key];
    if (input.value.trim() === '') {
      setError(null);
      return set(key, undefined, what);
    }
    const v = input.valueAsNumber;
    if (Number.isFinite(v) && v >= 0 && v <= max && (!whole || Number.isInteger(v))) {
      setError(null);
      return set(key, v, what);
    }
    input.value = old === undefined ? '' : String(old);
    const kept = old === undefined ? 'kept the default' : `kept ${old}`;
    const range = `${whole ? 'a whole number' : 'a number'} from 0 to ${max}`;
    const name = what[0]!.toUpperCase() + what.slice(1);
    setError({ field: key, text: `${name} must be ${range}${Number.isFinite(v) ? ` (${v})` : ''}; ${kept}.` });
  }
  const errorLine = (field: NumberSetting) => (
    <Show when={error()?.field === field ? error()!.text : null}>
      {(text) => (
        <p class="error" role="alert" data-testid="setting-error">
          {text()}
        </p>
      )}
    </Show>
  );
  const name = () => RULESETS[ruleset()].name;
  const unit = () => RULESETS[ruleset()].lengthUnit;

  return (
    <div class="encounter-settings" data-testid="encounter-settings">
      <Show when={ruleset() === 'epic-path'}>
        <label class="field">
          <span>Run multiplier</span>
          <select
            data-testid="setting-epic-path-run"
            value={settings().epicPathRun ?? 'run'}
            title={`The text gives two run multipliers: › Run's x4 (x3 in heavy armour), or › Encumbrance's x5 less 1 for medium and 2 for heavy armour or load (${name()} › Run, › Encumbrance; docs/rules.md)`}
            onChange={(e) => {
              set('epicPathRun', e.currentTarget.value === 'encumbrance' ? 'encumbrance' : 'run', 'the run multiplier');
              e.currentTarget.blur();
            }}
          >
            <option value="run">x4, x3 in heavy armour (› Run)</option>
            <option value="encumbrance">x5 less armour and load (› Encumbrance)</option>
          </select>
        </label>
        <label class="field">
          <span>Fall dice cap (blank: 20; 0: no cap)</span>
          <input
            type="number"
            min="0"
            max={LIMITS.fallDiceCap}
            step="1"
            data-testid="setting-fall-dice-cap"
            value={settings().fallDiceCap ?? ''}
            placeholder="20"
            title={`The most dice a fall deals: "a maximum of 20d6 is recommended"; 0 for none, as in the Aether (${name()} › Falling)`}
            aria-invalid={error()?.field === 'fallDiceCap'}
            onChange={(e) => typed(e.currentTarget, 'fallDiceCap', 'the fall dice cap', LIMITS.fallDiceCap, true)}
          />
        </label>
        {errorLine('fallDiceCap')}
      </Show>
      <Show when={ruleset() === 'startroid'}>
        <label class="field">
          <span>Gravity (g; blank: 1)</span>
          <input
            type="number"
            min="0"
            max={LIMITS.gravity}
            step="0.1"
            data-testid="setting-gravity"
            value={settings().gravity ?? ''}
            placeholder="1"
            title={`Gravity in g for the speed a fall hits with, v = (19.6 G d)^0.5 (${name()} › Inertia)`}
            aria-invalid={error()?.field === 'gravity'}
            onChange={(e) => typed(e.currentTarget, 'gravity', 'gravity', LIMITS.gravity, false)}
          />
        </label>
        {errorLine('gravity')}
      </Show>
      {/* The engine keeps any ceiling the file sets in every ruleset: shown there too, so it can be seen and cleared. */}
      <Show when={ruleset() === 'epic-path' || settings().flightCeiling !== undefined}>
        <label class="field">
          <span>
            Flight ceiling ({unit()}; blank: none)
          </span>
          <input
            type="number"
            min="0"
            max={LIMITS.length}
            step={RULESETS[ruleset()].squareSize}
            data-testid="setting-flight-ceiling"
            value={settings().flightCeiling ?? ''}
            title={
              ruleset() === 'epic-path'
                ? `The highest a flyer's underside may go: the text recommends "altitude ceilings" in three-dimensional encounters (Epic Path › Three Dimensional Movement)`
                : `The highest a flyer's underside may go. ${name()}'s text has no ceiling (Epic Path › Three Dimensional Movement has), but this file sets one and flight keeps to it: blank removes it`
            }
            aria-invalid={error()?.field === 'flightCeiling'}
            onChange={(e) => typed(e.currentTarget, 'flightCeiling', 'the flight ceiling', LIMITS.length, false)}
          />
        </label>
        {errorLine('flightCeiling')}
      </Show>
    </div>
  );
}
