import { For, Show } from 'solid-js';
import { RULESETS } from '../../src-shared/model';
import { areaSizeText, coveredText } from '../../src-shared/play';
import { AREA_SHAPES, MAX_AREA_SIZE, type AreaShape } from '../../src-shared/rules/areas';
import type { Editor } from '../state/editor';
import { PREVIEW_FILL } from '../canvas/layers/areas';
import { PanelSection } from './PanelSection';

/** Said of a square in the shape a wall shuts off from the origin, in the log's words (coveredText). */
const NO_LINE_OF_EFFECT = 'no line of effect from its origin (not covered)';
const COVER_LABEL = { none: 'no cover', soft: 'soft cover', cover: 'cover', total: 'total cover: not covered' } as const;

/**
 * Area templates (issue 17 › 5): the shape, size and name to place with the area tool, what it would
 * cover where the pointer is, and the templates on the board with the creatures each covered, each
 * cleared by the GM (a logged action).
 */
export function Areas(props: { editor: Editor }) {
  const editor = props.editor;
  const ruleset = () => editor.playBoard()?.ruleset ?? 'epic-path';
  const info = () => RULESETS[ruleset()];
  const preview = () => {
    const p = editor.areaPreview();
    return p && 'answer' in p ? p.answer : null;
  };
  const refused = () => {
    const p = editor.areaPreview();
    return p && 'refused' in p ? p.refused : null;
  };
  const hint = () => {
    const o = editor.areaOrigin();
    if (o) return `Origin at the corner ${o.x},${o.y}: click where the ${editor.areaShape()} points (Esc drops the origin).`;
    if (editor.needsAim()) return `Click the grid corner the ${editor.areaShape()} starts from, then the way it points.`;
    return editor.onSquare() ? 'Click the square the cube is centred on (Enter places it).' : `Click the grid corner of the ${editor.areaShape()}'s centre.`;
  };
  return (
    <PanelSection id="areas" testid="play-areas" title="Areas">
      <div class="field-row">
        <label>
          Shape{' '}
          <select data-testid="area-shape" value={editor.areaShape()} onChange={(e) => (editor.clearAreaDrawing(), editor.setAreaShape(e.currentTarget.value as AreaShape))}>
            <For each={AREA_SHAPES}>{(s) => <option value={s}>{s}</option>}</For>
          </select>
        </label>
        <label>
          Size{' '}
          <input
            type="number"
            data-testid="area-size"
            min="1"
            max={MAX_AREA_SIZE}
            value={editor.areaSize()}
            onChange={(e) => {
              const n = Math.round(Number(e.currentTarget.value));
              if (Number.isInteger(n) && n >= 1 && n <= MAX_AREA_SIZE) editor.setAreaSize(n);
              else e.currentTarget.value = String(editor.areaSize());
            }}
          />{' '}
          squares ({+(editor.areaSize() * info().squareSize).toFixed(2)} {info().lengthUnit})
        </label>
      </div>
      <label>
        Name{' '}
        <input type="text" data-testid="area-label" maxLength={200} placeholder={editor.areaShape()} value={editor.areaLabel()} onInput={(e) => editor.setAreaLabel(e.currentTarget.value)} />
      </label>
      <p class="hint" data-testid="area-hint">{hint()}</p>
      <Show when={refused()}>
        <p class="error">{refused()}</p>
      </Show>
      <Show when={preview()}>
        {(a) => (
          <>
            <p data-testid="area-preview">
              {areaSizeText({ shape: editor.areaShape(), size: editor.areaSize() }, ruleset())}: {a().squares.length} squares
              {a().shadowed.length ? ` covered, ${a().shadowed.length} more in the shape with ${NO_LINE_OF_EFFECT}` : ''}; {coveredText(a())}.
            </p>
            {/* The map greys and hatches the squares the area leaves out, as the log will (coveredText). */}
            <Show when={a().shadowed.length}>
              <div class="legend" data-testid="area-legend">
                <span>
                  <i style={{ background: PREVIEW_FILL }} /> covered
                </span>
                <span data-testid="area-legend-no-effect" title="A wall blocks every line from the area's origin to the square, so the area does not reach it (total cover).">
                  <i class="no-effect" /> {NO_LINE_OF_EFFECT}
                </span>
              </div>
            </Show>
          </>
        )}
      </Show>
      <button class="primary" data-testid="area-place" disabled={!editor.areaTemplate()} onClick={() => editor.placeArea()}>
        Place (Enter)
      </button>
      <p class="hint">
        {info().text} defines no burst, cone or line: these templates are the GM's, measured with the ruleset's own diagonals
        {ruleset() === 'epic-path' ? '; cubes are placed as epic-path.txt › Three Dimensional Movement says' : ''}
        {ruleset() === 'd20-30' || ruleset() === 'd20-35' ? '; cover from the origin as d20-phb-30.txt › Cover and Reflex Saves' : ''}. A template stays on the board until cleared.
      </p>
      <Show when={editor.playShown()?.areas.length}>
        <ul class="area-list" data-testid="area-list">
          <For each={editor.playShown()!.areas}>
            {(a) => (
              <li data-testid={`area-${a.id}`}>
                <strong>{a.label}</strong> ({a.template.shape}, {areaSizeText(a.template, ruleset())}, {a.round ? `round ${a.round}` : 'before the fight'}):{' '}
                {a.covers.creatures.length ? a.covers.creatures.map((c) => `${c.name} (${COVER_LABEL[c.cover]})`).join(', ') : 'no creature'}{' '}
                <button class="link" data-testid={`area-clear-${a.id}`} disabled={editor.playViewAt() !== null} onClick={() => editor.clearArea(a.id)}>
                  Clear
                </button>
              </li>
            )}
          </For>
        </ul>
        <button data-testid="area-clear-all" disabled={editor.playViewAt() !== null} onClick={() => editor.clearArea()}>
          Clear all areas
        </button>
      </Show>
    </PanelSection>
  );
}
