import { describe, expect, it } from 'vitest';
import { drawCreatures } from '../../src-renderer/canvas/layers/creatures';
import { plainContext } from '../../src-renderer/canvas/layers/draw-context';
import { tokenArtDecoded } from '../../src-renderer/canvas/layers/token-art';
import { SIDE_COLORS } from '../../src-renderer/ui/palette';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature, type SizeCategory } from '../../src-shared/model';

// Token art (issue 15, item 4): the picture cropped to the token as a circle (cover fit, centred)
// inside a ring in the side's colour, at the creature's place, for every size. Read back from the
// canvas's pixels.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
const MAGENTA = [255, 0, 255];
const WHITE = [255, 255, 255];

/**
 * A wide PNG: red, magenta, blue thirds. Cover fit keeps its centred square, so the whole token
 * must be magenta; red or blue inside a token means the picture was squashed or not centred.
 */
async function widePicture(): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(300, 100);
  const ctx = canvas.getContext('2d')!;
  const thirds = ['#ff0000', '#ff00ff', '#0000ff'];
  thirds.forEach((c, i) => ((ctx.fillStyle = c), ctx.fillRect(i * 100, 0, 100, 100)));
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const near = (a: number[], b: number[], tolerance = 40) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

async function mapWithTokens() {
  const editor = createEditor(noPlatform);
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Tokens' });
  const add = (id: string, size: SizeCategory, x: number, y: number, slot?: number) =>
    editor.execute({ type: 'addCreature', creature: { ...makeCreature({ id, name: id, size, x, y }), side: 'enemy', ...(slot !== undefined ? { slot } : {}) } });
  add('M', 'medium', 1, 1);
  add('H', 'huge', 4, 1);
  for (let k = 0; k < 4; k++) add(`F${k}`, 'fine', 9, 1, k);
  add('Bare', 'medium', 1, 5);
  const ids = ['M', 'H', 'F0', 'F1', 'F2', 'F3'];
  editor.selectCreatures(ids);
  expect(editor.setTokenPicture(ids, await widePicture(), 'goblin.png')).toBe(true);
  return { editor, ids };
}

/** Draws the creatures at 64 px a square on white and returns a pixel reader. */
async function draw(editor: ReturnType<typeof createEditor>) {
  const d = editor.doc()!;
  for (const t of d.tokenImages ?? []) await tokenArtDecoded(t);
  const canvas = document.createElement('canvas');
  canvas.width = 12 * 64;
  canvas.height = 8 * 64;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  drawCreatures(plainContext(ctx), d, { zoom: 2, panX: 0, panY: 0 }, { width: canvas.width, height: canvas.height });
  return (x: number, y: number) => [...ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)];
}

