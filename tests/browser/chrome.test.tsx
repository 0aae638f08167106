import { render } from 'solid-js/web';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { MenuBar } from '../../src-renderer/components/MenuBar';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';

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
function mount(node: () => import('solid-js').JSX.Element) {
  const host = document.createElement('div');
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
