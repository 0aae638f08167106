import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { MapCanvas } from '../../src-renderer/canvas/MapCanvas';
import { chooseLevel } from '../../src-renderer/canvas/layers/picture';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PictureGridReport } from '../../src-renderer/components/PictureAlignOptions';
import { installDropOpen } from '../../src-renderer/state/autosave';
import { detectPictureGrid } from '../../src-renderer/state/picture-detect';
import { createEditor } from '../../src-renderer/state/editor';
import { LIMITS } from '../../src-shared/io';
import type { PlatformBridge } from '../../src-shared/ipc';
import type { MapPicture } from '../../src-shared/model';

// The map's picture: drawn lined up with the grid (read back from the canvas), aligned with the
// alignment tool (drag, keys, calibration, each one undo step), and pictures refused with a notice.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
  document.body.innerHTML = '';
});

const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/**
 * A picture with a grid of `cell` px whose first lines are at (`ox`, `oy`): cell (i, j) is painted
 * rgb(30 i, 30 j, 200), so a square's colour says which cell lies under it.
 */
async function gridPicture(width: number, height: number, cell: number, ox: number, oy: number): Promise<MapPicture> {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const g = c.getContext('2d')!;
  for (let j = -1; oy + j * cell < height; j++)
    for (let i = -1; ox + i * cell < width; i++) {
      g.fillStyle = `rgb(${Math.max(0, 30 * i)},${Math.max(0, 30 * j)},200)`;
      g.fillRect(ox + i * cell, oy + j * cell, cell, cell);
    }
  const data = c.toDataURL('image/png').split(',')[1]!;
  return { mime: 'image/png', data, width, height, pixelsPerSquare: cell, offsetX: ox, offsetY: oy, opacity: 1 };
}

async function mount(width = 8, height = 6) {
  const host = document.createElement('div');
  host.style.cssText = 'position:relative;width:800px;height:500px';
  document.body.append(host);
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width, height, name: 'Pictures' });
  dispose = render(() => <MapCanvas editor={editor} />, host);
  await frames();
  const el = host.querySelector<HTMLDivElement>('[data-testid=map-canvas]')!;
  const background = host.querySelector<HTMLCanvasElement>('canvas[data-layer=background]')!;
  return { editor, el, background };
}

