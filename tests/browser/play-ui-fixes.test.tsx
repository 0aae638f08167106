import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../src-renderer/styles/app.css';
import { App } from '../../src-renderer/App';
import { createToolDriver } from '../../src-renderer/canvas/tools/driver';
import { PlayLog } from '../../src-renderer/play/PlayLog';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import { whereUnsaid } from '../../src-renderer/state/wording';
import type { PlatformBridge } from '../../src-shared/ipc';
import alley from '../../resources/encounters/ambush-alley.6d6.encounter?raw';
import lair from '../../resources/encounters/drake-lair.epic-path.encounter?raw';
import goblins from '../../resources/encounters/goblin-ambush.d20-35.encounter?raw';
import tower from '../../resources/encounters/tower-gate.d20-30.encounter?raw';

// A UI review of Play mode (screenshots in the review's review-shots/): each test is one finding,
// through the panel as the GM sees it, with the app's own stylesheet.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const LAIR_ORDER = { T: 20, A: 15, K: 10, D: 5 };

async function playing(text: string, name: string, scores?: Record<string, number>) {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample(name, text);
  editor.enterPlay();
  expect(editor.setPlaySeed(21)).toBe(true);
  if (scores) expect(editor.playAct({ kind: 'initiative', scores })).not.toBeNull();
  return editor;
}
function mount(node: () => import('solid-js').JSX.Element, css = '') {
  const host = document.createElement('div');
  host.style.cssText = css;
  document.body.append(host);
  cleanup.push(render(node, host));
  return host;
}
const field = (host: HTMLElement, testid: string) => host.querySelector<HTMLInputElement>(`[data-testid="${testid}"]`)!;
function typeInto(input: HTMLInputElement | HTMLSelectElement, value: string, event: 'input' | 'change') {
  input.value = value;
  input.dispatchEvent(new Event(event, { bubbles: true }));
}

describe('every Play field is readable (shots 18, 38)', () => {
  it('the dice roller’s fields, like every other text field, are dark with light text', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    const dice = field(host, 'dice-expression');
    const what = field(host, 'dice-what');
    // The house field style (app.css): var(--bg) behind var(--text).
    const hp = getComputedStyle(field(host, 'hp-T'));
    for (const input of [dice, what]) {
      const style = getComputedStyle(input);
      expect(style.backgroundColor, input.dataset['testid']).toBe(hp.backgroundColor);
      expect(style.color).toBe(hp.color);
    }
    expect(hp.backgroundColor).toBe('rgb(30, 33, 39)');
    // Any text field in the panel, whether or not it names its type.
    const plain = [...host.querySelectorAll<HTMLInputElement>('input')].filter((i) => !['checkbox', 'radio', 'range', 'color', 'file'].includes(i.type));
    expect(plain.length).toBeGreaterThan(3);
    for (const i of plain) expect(getComputedStyle(i).backgroundColor, i.outerHTML.slice(0, 80)).toBe('rgb(30, 33, 39)');
  });
});

describe('the Play log has room (shots 16, 29, 61)', () => {
  for (const [width, height] of [
    [1280, 800],
    [1400, 900],
  ] as const) {
    it(`at ${width} × ${height} it shows several entries, and an entry's "Undo this action"`, async () => {
      await page.viewport(width, height);
      const editor = await playing(goblins, 'goblins', { O: 30, A: 25, B: 20, G: 15, H: 10, W: 5 });
      for (let k = 0; k < 6; k++) editor.playAct({ kind: 'next-turn' });
      const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
      await frame();
      const log = host.querySelector<HTMLElement>('[data-testid="play-log"]')!;
      const entries = [...log.querySelectorAll<HTMLElement>('[data-testid="play-log-entry"]')];
      expect(entries.length).toBe(7);
      // Four "next turn" entries at least: the review measured 33 px, not one whole entry.
      expect(log.clientHeight, `entries ${entries.map((e) => e.offsetHeight).join(', ')} px`).toBeGreaterThanOrEqual(4 * entries[1]!.offsetHeight);
      expect(log.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
      entries[5]!.click();
      await frame();
      const undo = log.querySelector<HTMLElement>('[data-testid="play-undo-entry"]')!;
      const a = undo.getBoundingClientRect();
      const l = log.getBoundingClientRect();
      expect(a.top).toBeGreaterThanOrEqual(l.top);
      expect(a.bottom).toBeLessThanOrEqual(l.bottom);
    });
  }
});

describe('PageUp after ticking Fly (shot 68)', () => {
  it('the keyboard goes back to the map: PageUp raises the next waypoint, the panel does not scroll, no waypoint is added', async () => {
    await page.viewport(1400, 900);
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    expect(editor.canFly()).toBe(true);
    const host = mount(() => <App editor={editor} />, 'position:fixed;inset:0');
    await frame();
    const fly = field(host, 'play-fly');
    fly.focus();
    fly.click();
    expect(editor.moveMode()).toBe('fly');
    expect(document.activeElement).not.toBe(fly);
    const before = editor.flightAltitude();
    const main = host.querySelector<HTMLElement>('.play-main')!;
    const scrolled = main.scrollTop;
    const key = new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    expect(editor.flightAltitude()).toBeGreaterThan(before);
    expect(main.scrollTop).toBe(scrolled);
    expect(editor.waypoints()).toEqual([]);
  });
});

describe('a maximum below zero (shot 64)', () => {
  it('is refused with a message beside the field, and the field shows the maximum again', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    typeInto(field(host, 'hp-T'), '20', 'change');
    await frame();
    expect(field(host, 'hp-left-T').textContent).toBe('20 / 20');
    const entries = editor.playSession()!.log.length;
    typeInto(field(host, 'hp-T'), '-5', 'change');
    await frame();
    expect(field(host, 'hp-T').value).toBe('20');
    expect(host.querySelector('[data-testid="hp-problem"]')?.textContent).toBe('Max HP is a whole number, 0 or more, not -5.');
    expect(editor.playSession()!.log.length).toBe(entries);
    // A good number clears the message.
    typeInto(field(host, 'hp-T'), '12', 'change');
    await frame();
    expect(host.querySelector('[data-testid="hp-problem"]')).toBeNull();
    expect(field(host, 'hp-left-T').textContent).toBe('12 / 12');
  });
});

