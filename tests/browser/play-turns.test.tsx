import { render } from 'solid-js/web';
import { afterEach, describe, expect, it } from 'vitest';
import '../../src-renderer/styles/app.css';
import { PlayPanel } from '../../src-renderer/play/PlayPanel';
import { createEditor } from '../../src-renderer/state/editor';
import type { PlatformBridge } from '../../src-shared/ipc';
import { makeCreature } from '../../src-shared/model';

// Issue 17 › 4, turn control through the Play panel as the GM uses it: Delay, Ready with its
// trigger, Act now, adding and removing combatants, and the Effects list with its form.

const platform = { edition: 'browser', recentFiles: async () => [] } as unknown as PlatformBridge;
let cleanup: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
  document.body.innerHTML = '';
});
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function fight() {
  const editor = createEditor(platform);
  cleanup.push(editor.dispose);
  await editor.newEncounter({ ruleset: 'd20-35', width: 8, height: 6, name: 'Turns' });
  editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'A', name: 'Aric', x: 1, y: 1, side: 'party' }) });
  editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'B', name: 'Bela', x: 1, y: 3, side: 'party' }) });
  editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'O', name: 'Orc', x: 6, y: 3, side: 'enemy' }) });
  editor.execute({ type: 'addCreature', creature: makeCreature({ id: 'G', name: 'Goblin', x: 6, y: 5, side: 'enemy' }) });
  editor.enterPlay();
  expect(editor.playAct({ kind: 'initiative', scores: { A: 15, B: 12, O: 8 } })).not.toBeNull();
  const host = document.createElement('div');
  document.body.append(host);
  cleanup.push(render(() => <PlayPanel editor={editor} />, host));
  await frame();
  return { editor, host };
}

const q = <T extends Element = HTMLElement>(host: HTMLElement, testid: string) => host.querySelector<T>(`[data-testid="${testid}"]`);
const click = async (host: HTMLElement, testid: string) => {
  const b = q<HTMLButtonElement>(host, testid);
  if (!b) throw new Error(`no ${testid}`);
  b.click();
  await frame();
};
const type = async (el: HTMLInputElement | HTMLSelectElement | null, value: string) => {
  if (!el) throw new Error('no field');
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  await frame();
};
const orderShown = (host: HTMLElement) => [...host.querySelectorAll('[data-testid="play-order"] li')].map((li) => li.getAttribute('data-creature'));

