import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PLAY_TOOLS, TOOLS, toolForKey } from '../../src-renderer/canvas/tools';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { Areas } from '../../src-renderer/play/Areas';
import { createEditor } from '../../src-renderer/state/editor';
import { squarePixels } from '../../src-renderer/state/view';
import type { PlatformBridge } from '../../src-shared/ipc';
import { newSession, perform } from '../../src-shared/play';
import { areaCovers, measure } from '../../src-shared/rules/areas';
import goblins from '../../resources/encounters/goblin-ambush.d20-35.txt?raw';

// Issue 17 › 5: the ruler and the area tool through the tool driver (squares instead of a mouse),
// each outcome held to the hand count from d20-srd-35.txt › Diagonals and to the pure model.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
/** A point just inside square (x, y) from its top-left corner: the area tool snaps it to corner x,y. */
const nearCorner = { at: { x: 0.1, y: 0.1 } };

async function ambush() {
  const editor = createEditor(noPlatform);
  await editor.openSample('goblin-ambush.d20-35.txt', goblins);
  return editor;
}

describe('the free ruler', () => {
  it('Edit mode: a drag measures 1-2-1 (three diagonals are 20 ft); Esc clears', async () => {
    const editor = await ambush();
    expect(toolForKey('d')?.id).toBe('ruler');
    editor.setTool('ruler');
    const t = createToolDriver(editor);
    t.drag([{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 4, y: 4 }]).expectToBeIn('ruler.shown');
    expect(editor.ruler()).toMatchObject({ squares: 4, length: 20, unit: 'ft' });
    expect(editor.ruler()).toEqual(measure(editor.doc()!, [{ x: 1, y: 1 }, { x: 4, y: 4 }]));
    expect(t.key('Escape')).toBe(true);
    t.expectToBeIn('ruler.idle');
    expect(editor.ruler()).toBeNull();
    expect(editor.rulerPoints()).toEqual([]);
    t.dispose();
  });

  it('Play mode: click points, PageUp raises the next one, Enter ends', async () => {
    const editor = await ambush();
    editor.enterPlay();
    expect(toolForKey('d', true)?.id).toBe('play-ruler');
    editor.setPlayTool('play-ruler');
    const t = createToolDriver(editor);
    t.click({ x: 0, y: 0 }).expectToBeIn('play-ruler.clicking');
    t.pointerMove({ x: 2, y: 0 });
    expect(editor.ruler()!.squares).toBe(2);
    t.click({ x: 2, y: 0 });
    expect(t.key('PageUp')).toBe(true);
    expect(editor.rulerHeight()).toBe(5);
    t.click({ x: 2, y: 2 });
    expect(t.key('Enter')).toBe(true);
    t.expectToBeIn('play-ruler.shown');
    expect(editor.rulerPoints()).toEqual([{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2, z: 5 }]);
    // 2 straight; then 2 across and 5 ft up: one diagonal (the path's first: 1) and one straight.
    expect(editor.ruler()).toMatchObject({ squares: 4, length: 20, legs: [2, 4] });
    t.dispose();
  });
});