describe('token pictures on the map', () => {
  it('keeps one picture for every creature given it, as one undo step', async () => {
    const { editor, ids } = await mapWithTokens();
    const d = editor.doc()!;
    expect(d.tokenImages).toHaveLength(1);
    expect(d.tokenImages![0]).toMatchObject({ mime: 'image/png', width: 300, height: 100 });
    for (const id of ids) expect(d.creatures.find((c) => c.id === id)!.token).toBe(d.tokenImages![0]!.id);
    expect(d.creatures.find((c) => c.id === 'Bare')!.token).toBeUndefined();
    expect(editor.undoLabel()).toBe('token picture for 6 creatures');
    editor.undo();
    expect(editor.doc()!.tokenImages).toBeUndefined();
    expect(editor.doc()!.creatures.every((c) => c.token === undefined)).toBe(true);
  });

  it('draws a Medium token as the picture inside a ring in its side colour, and nothing outside', async () => {
    const { editor } = await mapWithTokens();
    const at = await draw(editor);
    const red = hex(SIDE_COLORS.enemy);
    // Medium at (1, 1): centre (96, 96), radius 0.42 squares = 26.9 px, ring 3.8 px.
    expect(near(at(96, 96), MAGENTA)).toBe(true);
    expect(near(at(96 - 18, 96), MAGENTA)).toBe(true);
    expect(near(at(96 + 25, 96), red)).toBe(true);
    expect(near(at(96, 96 - 25), red)).toBe(true);
    expect(near(at(96 + 30, 96), WHITE, 10)).toBe(true);
    // The creature without a picture is still a labelled disc in its side colour.
    expect(near(at(96, 5.5 * 64 - 20), red)).toBe(true);
  });

  it('draws a Huge token over its whole 3 × 3 space, cropped, not squashed', async () => {
    const { editor } = await mapWithTokens();
    const at = await draw(editor);
    const red = hex(SIDE_COLORS.enemy);
    // Huge at (4, 1): centre (352, 160), radius 1.42 squares = 90.9 px, ring 6 px.
    for (const [dx, dy] of [[0, 0], [-75, 0], [75, 0], [0, -75], [0, 75]] as const) expect(near(at(352 + dx, 160 + dy), MAGENTA), `${dx},${dy}`).toBe(true);
    expect(near(at(352 - 88, 160), red)).toBe(true);
    expect(near(at(352 + 95, 160), WHITE, 10)).toBe(true);
  });

  it('draws each Fine creature of a stack of four as its own small token in its quarter', async () => {
    const { editor } = await mapWithTokens();
    const at = await draw(editor);
    // Square (9, 1): quarters centred at 0.25 / 0.75 of the square, radius 0.2 squares = 12.8 px.
    for (const [qx, qy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]] as const) {
      const cx = (9 + qx) * 64;
      const cy = (1 + qy) * 64;
      expect(near(at(cx, cy), MAGENTA), `quarter ${qx},${qy}`).toBe(true);
      expect(near(at(cx + 12, cy), hex(SIDE_COLORS.enemy), 70), `ring ${qx},${qy}`).toBe(true);
    }
    // Between the quarters' discs: the map shows through.
    expect(near(at(9.5 * 64, 1.5 * 64), WHITE, 10)).toBe(true);
  });

  it('draws a Titanic token (Epic Path, 6 × 6 squares) and a flyer lifted over its shadow', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'epic-path', width: 12, height: 8, name: 'Titanic' });
    editor.execute({ type: 'addCreature', creature: { ...makeCreature({ id: 'T', name: 'Tarrasque', size: 'titanic', x: 1, y: 1 }), side: 'enemy' } });
    editor.execute({ type: 'addCreature', creature: { ...makeCreature({ id: 'W', name: 'Wyvern', size: 'medium', x: 9, y: 4, speed: { walk: 6, fly: 12 }, altitude: 10 }), side: 'enemy' } });
    expect(editor.setTokenPicture(['T', 'W'], await widePicture(), 'beast.png')).toBe(true);
    const at = await draw(editor);
    const red = hex(SIDE_COLORS.enemy);
    // Titanic at (1, 1): centre (256, 256), radius 2.92 squares = 186.9 px, ring 8 px or less.
    for (const [dx, dy] of [[0, 0], [-160, 0], [160, 0], [0, -160], [0, 160]] as const) expect(near(at(256 + dx, 256 + dy), MAGENTA), `${dx},${dy}`).toBe(true);
    expect(near(at(256 - 184, 256), red)).toBe(true);
    expect(near(at(256 + 192, 256), WHITE, 10)).toBe(true);
    // The flyer is drawn lifted: its picture above its square's centre, its shadow below.
    const lifted = editor.doc()!.creatures.find((c) => c.id === 'W')!;
    expect(lifted.altitude).toBe(10);
    expect(near(at(9.5 * 64, 4.5 * 64 - 22), MAGENTA)).toBe(true);
    // The shadow: a flattened dark disc centred 0.55 of the lifted radius (0.9 × 0.42 squares) below the ground point.
    const shadow = at(9.5 * 64, 4.5 * 64 + 0.55 * 0.9 * 0.42 * 64 + 4);
    expect(shadow.every((v) => v < 200)).toBe(true);
  });

  it('Remove token picture draws the disc again and drops the picture no creature shows', async () => {
    const { editor, ids } = await mapWithTokens();
    expect(editor.removeTokenPicture(['M'])).toBe(true);
    expect(editor.doc()!.tokenImages).toHaveLength(1);
    expect(editor.removeTokenPicture(ids)).toBe(true);
    expect(editor.doc()!.tokenImages).toBeUndefined();
    expect(editor.undoLabel()).toBe('remove token picture from 6 creatures');
    const at = await draw(editor);
    expect(near(at(96, 96 - 10), hex(SIDE_COLORS.enemy))).toBe(true);
    editor.undo();
    expect(editor.doc()!.tokenImages).toHaveLength(1);
  });

  it('refuses a file that is not a picture, with a message, and changes nothing', async () => {
    const { editor } = await mapWithTokens();
    const before = editor.doc();
    expect(editor.setTokenPicture(['M'], new TextEncoder().encode('not a picture'), 'notes.txt')).toBe(false);
    expect(editor.doc()).toBe(before);
    expect(editor.notices().at(-1)!.text).toBe('notes.txt cannot be a token picture: the picture is neither PNG, JPEG nor WebP.');
  });
});