describe('one place to enter damage (shot 04)', () => {
  it('the log has no damage row of its own; the Health section damages the creature chosen', async () => {
    const editor = await playing(alley, 'alley', { R: 20, G: 15, B: 10 });
    const log = mount(() => <PlayLog editor={editor} />);
    await frame();
    expect(log.querySelector('[data-testid="damage-who"], [data-testid="damage-amount"], [data-testid="damage-add"]')).toBeNull();
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    expect(host.querySelectorAll('[data-testid="damage-add"]')).toHaveLength(0);
    typeInto(host.querySelector<HTMLSelectElement>('[data-testid="health-creature"]')!, 'G', 'change');
    typeInto(field(host, 'health-amount'), '3', 'input');
    await frame();
    field(host, 'health-damage').click();
    await frame();
    expect(field(host, 'health-G').textContent).toContain('3 damage');
  });
});

describe('another encounter in Play (shot 31)', () => {
  it('starts on the Move tool, so the reach bands show', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    editor.setPlayTool('play-ruler');
    // The played lair is unsaved: the GM discards it, as in the review.
    const opening = editor.openSample('goblins', goblins);
    await frame();
    editor.answerConfirm(true);
    await opening;
    expect(editor.doc()!.ruleset).toBe('d20-35');
    editor.enterPlay();
    expect(editor.playTool()).toBe('play-move');
    expect(editor.playAct({ kind: 'initiative', scores: { O: 30, A: 25, B: 20, G: 15, H: 10, W: 5 } })).not.toBeNull();
    expect(editor.bandSquares().length).toBeGreaterThan(0);
  });
});

describe('a new session (Reset)', () => {
  it('starts on the Move tool too', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    editor.setPlayTool('play-area');
    editor.resetPlay();
    expect(editor.playSession()!.log).toHaveLength(0);
    expect(editor.playTool()).toBe('play-move');
  });
});

describe('initiative fields are named (issue 17 UI review)', () => {
  it('each Mod and Score field names its creature; the die field says what it is', async () => {
    const editor = await playing(lair, 'lair');
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    for (const c of editor.playState()!.board.creatures) {
      expect(field(host, `init-mod-${c.id}`).getAttribute('aria-label')).toBe(`${c.name}'s initiative modifier`);
      expect(field(host, `init-score-${c.id}`).getAttribute('aria-label')).toBe(`${c.name}'s initiative score`);
    }
    expect(field(host, 'play-initiative-die').getAttribute('aria-label')).toBe('Initiative die');
  });
});

describe('the "roll or enter initiative" notice', () => {
  it('goes once initiative is in', async () => {
    const editor = await playing(lair, 'lair');
    const asks = () => editor.notices().filter((n) => n.text.includes('roll or enter initiative'));
    expect(asks()).toHaveLength(1);
    editor.notify('info', 'Something else');
    expect(editor.playAct({ kind: 'initiative', scores: LAIR_ORDER })).not.toBeNull();
    expect(asks()).toHaveLength(0);
    expect(editor.notices().some((n) => n.text === 'Something else')).toBe(true);
  });
});

describe('small things the review saw (shots 05, 16)', () => {
  it('a refusal that names its square does not name it again (shot 05: "… by 4,9 … (at 4,9)")', async () => {
    const editor = await playing(tower, 'tower', { D: 20, E: 8, M: 7 });
    const t = createToolDriver(editor);
    cleanup.push(t.dispose);
    const host = mount(() => <PlayPanel editor={editor} />);
    t.pointerMove({ x: 4, y: 9 });
    await frame();
    const refused = host.querySelector('[data-testid="play-path-refused"]')!.textContent!;
    expect(refused).toContain('more than the 15 ft');
    expect(refused.split('4,9').length - 1, refused).toBe(1);
  });

  it('a refusal that does not name its square still says where', () => {
    expect(whereUnsaid('the square is blocked', { x: 4, y: 9 })).toBe(' (at 4,9)');
    // Another square that merely contains the digits is not this one.
    expect(whereUnsaid('it costs 25 ft by 14,9', { x: 4, y: 9 })).toBe(' (at 4,9)');
    expect(whereUnsaid('it costs 25 ft by 4,91', { x: 4, y: 9 })).toBe(' (at 4,9)');
    expect(whereUnsaid('it costs 25 ft by 4,9, more than the 15 ft', { x: 4, y: 9 })).toBe('');
    expect(whereUnsaid('4,9 is occupied', { x: 4, y: 9 })).toBe('');
    expect(whereUnsaid('anything', undefined)).toBe('');
  });


  it('the damage amount field shows its whole placeholder', async () => {
    const editor = await playing(lair, 'lair', LAIR_ORDER);
    const host = mount(() => <PlayPanel editor={editor} />);
    await frame();
    const amount = field(host, 'health-amount');
    const style = getComputedStyle(amount);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    // Chromium keeps room for a number field's spin buttons (about 15 px) beside the text.
    const needed = ctx.measureText(amount.placeholder).width + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) + 16;
    expect(amount.clientWidth).toBeGreaterThanOrEqual(Math.ceil(needed));
  });

});
