import { createMemo, createSignal, For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { citeOf } from '../../src-shared/play';
import { MANEUVERABILITY } from '../../src-shared/rules';
import type { Editor } from '../state/editor';

/**
 * Flight in Play (issue 17 › 1): the height of the next waypoint (PageUp / PageDown, Alt + wheel, or
 * typed), the path seen from the side with the ground under it, and a stalled flyer's save.
 */
export function FlightControls(props: { editor: Editor }) {
  const editor = props.editor;
  const unit = () => RULESETS[editor.playState()?.board.ruleset ?? 'epic-path'].lengthUnit;
  const [typed, setTyped] = createSignal<string | null>(null);
  const ceiling = () => editor.playState()?.board.settings.flightCeiling;
  return (
    <div class="play-flight" data-testid="play-flight">
      <label class="field">
        <span>Next waypoint's height ({unit()} above the ground)</span>
        <input
          type="number"
          min="0"
          step={editor.flightAltitudeStep()}
          data-testid="play-flight-altitude"
          value={typed() ?? String(editor.flightAltitude())}
          aria-invalid={typed() !== null}
          title="PageUp / PageDown or Alt + wheel over the map: a square higher or lower"
          onInput={(e) => {
            const text = e.currentTarget.value;
            // A half-typed or negative number is kept in the field and marked, changing nothing.
            setTyped(text.trim() !== '' && editor.setFlightAltitude(Number(text)) ? null : text);
          }}
          onBlur={() => setTyped(null)}
        />
      </label>
      <Show when={typed() !== null}>
        <p class="error" data-testid="play-flight-altitude-error">
          A height is a length of 0 {unit()} or more.
        </p>
      </Show>
      <p class="hint">
        PageUp / PageDown (or Alt + wheel): a square higher / lower{ceiling() !== undefined ? ` · ceiling ${ceiling()} ${unit()}` : ''}
      </p>
      <Show when={editor.flightSideView().length > 1}>
        <FlightSideView editor={editor} unit={unit()} />
      </Show>
    </div>
  );
}

/**
 * A flight seen from the side: the ground under each step (grey) and the flyer's underside above it
 * (blue), from where it is now, in one scale, so a climb, a dive over a rise, the ceiling or a stall's
 * height reads at a glance beside the heights on the map.
 */
function FlightSideView(props: { editor: Editor; unit: string }) {
  const W = 220;
  const H = 56;
  const points = () => props.editor.flightSideView();
  const ceiling = () => props.editor.playState()?.board.settings.flightCeiling;
  const scale = createMemo(() => {
    const p = points();
    // A square's height of ground below the lowest point, so the ground reads as ground.
    const low = Math.min(...p.map((q) => q.ground)) - props.editor.flightAltitudeStep();
    const high = Math.max(low + 1, ...p.map((q) => q.ground + q.z), ceiling() ?? -Infinity);
    return { low, high };
  });
  const x = (i: number) => 6 + (i * (W - 12)) / Math.max(1, points().length - 1);
  const y = (height: number) => H - ((height - scale().low) / (scale().high - scale().low)) * (H - 8);
  const heights = () => points().map((q) => q.z);
  const grounds = () => points().map((q) => q.ground);
  const stalls = () => props.editor.movePlan()?.stalls === true;
  return (
    <figure class="chart" data-testid="play-side-view" data-heights={heights().join(',')} data-ground={grounds().join(',')}>
      <svg
        width={W}
        height={H + 14}
        role="img"
        aria-label={`Side view: height above the ground at each step, ${heights().join(', ')} ${props.unit}; the ground under it, ${grounds().join(', ')} ${props.unit}`}
      >
        <polygon
          points={[`${x(0)},${H}`, ...points().map((q, i) => `${x(i)},${y(q.ground)}`), `${x(points().length - 1)},${H}`].join(' ')}
          fill="rgba(130, 120, 100, 0.45)"
          stroke="#6b7480"
        />
        <Show when={ceiling() !== undefined}>
          <line x1={0} y1={y(ceiling()!)} x2={W} y2={y(ceiling()!)} stroke="#b3261e" stroke-dasharray="4 3">
            <title>{`Flight ceiling: ${ceiling()} ${props.unit}`}</title>
          </line>
        </Show>
        <polyline points={points().map((q, i) => `${x(i)},${y(q.ground + q.z)}`).join(' ')} fill="none" stroke={stalls() ? '#b3261e' : '#2f7de1'} stroke-width="2" />
        <For each={points()}>
          {(q, i) => (
            <circle cx={x(i())} cy={y(q.ground + q.z)} r="2.5" fill={i() === 0 ? '#9aa3ad' : '#2f7de1'}>
              <title>{i() === 0 ? `Now: ${q.z} ${props.unit} up` : `Step ${i()} (${q.x},${q.y}): ${q.z} ${props.unit} up, ground ${q.ground} ${props.unit}`}</title>
            </circle>
          )}
        </For>
        <text x={2} y={9} font-size="9" fill="#9aa3ad">
          ends {points().at(-1)!.z} {props.unit} up
        </text>
        <text x={W / 2} y={H + 11} font-size="9" text-anchor="middle" fill="#9aa3ad">
          step →
        </text>
      </svg>
      <figcaption class="hint">
        Side view: height at each step over the ground
        <Show when={stalls()}>
          {' '}
          <strong data-testid="play-side-view-stall">— ends under its minimum forward speed: it stalls ({citeOf('d20-30', 'Minimum Forward Speed').display})</strong>
        </Show>
      </figcaption>
    </figure>
  );
}

/**
 * d20-phb-30.txt › Minimum Forward Speed: a stalled flyer "must spend its next turn recovering from
 * the stall. It must succeed on a DC 20 Reflex save to recover" — rolled with the session's dice
 * (1d20 + the modifier typed), or the GM's own result. Before that, a flyer in the air that cannot
 * hover is told how far it must fly.
 */
export function StallSave(props: { editor: Editor }) {
  const editor = props.editor;
  const [modifier, setModifier] = createSignal(0);
  const creature = () => editor.currentCreature();
  const stalled = () => {
    const c = creature();
    return c ? (editor.playState()?.stalled[c.id] ?? null) : null;
  };
  const unit = () => RULESETS[editor.playState()?.board.ruleset ?? 'd20-30'].lengthUnit;
  const save = (outcome: { success?: boolean; modifier?: number }) => editor.playAct({ kind: 'stall-save', creature: creature()!.id, ...outcome });
  // d20-phb-30.txt › Maneuverability: average, poor and clumsy flyers cannot hover and must keep a
  // minimum forward speed; the model stalls one whose flight ends under it, and (rules edition 2, a
  // session started since) one that ends its turn without flying. Said before the GM moves.
  const mustFly = () => {
    const c = creature();
    if (!c || stalled() || editor.playState()?.board.ruleset !== 'd20-30' || c.altitude <= 0 || !(c.speed.fly ?? 0)) return null;
    const row = MANEUVERABILITY[c.speed.maneuverability ?? 'average'];
    return row.minimumForward > 0 ? (c.speed.fly ?? 0) * row.minimumForward : null;
  };
  return (
    <>
      <Show when={mustFly()}>
        {(needed) => (
          <p class="hint" data-testid="play-must-fly">
            {creature()!.name} cannot hover {creature()!.altitude} {unit()} up: a flight this turn that ends in the air under {needed()} {unit()} forward stalls it
            {(editor.playState()?.rulesVersion ?? 1) >= 2 ? ', and so does ending the turn without flying' : ''} ({citeOf('d20-30', 'Minimum Forward Speed').display}).
          </p>
        )}
      </Show>
      <Show when={stalled()}>
        {(s) => (
          <div class="play-stall" data-testid="play-stall">
            <p>
              <strong>
                {creature()!.name} is stalled: {s().fallen} {unit()} fallen, {creature()!.altitude} {unit()} up.
              </strong>{' '}
              It spends this turn on a DC 20 Reflex save; a failure falls 300 {unit()} more ({citeOf('d20-30', 'Minimum Forward Speed').display}).
            </p>
            <label class="field">
              <span>Reflex modifier</span>
              <input type="number" step="1" data-testid="play-stall-modifier" value={modifier()} onInput={(e) => setModifier(Math.trunc(Number(e.currentTarget.value)) || 0)} />
            </label>
            <div class="play-actions">
              <button data-testid="play-stall-roll" onClick={() => save({ modifier: modifier() })}>
                Roll 1d20{modifier() ? (modifier() > 0 ? `+${modifier()}` : modifier()) : ''}
              </button>
              <button data-testid="play-stall-saved" onClick={() => save({ success: true })}>
                Saved
              </button>
              <button data-testid="play-stall-failed" onClick={() => save({ success: false })}>
                Failed
              </button>
            </div>
          </div>
        )}
      </Show>
    </>
  );
}
