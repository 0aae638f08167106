import { createSignal, For, Show } from 'solid-js';
import { EXPORT_FORMAT_INFO, EXPORT_FORMATS, MAX_PIXELS_PER_SQUARE, pictureGoesOutAsIs, type ExportFormat, type PictureChoice } from '../../src-shared/io/export';
import type { Editor } from '../state/editor';
import { closeExportDialog, defaultChoice, runExport, type ExportChoice } from '../state/exports';
import { Dialog } from '../ui/Dialog';

/** The picture choices, in the order offered (a choice added to `PictureChoice` gets its line here). */
const PICTURE_OPTIONS: readonly (readonly [PictureChoice, string])[] = [
  ['original', 'The original picture, lined up with the grid'],
  ['none', 'None: coloured squares'],
];

/** File › Export: a format, the options it takes, and what it cannot carry. */
export function ExportDialog(props: { editor: Editor }) {
  const [choice, setChoice] = createSignal(defaultChoice(props.editor, 'foundry'));
  const [working, setWorking] = createSignal(false);
  const [problem, setProblem] = createSignal<string | null>(null);
  const info = () => EXPORT_FORMAT_INFO[choice().format];
  const doc = () => props.editor.doc();
  const pixelsValid = () => Number.isInteger(choice().pixelsPerSquare) && choice().pixelsPerSquare >= 1 && choice().pixelsPerSquare <= MAX_PIXELS_PER_SQUARE;
  // The picture as it is: the export's own pixels per square and grid do not apply to it.
  const asIs = () => {
    const d = doc();
    return d ? pictureGoesOutAsIs(d, choice().format, choice()) : false;
  };
  const imageSize = () => {
    const d = doc();
    if (!d) return '';
    if (asIs() && d.picture) return `The original picture, ${d.picture.width} × ${d.picture.height} pixels, ${+d.picture.pixelsPerSquare.toFixed(2)} a square`;
    return `Image: ${d.map.width * choice().pixelsPerSquare} × ${d.map.height * choice().pixelsPerSquare} pixels`;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!pixelsValid() || working()) return;
    setWorking(true);
    setProblem(null);
    try {
      const written = await runExport(props.editor, choice());
      if (written) closeExportDialog();
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog title="Export for another tool" onClose={closeExportDialog} testId="export-dialog">
      <form class="form" onSubmit={submit}>
        <label class="field">
          <span>Format</span>
          <select
            value={choice().format}
            data-testid="export-format"
            onChange={(e) => setChoice(defaultChoice(props.editor, e.currentTarget.value as ExportFormat))}
          >
            <For each={[...EXPORT_FORMATS]}>{(f) => <option value={f}>{EXPORT_FORMAT_INFO[f].label}</option>}</For>
          </select>
        </label>
        <Show when={info().options.pixelsPerSquare && !asIs()}>
          <label class="field" title="Resolution of the map image: pixels per grid square">
            <span>Pixels per square</span>
            <input
              type="number"
              min="1"
              max={MAX_PIXELS_PER_SQUARE}
              value={choice().pixelsPerSquare}
              data-testid="export-pixels"
              onInput={(e) => setChoice({ ...choice(), pixelsPerSquare: e.currentTarget.valueAsNumber })}
            />
          </label>
        </Show>
        <Show when={choice().format !== 'tiled' && !asIs()}>
          <label class="field" title="How the map image is drawn: the rules' colours, or the map as players see it (docs/map-style.md)">
            <span>Map image</span>
            <select value={choice().style} data-testid="export-style" onChange={(e) => setChoice({ ...choice(), style: e.currentTarget.value as ExportChoice['style'] })}>
              <option value="rules">Rules colours</option>
              <option value="map">Map style</option>
            </select>
          </label>
        </Show>
        <Show when={info().options.grid && !asIs()}>
          <label class="check">
            <input type="checkbox" checked={choice().grid} data-testid="export-grid" onChange={(e) => setChoice({ ...choice(), grid: e.currentTarget.checked })} /> Draw the grid on the image
          </label>
        </Show>
        <Show when={doc()?.picture}>
          <label class="field" title="The map's picture in the export">
            <span>Picture</span>
            <select value={choice().picture} data-testid="export-picture" onChange={(e) => setChoice({ ...choice(), picture: e.currentTarget.value as PictureChoice })}>
              <For each={PICTURE_OPTIONS}>{([value, label]) => <option value={value}>{label}</option>}</For>
            </select>
          </label>
        </Show>
        <Show when={info().options.burnIn && doc()?.picture && choice().picture === 'original'}>
          <label class="check" title="For tools without Regions: the picture is encoded again with terrain, walls and doors drawn on it">
            <input type="checkbox" checked={choice().burnIn} data-testid="export-burn-in" onChange={(e) => setChoice({ ...choice(), burnIn: e.currentTarget.checked })} /> Draw the rules into the picture
          </label>
        </Show>
        <Show when={info().options.labels && doc()?.labels?.length}>
          <label class="check" title="The image is drawn again with the labels on it">
            <input type="checkbox" checked={choice().labels} data-testid="export-labels" onChange={(e) => setChoice({ ...choice(), labels: e.currentTarget.checked })} /> Draw the labels into the image
          </label>
        </Show>
        <Show when={info().options.notes && doc()?.labels?.some((l) => l.kind === 'note' && !l.forPlayers)}>
          <label class="check" title="GM notes are left out of an export for players unless you choose them">
            <input type="checkbox" checked={choice().gmNotes} data-testid="export-gm-notes" onChange={(e) => setChoice({ ...choice(), gmNotes: e.currentTarget.checked })} /> Include GM notes (hidden from players where the format can hide them)
          </label>
        </Show>
        <Show when={info().options.creatures}>
          <label class="check">
            <input type="checkbox" checked={choice().creatures} data-testid="export-creatures" onChange={(e) => setChoice({ ...choice(), creatures: e.currentTarget.checked })} /> Draw the creatures
          </label>
        </Show>
        <p class="hint" data-testid="export-hint">
          {pixelsValid() ? `${imageSize()}. ` : ''}
          {info().leavesOut}
        </p>
        <p class="error" role="alert" data-testid="export-error">
          {!pixelsValid() ? `Pixels per square is a whole number from 1 to ${MAX_PIXELS_PER_SQUARE}.` : problem()}
        </p>
        <div class="dialog-actions">
          <button type="button" onClick={closeExportDialog}>
            Cancel
          </button>
          <button type="submit" class="primary" disabled={!pixelsValid() || working()} data-testid="export-run">
            {working() ? 'Exporting…' : 'Export…'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
