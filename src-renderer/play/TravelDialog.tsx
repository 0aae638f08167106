import { createMemo, createSignal, For, Show } from 'solid-js';
import { MOUNTS, overlandTravel, TERRAIN_MULTIPLIERS, TRAVEL_TERRAINS, TRAVEL_WAYS, type TravelRequest, type TravelTerrain, type TravelWay } from '../../src-shared/rules/epic-path/travel';
import { Dialog } from '../ui/Dialog';

/**
 * Epic Path overland travel (epic-path.txt › Overland Travel): miles an hour and a day after terrain
 * and road, the time to cover a distance, and the hustle damage or forced-march checks the text asks
 * for. The same answers as `encounter travel … --json`.
 */
export function TravelDialog(props: { onClose: () => void }) {
  const [by, setBy] = createSignal<'speed' | 'mount'>('speed');
  const [speed, setSpeed] = createSignal('30');
  const [mount, setMount] = createSignal('light-horse');
  const [pace, setPace] = createSignal<'walk' | 'hustle'>('walk');
  const [terrain, setTerrain] = createSignal<TravelTerrain>('plains');
  const [way, setWay] = createSignal<TravelWay>('road');
  const [hours, setHours] = createSignal('');
  const [distance, setDistance] = createSignal('');

  const answer = createMemo(() => {
    const req: TravelRequest = { pace: pace(), terrain: terrain(), way: way() };
    if (by() === 'speed') req.speed = Number(speed());
    else req.mount = mount();
    if (hours().trim()) req.hours = Number(hours());
    if (distance().trim()) req.distance = Number(distance());
    try {
      return { ok: true as const, a: overlandTravel(req) };
    } catch (e) {
      return { ok: false as const, error: (e as Error).message };
    }
  });

  return (
    <Dialog title="Overland travel (Epic Path)" onClose={props.onClose} testId="travel-dialog" wide>
      <div class="field-row">
        <label class="field">
          <span>Travelling by</span>
          <select value={by()} onChange={(e) => setBy(e.currentTarget.value as 'speed' | 'mount')} data-testid="travel-by">
            <option value="speed">On foot (speed)</option>
            <option value="mount">Mount or vehicle</option>
          </select>
        </label>
        <Show
          when={by() === 'speed'}
          fallback={
            <label class="field">
              <span>Mount or vehicle</span>
              <select value={mount()} onChange={(e) => setMount(e.currentTarget.value)} data-testid="travel-mount">
                <For each={Object.entries(MOUNTS)}>{([id, m]) => <option value={id}>{m.label}</option>}</For>
              </select>
            </label>
          }
        >
          <label class="field">
            <span>Speed (ft)</span>
            <input type="number" min="5" value={speed()} onInput={(e) => setSpeed(e.currentTarget.value)} data-testid="travel-speed" />
          </label>
        </Show>
      </div>
      <div class="field-row">
        <label class="field">
          <span>Terrain</span>
          <select value={terrain()} onChange={(e) => setTerrain(e.currentTarget.value as TravelTerrain)} data-testid="travel-terrain">
            <For each={TRAVEL_TERRAINS}>{(t) => <option value={t}>{TERRAIN_MULTIPLIERS[t].label}</option>}</For>
          </select>
        </label>
        <label class="field">
          <span>Way</span>
          <select value={way()} onChange={(e) => setWay(e.currentTarget.value as TravelWay)} data-testid="travel-way">
            <For each={TRAVEL_WAYS}>{(w) => <option value={w}>{`${w[0]!.toUpperCase()}${w.slice(1)}`}</option>}</For>
          </select>
        </label>
      </div>
      <div class="field-row">
        <label class="field">
          <span>Pace</span>
          <select value={pace()} onChange={(e) => setPace(e.currentTarget.value as 'walk' | 'hustle')} data-testid="travel-pace">
            <option value="walk">Walk</option>
            <option value="hustle">Hustle</option>
          </select>
        </label>
        <label class="field">
          <span>Hours travelled (blank: a day)</span>
          <input type="number" min="0" max="24" value={hours()} onInput={(e) => setHours(e.currentTarget.value)} data-testid="travel-hours" />
        </label>
      </div>
      <label class="field">
        <span>Distance to cover (miles, optional)</span>
        <input type="number" min="0" value={distance()} onInput={(e) => setDistance(e.currentTarget.value)} data-testid="travel-distance" />
      </label>
      <Show when={answer().ok ? (answer() as { a: ReturnType<typeof overlandTravel> }).a : null} fallback={<p class="error" data-testid="travel-error">{(answer() as { error: string }).error}</p>}>
        {(a) => (
          <div data-testid="travel-answer">
            <p>
              <strong>{a().milesPerHour} miles an hour</strong>, <strong>{a().milesPerDay} miles</strong> in {a().hoursPerDay} hours (terrain ×{a().terrainMultiplier}).
            </p>
            <Show when={a().time}>
              <p>
                {distance()} miles: {a().time!.days} day(s) and {a().time!.hours} hour(s) ({a().time!.totalHours} hours of travel).
              </p>
            </Show>
            <Show when={a().checks.length}>
              <ul>
                <For each={a().checks}>
                  {(c) => (
                    <li>
                      Hour {c.hour}: {c.check} {c.damage} {c.kind} damage
                    </li>
                  )}
                </For>
              </ul>
            </Show>
            <Show when={a().fatigued}>
              <p>{a().fatigued}</p>
            </Show>
            <For each={a().notes}>{(n) => <p class="hint">{n}</p>}</For>
            <p class="hint">Rules: {a().rules.join('; ')}</p>
          </div>
        )}
      </Show>
      <div class="dialog-actions">
        <button class="primary" onClick={() => props.onClose()}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