describe('the area tool', () => {
  it('places a burst at the corner clicked, logs what it covers as the model does, and clears it from the panel', async () => {
    const editor = await ambush();
    const planned = editor.doc()!;
    editor.enterPlay();
    expect(toolForKey('a', true)?.id).toBe('play-area');
    editor.setPlayTool('play-area');
    editor.setAreaShape('burst');
    editor.setAreaSize(2);
    editor.setAreaLabel('Fireball');
    const t = createToolDriver(editor);
    t.hover({ x: 13, y: 7 }, nearCorner);
    const preview = editor.areaPreview();
    expect(preview && 'answer' in preview && preview.answer.creatures.map((c) => c.name)).toEqual(['Ogre', 'Hobgoblin']);
    t.click({ x: 13, y: 7 }, nearCorner);
    const state = editor.playState()!;
    expect(state.areas).toHaveLength(1);
    const entry = state.entries.at(-1)!;
    expect(entry.text).toBe('Fireball: burst, 2 squares radius (10 ft), from the corner 13,7; covers Ogre, Hobgoblin (GM).');
    const direct = perform(planned, newSession(editor.playSession()!.seed), { kind: 'area', shape: 'burst', size: 2, origin: { x: 13, y: 7 }, label: 'Fireball' });
    expect(direct.ok && direct.entry.text).toBe(entry.text);
    expect(state.areas[0]!.covers).toEqual(areaCovers(planned, { shape: 'burst', size: 2, origin: { x: 13, y: 7 } }));

    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(() => <Areas editor={editor} />, host);
    expect(host.querySelector('[data-testid="area-list"]')!.textContent).toContain('Ogre (no cover), Hobgoblin (no cover)');
    (host.querySelector(`[data-testid="area-clear-${state.areas[0]!.id}"]`) as HTMLButtonElement).click();
    expect(editor.playState()!.areas).toEqual([]);
    expect(editor.playState()!.entries.at(-1)!.text).toBe('Cleared the area Fireball (GM).');
    expect(host.querySelector('[data-testid="area-list"]')).toBeNull();
    // Undo brings the template back: it is an action of the log like any other.
    editor.playUndo();
    expect(editor.playState()!.areas).toHaveLength(1);
    dispose();
    t.dispose();
  });

  it('a cone takes its origin, then its aim; Esc drops the origin', async () => {
    const editor = await ambush();
    editor.enterPlay();
    editor.setPlayTool('play-area');
    editor.setAreaShape('cone');
    editor.setAreaSize(3);
    const t = createToolDriver(editor);
    t.click({ x: 10, y: 5 }, nearCorner).expectToBeIn('play-area.aiming');
    expect(editor.areaOrigin()).toEqual({ x: 10, y: 5 });
    expect(t.key('Escape')).toBe(true);
    t.expectToBeIn('play-area.idle');
    expect(editor.areaOrigin()).toBeNull();
    t.click({ x: 10, y: 5 }, nearCorner);
    t.hover({ x: 13, y: 5 }, nearCorner);
    expect(editor.areaTemplate()).toEqual({ shape: 'cone', size: 3, origin: { x: 10, y: 5 }, toward: { x: 13, y: 5 } });
    t.click({ x: 13, y: 5 }, nearCorner).expectToBeIn('play-area.idle');
    const placed = editor.playState()!.areas[0]!;
    expect(placed.template.toward).toEqual({ x: 13, y: 5 });
    // The cone east from 10,5, three long: the Hobgoblin at 12,5 is within 45° and 3 squares.
    expect(placed.covers.creatures.map((c) => c.name)).toEqual(['Hobgoblin']);
    t.dispose();
  });

  it('the F1 lists hold the new tools and their keys; edit and play ids stay apart', () => {
    expect(TOOLS.find((t) => t.id === 'ruler')?.key).toBe('D');
    const area = PLAY_TOOLS.find((t) => t.id === 'play-area')!;
    expect(area.keys.map(([k]) => k)).toEqual(['Enter', 'Esc']);
    expect(PLAY_TOOLS.find((t) => t.id === 'play-ruler')!.keys.map(([k]) => k)).toContain('PageUp / PageDown');
    const ids = [...TOOLS, ...PLAY_TOOLS].map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('on the map (Konva, real Chromium)', () => {
  it('draws the ruler with its total and a placed template over its squares', async () => {
    const editor = await ambush();
    const host = document.createElement('div');
    host.style.cssText = 'position:relative;width:900px;height:600px';
    document.body.append(host);
    const dispose = render(() => <MapCanvas editor={editor} />, host);
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await frame();
    const el = host.querySelector<HTMLDivElement>('[data-testid=map-canvas]')!;
    const overlay = host.querySelector<HTMLCanvasElement>('canvas[data-layer=overlay]')!;
    const pixel = (x: number, y: number) => {
      const ratio = overlay.width / overlay.clientWidth;
      return [...overlay.getContext('2d')!.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data];
    };
    const centre = (q: { x: number; y: number }) => {
      const v = editor.view();
      const s = squarePixels(v);
      return [v.panX + (q.x + 0.5) * s, v.panY + (q.y + 0.5) * s] as const;
    };
    editor.setTool('ruler');
    const t = createToolDriver(editor);
    t.drag([{ x: 1, y: 1 }, { x: 4, y: 4 }]);
    await frame();
    expect(el.dataset['ruler']).toBe('4 squares · 20 ft');
    // The ruler's point at its start, in the ruler's blue (#1d5fd0).
    expect(pixel(...centre({ x: 1, y: 1 })).slice(0, 3)).toEqual([0x1d, 0x5f, 0xd0]);
    t.key('Escape');
    await frame();
    expect(el.dataset['ruler']).toBe('');

    editor.enterPlay();
    editor.setPlayTool('play-area');
    editor.setAreaSize(2);
    const before = pixel(...centre({ x: 11, y: 6 }));
    t.click({ x: 13, y: 7 }, nearCorner);
    expect(editor.playState()!.areas[0]!.covers.squares).toContainEqual({ x: 11, y: 6 });
    await frame();
    const after = pixel(...centre({ x: 11, y: 6 }));
    // Shaded orange where it was clear before.
    expect(before[3]).toBe(0);
    expect(after[3]).toBeGreaterThan(40);
    expect(after[0]!).toBeGreaterThan(after[2]! + 100);
    dispose();
    t.dispose();
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});