function pixel(canvas: HTMLCanvasElement, x: number, y: number): number[] {
  const ratio = canvas.width / canvas.clientWidth;
  return [...canvas.getContext('2d')!.getImageData(Math.floor(x * ratio), Math.floor(y * ratio), 1, 1).data];
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the picture layer', () => {
  it('draws the picture lined up with the grid: the cell under each map square is the one the alignment names', async () => {
    const { editor, el, background } = await mount();
    editor.execute({ type: 'setPicture', picture: await gridPicture(500, 400, 50, 25, 10), label: 'import picture' });
    await until(() => el.dataset['background'] === '500x400', 'the picture to decode');
    await frames();
    const v = editor.view();
    const s = 32 * v.zoom;
    // Map square (x, y) is picture cell (x, y): rgb(40 x, 40 y, 200) at its centre.
    for (const [x, y] of [[0, 0], [2, 1], [5, 4], [7, 5]] as const) {
      const [r, g, b, a] = pixel(background, v.panX + (x + 0.5) * s, v.panY + (y + 0.5) * s);
      expect([r, g, b, a], `square ${x}, ${y}`).toEqual([30 * x, 30 * y, 200, 255]);
    }
    // Moved by one square (50 px) the other way, square (2, 1) shows cell (3, 1).
    editor.execute({ type: 'setPicture', picture: { ...editor.doc()!.picture!, offsetX: 75 } });
    await frames();
    expect(pixel(background, v.panX + 2.5 * s, v.panY + 1.5 * s).slice(0, 3)).toEqual([90, 30, 200]);
    // In Play mode the same picture is drawn under the board.
    editor.togglePlay();
    await frames();
    expect(editor.playing()).toBe(true);
    expect(pixel(background, v.panX + 2.5 * s, v.panY + 1.5 * s).slice(0, 3)).toEqual([90, 30, 200]);
    editor.togglePlay();
    await frames();
    // At half opacity the picture is half there.
    editor.execute({ type: 'setPicture', picture: { ...editor.doc()!.picture!, opacity: 0.5 } });
    await frames();
    expect(pixel(background, v.panX + 2.5 * s, v.panY + 1.5 * s)[3]).toBeGreaterThan(120);
    expect(pixel(background, v.panX + 2.5 * s, v.panY + 1.5 * s)[3]).toBeLessThan(136);
  });

  it('draws a big picture zoomed out from a smaller level, and the full size zoomed in', async () => {
    const { editor, el } = await mount(40, 20);
    editor.execute({ type: 'setPicture', picture: await gridPicture(4096, 2048, 100, 0, 0) });
    await until(() => el.dataset['background'] === '4096x2048', 'the picture to decode');
    await frames();
    // Fitted, a picture pixel is far less than a screen pixel: the 1024 level is enough.
    expect(Number(el.dataset['pictureLevel'])).toBe(1024);
    editor.setView({ zoom: 4, panX: 0, panY: 0 });
    await frames();
    expect(Number(el.dataset['pictureLevel'])).toBe(4096);
  });

  it('chooses the smallest level with a pixel for every screen pixel', () => {
    const level = (scale: number) => ({ scale, bitmap: { width: 4096 * scale } as ImageBitmap });
    const levels = [level(0.25), level(0.5), level(1)];
    expect(chooseLevel(levels, 0.1)!.scale).toBe(0.25);
    expect(chooseLevel(levels, 0.3)!.scale).toBe(0.5);
    expect(chooseLevel(levels, 0.5)!.scale).toBe(0.5);
    expect(chooseLevel(levels, 3)!.scale).toBe(1);
    // Only the small level decoded yet: it is drawn meanwhile.
    expect(chooseLevel([level(0.25)], 3)!.scale).toBe(0.25);
    expect(chooseLevel([], 1)).toBeNull();
  });

  it('a picture that does not decode gets a notice, and the map stays open', async () => {
    const { editor, el } = await mount();
    // A PNG header that passes the checks, with nothing decodable after it.
    const broken = (await gridPicture(50, 50, 10, 0, 0)).data.slice(0, 60) + 'AAAAAAAAAAAAAAAASUVORK5CYII=';
    editor.execute({ type: 'setPicture', picture: { mime: 'image/png', data: broken, width: 50, height: 50, pixelsPerSquare: 10, offsetX: 0, offsetY: 0, opacity: 1 } });
    await until(() => el.dataset['background'] === 'failed', 'the decode to fail');
    expect(editor.notices().map((n) => n.text).join(' ')).toMatch(/The map's picture could not be drawn .*the map opens without it/);
    expect(editor.doc()!.map.width).toBe(8);
  });
});

