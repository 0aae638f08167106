import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { App } from '../../src-renderer/App';
import { LayersPanel } from '../../src-renderer/components/LayersPanel';
import { MenuBar } from '../../src-renderer/components/MenuBar';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import alley from '../../resources/encounters/ambush-alley.6d6.encounter?raw';
import hive from '../../resources/encounters/hive-breach.startroid.encounter?raw';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature } from '../../src-shared/model';

// The editor's chrome as a newcomer's walkthrough found it (issue 7, third wave): menus, notices,
// the layers panel, the Play panel. Each test is one finding, with the app's own stylesheet.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void)[] = [];

beforeAll(async () => {
  await page.viewport(1400, 900);
});
afterEach(() => {
  for (const f of cleanup.splice(0)) f();
  document.body.innerHTML = '';
});

async function setUp() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset: 'd20-35', width: 12, height: 8, name: 'Chrome' });
  return editor;
}
function mount(node: () => import('solid-js').JSX.Element, css = '') {
  const host = document.createElement('div');
  host.style.cssText = css;
  document.body.append(host);
  cleanup.push(render(node, host));
  return host;
}
const px = (v: string) => Number.parseFloat(v);

describe('menus', () => {
  it('the File menu is wide enough that every entry and its shortcut sit on one line', async () => {
    const editor = await setUp();
    const host = mount(() => <MenuBar editor={editor} />);
    (host.querySelector('[data-testid="menu-file"]') as HTMLButtonElement).click();
    const menu = host.querySelector('[data-testid="menu-items-file"]') as HTMLElement;
    expect(menu.getBoundingClientRect().width).toBeGreaterThanOrEqual(300);
    const items = [...menu.querySelectorAll<HTMLElement>('.menu-item')];
    expect(items.length).toBeGreaterThan(8);
    for (const item of items) {
      const label = item.querySelector('.menu-label') as HTMLElement;
      const line = px(getComputedStyle(label).lineHeight) || px(getComputedStyle(label).fontSize) * 1.3;
      expect(label.getBoundingClientRect().height, `"${label.textContent}" wraps`).toBeLessThan(line * 1.5);
      expect(label.scrollWidth, `"${label.textContent}" is cut`).toBeLessThanOrEqual(label.clientWidth);
      const keys = item.querySelector('.menu-keys') as HTMLElement;
      expect(keys.getBoundingClientRect().right).toBeLessThanOrEqual(menu.getBoundingClientRect().right);
    }
  });

  it('section headings do not look like disabled entries', async () => {
    const editor = await setUp();
    const host = mount(() => <MenuBar editor={editor} />);
    (host.querySelector('[data-testid="menu-file"]') as HTMLButtonElement).click();
    const heading = [...host.querySelectorAll<HTMLElement>('.menu-heading')].find((h) => h.textContent === 'Samples')!;
    expect(heading).toBeTruthy();
    const h = getComputedStyle(heading);
    const heading_ = { weight: Number(h.fontWeight), transform: h.textTransform, opacity: Number(h.opacity), color: h.color };
    // Edit › Redo is disabled with nothing undone.
    (host.querySelector('[data-testid="menu-edit"]') as HTMLButtonElement).click();
    const disabled = host.querySelector<HTMLElement>('[data-testid="menu-items-edit"] .menu-item:disabled')!;
    expect(disabled).toBeTruthy();
    const d = getComputedStyle(disabled);
    // A heading is set apart by weight and case, at full opacity; a disabled entry is faded.
    expect(heading_.weight).toBeGreaterThanOrEqual(600);
    expect(heading_.transform).toBe('uppercase');
    expect(heading_.opacity).toBe(1);
    expect(Number(d.opacity)).toBeLessThan(1);
    expect(heading_.color).not.toBe(getComputedStyle(disabled.querySelector('.menu-label')!).color);
  });
});

