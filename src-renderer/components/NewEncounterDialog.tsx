import { createSignal, For } from 'solid-js';
import { MAX_MAP_SIDE, RULESET_IDS, RULESETS, type RulesetId } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import { Dialog } from '../ui/Dialog';

export function NewEncounterDialog(props: { editor: Editor }) {
  // New map from picture: the same dialog, sized from the picture's grid (state/pictures.ts).
  const fromPicture = props.editor.pendingNewMap();
  const [name, setName] = createSignal(fromPicture ? fromPicture.fileName.replace(/\.[^.]+$/, '') : 'New encounter');
  const [ruleset, setRuleset] = createSignal<RulesetId>('d20-35');
  const [width, setWidth] = createSignal(fromPicture?.squares.width ?? 24);
  const [height, setHeight] = createSignal(fromPicture?.squares.height ?? 18);
  const close = () => {
    props.editor.cancelNewMap();
    props.editor.setDialog(null);
  };
  const info = () => RULESETS[ruleset()];
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_MAP_SIDE;
  const error = () =>
    !valid(width()) || !valid(height()) ? `Width and height are whole numbers from 1 to ${MAX_MAP_SIDE}.` : null;

  const create = (e: Event) => {
    e.preventDefault();
    if (error()) return;
    const options = { name: name(), ruleset: ruleset(), width: width(), height: height() };
    void (fromPicture ? props.editor.createMapFromPicture(options) : props.editor.newEncounter(options));
  };

  return (
    <Dialog title={fromPicture ? 'New map from picture' : 'New encounter'} onClose={close} testId="new-dialog">
      <form class="form" onSubmit={create}>
        {fromPicture && (
          <p class="hint" data-testid="new-picture">
            {fromPicture.fileName} ({fromPicture.picture.width} × {fromPicture.picture.height} px), {+fromPicture.grid.pixelsPerSquare.toFixed(1)} px a square:{' '}
            {fromPicture.squares.width} × {fromPicture.squares.height} squares
          </p>
        )}
        <label class="field">
          <span>Name</span>
          <input type="text" value={name()} maxLength={200} data-testid="new-name" onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>Ruleset</span>
          <select value={ruleset()} data-testid="new-ruleset" onChange={(e) => setRuleset(e.currentTarget.value as RulesetId)}>
            <For each={[...RULESET_IDS]}>{(id) => <option value={id}>{RULESETS[id].name}</option>}</For>
          </select>
        </label>
        <div class="field-row">
          <label class="field">
            <span>Width (squares)</span>
            <input type="number" min="1" max={MAX_MAP_SIDE} value={width()} data-testid="new-width" onInput={(e) => setWidth(e.currentTarget.valueAsNumber)} />
          </label>
          <label class="field">
            <span>Height (squares)</span>
            <input type="number" min="1" max={MAX_MAP_SIDE} value={height()} data-testid="new-height" onInput={(e) => setHeight(e.currentTarget.valueAsNumber)} />
          </label>
        </div>
        <p class="hint" data-testid="new-hint">
          {info().squareSize} {info().lengthUnit} squares ·{' '}
          {valid(width()) && valid(height())
            ? `${+(width() * info().squareSize).toFixed(1)} × ${+(height() * info().squareSize).toFixed(1)} ${info().lengthUnit}`
            : '—'}{' '}
          · rules from <code>{info().text}</code>
        </p>
        <p class="error" role="alert">
          {error()}
        </p>
        <div class="dialog-actions">
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={!!error()} data-testid="new-create">
            Create
          </button>
        </div>
      </form>
    </Dialog>
  );
}