describe('the alignment tool', () => {
  async function setUp() {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 10, height: 8, name: 'Align' });
    editor.execute({ type: 'setPicture', picture: { mime: 'image/png', data: 'iVBORw0KGgo=', width: 500, height: 400, pixelsPerSquare: 40, offsetX: 0, offsetY: 0, opacity: 1 }, label: 'import picture' });
    editor.setTool('picture-align');
    return { editor, t: createToolDriver(editor) };
  }

  it('a drag moves the picture live and is one undo step', async () => {
    const { editor, t } = await setUp();
    t.pointerDown({ x: 2, y: 2 }).expectToBeIn('picture-align.dragging');
    t.pointerMove({ x: 3, y: 2 });
    // Live: the draft moves, the document waits for the drop.
    expect(editor.pictureDraft()).toMatchObject({ offsetX: -40, offsetY: 0 });
    expect(editor.doc()!.picture!.offsetX).toBe(0);
    t.pointerMove({ x: 4, y: 3 }).pointerUp().expectToBeIn('picture-align.idle');
    expect(editor.pictureDraft()).toBeNull();
    // Dragged right 2 squares and down 1: picture pixel (-80, -40) is now on the map's corner.
    expect(editor.doc()!.picture).toMatchObject({ pixelsPerSquare: 40, offsetX: -80, offsetY: -40 });
    expect(editor.undoLabel()).toBe('align picture');
    editor.undo();
    expect(editor.doc()!.picture).toMatchObject({ offsetX: 0, offsetY: 0 });
    expect(editor.undoLabel()).toBe('import picture');
  });

  it('Escape during a drag leaves the picture where it was', async () => {
    const { editor, t } = await setUp();
    t.pointerDown({ x: 2, y: 2 }).pointerMove({ x: 5, y: 2 });
    t.key('Escape');
    expect(editor.pictureDraft()).toBeNull();
    expect(editor.doc()!.picture!.offsetX).toBe(0);
    expect(editor.undoLabel()).toBe('import picture');
  });

  it('arrow keys nudge the picture a pixel and ] grows the squares, each one undo step', async () => {
    const { editor, t } = await setUp();
    t.key('ArrowRight');
    expect(editor.doc()!.picture!.offsetX).toBe(-1);
    t.key('ArrowDown', { shift: true });
    expect(editor.doc()!.picture!.offsetY).toBe(-10);
    t.key(']');
    expect(editor.doc()!.picture!.pixelsPerSquare).toBeCloseTo(40.1, 9);
    editor.undo();
    editor.undo();
    editor.undo();
    expect(editor.doc()!.picture).toMatchObject({ pixelsPerSquare: 40, offsetX: 0, offsetY: 0 });
  });

  it('calibration: two clicks on grid corners 4 squares apart give the true squares and line the grid up', async () => {
    const { editor, t } = await setUp();
    // The picture's real grid is 50 px a square from (25, 10); the document says 40 px from (0, 0).
    // Its corners (125, 60) and (325, 60) are at map (3.125, 1.5) and (8.125, 1.5) as it lies now.
    editor.startCalibration();
    t.click({ x: 3.125, y: 1.5 }).expectToBeIn('picture-align.calibrating');
    t.click({ x: 8.125, y: 1.5 });
    expect(editor.calibration()!.corners).toEqual([
      { px: 125, py: 60 },
      { px: 325, py: 60 },
    ]);
    expect(editor.applyCalibration(4)).toBeNull();
    const p = editor.doc()!.picture!;
    expect(p.pixelsPerSquare).toBe(50);
    // The grid lines up: picture grid corners fall on map grid corners.
    expect((((p.offsetX - 25) % 50) + 50) % 50).toBe(0);
    expect((((p.offsetY - 10) % 50) + 50) % 50).toBe(0);
    expect(editor.calibration()).toBeNull();
    expect(editor.undoLabel()).toBe('align picture');
    editor.undo();
    expect(editor.doc()!.picture!.pixelsPerSquare).toBe(40);
  });

  it('says when there is no picture to align', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 10, height: 8, name: 'Bare' });
    editor.setTool('picture-align');
    createToolDriver(editor).click({ x: 2, y: 2 });
    expect(editor.notices().at(-1)!.text).toMatch(/no picture to align: File › Import picture/);
  });
});

describe('pictures refused', () => {
  async function drop(file: File) {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 10, height: 8, name: 'Drop' });
    const remove = installDropOpen(editor);
    const dt = new DataTransfer();
    dt.items.add(file);
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true }));
    await until(() => editor.notices().length > 0, 'a notice');
    remove();
    return editor;
  }
  /** A PNG header claiming `width` × `height` pixels with a whole chunk list. */
  function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
    const b = new Uint8Array(45);
    b.set([137, 80, 78, 71, 13, 10, 26, 10]);
    const v = new DataView(b.buffer);
    v.setUint32(8, 13);
    b.set([73, 72, 68, 82], 12);
    v.setUint32(16, width);
    v.setUint32(20, height);
    b.set([73, 69, 78, 68], 37);
    return b;
  }

  it('a dropped picture over a limit is refused with a notice naming it, the map untouched', async () => {
    const editor = await drop(new File([pngClaiming(20_000, 100)], 'huge.png', { type: 'image/png' }));
    expect(editor.notices().at(-1)).toMatchObject({ kind: 'error', text: 'huge.png was not imported: the picture is 20000 × 100 pixels; at most 16384 pixels a side is accepted.' });
    expect(editor.doc()!.picture).toBeUndefined();
    expect(editor.canUndo()).toBe(false);
  });

  it('a dropped picture over the file-size limit is refused before it is read', async () => {
    const big = new File([pngClaiming(10, 10), new Uint8Array(LIMITS.pictureBytes)], 'heavy.png', { type: 'image/png' });
    const editor = await drop(big);
    expect(editor.notices().at(-1)!.text).toBe(`heavy.png was not imported: the picture is 48.0 MiB, over the 48 MiB limit for a picture.`);
    expect(editor.doc()!.picture).toBeUndefined();
  });
});

