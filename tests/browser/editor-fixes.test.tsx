import { render } from 'solid-js/web';
import { answerSaveName, nameRequest } from '../../src-renderer/platform/save-as';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src-renderer/styles/app.css';
import { App } from '../../src-renderer/App';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePanel } from '../../src-renderer/components/CreaturePanel';
import { MenuBar } from '../../src-renderer/components/MenuBar';
import { createBrowserBridge } from '../../src-renderer/platform/browser-bridge';
import { BrowserStore } from '../../src-renderer/platform/browser-store';
import { createEditor } from '../../src-renderer/state/editor';
import { squarePixels } from '../../src-renderer/state/view';
import { serializeEncounter } from '../../src-shared/io';
import type { FileRef, PlatformBridge, SaveRequest } from '../../src-shared/ipc';
import { createEncounter, makeCreature } from '../../src-shared/model';

// What a new user hit in the editor (issue 7, item 7), one test each.

const noPlatform = { edition: 'browser' } as unknown as PlatformBridge;
let dispose: (() => void) | null = null;

afterEach(() => {
  dispose?.();
  dispose = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

async function setUp(platform: PlatformBridge = noPlatform) {
  const editor = createEditor(platform);
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Fixes' });
  return { editor, t: createToolDriver(editor) };
}
function mount(node: () => Node | Element | import('solid-js').JSX.Element, size = 'width:1100px;height:700px') {
  const host = document.createElement('div');
  host.style.cssText = `position:relative;${size}`;
  document.body.append(host);
  dispose = render(node as () => import('solid-js').JSX.Element, host);
  return host;
}
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const key = (target: EventTarget, k: string, init: KeyboardEventInit = {}) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));

describe('the movement Mode picker', () => {
  it('does not keep a fly mode for another creature, nor carry it into another encounter', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'H', name: 'Hawk', x: 1, y: 1, speed: { walk: 10, fly: 60 } }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'D', name: 'Dwarf', x: 5, y: 1 }) });
    editor.setTool('select');
    t.click({ x: 1, y: 1 });
    editor.setMoveRequest({ action: 'double', mode: 'fly' });
    expect(editor.moveRequest()).toEqual({ action: 'double', mode: 'fly' });
    t.click({ x: 5, y: 1 });
    // The action stays, the mode goes back to the default: the dwarf's reach is worked out.
    expect(editor.moveRequest()).toEqual({ action: 'double' });
    expect(editor.reach()).toMatchObject({ reach: expect.anything() });
    const other = editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Other' });
    await Promise.resolve();
    editor.answerConfirm(true);
    await other;
    expect(editor.doc()!.name).toBe('Other');
    expect(editor.moveRequest()).toEqual({ action: 'move' });
  });
});