describe('the Layers panel', () => {
  it('shows each layer with an eye and a padlock: named toggles whose state is aria-pressed and a tooltip', async () => {
    const editor = await setUp();
    const host = mount(() => <LayersPanel editor={editor} />);
    const show = host.querySelector<HTMLButtonElement>('[data-testid="layer-show-terrain"]')!;
    const lock = host.querySelector<HTMLButtonElement>('[data-testid="layer-lock-terrain"]')!;
    // An icon, not a word: the name is for screen readers and stays the same whatever the state.
    expect(show.querySelector('svg')).toBeTruthy();
    expect(lock.querySelector('svg')).toBeTruthy();
    expect(show.textContent).toBe('');
    expect(show.getAttribute('aria-label')).toBe('Show terrain');
    expect(lock.getAttribute('aria-label')).toBe('Lock terrain');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(lock.getAttribute('aria-pressed')).toBe('false');
    expect(show.title).toMatch(/Terrain shown: click to hide it/);
    expect(lock.title).toMatch(/click to lock it against edits/);
    const eyeOpen = show.innerHTML;
    show.click();
    lock.click();
    expect(editor.layers().terrain).toBe(false);
    expect(editor.isLocked('terrain')).toBe(true);
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(lock.getAttribute('aria-pressed')).toBe('true');
    expect(show.innerHTML, 'a hidden layer shows the struck-through eye').not.toBe(eyeOpen);
    expect(show.title).toMatch(/Terrain hidden: click to show it/);
    expect(lock.title).toMatch(/Terrain locked: edits to it are refused/);
    // Overlays are never edited: no padlock.
    expect(host.querySelector('[data-testid="layer-lock-overlays"]')).toBeNull();
  });
});

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('notices', () => {
  it('in Play mode sit over the map only: clear of the Play panel, the palette, the status bar, inside the window', async () => {
    const editor = await setUp();
    editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Ardent', x: 2, y: 2 }) });
    editor.enterPlay();
    const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    for (let k = 0; k < 3; k++) editor.notify('error', `Error number ${k} with a reasonably long explanation of what went wrong in the file`);
    editor.notify('info', 'Play mode: roll or enter initiative to start.');
    await frame();
    expect(host.querySelector('[data-testid=play-panel]')).toBeTruthy();
    const chrome = ['[data-testid=play-panel]', '.tool-palette', '.statusbar', '.menubar', '.mode-switch'].map((s) => host.querySelector(s)!.getBoundingClientRect());
    const stage = host.querySelector('.stage-area')!.getBoundingClientRect();
    const boxes = [...host.querySelectorAll('.notice')].map((n) => n.getBoundingClientRect());
    expect(boxes).toHaveLength(4);
    for (const b of boxes) {
      for (const c of chrome) expect(overlaps(b, c), `a notice at ${JSON.stringify(b)} covers ${JSON.stringify(c)}`).toBe(false);
      expect(b.left).toBeGreaterThanOrEqual(stage.left);
      expect(b.right).toBeLessThanOrEqual(Math.min(stage.right, window.innerWidth));
      expect(b.top).toBeGreaterThanOrEqual(stage.top);
      expect(b.bottom).toBeLessThanOrEqual(Math.min(stage.bottom, window.innerHeight));
    }
  });
});

async function playingSample(text: string, scores: Record<string, number>) {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample('sample', text);
  editor.enterPlay();
  expect(editor.setPlaySeed(66)).toBe(true);
  expect(editor.playAct({ kind: 'initiative', scores })).not.toBeNull();
  return editor;
}

