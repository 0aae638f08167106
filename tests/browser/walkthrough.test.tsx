import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import '../../src-renderer/styles/editor-tools.css';
import { App } from '../../src-renderer/App';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { CreaturePalette } from '../../src-renderer/components/CreaturePalette';
import { MenuBar } from '../../src-renderer/components/MenuBar';
import { PlayLog } from '../../src-renderer/play/PlayLog';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { forcedMovement } from '../../src-shared/rules';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';

// What a newcomer's walkthrough of the browser edition (1400 × 900 and 1280 × 720) ran into, one
// finding per test, each with the app's own stylesheets.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) f();
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