describe('notices', () => {
  it('info goes away by itself, an error stays until closed, and the same message is not stacked', async () => {
    vi.useFakeTimers();
    const { editor } = await setUp();
    editor.notify('info', 'Saved a.encounter');
    editor.notify('error', 'Something broke');
    editor.notify('error', 'Something broke');
    expect(editor.notices().map((n) => n.kind)).toEqual(['info', 'error']);
    vi.advanceTimersByTime(60_000);
    expect(editor.notices().map((n) => n.text)).toEqual(['Something broke']);
    editor.dismiss(editor.notices()[0]!.id);
    expect(editor.notices()).toEqual([]);
  });

  it('a binary file is named with a short reason, not its bytes', async () => {
    const bytes = '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001\u0000' + '\ufffd'.repeat(500);
    const platform = { edition: 'browser', openEncounter: async () => ({ file: { id: '1', name: 'map.png' }, text: bytes }), recentFiles: async () => [] } as unknown as PlatformBridge;
    const { editor } = await setUp(platform);
    await editor.open();
    const [n] = editor.notices().filter((k) => k.kind === 'error');
    expect(n!.text).toBe('map.png could not be opened: it is not a text file (an encounter file is JSON text, a scenario plain text).');
    expect(editor.doc()!.name).toBe('Fixes');
  });

  it('a long message is cut and stripped of control characters', async () => {
    const { editor } = await setUp();
    editor.notify('error', `bad\u0000\u0007 ${'x'.repeat(1000)}`);
    const text = editor.notices()[0]!.text;
    expect(text.length).toBeLessThanOrEqual(240);
    expect(text).toMatch(/^bad x+…$/);
  });

  it('are placed over the map, clear of the properties panel, and inside the window', async () => {
    const { editor } = await setUp();
    const host = mount(() => <App editor={editor} />);
    for (let k = 0; k < 4; k++) editor.notify('error', `Error number ${k} with a reasonably long explanation of what went wrong in the file`);
    await frame();
    const panel = host.querySelector('[data-testid=properties]')!.getBoundingClientRect();
    const boxes = [...host.querySelectorAll('[data-testid=notice-error]')].map((n) => n.getBoundingClientRect());
    expect(boxes).toHaveLength(4);
    for (const b of boxes) {
      expect(b.right).toBeLessThanOrEqual(panel.left);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.top).toBeGreaterThanOrEqual(0);
      expect(b.bottom).toBeLessThanOrEqual(window.innerHeight);
    }
  });
});

describe('Open recent (browser edition)', () => {
  it('lists a name once however often it is saved, and drops a stored file that no longer opens', async () => {
    const store = new BrowserStore(`recent-test-${Math.random()}`);
    const bridge = createBrowserBridge(store);
    const text = serializeEncounter(createEncounter({ name: 'Untitled encounter', ruleset: 'd20-35', width: 4, height: 4 }));
    const request: SaveRequest = { file: null, suggestedName: 'Untitled encounter', text };
    // The download itself is not under test.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // No save picker: Save As asks for the download's name in the page (platform/save-as.ts).
    const picker = (window as unknown as Record<string, unknown>)['showSaveFilePicker'];
    delete (window as unknown as Record<string, unknown>)['showSaveFilePicker'];
    const saveNamed = async () => {
      const saving = bridge.saveEncounter(request);
      await new Promise((r) => setTimeout(r, 0));
      answerSaveName(nameRequest()!.suggested);
      return saving;
    };
    try {
      await saveNamed();
      await saveNamed();
    } finally {
      if (picker) (window as unknown as Record<string, unknown>)['showSaveFilePicker'] = picker;
    }
    const recent = await bridge.recentFiles();
    expect(recent.map((r) => r.name)).toEqual(['Untitled encounter.encounter']);
    await store.files.put({ id: 'broken', name: 'broken.encounter', text: '\u0000\u0001garbage', lastUsed: Date.now() + 1000 });
    expect((await bridge.recentFiles()).map((r) => r.name)).toContain('broken.encounter');
    await bridge.readEncounter({ id: 'broken', name: 'broken.encounter' });
    expect((await bridge.recentFiles()).map((r) => r.name)).toEqual(['Untitled encounter.encounter']);
    store.close();
  });
});

