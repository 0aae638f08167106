import Dexie from 'dexie';
import { createRoot, Show } from 'solid-js';
import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import '../../src-renderer/styles/editor-tools.css';
import { App } from '../../src-renderer/App';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePalette } from '../../src-renderer/components/CreaturePalette';
import { ConfirmDialog, ShortcutsDialog } from '../../src-renderer/components/HelpDialogs';
import { TravelDialog } from '../../src-renderer/play/TravelDialog';
import { MenuBar } from '../../src-renderer/components/MenuBar';
import { PlayLog } from '../../src-renderer/play/PlayLog';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { LibraryDb, reconcile } from '../../src-renderer/store/db';
import { createLibrary } from '../../src-renderer/library/library-state';
import { LibraryPanel } from '../../src-renderer/library/LibraryPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { FolderRef, LibraryEntry, PlatformBridge } from '../../src-shared/ipc';
import { forcedMovement } from '../../src-shared/rules';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';

// What a newcomer's walkthrough of the browser edition (1400 × 900 and 1280 × 720) ran into, one
// finding per test, each with the app's own stylesheets.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
  await page.viewport(1400, 900);
});
function mount(node: () => import('solid-js').JSX.Element, css = '') {
  const host = document.createElement('div');
  host.style.cssText = css;
  document.body.append(host);
  cleanup.push(render(node, host));
  return host;
}
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const where = (e: ReturnType<typeof createEditor>, id: string) => {
  const c = e.doc()!.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};

async function playingLair() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample('lair', lair);
  editor.enterPlay();
  expect(editor.setPlaySeed(21)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores: { A: 20, K: 15, D: 10, T: 5 } })).not.toBeNull();
  return editor;
}

describe('forced movement', () => {
  it('the attacker is the creature whose turn it is until the GM picks another; a push on the kobold’s turn needs no more', async () => {
    const editor = await playingLair();
    const t = createToolDriver(editor);
    editor.setMoveAction('double');
    t.pointerMove({ x: 7, y: 2 });
    t.click({ x: 7, y: 2 }).click({ x: 7, y: 2 });
    expect(where(editor, 'A')).toEqual({ x: 7, y: 2 });
    editor.playAct({ kind: 'next-turn' });
    expect(editor.playState()!.current).toBe('K');
    editor.setPlayTool('play-forced');
    expect(editor.forced().by).toBe('K');
    const board = editor.playState()!.board;
    t.click({ x: 7, y: 2 });
    expect(editor.forced().target).toBe('A');
    t.click({ x: 8, y: 2 });
    expect(t.key('Enter')).toBe(true);
    expect(editor.playRefusal()).toBeNull();
    const engine = forcedMovement(board, { kind: 'push', target: 'A', by: 'K', squares: 1, to: [{ x: 8, y: 2 }] });
    expect(where(editor, 'A')).toEqual({ x: engine.x, y: engine.y });
    expect(editor.playState()!.entries.at(-1)!.text).toMatch(/^Kobold pushes Ardent/);
    // The next turn's default is its own creature; a choice the GM made lasts for that turn only.
    editor.playAct({ kind: 'next-turn' });
    expect(editor.playState()!.current).toBe('D');
    expect(editor.forced().by).toBe('D');
    editor.setForced({ ...editor.forced(), by: 'T' });
    expect(editor.forced().by).toBe('T');
    editor.playAct({ kind: 'next-turn' });
    expect(editor.forced().by).toBe(editor.playState()!.current);
    // The creature being moved is never its own default attacker.
    editor.setForced({ ...editor.forced(), target: editor.playState()!.current });
    expect(editor.forced().by).toBeNull();
  });
});