describe('turn control in the Play panel', () => {
  it('Delay passes the turn; the delayer is marked and Act now gives it its turn before the current creature', async () => {
    const { editor, host } = await fight();
    await click(host, 'play-delay');
    expect(editor.playState()!.current).toBe('B');
    expect(q(host, 'order-waiting-A')!.textContent).toContain('delaying');
    await click(host, 'play-act-now-A');
    expect(editor.playRefusal()).toBeNull();
    expect(orderShown(host)).toEqual(['A', 'B', 'O']);
    expect(q(host, 'play-current')!.textContent).toBe('Aric');
    expect(q(host, 'order-waiting-A')).toBeNull();
    // Once Aric has moved, Delay is disabled, saying why.
    expect(editor.playAct({ kind: 'move', creature: 'A', action: 'move', path: [{ x: 2, y: 1 }] })).not.toBeNull();
    await frame();
    expect(q<HTMLButtonElement>(host, 'play-delay')!.disabled).toBe(true);
  });

  it('Ready records the trigger typed; Act now fires it during the orc\'s turn and the log says so', async () => {
    const { editor, host } = await fight();
    expect(q<HTMLButtonElement>(host, 'play-ready')!.disabled).toBe(true);
    await type(q(host, 'play-ready-trigger'), 'when the orc comes near');
    await click(host, 'play-ready');
    expect(q(host, 'play-readied')!.textContent).toBe('Readied: when the orc comes near');
    expect(q(host, 'order-waiting-A')!.textContent).toContain('ready: when the orc comes near');
    expect(q<HTMLButtonElement>(host, 'play-delay')!.disabled).toBe(true);
    await click(host, 'play-next-turn');
    await click(host, 'play-next-turn');
    expect(editor.playState()!.current).toBe('O');
    await click(host, 'play-act-now-A');
    expect(editor.playState()!.current).toBe('O');
    expect(orderShown(host)).toEqual(['B', 'A', 'O']);
    expect(editor.playEntries().at(-1)!.text).toContain("Aric's readied action fires (when the orc comes near), during Orc's turn");
  });

  it('adds a creature on the map to the initiative with a score, and removes one', async () => {
    const { editor, host } = await fight();
    expect([...q<HTMLSelectElement>(host, 'play-join-creature')!.options].map((o) => o.value)).toEqual(['G']);
    // No score: a clear message, nothing added.
    await click(host, 'play-join-add');
    expect(editor.playRefusal()!.reason).toBe('Enter the initiative score the creature joins with.');
    expect(orderShown(host)).toEqual(['A', 'B', 'O']);
    await type(q(host, 'play-join-score'), '10');
    await click(host, 'play-join-add');
    expect(orderShown(host)).toEqual(['A', 'B', 'G', 'O']);
    // Everybody is in: the form goes.
    expect(q(host, 'play-join')).toBeNull();
    await click(host, 'play-leave-B');
    expect(orderShown(host)).toEqual(['A', 'G', 'O']);
    expect(editor.playEntries().at(-1)!.text).toBe('Bela leaves the initiative.');
    // And down the order with the arrow: Aric after the goblin.
    await click(host, 'order-down-A');
    expect(orderShown(host)).toEqual(['G', 'A', 'O']);
  });

  it('the Effects form adds a duration and a round\'s-end effect; the list shows them and ends them', async () => {
    const { editor, host } = await fight();
    await type(q(host, 'effect-name'), 'Bless');
    await type(q<HTMLSelectElement>(host, 'effect-on'), 'B');
    await type(q(host, 'effect-rounds'), '2');
    await type(q<HTMLSelectElement>(host, 'effect-edge'), 'end');
    await type(q<HTMLSelectElement>(host, 'effect-turn-of'), 'O');
    await click(host, 'effect-add');
    expect(editor.playRefusal()).toBeNull();
    const list = () => [...host.querySelectorAll('[data-testid="play-effect-list"] li')].map((li) => li.textContent!.replace(/\s*End$/, ''));
    expect(list()).toEqual(["Bless on Bela — until the end of Orc's turn, round 3"]);
    // A bad damage expression is refused with the reason, and nothing is added.
    q<HTMLInputElement>(host, 'effect-timing-round-end')!.click();
    await frame();
    await type(q(host, 'effect-name'), 'Burning');
    await type(q<HTMLSelectElement>(host, 'effect-on'), 'O');
    await type(q(host, 'effect-damage'), 'lots');
    await click(host, 'effect-add');
    expect(editor.playRefusal()!.reason).toBe('The damage "lots" is not a dice expression like 1d6+2.');
    expect(list()).toHaveLength(1);
    await type(q(host, 'effect-damage'), '1d6');
    await type(q(host, 'effect-times'), '1');
    await click(host, 'effect-add');
    expect(list()).toEqual(["Bless on Bela — until the end of Orc's turn, round 3", "Burning: 1d6 damage to Orc at each round's end, 1 more"]);
    // The round ends: the burning fires once and ends; its damage is in the tracker.
    for (let i = 0; i < 3; i++) await click(host, 'play-next-turn');
    const fired = editor.playEntries().at(-1)!;
    expect(fired.dice.map((d) => d.what)).toEqual(['Burning on Orc']);
    expect(editor.playState()!.health.get('O')!.damage).toBe(fired.dice[0]!.total);
    expect(list()).toEqual(["Bless on Bela — until the end of Orc's turn, round 3"]);
    await click(host, 'play-end-effect-effect-1');
    expect(list()).toEqual([]);
    expect(editor.playEntries().at(-1)!.text).toBe('Bless on Bela ends (GM).');
  });

  it('an effect with a condition from the ruleset\'s list sets it on the creature and clears it when ended', async () => {
    const { editor, host } = await fight();
    // d20 3.5 names prone, helpless and dead (src-shared/play/conditions.ts).
    expect([...q<HTMLSelectElement>(host, 'effect-condition')!.options].map((o) => o.value)).toEqual(['', 'prone', 'helpless', 'dead']);
    await type(q(host, 'effect-name'), 'Hold');
    await type(q<HTMLSelectElement>(host, 'effect-on'), 'O');
    await type(q<HTMLSelectElement>(host, 'effect-condition'), 'helpless');
    await click(host, 'effect-add');
    expect(editor.playRefusal()).toBeNull();
    const orc = () => editor.playState()!.board.creatures.find((c) => c.id === 'O')!;
    expect(orc().helpless).toBe(true);
    expect(host.querySelector('[data-testid="play-effect-list"] li')!.textContent).toContain("Hold (helpless) on Orc — until the start of Aric's turn, round 2");
    await click(host, 'play-end-effect-effect-1');
    expect(orc().helpless).toBe(false);
  });

  it('moves a creature out of turn from the squares typed: the current turn is untouched, bad squares say why', async () => {
    const { editor, host } = await fight();
    await type(q<HTMLSelectElement>(host, 'oot-creature'), 'O');
    await type(q(host, 'oot-path'), '7,3 six');
    await click(host, 'oot-move');
    expect(editor.playRefusal()!.reason).toBe('"six" is not a square: write x,y (or x,y,altitude for a flight).');
    q<HTMLInputElement>(host, 'oot-reaction')!.click();
    await type(q(host, 'oot-path'), '5,3 4,3');
    await click(host, 'oot-move');
    expect(editor.playRefusal()).toBeNull();
    const orc = editor.playState()!.board.creatures.find((c) => c.id === 'O')!;
    expect([orc.x, orc.y]).toEqual([4, 3]);
    expect(editor.playState()!.current).toBe('A');
    expect(q(host, 'play-spent')!.textContent).toContain('0 ft this turn');
    expect(editor.playEntries().at(-1)!.text).toMatch(/^Out of turn \(reaction\): Orc moves from 6,3 to 4,3/);
    // A path the rules refuse is refused with the engine's reason: 7 squares in one 30 ft move.
    await type(q(host, 'oot-path'), '4,2 4,1 4,0 5,0 6,0 7,0 7,1');
    await click(host, 'oot-move');
    expect(editor.playRefusal()!.reason).toMatch(/^Orc cannot take that path/);
  });
});