describe('menus from the keyboard', () => {
  it('Alt+letter and F10 open a menu, arrows move inside it and to the next menu, and never pan the map', async () => {
    const { editor } = await setUp();
    const host = mount(() => <App editor={editor} />);
    await frame();
    const view = editor.view();
    key(document.body, 'v', { altKey: true });
    await Promise.resolve();
    expect(host.querySelector('[data-testid=menu-items-view]')).not.toBeNull();
    const first = document.activeElement as HTMLElement;
    expect(first.closest('[role=menu]')).not.toBeNull();
    key(first, 'ArrowDown');
    expect(document.activeElement).not.toBe(first);
    key(document.activeElement!, 'ArrowRight');
    await Promise.resolve();
    expect(host.querySelector('[data-testid=menu-items-play]')).not.toBeNull();
    key(document.activeElement!, 'ArrowLeft');
    key(document.activeElement!, 'ArrowUp');
    expect(editor.view()).toEqual(view);
    key(document.activeElement!, 'Escape');
    expect(host.querySelector('[role=menu]')).toBeNull();
    key(document.body, 'F10');
    await Promise.resolve();
    expect(host.querySelector('[data-testid=menu-items-file]')).not.toBeNull();
    key(document.activeElement!, 'F10');
    expect(host.querySelector('[role=menu]')).toBeNull();
    // With the menu closed, the arrows pan again.
    key(document.body, 'ArrowLeft');
    expect(editor.view().panX).not.toBe(view.panX);
  });

  it('Enter on a focused item runs it', async () => {
    const { editor } = await setUp();
    mount(() => <MenuBar editor={editor} />);
    key(document.body, 'h', { altKey: true });
    await Promise.resolve();
    (document.activeElement as HTMLButtonElement).click();
    expect(editor.dialog()).toBe('shortcuts');
  });
});

describe('F1', () => {
  it('lists the creature shortcuts: copy, paste, duplicate, delete, Tab, PageUp, menus', async () => {
    const { editor } = await setUp();
    const { ShortcutsDialog } = await import('../../src-renderer/components/HelpDialogs');
    const host = mount(() => <ShortcutsDialog editor={editor} />);
    const text = host.textContent ?? '';
    for (const words of ['Copy creatures', 'Paste creatures', 'Duplicate creatures', 'Delete creatures', 'Tab, Shift + Tab', 'PageUp, PageDown', 'F10', 'Shift + click']) expect(text).toContain(words);
  });
});

describe('the creature panel', () => {
  it('a negative speed is refused with the reason, and the field keeps the old value', async () => {
    const { editor } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 1, y: 1 }) });
    editor.selectCreatures(['G']);
    const host = mount(() => <CreaturePanel editor={editor} />);
    const input = host.querySelector<HTMLInputElement>('[data-testid=creature-speed]')!;
    input.value = '-5';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(input.value).toBe('30');
    expect(host.querySelector('[data-testid=field-error]')!.textContent).toBe('Speed cannot be negative (-5); kept 30.');
    expect(editor.doc()!.creatures[0]!.speed.walk).toBe(30);
    input.value = '20';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    expect(editor.doc()!.creatures[0]!.speed.walk).toBe(20);
    expect(host.querySelector('[data-testid=field-error]')).toBeNull();
  });

  it('names the creatures a path provokes, and cites rules by ruleset name and heading', async () => {
    const { editor } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aldo', x: 1, y: 3 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'B', name: 'Orc chief', side: 'enemy', x: 3, y: 2 }) });
    editor.selectCreatures(['A']);
    editor.setHover({ x: 5, y: 3 });
    const host = mount(() => <CreaturePanel editor={editor} />);
    const summary = host.querySelector('[data-testid=path-summary]')!.textContent!;
    expect(summary).toMatch(/provokes Orc chief/);
    expect(summary).not.toMatch(/provokes B\b/);
    editor.setMoveRequest({ action: 'step', mode: 'fly' });
    const refused = host.querySelector('[data-testid=move-refused]')?.textContent ?? '';
    expect(refused).not.toMatch(/\.txt/);
  });

  it('flags a creature in the air without a fly speed', async () => {
    const { editor } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 1, y: 1, altitude: 10 }) });
    editor.selectCreatures(['G']);
    const host = mount(() => <CreaturePanel editor={editor} />);
    expect(host.querySelector('[data-testid=creature-unsupported]')!.textContent).toMatch(/Goblin is 10 ft up in the air but has no fly speed/);
    editor.execute({ type: 'updateCreature', id: 'G', changes: { speed: { walk: 30, fly: 40 } } });
    expect(host.querySelector('[data-testid=creature-unsupported]')).toBeNull();
  });

  it('after a size change the tool shortcuts work again (V switches to Select; clicks no longer add creatures)', async () => {
    const { editor } = await setUp();
    const host = mount(() => <App editor={editor} />);
    await frame();
    editor.setTool('creature');
    editor.placeCreature({ x: 2, y: 2 });
    const size = host.querySelector<HTMLSelectElement>('[data-testid=creature-size]')!;
    size.focus();
    size.value = 'large';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    expect(editor.doc()!.creatures[0]!.size).toBe('large');
    expect(document.activeElement).not.toBe(size);
    key(document.activeElement ?? document.body, 'v');
    expect(editor.tool()).toBe('select');
  });
});

