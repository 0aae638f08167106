import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolForKey } from '../../src-renderer/canvas/tools';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { createEditor } from '../../src-renderer/state/editor';
import { pictureFromBytes } from '../../src-shared/io/import/image';
import type { PlatformBridge } from '../../src-shared/ipc';
import { Terrain, type MapPicture } from '../../src-shared/model';
import { CRYPT } from '../unit/picture/crypt';
import cryptUrl from '../fixtures/pictures/analysis-crypt.jpg?url';

// issue 15 › Terrain from the picture: the wand, driven as the canvas drives it, on a real JPEG
// battle map decoded by the browser (tests/fixtures/pictures/analysis-crypt.jpg: a river, a grass
// courtyard, a flagstone crypt with a pool, rubble in its corner; CRYPT.regionOf says which).

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const editors: ReturnType<typeof createEditor>[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.dispose()));

async function crypt(): Promise<MapPicture> {
  const bytes = new Uint8Array(await (await fetch(cryptUrl)).arrayBuffer());
  const kept = pictureFromBytes(bytes);
  if (!kept.ok) throw new Error(kept.error);
  return { ...kept.image, pixelsPerSquare: CRYPT.pixelsPerSquare, offsetX: CRYPT.offsetX, offsetY: CRYPT.offsetY, opacity: 1 };
}

async function setUp(picture: MapPicture | null, width: number = CRYPT.columns) {
  const editor = createEditor(noPlatform);
  editors.push(editor);
  await editor.newEncounter({ ruleset: 'd20-35', width, height: CRYPT.rows, name: 'Crypt' });
  if (picture) editor.execute({ type: 'setPicture', picture });
  editor.setTool('picture-wand');
  editor.setSquareLayer('terrain');
  return { editor, t: createToolDriver(editor) };
}

/** The squares holding this terrain, as "x,y" sorted. */
function painted(editor: ReturnType<typeof createEditor>, kind: number): string[] {
  const m = editor.doc()!.map;
  const out: string[] = [];
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) if (m.terrain[y * m.width + x] === kind) out.push(`${x},${y}`);
  return out.sort();
}

function region(kind: string, only: (x: number, y: number) => boolean = () => true): string[] {
  const out: string[] = [];
  for (let y = 0; y < CRYPT.rows; y++) for (let x = 0; x < CRYPT.columns; x++) if (CRYPT.regionOf(x, y) === kind && only(x, y)) out.push(`${x},${y}`);
  return out.sort();
}

describe('Picture wand', () => {
  it('is U in the palette', () => {
    expect(toolForKey('u')?.id).toBe('picture-wand');
  });

  it('previews the river on hover, paints it as water in one undo step, and Shift-click takes the pool too', async () => {
    const { editor, t } = await setUp(await crypt());
    editor.setLayerValue('terrain', Terrain.water);
    t.hover({ x: 1, y: 5 });
    // The picture is read once, asynchronously; the preview follows when it is.
    await vi.waitFor(() => expect(t.toolbox.active().preview()).not.toBeNull(), { timeout: 10_000 });
    const preview = t.toolbox.active().preview();
    if (preview?.kind !== 'squares') throw new Error('expected a squares preview');
    const river = region('water', (x) => x <= 2);
    expect(preview.squares.map((s) => `${s.x},${s.y}`).sort()).toEqual(river);

    t.click({ x: 1, y: 5 }).expectToBeIn('picture-wand.idle');
    expect(painted(editor, Terrain.water)).toEqual(river);
    editor.undo();
    expect(painted(editor, Terrain.water)).toEqual([]);

    t.click({ x: 1, y: 5 }, { shift: true });
    expect(painted(editor, Terrain.water)).toEqual(region('water'));
  });

  it('paints the value chosen under Paint layer: rubble as difficult ground, the courtyard with Global on', async () => {
    // A map one square wider than the picture: read anew (its last column lies off the picture).
    const { editor, t } = await setUp(await crypt(), CRYPT.columns + 1);
    editor.setLayerValue('terrain', Terrain.difficult);
    // A click before the picture is read paints once it is.
    t.click({ x: 14, y: 10 });
    expect(painted(editor, Terrain.difficult)).toEqual([]);
    await vi.waitFor(() => expect(painted(editor, Terrain.difficult).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(painted(editor, Terrain.difficult)).toEqual(region('rubble'));

    editor.setWandContiguous(false);
    editor.setLayerValue('terrain', Terrain.impeded);
    t.click({ x: 4, y: 8 });
    expect(painted(editor, Terrain.impeded)).toEqual(region('grass'));
    // Nothing is ever taken off the picture, even with a tolerance that takes everything on it.
    editor.setWandTolerance(100);
    editor.setLayerValue('terrain', Terrain.hazardous);
    t.click({ x: 4, y: 8 });
    expect(painted(editor, Terrain.hazardous).some((s) => s.startsWith(`${CRYPT.columns},`))).toBe(false);
    expect(painted(editor, Terrain.hazardous)).toHaveLength(CRYPT.columns * CRYPT.rows);
  });

  it('a stricter tolerance takes fewer squares; [ and ] change it', async () => {
    const { editor, t } = await setUp(await crypt());
    const before = editor.wandTolerance();
    t.key(']');
    expect(editor.wandTolerance()).toBe(before + 5);
    t.key('[');
    t.key('[');
    expect(editor.wandTolerance()).toBe(before - 5);
    editor.setWandTolerance(0);
    editor.setLayerValue('terrain', Terrain.water);
    t.click({ x: 1, y: 5 });
    await vi.waitFor(() => expect(painted(editor, Terrain.water)).toEqual(['1,5']), { timeout: 10_000 });
  });

  it('on a map without a picture it says so and paints nothing', async () => {
    const { editor, t } = await setUp(null);
    t.click({ x: 1, y: 5 });
    expect(painted(editor, Terrain.water)).toEqual([]);
    expect(editor.notices().at(-1)?.text).toMatch(/no picture for the wand/);
  });
});
