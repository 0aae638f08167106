import { For, Show } from 'solid-js';

/**
 * A fall's damage distribution as a small bar chart: one bar per total, its height the chance; the
 * total rolled (if any) highlighted. The distribution comes from the engine (`fallDamage`).
 */
export function DistributionChart(props: { distribution: [number, number][]; rolled?: number; width?: number; height?: number; testId?: string }) {
  const W = () => props.width ?? 260;
  const H = () => props.height ?? 80;
  const peak = () => Math.max(...props.distribution.map(([, p]) => p), 1e-9);
  const bar = () => W() / Math.max(1, props.distribution.length);
  const mean = () => props.distribution.reduce((m, [t, p]) => m + t * p, 0);
  const label = (i: number) => props.distribution.length <= 14 || i % Math.ceil(props.distribution.length / 14) === 0;
  return (
    <figure class="chart" data-testid={props.testId}>
      <svg width={W()} height={H() + 14} role="img" aria-label={`Damage from ${props.distribution[0]?.[0]} to ${props.distribution[props.distribution.length - 1]?.[0]}, mean ${mean().toFixed(1)}`}>
        <For each={props.distribution}>
          {([total, p], i) => (
            <g>
              <rect x={i() * bar() + 0.5} y={H() - (p / peak()) * H()} width={Math.max(1, bar() - 1)} height={(p / peak()) * H()} fill={total === props.rolled ? '#f0a020' : '#2f7de1'}>
                <title>{`${total} damage: ${(p * 100).toFixed(1)}%`}</title>
              </rect>
              <Show when={label(i())}>
                <text x={i() * bar() + bar() / 2} y={H() + 11} font-size="9" text-anchor="middle" fill="#9aa3ad">
                  {total}
                </text>
              </Show>
            </g>
          )}
        </For>
      </svg>
      <figcaption class="hint">
        Damage {props.distribution[0]?.[0]}–{props.distribution[props.distribution.length - 1]?.[0]}, mean {mean().toFixed(1)}
        {props.rolled !== undefined ? `; rolled ${props.rolled} (highlighted)` : ''}
      </figcaption>
    </figure>
  );
}