describe('the square inspector', () => {
  it('follows the selected creature: selected from a list or by Tab, and after a move', async () => {
    const { editor, t } = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 1, y: 1 }) });
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Ogre', size: 'large', x: 6, y: 4 }) });
    editor.setTool('select');
    t.click({ x: 7, y: 5 });
    expect(editor.inspectedSquare()).toEqual({ x: 7, y: 5 });
    editor.selectCreatures(['G']);
    expect(editor.inspectedSquare()).toEqual({ x: 1, y: 1 });
    t.drag([{ x: 1, y: 1 }, { x: 3, y: 2 }]);
    expect(editor.inspectedSquare()).toEqual({ x: 3, y: 2 });
  });
});

describe('discarding changes', () => {
  it('the confirm offers Save as well, which saves and then goes on', async () => {
    const saved: SaveRequest[] = [];
    const platform = {
      edition: 'browser',
      saveEncounter: async (r: SaveRequest): Promise<FileRef> => (saved.push(r), { id: 's', name: 'Fixes.encounter' }),
      recentFiles: async () => [],
    } as unknown as PlatformBridge;
    const { editor } = await setUp(platform);
    editor.execute({ type: 'renameEncounter', name: 'Edited' });
    const next = editor.newEncounter({ ruleset: 'd20-35', width: 5, height: 5, name: 'Next' });
    await Promise.resolve();
    expect(editor.confirmState()).toMatchObject({ confirmLabel: 'Discard changes', otherLabel: 'Save' });
    editor.answerConfirm('other');
    await next;
    expect(saved).toHaveLength(1);
    expect(saved[0]!.text).toContain('"Edited"');
    expect(editor.doc()!.name).toBe('Next');
  });
});

describe('a fit leaves the map clear of the notices (review of the editor, shots 61, 64)', () => {
  it('Ctrl+0 on a map as tall as the view: a notice in the bottom-right corner covers none of its squares', async () => {
    const editor = createEditor(noPlatform);
    await editor.newEncounter({ ruleset: 'd20-35', width: 10, height: 10, name: 'Tall' });
    const host = mount(() => <App editor={editor} />);
    await frame();
    editor.notify('info', 'A notice long enough to take two lines in the corner of the map area, where it stacks above the others.');
    editor.zoomToFit();
    await frame();
    const map = host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!.getBoundingClientRect();
    const notice = host.querySelector<HTMLElement>('[data-testid="notice-info"]')!.getBoundingClientRect();
    const v = editor.view();
    const side = 10 * squarePixels(v);
    // The squares' box on the screen, and the notice's: apart.
    const squares = { left: map.left + v.panX, top: map.top + v.panY, right: map.left + v.panX + side, bottom: map.top + v.panY + side };
    const apart = notice.top >= squares.bottom || notice.left >= squares.right || notice.bottom <= squares.top || notice.right <= squares.left;
    expect(apart, `squares ${JSON.stringify(squares)}, notice ${JSON.stringify(notice)}`).toBe(true);
    // Still a fit: the whole map is in view, so no minimap is shown to cover its edge squares.
    expect(squares.top).toBeGreaterThanOrEqual(map.top);
    expect(host.querySelector('[data-testid="minimap"]')).toBeNull();
    editor.dispose();
  });
});
