import Dexie from 'dexie';
import { createRoot } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { ToolPalette } from '../../src-renderer/components/ToolPalette';
import { App } from '../../src-renderer/App';
import { createLibrary, type Library } from '../../src-renderer/library/library-state';
import { SaveStampDialog } from '../../src-renderer/library/SaveStampDialog';
import { StampsPalette } from '../../src-renderer/library/StampsPalette';
import { createBrowserBridge } from '../../src-renderer/platform/browser-bridge';
import { createEditor } from '../../src-renderer/state/editor';
import { saveStampFile, STAMPS_LIBRARY } from '../../src-renderer/store/browser-library';
import { LibraryDb } from '../../src-renderer/store/db';
import { parseEncounter, serializeEncounter } from '../../src-shared/io';
import { stampFromPiece } from '../../src-shared/library';
import { createEncounter, Edge, makeCreature, Terrain, type Encounter } from '../../src-shared/model';
import { cutOut, regionOfRect } from '../../src-shared/model/map-piece';

// Issue 18 item 2, stamps, in the browser edition: a region saved as a stamp lands in the browser's
// library "Stamps" and is found in the palette by a tag; a starter stamp turned once drops as one
// undo step; a stamp whose layers mean nothing on the open map's ruleset is refused with the reason.

const cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
  document.body.innerHTML = '';
});

async function setUp() {
  const name = `eb-stamps-${Math.random()}`;
  const db = new LibraryDb(name);
  cleanup.push(async () => {
    db.close();
    await Dexie.delete(name);
  });
  const platform = createBrowserBridge(db);
  const editor = createEditor(platform);
  cleanup.push(() => editor.dispose());
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 10, name: 'Keep' });
  const library: Library = createRoot((dispose) => {
    cleanup.push(dispose);
    return createLibrary({ platform, db, notify: editor.notify, openFile: async () => {}, confirm: async () => true });
  });
  // The palette reads the libraries when it opens: let that reading end before the database closes.
  cleanup.push(() => library.refresh());
  return { db, editor, library };
}
type Ed = Awaited<ReturnType<typeof setUp>>['editor'];

function mount(node: () => ReturnType<typeof StampsPalette>) {
  const host = document.createElement('div');
  host.style.cssText = 'position:relative;width:300px;height:600px';
  document.body.append(host);
  cleanup.push(render(node, host));
  return host;
}
const cardNames = (host: HTMLElement) => [...host.querySelectorAll('[data-testid=stamp-card] .stamp-name')].map((n) => n.textContent);
function card(host: HTMLElement, name: string): HTMLButtonElement {
  const found = [...host.querySelectorAll<HTMLButtonElement>('[data-testid=stamp-card]')].find((b) => b.querySelector('.stamp-name')?.textContent === name);
  if (!found) throw new Error(`No card “${name}” among ${cardNames(host).join(', ')}.`);
  return found;
}
function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}
const noticeTexts = (editor: Ed) => editor.notices().map((n) => `${n.kind}: ${n.text}`);

describe('saving a region as a stamp in the browser edition', () => {
  it('keeps it in the library “Stamps” and the palette finds it by a tag', async () => {
    const { db, editor, library } = await setUp();
    const W = 12;
    editor.execute({ type: 'setSquares', layer: 'terrain', indices: [2 * W + 3, 2 * W + 4], values: [Terrain.difficult] });
    editor.execute({ type: 'setSquares', layer: 'edgeSouth', indices: [2 * W + 3], values: [Edge.wall] });
    editor.setTool('region');
    editor.setRegion(regionOfRect({ x: 3, y: 2 }, { x: 4, y: 3 }));
    expect(editor.canSaveStamp()).toBe(true);

    const dialog = mount(() => <SaveStampDialog editor={editor} library={library} />);
    type(dialog.querySelector<HTMLInputElement>('[data-testid=stamp-name]')!, 'Guard post');
    type(dialog.querySelector<HTMLInputElement>('[data-testid=stamp-tags]')!, 'Watch, tower');
    dialog.querySelector('form')!.requestSubmit();
    await expect.poll(() => editor.saveStampOpen() === false && noticeTexts(editor).some((t) => t.includes('library “Stamps”'))).toBe(true);

    const stored = await db.libraryFiles.where('library').equals(STAMPS_LIBRARY.id).toArray();
    expect(stored.map((f) => f.name)).toEqual(['Guard post.encounter']);
    const parsed = parseEncounter(stored[0]!.text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.encounter.tags).toEqual(['watch', 'tower']);
    // The 2 × 2 region and a margin row and column; its difficult ground and the wall under 3,2 came along.
    expect([parsed.encounter.map.width, parsed.encounter.map.height]).toEqual([3, 3]);
    expect(parsed.encounter.map.terrain[1 * 3 + 1]).toBe(Terrain.difficult);
    expect(parsed.encounter.map.edgeSouth[1 * 3 + 1]).toBe(Edge.wall);

    // A second stamp of the same name keeps the first.
    await editor.saveRegionAsStamp('Guard post', ['watch']);
    const names = (await db.libraryFiles.where('library').equals(STAMPS_LIBRARY.id).toArray()).map((f) => f.name).sort();
    expect(names).toEqual(['Guard post 2.encounter', 'Guard post.encounter']);
    expect(noticeTexts(editor).at(-1)).toContain('as Guard post 2.encounter');
    await library.refresh();

    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    const tags = host.querySelector<HTMLSelectElement>('[data-testid=stamps-tag]')!;
    await expect.poll(() => [...tags.options].map((o) => o.value)).toContain('watch');
    choose(tags, 'watch');
    expect(cardNames(host)).toEqual(['Guard post', 'Guard post']);
    // Search reads names and tags alike; the starter stamps are listed beside it.
    choose(tags, '');
    type(host.querySelector<HTMLInputElement>('[data-testid=stamps-search]')!, 'tow');
    expect(cardNames(host)).toEqual(['Guard post']);
    type(host.querySelector<HTMLInputElement>('[data-testid=stamps-search]')!, 'stairs');
    expect(cardNames(host)).toEqual(['Stairs down', 'Stairs up']);
  });
});

