import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { parseScenario, serializeEncounter } from '../../src-shared/io';
import type { PlayAction } from '../../src-shared/play';

// Issue 17 › 6 in the panel: the replay header follows the entry shown, "Undo this action" per log
// entry (and Delete on a focused entry), and the line as it was listed to go back to.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const settle = () => new Promise((r) => setTimeout(r, 0));

const YARD = serializeEncounter(
  parseScenario(`ruleset: d20-35
name: Yard
map:
  . . . . . . . .
  . A . . . . . .
  . . . . . . . .
  . . . O . . . .
creatures:
  A: name=Aric size=medium side=party speed=30
  O: name=Orc size=medium side=enemy speed=30
`),
);
const move = (creature: string, x: number, y: number): PlayAction => ({ kind: 'move', creature, action: 'move', path: [{ x, y }] });
// Entry 4 moves the orc 3,3 → 4,3; entry 8 moves it on to 5,3, a step only from 4,3.
const TWO_ROUNDS: PlayAction[] = [{ kind: 'initiative', scores: { A: 15, O: 10 } }, move('A', 1, 0), { kind: 'next-turn' }, move('O', 4, 3), { kind: 'next-turn' }, move('A', 0, 1), { kind: 'next-turn' }, move('O', 5, 3)];

async function played() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.openSample('yard', YARD);
  editor.enterPlay();
  expect(editor.setPlaySeed(3)).toBe(true);
  for (const a of TWO_ROUNDS) expect(editor.playAct(a), JSON.stringify(a)).not.toBeNull();
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  return { editor, host };
}
const entries = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[data-testid="play-log-entry"]')];
const where = (e: ReturnType<typeof createEditor>, id: string) => {
  const c = e.playState()!.board.creatures.find((k) => k.id === id)!;
  return { x: c.x, y: c.y };
};

describe('the replay header', () => {
  it('shows the round and turn of the entry shown, not of now', async () => {
    const { editor, host } = await played();
    const head = () => host.querySelector('[data-testid="play-round"]')!.textContent;
    expect(head()).toBe("Round 2 · Orc's turn");
    entries(host)[1]!.click(); // entry 2: Aric's first move, in round 1 on Aric's turn
    await settle();
    expect(editor.playViewAt()).toBe(1);
    expect(editor.playShown()!.round).toBe(1);
    expect(head()).toBe("Round 1 · Aric's turn");
    entries(host)[3]!.click(); // entry 4: the orc's first move
    await settle();
    expect(head()).toBe("Round 1 · Orc's turn");
    host.querySelector<HTMLButtonElement>('[data-testid="play-back-to-now"]')!.click();
    await settle();
    expect(head()).toBe("Round 2 · Orc's turn");
  });
});

describe('Undo this action', () => {
  it('takes one entry out, names the later one that no longer applies, and can go back to the line as it was', async () => {
    const { editor, host } = await played();
    entries(host)[3]!.click();
    await settle();
    host.querySelector<HTMLButtonElement>('[data-testid="play-undo-entry"]')!.click();
    await settle();
    expect(entries(host)).toHaveLength(6);
    expect(where(editor, 'O')).toEqual({ x: 3, y: 3 });
    expect(where(editor, 'A')).toEqual({ x: 0, y: 1 });
    const branches = host.querySelectorAll('[data-testid="play-branch"]');
    expect(branches).toHaveLength(1);
    expect(branches[0]!.textContent).toContain('Before entry 4 (Orc moves from 3,3 to 4,3');
    const left = host.querySelector('[data-testid="play-branch-left"]')!.textContent!;
    expect(left).toMatch(/^Entry 8 no longer applied: .*is not next to/);
    // The line as it was, back: the orc at 5,3 again, and the line played since set aside.
    host.querySelector<HTMLButtonElement>('[data-testid="play-branch-go"]')!.click();
    await settle();
    expect(entries(host)).toHaveLength(8);
    expect(where(editor, 'O')).toEqual({ x: 5, y: 3 });
    expect(editor.playSession()!.branches![0]!.log).toHaveLength(6);
  });

  it('Delete on a focused entry undoes it alone (the keyboard path), and the keyboard stays in the log', async () => {
    const { editor, host } = await played();
    // The log is one Tab stop, the entry in effect (the last); the arrows move through it.
    expect(entries(host).filter((li) => li.tabIndex === 0).map((li) => li.dataset['index'])).toEqual(['7']);
    entries(host)[7]!.focus();
    const key = (k: string) => (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    key('Home');
    key('ArrowDown');
    const second = entries(host)[1]!;
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    key('Delete');
    await settle();
    await settle();
    expect(editor.playSession()!.log).toEqual(TWO_ROUNDS.filter((_, i) => i !== 1));
    expect(where(editor, 'A')).toEqual({ x: 0, y: 1 });
    expect(host.querySelector('[data-testid="play-branch-left"]')).toBeNull();
    expect((document.activeElement as HTMLElement).dataset['index']).toBe('1');
    // Enter on a focused entry shows its board.
    (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    expect(editor.playViewAt()).toBe(1);
  });
});
