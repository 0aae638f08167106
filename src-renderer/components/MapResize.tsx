import { createSignal, For, Show } from 'solid-js';
import { MAX_MAP_SIDE } from '../../src-shared/model';
import type { Editor } from '../state/editor';
import '../styles/editor-tools.css';

const ANCHOR_NAMES = [
  ['top-left', 'top', 'top-right'],
  ['left', 'centre', 'right'],
  ['bottom-left', 'bottom', 'bottom-right'],
];

/** Where the old map lands in the new one: 0 at the start, 1 centred, 2 at the end. */
export function anchorOffset(oldSide: number, newSide: number, anchor: number): number {
  return anchor === 0 ? 0 : anchor === 1 ? Math.floor((newSide - oldSide) / 2) : newSide - oldSide;
}

/**
 * Map size: a new width and height, and the anchor — which part of the map stays put; squares
 * are added or cropped on the other sides. One undoable command (`resizeMap`), which keeps
 * whatever a crop cut off for undo.
 */
export function MapResize(props: { editor: Editor }) {
  const editor = props.editor;
  const d = () => editor.doc()!;
  const [open, setOpen] = createSignal(false);
  const [width, setWidth] = createSignal(0);
  const [height, setHeight] = createSignal(0);
  const [anchor, setAnchor] = createSignal({ x: 1, y: 1 });
  const start = () => {
    setWidth(d().map.width);
    setHeight(d().map.height);
    setOpen(true);
  };
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_MAP_SIDE;
  function apply(): void {
    const W = width();
    const H = height();
    if (!valid(W) || !valid(H)) {
      editor.notify('error', `A map side is a whole number of squares from 1 to ${MAX_MAP_SIDE}.`);
      return;
    }
    const old = d().map;
    const dx = anchorOffset(old.width, W, anchor().x);
    const dy = anchorOffset(old.height, H, anchor().y);
    const before = d().creatures.length;
    // The view follows (state/editor.ts), for an undo and a redo too.
    if (!editor.execute({ type: 'resizeMap', width: W, height: H, dx, dy })) return;
    const lost = before - d().creatures.length;
    editor.notify('info', `The map is now ${W} × ${H} squares${lost ? `; ${lost} creature${lost > 1 ? 's' : ''} outside it removed` : ''} (Undo puts it back).`);
    setOpen(false);
  }
  return (
    <Show
      when={open()}
      fallback={
        <button type="button" class="link-button" data-testid="resize-map" title="Crop or extend the map on any side (undoable)" onClick={start}>
          Resize map…
        </button>
      }
    >
      <div class="map-resize" data-testid="resize-panel">
        <div class="field-row">
          <label class="field">
            <span>Width (squares)</span>
            <input type="number" min="1" max={MAX_MAP_SIDE} value={width()} data-testid="resize-width" title={`New width in squares (1-${MAX_MAP_SIDE})`} onInput={(e) => setWidth(Number(e.currentTarget.value))} />
          </label>
          <label class="field">
            <span>Height (squares)</span>
            <input type="number" min="1" max={MAX_MAP_SIDE} value={height()} data-testid="resize-height" title={`New height in squares (1-${MAX_MAP_SIDE})`} onInput={(e) => setHeight(Number(e.currentTarget.value))} />
          </label>
        </div>
        <span class="muted small">Anchor: the part of the map that stays</span>
        <div class="anchor-grid" role="radiogroup" aria-label="Anchor">
          <For each={[0, 1, 2]}>
            {(y) => (
              <For each={[0, 1, 2]}>
                {(x) => (
                  <button
                    type="button"
                    role="radio"
                    aria-checked={anchor().x === x && anchor().y === y}
                    classList={{ active: anchor().x === x && anchor().y === y }}
                    title={`Keep the ${ANCHOR_NAMES[y]![x]} of the map`}
                    data-testid={`anchor-${x}-${y}`}
                    onClick={() => setAnchor({ x, y })}
                  >
                    {anchor().x === x && anchor().y === y ? '●' : '·'}
                  </button>
                )}
              </For>
            )}
          </For>
        </div>
        <div class="dialog-actions">
          <button type="button" title="Keep the map as it is" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button" class="primary" data-testid="resize-apply" title="Crop or extend the map (one undo step)" onClick={apply}>
            Resize
          </button>
        </div>
      </div>
    </Show>
  );
}
