import { createSignal, onCleanup, Show } from 'solid-js';
import type { Editor } from '../state/editor';
import { gridAnswerText } from '../state/pictures';
import '../styles/pictures.css';

/** A number field that commits on Enter or leaving it, and puts back the kept value when refused. */
function NumberField(props: { label: string; value: number; step: number; min?: number; testId: string; title: string; onCommit: (v: number) => string | null }) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type="number"
        step={props.step}
        min={props.min}
        value={+props.value.toFixed(2)}
        title={props.title}
        data-testid={props.testId}
        onChange={(e) => {
          const v = Number(e.currentTarget.value);
          const problem = Number.isFinite(v) && e.currentTarget.value.trim() !== '' ? props.onCommit(v) : `${props.label} is a number.`;
          if (problem) {
            e.currentTarget.value = String(+props.value.toFixed(2));
          }
        }}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
      />
    </label>
  );
}

/**
 * The alignment tool's options (docs/pictures.md): pixels a square and the offset (each change one
 * undo step), opacity, Detect again, and the two-click calibration.
 */
export function PictureAlignOptions(props: { editor: Editor }) {
  const editor = props.editor;
  const picture = () => editor.doc()?.picture ?? null;
  const [squares, setSquares] = createSignal(1);
  const refuse = (text: string) => (editor.notify('error', text), text);
  // The grid is shown while aligning, so a misaligned picture is plain to see; put back after.
  if (!editor.showGrid()) {
    editor.setShowGrid(true);
    onCleanup(() => editor.setShowGrid(false));
  }
  return (
    <section class="tool-options picture-align-options" data-testid="picture-align-options">
      <h2>Align picture</h2>
      <Show when={picture()} fallback={<p class="muted small">No picture under this map: File › Import picture… puts one there.</p>}>
        {(p) => (
          <>
            <p class="muted small">
              {p().width} × {p().height} px. Drag the picture; arrow keys nudge it a pixel, [ and ] change the pixels a square.
            </p>
            <NumberField
              label="Pixels a square"
              value={p().pixelsPerSquare}
              step={0.1}
              min={1}
              testId="picture-pixels-per-square"
              title="Picture pixels that make one square"
              onCommit={(v) => (v >= 1 ? (editor.alignPicture({ pixelsPerSquare: v }), null) : refuse(`A square is at least 1 pixel of the picture; kept ${+p().pixelsPerSquare.toFixed(2)}.`))}
            />
            <div class="field-row">
              <NumberField label="Offset x (px)" value={p().offsetX} step={1} testId="picture-offset-x" title="The picture pixel on the map's left edge" onCommit={(v) => (editor.alignPicture({ offsetX: v }), null)} />
              <NumberField label="Offset y (px)" value={p().offsetY} step={1} testId="picture-offset-y" title="The picture pixel on the map's top edge" onCommit={(v) => (editor.alignPicture({ offsetY: v }), null)} />
            </div>
            <label class="field">
              <span>Opacity: {Math.round(p().opacity * 100)} %</span>
              <input
                type="range"
                min="0"
                max="100"
                value={Math.round(p().opacity * 100)}
                data-testid="picture-opacity"
                title="How strongly the picture shows under the rules"
                onChange={(e) => {
                  editor.alignPicture({ opacity: Number(e.currentTarget.value) / 100 });
                  e.currentTarget.blur();
                }}
              />
            </label>
            <div class="picture-align-actions">
              <button type="button" data-testid="picture-detect" title="Look for the picture's grid again" onClick={() => void editor.detectAgain()}>
                Detect again
              </button>
              <button
                type="button"
                data-testid="picture-calibrate"
                classList={{ active: !!editor.calibration() }}
                title="Click two grid corners of the picture, then say how many squares apart they are"
                onClick={() => (editor.calibration() ? editor.cancelCalibration() : editor.startCalibration())}
              >
                {editor.calibration() ? 'Stop calibrating' : 'Calibrate…'}
              </button>
            </div>
            <Show when={editor.calibration()}>
              {(c) => (
                <div class="picture-calibration" data-testid="picture-calibration">
                  <Show when={c().corners.length >= 2} fallback={<p class="small">Click {c().corners.length === 0 ? 'a grid corner of the picture' : 'a second grid corner, some squares away along a row or column'}.</p>}>
                    <NumberField label="Squares between the two corners" value={squares()} step={1} min={1} testId="picture-calibration-squares" title="How many squares apart the two corners are" onCommit={(v) => (setSquares(v), null)} />
                    <button
                      type="button"
                      class="primary"
                      data-testid="picture-calibration-apply"
                      onClick={() => {
                        const problem = editor.applyCalibration(squares());
                        if (problem) editor.notify('error', problem);
                      }}
                    >
                      Apply
                    </button>
                  </Show>
                </div>
              )}
            </Show>
          </>
        )}
      </Show>
    </section>
  );
}

/**
 * What detection found, after an import: Accept, or Adjust (the alignment tool); when nothing was
 * found the alignment tool is already on and this says so.
 */
export function PictureGridReport(props: { editor: Editor }) {
  const editor = props.editor;
  return (
    <Show when={editor.gridReport() && !editor.pendingNewMap() && !editor.playing() && editor.doc()?.picture}>
      <div class="picture-grid-report" role="status" data-testid="picture-grid-report" data-found={String(editor.gridReport()!.answer.ok)}>
        <span>{gridAnswerText(editor.gridReport()!.answer)}</span>
        <Show when={editor.gridReport()!.answer.ok}>
          <button type="button" class="primary" data-testid="picture-grid-accept" onClick={() => editor.dismissGridReport()}>
            Accept
          </button>
          <button
            type="button"
            data-testid="picture-grid-adjust"
            onClick={() => {
              editor.dismissGridReport();
              editor.setTool('picture-align');
            }}
          >
            Adjust
          </button>
        </Show>
        <Show when={!editor.gridReport()!.answer.ok}>
          <button type="button" data-testid="picture-grid-dismiss" onClick={() => editor.dismissGridReport()}>
            OK
          </button>
        </Show>
      </div>
    </Show>
  );
}