describe('the play log in a short window', () => {
  it('shows the entry in effect from its first line, and after an undo the entry now in effect rather than the greyed ones', async () => {
    const editor = await playingLair();
    const host = mount(() => <PlayLog editor={editor} />, 'position:fixed;left:0;top:0;width:300px;height:150px;display:flex;flex-direction:column');
    const list = host.querySelector<HTMLElement>('[data-testid="play-log"]')!;
    list.style.maxHeight = '60px';
    const t = createToolDriver(editor);
    editor.setMoveAction('double');
    t.pointerMove({ x: 7, y: 2 });
    t.click({ x: 7, y: 2 }).click({ x: 7, y: 2 });
    editor.playAct({ kind: 'next-turn' });
    editor.playAct({ kind: 'next-turn' });
    await frame();
    const last = () => list.querySelector<HTMLElement>(`[data-index="${editor.playSession()!.cursor - 1}"]`)!;
    const top = (el: HTMLElement) => el.getBoundingClientRect().top - list.getBoundingClientRect().top;
    // The list is shorter than the double move's entry (with its provocations): its first line shows.
    expect(list.clientHeight).toBeLessThan(list.scrollHeight);
    expect(top(last())).toBeGreaterThanOrEqual(-1);
    expect(top(last())).toBeLessThan(list.clientHeight);
    editor.undo();
    editor.undo();
    await frame();
    const now = last();
    expect(now.classList.contains('undone')).toBe(false);
    expect(now.textContent).toMatch(/double-moves/);
    expect(top(now)).toBeGreaterThanOrEqual(-1);
    expect(top(now)).toBeLessThan(list.clientHeight);
  });
});

describe('menus from the keyboard', () => {
  it('Right into a menu with nothing to run keeps the keyboard on its title, and Right again goes on', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    const host = mount(() => <MenuBar editor={editor} />);
    const key = (k: string, alt = false) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, altKey: alt, bubbles: true, cancelable: true }));
    key('f', true);
    await frame();
    expect(document.activeElement?.closest('[data-testid="menu-items-file"]')).toBeTruthy();
    key('ArrowRight');
    await frame();
    expect(host.querySelector('[data-testid="menu-items-edit"]')).toBeTruthy();
    expect(document.activeElement).toBe(host.querySelector('[data-testid="menu-edit"]'));
    key('ArrowRight');
    await frame();
    expect(host.querySelector('[data-testid="menu-items-view"]')).toBeTruthy();
    expect(host.contains(document.activeElement)).toBe(true);
    key('Escape');
  });
});

describe('a 1280 × 720 window', () => {
  it('the tool palette with the terrain swatches fits above the status bar', async () => {
    await page.viewport(1280, 720);
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: '6d6', width: 24, height: 18, name: 'Short' });
    editor.setTool('terrain');
    const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    await frame();
    expect(host.querySelectorAll('.brushes .brush').length).toBe(7);
    const status = host.querySelector('.statusbar')!.getBoundingClientRect();
    expect(status.bottom).toBeLessThanOrEqual(720);
    for (const sel of ['.tool-palette', '.workspace']) {
      const b = host.querySelector(sel)!.getBoundingClientRect();
      expect(b.bottom, `${sel} runs under the status bar`).toBeLessThanOrEqual(status.top + 0.5);
    }
    const lastSwatch = [...host.querySelectorAll('.brushes .brush')].at(-1)!.getBoundingClientRect();
    expect(lastSwatch.bottom).toBeLessThanOrEqual(status.top);
  });

  it('Epic Path’s longest size name is shown whole in the creature palette', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: 'epic-path', width: 12, height: 8, name: 'Sizes' });
    const host = mount(() => <CreaturePalette editor={editor} />, 'position:fixed;left:0;top:0;width:240px');
    await frame();
    const buttons = [...host.querySelectorAll<HTMLElement>('.size-choice')];
    expect(buttons.map((b) => b.textContent)).toContain('Titanic Three-Plus');
    for (const b of buttons) expect(b.scrollWidth, `"${b.textContent}" is cut`).toBeLessThanOrEqual(b.clientWidth);
  });
});

