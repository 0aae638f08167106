import { createMemo, For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { reachByDistance } from '../../src-shared/play';
import type { MoveAction } from '../../src-shared/rules';
import type { RulesetId } from '../../src-shared/model';
import { BAND_COLORS } from '../canvas/layers/play-overlay';
import type { Editor } from '../state/editor';
import type { ReachBand } from '../state/play';
import { FlightControls, StallSave } from './Flight';
import { DelayReady } from './DelayReady';
import { PanelSection } from './PanelSection';
import { unitWords, whereUnsaid } from '../state/wording';

const BAND_NAMES: Partial<Record<MoveAction, string>> = { move: 'move', double: 'double move', run: 'run' };

/** A movement unit as the texts write it: 6d6.txt › Movement Resistance says "MR". */
const unitText = unitWords;

/**
 * A reach band's legend entry, in the ruleset's words, one distinct entry per band: a 6d6 mosey and
 * two moseys both count 3 MR a movement, so the distance alone would label them the same.
 */
export function bandLegend(ruleset: RulesetId, band: Pick<ReachBand, 'action' | 'label' | 'reach'>): { text: string; rule: string | null } {
  const unit = unitText(band.reach.unit);
  const budget = band.reach.budget;
  if (ruleset === '6d6') {
    // 6d6.txt › Mosey: "a predictable amount of movement equivalent to a dice score of three";
    // › Run: "Running using a potential action is worth 1d6+0"; › Movement Types: several movements
    // in a turn "are distinct and separate actions", one potential each.
    if (band.action === 'move') return { text: `Mosey: a score of three (${budget} ${unit})`, rule: '6d6.txt › Mosey' };
    if (band.action === 'double') return { text: `Two moseys: ${budget} ${unit} each, two separate actions`, rule: '6d6.txt › Movement Types' };
    if (band.action === 'run') return { text: `Run: 1d6+0, rolled (up to ${budget} ${unit})`, rule: '6d6.txt › Run' };
  }
  return { text: `${BAND_NAMES[band.action] ?? band.label} (${budget} ${unit})`, rule: null };
}

/** The current creature's turn: its movement, the reach bands, the path being drawn and what it provokes. */
export function Turn(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const ruleset = () => state().board.ruleset;
  const creature = () => editor.currentCreature();
  const turn = () => state().turn;
  const standUp = () => editor.turnOptions().find((o) => o.action === 'stand-up');
  const plan = () => editor.movePlan();
  const bands = () => editor.reachBands();
  const dice = () => editor.bandSquares().some((q) => q.p !== undefined && q.p < 1);
  const unit = () => bands().bands[0]?.reach.unit ?? turn().unit;
  const choose = (action: MoveAction) => {
    editor.setMoveAction(action);
    editor.clearPlayDrawing();
  };

  return (
    <PanelSection id="turn" testid="play-turn" title={`${creature()?.name}'s turn`}>
      <dl class="facts">
        <dt>Moved</dt>
        <dd data-testid="play-spent">
          {turn().spent} {unitText(turn().unit)} this turn
          {turn().parity ? ' (next diagonal costs double)' : ''}
        </dd>
        <Show when={creature()?.prone}>
          <dt>Prone</dt>
          <dd>
            {/* The one Stand up control (the movement list no longer repeats it, disabled): allowed
                and explained as the turn's options say. */}
            <button
              data-testid="play-stand-up"
              disabled={standUp()?.allowed === false}
              title={standUp() ? (standUp()!.allowed ? `${standUp()!.label}${standUp()!.rule ? ` — ${standUp()!.rule!.display}` : ''}` : standUp()!.why) : undefined}
              onClick={() => editor.playAct({ kind: 'stand-up', creature: creature()!.id })}
            >
              Stand up
            </button>
          </dd>
        </Show>
      </dl>
      <StallSave editor={editor} />
      <DelayReady editor={editor} />
      <div class="play-actions" role="radiogroup" aria-label="Movement this turn" data-testid="play-actions">
        <For each={editor.turnOptions().filter((o) => o.action !== 'stand-up')}>
          {(o) => (
            <button
              role="radio"
              aria-checked={editor.moveAction() === o.action}
              classList={{ active: editor.moveAction() === o.action, unavailable: !o.allowed }}
              data-testid={`play-action-${o.action}`}
              data-allowed={String(o.allowed)}
              title={o.allowed ? `${o.label}${o.rule ? ` — ${o.rule.display}` : ''}` : o.why}
              onClick={() => choose(o.action as MoveAction)}
            >
              {o.label}
            </button>
          )}
        </For>
      </div>
      <Show when={editor.canFly()}>
        {/* The box gives the keyboard back to the map once ticked: PageUp / PageDown then raise the
            next waypoint rather than scroll the panel (the review's shot 68). */}
        <label class="check">
          <input type="checkbox" data-testid="play-fly" checked={editor.moveMode() === 'fly'} onChange={(e) => (editor.setMoveMode(e.currentTarget.checked ? 'fly' : null), editor.clearPlayDrawing(), e.currentTarget.blur())} /> Fly (heights shown on the path)
        </label>
        <Show when={editor.moveMode() === 'fly'}>
          <FlightControls editor={editor} />
        </Show>
      </Show>
      <Show when={bands().refused}>
        <p class="error" data-testid="play-move-refused">
          {bands().refused}
        </p>
      </Show>
      <Show when={bands().bands.length}>
        <div class="legend" data-testid="play-legend">
          <For each={bands().bands}>
            {(b, k) => {
              const entry = () => bandLegend(ruleset(), b);
              return (
                <span data-testid="play-legend-band" title={entry().rule ? `${b.label} (${entry().rule})` : b.label}>
                  <i style={{ background: BAND_COLORS[Math.min(k(), 2)] }} /> {entry().text}
                </span>
              );
            }}
          </For>
          <span>
            <i class="pass" /> pass only
          </span>
          <span>
            <i class="falls" /> falls
          </span>
          <Show when={dice()}>
            <span title="6d6: the shading is the chance the rolled score gets there">
              <i class="chance" /> chance to get there
            </span>
          </Show>
        </div>
        <label class="check">
          <input type="checkbox" checked={editor.showBands()} onChange={(e) => editor.setShowBands(e.currentTarget.checked)} /> Show the bigger moves too
        </label>
        <Show when={dice()}>
          <ReachChart editor={editor} />
        </Show>
      </Show>
      <Show when={plan()}>
        {(p) => (
          <div class="play-path" classList={{ illegal: !p().answer.legal }} data-testid="play-path">
            <div>
              Path to {p().target.x},{p().target.y}:{' '}
              {/* No way there at all has no cost to show ("0 movement resistance" read as free); nor has
                  a flight whose end the flyer cannot reach (the legs to the waypoints read as its cost). */}
              <Show when={p().answer.legal || (p().answer.steps.length > 1 && !(p().flight && p().answer.breaksAt >= p().answer.steps.length))} fallback={<strong>no way there</strong>}>
                <strong>
                  {p().answer.total} {unitText(p().answer.unit || unit())}
                </strong>
              </Show>
              {p().answer.fall !== undefined ? `, then falls ${p().answer.fall} ${RULESETS[state().board.ruleset].lengthUnit}` : ''}
            </div>
            <Show when={p().stalls}>
              <div class="error" data-testid="play-path-stalls">
                Enter moves it, then it stalls: {p().answer.reason}
              </div>
            </Show>
            <Show when={!p().answer.legal && !p().stalls}>
              <div class="error" data-testid="play-path-refused">
                Not allowed: {p().answer.reason}
                {whereUnsaid(p().answer.reason, p().answer.steps[p().answer.breaksAt])}
              </div>
            </Show>
            <Show when={p().provokedBy.length}>
              <div class="provokes" data-testid="play-path-provokes">
                Provokes: {p().provokedBy.map((q) => `${q.name} (when ${creature()?.name ?? 'the mover'} is at ${q.at.x},${q.at.y})`).join(', ')}
              </div>
            </Show>
            <div class="hint">Click: waypoint · double-click or Enter: move · Esc: clear</div>
          </div>
        )}
      </Show>
    </PanelSection>
  );
}

/** Dice movement (6d6.txt › Run): the chance the rolled score gets this far, from the model's `reachByDistance`. */
function ReachChart(props: { editor: Editor }) {
  const points = createMemo(() => {
    const c = props.editor.currentCreature();
    const band = props.editor.reachBands().bands.find((b) => b.reach.squares.some((q) => q.p !== undefined && q.p < 1));
    if (!c || !band) return [];
    return reachByDistance(band.reach, { x: c.x, y: c.y });
  });
  const W = 220;
  const H = 60;
  return (
    <Show when={points().length > 1}>
      <figure class="chart" data-testid="play-reach-chart">
        <svg width={W} height={H + 14} role="img" aria-label="Chance to get there against distance in squares">
          <For each={points()}>
            {(pt, i) => {
              const w = W / points().length;
              return (
                <g>
                  <rect x={i() * w + 1} y={H - pt.p * H} width={Math.max(1, w - 2)} height={pt.p * H} fill="#2f7de1">
                    <title>{`${pt.distance} squares: ${Math.round(pt.p * 100)}%`}</title>
                  </rect>
                  <Show when={points().length <= 12 || i() % Math.ceil(points().length / 12) === 0}>
                    <text x={i() * w + w / 2} y={H + 11} font-size="9" text-anchor="middle" fill="#9aa3ad">
                      {pt.distance}
                    </text>
                  </Show>
                </g>
              );
            }}
          </For>
        </svg>
        <figcaption class="hint">Chance to get at least this many squares away (6d6.txt › Run: the score is rolled)</figcaption>
      </figure>
    </Show>
  );
}