describe('the reach legend', () => {
  it('6d6: a mosey, two moseys and a run each read differently, in the text’s words', async () => {
    const editor = await playingSample(alley, { R: 20, G: 15, B: 10 });
    editor.setShowBands(true);
    const host = mount(() => <PlayPanel editor={editor} />);
    const entries = [...host.querySelectorAll<HTMLElement>('[data-testid="play-legend-band"]')];
    const texts = entries.map((e) => e.textContent!.trim());
    expect(texts).toEqual(['Mosey: a score of three (3 movement resistance)', 'Two moseys: 3 movement resistance each, two separate actions', 'Run: 1d6+0, rolled (up to 6 movement resistance)']);
    expect(new Set(texts).size).toBe(texts.length);
    expect(entries.map((e) => e.title)).toEqual([expect.stringMatching(/6d6\.txt › Mosey/), expect.stringMatching(/6d6\.txt › Movement Types/), expect.stringMatching(/6d6\.txt › Run/)]);
  });

  it('every sample’s legend has one distinct entry per band', async () => {
    for (const [text, scores] of [
      [lair, { A: 20, K: 15, D: 10, T: 5 }],
      [hive, { S: 20, t: 15, Z: 10, M: 5, R: 1 }],
    ] as const) {
      const editor = await playingSample(text, scores);
      editor.setShowBands(true);
      const host = mount(() => <PlayPanel editor={editor} />);
      const texts = [...host.querySelectorAll('[data-testid="play-legend-band"]')].map((e) => e.textContent!.trim());
      expect(texts.length).toBeGreaterThan(1);
      expect(new Set(texts).size, texts.join(' | ')).toBe(texts.length);
      host.remove();
    }
  });
});

describe('the Play panel at 1400 × 900', () => {
  const inView = (el: Element, scroller: Element) => {
    const b = el.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    return b.height > 0 && b.top >= s.top && b.bottom <= Math.min(s.bottom, window.innerHeight) && b.left >= s.left && b.right <= s.right;
  };

  it('the forced-movement controls are in view without scrolling once the Forced tool is chosen', async () => {
    const editor = await playingSample(lair, { A: 20, K: 15, D: 10, T: 5 });
    const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    editor.setPlayTool('play-forced');
    await frame();
    const main = host.querySelector('.play-main')!;
    expect(main.scrollTop).toBe(0);
    for (const id of ['forced-effect', 'forced-by', 'forced-squares', 'forced-apply']) {
      expect(inView(host.querySelector(`[data-testid="${id}"]`)!, main), `${id} is below the fold`).toBe(true);
    }
    // The round and Next turn stay at the top while the sections scroll.
    main.scrollTop = main.scrollHeight;
    await frame();
    expect(inView(host.querySelector('[data-testid="play-next-turn"]')!, main)).toBe(true);
  });

  it('each section folds by its heading (aria-expanded), keeping what was typed', async () => {
    const editor = createEditor(platform);
    cleanup.push(editor.dispose);
    await editor.openSample('sample', lair);
    editor.enterPlay();
    const host = mount(() => <PlayPanel editor={editor} />);
    const fold = host.querySelector<HTMLButtonElement>('[data-testid="fold-initiative"]')!;
    const score = () => host.querySelector<HTMLInputElement>('[data-testid="init-score-A"]')!;
    score().value = '17';
    score().dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    fold.click();
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(score().checkVisibility()).toBe(false);
    fold.click();
    expect(score().checkVisibility()).toBe(true);
    expect(score().value).toBe('17');
  });
});

describe('the function keys', () => {
  it('F5 leaves Play mode from a ticked condition box or a text field, as from the map', async () => {
    // Found by the fight e2e: after a click on a condition's checkbox, F5 did nothing (the box counted as typing).
    const editor = await playingSample(lair, { A: 20, K: 15, D: 10, T: 5 });
    mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    await frame();
    const box = document.createElement('input');
    box.type = 'checkbox';
    document.body.append(box);
    box.focus();
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'F5', bubbles: true, cancelable: true }));
    expect(editor.playing()).toBe(false);
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'F5', bubbles: true, cancelable: true }));
    expect(editor.playing()).toBe(true);
    // Ctrl+Z in a text field is still the field's own undo.
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
    expect(editor.playing()).toBe(true);
  });
});