describe('the browser library “Stamps”', () => {
  it('refuses what is not a stamp with the reason, and writes nothing', async () => {
    const { db } = await setUp();
    await expect(saveStampFile(db, 'Junk', '{ not json')).rejects.toThrow(/^The stamp was not saved: it is not a valid encounter file \(/);
    const plain = serializeEncounter(createEncounter({ name: 'Plain', ruleset: 'd20-35', width: 3, height: 3 }));
    await expect(saveStampFile(db, 'Plain', plain)).rejects.toThrow('The stamp was not saved: the file has no stamp mask.');
    expect(await db.libraryFiles.count()).toBe(0);
  });
});

describe('dropping a stamp', () => {
  it('drops the starter door frame turned once at the pointer, as one undo step, the dropped squares then the region', async () => {
    const { editor, library } = await setUp();
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    card(host, 'Door frame').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    expect(editor.placingStamp()?.name).toBe('Door frame');

    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());
    expect(t.key('r')).toBe(true);
    t.hover({ x: 5, y: 3 });
    // The outline follows the pointer: the turned piece is 2 wide and 3 tall.
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'region', region: { x: 5, y: 3, width: 2, height: 3 } });
    const before = editor.doc()!;
    t.click({ x: 5, y: 3 });

    // The frame's line between its two rows (wall, door, wall west to east) turns clockwise onto the
    // vertical line between its two columns, top to bottom (map-piece.ts › rotatePiece): on the map
    // that is the east side of squares 5,3 to 5,5.
    const d = editor.doc()!;
    const W = d.map.width;
    expect([3, 4, 5].map((y) => d.map.edgeEast[y * W + 5])).toEqual([Edge.wall, Edge.doorClosed, Edge.wall]);
    expect(d.map.edgeSouth.some((e) => e !== Edge.none)).toBe(false);
    expect(d.map.edgeEast.filter((e) => e !== Edge.none)).toHaveLength(3);
    expect(editor.tool()).toBe('region');
    expect(editor.region()).toMatchObject({ x: 5, y: 3, width: 2, height: 3 });
    expect(editor.placingStamp()).toBeNull();

    expect(editor.undoLabel()).toBe('stamp Door frame');
    editor.undo();
    expect(editor.doc()!.map.edgeEast).toEqual(before.map.edgeEast);
    expect(editor.canUndo()).toBe(false);
  });

  it('goes to the nearest free place when it would land on a creature, and Esc puts a stamp away unchanged', async () => {
    const { editor, library } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'g', name: 'Goblin', x: 1, y: 1 }) });
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());

    card(host, 'Pillar hall').click();
    await expect.poll(() => editor.placingStamp()?.name).toBe('Pillar hall');
    expect(t.key('Escape')).toBe(true);
    expect(editor.placingStamp()).toBeNull();
    expect(editor.tool()).toBe('select');
    expect(editor.canUndo()).toBe(true); // only the creature added

    card(host, 'Pillar hall').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    t.click({ x: 0, y: 0 });
    const region = editor.region()!;
    // The 7 × 5 hall would cover the goblin at 1,1: it went where it covers no creature.
    expect(region.x > 1 || region.y > 1).toBe(true);
    expect(noticeTexts(editor).some((n) => n.includes('the nearest free place'))).toBe(true);
  });

  it('the outline near the map’s edge stands where the stamp will land, not off the map', async () => {
    const { editor, library } = await setUp();
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());
    card(host, 'Pillar hall').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    // The 7 × 5 hall fits on the 12 × 10 map with its top-left at x ≤ 5, y ≤ 5. From 9,8 the nearest
    // such place is 5,5 (four squares west, three north).
    t.hover({ x: 9, y: 8 });
    expect(t.toolbox.active().preview()).toMatchObject({ kind: 'region', region: { x: 5, y: 5, width: 7, height: 5 } });
    t.click({ x: 9, y: 8 });
    expect(editor.region()).toMatchObject({ x: 5, y: 5, width: 7, height: 5 });
    expect(noticeTexts(editor).some((n) => n.includes('at 9,8: it went to 5,5'))).toBe(true);
  });

  it('one tool looks selected: the stamps button while a stamp is placed, the Region tool after the drop', async () => {
    const { editor, library } = await setUp();
    const tools = mount(() => <ToolPalette editor={editor} />);
    const selected = () => [...tools.querySelectorAll('.tool.active')].map((b) => b.getAttribute('data-testid'));
    const stampsButton = tools.querySelector('[data-testid=tool-stamps]')!;
    (stampsButton as HTMLButtonElement).click();
    expect(editor.stampsPaletteOpen()).toBe(true);
    expect(stampsButton.getAttribute('aria-expanded')).toBe('true');
    expect(selected()).toEqual(['tool-select']);
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    card(host, 'Door frame').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    expect(selected()).toEqual(['tool-stamps']);
    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());
    t.click({ x: 2, y: 2 });
    expect(editor.tool()).toBe('region');
    expect(selected()).toEqual(['tool-region']);
    expect(stampsButton.getAttribute('aria-pressed')).toBe('false');
  });

  it('the palette is docked beside the map: it covers none of the map’s squares, and the map has the room left', async () => {
    const { editor } = await setUp();
    const host = document.createElement('div');
    host.style.cssText = 'position:fixed;inset:0';
    document.body.append(host);
    cleanup.push(render(() => <App editor={editor} />, host));
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
    const wide = map.getBoundingClientRect().width;
    editor.setStampsPaletteOpen(true);
    await expect.poll(() => host.querySelector('[data-testid="stamps-palette"]')).not.toBeNull();
    const p = host.querySelector('[data-testid="stamps-palette"]')!.getBoundingClientRect();
    const m = map.getBoundingClientRect();
    expect(p.width).toBeGreaterThan(200);
    expect(m.right).toBeLessThanOrEqual(p.left);
    expect(m.width).toBeLessThan(wide);
    // The notices stay over the map, not the palette.
    expect(host.querySelector('[data-testid="notices"]')!.getBoundingClientRect().right).toBeLessThanOrEqual(p.left);
  });

  it('mirrors a stamp top to bottom with V before it drops: the stairs then climb southwards', async () => {
    const { editor, library } = await setUp();
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    card(host, 'Stairs up').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());
    expect(t.key('v')).toBe(true);
    t.click({ x: 4, y: 1 });
    const m = editor.doc()!.map;
    // Made climbing northwards (20 ft at its top row); mirrored, its top row is the lowest step.
    expect([1, 2, 3, 4].map((y) => m.elevation[y * m.width + 5])).toEqual([5, 10, 15, 20]);
    expect(editor.undoLabel()).toBe('stamp Stairs up');
  });

  it('drops a d20 starter on a Startroid map with its heights scaled to the 1.5 m square, and says so', async () => {
    const { editor, library } = await setUp();
    await editor.newEncounter({ ruleset: 'startroid', width: 12, height: 10, name: 'Deck' });
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    card(host, 'Stairs up').click();
    await expect.poll(() => editor.tool()).toBe('stamp');
    // A square is 5 ft in d20 3.5 and 1.5 m in Startroid: 5 ft a step becomes 1.5 m a step.
    expect(noticeTexts(editor)).toContain('info: Heights scaled from ft to m: a square is 5 ft in d20 SRD 3.5 and 1.5 m in Startroid.');
    const t = createToolDriver(editor);
    cleanup.push(() => t.dispose());
    t.click({ x: 2, y: 2 });
    const m = editor.doc()!.map;
    expect([2, 3, 4, 5].map((y) => m.elevation[y * m.width + 3])).toEqual([6, 4.5, 3, 1.5]);
  });

  it('refuses a 6d6 stamp of movement resistance on a d20 map with the reason, the map unchanged', async () => {
    const { db, editor, library } = await setUp();
    const sixD6: Encounter = createEncounter({ name: 'Bog', ruleset: '6d6', width: 4, height: 4 });
    sixD6.map.resistance[1 * 4 + 1] = 3;
    await saveStampFile(db, 'Bog', serializeEncounter(stampFromPiece(cutOut(sixD6, regionOfRect({ x: 1, y: 1 }, { x: 2, y: 2 })), 'Bog', ['swamp'])));
    const host = mount(() => <StampsPalette editor={editor} library={library} />);
    await expect.poll(() => cardNames(host)).toContain('Bog');
    const before = editor.doc();
    card(host, 'Bog').click();
    await expect.poll(() => noticeTexts(editor).find((n) => n.startsWith('error:'))).toBe(
      'error: This stamp was made for 6d6 RPG and cannot be dropped on a d20 SRD 3.5 map: its movement resistance means nothing in d20 SRD 3.5 (only 6d6 RPG reads it).',
    );
    expect(editor.doc()).toBe(before);
    expect(editor.placingStamp()).toBeNull();
    expect(editor.tool()).toBe('select');
    expect(editor.canUndo()).toBe(false);
  });
});