describe('Play mode with no creatures', () => {
  it('says where creatures come from instead of offering a roll for nobody', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Empty' });
    editor.enterPlay();
    expect(editor.notices().map((n) => n.text).join(' ')).toMatch(/no creatures to play yet/);
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    expect(host.querySelector('[data-testid="play-no-creatures"]')?.textContent).toMatch(/Place a creature tool \(C\)/);
    expect((host.querySelector('[data-testid="play-roll-initiative"]') as HTMLButtonElement).disabled).toBe(true);
    expect((host.querySelector('[data-testid="play-enter-initiative"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the library panel', () => {
  const LIB: FolderRef = { id: '/maps', name: 'Maps' };
  const entry = (i: number, title: string): LibraryEntry => ({ file: { id: `/maps/${i}.encounter`, name: `${i}.encounter` }, library: LIB.id, title, ruleset: 'd20-35', width: 10 + i, height: 10, modified: i, bytes: 100, problem: null, tags: [], sides: { party: 1, enemy: 2, neutral: 0 }, creatureNames: [], thumbnail: null });
  async function mountLibrary(seed: LibraryEntry[]) {
    const name = `eb-walk-${Math.random()}`;
    const db = new LibraryDb(name);
    cleanup.push(async () => {
      // The panel's opening scan may still be writing its cache: let it finish before closing.
      await new Promise((r) => setTimeout(r, 200));
      db.close();
      await Dexie.delete(name);
    });
    await db.libraries.put({ ...LIB, added: 1 });
    await reconcile(db, LIB.id, { entries: seed, present: seed.map((e) => e.file.id), cancelled: false });
    const lib_platform = {
      edition: 'browser',
      libraries: async () => [LIB],
      scanLibrary: async () => ({ entries: [], present: seed.map((e) => e.file.id), cancelled: false }),
      cancelLibraryScan: async () => {},
      libraryEvents: () => new Promise(() => {}),
    } as unknown as PlatformBridge;
    const notices: string[] = [];
    const opened: string[] = [];
    const lib = createRoot((dispose) => {
      cleanup.push(dispose);
      return createLibrary({ platform: lib_platform, db, notify: (_k, t) => notices.push(t), openFile: async (f) => void opened.push(f.id), confirm: async () => true });
    });
    await lib.show();
    const host = mount(() => <LibraryPanel library={lib} />, 'width:1000px;height:700px');
    return { lib, host, notices, opened };
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };
  const type = (search: HTMLInputElement, text: string) => {
    search.value = text;
    search.dispatchEvent(new InputEvent('input', { bubbles: true }));
  };
  const enter = (el: HTMLElement) => el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));

  it('Enter in the search field opens the one match; with several it selects the first', async () => {
    const { host, lib, opened } = await mountLibrary([entry(1, 'Goblin ford'), entry(2, 'Drake lair'), entry(3, 'Goblin cave')]);
    const search = host.querySelector<HTMLInputElement>('[data-testid=library-search]')!;
    type(search, 'gob');
    await until(() => lib.results().length === 2);
    enter(search);
    expect(opened).toEqual([]);
    expect(lib.selected()).toBe(lib.results()[0]!.id);
    lib.setSelected(null);
    type(search, 'drake');
    await until(() => lib.results().length === 1);
    enter(search);
    await until(() => opened.length === 1);
    expect(opened).toEqual(['/maps/2.encounter']);
  });

  it('Rescan says what it found, even when nothing changed', async () => {
    const { host, notices } = await mountLibrary([entry(1, 'Goblin ford'), entry(2, 'Drake lair')]);
    await until(() => !!host.querySelector('[data-testid=library-folder] button'));
    notices.length = 0;
    const rescan = [...host.querySelectorAll<HTMLButtonElement>('[data-testid=library-folder] button')].find((b) => b.textContent!.trim() === 'Rescan')!;
    expect(rescan.title).toMatch(/copies the browser keeps/);
    rescan.click();
    await until(() => notices.length > 0);
    expect(notices).toEqual(['Maps: 2 encounter files, nothing new or changed.']);
  });
});

describe('the shortcuts list (F1)', () => {
  it('names Ctrl+Z for what it always does, not for the step at hand ("Undo paint edges")', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Keys' });
    editor.execute({ type: 'setSquares', layer: 'edgeEast', indices: [3], values: [1] });
    expect(editor.undoLabel()).toBeTruthy();
    const host = mount(() => <ShortcutsDialog editor={editor} />);
    const rows = [...host.ownerDocument.querySelectorAll('.shortcuts tr')].map((r) => r.textContent ?? '');
    const undo = rows.find((r) => r.includes('Ctrl+Z') && !r.includes('Shift'))!;
    expect(undo).toMatch(/^Undo the last step/);
    expect(rows.some((r) => r.startsWith('Redo the step undone'))).toBe(true);
    void host;
  });
});

describe('the hovered path', () => {
  it('a square with no way there shows no cost (it read "0 ft", as if free)', async () => {
    const editor = await playingLair();
    const host = mount(() => <PlayPanel editor={editor} />);
    const t = createToolDriver(editor);
    // The drake fills 8,2-9,3: Ardent cannot end a move in it.
    t.pointerMove({ x: 9, y: 3 });
    await frame();
    const plan = editor.movePlan()!;
    expect(plan.answer.legal).toBe(false);
    expect(plan.answer.steps.length).toBeLessThanOrEqual(1);
    const text = host.querySelector('[data-testid="play-path"]')!.textContent!;
    expect(text).toMatch(/^Path to 9,3: no way there/);
    expect(text).not.toMatch(/\b0 ft/);
    expect(host.querySelector('[data-testid="play-path-refused"]')!.textContent).toMatch(/^Not allowed: /);
  });
});

describe('wording in Play mode', () => {
  it('the Reset confirmation offers to keep playing, not editing', async () => {
    const editor = await playingLair();
    const answer = editor.confirm('Reset play: back to the planned layout, and the log is emptied. Continue?', 'Reset');
    mount(() => (
      <Show when={editor.confirmState()}>
        <ConfirmDialog editor={editor} />
      </Show>
    ));
    await frame();
    const no = document.querySelector<HTMLButtonElement>('[data-testid="confirm-no"]')!;
    expect(no.textContent!.trim()).toBe('Keep playing');
    no.click();
    expect(await answer).toBe(false);
  });

  it('the travel calculator writes its ways as it writes its terrains, capitalised', async () => {
    const editor = await playingLair();
    mount(() => <TravelDialog onClose={() => {}} />);
    await frame();
    const way = [...document.querySelectorAll<HTMLOptionElement>('[data-testid="travel-way"] option')].map((o) => o.textContent);
    const terrain = [...document.querySelectorAll<HTMLOptionElement>('[data-testid="travel-terrain"] option')].map((o) => o.textContent!);
    expect(way).toEqual(['Highway', 'Road', 'Trail', 'Trackless']);
    for (const t of terrain) expect(t[0]).toBe(t[0]!.toUpperCase());
  });
});

describe('the forced-movement panel after an undo', () => {
  it('still shows the attacker the push will use (it showed "—" while the kobold was chosen)', async () => {
    const editor = await playingLair();
    const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    const t = createToolDriver(editor);
    editor.setMoveAction('double');
    t.pointerMove({ x: 7, y: 2 });
    t.click({ x: 7, y: 2 }).click({ x: 7, y: 2 });
    editor.playAct({ kind: 'next-turn' });
    editor.setPlayTool('play-forced');
    await frame();
    const by = () => host.querySelector<HTMLSelectElement>('[data-testid="forced-by"]')!;
    expect(by().value).toBe('K');
    t.click({ x: 7, y: 2 });
    t.click({ x: 8, y: 2 });
    expect(t.key('Enter')).toBe(true);
    await frame();
    editor.undo();
    await frame();
    expect(editor.forced().by).toBe('K');
    expect(by().value).toBe('K');
    expect(by().selectedOptions[0]!.textContent!.trim()).toBe('Kobold');
  });
});

describe('the damage picker (the Health section’s; the log’s own row is gone)', () => {
  it('keeps showing the creature Damage will hurt after another action redraws the list', async () => {
    const editor = await playingLair();
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    const who = host.querySelector<HTMLSelectElement>('[data-testid="health-creature"]')!;
    who.value = 'D';
    who.dispatchEvent(new Event('change', { bubbles: true }));
    editor.playAct({ kind: 'next-turn' });
    await frame();
    const shown = host.querySelector<HTMLSelectElement>('[data-testid="health-creature"]')!;
    expect(shown.value).toBe('D');
    expect(shown.selectedOptions[0]!.textContent!.trim()).toBe('Drake');
  });
});
