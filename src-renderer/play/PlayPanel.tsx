import { createMemo, createSignal, For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { FORCED_RULES, initiativeDice, reachByDistance, type InitiativeEntry } from '../../src-shared/play';
import type { ForcedKind, MoveAction } from '../../src-shared/rules';
import type { RulesetId } from '../../src-shared/model';
import { BAND_COLORS } from '../canvas/layers/play-overlay';
import type { Editor } from '../state/editor';
import type { ReachBand } from '../state/play';
import { PanelSection } from './PanelSection';
import { PlayLog } from './PlayLog';
import { unitWords } from '../state/wording';

/**
 * Play mode's side panel: the round and the initiative order, the current creature's turn (movement
 * spent, the actions the ruleset leaves it, the path being drawn and what it provokes), attacks of
 * opportunity waiting for the GM, forced movement settings, and the event log.
 */
export function PlayPanel(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState();
  const shown = () => editor.playShown();
  const ruleset = () => state()?.board.ruleset ?? 'epic-path';
  const info = () => RULESETS[ruleset()];
  const name = (id: string | null) => (id ? (state()?.board.creatures.find((c) => c.id === id)?.name ?? id) : '—');

  return (
    <aside class="properties play-panel" aria-label="Play" data-testid="play-panel">
      <Show when={state()}>
        <div class="play-main">
        <section class="play-head">
          <div class="play-round" data-testid="play-round">
            {state()!.round === 0 ? 'Before the fight' : `Round ${state()!.round}`}
            <Show when={state()!.current}>
              {' · '}
              <strong data-testid="play-current">{name(state()!.current)}</strong>'s turn
            </Show>
          </div>
          <div class="play-buttons">
            <button data-testid="play-next-turn" disabled={!state()!.order.length || editor.playViewAt() !== null} title="End this turn (N or Ctrl+Enter)" onClick={() => editor.playAct({ kind: 'next-turn' })}>
              Next turn ▸
            </button>
            <button data-testid="play-undo" disabled={!editor.playCanUndo()} title="Undo the last log entry (Ctrl+Z)" onClick={() => editor.playUndo()}>
              Undo
            </button>
            <button data-testid="play-redo" disabled={!editor.playCanRedo()} title="Redo (Ctrl+Y)" onClick={() => editor.playRedo()}>
              Redo
            </button>
          </div>
        </section>
        <Show when={editor.playViewAt() !== null}>
          <div class="play-viewing" data-testid="play-viewing">
            <span>{editor.replaying() ? `Replaying… entry ${(editor.playViewAt() ?? -1) + 1}` : `The board after entry ${(editor.playViewAt() ?? 0) + 1}`}</span>
            <button class="link" data-testid="play-back-to-now" onClick={() => (editor.replaying() ? editor.stopReplay() : undefined, editor.showPlayEntry(null))}>
              Back to now
            </button>
          </div>
        </Show>
        <Show when={editor.playRefusal()}>
          <p class="play-refusal" role="alert" data-testid="play-refusal">
            {editor.playRefusal()!.reason}
            <button class="icon-button" aria-label="Dismiss" onClick={() => editor.setPlayRefusal(null)}>
              ×
            </button>
          </p>
        </Show>
        {/* The chosen tool's controls first, so they are in view without scrolling (a 900-pixel
            window hid the forced movement below the fold); then what waits for the GM. */}
        <Show when={editor.playTool() === 'play-move' && state()!.current && editor.playViewAt() === null}>
          <Turn editor={editor} />
        </Show>
        <Show when={editor.playTool() === 'play-forced'}>
          <Forced editor={editor} />
        </Show>
        <Show when={editor.playTool() === 'play-lines'}>
          <Lines editor={editor} />
        </Show>
        <Show when={editor.playTool() !== 'play-move' && state()!.current && editor.playViewAt() === null}>
          <Turn editor={editor} />
        </Show>
        <Pending editor={editor} />
        <Initiative editor={editor} />
        <Overlays editor={editor} />
        <Health editor={editor} />
        </div>
        <div class="play-dock">
          <PlayLog editor={editor} />
          <p class="hint play-foot">
            {info().name} · seed {editor.playSession()?.seed} · {shown()?.board.creatures.length} creatures
          </p>
        </div>
      </Show>
    </aside>
  );
}

function Initiative(props: { editor: Editor }) {
  const editor = props.editor;
  const state = () => editor.playState()!;
  const [scores, setScores] = createSignal<Record<string, string>>({});
  const [mods, setMods] = createSignal<Record<string, string>>({});
  const [dice, setDice] = createSignal('');
  const [seed, setSeed] = createSignal('');
  const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? null : Number(s));

  const roll = () => {
    const modifiers: Record<string, number> = {};
    for (const [id, v] of Object.entries(mods())) if (num(v) !== null && Number.isFinite(num(v))) modifiers[id] = num(v)!;
    editor.playAct({ kind: 'roll-initiative', modifiers, ...(dice().trim() ? { dice: dice().trim() } : {}) });
  };
  const enter = () => {
    const entered: Record<string, number> = {};
    for (const c of state().board.creatures) {
      const v = num(scores()[c.id]);
      if (v !== null) entered[c.id] = v;
    }
    editor.playAct({ kind: 'initiative', scores: entered });
  };
  /** Moves a creature up or down the order (ties, delaying): the `order` action, in the log. */
  const shift = (i: number, by: number) => {
    const order = state().order.map((o) => o.creature);
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j]!, order[i]!];
    editor.playAct({ kind: 'order', order });
  };
  const tied = (e: InitiativeEntry) => state().ties.some((t) => t.includes(e.creature));

  return (
    <PanelSection id="initiative" testid="play-initiative" title="Initiative">
      <Show
        when={state().order.length}
        fallback={
          <>
            <table class="play-table">
              <thead>
                <tr>
                  <th>Creature</th>
                  <th title="Added to the rolled die">Mod</th>
                  <th title="Or enter the score itself">Score</th>
                </tr>
              </thead>
              <tbody>
                <For each={state().board.creatures}>
                  {(c) => (
                    <tr>
                      <td>{c.name}</td>
                      <td>
                        <input type="number" class="small" data-testid={`init-mod-${c.id}`} value={mods()[c.id] ?? ''} onInput={(e) => setMods({ ...mods(), [c.id]: e.currentTarget.value })} />
                      </td>
                      <td>
                        <input type="number" class="small" data-testid={`init-score-${c.id}`} value={scores()[c.id] ?? ''} onInput={(e) => setScores({ ...scores(), [c.id]: e.currentTarget.value })} />
                      </td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
            <Show when={!state().board.creatures.length}>
              {/* A fight needs fighters: say where they come from rather than offer a roll for nobody. */}
              <p class="hint" data-testid="play-no-creatures">
                No creatures to play yet. Press F5 to return to Edit, place them with the Place a creature tool (C), then press F5 again.
              </p>
            </Show>
            <div class="play-buttons">
              <input type="text" class="small" placeholder={initiativeDice(state().board.ruleset)} title="The die rolled for each creature (the ruleset's usual one)" value={dice()} onInput={(e) => setDice(e.currentTarget.value)} />
              <button class="primary" data-testid="play-roll-initiative" disabled={!state().board.creatures.length} title="Roll each creature's die plus its modifier, with the session's seeded dice" onClick={roll}>
                Roll
              </button>
              <button data-testid="play-enter-initiative" disabled={!state().board.creatures.length} title="Use the scores entered" onClick={enter}>
                Use scores
              </button>
            </div>
            <Show when={!editor.playSession()?.log.length}>
              <label class="field inline">
                <span>Seed</span>
                <input
                  type="number"
                  class="small"
                  data-testid="play-seed"
                  placeholder={String(editor.playSession()?.seed ?? '')}
                  value={seed()}
                  onChange={(e) => {
                    setSeed(e.currentTarget.value);
                    const n = Number(e.currentTarget.value);
                    if (e.currentTarget.value.trim() !== '' && Number.isInteger(n)) editor.setPlaySeed(n);
                  }}
                />
              </label>
            </Show>
          </>
        }
      >
        <ol class="play-order" data-testid="play-order">
          <For each={editor.playShown()?.order ?? state().order}>
            {(e, i) => (
              <li classList={{ current: e.creature === editor.playShown()?.current, tied: tied(e) }} data-creature={e.creature}>
                <span class="order-name">{e.name}</span>
                <span class="order-score" title={e.roll !== undefined ? `rolled ${e.roll}${e.modifier ? ` ${e.modifier > 0 ? '+' : ''}${e.modifier}` : ''}` : 'entered'}>
                  {e.score}
                </span>
                <span class="order-moves">
                  <button class="icon-button" title="Earlier in the order (ties, delaying)" disabled={i() === 0 || editor.playViewAt() !== null} onClick={() => shift(i(), -1)}>
                    ▴
                  </button>
                  <button class="icon-button" title="Later in the order" disabled={i() === state().order.length - 1 || editor.playViewAt() !== null} onClick={() => shift(i(), 1)}>
                    ▾
                  </button>
                </span>
              </li>
            )}
          </For>
        </ol>
        <Show when={state().ties.length}>
          <p class="hint">Tied scores are marked: {RULESETS[state().board.ruleset].text} gives no tie-break, so order them with the arrows.</p>
        </Show>
      </Show>
    </PanelSection>
  );
}

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

function Turn(props: { editor: Editor }) {
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
        <label class="check">
          <input type="checkbox" data-testid="play-fly" checked={editor.moveMode() === 'fly'} onChange={(e) => (editor.setMoveMode(e.currentTarget.checked ? 'fly' : null), editor.clearPlayDrawing())} /> Fly (heights shown on the path)
        </label>
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
              {/* No way there at all has no cost to show ("0 movement resistance" read as free). */}
              <Show when={p().answer.legal || p().answer.steps.length > 1} fallback={<strong>no way there</strong>}>
                <strong>
                  {p().answer.total} {unitText(p().answer.unit || unit())}
                </strong>
              </Show>
              {p().answer.fall !== undefined ? `, then falls ${p().answer.fall} ${RULESETS[state().board.ruleset].lengthUnit}` : ''}
            </div>
            <Show when={!p().answer.legal}>
              <div class="error" data-testid="play-path-refused">
                Not allowed: {p().answer.reason}
                {p().answer.steps[p().answer.breaksAt] ? ` (at ${p().answer.steps[p().answer.breaksAt]!.x},${p().answer.steps[p().answer.breaksAt]!.y})` : ''}
              </div>
            </Show>
            <Show when={p().flight && p().answer.steps.length}>
              <FlightSideView editor={editor} steps={p().answer.steps as { x: number; y: number; z?: number }[]} unit={RULESETS[state().board.ruleset].lengthUnit} />
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

/**
 * A flight seen from the side: the altitude at each step of the planned path, from where the flyer is
 * now, so a climb, a dive or a stall's height reads at a glance beside the map's height labels.
 */
function FlightSideView(props: { editor: Editor; steps: { x: number; y: number; z?: number }[]; unit: string }) {
  const W = 220;
  const H = 48;
  const heights = createMemo(() => [props.editor.currentCreature()?.altitude ?? 0, ...props.steps.map((st) => st.z ?? 0)]);
  const top = () => Math.max(1, ...heights());
  const x = (i: number) => 6 + (i * (W - 12)) / Math.max(1, heights().length - 1);
  const y = (z: number) => H - (z / top()) * (H - 6);
  return (
    <figure class="chart" data-testid="play-side-view">
      <svg width={W} height={H + 14} role="img" aria-label={`Side view: altitude at each step, ${heights().join(', ')} ${props.unit}`}>
        <line x1={0} y1={H} x2={W} y2={H} stroke="#6b7480" />
        <polyline points={heights().map((z, i) => `${x(i)},${y(z)}`).join(' ')} fill="none" stroke="#2f7de1" stroke-width="2" />
        <For each={heights()}>
          {(z, i) => (
            <circle cx={x(i())} cy={y(z)} r="2.5" fill={i() === 0 ? '#9aa3ad' : '#2f7de1'}>
              <title>{i() === 0 ? `Now: ${z} ${props.unit} up` : `Step ${i()}: ${z} ${props.unit} up`}</title>
            </circle>
          )}
        </For>
        <text x={2} y={9} font-size="9" fill="#9aa3ad">
          {top()} {props.unit}
        </text>
        <text x={W / 2} y={H + 11} font-size="9" text-anchor="middle" fill="#9aa3ad">
          step →
        </text>
      </svg>
      <figcaption class="hint">Side view: height at each step</figcaption>
    </figure>
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

function Pending(props: { editor: Editor }) {
  const editor = props.editor;
  const open = () => (editor.playShown()?.pending ?? []).filter((p) => p.status === 'open');
  const [damage, setDamage] = createSignal<Record<string, string>>({});
  const live = () => editor.playViewAt() === null;
  // An empty box is no damage entered (the log says so), not 0 damage.
  const hitDamage = (id: string): { damage?: number } => {
    const typed = (damage()[id] ?? '').trim();
    return typed === '' || !Number.isFinite(Number(typed)) ? {} : { damage: Number(typed) };
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
                  <input type="number" class="small" min="0" placeholder="dmg" title="Damage on a hit" value={damage()[p.id] ?? ''} onInput={(e) => setDamage({ ...damage(), [p.id]: e.currentTarget.value })} />
                  <button disabled={!live()} data-testid={`aoo-hit-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'hit', ...hitDamage(p.id) })}>
                    Hit
                  </button>
                  <button disabled={!live()} data-testid={`aoo-miss-${p.id}`} onClick={() => editor.playAct({ kind: 'resolve', pending: p.id, outcome: 'miss' })}>
                    Miss
                  </button>
                </div>
              </li>
            )}
          </For>
        </ul>
      </PanelSection>
    </Show>
  );
}

function Forced(props: { editor: Editor }) {
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

function Health(props: { editor: Editor }) {
  const editor = props.editor;
  const rows = () => {
    const s = editor.playShown();
    if (!s) return [];
    return s.board.creatures.map((c) => ({ c, h: s.health[c.id] ?? { damage: 0, nonlethal: 0, hitPoints: null } }));
  };
  const live = () => editor.playViewAt() === null;
  return (
    <PanelSection id="health" testid="play-health" title="Damage and conditions">
      <table class="play-table">
        <thead>
          <tr>
            <th>Creature</th>
            <th>Taken</th>
            <th title="Hit points, if the GM tracks them (a log entry)">HP</th>
          </tr>
        </thead>
        <tbody>
          <For each={rows()}>
            {({ c, h }) => (
              <tr data-creature={c.id}>
                <td>{c.name}</td>
                <td data-testid={`health-${c.id}`}>
                  {h.damage} damage{h.nonlethal ? `, ${h.nonlethal} nonlethal` : ''}
                  {c.prone ? ', prone' : ''}
                  {c.altitude ? `, ${c.altitude} up` : ''}
                  {h.hitPoints !== null ? ` (${h.hitPoints - h.damage} of ${h.hitPoints} left)` : ''}
                </td>
                <td>
                  <input
                    type="number"
                    class="small"
                    min="0"
                    disabled={!live()}
                    value={h.hitPoints ?? ''}
                    data-testid={`hp-${c.id}`}
                    onChange={(e) => {
                      const n = Number(e.currentTarget.value);
                      if (e.currentTarget.value.trim() !== '' && Number.isInteger(n) && n >= 0 && n !== h.hitPoints) editor.playAct({ kind: 'hit-points', creature: c.id, hitPoints: n });
                    }}
                  />
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </PanelSection>
  );
}

function Lines(props: { editor: Editor }) {
  const editor = props.editor;
  const name = (id: string | null) => (id ? (editor.playBoard()?.creatures.find((c) => c.id === id)?.name ?? id) : '—');
  const toText = () => {
    const t = editor.linesTo();
    return !t ? '' : 'creature' in t ? name(t.creature) : `${t.square.x},${t.square.y}`;
  };
  const answer = () => {
    const l = editor.lines();
    return l && 'answer' in l ? l.answer : null;
  };
  const refused = () => {
    const l = editor.lines();
    return l && 'refused' in l ? l.refused : null;
  };
  return (
    <PanelSection id="lines" testid="play-lines" title="Lines, cover and sight">
      <p class="hint">{!editor.linesFrom() ? 'Click a creature to look from.' : !editor.linesTo() ? `From ${name(editor.linesFrom())}: click a creature or a square.` : `From ${name(editor.linesFrom())} to ${toText()}.`}</p>
      <Show when={refused()}>
        <p class="error">{refused()}</p>
      </Show>
      <Show when={answer()}>
        {(a) => (
          <div data-testid="lines-verdict">
            <dl class="facts">
              <dt>Line of effect</dt>
              <dd>{a().lineOfEffect ? 'yes' : 'no'}</dd>
              <dt>Line of sight</dt>
              <dd>{a().lineOfSight ? 'yes' : 'no'}</dd>
              <dt>Cover</dt>
              <dd>{a().cover === 'not-in-text' ? 'not in the text' : a().cover}</dd>
              <dt>Concealment</dt>
              <dd>{a().concealment === 'not-in-text' ? 'not in the text' : a().concealment}</dd>
            </dl>
            <ul class="verdict">
              <For each={a().verdict}>{(v) => <li>{v}</li>}</For>
            </ul>
            <p class="hint">{a().rules.join(' · ')}</p>
          </div>
        )}
      </Show>
    </PanelSection>
  );
}

function Overlays(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <PanelSection id="overlays" testid="play-overlays" title="Show on the map">
      <label class="check">
        <input type="checkbox" data-testid="play-show-threat" checked={editor.showThreat()} onChange={(e) => editor.setShowThreat(e.currentTarget.checked)} /> Threatened squares
        <Show when={editor.showThreat() && editor.threat().by.length && !editor.threat().note}>
          <span class="hint"> (by {editor.threat().by.join(', ')})</span>
        </Show>
      </label>
      <Show when={editor.threat().note}>
        <p class="hint" data-testid="play-threat-note">
          {editor.threat().note}
        </p>
      </Show>
      <label class="check">
        <input type="checkbox" data-testid="play-show-flanks" checked={editor.showFlanks()} onChange={(e) => editor.setShowFlanks(e.currentTarget.checked)} /> Flanking
      </label>
      <Show when={editor.showFlanks() && editor.flanking().note}>
        <p class="hint" data-testid="play-flank-note">
          {editor.flanking().note}
          {editor.flanking().lines.length ? ` ${editor.flanking().lines.length} flank${editor.flanking().lines.length === 1 ? '' : 's'} now.` : ''}
        </p>
      </Show>
    </PanelSection>
  );
}
