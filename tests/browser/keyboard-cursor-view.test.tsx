import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { App } from '../../src-renderer/App';
import { createEditor, type Editor } from '../../src-renderer/state/editor';
import { squarePixels } from '../../src-renderer/state/view';
import type { PlatformBridge } from '../../src-shared/ipc';

// The view following the keyboard cursor (issue 18 › 4, canvas/keyboard-cursor.ts › keepSquareInView),
// found by the designer's journey (tests/e2e/designer-journey.spec.ts): the cursor in the corner
// square of a small map that fits in the view pushed the map off the view's other side, and the
// minimap came up over the map's bottom-left squares.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const cleanup: (() => void)[] = [];

afterEach(() => {
  while (cleanup.length) cleanup.pop()!();
  document.body.innerHTML = '';
});

async function mounted(width: number, height: number): Promise<{ editor: Editor; map: HTMLElement }> {
  const editor = createEditor(noPlatform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'View' });
  const host = document.createElement('div');
  host.style.cssText = 'position:fixed;inset:0';
  document.body.append(host);
  cleanup.push(render(() => <App editor={editor} />, host));
  await frame();
  return { editor, map: host.querySelector<HTMLElement>('[data-testid="map-canvas"]')! };
}
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const repeat = (key: string, n: number) => userEvent.keyboard(`{${key}}`.repeat(n));

describe('the view follows the keyboard cursor', () => {
  it('leaves a map that fits in the view where it is while the cursor visits its corners', async () => {
    const { editor, map } = await mounted(12, 8);
    const fitted = editor.view();
    const s = squarePixels(fitted);
    // The premise: the whole map is in view.
    expect(fitted.panX).toBeGreaterThanOrEqual(0);
    expect(fitted.panY).toBeGreaterThanOrEqual(0);
    expect(fitted.panX + 12 * s).toBeLessThanOrEqual(editor.viewport().width);
    expect(fitted.panY + 8 * s).toBeLessThanOrEqual(editor.viewport().height);
    map.focus();
    await userEvent.keyboard('{Enter}');
    expect(editor.cursorMode()).toBe(true);
    await repeat('ArrowUp', 8);
    await repeat('ArrowLeft', 12);
    expect(editor.cursor()).toEqual({ x: 0, y: 0 });
    expect(editor.view()).toEqual(fitted);
    await repeat('ArrowDown', 8);
    await repeat('ArrowRight', 12);
    expect(editor.cursor()).toEqual({ x: 11, y: 7 });
    expect(editor.view()).toEqual(fitted);
    expect(document.querySelector('[data-testid="minimap"]')).toBeNull();
  });

  it('on a larger map keeps a square of the map beyond the cursor in view, and no more than the map at its edge', async () => {
    const { editor, map } = await mounted(60, 40);
    editor.actualSize();
    map.focus();
    await userEvent.keyboard('{Enter}');
    const s = squarePixels(editor.view());
    // To the west edge: the first column flush with the view's left side, no empty margin past the map.
    await repeat('ArrowLeft', 60);
    expect(editor.cursor().x).toBe(0);
    expect(editor.view().panX).toBeCloseTo(0, 5);
    // 40 squares east, past the view's right side: it pans the least that leaves a square of the map
    // beyond the cursor's square in view.
    await repeat('ArrowRight', 40);
    expect(editor.cursor().x).toBe(40);
    const v = editor.view();
    expect(v.panX).toBeLessThan(0);
    expect(v.panX + 41 * s).toBeCloseTo(editor.viewport().width - s, 5);
  });
});