describe('a picture dropped on an open map', () => {
  /** A drawn grid of `cell` px from (`ox`, `oy`): dark 2 px lines on speckled stone, as a file. */
  async function drawnGridFile(width: number, height: number, cell: number, ox: number, oy: number, type: 'image/png' | 'image/jpeg'): Promise<File> {
    const c = document.createElement('canvas');
    c.width = width;
    c.height = height;
    const g = c.getContext('2d')!;
    g.fillStyle = '#9a9080';
    g.fillRect(0, 0, width, height);
    let seed = 3;
    const rand = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let k = 0; k < 3000; k++) {
      g.fillStyle = `rgba(${60 + rand() * 80},${50 + rand() * 70},${40 + rand() * 60},0.5)`;
      g.fillRect(rand() * width, rand() * height, 2 + rand() * 4, 2 + rand() * 4);
    }
    g.fillStyle = '#1a1a1a';
    for (let x = ox; x < width; x += cell) g.fillRect(x - 1, 0, 2, height);
    for (let y = oy; y < height; y += cell) g.fillRect(0, y - 1, width, 2);
    const blob = await new Promise<Blob>((r) => c.toBlob((b) => r(b!), type, 0.9));
    return new File([blob], type === 'image/png' ? 'hall.png' : 'hall.jpg', { type });
  }

  it("asks where it goes; under this map it is one undo step, its bytes the file's, lined up by the grid found", async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Hall' });
    editor.execute({ type: 'renameEncounter', name: 'Hall, edited' });
    const remove = installDropOpen(editor);
    const file = await drawnGridFile(640, 400, 50, 25, 10, 'image/png');
    const dt = new DataTransfer();
    dt.items.add(file);
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true }));
    await until(() => editor.confirmState() !== null, 'the question');
    expect(editor.confirmState()).toMatchObject({ text: 'hall.png is a picture. Put it under this map, or make a new map from it?', confirmLabel: 'Under this map', otherLabel: 'New map from picture' });
    editor.answerConfirm(true);
    await until(() => !!editor.doc()!.picture, 'the picture', 20_000);
    remove();
    const p = editor.doc()!.picture!;
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(p).toMatchObject({ mime: 'image/png', width: 640, height: 400, opacity: 1 });
    expect(atob(p.data).length).toBe(bytes.length);
    expect([...atob(p.data)].every((ch, i) => ch.charCodeAt(0) === bytes[i])).toBe(true);
    // The drawn grid is found: 50 px a square, the first lines at 25, 10.
    const report = editor.gridReport()!;
    expect(report.answer).toMatchObject({ ok: true, grid: { pixelsPerSquare: expect.closeTo(50, 0) } });
    expect(p.pixelsPerSquare).toBeCloseTo(50, 0);
    expect(p.offsetX).toBeCloseTo(25, 0);
    expect(p.offsetY).toBeCloseTo(10, 0);
    // The bar over the map says so, with Accept and Adjust (the alignment tool).
    const host = document.createElement('div');
    document.body.append(host);
    dispose = render(() => <PictureGridReport editor={editor} />, host);
    expect(host.textContent).toMatch(/^Grid found: 50 px a square, offset 25, 10 — \d+ % sure/);
    host.querySelector<HTMLButtonElement>('[data-testid=picture-grid-adjust]')!.click();
    expect(editor.tool()).toBe('picture-align');
    expect(host.querySelector('[data-testid=picture-grid-report]')).toBeNull();
    // One undo step for the import; the edit before it is still there.
    expect(editor.undoLabel()).toBe('import picture');
    editor.undo();
    expect(editor.doc()!.picture).toBeUndefined();
    expect(editor.doc()!.name).toBe('Hall, edited');
  });
});

describe('grid detection off the main thread', () => {
  it('a big JPEG is decoded at reduced size, and the grid comes back in its own pixels', async () => {
    const c = new OffscreenCanvas(4096, 2560);
    const g = c.getContext('2d')!;
    g.fillStyle = '#8c8474';
    g.fillRect(0, 0, 4096, 2560);
    g.fillStyle = '#151515';
    // 128 px squares whose first lines are at x = 40, y = 72; lines 6 px wide (3 px at the 2,048 px decode).
    for (let x = 40; x < 4096; x += 128) g.fillRect(x - 3, 0, 6, 2560);
    for (let y = 72; y < 2560; y += 128) g.fillRect(0, y - 3, 4096, 6);
    const blob = await c.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const answer = await detectPictureGrid({ mime: 'image/jpeg', data: btoa(binary), width: 4096, height: 2560 });
    expect(answer).toMatchObject({ ok: true });
    if (!answer.ok) return;
    expect(answer.grid.pixelsPerSquare).toBeCloseTo(128, 0);
    expect(answer.grid.offsetX).toBeCloseTo(40, 0);
    expect(answer.grid.offsetY).toBeCloseTo(72, 0);
  });
});

